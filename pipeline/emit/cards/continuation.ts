/**
 * Text that does not fit one card: split over as few cards as it needs, at a
 * paragraph or sentence boundary, balanced across the cards, at the largest
 * size at which those cards hold it (never under FLOOR_SIZE); at a word only
 * within a sentence too long to share a card. A card that starts inside a
 * section (a player's skill, an inducement's ability) repeats its heading,
 * "Fend (continued)". A rule's chain longer than MAX_PARTS cards is refused
 * (a text that long is a mistake in the source, not a card); a player's
 * chain is never refused. Pure.
 */
import type { Fonts } from './fonts.ts';
import { BODY_SIZES, FLOOR_SIZE, LINE_HEIGHT, layoutBlocks, type Block, type Line, type Run } from './rich-text.ts';

/** Most cards one text may take; more is an error. */
export const MAX_PARTS = 4;

/** The text of one card of a chain: its blocks (to lay out again at another size), its lines and their height. */
interface Part {
  blocks: Block[];
  lines: Line[];
  height: number;
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

/** A sentence of a block (a block with no sentence end is one unit), or a word of a sentence too long for a card. */
interface Unit {
  block: number;
  /** Its block is a heading: no card ends after it. */
  keep: boolean;
  runs: Run[];
  /** First and last sentence (or word) of its block. */
  first: boolean;
  last: boolean;
}

/** How a text is fitted, beyond its box. */
export interface FitOptions {
  /** The most cards a chain may take; null for no limit. MAX_PARTS unless given. */
  maxParts?: number | null;
  /** The heading that opens a card starting inside a section, from the section's heading ("Fend (continued)"); none when absent. */
  continued?: (heading: Block) => Block;
}

const SENTENCE_END = new Set(['.', '!', '?', '…']);
const CLOSERS = new Set([')', '"', '»', '”', '’', "'"]);
const isSpace = (c: string | undefined) => c === ' ' || c === '\n' || c === '\t' || c === '\r';
const startsSentence = (c: string | undefined) => c !== undefined && (/\p{Lu}|\p{N}/u.test(c) || c === '(' || c === '«' || c === '"' || c === '“');

/** Offsets of each word after the first in `text` (just after the spaces before it). */
function wordBreaks(text: string): number[] {
  const breaks: number[] = [];
  for (let i = 1; i < text.length; i++) if (isSpace(text[i - 1]) && !isSpace(text[i])) breaks.push(i);
  return breaks;
}

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

/** A unit cut into its words, or into runs of `perPiece` words: for a sentence too long to share a card with a heading. */
function wordUnits(unit: Unit, perPiece = 1): Unit[] {
  const words = cutRuns(
    unit.runs,
    wordBreaks(unit.runs.map((r) => r.text).join('')).filter((_, i) => (i + 1) % perPiece === 0),
  );
  return words.map((runs, n) => ({ ...unit, runs, first: unit.first && n === 0, last: unit.last && n === words.length - 1 }));
}

/** The heading a block of units[i] sits under: the last heading block before it, or null (none, or it is one itself). */
function headingOf(blocks: readonly Block[], block: number): Block | null {
  if (blocks[block]!.keepWithNext) return null;
  for (let b = block - 1; b >= 0; b--) if (blocks[b]!.keepWithNext) return blocks[b]!;
  return null;
}

/**
 * The blocks of units[from..to): whole blocks as they were, a block started
 * mid-way without its marker or space; a part that starts inside a section
 * opens with the section's heading, continued.
 */
function blocksOfUnits(blocks: readonly Block[], units: readonly Unit[], from: number, to: number, options: FitOptions): Block[] {
  const out: Block[] = [];
  const heading = from > 0 && options.continued ? headingOf(blocks, units[from]!.block) : null;
  if (heading) out.push({ ...options.continued!(heading), spaceBefore: 0, keepWithNext: true });
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
      spaceBefore: i > from ? source.spaceBefore : heading ? HEADING_SPACE : 0,
    });
  }
  return out;
}

/** Space between a repeated heading and the text under it, in body-size units (as under a player's skill). */
const HEADING_SPACE = 0.1;
/** A card that ends inside a paragraph counts this many lines fuller when the cards are balanced. */
const MID_PARAGRAPH = 1.5;
/** The power of each card's height in the cost of a split: 2 evens the cards out, higher first empties the fullest. */
const BALANCE = 4;
/**
 * The longest chain split by the search for the most even cards
 * (splitUnits); a longer one (a player with many skills) is shared out card
 * by card, which takes time in proportion to its length.
 */
const SEARCHED_CARDS = 4;
/** How much emptier than the last card another card of its chain may be, as a share of the body (isEven). */
const EVEN = 0.15;

interface Limits {
  width: number;
  height: number;
  /** Points kept free at the foot of every card but the last (the "continued" line). */
  reserve: (size: number) => number;
}

/** Lays out units[from..to) at one size, each range once. */
type Laid = (from: number, to: number) => Part;

function layoutMemo(blocks: readonly Block[], units: readonly Unit[], size: number, fonts: Fonts, width: number, options: FitOptions): Laid {
  const memo = new Map<string, ReturnType<Laid>>();
  return (from, to) => {
    const key = `${from}:${to}`;
    let hit = memo.get(key);
    // Stryker disable next-line ConditionalExpression: a cache; laying a range out again gives the same lines
    if (!hit) {
      const part = blocksOfUnits(blocks, units, from, to, options);
      const result = layoutBlocks(part, width, size, fonts);
      hit = { blocks: part, height: result.height, lines: result.lines };
      // Stryker disable next-line CallExpression: a cache; laying a range out again gives the same lines
      memo.set(key, hit);
    }
    return hit;
  };
}

/**
 * The units split over exactly `n` cards at `size`, as evenly as the
 * sentences allow: the split with the least sum of the cards' heights to the
 * fourth power (near the split whose fullest card is the least full, and of
 * those the most even; a card that ends inside a paragraph counted
 * MID_PARAGRAPH lines fuller), the earlier cards the fuller on a tie, never a
 * card ending on a heading; null when the units do not fit `n` cards.
 */
function splitUnits(units: readonly Unit[], laid: Laid, n: number, size: number, limits: Limits): number[] | null {
  const capacity = limits.height - limits.reserve(size) + 0.01;
  const penalty = MID_PARAGRAPH * size * LINE_HEIGHT;
  const count = units.length;
  // The last card can start at units[rest] or later: what is left only shrinks (found once, by halves).
  let [rest, high] = [0, count - 1];
  while (rest < high) {
    const mid = Math.floor((rest + high) / 2);
    if (laid(mid, count).height <= limits.height + 0.01) high = mid;
    else rest = mid + 1;
  }
  // best[k][s]: the least cost of cards k..n-1 holding units[s..), and where card k ends.
  const memo = new Map<number, { cost: number; end: number }>();
  const best = (k: number, s: number): { cost: number; end: number } => {
    const key = k * (count + 1) + s;
    const hit = memo.get(key);
    if (hit) return hit;
    let result = { cost: Infinity, end: -1 };
    if (k === n - 1) {
      const last = s >= rest ? laid(s, count) : null;
      if (last && last.height <= limits.height + 0.01) result = { cost: (last.height / limits.height) ** BALANCE, end: count };
    } else {
      // The rest must leave a unit for each card after this one; from the longest card down, so a tie keeps the fuller.
      const ends: number[] = [];
      for (let end = s + 1; end <= count - (n - 1 - k); end++) {
        if (laid(s, end).height > capacity) break;
        ends.push(end);
      }
      for (const end of ends.reverse()) {
        if (units[end - 1]!.keep) continue;
        const rest = best(k + 1, end);
        if (rest.cost === Infinity) continue;
        const height = laid(s, end).height + (units[end - 1]!.last ? 0 : penalty);
        const cost = (height / limits.height) ** BALANCE + rest.cost;
        if (cost < result.cost - 1e-6) result = { cost, end };
      }
    }
    memo.set(key, result);
    return result;
  };
  if (best(0, 0).cost === Infinity) return null;
  const ends: number[] = [];
  for (let k = 0, s = 0; k < n; k++) {
    s = best(k, s).end;
    ends.push(s);
  }
  return ends;
}

/** The cards of a split: each card's units, from the end of the one before to its own end. */
const partsOf = (laid: Laid, ends: readonly number[]): Part[] => ends.map((end, k) => laid(k === 0 ? 0 : ends[k - 1]!, end));

/**
 * The units shared out over `n` cards: each card but the last takes units
 * up to the line that reaches an even share of what is left (or as many as
 * it holds), never ending
 * on a heading; null when the last card cannot hold the rest. At words, for
 * a chain no size evens out at sentences; at sentences, for a chain longer
 * than SEARCHED_CARDS.
 */
function shareSplit(units: readonly Unit[], laid: Laid, n: number, size: number, limits: Limits): number[] | null {
  const capacity = limits.height - limits.reserve(size) + 0.01;
  const ends: number[] = [];
  let start = 0;
  for (let k = 0; k < n - 1; k++) {
    // What is left, shared by the cards left (a repeated heading counts on the card it opens); a card fills the line it reaches.
    const most = laid(start, units.length).height / (n - k) + size * LINE_HEIGHT - 0.01;
    // The most units under that, within what the card holds, leaving a unit for each card after it.
    let [low, high] = [start + 1, units.length - (n - 1 - k)];
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      const height = laid(start, mid).height;
      if (height <= most && height <= capacity) low = mid;
      else high = mid - 1;
    }
    let end = low;
    while (end > start + 1 && units[end - 1]!.keep) end--;
    if (laid(start, end).height > capacity || units[end - 1]!.keep) return null;
    ends.push(end);
    start = end;
  }
  return laid(start, units.length).height <= limits.height + 0.01 ? [...ends, units.length] : null;
}

/** Words of a piece of a sentence too long for a card: about a line of the narrowest card, so a card may end within a line of anywhere. */
const WORDS_PER_PIECE = 5;
/** Characters of a piece of a word too long for a card: a line or two of the narrowest card at the floor size. */
const WORD_PIECE = 24;

/** A unit cut into pieces of WORD_PIECE characters (a word longer than a card: its pieces join up again on a card). */
function pieceUnits(unit: Unit): Unit[] {
  const text = unit.runs.map((r) => r.text).join('');
  const offsets = Array.from({ length: Math.ceil(text.length / WORD_PIECE) - 1 }, (_, i) => (i + 1) * WORD_PIECE);
  const pieces = cutRuns(unit.runs, offsets);
  return pieces.map((runs, n) => ({ ...unit, runs, first: unit.first && n === 0, last: unit.last && n === pieces.length - 1 }));
}

/**
 * The units a card may end between: sentences, and pieces of a few words of
 * a sentence (pieces of a word) that would not fit a card under a two-line
 * heading.
 */
function fittingUnits(blocks: readonly Block[], units: readonly Unit[], fonts: Fonts, limits: Limits): Unit[] {
  const room = limits.height - limits.reserve(FLOOR_SIZE) - 2 * FLOOR_SIZE * LINE_HEIGHT;
  const tooTall = (list: readonly Unit[]) => {
    const laid = layoutMemo(blocks, list, FLOOR_SIZE, fonts, limits.width, {});
    return (i: number) => laid(i, i + 1).height > room;
  };
  const sentences = tooTall(units);
  const words = units.flatMap((unit, i) => (sentences(i) ? wordUnits(unit, WORDS_PER_PIECE) : [unit]));
  const word = tooTall(words);
  return words.flatMap((unit, i) => (word(i) ? pieceUnits(unit) : [unit]));
}

/**
 * The cards filled in turn at the floor size, a heading kept with what
 * follows it: the most cards the search for the fewest tries, and the split
 * when none balances (a heading chain taller than a card).
 */
function filledParts(units: readonly Unit[], laid: Laid, limits: Limits): Part[] {
  const capacity = limits.height - limits.reserve(FLOOR_SIZE) + 0.01;
  const parts: Part[] = [];
  // The end after units[end] and the headings right after it, with the unit under them.
  const through = (end: number) => {
    let to = end + 1;
    while (to < units.length && units[to - 1]!.keep) to++;
    return to;
  };
  let start = 0;
  while (laid(start, units.length).height > limits.height + 0.01) {
    let end = through(start);
    while (end < units.length - 1 && laid(start, through(end)).height <= capacity) end = through(end);
    end = Math.min(end, units.length - 1);
    parts.push(laid(start, end));
    start = end;
  }
  return [...parts, laid(start, units.length)];
}

/** The fewest cards the blocks could take at the floor size, each but the last keeping its reserve. */
export function leastCards(blocks: readonly Block[], width: number, height: number, fonts: Fonts, reserve: (size: number) => number): number {
  const floor = layoutBlocks(blocks, width, FLOOR_SIZE, fonts);
  if (floor.height <= height + 0.01) return 1;
  return Math.max(2, Math.ceil((floor.height - reserve(FLOOR_SIZE)) / (height - reserve(FLOOR_SIZE))));
}

/**
 * The largest size from 9 pt down to 7 pt at which the blocks fit one card;
 * else the fewest cards that hold them split at sentence boundaries (at
 * words inside a sentence too long for a card), balanced, at the largest size
 * that allows it; a chain over `maxParts` cards is refused.
 */
export function fitBlocks(
  blocks: readonly Block[],
  width: number,
  height: number,
  fonts: Fonts,
  reserve: (size: number) => number,
  options: FitOptions = {},
): Fit | TooLong {
  for (const size of BODY_SIZES) {
    const laid = layoutBlocks(blocks, width, size, fonts);
    if (laid.height <= height + 0.01) return fitOf(size, [{ blocks: [...blocks], lines: laid.lines, height: laid.height }]);
  }
  const maxParts = options.maxParts === undefined ? MAX_PARTS : options.maxParts;
  const limits = { width, height, reserve };
  const least = leastCards(blocks, width, height, fonts, reserve);
  if (maxParts !== null && least > maxParts) return { needed: least };
  const units = fittingUnits(blocks, sentenceUnits(blocks), fonts, limits);
  const layouts = new Map(BODY_SIZES.map((size) => [size, layoutMemo(blocks, units, size, fonts, width, options)]));
  const filled = filledParts(units, layouts.get(FLOOR_SIZE)!, limits);
  const chain: Chain = { blocks, units, layouts, limits, fonts, options };
  for (let n = least; n <= filled.length; n++) {
    if (maxParts !== null && n > maxParts) return { needed: n };
    const fit = chainOf(chain, n);
    if (fit) return fit;
  }
  return fitOf(FLOOR_SIZE, filled);
}

/** What a chain is cut from: the blocks, their units and each size's layouts. */
interface Chain {
  blocks: readonly Block[];
  units: readonly Unit[];
  layouts: ReadonlyMap<number, Laid>;
  limits: Limits;
  fonts: Fonts;
  options: FitOptions;
}

const fitOf = (size: number, parts: Part[]): Fit => ({ size, lineHeight: size * LINE_HEIGHT, parts });

/**
 * The text on exactly `n` cards: at the largest size whose split at
 * sentences comes out even; else evened out at words, from the largest size
 * that holds it; else at the largest size as the sentences fall; null when no
 * size holds it on `n` cards.
 */
function chainOf({ blocks, units, layouts, limits, fonts, options }: Chain, n: number): Fit | null {
  const splits: { size: number; ends: number[] }[] = [];
  for (const size of BODY_SIZES) {
    const laid = layouts.get(size)!;
    const ends = n <= SEARCHED_CARDS ? splitUnits(units, laid, n, size, limits) : shareSplit(units, laid, n, size, limits);
    if (!ends) continue;
    const parts = partsOf(laid, ends);
    if (isEven(parts, limits.height)) return fitOf(size, parts);
    splits.push({ size, ends });
  }
  const words = units.flatMap((u) => (u.keep ? [u] : wordUnits(u)));
  const sizes = splits.length ? splits.map((s) => s.size) : BODY_SIZES;
  const atWords = sizes.flatMap((size) => {
    const laid = layoutMemo(blocks, words, size, fonts, limits.width, options);
    const ends = shareSplit(words, laid, n, size, limits);
    return ends ? [fitOf(size, partsOf(laid, ends))] : [];
  });
  const first = splits[0];
  return atWords.find((f) => isEven(f.parts, limits.height)) ?? atWords[0] ?? (first ? fitOf(first.size, partsOf(layouts.get(first.size)!, first.ends)) : null);
}

/**
 * Whether no card of a chain but the last is emptier than the last by more
 * than EVEN of a card: a first card a quarter empty before a full last one
 * looks like a mistake. A chain that is not even at one size is tried at the
 * next smaller one; at none, the largest is kept.
 */
function isEven(parts: readonly Part[], height: number): boolean {
  const last = parts.at(-1)!.height;
  return parts.slice(0, -1).every((part) => part.height >= last - EVEN * height);
}
