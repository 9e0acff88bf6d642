/**
 * Parser for the French legacy skill list (sources/raw/fr-legacy-skills.txt):
 * a title, then five blocks opened by `• Compétences de force`,
 * `• Compétences d'agilité`, `• Compétences de passe`, `• Mutations`,
 * `• Compétences spéciales`. In a block, each entry is a name line followed
 * by its text, entries separated by blank lines. Some lines are hard-wrapped
 * mid-paragraph: they are joined (parse/paragraphs.ts). Run-together words are
 * corrected by recorded errata, never silently. Text is kept as written,
 * accents and typographic quotes intact.
 */
import { subject } from '../model/cascades.ts';
import { error, excerpt, type Diagnostic } from '../model/diagnostic.ts';
import type { Category, Kind, Skill } from '../model/schema-types.ts';
import { byId } from '../model/order.ts';
import { slugify } from '../model/slug.ts';
import type { SourceInput } from '../model/source.ts';
import type { ParseResult } from '../model/parse-result.ts';
import { errataWithin } from '../model/source.ts';
import { mdastToMarkdown } from '../model/markdown.ts';
import { joinWrapped, splitBlocks } from './paragraphs.ts';
import type { Root } from 'mdast';

/** French block headings → canonical category. `spéciales` (Extraordinary) are trait-like. */
export const FR_BLOCKS: Readonly<Record<string, { category: Category; kind: Kind }>> = {
  force: { category: 'strength', kind: 'skill' },
  agilité: { category: 'agility', kind: 'skill' },
  passe: { category: 'passing', kind: 'skill' },
  mutations: { category: 'mutation', kind: 'skill' },
  spéciales: { category: 'extraordinary', kind: 'trait' },
};

const HEADING = /^•\s*(?:Compétences\s+(?:de\s+|d['’]\s*)?)?(\p{L}+)\s*$/iu;

type Block = { category: Category; kind: Kind };

export function parseFrLegacy(input: SourceInput): ParseResult {
  const file = input.manifest.file;
  const diagnostics: Diagnostic[] = [];
  const records: Skill[] = [];
  const seen = new Map<string, number>();
  let block: Block | null = null;

  for (const chunk of splitBlocks(input.lines)) {
    const [head, ...rest] = chunk.lines;
    const heading = HEADING.exec(head!.trim().normalize('NFC'));
    if (heading || head!.trim().startsWith('•')) {
      block = FR_BLOCKS[heading ? heading[1]!.toLowerCase() : ''] ?? null;
      diagnostics.push(...headingProblems(file, chunk, block, input.manifest.edition.id));
      continue;
    }
    if (block === null) {
      // The title line(s) before the first block.
      if (records.length === 0 && chunk.lines.length === 1) continue;
      diagnostics.push(
        error({
          reason: 'Entry outside any category block',
          file,
          place: { line: chunk.first },
          ruleId: 'fr-legacy/entry-outside-block',
          source: 'parse',
          about: [subject.entry(input.manifest.edition.id)],
        }),
      );
      continue;
    }
    const name = head!.trim();
    const slug = slugify(name);
    const problem = entryProblem(file, chunk, name, seen.get(slug), input.manifest.edition.id);
    if (problem) {
      diagnostics.push(problem);
      continue;
    }
    seen.set(slug, chunk.first);
    records.push(entryRecord(input, chunk, name, rest, block, slug));
  }
  return { records: records.sort(byId), unnamed: [], rulings: [], slotLines: [], diagnostics };
}

/** A block heading's problems: an unknown block (`block` null), text right under it. */
function headingProblems(file: string, chunk: { first: number; lines: readonly string[] }, block: Block | null, edition: string): Diagnostic[] {
  const problems: Diagnostic[] = [];
  if (!block)
    problems.push(
      error({
        reason: `Unknown block heading "${excerpt(chunk.lines[0]!.trim())}"`,
        file,
        place: { line: chunk.first },
        ruleId: 'fr-legacy/unknown-block',
        source: 'parse',
        // Its entries are read as outside any block, and left out.
        causes: [subject.entry(edition)],
        expected: `• Compétences de/d' ${Object.keys(FR_BLOCKS).join(' | ')}`,
      }),
    );
  if (chunk.lines.length > 1)
    problems.push(
      error({
        reason: 'Text right under a block heading, with no entry name',
        file,
        place: { line: chunk.first + 1 },
        ruleId: 'fr-legacy/entry-without-name',
        source: 'parse',
      }),
    );
  return problems;
}

/** An entry's problem, if any: no text under its name, or a name (`previous`: the line of its first entry) already seen. */
function entryProblem(
  file: string,
  chunk: { first: number; lines: readonly string[] },
  name: string,
  previous: number | undefined,
  edition: string,
): Diagnostic | null {
  if (chunk.lines.length === 1)
    return error({
      reason: `Entry "${excerpt(name)}" has no text`,
      file,
      place: { line: chunk.first },
      ruleId: 'fr-legacy/entry-without-text',
      source: 'parse',
      causes: [subject.entry(edition)],
      expected: 'the name line followed by its text, before the next blank line',
    });
  if (previous !== undefined)
    return error({
      reason: `Entry "${excerpt(name)}" is a duplicate of the entry on line ${previous}`,
      file,
      place: { line: chunk.first },
      ruleId: 'fr-legacy/duplicate-entry',
      source: 'parse',
      causes: [subject.entry(edition)],
    });
  return null;
}

/** An entry as a record: its text lines joined where they wrap, one paragraph each. */
function entryRecord(input: SourceInput, chunk: { first: number; last: number }, name: string, rest: readonly string[], block: Block, slug: string): Skill {
  const { manifest } = input;
  const tree: Root = {
    type: 'root',
    children: joinWrapped(rest).map((value) => ({ type: 'paragraph', children: [{ type: 'text', value }] })),
  };
  return {
    id: `${manifest.edition.id}/${slug}`,
    edition: manifest.edition.id,
    lang: manifest.lang,
    name,
    displayName: name,
    parameter: null,
    // The French list has no `*` convention: it says nothing either way.
    compulsory: null,
    kind: block.kind,
    category: block.category,
    text: mdastToMarkdown(tree),
    games: [...(manifest.games ?? [])],
    randomSlots: [],
    rulings: [],
    concept: null,
    source: { id: manifest.id, lines: [chunk.first, chunk.last], errata: errataWithin(input.errata, chunk.first, chunk.last) },
  };
}
