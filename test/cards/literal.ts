/**
 * Literal inputs for the card stage's unit tests: a monospaced font whose
 * widths can be counted by hand, a block, skill records, editions and a small
 * bundle. The drawing tests take the real fonts (`cardFonts()`), with a
 * recorder that keeps what each page draws.
 */
import type { DataBundle } from '../../pipeline/model/dataset.ts';
import type { Edition, Inducement, Skill } from '../../pipeline/model/schema-types.ts';
import type { Face, Fonts } from '../../pipeline/emit/cards/fonts.ts';
import type { Block, Run } from '../../pipeline/emit/cards/rich-text.ts';
import { bundle, concept, skill } from '../diff/bundle.ts';

/** Every character half the size wide (bold ones 0.6), every glyph present but `☃`. */
export function monoFonts(perChar: Partial<Record<Face, number>> = {}): Fonts {
  const widths: Record<Face, number> = { regular: 0.5, italic: 0.5, bold: 0.6, boldItalic: 0.6, ...perChar };
  return {
    pdf: null as unknown as Fonts['pdf'],
    bytes: null as unknown as Fonts['bytes'],
    parsed: null as unknown as Fonts['parsed'],
    ascent: 0.9,
    width: (text, face, size) => [...text].length * widths[face] * size,
    has: (codePoint) => codePoint !== 0x2603,
  };
}

export const run = (text: string, face: Face = 'regular'): Run => ({ text, face });

export const block = (text: string | Run[], extra: Partial<Block> = {}): Block => ({
  runs: typeof text === 'string' ? [run(text)] : text,
  depth: 0,
  marker: null,
  spaceBefore: 0,
  textLine: 1,
  ...extra,
});

const edition = (id: string, label: string, lang: Edition['lang'] = 'en'): Edition => ({
  id,
  label,
  year: 2020,
  circa: false,
  status: 'superseded',
  lang,
  source: `${id}-source`,
  file: `sources/raw/${id}.txt`,
  sha256: '0'.repeat(64),
  parser: 'test',
  note: 'a literal edition',
  records: 0,
  rulings: 0,
});

/** A record of the literal bundle's edition, with any field set. */
export const record = (slug: string, extra: Partial<Skill> = {}): Skill => ({ ...skill(slug), ...extra });

export const coach = (extra: Partial<Inducement> = {}): Inducement => ({
  id: 'notes/ayleen-andar',
  edition: 'notes',
  name: 'Ayleen Andar',
  nameFr: null,
  kind: 'coaching-staff',
  text: 'A coach of renown.',
  abilities: [{ name: 'MASSAGE THERAPY', text: 'Heals a player.', line: 40 }],
  spells: [],
  limits: { max: 1, oncePerGame: false },
  costs: [],
  priceList: null,
  priceStated: false,
  mentions: [],
  confidence: 'high',
  note: 'a literal inducement',
  blocks: [],
  source: { id: 'notes-source', lines: [38, 42], errata: [] },
  ...extra,
});

/** The diff tests' bundle with its editions named, a French record of Dodge and a coach. */
export function cardBundle(): DataBundle {
  const d = bundle();
  d.editions = [edition('en-2020', 'Blood Bowl 2020'), edition('fr-legacy', 'Règles françaises', 'fr'), edition('notes', 'Inducement notes')];
  d.skills.push(
    record('esquive', {
      id: 'fr-legacy/esquive',
      edition: 'fr-legacy',
      lang: 'fr',
      name: 'Esquive',
      displayName: 'Esquive',
      concept: 'dodge',
      text: 'Le joueur esquive.',
    }),
  );
  d.concepts[0]!.names.fr = 'Esquive';
  d.concepts[0]!.records.push('fr-legacy/esquive');
  d.inducements.push(coach());
  return d;
}

export { concept };
