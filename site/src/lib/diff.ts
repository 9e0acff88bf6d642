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
  /** True when the later text says this sentence in another place: the pair sits at the earlier sentence's place. */
  moved: boolean;
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

/** Every pair of sentences' similarity, before × after. */
const similarities = (before: readonly string[], after: readonly string[]): number[][] => before.map((a) => after.map((b) => sentenceSimilarity(a, b)));

/** Pairs of sentence indexes to put on one row, in order, chosen to keep the most shared words (an alignment by dynamic programming). */
function alignSentences(sim: readonly (readonly number[])[], before: number, after: number): [number, number][] {
  const score = Array.from({ length: before + 1 }, () => new Array<number>(after + 1).fill(0));
  for (let i = 1; i <= before; i++) {
    for (let j = 1; j <= after; j++) {
      const s = sim[i - 1]![j - 1]!;
      score[i]![j] = Math.max(score[i - 1]![j]!, score[i]![j - 1]!, s >= SAME_SENTENCE ? score[i - 1]![j - 1]! + s : -1);
    }
  }
  const pairs: [number, number][] = [];
  for (let i = before, j = after; i > 0 && j > 0; ) {
    const s = sim[i - 1]![j - 1]!;
    if (s >= SAME_SENTENCE && score[i]![j] === score[i - 1]![j - 1]! + s) pairs.unshift([--i, --j]);
    else if (score[i]![j] === score[i - 1]![j]) i--;
    else j--;
  }
  return pairs;
}

/**
 * The pairs an in-order alignment cannot make: sentences the later text says
 * in another order ("On a 4+ … On a 1-3 …" against "On a 1-3 … On a 4+ …").
 * Among the sentences left unpaired, the most similar pair first (ties by
 * position), each sentence once, never under the same threshold.
 */
function pairMoved(sim: readonly (readonly number[])[], paired: readonly (readonly [number, number])[]): [number, number][] {
  const usedBefore = new Set(paired.map(([i]) => i));
  const usedAfter = new Set(paired.map(([, j]) => j));
  const candidates: [number, number, number][] = [];
  for (const [i, row] of sim.entries()) {
    if (usedBefore.has(i)) continue;
    for (const [j, s] of row.entries()) if (!usedAfter.has(j) && s >= SAME_SENTENCE) candidates.push([s, i, j]);
  }
  candidates.sort((a, b) => b[0] - a[0] || a[1] - b[1] || a[2] - b[2]);
  const moved: [number, number][] = [];
  for (const [, i, j] of candidates) {
    if (usedBefore.has(i) || usedAfter.has(j)) continue;
    usedBefore.add(i);
    usedAfter.add(j);
    moved.push([i, j]);
  }
  return moved;
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
  moved: boolean;
  before: readonly Piece[];
  after: readonly Piece[];
}

/** A row of two sentences: `same`, or `changed` with each side's words marked. */
function pairRow(before: string, after: string, moved: boolean): PlannedRow {
  const parts = diffWords(before, after);
  const changed = parts.some((p) => p.added || p.removed);
  return { kind: changed ? 'changed' : 'same', moved, before: side(before, parts, 'removed'), after: side(after, parts, 'added') };
}

/**
 * The rows of two texts' diff, without labels: the work of the diff, the same
 * in every locale. One row per earlier sentence, in its order (paired with
 * its later sentence, or removed); a later sentence paired with none is added
 * after the row of the later sentence before it that sits in order (not a
 * moved one), past the removed rows that follow it.
 */
function planRows(before: string, after: string): PlannedRow[] {
  const left = splitSentences(before);
  const right = splitSentences(after);
  const sim = similarities(left, right);
  const inOrder = alignSentences(sim, left.length, right.length);
  const partner = new Map<number, { j: number; moved: boolean }>();
  for (const [i, j] of inOrder) partner.set(i, { j, moved: false });
  for (const [i, j] of pairMoved(sim, inOrder)) partner.set(i, { j, moved: true });
  const rows = left.map((sentence, i) => {
    const p = partner.get(i);
    const row = p
      ? pairRow(sentence, right[p.j]!, p.moved)
      : { kind: 'removed' as const, moved: false, before: [{ value: sentence, marked: true }], after: [] };
    return { row, at: p && !p.moved ? p.j : null };
  });
  const paired = new Set([...partner.values()].map((p) => p.j));
  right.forEach((sentence, j) => {
    if (paired.has(j)) return;
    let n = rows.findLastIndex((r) => r.at !== null && r.at < j) + 1;
    while (n < rows.length && rows[n]!.row.kind === 'removed') n++;
    rows.splice(n, 0, { row: { kind: 'added', moved: false, before: [], after: [{ value: sentence, marked: true }] }, at: j });
  });
  return rows.map((r) => r.row);
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
  return rows.map((row) => ({
    kind: row.kind,
    moved: row.moved,
    before: html(row.before, 'del', labels.deleted),
    after: html(row.after, 'ins', labels.inserted),
  }));
}
