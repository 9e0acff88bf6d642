/**
 * One entry of the English 2020 text, from its name line to its last marker:
 *
 *   Name (parameter)*        ← `*` marks a compulsory skill or trait
 *   Category                 ← Agility | General | Mutations | Passing | Strength | Traits
 *   rule text …              ← paragraphs, `•`/`-` bullets, nested `1.` lists
 *   Q: question (p.75 & 78)  ← FAQ (faq.ts)
 *   A: answer
 *   Bloodbowl…               ← random-table markers (markers.ts)
 *   Dungeonbowl…
 */
import { subject } from '../../model/cascades.ts';
import { error, excerpt } from '../../model/diagnostic.ts';
import { splitDisplayName } from '../../model/names.ts';
import type { Category, Game, Kind, RandomSlot, Skill } from '../../model/schema-types.ts';
import { slugify } from '../../model/slug.ts';
import { errataWithin } from '../../model/source.ts';
import { linesToMdastLocated, mdastToMarkdown, readsBack, type SourceLine } from '../../model/markdown.ts';
import { EN2020_CATEGORIES, kindAt, startsEntry } from './classify.ts';
import { at, type Context } from './context.ts';
import { parseFaq } from './faq.ts';
import { readMarkers, type Membership } from './markers.ts';

/** What an entry's lines say, before it becomes a record. */
interface EntryDraft {
  /** 0-based index of the name line, and of the entry's last line. */
  first: number;
  last: number;
  displayName: string;
  category: Category;
  kind: Kind;
  body: SourceLine[];
  memberships: ReadonlyMap<Game, Membership>;
}

/** Reads the entry whose name line is at `first`; returns where the next one may start. */
export function readEntry(context: Context, first: number): number {
  const { lines } = context;
  if (kindAt(lines, first + 1) !== 'category') return unknownCategory(context, first);
  const displayName = lines[first]!.trim();
  const { category, kind } = EN2020_CATEGORIES[lines[first + 1]!.trim()]!;
  const body = readBody(lines, first + 2);
  const faqStart = first + 2 + body.read;
  const slug = slugify(splitDisplayName(displayName).name);
  const id = `${context.edition}/${slug}`;
  if (slug === '') {
    context.diagnostics.push(
      error({
        reason: `Entry name "${displayName}" has no letters or digits to make an id from`,
        file: context.file,
        place: at(first),
        ruleId: 'en2020/bad-name',
        source: 'parse',
        causes: [subject.entry(context.edition)],
        expected: 'a name such as `Mighty Blow (+1)` or `Loner (X+)*`',
      }),
    );
  }
  // FAQ: questions and answers up to the markers.
  let faqEnd = faqStart;
  while (faqEnd < lines.length && kindAt(lines, faqEnd) !== 'marker' && !startsEntry(lines, faqEnd)) faqEnd++;
  context.drafts.push(...parseFaq(context, faqStart, faqEnd, id));
  const { memberships, last, next } = readMarkers(context, faqEnd, displayName);
  if (memberships.size === 0) missingMarker(context, displayName, Math.max(last, first));
  const draft: EntryDraft = { first, last, displayName, category, kind, body: body.lines, memberships };
  if (slug !== '' && isNewEntry(context, draft, slug)) context.records.push(toRecord(context, draft, slug));
  return next;
}

/**
 * The rule text from `from`: up to the first question, answer or marker (or
 * the next entry, if markers are missing), trailing blank lines dropped.
 * `read` counts the lines read, the dropped blanks included.
 */
export function readBody(lines: readonly string[], from: number): { lines: SourceLine[]; read: number } {
  const body: SourceLine[] = [];
  let i = from;
  while (i < lines.length && !['question', 'answer', 'marker'].includes(kindAt(lines, i)) && !startsEntry(lines, i)) {
    body.push({ line: i + 1, text: lines[i]! });
    i++;
  }
  while (body.length && body.at(-1)!.text.trim() === '') body.pop();
  return { lines: body, read: i - from };
}

/** A name line not followed by a category: reported, then skipped to the end of its markers. */
function unknownCategory(context: Context, first: number): number {
  const { lines } = context;
  context.diagnostics.push(
    error({
      reason:
        first + 1 < lines.length
          ? `Entry "${excerpt(lines[first]!.trim())}" is not followed by a known category line`
          : `Entry "${excerpt(lines[first]!.trim())}" is the last line: the file ends before its category line (was the copy cut off?)`,
      file: context.file,
      // The category line, or the name itself when the file ends there.
      place: at(Math.min(first + 1, lines.length - 1)),
      ruleId: 'en2020/unknown-category',
      source: 'parse',
      causes: [subject.entry(context.edition)],
      expected: `one of ${Object.keys(EN2020_CATEGORIES).join(', ')}`,
      actual: JSON.stringify((lines[first + 1] ?? '').trim()),
    }),
  );
  let i = first + 1;
  while (i < lines.length && kindAt(lines, i) !== 'marker') i++;
  while (i < lines.length && ['marker', 'blank'].includes(kindAt(lines, i))) i++;
  return i;
}

function missingMarker(context: Context, displayName: string, index: number): void {
  context.diagnostics.push(
    error({
      reason: `Entry "${excerpt(displayName)}" has no Bloodbowl or Dungeonbowl marker line`,
      file: context.file,
      place: at(index),
      ruleId: 'en2020/missing-marker',
      source: 'parse',
      expected: 'a `Bloodbowl…` and/or `Dungeonbowl…` line after the entry',
    }),
  );
}

/** An entry with rule text and a name not taken before; otherwise reported, and left out. */
function isNewEntry(context: Context, draft: EntryDraft, slug: string): boolean {
  // The entry is left out: what names it later (its id, its concept, its slots) is this error's cascade.
  const report = (reason: string, ruleId: string, expected: string) =>
    context.diagnostics.push(
      error({ reason, file: context.file, place: at(draft.first), ruleId, source: 'parse', expected, causes: [subject.entry(context.edition)] }),
    );
  const name = excerpt(draft.displayName);
  if (draft.body.every((line) => line.text.trim() === '')) {
    report(`Entry "${name}" has no rule text`, 'en2020/entry-without-text', 'at least one line of rule text after the category line');
    return false;
  }
  const previous = context.seen.get(slug);
  if (previous !== undefined) {
    report(`Entry "${name}" is a duplicate of the entry on line ${previous}`, 'en2020/duplicate-entry', `one entry per name (id ${context.edition}/${slug})`);
    return false;
  }
  context.seen.set(slug, draft.first + 1);
  return true;
}

/** The record of an entry: its Markdown (checked to read back), games, slots and provenance; its slot lines noted. */
function toRecord(context: Context, draft: EntryDraft, slug: string): Skill {
  const { input, edition } = context;
  const { first, last, displayName, memberships } = draft;
  const id = `${edition}/${slug}`;
  const games = (['blood-bowl', 'dungeon-bowl'] as const).filter((game) => memberships.has(game));
  for (const game of games) {
    const membership = memberships.get(game)!;
    if (membership.slot) context.slotLines.push({ record: id, game, line: membership.line });
  }
  const { tree, diagnostics } = linesToMdastLocated(draft.body, context.file);
  context.diagnostics.push(...diagnostics);
  const text = mdastToMarkdown(tree);
  if (!readsBack(tree, text)) {
    context.diagnostics.push(
      error({
        reason: `The Markdown for "${displayName}" does not read back as the source's paragraphs and lists`,
        file: context.file,
        place: at(first),
        ruleId: 'markdown/round-trip',
        source: 'parse',
        note: 'A line probably starts with Markdown syntax the text model does not expect; report it with the line.',
      }),
    );
  }
  const randomSlots: RandomSlot[] = games.flatMap((game) => {
    const slot = memberships.get(game)!.slot;
    return slot ? [{ game, roll: slot.roll, d6: slot.d6 }] : [];
  });
  const { name, parameter, compulsory } = splitDisplayName(displayName);
  return {
    id,
    edition,
    lang: input.manifest.lang,
    name,
    displayName,
    parameter,
    compulsory,
    kind: draft.kind,
    category: draft.category,
    text,
    games,
    randomSlots,
    rulings: [],
    concept: null,
    source: { id: input.manifest.id, lines: [first + 1, last + 1], errata: errataWithin(input.errata, first + 1, last + 1) },
  };
}
