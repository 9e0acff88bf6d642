/**
 * A word-level diff of two rule texts (the `diff` package's diffWords on
 * their plain words), as HTML: <ins> and <del>, each with a visually hidden
 * text label, so the change never rests on colour alone.
 */
import { diffWords } from 'diff';
import { escapeHtml } from './html.ts';
import { plainText } from './markdown.ts';

export interface WordDiff {
  html: string;
  insertions: number;
  deletions: number;
}

export function wordDiff(before: string, after: string, labels: { inserted: string; deleted: string }): WordDiff {
  let insertions = 0;
  let deletions = 0;
  const html = diffWords(plainText(before), plainText(after))
    .map((part) => {
      const text = escapeHtml(part.value);
      if (part.added) {
        insertions++;
        return `<ins><span class="sr-only">[${labels.inserted}: </span>${text}<span class="sr-only">]</span></ins>`;
      }
      if (part.removed) {
        deletions++;
        return `<del><span class="sr-only">[${labels.deleted}: </span>${text}<span class="sr-only">]</span></del>`;
      }
      return text;
    })
    .join('');
  return { html, insertions, deletions };
}

/** One row of a sentence-aligned diff: a sentence kept (`same`), reworded (`changed`, with word marks), or on one side only. */
export interface SentenceRow {
  kind: 'same' | 'changed' | 'removed' | 'added';
  /** HTML of the earlier sentence (deleted words in <del>), or '' when it is only in the later text. */
  before: string;
  /** HTML of the later sentence (inserted words in <ins>), or '' when it is only in the earlier text. */
  after: string;
}

/** Two sentences share at least this share of their words (Dice coefficient) to sit on one row. */
const SAME_SENTENCE = 0.4;

/** Sentences of a rule text's plain words: paragraphs and list items, then full stops, question and exclamation marks before a capital. */
export function splitSentences(text: string): string[] {
  return plainText(text)
    .split(/\n+/)
    .flatMap((line) => line.split(/(?<=[.!?])\s+(?=["“'(‘-]?[A-Z0-9À-Ý])/))
    .map((s) => s.replace(/^[•*-]\s+/, '').trim())
    .filter((s) => s.length > 0);
}

const wordsOf = (sentence: string) => sentence.toLowerCase().match(/[\p{L}\p{N}+-]+/gu) ?? [];

/** Dice coefficient of two sentences' word multisets. */
function sentenceSimilarity(a: string, b: string): number {
  const left = wordsOf(a);
  const right = wordsOf(b);
  if (left.length + right.length === 0) return 1;
  const counts = new Map<string, number>();
  for (const w of left) counts.set(w, (counts.get(w) ?? 0) + 1);
  let common = 0;
  for (const w of right) {
    const n = counts.get(w) ?? 0;
    if (n > 0) {
      common++;
      counts.set(w, n - 1);
    }
  }
  return (2 * common) / (left.length + right.length);
}

/** Pairs of sentence indexes to put on one row, in order, chosen to keep the most shared words (an alignment by dynamic programming). */
function alignSentences(before: readonly string[], after: readonly string[]): [number, number][] {
  const sim = before.map((a) => after.map((b) => sentenceSimilarity(a, b)));
  const score = Array.from({ length: before.length + 1 }, () => new Array<number>(after.length + 1).fill(0));
  for (let i = 1; i <= before.length; i++) {
    for (let j = 1; j <= after.length; j++) {
      const s = sim[i - 1]![j - 1]!;
      score[i]![j] = Math.max(score[i - 1]![j]!, score[i]![j - 1]!, s >= SAME_SENTENCE ? score[i - 1]![j - 1]! + s : -1);
    }
  }
  const pairs: [number, number][] = [];
  for (let i = before.length, j = after.length; i > 0 && j > 0; ) {
    const s = sim[i - 1]![j - 1]!;
    if (s >= SAME_SENTENCE && score[i]![j] === score[i - 1]![j - 1]! + s) pairs.unshift([--i, --j]);
    else if (score[i]![j] === score[i - 1]![j]) i--;
    else j--;
  }
  return pairs;
}

type Part = { value: string; added: boolean; removed: boolean };
type Piece = { value: string; marked: boolean };
const SPACE = /\s/;

/**
 * One side's parts of a word diff, cut again from that side's own text.
 * diffWords takes the whitespace around a change from the later text, so the
 * earlier side read from its parts can lose a space ("them and" against
 * "them, and" reads "themand"). The words are the same and in order: each
 * piece keeps its words, the whitespace is the side's own, and whitespace a
 * piece does not start with stays outside its mark; a piece left empty is
 * dropped. Should the words ever differ, the parts are kept as they are.
 */
export function recut(text: string, pieces: readonly Piece[]): Piece[] {
  const out: Piece[] = [];
  let at = 0;
  const spaces = (): string => {
    const from = at;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: past the end `text[at]` is undefined, which the pattern reads as "undefined": no space, the loop stops all the same
    while (at < text.length && SPACE.test(text[at]!)) at++;
    return text.slice(from, at);
  };
  for (const piece of pieces) {
    // Stryker disable next-line StringLiteral: diffWords gives no empty part
    if (!SPACE.test(piece.value[0] ?? '')) {
      const gap = spaces();
      if (gap) out.push({ value: gap, marked: false });
    }
    let value = '';
    for (const char of piece.value) {
      if (SPACE.test(char)) continue;
      value += spaces();
      if (!text.startsWith(char, at)) return [...pieces];
      value += char;
      at += char.length;
    }
    // Stryker disable next-line StringLiteral: diffWords gives no empty part
    if (SPACE.test(piece.value.at(-1) ?? '')) value += spaces();
    if (value) out.push({ value, marked: piece.marked });
  }
  if (at < text.length) out.push({ value: text.slice(at), marked: false });
  return out;
}

const mark = (tag: 'ins' | 'del', label: string, text: string) =>
  `<${tag}><span class="sr-only">[${label}: </span>${escapeHtml(text)}<span class="sr-only">]</span></${tag}>`;

/** One side of a reworded sentence: every part but the other side's, cut from its own text, its own `kind` marked. */
function side(text: string, parts: readonly Part[], kind: 'added' | 'removed'): Piece[] {
  const other = kind === 'added' ? 'removed' : 'added';
  return recut(
    text,
    parts.filter((p) => !p[other]).map((p) => ({ value: p.value, marked: p[kind] })),
  );
}

/** A row of the diff before its labels: each side's pieces, the marked ones to wrap in `del` (before) or `ins` (after). */
interface PlannedRow {
  kind: SentenceRow['kind'];
  before: readonly Piece[];
  after: readonly Piece[];
}

/** The rows of two texts' diff, without labels: the work of the diff, the same in every locale. */
function planRows(before: string, after: string): PlannedRow[] {
  const left = splitSentences(before);
  const right = splitSentences(after);
  const rows: PlannedRow[] = [];
  let i = 0;
  let j = 0;
  for (const [a, b] of [...alignSentences(left, right), [left.length, right.length] as [number, number]]) {
    for (; i < a; i++) rows.push({ kind: 'removed', before: [{ value: left[i]!, marked: true }], after: [] });
    for (; j < b; j++) rows.push({ kind: 'added', before: [], after: [{ value: right[j]!, marked: true }] });
    if (a === left.length) break;
    const parts = diffWords(left[a]!, right[b]!);
    const changed = parts.some((p) => p.added || p.removed);
    rows.push({ kind: changed ? 'changed' : 'same', before: side(left[a]!, parts, 'removed'), after: side(right[b]!, parts, 'added') });
    i = a + 1;
    j = b + 1;
  }
  return rows;
}

/** Each pair of texts is diffed once per site build: a concept page in English and in French shows the same rows, labelled in its language. */
const planned = new Map<string, PlannedRow[]>();

/** One side's pieces as HTML, the marked ones in `tag` with the visually hidden `label`. */
const html = (pieces: readonly Piece[], tag: 'ins' | 'del', label: string): string =>
  pieces.map((p) => (p.marked ? mark(tag, label, p.value) : escapeHtml(p.value))).join('');

/**
 * A sentence-aligned diff of two rule texts: matching sentences on one row
 * with word marks inside them, and a sentence found in one text only on a row
 * of its own. Every row's `before` is the earlier text's sentence with its
 * deletions marked, every `after` the later one's with its insertions marked.
 */
export function sentenceDiff(before: string, after: string, labels: { inserted: string; deleted: string }): SentenceRow[] {
  const key = `${before}\u0000${after}`;
  let rows = planned.get(key);
  // Stryker disable next-line ConditionalExpression: planning again each time gives the same rows (→ true); → false reads an empty plan, which every diff test sees
  if (rows === undefined) {
    rows = planRows(before, after);
    // Stryker disable next-line CallExpression: the plan is kept only to spare a second diff of the same texts, which gives the same rows
    planned.set(key, rows);
  }
  return rows.map((row) => ({ kind: row.kind, before: html(row.before, 'del', labels.deleted), after: html(row.after, 'ins', labels.inserted) }));
}
