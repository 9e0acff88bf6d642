/**
 * The card stage's pure pieces on literal inputs: sentence units, the grid
 * chosen for each paper and option, the back slot for each duplex edge, the
 * subset tags, and the options' defaults.
 */
import { describe, expect, it } from 'vitest';
import { sentenceUnits } from '../../pipeline/emit/cards/continuation.ts';
import { backSlot, sheetFor } from '../../pipeline/emit/cards/geometry.ts';
import { retagSubsets } from '../../pipeline/emit/cards/fonts.ts';
import { cardsOptions, DEFAULT_CARDS_OPTIONS } from '../../pipeline/emit/cards/options.ts';
import type { Block } from '../../pipeline/emit/cards/rich-text.ts';

const block = (text: string, extra: Partial<Block> = {}): Block => ({
  runs: [{ text, face: 'regular' }],
  depth: 0,
  marker: null,
  spaceBefore: 0,
  textLine: 1,
  ...extra,
});
const texts = (blocks: Block[]) => sentenceUnits(blocks).map((u) => u.runs.map((r) => r.text).join(''));

describe('sentence units', () => {
  it('a sentence ends at . ! or ? before a space and a capital, a digit or an opening mark', () => {
    expect(texts([block('One ends. Two asks? Three (a) ends! 4 is next. "Quoted" too.')])).toEqual([
      'One ends. ',
      'Two asks? ',
      'Three (a) ends! ',
      '4 is next. ',
      '"Quoted" too.',
    ]);
  });

  it('no break inside "e.g. the", "page 57. down" or "1.5", nor at a colon', () => {
    expect(texts([block('Use e.g. the ball, see page 57. down here 1.5 times: Then stop.')])).toEqual([
      'Use e.g. the ball, see page 57. down here 1.5 times: Then stop.',
    ]);
  });

  it('a sentence that ends in a bold run and goes on in a regular one is cut between the runs', () => {
    const units = sentenceUnits([
      {
        ...block(''),
        runs: [
          { text: 'Bold ends.', face: 'bold' },
          { text: ' Next one.', face: 'regular' },
        ],
      },
    ]);
    expect(units.map((u) => u.runs)).toEqual([
      [
        { text: 'Bold ends.', face: 'bold' },
        { text: ' ', face: 'regular' },
      ],
      [{ text: 'Next one.', face: 'regular' }],
    ]);
  });

  it('each block keeps which of its sentences are first and last', () => {
    expect(sentenceUnits([block('A. B.'), block('C.')]).map((u) => [u.block, u.first, u.last])).toEqual([
      [0, true, false],
      [0, false, true],
      [1, true, true],
    ]);
  });
});

describe('sheets', () => {
  const grid = (paper: 'a4' | 'letter', bleed: boolean) => {
    const sheet = sheetFor({ paper, layout: 'sheet', bleed });
    return [sheet.landscape ? 'landscape' : 'portrait', sheet.columns, sheet.rows];
  };

  it('the most cards that fit with marks of 3 mm or more: 3 × 3 portrait at home, 4 × 2 (A4) and 3 × 2 (Letter) landscape with bleed', () => {
    expect(grid('a4', false)).toEqual(['portrait', 3, 3]);
    expect(grid('letter', false)).toEqual(['portrait', 3, 3]);
    expect(grid('a4', true)).toEqual(['landscape', 4, 2]);
    expect(grid('letter', true)).toEqual(['landscape', 3, 2]);
  });

  it('one card per page: the card and 3 mm round it, no marks', () => {
    const sheet = sheetFor({ paper: 'letter', layout: 'single', bleed: false });
    expect([sheet.width, sheet.height, sheet.slots, sheet.marks]).toEqual([69, 94, [{ x: 3, y: 3, width: 63, height: 88 }], []]);
  });

  it('the back of a slot: long edge mirrors columns on portrait and rows on landscape; short edge the other way', () => {
    const portrait = sheetFor({ paper: 'a4', layout: 'sheet', bleed: false });
    const landscape = sheetFor({ paper: 'a4', layout: 'sheet', bleed: true });
    expect([0, 1, 5, 6].map((s) => backSlot(portrait, s, 'long'))).toEqual([2, 1, 3, 8]);
    expect([0, 1, 5, 6].map((s) => backSlot(portrait, s, 'short'))).toEqual([6, 7, 5, 0]);
    expect([0, 3, 5].map((s) => backSlot(landscape, s, 'long'))).toEqual([4, 7, 1]);
    expect([0, 3, 5].map((s) => backSlot(landscape, s, 'short'))).toEqual([3, 0, 6]);
  });
});

describe('subset tags', () => {
  const pdf = (body: string) =>
    new TextEncoder().encode(
      `%PDF-1.3\n/BaseFont /BZZZZZ+DejaVuSans\n/FontName /BZZZZZ+DejaVuSans\n/BaseFont /CZZZZZ+DejaVuSans-Bold\n${body}\n/XZZZZZ+Other\n`,
    );
  const tags = (bytes: Uint8Array) => [...new TextDecoder().decode(bytes).matchAll(/\/([A-Z]{6})\+DejaVu/g)].map((m) => m[1]);

  it('are replaced in place by tags of the file’s own bytes: same file, same tags; another file, others', () => {
    const a = retagSubsets(pdf('one'));
    const b = retagSubsets(pdf('two'));
    expect(a.length).toBe(pdf('one').length);
    expect(tags(a)[0]).toBe(tags(a)[1]);
    expect(new Set(tags(a)).size).toBe(2);
    expect(tags(a)).not.toContain('BZZZZZ');
    expect(tags(b).filter((t) => tags(a).includes(t))).toEqual([]);
    expect(retagSubsets(pdf('one'))).toEqual(a);
    expect(new TextDecoder().decode(a)).toContain('/XZZZZZ+Other');
  });
});

describe('options', () => {
  it('default to home printing, and take any field on its own', () => {
    expect(cardsOptions()).toEqual(DEFAULT_CARDS_OPTIONS);
    expect(cardsOptions({ ink: 'low' })).toEqual({ ...DEFAULT_CARDS_OPTIONS, ink: 'low' });
  });
});
