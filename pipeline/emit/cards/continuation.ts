/**
 * Text that does not fit one card: split over as few cards as it needs, at a
 * paragraph or sentence boundary, balanced across the cards, at the largest
 * size at which those cards hold it; at a line only when one sentence is
 * longer than a card. A chain longer than MAX_PARTS cards is refused (a text
 * that long is a mistake in the source, not a card). Pure.
 */
import type { Fonts } from './fonts.ts';
import { BODY_SIZES, FLOOR_SIZE, LINE_HEIGHT, layoutBlocks, type Block, type Line, type Run } from './rich-text.ts';

/** Most cards one text may take; more is an error. */
export const MAX_PARTS = 4;

/** The text of one card of a chain: its blocks (to lay out again at another size) and its lines. */
interface Part {
  blocks: Block[];
  lines: Line[];
}

export interface Fit {
  size: number;
  lineHeight: number;
  /** One part per card: more than one when the text continues. */
  parts: Part[];
}

/** A text too long for MAX_PARTS cards: how many it would need at the floor size. */
export interface TooLong {
  needed: number;
}

/** A sentence of a block (a block with no sentence end is one unit). */
interface Unit {
  block: number;
  /** Its block is a heading: no card ends after it. */
  keep: boolean;
  runs: Run[];
  /** First and last sentence of its block. */
  first: boolean;
  last: boolean;
}

const SENTENCE_END = new Set(['.', '!', '?', '…']);
const CLOSERS = new Set([')', '"', '»', '”', '’', "'"]);
const isSpace = (c: string | undefined) => c === ' ' || c === '\n' || c === '\t' || c === '\r';
const startsSentence = (c: string | undefined) => c !== undefined && (/\p{Lu}|\p{N}/u.test(c) || c === '(' || c === '«' || c === '"' || c === '“');

/** Offsets just after each sentence end in `text` (the end mark, closing marks and the spaces after it). */
function sentenceBreaks(text: string): number[] {
  const breaks: number[] = [];
  // Stryker disable next-line EqualityOperator: text[text.length] is undefined, never a sentence end
  for (let i = 0; i < text.length; i++) {
    if (!SENTENCE_END.has(text[i]!)) continue;
    let j = i + 1;
    while (CLOSERS.has(text[j]!)) j++;
    if (!isSpace(text[j])) continue;
    while (isSpace(text[j])) j++;
    if (startsSentence(text[j])) breaks.push(j);
  }
  return breaks;
}

/** Runs cut at offsets of their joined text: one list of runs per piece. */
function cutRuns(runs: readonly Run[], offsets: readonly number[]): Run[][] {
  const pieces: Run[][] = [[]];
  let at = 0;
  let next = 0;
  for (const run of runs) {
    let from = 0;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: past the last offset the comparison with undefined is false; a cut at a run's end made at the next run's start gives the same pieces
    while (next < offsets.length && offsets[next]! <= at + run.text.length) {
      const cut = offsets[next++]! - at;
      // Stryker disable next-line ConditionalExpression,EqualityOperator: a cut is never at the start of its run (an offset at a run's end is taken by that run), so cut > from always
      if (cut > from) pieces.at(-1)!.push({ text: run.text.slice(from, cut), face: run.face });
      pieces.push([]);
      from = cut;
    }
    if (from < run.text.length) pieces.at(-1)!.push({ text: run.text.slice(from), face: run.face });
    at += run.text.length;
  }
  // Stryker disable next-line MethodExpression: no piece is left empty (a sentence never ends at the end of the text, and a cut at a run's end is filled by the next run)
  return pieces.filter((p) => p.length);
}

/** The sentences of each block, as runs (a run cut where a sentence ends inside it). */
export function sentenceUnits(blocks: readonly Block[]): Unit[] {
  const units: Unit[] = [];
  blocks.forEach((block, index) => {
    const sentences = cutRuns(block.runs, sentenceBreaks(block.runs.map((r) => r.text).join('')));
    sentences.forEach((runs, n) => {
      units.push({ block: index, keep: block.keepWithNext === true, runs, first: n === 0, last: n === sentences.length - 1 });
    });
  });
  return units;
}

/** The blocks of units[from..to): whole blocks as they were, a block started mid-way without its marker or space. */
function blocksOfUnits(blocks: readonly Block[], units: readonly Unit[], from: number, to: number): Block[] {
  const out: Block[] = [];
  for (let i = from; i < to; i++) {
    const unit = units[i]!;
    const source = blocks[unit.block]!;
    if (i > from && units[i - 1]!.block === unit.block) {
      out.at(-1)!.runs.push(...unit.runs.map((r) => ({ ...r })));
      continue;
    }
    out.push({
      ...source,
      runs: unit.runs.map((r) => ({ ...r })),
      marker: unit.first ? source.marker : null,
      spaceBefore: i === from ? 0 : source.spaceBefore,
    });
  }
  return out;
}

interface Limits {
  width: number;
  height: number;
  /** Points kept free at the foot of every card but the last (the "continued" line). */
  reserve: (size: number) => number;
}

/** Lays out units[from..to) at one size, each range once. */
type Laid = (from: number, to: number) => { blocks: Block[]; height: number; lines: Line[] };

function layoutMemo(blocks: readonly Block[], units: readonly Unit[], size: number, fonts: Fonts, width: number): Laid {
  const memo = new Map<string, ReturnType<Laid>>();
  return (from, to) => {
    const key = `${from}:${to}`;
    let hit = memo.get(key);
    // Stryker disable next-line ConditionalExpression: a cache; laying a range out again gives the same lines
    if (!hit) {
      const part = blocksOfUnits(blocks, units, from, to);
      const result = layoutBlocks(part, width, size, fonts);
      hit = { blocks: part, height: result.height, lines: result.lines };
      // Stryker disable next-line CallExpression: a cache; laying a range out again gives the same lines
      memo.set(key, hit);
    }
    return hit;
  };
}

/**
 * The end of the card that starts at `start`: the unit boundary whose height
 * is nearest an even share of what is left (a paragraph end counts a line
 * and a half nearer) when `balanced`, else the last that fits; -1 when no
 * unit fits.
 */
function partEnd(units: readonly Unit[], laid: Laid, start: number, left: number, capacity: number, lineHeight: number, balanced: boolean): number {
  const target = laid(start, units.length).height / left;
  let best = -1;
  let bestScore = Infinity;
  for (let end = start + 1; end < units.length; end++) {
    const { height } = laid(start, end);
    if (height > capacity) break;
    if (units[end - 1]!.keep) continue;
    const score = balanced ? Math.abs(height - target) - (units[end - 1]!.last ? 1.5 * lineHeight : 0) : -end;
    if (score < bestScore) [best, bestScore] = [end, score];
  }
  return best;
}

/** Split the units over `n` cards at `size`, balanced (or, failing that, each card as full as it goes); null when they do not fit. */
function splitUnits(blocks: readonly Block[], units: readonly Unit[], n: number, size: number, fonts: Fonts, limits: Limits): Part[] | null {
  const laid = layoutMemo(blocks, units, size, fonts, limits.width);
  const capacity = limits.height - limits.reserve(size) + 0.01;
  for (const balanced of [true, false]) {
    const parts: Part[] = [];
    let start = 0;
    for (let k = 0; k < n - 1 && start >= 0 && start < units.length; k++) {
      const end = partEnd(units, laid, start, n - k, capacity, size * LINE_HEIGHT, balanced);
      if (end >= 0) parts.push(laid(start, end));
      start = end;
    }
    if (start < 0 || start >= units.length || parts.length !== n - 1) continue;
    const last = laid(start, units.length);
    if (last.height <= limits.height + 0.01) return [...parts, last];
  }
  return null;
}

/** The old way, for a sentence longer than a card: cut at the last line that fits, at the floor size. */
function splitLines(blocks: readonly Block[], fonts: Fonts, limits: Limits): Part[] {
  const floor = layoutBlocks(blocks, limits.width, FLOOR_SIZE, fonts);
  const parts: Part[] = [];
  let rest = floor.lines;
  while (rest.length) {
    const offset = rest[0]!.top;
    const fitsAll = rest.at(-1)!.top - offset + floor.lineHeight <= limits.height + 0.01;
    const limit = fitsAll ? limits.height : limits.height - limits.reserve(FLOOR_SIZE);
    let n = 0;
    while (n < rest.length && rest[n]!.top - offset + floor.lineHeight <= limit + 0.01) n++;
    n = Math.max(n, 1);
    parts.push({ blocks: [], lines: rest.slice(0, n).map((line) => ({ ...line, top: line.top - offset })) });
    rest = rest.slice(n);
  }
  return parts;
}

/**
 * The largest size from 9 pt down to 6 pt at which the blocks fit one card;
 * else the fewest cards (at most MAX_PARTS) that hold them split at sentence
 * boundaries, at the largest size that allows it; else a cut at lines.
 */
export function fitBlocks(blocks: readonly Block[], width: number, height: number, fonts: Fonts, reserve: (size: number) => number): Fit | TooLong {
  const floor = layoutBlocks(blocks, width, FLOOR_SIZE, fonts);
  for (const size of BODY_SIZES) {
    // Stryker disable next-line ConditionalExpression: the floor size laid out again gives the same lines as `floor`
    const laid = size === FLOOR_SIZE ? floor : layoutBlocks(blocks, width, size, fonts);
    if (laid.height <= height + 0.01) return { size, lineHeight: laid.lineHeight, parts: [{ blocks: [...blocks], lines: laid.lines }] };
  }
  const limits = { width, height, reserve };
  const least = Math.ceil(floor.height / (height - reserve(FLOOR_SIZE)));
  if (least > MAX_PARTS) return { needed: least };
  const units = sentenceUnits(blocks);
  for (let n = Math.max(2, least); n <= MAX_PARTS; n++) {
    for (const size of BODY_SIZES) {
      const parts = splitUnits(blocks, units, n, size, fonts, limits);
      if (parts) return { size, lineHeight: size * LINE_HEIGHT, parts };
    }
  }
  const parts = splitLines(blocks, fonts, limits);
  return parts.length > MAX_PARTS ? { needed: parts.length } : { size: FLOOR_SIZE, lineHeight: floor.lineHeight, parts };
}
