/**
 * The sheet geometry on literal options, in millimetres: where each card's
 * trim falls on A4 and Letter, with and without bleed, the crop marks outside
 * the bleed on every cut line, the single-card page, and the PDF boxes.
 * Worked by hand from the card (63 × 88 mm), the 3 mm bleed, the 6 mm gutter,
 * the 0.5 mm gap and the 3–5 mm marks.
 */
import { describe, expect, it } from 'vitest';
import { CARD, CARD_SIZES, backSlot, pdfBox, pt, sheetFor, withBleed, type Rect, type Sheet } from '../../pipeline/emit/cards/geometry.ts';
import { PAPER_VALUES, SIZE_VALUES } from '../../pipeline/emit/cards/options.ts';

// Made inside each test: a sheet made when the file loads would count as every test's (Stryker's per-test coverage).
const a4 = () => sheetFor({ paper: 'a4', layout: 'sheet', bleed: false });
const letter = () => sheetFor({ paper: 'letter', layout: 'sheet', bleed: false });
const a4Bleed = () => sheetFor({ paper: 'a4', layout: 'sheet', bleed: true });
const letterBleed = () => sheetFor({ paper: 'letter', layout: 'sheet', bleed: true });
const single = () => sheetFor({ paper: 'a4', layout: 'single', bleed: false });

const round = (n: number) => Math.round(n * 1000) / 1000;
const rounded = (r: Rect) => ({ x: round(r.x), y: round(r.y), width: round(r.width), height: round(r.height) });
const segments = (sheet: Sheet) => sheet.marks.map((m) => [m.x1, m.y1, m.x2, m.y2].map(round));
const vertical = (sheet: Sheet) => segments(sheet).filter(([x1, , x2]) => x1 === x2);
const horizontal = (sheet: Sheet) => segments(sheet).filter(([, y1, , y2]) => y1 === y2);

describe('the home sheet (no bleed)', () => {
  it('A4 holds 3 × 3 touching cards centred on the portrait page', () => {
    expect([a4().width, a4().height, a4().landscape, a4().columns, a4().rows, a4().bleed]).toEqual([210, 297, false, 3, 3, 0]);
    expect(a4().trim).toEqual({ x: 10.5, y: 16.5, width: 189, height: 264 });
    expect(a4().slots.map((s) => [s.x, s.y])).toEqual([
      [10.5, 16.5],
      [73.5, 16.5],
      [136.5, 16.5],
      [10.5, 104.5],
      [73.5, 104.5],
      [136.5, 104.5],
      [10.5, 192.5],
      [73.5, 192.5],
      [136.5, 192.5],
    ]);
    expect(a4().slots.every((s) => s.width === CARD.width && s.height === CARD.height)).toBe(true);
  });

  it('without bleed the bleed box is the trim', () => {
    expect(a4().bleedBox).toEqual(a4().trim);
  });

  it('Letter holds 3 × 3 too: three rows of 88 mm fill its 264 mm of room exactly', () => {
    expect([letter().width, letter().height, letter().landscape, letter().columns, letter().rows]).toEqual([215.9, 279.4, false, 3, 3]);
    expect(rounded(letter().trim)).toEqual({ x: 13.45, y: 7.7, width: 189, height: 264 });
  });

  it('names its paper and grid', () => {
    expect([a4().label, letter().label]).toEqual(['A4, 3 × 3', 'Letter, 3 × 3']);
  });

  it('a vertical mark 5 mm long above and below each cut line, starting 0.5 mm from the trim', () => {
    expect(vertical(a4())).toEqual(
      [10.5, 73.5, 136.5, 199.5].flatMap((x) => [
        [x, 16, x, 11],
        [x, 281, x, 286],
      ]),
    );
  });

  it('a horizontal mark 5 mm long left and right of each cut line, starting 0.5 mm from the trim', () => {
    expect(horizontal(a4())).toEqual(
      [16.5, 104.5, 192.5, 280.5].flatMap((y) => [
        [10, y, 5, y],
        [200, y, 205, y],
      ]),
    );
  });

  it('on Letter the marks above and below shorten to 3 mm, ending 4.2 mm from the paper edge', () => {
    const [top, bottom] = vertical(letter());
    expect(top).toEqual([13.45, 7.2, 13.45, 4.2]);
    expect(bottom).toEqual([13.45, 272.2, 13.45, 275.2]);
    expect(horizontal(letter())[0]).toEqual([12.95, 7.7, 7.95, 7.7]);
  });
});

describe('the sheet with bleed', () => {
  it('A4 turns landscape for 4 × 2 cards 6 mm apart', () => {
    expect([a4Bleed().width, a4Bleed().height, a4Bleed().landscape, a4Bleed().columns, a4Bleed().rows, a4Bleed().bleed]).toEqual([297, 210, true, 4, 2, 3]);
    expect(a4Bleed().trim).toEqual({ x: 13.5, y: 14, width: 270, height: 182 });
    expect(a4Bleed().slots.map((s) => [s.x, s.y])).toEqual([
      [13.5, 14],
      [82.5, 14],
      [151.5, 14],
      [220.5, 14],
      [13.5, 108],
      [82.5, 108],
      [151.5, 108],
      [220.5, 108],
    ]);
  });

  it('Letter turns landscape for 3 × 2', () => {
    expect([letterBleed().width, letterBleed().height, letterBleed().landscape, letterBleed().columns, letterBleed().rows]).toEqual([279.4, 215.9, true, 3, 2]);
  });

  it('the bleed box is the trim grown by 3 mm on every side', () => {
    expect(a4Bleed().bleedBox).toEqual({ x: 10.5, y: 11, width: 276, height: 188 });
  });

  it('names its paper, orientation, grid and bleed', () => {
    expect(a4Bleed().label).toBe('A4 landscape, 4 × 2, 3 mm bleed round every card');
  });

  it('every card has its own cut lines, marked outside the bleed box', () => {
    expect([...new Set(vertical(a4Bleed()).map(([x]) => x))]).toEqual([13.5, 76.5, 82.5, 145.5, 151.5, 214.5, 220.5, 283.5]);
    expect([...new Set(horizontal(a4Bleed()).map(([, y]) => y))]).toEqual([14, 102, 108, 196]);
    expect(vertical(a4Bleed()).slice(0, 2)).toEqual([
      [13.5, 10.5, 13.5, 5.5],
      [13.5, 199.5, 13.5, 204.5],
    ]);
    expect(horizontal(a4Bleed()).slice(0, 2)).toEqual([
      [10, 14, 5, 14],
      [287, 14, 292, 14],
    ]);
  });
});

describe('crop marks on every sheet', () => {
  const sheets = { a4, letter, a4Bleed, letterBleed };
  /** Whether a segment reaches inside a rectangle (touching its edge does not count). */
  const enters = ([x1, y1, x2, y2]: number[], r: Rect) =>
    Math.max(x1!, x2!) > r.x && Math.min(x1!, x2!) < r.x + r.width && Math.max(y1!, y2!) > r.y && Math.min(y1!, y2!) < r.y + r.height;

  it.each(Object.entries(sheets))('%s: no mark reaches into the bleed box, nor the trim', (_name, make) => {
    const sheet = make();
    for (const mark of segments(sheet)) {
      expect(enters(mark, sheet.bleedBox), String(mark)).toBe(false);
      expect(enters(mark, sheet.trim), String(mark)).toBe(false);
    }
  });

  it.each(Object.entries(sheets))('%s: every mark is 3 to 5 mm long and ends at least 4.2 mm inside the paper', (_name, make) => {
    const sheet = make();
    for (const [x1, y1, x2, y2] of segments(sheet)) {
      const length = Math.hypot(x2! - x1!, y2! - y1!);
      expect(length).toBeGreaterThanOrEqual(3 - 1e-9);
      expect(length).toBeLessThanOrEqual(5 + 1e-9);
      for (const x of [x1!, x2!]) expect(Math.min(x, sheet.width - x)).toBeGreaterThanOrEqual(4.2 - 1e-9);
      for (const y of [y1!, y2!]) expect(Math.min(y, sheet.height - y)).toBeGreaterThanOrEqual(4.2 - 1e-9);
    }
  });
});

describe('every card size (--size)', () => {
  const every = SIZE_VALUES.flatMap((size) => PAPER_VALUES.flatMap((paper) => [false, true].map((bleed) => ({ size, paper, bleed }))));
  const overlap = (a: Rect, b: Rect) => a.x < b.x + b.width - 1e-9 && b.x < a.x + a.width - 1e-9 && a.y < b.y + b.height - 1e-9 && b.y < a.y + a.height - 1e-9;

  it('are poker 63 × 88 mm (the default), bridge 57 × 89, mini 44 × 63 and tarot 70 × 120', () => {
    expect(CARD_SIZES).toEqual({
      poker: { width: 63, height: 88 },
      bridge: { width: 57, height: 89 },
      mini: { width: 44, height: 63 },
      tarot: { width: 70, height: 120 },
    });
    expect(sheetFor({ paper: 'a4', layout: 'sheet', bleed: false })).toEqual(sheetFor({ paper: 'a4', layout: 'sheet', bleed: false, size: 'poker' }));
  });

  it('each size takes the grid with the most cards on each paper, with and without bleed', () => {
    const grids = Object.fromEntries(
      every.map(({ size, paper, bleed }) => {
        const sheet = sheetFor({ paper, layout: 'sheet', bleed, size });
        return [`${size} ${paper}${bleed ? ' bleed' : ''}`, `${sheet.columns} × ${sheet.rows}${sheet.landscape ? ' landscape' : ''}`];
      }),
    );
    expect(grids).toEqual({
      'poker a4': '3 × 3',
      'poker a4 bleed': '4 × 2 landscape',
      'poker letter': '3 × 3',
      'poker letter bleed': '3 × 2 landscape',
      'bridge a4': '3 × 3',
      'bridge a4 bleed': '4 × 2 landscape',
      'bridge letter': '4 × 2 landscape',
      'bridge letter bleed': '4 × 2 landscape',
      'mini a4': '6 × 3 landscape',
      'mini a4 bleed': '3 × 4',
      'mini letter': '6 × 3 landscape',
      'mini letter bleed': '4 × 3',
      'tarot a4': '2 × 2',
      'tarot a4 bleed': '2 × 2',
      'tarot letter': '2 × 2',
      'tarot letter bleed': '2 × 2',
    });
  });

  it.each(every)(
    '$size on $paper (bleed $bleed): cards of the size, apart, on the paper, marked outside the bleed, 3 mm or more, 4.2 mm in',
    ({ size, paper, bleed }) => {
      const sheet = sheetFor({ paper, layout: 'sheet', bleed, size });
      expect(sheet.card).toEqual(CARD_SIZES[size]);
      expect(sheet.bleed).toBe(bleed ? 3 : 0);
      for (const [i, slot] of sheet.slots.entries()) {
        expect([slot.width, slot.height]).toEqual([CARD_SIZES[size].width, CARD_SIZES[size].height]);
        const grown = withBleed(sheet, slot, { top: true, bottom: true });
        expect(grown.x >= 0 && grown.y >= 0 && grown.x + grown.width <= sheet.width && grown.y + grown.height <= sheet.height).toBe(true);
        for (const other of sheet.slots.slice(i + 1)) expect(overlap(grown, withBleed(sheet, other, { top: true, bottom: true }))).toBe(false);
      }
      const cuts = {
        x: new Set(sheet.slots.flatMap((s) => [s.x, s.x + s.width]).map(round)),
        y: new Set(sheet.slots.flatMap((s) => [s.y, s.y + s.height]).map(round)),
      };
      expect(new Set(vertical(sheet).map(([x]) => x))).toEqual(cuts.x);
      expect(new Set(horizontal(sheet).map(([, y]) => y))).toEqual(cuts.y);
      for (const [x1, y1, x2, y2] of segments(sheet)) {
        expect(Math.hypot(x2! - x1!, y2! - y1!)).toBeGreaterThanOrEqual(3 - 1e-9);
        for (const x of [x1!, x2!]) expect(Math.min(x, sheet.width - x)).toBeGreaterThanOrEqual(4.2 - 1e-9);
        for (const y of [y1!, y2!]) expect(Math.min(y, sheet.height - y)).toBeGreaterThanOrEqual(4.2 - 1e-9);
        const mark = { x: Math.min(x1!, x2!), y: Math.min(y1!, y2!), width: Math.abs(x2! - x1!), height: Math.abs(y2! - y1!) };
        expect(overlap(mark, sheet.bleedBox)).toBe(false);
      }
    },
  );

  it.each(every)('$size on $paper (bleed $bleed): the back of every slot is a slot, each once, for both duplex edges', ({ size, paper, bleed }) => {
    const sheet = sheetFor({ paper, layout: 'sheet', bleed, size });
    for (const duplex of ['long', 'short'] as const) {
      const backs = sheet.slots.map((_, n) => backSlot(sheet, n, duplex));
      expect([...backs].sort((a, b) => a - b)).toEqual(sheet.slots.map((_, n) => n));
    }
  });

  it('one card a page: the card and its 3 mm of bleed, for every size', () => {
    for (const size of SIZE_VALUES) {
      const sheet = sheetFor({ paper: 'a4', layout: 'single', bleed: false, size });
      const { width, height } = CARD_SIZES[size];
      expect([sheet.width, sheet.height, sheet.trim, sheet.marks]).toEqual([width + 6, height + 6, { x: 3, y: 3, width, height }, []]);
      expect(sheet.label).toBe(`${width + 6} × ${height + 6} mm, one card per page with 3 mm bleed`);
    }
  });
});

describe('one card per page', () => {
  it('the page is the card and its 3 mm of bleed, whatever the paper or the bleed option', () => {
    expect([single().width, single().height, single().columns, single().rows, single().bleed, single().landscape]).toEqual([69, 94, 1, 1, 3, false]);
    expect(single().trim).toEqual({ x: 3, y: 3, width: 63, height: 88 });
    expect(single().bleedBox).toEqual({ x: 0, y: 0, width: 69, height: 94 });
    expect(sheetFor({ paper: 'letter', layout: 'single', bleed: true })).toEqual({ ...single(), paper: 'letter' });
  });

  it('has no crop marks, and says what it is', () => {
    expect(single().marks).toEqual([]);
    expect(single().label).toBe('69 × 94 mm, one card per page with 3 mm bleed');
  });
});

describe('boxes and bleed', () => {
  it('pt converts millimetres to PDF points (72 to the inch)', () => {
    expect(pt(25.4)).toBe(72);
    expect(pt(0)).toBe(0);
  });

  it('a PDF box is in points from the bottom-left corner, rounded to 1/1000', () => {
    expect(pdfBox(a4(), a4().trim)).toEqual([29.764, 46.772, 565.512, 795.118]);
    expect(pdfBox(single(), single().bleedBox)).toEqual([0, 0, 195.591, 266.457]);
  });

  it('withBleed grows a card by the sheet bleed on its sides, and on the top and bottom only when asked', () => {
    const card = a4Bleed().slots[0]!;
    expect(withBleed(a4Bleed(), card, { top: true, bottom: true })).toEqual({ x: 10.5, y: 11, width: 69, height: 94 });
    expect(withBleed(a4Bleed(), card, { top: true, bottom: false })).toEqual({ x: 10.5, y: 11, width: 69, height: 91 });
    expect(withBleed(a4Bleed(), card, { top: false, bottom: true })).toEqual({ x: 10.5, y: 14, width: 69, height: 91 });
    expect(withBleed(a4(), a4().slots[0]!, { top: true, bottom: true })).toEqual(a4().slots[0]);
  });
});
