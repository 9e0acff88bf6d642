/**
 * The card fonts and the options, on literal inputs: widths that scale with
 * the size, the glyph check (one located error per missing character, face
 * and record; layout control characters skipped), and the print options'
 * values, defaults and bleed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { checkGlyphs, FACES, retagSubsets, type Fonts, type UsedText } from '../../pipeline/emit/cards/fonts.ts';
import {
  cardsOptions,
  DEFAULT_CARDS_OPTIONS,
  DUPLEX_VALUES,
  hasBleed,
  INK_VALUES,
  LAYOUT_VALUES,
  PAPER_VALUES,
  SIZE_VALUES,
  TEXT_SIZE_VALUES,
} from '../../pipeline/emit/cards/options.ts';
import { skillCardSpec, specContextOf } from '../../pipeline/emit/cards/card-specs.ts';
import { sheetFor } from '../../pipeline/emit/cards/geometry.ts';
import { drawDocument, fitCard } from '../../pipeline/emit/cards/layout.ts';
import { loadFonts } from '../../pipeline/emit/cards/fonts.ts';
import { cardFonts, loadPdfKit, readFontBytes } from '../../pipeline/targets/cards.ts';
import { cardBundle, monoFonts, record } from './literal.ts';

let fonts: Fonts;
beforeAll(async () => {
  fonts = await cardFonts();
});

describe('the faces', () => {
  it('four faces of DejaVu Sans Condensed, each parsed once', () => {
    expect(FACES).toEqual(['regular', 'bold', 'italic', 'boldItalic']);
    expect(Object.keys(fonts.parsed)).toEqual([...FACES]);
    expect(new Set(FACES.map((f) => fonts.parsed[f])).size).toBe(4);
  });

  it('a width scales with the size, and a bold word is wider than a regular one', () => {
    const w = fonts.width('Mighty Blow', 'regular', 1);
    expect(w).toBeGreaterThan(3);
    expect(fonts.width('Mighty Blow', 'regular', 9)).toBeCloseTo(9 * w, 9);
    expect(fonts.width('Mighty Blow', 'regular', 9)).toBe(fonts.width('Mighty Blow', 'regular', 9));
    expect(fonts.width('Mighty Blow', 'bold', 1)).toBeGreaterThan(w);
    expect(fonts.width('', 'regular', 9)).toBe(0);
  });

  it('knows which characters each face has', () => {
    expect(['A', 'é', '→', '·', '…'].map((c) => fonts.has(c.codePointAt(0)!, 'regular'))).toEqual([true, true, true, true, true]);
    expect(fonts.has(0x6f22, 'bold')).toBe(false);
    expect(fonts.has(0x6f22, 'bold')).toBe(false);
  });

  it('the ascent is a fraction of the size', () => {
    expect(fonts.ascent).toBeGreaterThan(0.5);
    expect(fonts.ascent).toBeLessThan(1.2);
  });
});

describe('documents made one after another with the same faces', () => {
  it('each has the bytes it has alone: a glyph maps back to its own document’s text (an italic É before made E copy as nothing)', async () => {
    const pdf = await loadPdfKit();
    const context = specContextOf(cardBundle());
    const meta = { title: 'T', subject: 'S', datasetVersion: '1.0.0', creationDate: new Date(Date.UTC(2020, 0, 1)), lang: 'en' };
    // Italic É, and no italic E: its subset makes the E inside the É.
    const first = { ...skillCardSpec(record('x', { text: 'A rule.' }), null, context), subtitle: 'Les Écorcheurs de Bretonnie' };
    const second = { ...skillCardSpec(record('y', { text: 'Another rule.' }), null, context), subtitle: 'EN: Block' };
    const draw = (faces: Fonts, spec: typeof first) => drawDocument(fitCard(spec, faces).cards, sheetFor(cardsOptions()), faces, meta, cardsOptions());
    const alone = (await draw(loadFonts(readFontBytes(), pdf), second)).bytes;
    const shared = loadFonts(readFontBytes(), pdf);
    await draw(shared, first);
    expect(Buffer.from((await draw(shared, second)).bytes).equals(Buffer.from(alone))).toBe(true);
  });
});

describe('the glyph check', () => {
  const origin = { record: 'en-2020/dodge', file: 'sources/raw/en.txt', line: 7 };
  const used = (text: string, extra: Partial<UsedText> = {}): UsedText => ({ text, face: 'regular', origin, where: 'text line 2', ...extra });
  const mono = monoFonts();

  it('a character no face has is an error naming it, its code point, the record, the place and the face, at its line', () => {
    expect(checkGlyphs([used('a ☃ b', { face: 'boldItalic' })], mono).map((d) => [d.ruleId, d.fatal, d.source, d.file, d.place, d.reason])).toEqual([
      [
        'cards/missing-glyph',
        true,
        'emit',
        'sources/raw/en.txt',
        { line: 7 },
        "the character '☃' (U+2603) in en-2020/dodge (text line 2) has no glyph in DejaVu Sans Condensed Bold Oblique",
      ],
    ]);
  });

  it('says how to fix it: an erratum, or another font', () => {
    expect(checkGlyphs([used('☃')], mono)[0]!.note).toBe(
      'the cards embed one open-licence font; replace the character in the source (an erratum) or choose a font that has it in pipeline/emit/cards/fonts.ts',
    );
  });

  it('names each face as the font does', () => {
    const faces = (['regular', 'bold', 'italic'] as const).map(
      (face) => checkGlyphs([used('☃', { face })], mono)[0]!.reason.split(' in DejaVu Sans Condensed ')[1],
    );
    expect(faces).toEqual(['Regular', 'Bold', 'Oblique']);
  });

  it('one error per record, character and face, however often it appears', () => {
    const twice = checkGlyphs([used('☃☃'), used('☃', { where: 'name' }), used('☃', { face: 'bold' }), used('☃', { origin: { ...origin, record: 'x' } })], mono);
    expect(twice.map((d) => d.reason.slice(-50))).toHaveLength(3);
  });

  it('newlines and tabs are not drawn, so never checked; every drawn character is', () => {
    const strict = { ...mono, has: () => false };
    expect(checkGlyphs([used('\n\t\r')], strict)).toEqual([]);
    expect(checkGlyphs([used(' ')], strict)).toHaveLength(1);
    expect(checkGlyphs([used('ok')], mono)).toEqual([]);
  });

  it('a character outside the basic plane is named by its whole code point', () => {
    const strict = { ...mono, has: () => false };
    expect(checkGlyphs([used('𝔄')], strict)[0]!.reason).toContain("'𝔄' (U+1D504)");
    expect(checkGlyphs([used('é')], strict)[0]!.reason).toContain('(U+00E9)');
  });
});

describe('the print options', () => {
  it('list their values for a command or a form', () => {
    expect([PAPER_VALUES, LAYOUT_VALUES, DUPLEX_VALUES, INK_VALUES, SIZE_VALUES, TEXT_SIZE_VALUES]).toEqual([
      ['a4', 'letter'],
      ['sheet', 'single'],
      ['long', 'short'],
      ['normal', 'low'],
      ['poker', 'bridge', 'mini', 'tarot'],
      ['fit', 'uniform'],
    ]);
  });

  it('default to A4 sheets of poker cards without bleed or backs, long-edge duplex, full colour, each card its own text size', () => {
    expect(DEFAULT_CARDS_OPTIONS).toEqual({
      paper: 'a4',
      layout: 'sheet',
      bleed: false,
      backs: false,
      duplex: 'long',
      ink: 'normal',
      size: 'poker',
      textSize: 'fit',
    });
    expect(cardsOptions({ paper: 'letter', backs: true })).toEqual({ ...DEFAULT_CARDS_OPTIONS, paper: 'letter', backs: true });
  });

  it('the cards have bleed when asked, and always one per page', () => {
    expect(hasBleed({ bleed: false, layout: 'sheet' })).toBe(false);
    expect(hasBleed({ bleed: true, layout: 'sheet' })).toBe(true);
    expect(hasBleed({ bleed: false, layout: 'single' })).toBe(true);
  });
});

describe('subset tags', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  const text = (pdf: Uint8Array) => new TextDecoder().decode(pdf);
  const tags = (pdf: Uint8Array) => [...text(pdf).matchAll(/\/([A-Z]{6})\+DejaVu/g)].map((m) => m[1]);

  it('any six capitals from A to Z are a tag, even the last bytes of the file', () => {
    const out = retagSubsets(bytes('[/AAAAAA+DejaVuSans /ZZZZZZ+DejaVuSans-Bold\n/BZZZZZ+DejaVu'));
    expect(tags(out)).toHaveLength(3);
    expect(tags(out).filter((t) => ['AAAAAA', 'ZZZZZZ', 'BZZZZZ'].includes(t!))).toEqual([]);
  });

  it('one tag gets one new tag wherever it stands, whatever comes before it', () => {
    const out = tags(retagSubsets(bytes('[/BZZZZZ+DejaVuSans]\n<</FontName /BZZZZZ+DejaVuSans>> x/BZZZZZ+DejaVu')));
    expect(new Set(out).size).toBe(1);
  });

  it('leaves alone what is not a tag: five or seven capitals, lower case, another family, no slash', () => {
    const kept = '/BZZZZ+DejaVu /BZZZZZZ+DejaVu /bzzzzz+DejaVu /BZZZZZ+Other BZZZZZ+DejaVu /BZZZZ[+DejaVu /BZZZZZ-DejaVu /BZZZ1Z+DejaVu /@ZZZZZ+DejaVu';
    expect(text(retagSubsets(bytes(kept)))).toBe(kept);
  });

  it('the new tags are six capitals, different for each old tag', () => {
    const out = tags(retagSubsets(bytes('/BZZZZZ+DejaVu /CZZZZZ+DejaVu /DZZZZZ+DejaVu /EZZZZZ+DejaVu')));
    expect(out.every((t) => /^[A-Z]{6}$/.test(t!))).toBe(true);
    expect(new Set(out).size).toBe(4);
  });

  it('two old tags whose derived tags collide still get different tags', () => {
    // A hundred tags (AAAAAA, AAAAAB, …) and a comment: in this file AAAABU and AAAADE derive the same tag,
    // GMKPEY (found by trying comments from 0 up with the same hash and letters as fonts.ts).
    const old = Array.from({ length: 100 }, (_, i) => `AAAA${String.fromCharCode(0x41 + Math.floor(i / 26), 0x41 + (i % 26))}`);
    const out = tags(retagSubsets(bytes(`${old.map((t) => `/${t}+DejaVu`).join(' ')} %9628`)));
    expect(out).toHaveLength(100);
    expect(new Set(out).size).toBe(100);
  });
});
