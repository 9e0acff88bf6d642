/**
 * What each line of the English 2020 text is: the one place that says what a
 * marker, a question, an answer and a category line look like. The handlers
 * (entry.ts, faq.ts, markers.ts) dispatch on these kinds.
 */
import type { Category, Game, Kind } from '../../model/schema-types.ts';

export const EN2020_CATEGORIES: Readonly<Record<string, { category: Category; kind: Kind }>> = {
  Agility: { category: 'agility', kind: 'skill' },
  General: { category: 'general', kind: 'skill' },
  Mutations: { category: 'mutation', kind: 'skill' },
  Passing: { category: 'passing', kind: 'skill' },
  Strength: { category: 'strength', kind: 'skill' },
  Traits: { category: 'trait', kind: 'trait' },
};

export const MARKER = /^(Bloodbowl|Dungeonbowl)(.*)$/i;
export const MARKER_SLOT = /^random skill:\s*1d6\s*"\((1-3|4-6)\)"\s*\+\s*1d6\s*"([1-6])"$/;
// The text after the mark is trimmed where it is used: no `\s*` before `(.*)`, which both accept (quadratic).
export const QUESTION = /^Q([:.])(.*)$/;
/** An answer line: `A:` or `A.`, the one definition the body and the FAQ both use. */
export const ANSWER = /^A[:.](.*)$/;
// `(?<!\s)` lets a match start only where a run of spaces starts: no quadratic retry inside a long run.
export const PAGE_REF = /(?<!\s)\s*\(\s*p\.([^()]*)\)\s*$/;
/** The optional title line before the first entry: lower-case words. */
const TITLE = /^[a-z][a-z -]*$/;

export const GAMES: Readonly<Record<string, Game>> = { bloodbowl: 'blood-bowl', dungeonbowl: 'dungeon-bowl' };

export type LineKind = 'blank' | 'marker' | 'question' | 'answer' | 'category' | 'text';

/** The kind of one line (trimmed first); past the end of the file, a blank. */
export function classify(line: string | undefined): LineKind {
  const text = (line ?? '').trim();
  if (text === '') return 'blank';
  if (MARKER.test(text)) return 'marker';
  if (QUESTION.test(text)) return 'question';
  if (ANSWER.test(text)) return 'answer';
  if (Object.hasOwn(EN2020_CATEGORIES, text)) return 'category';
  return 'text';
}

/** The kind of the line at `index` of `lines`. */
export function kindAt(lines: readonly string[], index: number): LineKind {
  return classify(lines[index]);
}

/** A new entry starts at `index` when the next line is a category line (and this one is a name, not a blank, marker or question). */
export function startsEntry(lines: readonly string[], index: number): boolean {
  const kind = kindAt(lines, index);
  return kind !== 'blank' && kind !== 'marker' && kind !== 'question' && kindAt(lines, index + 1) === 'category';
}

/** Where the entries start: past leading blanks and the optional lower-case title line. */
export function skipTitle(lines: readonly string[]): number {
  let i = 0;
  while (i < lines.length && kindAt(lines, i) === 'blank') i++;
  if (i < lines.length && TITLE.test(lines[i]!.trim()) && kindAt(lines, i + 1) !== 'category') i++;
  return i;
}
