/**
 * The sheet geometry a league cuts by, read from the PDFs themselves: poker
 * cards (63 × 88 mm) in a 3 × 3 grid on the TrimBox, and black crop marks
 * that continue every cut line outside the grid on all four sides, never
 * inside a card or the bleed, and far enough inside the paper edge to print.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cards, realBundle, tempDir, writeDataDir } from './helpers.ts';
import { readPdfPages, type Box, type PdfPage, type Stroke } from './pdf-geometry.ts';

const MM = 72 / 25.4;
const CARD = { width: 63 * MM, height: 88 * MM };
/** Crop marks stay this far inside the paper edge. */
const SAFE_EDGE = 5 * MM;
const EPS = 0.01;

let dataDir: string;
const sheets = new Map<string, string>();

beforeAll(async () => {
  dataDir = writeDataDir(realBundle());
  const full = join(tempDir(), 'cards');
  expect((await cards(['--data', dataDir, '--out', full])).code).toBe(0);
  for (const file of readdirSync(full).filter((f) => f.endsWith('.pdf'))) sheets.set(`the full set: ${file}`, join(full, file));
  const runs: [string, string[]][] = [
    ['--bleed', ['--bleed']],
    ['--paper letter', ['--paper', 'letter']],
    ['--backs', ['--backs']],
  ];
  for (const [name, args] of runs) {
    const file = join(tempDir(), 'sheet.pdf');
    const run = await cards(['--data', dataDir, '--skills', 'Block, Dodge, Mighty Blow, Sure Hands', ...args, '-o', file]);
    expect(run.code, run.stderr).toBe(0);
    sheets.set(name, file);
  }
});

const isBlack = (s: Stroke) => s.colour.length >= 3 && s.colour.every((c) => c === 0);
const marksOf = (page: PdfPage) => page.strokes.filter(isBlack);
/** True when the segment reaches inside the box (touching its edge does not count). */
const entersBox = (s: Stroke, [x1, y1, x2, y2]: Box) =>
  Math.max(s.x1, s.x2) > x1 + EPS && Math.min(s.x1, s.x2) < x2 - EPS && Math.max(s.y1, s.y2) > y1 + EPS && Math.min(s.y1, s.y2) < y2 - EPS;
const near = (a: number, b: number) => Math.abs(a - b) < EPS;

/** The cut lines of the 3 × 3 grid on a TrimBox: 4 vertical (x) and 4 horizontal (y). */
const cutsOf = ([x1, y1]: Box) => ({ xs: [0, 1, 2, 3].map((i) => x1 + i * CARD.width), ys: [0, 1, 2, 3].map((i) => y1 + i * CARD.height) });

const eachPage = (fn: (page: PdfPage, where: string) => void) => {
  expect(sheets.size).toBeGreaterThanOrEqual(4);
  for (const [name, file] of sheets) readPdfPages(file).forEach((page, i) => fn(page, `${name}, page ${i + 1}`));
};

describe('the card sheets', () => {
  it('put a 3 × 3 grid of 63 × 88 mm cards on the TrimBox, centred on the paper', () => {
    eachPage((page, where) => {
      const [x1, y1, x2, y2] = page.trimBox;
      expect([x2 - x1, y2 - y1].map((n) => Math.round(n * 100) / 100), where).toEqual([3 * CARD.width, 3 * CARD.height].map((n) => Math.round(n * 100) / 100));
      const [, , w, h] = page.mediaBox;
      expect(Math.abs(x1 - (w - x2)), where).toBeLessThan(0.01);
      expect(Math.abs(y1 - (h - y2)), where).toBeLessThan(0.01);
    });
  });

  it('draw every crop mark outside the card grid and outside the bleed', () => {
    eachPage((page, where) => {
      const marks = marksOf(page);
      expect(marks.length, where).toBeGreaterThan(0);
      for (const m of marks) {
        expect(entersBox(m, page.trimBox), `${where}: mark ${JSON.stringify(m)} inside the grid`).toBe(false);
        expect(entersBox(m, page.bleedBox), `${where}: mark ${JSON.stringify(m)} inside the bleed`).toBe(false);
      }
    });
  });

  it('continue every cut line with a crop mark on both sides of the grid: above and below each vertical cut, left and right of each horizontal one', () => {
    eachPage((page, where) => {
      const marks = marksOf(page);
      const [left, bottom, right, top] = page.bleedBox;
      const { xs, ys } = cutsOf(page.trimBox);
      for (const x of xs) {
        const on = marks.filter((m) => near(m.x1, x) && near(m.x2, x));
        expect(on.some((m) => Math.min(m.y1, m.y2) >= top - EPS), `${where}: no mark above the cut x=${x.toFixed(2)}`).toBe(true);
        expect(on.some((m) => Math.max(m.y1, m.y2) <= bottom + EPS), `${where}: no mark below the cut x=${x.toFixed(2)}`).toBe(true);
      }
      for (const y of ys) {
        const on = marks.filter((m) => near(m.y1, y) && near(m.y2, y));
        expect(on.some((m) => Math.max(m.x1, m.x2) <= left + EPS), `${where}: no mark left of the cut y=${y.toFixed(2)}`).toBe(true);
        expect(on.some((m) => Math.min(m.x1, m.x2) >= right - EPS), `${where}: no mark right of the cut y=${y.toFixed(2)}`).toBe(true);
      }
      // Nothing else in black: every mark lies on a cut line.
      for (const m of marks) expect(xs.some((x) => near(m.x1, x) && near(m.x2, x)) || ys.some((y) => near(m.y1, y) && near(m.y2, y)), `${where}: ${JSON.stringify(m)}`).toBe(true);
    });
  });

  it('keep every crop mark at least 5 mm inside the paper edge, so printing at 100 % shows it', () => {
    eachPage((page, where) => {
      const [, , w, h] = page.mediaBox;
      for (const m of marksOf(page)) {
        for (const [x, y] of [[m.x1, m.y1], [m.x2, m.y2]] as const) {
          expect(Math.min(x, y, w - x, h - y), `${where}: ${JSON.stringify(m)}`).toBeGreaterThanOrEqual(SAFE_EDGE - EPS);
        }
      }
    });
  });
});
