/**
 * Sheet geometry of the skill cards, in millimetres, in one place: the card,
 * the papers, the 3 × 3 grid, the bleed, the crop marks and the PDF boxes.
 * Everything else asks this module where things go; `pt()` converts to PDF
 * points at the drawing edge. Pure.
 */

/** PDF points per millimetre. */
export const PT_PER_MM = 72 / 25.4;
export const pt = (mm: number): number => mm * PT_PER_MM;

/** Poker size. */
export const CARD = { width: 63, height: 88 } as const;

export const PAPERS = {
  a4: { width: 210, height: 297 },
  letter: { width: 215.9, height: 279.4 },
} as const;
export type Paper = keyof typeof PAPERS;

export const COLUMNS = 3;
export const ROWS = 3;
export const CARDS_PER_SHEET = COLUMNS * ROWS;

/** Bleed drawn around the grid with `--bleed`. */
export const BLEED = 3;
/** Crop marks stay at least this far inside the paper edge, so printing at 100 % shows all of them. */
export const SAFE_EDGE = 5;
/** Gap between a card edge (or the bleed edge) and the start of its crop mark. */
export const MARK_GAP = 0.5;
/** Longest crop mark. */
export const MARK_LENGTH = 5;
/** Shortest crop mark worth printing: with less room the sheet is refused. */
export const MARK_MIN_LENGTH = 2;

/** Inner layout of a card, from its trim edge. */
export const CARD_LAYOUT = {
  /** Left and right padding of the text. */
  padding: 3.6,
  /** Height of the coloured name band (two name lines fit). */
  band: 13.5,
  /** The kind and category line under the band. */
  kindLine: 5,
  /** Footer: two lines of small type over a hairline. */
  footer: 7,
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
export interface Segment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface Sheet {
  paper: Paper;
  width: number;
  height: number;
  /** The 3 × 3 grid of cards (the cut lines), i.e. the TrimBox. */
  trim: Rect;
  /** The trim grown by the bleed (equal to the trim without bleed). */
  bleedBox: Rect;
  bleed: number;
  marks: Segment[];
}

/**
 * The sheet for a paper: the cards butt against each other (one cut between
 * neighbours), centred; crop marks continue every cut line into the margin,
 * outside the bleed and at least SAFE_EDGE inside the paper edge.
 * Throws when the paper leaves no room for the marks (Letter with bleed).
 */
export function sheetFor(paper: Paper, withBleed: boolean): Sheet {
  const { width, height } = PAPERS[paper];
  const gridW = COLUMNS * CARD.width;
  const gridH = ROWS * CARD.height;
  const trim: Rect = { x: (width - gridW) / 2, y: (height - gridH) / 2, width: gridW, height: gridH };
  const bleed = withBleed ? BLEED : 0;
  const bleedBox: Rect = { x: trim.x - bleed, y: trim.y - bleed, width: gridW + 2 * bleed, height: gridH + 2 * bleed };
  const start = bleed + MARK_GAP;
  const roomX = trim.x - SAFE_EDGE - start;
  const roomY = trim.y - SAFE_EDGE - start;
  if (Math.min(roomX, roomY) < MARK_MIN_LENGTH - 1e-9) {
    throw new Error(
      `${paper} paper leaves ${Math.min(trim.x, trim.y).toFixed(1)} mm around the cards: too little for ${bleed ? `${bleed} mm of bleed and ` : ''}crop marks ${SAFE_EDGE} mm inside the paper edge${withBleed ? '; print with bleed on A4' : ''}`,
    );
  }
  const lenX = Math.min(MARK_LENGTH, roomX);
  const lenY = Math.min(MARK_LENGTH, roomY);
  const marks: Segment[] = [];
  const right = trim.x + gridW;
  const bottom = trim.y + gridH;
  for (let c = 0; c <= COLUMNS; c++) {
    const x = trim.x + c * CARD.width;
    marks.push({ x1: x, y1: trim.y - start, x2: x, y2: trim.y - start - lenY });
    marks.push({ x1: x, y1: bottom + start, x2: x, y2: bottom + start + lenY });
  }
  for (let r = 0; r <= ROWS; r++) {
    const y = trim.y + r * CARD.height;
    marks.push({ x1: trim.x - start, y1: y, x2: trim.x - start - lenX, y2: y });
    marks.push({ x1: right + start, y1: y, x2: right + start + lenX, y2: y });
  }
  return { paper, width, height, trim, bleedBox, bleed, marks };
}

/** Position on the sheet of the card in `slot` (0–8, row by row); `back` mirrors the columns for long-edge duplex. */
export function cardRect(sheet: Sheet, slot: number, back = false): Rect {
  const row = Math.floor(slot / COLUMNS);
  const column = slot % COLUMNS;
  const col = back ? COLUMNS - 1 - column : column;
  return { x: sheet.trim.x + col * CARD.width, y: sheet.trim.y + row * CARD.height, width: CARD.width, height: CARD.height };
}

/**
 * How far a card's full-bleed colour may run past each of its edges: the
 * bleed on the edges that lie on the outside of the grid, nothing between
 * neighbours (they share one cut).
 */
export function bleedEdges(sheet: Sheet, slot: number, back = false): { top: number; right: number; bottom: number; left: number } {
  const row = Math.floor(slot / COLUMNS);
  const column = back ? COLUMNS - 1 - (slot % COLUMNS) : slot % COLUMNS;
  const b = sheet.bleed;
  return { top: row === 0 ? b : 0, bottom: row === ROWS - 1 ? b : 0, left: column === 0 ? b : 0, right: column === COLUMNS - 1 ? b : 0 };
}

/** A PDF box [x1 y1 x2 y2] in points, from the bottom-left corner of the page. */
export function pdfBox(sheet: Sheet, rect: Rect): [number, number, number, number] {
  const r = (n: number) => Math.round(n * 1000) / 1000;
  return [r(pt(rect.x)), r(pt(sheet.height - rect.y - rect.height)), r(pt(rect.x + rect.width)), r(pt(sheet.height - rect.y))];
}
