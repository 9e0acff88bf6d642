/**
 * Inducement cards: the infamous coaching staff and the wizards of the full
 * set (their own PDF), and any inducement a team lists in its roster (in the
 * team's deck, with its name and count), each with its abilities and spells
 * (name in bold, then the text). The texts are English: on a French card,
 * the line above them says so, and its title is the reviewed French name. Pure: inducement records in, `CardSpec`s out.
 */
import { markdownToMdast } from '../../model/markdown-tree.ts';
import { ENUM_LABELS } from '../../model/labels.ts';
import type { Inducement, Lang } from '../../model/schema-types.ts';
import { COLOURS, LABELS, editionLabelIn, otherTextBlock, type CardSpec, type SpecContext } from './card-specs.ts';
import { blocksOf, type Block } from './rich-text.ts';

/** The inducement kinds of the full set's inducements.pdf. */
const INDUCEMENT_CARD_KINDS = ['coaching-staff', 'wizard'] as const;
type CardKind = (typeof INDUCEMENT_CARD_KINDS)[number];
type Kind = Inducement['kind'];

/** The card's own word for a kind where it is not the site's label ("Infamous coaching staff"). */
const KIND_LABEL: Record<Lang, Partial<Record<Kind, string>>> = { en: { 'coaching-staff': 'Infamous coaching staff' }, fr: {} };

export const isCardInducement = (inducement: Inducement): inducement is Inducement & { kind: CardKind } =>
  (INDUCEMENT_CARD_KINDS as readonly string[]).includes(inducement.kind);

/** A heading (bold) followed by the blocks of its text. */
function section(name: string, text: string, line: number, first: boolean): Block[] {
  const heading: Block = {
    runs: [{ text: name, face: 'bold' }],
    depth: 0,
    marker: null,
    spaceBefore: first ? 0 : 0.7,
    textLine: 1,
    sourceLine: line,
    keepWithNext: true,
  };
  const blocks = blocksOf(markdownToMdast(text));
  return [heading, ...blocks.map((block, n) => ({ ...block, sourceLine: line, spaceBefore: n === 0 ? 0.1 : block.spaceBefore }))];
}

/** An inducement in a team's deck: the team, how many it has, and the deck's language. */
export interface InducementDeck {
  team: string | null;
  count: number;
  lang: Lang;
}

function kindLabelOf(kind: Kind, lang: Lang): string {
  const labels = LABELS[lang];
  return kind === 'inducement' ? labels.inducement : `${labels.inducement} · ${KIND_LABEL[lang][kind] ?? ENUM_LABELS[lang].inducementKinds[kind]}`;
}

/** The card of an inducement: the full set's (English, no team), or a team's (`deck`: its team, count and language). */
export function inducementCardSpec(inducement: Inducement, context: SpecContext, deck: InducementDeck = { team: null, count: 1, lang: 'en' }): CardSpec {
  const { lang } = deck;
  const labels = LABELS[lang];
  // Stryker disable next-line MethodExpression: blank Markdown parses to no block, so the text untrimmed gives the same empty body
  const body: Block[] = inducement.text.trim() ? blocksOf(markdownToMdast(inducement.text)) : [];
  for (const ability of inducement.abilities) body.push(...section(ability.name, ability.text, ability.line, body.length === 0));
  for (const spell of inducement.spells) body.push(...section(spell.name, spell.text, spell.line, body.length === 0));
  if (lang !== 'en') body.unshift(otherTextBlock(inducement.edition, lang, context));
  const limits = [inducement.limits.max !== null ? `0-${inducement.limits.max}` : null, inducement.limits.oncePerGame ? labels.oncePerGame : null].filter(
    (s): s is string => s !== null,
  );
  const spells = inducement.spells.length;
  // A French deck titles the card with the reviewed French name, where the inducement has one (the text stays English).
  const name = lang === 'fr' && inducement.nameFr ? inducement.nameFr : inducement.name;
  return {
    key: inducement.id,
    lang,
    title: deck.count > 1 ? `${name} ×${deck.count}` : name,
    subtitle: spells ? labels.spells(spells) : null,
    kindLabel: kindLabelOf(inducement.kind, lang),
    marker: limits.length ? limits.join(' · ') : null,
    corner: null,
    badge: null,
    team: deck.team,
    footerLeft: editionLabelIn(context, inducement.edition, lang),
    footerRight: inducement.id,
    body,
    colour: inducement.kind === 'coaching-staff' || inducement.kind === 'wizard' ? COLOURS[inducement.kind] : COLOURS.inducement,
    backLabel: ENUM_LABELS[lang].inducementKinds[inducement.kind],
    origin: { record: inducement.id, file: context.editionFile.get(inducement.edition) ?? inducement.source.id, line: inducement.source.lines[0] },
  };
}
