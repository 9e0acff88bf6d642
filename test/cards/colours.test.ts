/**
 * Print colour (issue 34, item 8), read from the PDFs: every colour is
 * DeviceCMYK, with no RGB operator or colour space anywhere in the file, in
 * full colour, low ink, with backs and bleed; and every category's band can
 * be told from every other in greyscale, by its pattern or its lightness.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { skillCardSpec, specContextOf, type CardSpec } from '../../pipeline/emit/cards/card-specs.ts';
import { COLOURS, type ColourKey } from '../../pipeline/emit/cards/colours.ts';
import type { Fonts } from '../../pipeline/emit/cards/fonts.ts';
import { patternMarks } from '../../pipeline/emit/cards/band-pattern.ts';
import { inducementCardSpec } from '../../pipeline/emit/cards/inducement-cards.ts';
import { pt, sheetFor } from '../../pipeline/emit/cards/geometry.ts';
import { drawDocument, fitCard, type DocumentMeta } from '../../pipeline/emit/cards/layout.ts';
import { cardsOptions, type CardsOptions } from '../../pipeline/emit/cards/options.ts';
import { cardFonts } from '../../pipeline/targets/cards.ts';
import { cardBundle, coach, record } from './literal.ts';
import { pdfStreams, readPdfBytes, type Colour, type PdfPage } from './pdf-geometry.ts';

let fonts: Fonts;
beforeAll(async () => {
  fonts = await cardFonts();
});

const context = specContextOf(cardBundle());
const meta: DocumentMeta = { title: 'T', subject: 'S', datasetVersion: '1.0.0', creationDate: new Date(Date.UTC(2020, 0, 1)), lang: 'en' };
const KEYS = Object.keys(COLOURS) as ColourKey[];

/** A card in the colour of `key`, with a marker, a badge, a corner and a team: every kind of mark a front draws. */
const cardOf = (key: ColourKey): CardSpec => ({
  ...skillCardSpec(record('x', { text: 'A short rule.' }), null, context, { team: 'Reavers', players: ['Griff'] }),
  key,
  colour: COLOURS[key],
  marker: 'COMPULSORY',
});

async function pdf(options: Partial<CardsOptions>, keys: readonly ColourKey[] = KEYS): Promise<Uint8Array> {
  const all = cardsOptions(options);
  const cards = keys.flatMap((k) => fitCard(cardOf(k), fonts).cards);
  return (await drawDocument(cards, sheetFor(all), fonts, meta, all)).bytes;
}

/** PDF's own DeviceCMYK → DeviceGray conversion (ISO 32000-1, 10.3.5): 0 is black, 1 white. */
const grey = ([c, m, y, k]: number[]): number => 1 - Math.min(1, 0.3 * c! + 0.59 * m! + 0.11 * y! + k!);

describe('every colour is CMYK', () => {
  const cases: Record<string, Partial<CardsOptions>> = {
    'full colour with backs': { backs: true },
    'low ink with backs': { backs: true, ink: 'low' },
    'bleed, one card a page': { layout: 'single', backs: true },
  };
  for (const [name, options] of Object.entries(cases)) {
    it(`${name}: no RGB operator or colour space in any stream, and every drawn colour is DeviceCMYK`, async () => {
      const bytes = await pdf(options);
      const pages = readPdfBytes(bytes);
      const colours: Colour[] = pages.flatMap((p) => [
        ...p.texts.map((t) => t.colour),
        ...p.fills.map((f) => f.colour),
        ...p.strokes.map((s) => ({ space: s.space, values: s.colour })),
      ]);
      expect(colours.length).toBeGreaterThan(100);
      expect(colours.filter((c) => c.space !== 'cmyk')).toEqual([]);
      for (const stream of pdfStreams(bytes)) expect(stream).not.toMatch(/\/DeviceRGB|\/DeviceGray|(^|\s)(rg|RG|g|G|sc|SC)(\s|$)/);
      expect(Buffer.from(bytes).toString('latin1')).not.toMatch(/\/DeviceRGB|\/CalRGB|\/ICCBased/);
    });
  }
});

/** A band as printed: its fill's grey, and the kinds of mark drawn over it in another colour. */
interface Band {
  grey: number;
  pattern: string;
  /** The grey of the pattern's marks, when there are any. */
  shade: number | null;
}

/** The band of the first card of `page`: the fill that covers its top 13.5 mm, and what is drawn over it. */
function bandOf(page: PdfPage, slot: { x: number; y: number }, height: number): Band {
  const [left, top] = [pt(slot.x), pt(height - slot.y)];
  const inside = (x: number, y: number) => x >= left - 0.01 && x <= left + pt(63) + 0.01 && y <= top + 0.01 && y >= top - pt(13.5) - 0.01;
  const band = page.fills.find((f) => inside(f.box[0], f.box[3]) && inside(f.box[2], f.box[1]) && f.box[2] - f.box[0] > pt(60))!;
  const lines = page.strokes.filter((s) => s.width === 0.4 && inside(s.x1, s.y1) && inside(s.x2, s.y2));
  // Over the band: the marker's white box, and the pattern's dots (one path of them).
  const dots = page.fills.filter((f) => f !== band && inside(f.box[0], f.box[3]) && inside(f.box[2], f.box[1]) && grey(f.colour.values) < 1);
  const kinds = new Set<string>(
    lines.map((s) => {
      if (Math.abs(s.y1 - s.y2) < 1e-6) return 'horizontal';
      if (Math.abs(s.x1 - s.x2) < 1e-6) return 'vertical';
      return (s.y2 - s.y1) / (s.x2 - s.x1) > 0 ? 'rising' : 'falling';
    }),
  );
  if (dots.length) kinds.add('dots');
  const shade = lines[0]?.colour ?? dots[0]?.colour.values ?? null;
  return { grey: grey(band.colour.values), pattern: [...kinds].sort().join('+') || 'none', shade: shade && grey(shade) };
}

describe('every category reads in greyscale', () => {
  let bands: Map<ColourKey, Band>;
  beforeAll(async () => {
    const sheet = sheetFor(cardsOptions());
    bands = new Map();
    for (const key of KEYS) {
      const [page] = readPdfBytes(await pdf({}, [key]));
      bands.set(key, bandOf(page!, sheet.slots[0]!, sheet.height));
    }
  });

  it('two bands differ by their pattern, or by a tenth of the grey scale or more', () => {
    const alike: string[] = [];
    for (const [i, a] of KEYS.entries()) {
      for (const b of KEYS.slice(i + 1)) {
        const [x, y] = [bands.get(a)!, bands.get(b)!];
        if (x.pattern === y.pattern && Math.abs(x.grey - y.grey) < 0.1)
          alike.push(`${a} and ${b}: ${x.pattern}, grey ${x.grey.toFixed(3)} and ${y.grey.toFixed(3)}`);
      }
    }
    expect(alike).toEqual([]);
    expect(new Set([...bands.values()].map((b) => b.pattern)).size).toBeGreaterThanOrEqual(7);
  });

  it('a pattern shows in greyscale: its marks are 0.15 or more darker than the band', () => {
    for (const [key, band] of bands) {
      if (band.pattern === 'none') continue;
      expect(band.grey - band.shade!, key).toBeGreaterThanOrEqual(0.15);
    }
  });

  it('every band is dark enough for its white name (grey 0.45 or darker)', () => {
    for (const [key, band] of bands) expect(band.grey, key).toBeLessThanOrEqual(0.45);
  });
});

describe("a team's inducements", () => {
  it.each([
    ['inducement', 'horizontal', 'horizontal'],
    ['wizard', 'dots', 'dots'],
    ['coaching-staff', 'grid', 'horizontal+vertical'],
  ] as const)('card of kind %s in a team deck, English or French: CMYK only, its band in its kind’s pattern (%s)', async (kind, pattern, drawn) => {
    expect(COLOURS[kind].pattern).toBe(pattern);
    const sheet = sheetFor(cardsOptions({ backs: true }));
    for (const lang of ['en', 'fr'] as const) {
      const spec = inducementCardSpec(coach({ kind }), context, { team: 'Reavers', count: 2, lang });
      expect(spec.colour).toBe(COLOURS[kind]);
      const bytes = (await drawDocument(fitCard(spec, fonts).cards, sheet, fonts, meta, cardsOptions({ backs: true }))).bytes;
      const pages = readPdfBytes(bytes);
      const colours = pages.flatMap((p) => [...p.texts.map((t) => t.colour), ...p.fills.map((f) => f.colour), ...p.strokes.map((s) => ({ space: s.space }))]);
      expect(colours.filter((c) => c.space !== 'cmyk')).toEqual([]);
      for (const stream of pdfStreams(bytes)) expect(stream).not.toMatch(/\/DeviceRGB|\/DeviceGray|(^|\s)(rg|RG|g|G|sc|SC)(\s|$)/);
      const band = bandOf(pages[0]!, sheet.slots[0]!, sheet.height);
      expect([band.pattern, band.grey]).toEqual([drawn, expect.closeTo(grey(COLOURS[kind].ink.map((v) => v / 100)), 3)]);
    }
  });
});

describe('pattern marks', () => {
  const rect = { x: 10, y: 20, width: 30, height: 12 };
  it('lie inside their rectangle, whatever the pattern', () => {
    for (const key of KEYS) {
      const { lines, dots } = patternMarks(rect, COLOURS[key].pattern);
      for (const l of lines)
        for (const [x, y] of [
          [l.x1, l.y1],
          [l.x2, l.y2],
        ])
          expect(x! >= 10 - 1e-9 && x! <= 40 + 1e-9 && y! >= 20 - 1e-9 && y! <= 32 + 1e-9, `${key}: ${x}, ${y}`).toBe(true);
      for (const d of dots) expect(d.x - 0.3 >= 10 && d.x + 0.3 <= 40 && d.y - 0.3 >= 20 && d.y + 0.3 <= 32, `${key}: dot ${d.x}, ${d.y}`).toBe(true);
    }
  });

  it('cover their rectangle: lines 1.8 mm apart across it, from edge to edge', () => {
    const { lines } = patternMarks(rect, 'horizontal');
    expect(lines.map((l) => l.y1)).toEqual([20.9, 22.7, 24.5, 26.3, 28.1, 29.9, 31.7].map((y) => expect.closeTo(y, 9)));
    expect(lines.every((l) => l.x1 === 10 && l.x2 === 40)).toBe(true);
    const rising = patternMarks(rect, 'rising').lines;
    // Perpendicular distance between neighbouring 45° lines.
    const c = rising.map((l) => l.x1 + l.y1);
    expect((c[1]! - c[0]!) / Math.SQRT2).toBeCloseTo(1.8, 9);
    expect(rising.every((l) => Math.abs(l.x1 + l.y1 - (l.x2 + l.y2)) < 1e-9 && l.x2 > l.x1)).toBe(true);
    expect(patternMarks(rect, 'none')).toEqual({ lines: [], dots: [] });
  });
});
