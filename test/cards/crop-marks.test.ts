/**
 * The sheet geometry a league and a print shop cut by, read from the PDFs
 * themselves: poker cards (63 × 88 mm) between the cut lines the crop marks
 * continue, touching on the home sheet and 6 mm apart with --bleed; black
 * crop marks of at least 3 mm on every cut line, outside the bleed, never on
 * a back, and far enough inside the paper edge to print; with --bleed, each
 * card's colour running 3 mm past its own cuts and never into a neighbour's
 * bleed; one card per page with --layout single; backs mirrored for the
 * duplex edge asked for.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cards, realBundle, tempDir, writeDataDir } from './helpers.ts';
import { isPureBlack, isWhite, readPdfPages, type Box, type PdfPage, type Stroke } from './pdf-geometry.ts';

const MM = 72 / 25.4;
const CARD = { width: 63 * MM, height: 88 * MM };
const BLEED = 3 * MM;
/** How far inside the paper edge a mark must end: 5 mm on A4, 4.2 mm (1/6 inch) on Letter, whose 3 × 3 grid leaves 7.7 mm. */
const SAFE_EDGE = (page: PdfPage) => (Math.round(Math.min(page.mediaBox[2], page.mediaBox[3])) === 612 ? 4.2 : 5) * MM;
const EPS = 0.01;
const SKILLS = ['--skills', 'Block, Dodge, Mighty Blow, Sure Hands, Accurate, Claws, Frenzy, Guard, Kick, Leap'];

let dataDir: string;
/** Each sheet by name: the file, and whether its cards have their own bleed. */
const sheets = new Map<string, { file: string; bleed: boolean; backs: boolean }>();

beforeAll(async () => {
  dataDir = writeDataDir(realBundle());
  const full = join(tempDir(), 'cards');
  expect((await cards(['--data', dataDir, '--out', full])).code).toBe(0);
  for (const file of readdirSync(full).filter((f) => f.endsWith('.pdf')))
    sheets.set(`the full set: ${file}`, { file: join(full, file), bleed: false, backs: false });
  const runs: [string, string[]][] = [
    ['--bleed', ['--bleed', '--backs']],
    ['--paper letter', ['--paper', 'letter']],
    ['--paper letter --bleed', ['--paper', 'letter', '--bleed']],
    ['--backs', ['--backs']],
    ['--duplex short', ['--duplex', 'short']],
  ];
  for (const [name, args] of runs) {
    const file = join(tempDir(), 'sheet.pdf');
    const run = await cards(['--data', dataDir, ...SKILLS, ...args, '-o', file]);
    expect(run.code, run.stderr).toBe(0);
    sheets.set(name, { file, bleed: args.includes('--bleed'), backs: args.includes('--backs') || args.includes('--duplex') });
  }
});

/** Crop marks: pure black 0.3 pt lines (a trait band's pattern is black too, in 0.4 pt). */
const marksOf = (page: PdfPage) => page.strokes.filter((s) => isPureBlack(s) && s.width === 0.3);
/** True when the segment reaches inside the box (touching its edge does not count). */
const entersBox = (s: Stroke, [x1, y1, x2, y2]: Box) =>
  Math.max(s.x1, s.x2) > x1 + EPS && Math.min(s.x1, s.x2) < x2 - EPS && Math.max(s.y1, s.y2) > y1 + EPS && Math.min(s.y1, s.y2) < y2 - EPS;
const near = (a: number, b: number) => Math.abs(a - b) < EPS;
const distinct = (values: number[]) => [...new Set(values.map((v) => Math.round(v * 100) / 100))].sort((a, b) => a - b);

/** The cut lines the marks continue: vertical ones (x) and horizontal ones (y). */
const cutsOf = (page: PdfPage) => {
  const marks = marksOf(page);
  return { xs: distinct(marks.filter((m) => near(m.x1, m.x2)).map((m) => m.x1)), ys: distinct(marks.filter((m) => near(m.y1, m.y2)).map((m) => m.y1)) };
};

/** The cards between the cut lines: consecutive cuts a card's width (or height) apart. */
const cardsOf = (page: PdfPage): Box[] => {
  const { xs, ys } = cutsOf(page);
  const spans = (cuts: number[], size: number) =>
    cuts
      .slice(1)
      .map((c, i) => [cuts[i]!, c] as const)
      .filter(([a, b]) => Math.abs(b - a - size) < 0.02);
  return spans(xs, CARD.width).flatMap(([x1, x2]) => spans(ys, CARD.height).map(([y1, y2]) => [x1, y1, x2, y2] as Box));
};

/** Fronts (and, with backs, every other page is a back). */
const eachPage = (fn: (page: PdfPage, where: string, sheet: { bleed: boolean; back: boolean }) => void) => {
  expect(sheets.size).toBeGreaterThanOrEqual(8);
  for (const [name, sheet] of sheets)
    readPdfPages(sheet.file).forEach((page, i) => {
      fn(page, `${name}, page ${i + 1}`, { bleed: sheet.bleed, back: sheet.backs && i % 2 === 1 });
    });
};
const eachFront = (fn: (page: PdfPage, where: string, bleed: boolean) => void) => eachPage((page, where, s) => (s.back ? undefined : fn(page, where, s.bleed)));

describe('the card sheets', () => {
  it('put 63 × 88 mm cards between the cut lines, touching on the home sheet and 6 mm apart with --bleed, the TrimBox round them, centred', () => {
    eachFront((page, where, bleed) => {
      const { xs, ys } = cutsOf(page);
      const gaps = [...xs.slice(1).map((x, i) => x - xs[i]!), ...ys.slice(1).map((y, i) => y - ys[i]!)].map((g) => Math.round((g / MM) * 10) / 10);
      expect(new Set(gaps.filter((g) => g !== 63 && g !== 88)), where).toEqual(new Set(bleed ? [6] : []));
      expect(cardsOf(page).length, where).toBeGreaterThanOrEqual(6);
      [xs[0]!, ys[0]!, xs.at(-1)!, ys.at(-1)!].forEach((cut, i) => {
        expect(Math.abs(cut - page.trimBox[i]!), `${where}: TrimBox ${page.trimBox}`).toBeLessThan(0.02);
      });
      const [x1, y1, x2, y2] = page.trimBox;
      const [, , w, h] = page.mediaBox;
      expect(Math.abs(x1 - (w - x2)), where).toBeLessThan(0.01);
      expect(Math.abs(y1 - (h - y2)), where).toBeLessThan(0.01);
    });
  });

  it('draw every crop mark outside the cards and outside the bleed', () => {
    eachFront((page, where) => {
      const marks = marksOf(page);
      expect(marks.length, where).toBeGreaterThan(0);
      for (const m of marks) {
        expect(entersBox(m, page.trimBox), `${where}: mark ${JSON.stringify(m)} inside the grid`).toBe(false);
        expect(entersBox(m, page.bleedBox), `${where}: mark ${JSON.stringify(m)} inside the bleed`).toBe(false);
      }
    });
  });

  it('continue every cut line with a crop mark on both sides of the sheet, at least 3 mm long', () => {
    eachFront((page, where) => {
      const marks = marksOf(page);
      const [left, bottom, right, top] = page.bleedBox;
      const { xs, ys } = cutsOf(page);
      for (const x of xs) {
        const on = marks.filter((m) => near(m.x1, x) && near(m.x2, x));
        expect(
          on.some((m) => Math.min(m.y1, m.y2) >= top - EPS),
          `${where}: no mark above the cut x=${x.toFixed(2)}`,
        ).toBe(true);
        expect(
          on.some((m) => Math.max(m.y1, m.y2) <= bottom + EPS),
          `${where}: no mark below the cut x=${x.toFixed(2)}`,
        ).toBe(true);
      }
      for (const y of ys) {
        const on = marks.filter((m) => near(m.y1, y) && near(m.y2, y));
        expect(
          on.some((m) => Math.max(m.x1, m.x2) <= left + EPS),
          `${where}: no mark left of the cut y=${y.toFixed(2)}`,
        ).toBe(true);
        expect(
          on.some((m) => Math.min(m.x1, m.x2) >= right - EPS),
          `${where}: no mark right of the cut y=${y.toFixed(2)}`,
        ).toBe(true);
      }
      for (const m of marks) expect(Math.hypot(m.x2 - m.x1, m.y2 - m.y1) / MM, `${where}: ${JSON.stringify(m)}`).toBeGreaterThanOrEqual(3 - 0.001);
    });
  });

  it('keep every crop mark inside the paper edge by the printable margin (5 mm on A4, 1/6 inch on Letter)', () => {
    eachFront((page, where) => {
      const [, , w, h] = page.mediaBox;
      for (const m of marksOf(page)) {
        for (const [x, y] of [
          [m.x1, m.y1],
          [m.x2, m.y2],
        ] as const) {
          expect(Math.min(x, y, w - x, h - y), `${where}: ${JSON.stringify(m)}`).toBeGreaterThanOrEqual(SAFE_EDGE(page) - EPS);
        }
      }
    });
  });

  it('draw no crop marks on the backs', () => {
    let backs = 0;
    eachPage((page, where, sheet) => {
      if (!sheet.back) return;
      backs++;
      expect(marksOf(page), where).toEqual([]);
    });
    expect(backs).toBeGreaterThan(0);
  });

  it('with --bleed, run each card’s colour 3 mm past its own cuts and never into a neighbour’s bleed', () => {
    let checked = 0;
    for (const [name, sheet] of sheets) {
      if (!sheet.bleed) continue;
      const pages = readPdfPages(sheet.file);
      pages.forEach((page, i) => {
        const where = `${name}, page ${i + 1}`;
        const front = sheet.backs && i % 2 === 1 ? pages[i - 1]! : page;
        const grown = cardsOf(front).map(([x1, y1, x2, y2]) => [x1 - BLEED, y1 - BLEED, x2 + BLEED, y2 + BLEED] as Box);
        const coloured = page.fills.filter((f) => !isWhite(f.colour));
        expect(coloured.length, where).toBeGreaterThan(0);
        for (const fill of coloured) {
          const home = grown.find((g) => fill.box[0] >= g[0] - EPS && fill.box[1] >= g[1] - EPS && fill.box[2] <= g[2] + EPS && fill.box[3] <= g[3] + EPS);
          expect(home, `${where}: ${JSON.stringify(fill.box)} is in no one card's bleed`).toBeDefined();
        }
        // Each band (or back) reaches its card's bleed edge on the top and both sides.
        const full = coloured.filter((f) => grown.some((g) => near(f.box[3], g[3]) && near(f.box[0], g[0]) && near(f.box[2], g[2])));
        expect(full.length, where).toBe(Math.min(coloured.filter((f) => f.box[2] - f.box[0] > CARD.width).length, grown.length));
        expect(full.length, where).toBeGreaterThan(0);
        checked++;
      });
    }
    expect(checked).toBeGreaterThanOrEqual(3);
  });
});

describe('one card per page', () => {
  it('is 69 × 94 mm with the TrimBox on the card, 3 mm in, and the BleedBox on the page, for every page', async () => {
    const file = join(tempDir(), 'single.pdf');
    const run = await cards(['--data', dataDir, '--skills', 'Block, Dodge, Mighty Blow', '--layout', 'single', '--backs', '-o', file]);
    expect(run.code, run.stderr).toBe(0);
    const pages = readPdfPages(file);
    expect(pages).toHaveLength(6);
    const r = (b: Box) => b.map((n) => Math.round((n / MM) * 100) / 100);
    for (const page of pages) {
      expect(r(page.mediaBox)).toEqual([0, 0, 69, 94]);
      expect(r(page.trimBox)).toEqual([3, 3, 66, 91]);
      expect(r(page.bleedBox)).toEqual([0, 0, 69, 94]);
      expect(marksOf(page)).toEqual([]);
      // The colour runs to the page edge: the band on the front, the whole back.
      expect(page.fills.some((f) => !isWhite(f.colour) && r(f.box)[0] === 0 && r(f.box)[2] === 69 && r(f.box)[3] === 94)).toBe(true);
    }
  });
});

describe('backs', () => {
  it('mirror the columns for long-edge duplex and the rows for short-edge duplex (portrait)', async () => {
    for (const [duplex, mirror] of [
      ['long', (c: number, r: number) => [2 - c, r]],
      ['short', (c: number, r: number) => [c, 2 - r]],
    ] as const) {
      const file = join(tempDir(), `${duplex}.pdf`);
      // Three categories on the first row, nothing else: each colour is in one place.
      expect((await cards(['--data', dataDir, '--skills', 'Block, Dodge, Mighty Blow', '--duplex', duplex, '-o', file])).code).toBe(0);
      const [front, back] = readPdfPages(file);
      /** The card-wide colour areas (bands on a front, whole cards on a back) with their place in the grid. */
      const grid = (page: PdfPage) => {
        const [x1, , , y2] = page.trimBox;
        return page.fills
          .filter((f) => !isWhite(f.colour) && f.box[2] - f.box[0] > CARD.width - 1)
          .map((f) => ({
            colour: f.colour.values.join(),
            column: Math.round((f.box[0] - x1) / CARD.width) + 0,
            row: Math.round((y2 - f.box[3]) / CARD.height) + 0,
          }));
      };
      const fronts = grid(front!);
      expect(
        fronts.map((f) => [f.column, f.row]),
        duplex,
      ).toEqual([
        [0, 0],
        [1, 0],
        [2, 0],
      ]);
      for (const f of fronts) {
        const [column, row] = mirror(f.column, f.row);
        expect(
          grid(back!).filter((b) => b.colour === f.colour),
          `${duplex}: ${f.colour}`,
        ).toEqual([{ colour: f.colour, column, row }]);
      }
    }
  });
});
