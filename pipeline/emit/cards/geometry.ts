/**
 * Sheet geometry of the skill cards, in millimetres, in one place: the card
 * sizes, the papers, the grid of each layout, the bleed and gutters, the crop
 * marks and the PDF boxes. Every card size (poker, bridge, mini, tarot) gets
 * the same rules: the grid with the most cards, the same bleed, gutters and
 * marks. Everything else asks this module where things go; `pt()`
 * converts to PDF points at the drawing edge. Pure.
 *
 * Three layouts:
 * - the default sheet: cards touching in a grid (one cut between
 *   neighbours), no bleed, for home printing;
 * - `--bleed`: every card with its own 3 mm of bleed and a 6 mm gutter
 *   (the two bleeds meet in the middle), so every cut has bleed on both
 *   sides; the grid is the largest that fits the paper in either
 *   orientation (A4 landscape 4 × 2, Letter landscape 3 × 2);
 * - `--layout single`: one card per page, the page being the card plus its
 *   bleed (69 × 94 mm for poker), TrimBox on the card, BleedBox on the page.
 * Crop marks continue every cut line outside the bleed, on the sheet's
 * margins, and are at least MARK_MIN_LENGTH long.
 */
import { hasBleed, type CardSize, type CardsOptions, type Duplex, type Paper } from './options.ts';

/** PDF points per millimetre. */
const PT_PER_MM = 72 / 25.4;
export const pt = (mm: number): number => mm * PT_PER_MM;

/** A card's trim, in millimetres. */
export interface CardDimensions {
  readonly width: number;
  readonly height: number;
}

/** The card size presets: poker (ordinary playing cards, the default), bridge, mini and tarot. */
export const CARD_SIZES: Record<CardSize, CardDimensions> = {
  poker: { width: 63, height: 88 },
  bridge: { width: 57, height: 89 },
  mini: { width: 44, height: 63 },
  tarot: { width: 70, height: 120 },
};

/** Poker size, the default. */
export const CARD = CARD_SIZES.poker;

const PAPERS: Record<Paper, { width: number; height: number; label: string }> = {
  a4: { width: 210, height: 297, label: 'A4' },
  letter: { width: 215.9, height: 279.4, label: 'Letter' },
};

/**
 * How far inside the paper edge a crop mark ends, so printing at 100 % shows
 * it: 5 mm on A4; on Letter the 3 × 3 grid leaves 7.7 mm above and below, so
 * the marks end 4.2 mm (1/6 inch, the unprintable edge of common office
 * lasers) from the edge, which leaves them 3 mm long.
 */
const SAFE_EDGE: Record<Paper, number> = { a4: 5, letter: 4.2 };

/** Bleed round every card with `--bleed` and on the single-card page. */
const BLEED = 3;
/** Space between neighbouring cards with bleed: each card's bleed runs half of it. */
const GUTTER = 2 * BLEED;
/** Gap between the bleed edge (or the card edge without bleed) and the start of a crop mark. */
const MARK_GAP = 0.5;
/** Longest crop mark. */
const MARK_LENGTH = 5;
/** Shortest crop mark: a grid that leaves less room is not chosen. */
const MARK_MIN_LENGTH = 3;

/** Inner layout of a card, from its trim edge. */
export const CARD_LAYOUT = {
  /** Left and right padding of the text. */
  padding: 3.6,
  /** Height of the name band (two name lines fit). */
  band: 13.5,
  /** The kind and category line under the band. */
  kindLine: 5,
  /** Footer: two lines of 7 pt type over a hairline, ending 3 mm inside the trim (a print shop's safe area). */
  footer: 9.4,
  /** Space between the kind line and the body, and the body and the footer. */
  gap: 1.4,
} as const;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One crop mark: a line segment in millimetres from the top-left corner of the paper. */
interface Segment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface Sheet {
  paper: Paper;
  /** The size of every card on it. */
  card: CardDimensions;
  /** "A4, 3 × 3", "A4 landscape, 4 × 2 with 3 mm bleed", "69 × 94 mm, one card". */
  label: string;
  width: number;
  height: number;
  landscape: boolean;
  columns: number;
  rows: number;
  /** Each card's trim, row by row. */
  slots: Rect[];
  /** The hull of the cards (the cut lines), i.e. the TrimBox. */
  trim: Rect;
  /** The trim grown by the bleed (equal to the trim without bleed). */
  bleedBox: Rect;
  /** Bleed round each card, in millimetres (0 or BLEED). */
  bleed: number;
  marks: Segment[];
}

/** The sheet of a set of options: the paper's grid, or one card per page (poker cards unless a size is given). */
export function sheetFor(options: Pick<CardsOptions, 'paper' | 'layout' | 'bleed'> & Partial<Pick<CardsOptions, 'size'>>): Sheet {
  const card = CARD_SIZES[options.size ?? 'poker'];
  if (options.layout === 'single') return singleSheet(options.paper, card);
  const bleed = hasBleed(options) ? BLEED : 0;
  const grid = bestGrid(options.paper, card, bleed);
  return gridSheet(options.paper, card, grid, bleed);
}

interface Grid {
  landscape: boolean;
  columns: number;
  rows: number;
  width: number;
  height: number;
}

/** How many cards of `size` fit along `length` with their gutters, bleed and marks. */
function fitting(length: number, size: number, bleed: number, safe: number): number {
  const gutter = bleed ? GUTTER : 0;
  // Stryker disable next-line ArithmeticOperator: 1 mm less margin fits no more card on A4 or Letter, with or without bleed (the grids are in test/cards/geometry.test.ts)
  const margins = 2 * (bleed + MARK_GAP + MARK_MIN_LENGTH + safe);
  return Math.max(0, Math.floor((length - margins + gutter + 1e-9) / (size + gutter)));
}

/** The grid with the most cards, portrait first on a tie. */
function bestGrid(paper: Paper, card: CardDimensions, bleed: number): Grid {
  const { width, height } = PAPERS[paper];
  const safe = SAFE_EDGE[paper];
  const grids = [false, true].map((landscape) => {
    const [w, h] = landscape ? [height, width] : [width, height];
    return { landscape, columns: fitting(w, card.width, bleed, safe), rows: fitting(h, card.height, bleed, safe), width: w, height: h };
  });
  // Stryker disable next-line EqualityOperator: a tie keeps portrait (tarot on A4: 2 × 2 portrait, 4 × 1 landscape), so `>=` would turn it
  return grids.reduce((best, grid) => (grid.columns * grid.rows > best.columns * best.rows ? grid : best));
}

function gridSheet(paper: Paper, card: CardDimensions, grid: Grid, bleed: number): Sheet {
  const gutter = bleed ? GUTTER : 0;
  const gridW = grid.columns * card.width + (grid.columns - 1) * gutter;
  const gridH = grid.rows * card.height + (grid.rows - 1) * gutter;
  const trim: Rect = { x: (grid.width - gridW) / 2, y: (grid.height - gridH) / 2, width: gridW, height: gridH };
  const slots: Rect[] = [];
  for (let row = 0; row < grid.rows; row++) {
    for (let column = 0; column < grid.columns; column++) {
      slots.push({ x: trim.x + column * (card.width + gutter), y: trim.y + row * (card.height + gutter), width: card.width, height: card.height });
    }
  }
  const bleedBox = grow(trim, bleed);
  const base = PAPERS[paper].label;
  const label = `${base}${grid.landscape ? ' landscape' : ''}, ${grid.columns} × ${grid.rows}${bleed ? `, ${bleed} mm bleed round every card` : ''}`;
  return {
    paper,
    card,
    label,
    width: grid.width,
    height: grid.height,
    landscape: grid.landscape,
    columns: grid.columns,
    rows: grid.rows,
    slots,
    trim,
    bleedBox,
    bleed,
    marks: marksOf(slots, bleedBox, SAFE_EDGE[paper]),
  };
}

/** One card per page: the card and its bleed, nothing else (no room for marks; the boxes say where to cut). */
function singleSheet(paper: Paper, size: CardDimensions): Sheet {
  const card: Rect = { x: BLEED, y: BLEED, width: size.width, height: size.height };
  const page = grow(card, BLEED);
  return {
    paper,
    card: size,
    label: `${page.width} × ${page.height} mm, one card per page with ${BLEED} mm bleed`,
    width: page.width,
    height: page.height,
    landscape: false,
    columns: 1,
    rows: 1,
    slots: [card],
    trim: card,
    bleedBox: page,
    bleed: BLEED,
    marks: [],
  };
}

const grow = (r: Rect, by: number): Rect => ({ x: r.x - by, y: r.y - by, width: r.width + 2 * by, height: r.height + 2 * by });

/** Distinct values, in order (cut lines of touching cards are shared). */
function distinct(values: number[]): number[] {
  const unique = [...new Map(values.map((v) => [Math.round(v * 1000), v])).values()];
  // Stryker disable next-line MethodExpression,ArrowFunction,ArithmeticOperator: the slots come row by row, left to right, so their cut lines arrive in order already
  return unique.sort((a, b) => a - b);
}

/** A mark continuing each cut line beyond the bleed, on all four sides. */
function marksOf(slots: readonly Rect[], bleedBox: Rect, safe: number): Segment[] {
  const top = bleedBox.y - MARK_GAP;
  const bottom = bleedBox.y + bleedBox.height + MARK_GAP;
  const left = bleedBox.x - MARK_GAP;
  const right = bleedBox.x + bleedBox.width + MARK_GAP;
  const lenY = Math.min(MARK_LENGTH, top - safe);
  // Stryker disable next-line ArithmeticOperator: every grid leaves 5 mm or more beside the side marks on A4 and Letter, so `left + safe` gives the same 5 mm
  const lenX = Math.min(MARK_LENGTH, left - safe);
  const marks: Segment[] = [];
  for (const x of distinct(slots.flatMap((s) => [s.x, s.x + s.width]))) {
    marks.push({ x1: x, y1: top, x2: x, y2: top - lenY }, { x1: x, y1: bottom, x2: x, y2: bottom + lenY });
  }
  for (const y of distinct(slots.flatMap((s) => [s.y, s.y + s.height]))) {
    marks.push({ x1: left, y1: y, x2: left - lenX, y2: y }, { x1: right, y1: y, x2: right + lenX, y2: y });
  }
  return marks;
}

/**
 * The slot behind `slot` on the back page. Turning the paper over its long
 * edge mirrors the columns of a portrait page and the rows of a landscape
 * one; its short edge, the other way round. One card per page: the same slot.
 */
export function backSlot(sheet: Sheet, slot: number, duplex: Duplex): number {
  const row = Math.floor(slot / sheet.columns);
  const column = slot % sheet.columns;
  const mirrorColumns = (duplex === 'long') !== sheet.landscape;
  return mirrorColumns ? row * sheet.columns + (sheet.columns - 1 - column) : (sheet.rows - 1 - row) * sheet.columns + column;
}

/** A rectangle grown by the card bleed on every side (the whole card's colour, or its band on three sides). */
export function withBleed(sheet: Sheet, rect: Rect, edges: { top: boolean; bottom: boolean }): Rect {
  const b = sheet.bleed;
  return { x: rect.x - b, y: rect.y - (edges.top ? b : 0), width: rect.width + 2 * b, height: rect.height + (edges.top ? b : 0) + (edges.bottom ? b : 0) };
}

/** A PDF box [x1 y1 x2 y2] in points, from the bottom-left corner of the page. */
export function pdfBox(sheet: Sheet, rect: Rect): [number, number, number, number] {
  const r = (n: number) => Math.round(n * 1000) / 1000;
  return [r(pt(rect.x)), r(pt(sheet.height - rect.y - rect.height)), r(pt(rect.x + rect.width)), r(pt(sheet.height - rect.y))];
}
