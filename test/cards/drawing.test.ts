/**
 * The drawing and the card stage's orchestrator on literal cards and a small
 * literal bundle, with the real fonts: what each page draws (every text with
 * its face, size, colour and place, recorded from pdfkit's calls), the page
 * boxes and crop marks read back from the PDF bytes, the backs, low ink, the
 * fit of each card (continuation, uniform sizes, the error past four cards),
 * the documents of the full set and index.json.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CODEX_NAME, COLOURS, skillCardSpec, specContextOf, type CardSpec } from '../../pipeline/emit/cards/card-specs.ts';
import { indexJson, planAllDocuments, renderDocuments } from '../../pipeline/emit/cards/emit-cards.ts';
import type { Fonts } from '../../pipeline/emit/cards/fonts.ts';
import { CARD, CARD_SIZES, pdfBox, pt, sheetFor, type Sheet } from '../../pipeline/emit/cards/geometry.ts';
import { bodyBox, drawDocument, fitCard, kindRows, uniformSizes, type DocumentMeta, type FittedCard } from '../../pipeline/emit/cards/layout.ts';
import { cardsOptions, type CardsOptions } from '../../pipeline/emit/cards/options.ts';
import { cardFonts } from '../../pipeline/targets/cards.ts';
import { cardBundle, coach, record } from './literal.ts';
import { isPureBlack, readPdfBytes, type PdfPage, type Stroke } from './pdf-geometry.ts';
import { recorder, type Drawn } from './recorder.ts';

let realFonts: Fonts;
beforeAll(async () => {
  realFonts = await cardFonts();
});

const data = cardBundle();
const context = specContextOf(data);
const meta: DocumentMeta = { title: 'T', subject: 'S', datasetVersion: '1.0.0', creationDate: new Date(Date.UTC(2020, 0, 1)), lang: 'en' };
const specOf = (slug: string, extra: Parameters<typeof record>[1] = {}): CardSpec => skillCardSpec(record(slug, extra), null, context);
const fitted = (spec: CardSpec): FittedCard[] => fitCard(spec, realFonts).cards;
const home = sheetFor(cardsOptions());
const values = (page: Drawn[]) => page.map((d) => d.value);
const BLACK = [0, 0, 0, 100];
const WHITE = [0, 0, 0, 0];
const GREY = [0, 0, 0, 65];
/** The agility colour as the PDF holds it: CMYK from 0 to 1. */
const AGILITY = COLOURS.agility.ink.map((n) => n / 100);
/** A fill of the agility colour (the category of the literal records). */
const agility = (f: PdfPage['fills'][number]): boolean => f.colour.space === 'cmyk' && f.colour.values.join() === AGILITY.join();

async function draw(cards: FittedCard[], sheet: Sheet = home, options: Partial<CardsOptions> = {}) {
  const rec = recorder(realFonts);
  const result = await drawDocument(cards, sheet, rec.fonts, meta, { ...cardsOptions(), ...options });
  return { ...result, pages: rec.pages, count: result.pages, documents: rec.documents, read: () => readPdfBytes(result.bytes) };
}

/** A rule text of `n` sentences, long enough to continue at n ≥ 40. */
const longText = (n: number) => Array.from({ length: n }, (_, i) => `Sentence number ${i + 1} of the rule is here.`).join(' ');

describe('fitting a card', () => {
  it('a short rule is one card at 9 pt', () => {
    const [card, ...rest] = fitCard(specOf('dodge'), realFonts).cards;
    expect(rest).toEqual([]);
    expect([card!.part, card!.parts, card!.size]).toEqual([0, 1, 9]);
  });

  it('a long rule continues over cards numbered in order', () => {
    const cards = fitted(specOf('long', { text: longText(40) }));
    expect(cards.length).toBeGreaterThan(1);
    expect(cards.map((c) => [c.part, c.parts])).toEqual(cards.map((_, n) => [n, cards.length]));
    expect(new Set(cards.map((c) => c.size)).size).toBe(1);
  });

  it('a rule too long for four poker cards is an error at its record, and no card, at any card size', () => {
    const spec = specOf('endless', { text: longText(400), source: { id: 's', lines: [12, 13], errata: [] } });
    for (const size of [CARD, CARD_SIZES.mini, CARD_SIZES.tarot]) {
      const { cards, diagnostic } = fitCard(spec, realFonts, size);
      expect(cards).toEqual([]);
      expect(diagnostic).toMatchObject({ ruleId: 'cards/text-too-long', file: 'sources/raw/en-2020.txt', place: { line: 12 }, fatal: true, source: 'emit' });
      expect(diagnostic!.reason).toMatch(/^en-2020\/endless: the text needs \d+ poker cards at 7 pt; a card continues on at most 4$/);
      expect(diagnostic!.note).toMatch(/pasted duplicate/);
    }
  });

  it('a rule that four poker cards hold prints on as many smaller cards as it needs', () => {
    const spec = specOf('long', { text: longText(60) });
    expect(fitted(spec).length).toBeLessThanOrEqual(4);
    const mini = fitCard(spec, realFonts, CARD_SIZES.mini);
    expect(mini.diagnostic).toBeNull();
    expect(mini.cards.length).toBeGreaterThan(4);
  });

  it("a player's card is never refused: a text too long for four cards continues on as many as it needs, numbered in order", () => {
    const spec: CardSpec = { ...specOf('endless', { text: longText(150) }), key: 'player:Griff', title: 'Griff' };
    const { cards, diagnostic } = fitCard(spec, realFonts);
    expect(diagnostic).toBeNull();
    expect(cards.length).toBeGreaterThan(4);
    expect(cards.map((c) => [c.part, c.parts])).toEqual(cards.map((_, n) => [n, cards.length]));
    const words = (c: FittedCard) => c.lines.flatMap((l) => l.segments.map((seg) => seg.text)).join(' ');
    expect(cards.map(words).join(' ').replace(/\s+/g, ' ')).toBe(longText(150));
  });
});

describe('uniform sizes', () => {
  it('every card of a page takes the smallest size on it; the next page keeps its own', () => {
    const small = fitted(specOf('a', { text: longText(20) }))[0]!;
    const big = fitted(specOf('b', { text: 'Short.' }))[0]!;
    expect(small.size).toBeLessThan(9);
    const out = uniformSizes([big, small, big, big], 2, realFonts);
    expect(out.map((c) => c.size)).toEqual([small.size, small.size, 9, 9]);
    expect(out[0]!.lines).toEqual(fitCard(specOf('b', { text: 'Short.' }), realFonts).cards[0]!.lines.map((l) => l));
    expect(out[0]!.lineHeight).toBeCloseTo(small.size * 1.2, 9);
    expect(out[1]).toBe(small);
  });

  it('relays the text out at the smaller size', () => {
    const big = fitted(specOf('b', { text: longText(8) }))[0]!;
    const tiny = { ...big, size: 6 };
    const [out] = uniformSizes([big, tiny], 2, realFonts);
    expect(out!.size).toBe(6);
    expect(out!.lines.length).toBeLessThan(big.lines.length);
  });

  it('a part cut at a line keeps its size', () => {
    const cut: FittedCard = { ...fitted(specOf('b'))[0]!, blocks: [], size: 7 };
    const small = { ...cut, size: 6 };
    expect(uniformSizes([cut, small], 2, realFonts)[0]).toBe(cut);
  });
});

describe('a front page', () => {
  it('draws the name in bold white on the band, the kind line, the text and the footer', async () => {
    const { pages } = await draw(fitted(specOf('dodge', { name: 'Dodge', text: 'Move away.' })));
    const [page] = pages;
    const slot = home.slots[0]!;
    expect(page!.find((d) => d.value === 'Dodge')).toEqual({
      value: 'Dodge',
      face: 'bold',
      size: 10.5,
      colour: WHITE,
      x: pt(slot.x + 3.6),
      y: pt(slot.y + 2.4),
    });
    expect(page!.find((d) => d.value === 'Skill · Agility')).toMatchObject({ face: 'bold', colour: BLACK, size: 7.5 });
    expect(page!.find((d) => d.value === 'Move away.')).toMatchObject({ face: 'regular', size: 9, colour: BLACK, x: pt(slot.x + 3.6), y: pt(slot.y + 19.9) });
    expect(page!.find((d) => d.value === 'Blood Bowl 2020')).toMatchObject({ face: 'regular', size: 7, colour: GREY, y: pt(slot.y + (88 - 9.4 + 1.0)) });
    expect(page!.find((d) => d.value === 'en-2020/dodge')).toMatchObject({ face: 'regular', size: 7, colour: GREY, y: pt(slot.y + (88 - 9.4 + 3.9)) });
  });

  it('the category badge is a white letter; the random slots sit right of the kind line in grey', async () => {
    const spec = { ...specOf('dodge'), corner: 'BB 1-3·4' };
    const { pages } = await draw(fitted(spec));
    const slot = home.slots[0]!;
    expect(pages[0]!.find((d) => d.value === 'A')).toMatchObject({ face: 'bold', size: 7, colour: WHITE });
    const corner = pages[0]!.find((d) => d.value === 'BB 1-3·4')!;
    expect(corner).toMatchObject({ face: 'bold', size: 7, colour: GREY });
    expect(corner.x + realFonts.width('BB 1-3·4', 'bold', 7)).toBeCloseTo(pt(slot.x + 63 - 3.6), 6);
  });

  it('each card goes in its slot, row by row', async () => {
    const cards = ['a', 'b', 'c', 'd'].flatMap((s) => fitted(specOf(s)));
    const { pages } = await draw(cards);
    const titles = pages[0]!.filter((d) => /^[a-d]$/.test(d.value));
    expect(titles.map((d) => [d.value, d.x, d.y])).toEqual(home.slots.slice(0, 4).map((s, n) => ['abcd'[n], pt(s.x + 3.6), pt(s.y + 2.4)]));
  });

  it('a compulsory card has its marker in black on a white box; the French name in small white type', async () => {
    const french = skillCardSpec(data.skills.find((r) => r.id === 'fr-legacy/esquive')!, null, context);
    const { pages } = await draw(fitted({ ...french, marker: 'OBLIGATOIRE' }));
    expect(pages[0]!.find((d) => d.value === 'OBLIGATOIRE')).toMatchObject({ face: 'bold', size: 7, colour: BLACK });
    expect(pages[0]!.find((d) => d.value === 'EN: dodge')).toMatchObject({ face: 'italic', size: 7.5, colour: WHITE });
  });

  it('a subtitle too long for the band is cut with an ellipsis', async () => {
    const spec = { ...specOf('x'), subtitle: `EN: ${'Very long English name '.repeat(6)}` };
    const { pages } = await draw(fitted(spec));
    const drawn = pages[0]!.find((d) => d.value.startsWith('EN: Very'))!;
    expect(drawn.value.endsWith('…')).toBe(true);
    expect(drawn.size).toBe(7);
    expect(realFonts.width(drawn.value, 'italic', 7)).toBeLessThanOrEqual(pt(63 - 7.2));
  });

  it('a long name shrinks to fit one line, else goes on two', async () => {
    const medium = 'Abcdefghij Klmnopqrst Uvwxyz Abcdef';
    const long = 'Abcdefghij Klmnopqrst Uvwxyz Abcdefghij Klmnopqrst Uvwxyz';
    const { pages } = await draw([...fitted(specOf('m', { name: medium })), ...fitted(specOf('l', { name: long }))]);
    const one = pages[0]!.find((d) => d.value === medium)!;
    expect(one.size).toBeLessThan(10.5);
    expect(one.size).toBeGreaterThanOrEqual(8);
    expect(realFonts.width(medium, 'bold', one.size)).toBeLessThanOrEqual(pt(63 - 7.2));
    expect(realFonts.width(medium, 'bold', one.size + 0.25)).toBeGreaterThan(pt(63 - 7.2));
    const lines = pages[0]!.filter((d) => d.face === 'bold' && long.startsWith(d.value.trim()) && d.value.length > 5);
    const two = pages[0]!.filter((d) => d.face === 'bold' && d.y > pt(home.slots[1]!.y) - 1 && long.includes(d.value.trim()) && d.value.length > 5);
    expect(lines.length + two.length).toBeGreaterThan(0);
    const titleLines = pages[0]!.filter((d) => d.x === pt(home.slots[1]!.x + 3.6) && d.y < pt(home.slots[1]!.y + 13.5) && d.face === 'bold');
    expect(titleLines.map((d) => d.size)).toEqual([8.5, 8.5]);
    expect(titleLines.map((d) => d.value).join(' ')).toBe(long);
    expect(titleLines[1]!.y - titleLines[0]!.y).toBeCloseTo(titleLines[0]!.size * 1.08, 6);
  });

  it('a name too long for two lines at 7 pt stays on the band: two lines, the second cut with an ellipsis', async () => {
    const name = 'Abcdefghij Klmnop '.repeat(11).trim();
    expect(name.length).toBeLessThanOrEqual(200);
    const { pages } = await draw(fitted({ ...specOf('x'), key: 'player:x', title: name }));
    const slot = home.slots[0]!;
    const lines = pages[0]!.filter((d) => d.face === 'bold' && d.x === pt(slot.x + 3.6) && d.y < pt(slot.y + 13.5));
    expect(lines.map((d) => d.size)).toEqual([7, 7]);
    for (const d of lines) expect(realFonts.width(d.value, 'bold', 7)).toBeLessThanOrEqual(pt(63 - 7.2));
    expect(lines[1]!.value.endsWith('…')).toBe(true);
    expect(name.startsWith(`${lines[0]!.value.trim()} ${lines[1]!.value.slice(0, -1)}`)).toBe(true);
  });

  it('a continued card is headed (1/2), (2/2) and says it continues on all but the last', async () => {
    const cards = fitted(specOf('long', { name: 'Long', text: longText(40) }));
    expect(cards.length).toBe(2);
    const { pages } = await draw(cards);
    expect(values(pages[0]!)).toContain('Long (1/2)');
    expect(values(pages[0]!)).toContain('Long (2/2)');
    const next = pages[0]!.filter((d) => d.value === 'continued on the next card →');
    expect(next).toHaveLength(1);
    expect(next[0]).toMatchObject({ face: 'italic', size: 7, colour: GREY });
    expect(next[0]!.x + realFonts.width(next[0]!.value, 'italic', 7)).toBeCloseTo(pt(home.slots[0]!.x + 3.6 + 55.8), 6);
    expect(next[0]!.y).toBeCloseTo(pt(home.slots[0]!.y + 19.9 + 57.3) - 7 * 1.25, 6);
  });

  it('the text of a continued card ends above its “continued” note, also when one sentence is cut inside', async () => {
    const [first] = fitted(specOf('long', { text: `${'One sentence with no end in sight, '.repeat(60)}and a stop.` }));
    expect(first!.parts).toBeGreaterThan(1);
    const { pages } = await draw([first!]);
    const slot = home.slots[0]!;
    const note = pages[0]!.find((d) => d.value === 'continued on the next card →')!;
    const body = pages[0]!.filter((d) => d.y > pt(slot.y + 19) && d.y < pt(slot.y + 88 - 9.4) && d !== note);
    expect(body.length).toBeGreaterThan(5);
    expect(Math.max(...body.map((d) => d.y)) + first!.lineHeight).toBeLessThanOrEqual(note.y);
  });

  it('a team card puts the team first in the footer, in bold black, then the edition and the id', async () => {
    const spec = skillCardSpec(record('dodge'), null, context, { team: 'Reavers', players: [] });
    const { pages } = await draw(fitted(spec));
    expect(pages[0]!.find((d) => d.value === 'Reavers')).toMatchObject({ face: 'bold', size: 7, colour: BLACK });
    expect(pages[0]!.find((d) => d.value === 'Blood Bowl 2020 · en-2020/dodge')).toMatchObject({ face: 'regular', colour: GREY });
  });

  it('a card with no id and one footer line draws one line', async () => {
    const spec = { ...specOf('x'), footerRight: '', team: 'Reavers', footerLeft: '' };
    const { pages } = await draw(fitted(spec));
    expect(pages[0]!.filter((d) => d.size === 7 && d.y > pt(home.slots[0]!.y + 78.6)).map((d) => d.value)).toEqual(['Reavers']);
  });

  it('list markers are drawn left of their text', async () => {
    const { pages } = await draw(fitted(specOf('x', { text: '- one' })));
    const marker = pages[0]!.find((d) => d.value === '•')!;
    const item = pages[0]!.find((d) => d.value === 'one')!;
    expect(marker.x).toBeLessThan(item.x);
    expect(marker.y).toBe(item.y);
  });
});

describe('where each part of a front goes', () => {
  const slot = home.slots[0]!;
  const X = (mm: number) => pt(slot.x + mm);
  const Y = (mm: number) => pt(slot.y + mm);
  const at = (d: Drawn | undefined) => [d!.x, d!.y];
  const close = (actual: number[], expected: number[]) => {
    for (const [i, n] of actual.entries()) expect(n, `coordinate ${i}`).toBeCloseTo(expected[i]!, 6);
  };

  it('the marker sits in a box at the right of the band’s foot', async () => {
    const { pages } = await draw(fitted({ ...specOf('x'), marker: 'COMPULSORY' }));
    const w = realFonts.width('COMPULSORY', 'bold', 7) + pt(2.2);
    const h = pt(3.3);
    close(at(pages[0]!.find((d) => d.value === 'COMPULSORY')), [X(63 - 3.6) - w + pt(1.1), Y(13.5 - 1.3) - h + (h - 7) / 2 - 7 * 0.02]);
  });

  it('the subtitle sits at the band’s foot, left of the marker, clipped to the room the marker leaves (no other place for it)', async () => {
    // A name too wide to have the marker beside it, and random slots on the kind line: the marker stays at the foot.
    const title = 'Mighty Blow of Doom and Gloom (+1)';
    const spec = { ...specOf('x'), title, corner: 'BB 1-3·4', marker: 'COMPULSORY', subtitle: `EN: ${'Long name '.repeat(8)}` };
    const { pages } = await draw(fitted(spec));
    const sub = pages[0]!.find((d) => d.value.startsWith('EN: '))!;
    close(at(sub), [X(3.6), Y(13.5 - 1.4) - 7 * 1.05]);
    const room = pt(63 - 7.2) - (realFonts.width('COMPULSORY', 'bold', 7) + pt(2.2) + pt(1.5));
    expect(realFonts.width(sub.value, 'italic', 7)).toBeLessThanOrEqual(room);
    expect(realFonts.width(sub.value.replace(/…$/, 'Lo…'), 'italic', 7)).toBeGreaterThan(room - realFonts.width('Lo', 'italic', 7) - 1e-9);
  });

  it('the badge is centred in its circle, the kind after it; without a badge the kind starts at the padding', async () => {
    const { pages } = await draw([...fitted(specOf('x')), ...fitted({ ...specOf('y'), badge: null, kindLabel: 'Player · 1 skill' })]);
    const [cx, cy] = [X(3.6 + 1.65), Y(13.5 + 1.2 + 1.65 - 0.1)];
    close(at(pages[0]!.find((d) => d.value === 'A')), [cx - realFonts.width('A', 'bold', 7) / 2, cy - 7 * 0.56]);
    close(at(pages[0]!.find((d) => d.value === 'Skill · Agility')), [X(3.6 + 3.3 + 1.2), Y(13.5 + 1.2 + 0.3)]);
    const second = home.slots[1]!;
    close(at(pages[0]!.find((d) => d.value === 'Player · 1 skill')), [pt(second.x + 3.6), pt(second.y + 13.5 + 1.2 + 0.3)]);
  });

  it('the random slots end at the right padding, on the kind line', async () => {
    const { pages } = await draw(fitted({ ...specOf('x'), corner: 'BB 1-3·4' }));
    close(at(pages[0]!.find((d) => d.value === 'BB 1-3·4')), [X(63 - 3.6) - realFonts.width('BB 1-3·4', 'bold', 7), Y(13.5 + 1.2 + 0.3)]);
  });

  it('a kind line that has no room beside its random slots puts them on a second row, and the body and the rule lower by it', async () => {
    const corner = 'BB 1-3·4 · DB 4-6·1';
    const kindLabel = 'Compétence · Extraordinaire';
    const room = pt(63 - 7.2 - 3.3 - 1.2 - 2) - realFonts.width(corner, 'bold', 7);
    expect(realFonts.width(kindLabel, 'bold', 7)).toBeGreaterThan(room);
    const spec = { ...specOf('x', { text: 'Move.' }), kindLabel, corner };
    expect(kindRows(spec, CARD, realFonts)).toBe(2);
    expect(kindRows({ ...spec, kindLabel: 'Skill · Agility' }, CARD, realFonts)).toBe(1);
    expect(kindRows({ ...spec, corner: null }, CARD, realFonts)).toBe(1);
    const { pages, read } = await draw(fitted(spec));
    close(at(pages[0]!.find((d) => d.value === corner)), [X(63 - 3.6) - realFonts.width(corner, 'bold', 7), Y(13.5 + 1.2 + 3.2 + 0.3)]);
    expect(pages[0]!.find((d) => d.value === kindLabel)).toMatchObject({ size: 7.5 });
    close(at(pages[0]!.find((d) => d.value === 'Move.')), [X(3.6), Y(19.9 + 3.2)]);
    const rule = read()[0]!.strokes.find((st) => st.width === 0.6)!;
    expect(pt(home.height) - rule.y1).toBeCloseTo(Y(13.5 + 5 + 3.2), 6);
    expect(bodyBox(CARD, 2)).toEqual({ ...bodyBox(CARD), y: bodyBox(CARD).y + 3.2, height: bodyBox(CARD).height - 3.2 });
  });

  it('a kind line too long for its row shrinks to 7 pt, then is cut with an ellipsis', async () => {
    const kindLabel = 'Skill · A very long category name that cannot fit on one card';
    const { pages } = await draw(fitted({ ...specOf('x'), kindLabel, corner: null }));
    const kind = pages[0]!.find((d) => d.value.startsWith('Skill · A very'))!;
    const room = pt(63 - 7.2) - pt(3.3 + 1.2);
    expect(kind.size).toBe(7);
    expect(kind.value.endsWith('…')).toBe(true);
    expect(realFonts.width(kind.value, 'bold', 7)).toBeLessThanOrEqual(room);
    expect(realFonts.width(`${kindLabel.slice(0, kind.value.length + 1)}…`, 'bold', 7)).toBeGreaterThan(room);
  });

  it('a subtitle that fits the room left by the marker at 7 pt, not at 7.25 pt, is drawn whole at 7 pt', async () => {
    const room = pt(63 - 7.2) - (realFonts.width('COMPULSORY', 'bold', 7) + pt(2.2) + pt(1.5));
    let subtitle = 'EN: ';
    while (realFonts.width(subtitle, 'italic', 7.25) <= room) subtitle += 'i';
    expect(realFonts.width(subtitle, 'italic', 7)).toBeLessThanOrEqual(room);
    const { pages } = await draw(fitted({ ...specOf('x'), marker: 'COMPULSORY', subtitle }));
    expect(pages[0]!.find((d) => d.value.startsWith('EN: '))).toMatchObject({ value: subtitle, size: 7 });
  });

  it('each piece of a line is drawn at its laid-out place: a bold word between regular ones', async () => {
    const [card] = fitted(specOf('x', { text: 'Move **away** from here.' }));
    const line = card!.lines[0]!;
    expect(line.segments.map((s) => s.face)).toEqual(['regular', 'bold', 'regular']);
    expect(line.segments[1]!.x).toBeGreaterThan(0);
    const { pages } = await draw([card!]);
    for (const segment of line.segments) close(at(pages[0]!.find((d) => d.value === segment.text)), [X(3.6) + segment.x, Y(19.9)]);
  });

  it('the body’s lines go down by the line height; list items are indented, their markers left of them', async () => {
    const { pages } = await draw(fitted(specOf('x', { text: 'First.\n\n- one' })));
    const first = pages[0]!.find((d) => d.value === 'First.')!;
    const item = pages[0]!.find((d) => d.value === 'one')!;
    const marker = pages[0]!.find((d) => d.value === '•')!;
    close(at(first), [X(3.6), Y(19.9)]);
    close(at(item), [X(3.6) + 1.25 * 9, Y(19.9) + 9 * 1.2 + 0.12 * 9]);
    close(at(marker), [X(3.6) + 1.25 * 9 - 1.25 * 9 * 0.85, item.y]);
  });

  it('a text cut after a space ends in its last word and the ellipsis, with no space between', async () => {
    const inner = pt(63 - 7.2);
    let k = 1;
    while (realFonts.width(`${'M'.repeat(k + 1)} …`, 'bold', 7) <= inner) k++;
    expect(realFonts.width(`${'M'.repeat(k)} M…`, 'bold', 7)).toBeGreaterThan(inner);
    const { pages } = await draw(fitted({ ...specOf('x'), team: `${'M'.repeat(k)} ${'M'.repeat(10)}` }));
    expect(pages[0]!.find((d) => d.value.startsWith('MM'))!.value).toBe(`${'M'.repeat(k)}…`);
  });

  it('the footer clips a long team and a long edition line to the card', async () => {
    const spec = { ...specOf('x'), team: 'T'.repeat(80), footerLeft: 'E'.repeat(80) };
    const { pages } = await draw(fitted(spec));
    const footer = pages[0]!.filter((d) => d.size === 7 && d.y > Y(78.6));
    expect(footer.map((d) => d.value.endsWith('…'))).toEqual([true, true]);
    for (const d of footer) expect(realFonts.width(d.value, d.face as 'bold', 7)).toBeLessThanOrEqual(pt(63 - 7.2));
  });
});

describe('what a card strokes and fills', () => {
  const slot = home.slots[0]!;
  const H = pt(home.height);
  /** [left, top, right, bottom] of some strokes, in points from the page's top-left corner (as the drawing is told). */
  const boundsOf = (strokes: Stroke[]) => {
    const xs = strokes.flatMap((s) => [s.x1, s.x2]);
    const ys = strokes.flatMap((s) => [s.y1, s.y2]);
    expect(xs.length).toBeGreaterThan(0);
    return [Math.min(...xs), H - Math.max(...ys), Math.max(...xs), H - Math.min(...ys)];
  };
  const boxOf = (fill: PdfPage['fills'][number]) => [fill.box[0], H - fill.box[3], fill.box[2], H - fill.box[1]];
  /** A box in millimetres from a card's top-left corner, in points from the page's. */
  const inCard = (left: number, top: number, right: number, bottom: number, at = slot) => [
    pt(at.x + left),
    pt(at.y + top),
    pt(at.x + right),
    pt(at.y + bottom),
  ];
  const near = (actual: number[], expected: number[]) => {
    expect(actual).toHaveLength(expected.length);
    for (const [i, n] of actual.entries()) expect(n, `value ${i}`).toBeCloseTo(expected[i]!, 3);
  };
  const strokesOf = (page: PdfPage, width: number, space: Stroke['space']) => page.strokes.filter((s) => s.width === width && s.space === space);

  it('the kind line is underlined by a 0.6 pt rule in the category colour, from padding to padding', async () => {
    const [front] = (await draw(fitted(specOf('x')))).read();
    const rules = front!.strokes.filter((s) => s.width === 0.6);
    expect(rules).toHaveLength(1);
    near(boundsOf(rules), inCard(3.6, 13.5 + 5, 63 - 3.6, 13.5 + 5));
    expect(rules[0]!.space).toBe('cmyk');
    near(rules[0]!.colour, AGILITY);
  });

  it('the footer has a 0.3 pt hairline of 40 % black, from padding to padding, 0.4 mm under its top', async () => {
    const [front] = (await draw(fitted(specOf('x')))).read();
    const hairlines = front!.strokes.filter((s) => s.width === 0.3 && !isPureBlack(s));
    expect(hairlines).toHaveLength(1);
    near(boundsOf(hairlines), inCard(3.6, 88 - 9.4 + 0.4, 63 - 3.6, 88 - 9.4 + 0.4));
    expect([hairlines[0]!.space, hairlines[0]!.colour]).toEqual(['cmyk', [0, 0, 0, 0.4]]);
  });

  it('in full colour the band fills the card’s top in the category colour, the badge is a disc of it, the marker a white box', async () => {
    const [front] = (await draw(fitted({ ...specOf('x'), marker: 'COMPULSORY' }))).read();
    // The pattern's lines (0.4 pt), the kind line's rule and the footer's hairline.
    expect([...new Set(front!.strokes.filter((s) => !(isPureBlack(s) && s.width === 0.3)).map((s) => s.width))]).toEqual([0.4, 0.6, 0.3]);
    const coloured = front!.fills.filter(agility);
    expect(coloured).toHaveLength(2);
    for (const f of coloured) near(f.colour.values, AGILITY);
    near(boxOf(coloured[0]!), inCard(0, 0, 63, 13.5));
    const [cx, cy] = [3.6 + 1.65, 13.5 + 1.2 + 1.65 - 0.1];
    near(boxOf(coloured[1]!), inCard(cx - 1.65, cy - 1.65, cx + 1.65, cy + 1.65));
    const white = front!.fills.filter((f) => f.colour.values.join() === '0,0,0,0');
    expect(white.map((f) => f.colour.values)).toEqual([[0, 0, 0, 0]]);
    const w = realFonts.width('COMPULSORY', 'bold', 7) + pt(2.2);
    const [right, bottom] = [pt(slot.x + 63 - 3.6), pt(slot.y + 13.5 - 1.3)];
    near(boxOf(white[0]!), [right - w, bottom - pt(3.3), right, bottom]);
  });

  it('in low ink the band is a 1 pt outline in the category colour, the badge a 0.8 pt ring, the marker a 0.6 pt black box', async () => {
    const [front] = (await draw(fitted({ ...specOf('x'), marker: 'COMPULSORY' }), home, { ink: 'low' })).read();
    expect(front!.fills).toEqual([]);
    const band = strokesOf(front!, 1, 'cmyk');
    near(boundsOf(band), inCard(1.2, 1.2, 63 - 1.2, 13.5));
    for (const s of band) near(s.colour, AGILITY);
    const ring = strokesOf(front!, 0.8, 'cmyk');
    const [cx, cy] = [3.6 + 1.65, 13.5 + 1.2 + 1.65 - 0.1];
    near(boundsOf(ring), inCard(cx - 1.65, cy - 1.65, cx + 1.65, cy + 1.65));
    for (const s of ring) near(s.colour, AGILITY);
    const box = strokesOf(front!, 0.6, 'cmyk').filter((s) => s.colour.join() !== AGILITY.join());
    expect(box.length).toBeGreaterThan(0);
    expect(box.every((s) => isPureBlack(s))).toBe(true);
    const w = realFonts.width('COMPULSORY', 'bold', 7) + pt(2.2);
    const [right, bottom] = [pt(slot.x + 63 - 3.6), pt(slot.y + 13.5 - 1.3)];
    near(boundsOf(box), [right - w, bottom - pt(3.3), right, bottom]);
  });

  it('a full-colour back is framed 3.2 mm inside the trim by a 0.8 pt white line, with a 24 mm white rule under the codex', async () => {
    const [, back] = (await draw(fitted(specOf('x')), home, { backs: true })).read();
    const behind = home.slots[2]!;
    const frame = strokesOf(back!, 0.8, 'cmyk');
    near(boundsOf(frame), inCard(3.2, 3.2, 63 - 3.2, 88 - 3.2, behind));
    const rule = strokesOf(back!, 0.6, 'cmyk');
    near(boundsOf(rule), inCard(31.5 - 12, 44.5, 31.5 + 12, 44.5, behind));
    expect([...frame, ...rule].map((s) => s.colour.join())).toEqual([...frame, ...rule].map(() => '0,0,0,0'));
  });

  it('a low-ink back is framed and ruled in 0.6 pt of the category colour, on white', async () => {
    const [, back] = (await draw(fitted(specOf('x')), home, { backs: true, ink: 'low' })).read();
    const behind = home.slots[2]!;
    expect(back!.strokes.filter((s) => s.width === 0.8 || s.colour.join() !== AGILITY.join())).toEqual([]);
    const lines = strokesOf(back!, 0.6, 'cmyk');
    for (const s of lines) near(s.colour, AGILITY);
    near(boundsOf(lines), inCard(3.2, 3.2, 63 - 3.2, 88 - 3.2, behind));
    const rule = lines.filter((s) => Math.abs(s.x2 - s.x1 - pt(24)) < 1e-3);
    expect(rule).toHaveLength(1);
    near(boundsOf(rule), inCard(31.5 - 12, 44.5, 31.5 + 12, 44.5, behind));
  });
});

describe('low ink', () => {
  it('the name and badge are black, the subtitle grey: no white type on a band that is not printed', async () => {
    const french = skillCardSpec(data.skills.find((r) => r.id === 'fr-legacy/esquive')!, null, context);
    const { pages } = await draw(fitted(french), home, { ink: 'low' });
    expect(pages[0]!.find((d) => d.value === 'Esquive')!.colour).toEqual(BLACK);
    expect(pages[0]!.find((d) => d.value === 'A')!.colour).toEqual(BLACK);
    expect(pages[0]!.find((d) => d.value === 'EN: dodge')!.colour).toEqual(GREY);
  });

  it('fills nothing in colour on the front: the band is an outline', async () => {
    const full = (await draw(fitted(specOf('x')))).read()[0]!;
    const low = (await draw(fitted(specOf('x')), home, { ink: 'low' })).read()[0]!;
    expect(full.fills.some(agility)).toBe(true);
    expect(low.fills).toEqual([]);
  });

  it('the back is not filled, and its text is black', async () => {
    const { pages, read } = await draw(fitted(specOf('x')), home, { ink: 'low', backs: true });
    expect(pages[1]!.find((d) => d.value === CODEX_NAME.toUpperCase())!.colour).toEqual(BLACK);
    expect(read()[1]!.fills).toEqual([]);
  });
});

describe('pages, boxes and crop marks', () => {
  it('a sheet holds nine cards; the tenth starts a page', async () => {
    const cards = Array.from({ length: 10 }, (_, n) => fitted(specOf(`s${n}`))[0]!);
    const { count, read } = await draw(cards);
    expect(count).toBe(2);
    expect(read()).toHaveLength(2);
    expect((await draw(cards.slice(0, 9))).count).toBe(1);
  });

  it('with backs, a back page follows each front page', async () => {
    const cards = Array.from({ length: 10 }, (_, n) => fitted(specOf(`s${n}`))[0]!);
    const { count, pages } = await draw(cards, home, { backs: true });
    expect(count).toBe(4);
    expect(pages.map((p) => p.some((d) => d.value === CODEX_NAME.toUpperCase()))).toEqual([false, true, false, true]);
  });

  it('every page has the paper size, a TrimBox on the cut lines and a BleedBox round the bleed', async () => {
    const bleed = sheetFor({ paper: 'a4', layout: 'sheet', bleed: true });
    const pages = (await draw(fitted(specOf('x')), bleed, { backs: true })).read();
    for (const page of pages) {
      expect(page.mediaBox.map((n) => Math.round(n * 1000) / 1000)).toEqual([0, 0, 841.89, 595.276]);
      expect(page.trimBox).toEqual(pdfBox(bleed, bleed.trim));
      expect(page.bleedBox).toEqual(pdfBox(bleed, bleed.bleedBox));
    }
    expect(pdfBox(bleed, bleed.trim)).not.toEqual(pdfBox(bleed, bleed.bleedBox));
  });

  it('the crop marks are drawn in black 0.3 pt lines where the sheet puts them, on the fronts only', async () => {
    const [front, back] = (await draw(fitted(specOf('x')), home, { backs: true })).read();
    const marks = front!.strokes.filter((s) => isPureBlack(s) && s.width === 0.3);
    const round = (n: number) => Math.round(n * 100) / 100;
    const expected = home.marks.map((m) => [pt(m.x1), pt(home.height - m.y1), pt(m.x2), pt(home.height - m.y2)].map(round));
    expect(marks.map((s) => [s.x1, s.y1, s.x2, s.y2].map(round))).toEqual(expected);
    expect(back!.strokes.filter((s) => s.width === 0.3)).toEqual([]);
  });

  it('one card per page: the page is the card and its bleed', async () => {
    const single = sheetFor({ paper: 'a4', layout: 'single', bleed: false });
    const { count, read } = await draw([...fitted(specOf('a')), ...fitted(specOf('b'))], single);
    expect(count).toBe(2);
    expect(read()[0]!.mediaBox.map((n) => Math.round(n * 1000) / 1000)).toEqual([0, 0, 195.591, 266.457]);
  });

  it('the band runs into the bleed on three sides when the cards have bleed', async () => {
    const bleed = sheetFor({ paper: 'a4', layout: 'sheet', bleed: true });
    const [page] = (await draw(fitted(specOf('x')), bleed)).read();
    const band = page!.fills.find(agility)!;
    const slot = bleed.slots[0]!;
    const round = (n: number) => Math.round(n * 100) / 100;
    expect(band.box.map(round)).toEqual([pt(slot.x - 3), pt(bleed.height - slot.y - 13.5), pt(slot.x + 63 + 3), pt(bleed.height - slot.y + 3)].map(round));
  });
});

describe('backs', () => {
  it('the back of a card shows the codex, its category and its team, centred on the slot behind it', async () => {
    const spec = skillCardSpec(record('dodge'), null, context, { team: 'Reavers', players: [] });
    const { pages } = await draw(fitted(spec), home, { backs: true });
    const back = pages[1]!;
    expect(values(back)).toEqual([CODEX_NAME.toUpperCase(), 'Agility', 'Reavers']);
    const behind = home.slots[2]!;
    const name = back[0]!;
    expect(name).toMatchObject({ face: 'bold', size: 13, colour: WHITE });
    expect(name.x + realFonts.width(name.value, 'bold', 13) / 2).toBeCloseTo(pt(behind.x + 31.5), 6);
    expect(name.y).toBeCloseTo(pt(behind.y + 40) - 6.5, 6);
    expect(back[1]).toMatchObject({ face: 'bold', size: 10 });
    expect(back[2]).toMatchObject({ face: 'italic', size: 8 });
  });

  it('the category and the team are centred under the codex, a long team clipped', async () => {
    const spec = skillCardSpec(record('dodge'), null, context, { team: `The ${'Very '.repeat(20)}Long Team`, players: [] });
    const { pages } = await draw(fitted(spec), home, { backs: true });
    const [, label, team] = pages[1]!;
    const behind = home.slots[2]!;
    const centre = pt(behind.x + 31.5);
    expect(label!.x + realFonts.width(label!.value, 'bold', label!.size) / 2).toBeCloseTo(centre, 6);
    expect(label!.y).toBeCloseTo(pt(behind.y + 49) - label!.size / 2, 6);
    expect(team!.value.endsWith('…')).toBe(true);
    expect(realFonts.width(team!.value, 'italic', 8)).toBeLessThanOrEqual(pt(63 - 12));
    expect(team!.y).toBeCloseTo(pt(behind.y + 56) - 4, 6);
  });

  it('a long category on the back shrinks to fit', async () => {
    const { pages } = await draw(fitted({ ...specOf('x'), backLabel: 'Extraordinarily Long Category Name' }), home, { backs: true });
    const label = pages[1]![1]!;
    expect(label.size).toBeLessThan(10);
    expect(realFonts.width(label.value, 'bold', label.size)).toBeLessThanOrEqual(pt(63 - 12));
    expect(realFonts.width(label.value, 'bold', label.size + 0.25)).toBeGreaterThan(pt(63 - 12));
  });

  it('short-edge duplex puts the back of the first card under the last row', async () => {
    const { pages } = await draw(fitted(specOf('x')), home, { backs: true, duplex: 'short' });
    const name = pages[1]![0]!;
    expect(name.x + realFonts.width(name.value, 'bold', 13) / 2).toBeCloseTo(pt(home.slots[6]!.x + 31.5), 6);
    expect(name.y).toBeCloseTo(pt(home.slots[6]!.y + 40) - 6.5, 6);
  });

  it('the back of a full-colour card is the category colour to the bleed', async () => {
    const bleed = sheetFor({ paper: 'a4', layout: 'sheet', bleed: true });
    const [, back] = (await draw(fitted(specOf('x')), bleed, { backs: true, duplex: 'long' })).read();
    const fill = back!.fills.find(agility)!;
    const slot = bleed.slots[4]!;
    const round = (n: number) => Math.round(n * 100) / 100;
    expect(fill.box.map(round)).toEqual([pt(slot.x - 3), pt(bleed.height - slot.y - 91), pt(slot.x + 66), pt(bleed.height - slot.y + 3)].map(round));
  });
});

describe('the document', () => {
  it('is deterministic: the same cards give the same bytes', async () => {
    const cards = fitted(specOf('x'));
    expect((await draw(cards)).bytes).toEqual((await draw(cards)).bytes);
  });

  it('carries its title, subject, dataset version, language and fixed dates, with no standard font', async () => {
    const { documents } = await draw(fitted(specOf('x')));
    expect(documents[0]).toMatchObject({
      font: null,
      autoFirstPage: false,
      lang: 'en',
      displayTitle: true,
      info: {
        Title: 'T',
        Subject: 'S',
        Author: 'Nuffle Codex',
        Keywords: 'Blood Bowl; skill cards; dataset 1.0.0',
        Creator: 'Nuffle Codex (nuffle cards)',
        Producer: 'PDFKit',
        CreationDate: meta.creationDate,
        ModDate: meta.creationDate,
        DatasetVersion: '1.0.0',
      },
    });
  });

  it('compresses every page’s content stream', async () => {
    const { bytes } = await draw(fitted(specOf('x')), home, { backs: true });
    const text = Buffer.from(bytes).toString('latin1');
    const contents = [...text.matchAll(/\/Contents (\d+) 0 R/g)].map((m) => m[1]!);
    expect(contents).toHaveLength(2);
    for (const id of contents) expect(text.slice(text.indexOf(`\n${id} 0 obj`)).split('stream')[0]).toContain('/Filter /FlateDecode');
  });

  it('a stream error while the PDF is written rejects the drawing instead of leaving it waiting', async () => {
    const Base = realFonts.pdf as unknown as new (options: object) => { emit: (event: string, error: Error) => boolean };
    class Failing extends Base {
      end() {
        setImmediate(() => this.emit('error', new Error('no space left on device')));
      }
    }
    const fonts = { ...realFonts, pdf: Failing as unknown as Fonts['pdf'] };
    await expect(drawDocument(fitted(specOf('x')), home, fonts, meta, cardsOptions())).rejects.toThrow('no space left on device');
  }, 10_000);

  it('is a PDF whose font subset tags are its own', async () => {
    const { bytes } = await draw(fitted(specOf('x')));
    const text = Buffer.from(bytes).toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text).not.toMatch(/\/[B-E]ZZZZZ\+DejaVu/);
  });
});

describe('the full set and index.json', () => {
  it('one document per edition with records, in editions order, cards by name; then the inducement cards', () => {
    const plans = planAllDocuments(data);
    expect(plans.map((p) => [p.file, p.edition, p.label, p.language, p.title])).toEqual([
      ['en-2020.pdf', 'en-2020', 'Blood Bowl 2020', 'en', 'Blood Bowl 2020: skill and trait cards'],
      ['fr-legacy.pdf', 'fr-legacy', 'Règles françaises', 'fr', 'Règles françaises: skill and trait cards'],
      ['inducements.pdf', 'notes', 'Inducement notes', 'en', 'Inducement cards: infamous coaching staff and wizards'],
    ]);
    expect(plans[0]!.specs.map((s) => s.key)).toEqual([
      'en-2020/diving-tackle',
      'en-2020/dodge',
      'en-2020/leap',
      'en-2020/side-step',
      'en-2020/sprint',
      'en-2020/sure-feet',
    ]);
    expect(plans[2]!.specs.map((s) => s.key)).toEqual(['notes/ayleen-andar']);
  });

  it('records of one name are ordered by id; inducements by kind, then name', () => {
    const d = cardBundle();
    d.skills = [record('b', { name: 'Same' }), record('a', { name: 'Same' })];
    d.inducements = [coach({ id: 'notes/w', name: 'A wizard', kind: 'wizard' }), coach({ id: 'notes/z', name: 'Zed' }), coach({ id: 'notes/y', name: 'Yan' })];
    const plans = planAllDocuments(d);
    expect(plans[0]!.specs.map((s) => s.key)).toEqual(['en-2020/a', 'en-2020/b']);
    expect(plans.at(-1)!.specs.map((s) => s.key)).toEqual(['notes/y', 'notes/z', 'notes/w']);
  });

  it('no inducement card, no inducements.pdf; an unlisted edition is labelled by its id', () => {
    const d = cardBundle();
    d.inducements = d.inducements.filter((i) => i.kind !== 'coaching-staff');
    expect(planAllDocuments(d).map((p) => p.file)).toEqual(['en-2020.pdf', 'fr-legacy.pdf']);
    d.inducements = [coach({ edition: 'unlisted' })];
    expect(planAllDocuments(d).at(-1)!.label).toBe('unlisted');
  });

  it('renders each plan, and index.json lists each file with its counts', async () => {
    const d = cardBundle();
    d.skills[0]!.text = longText(40);
    const options = cardsOptions({ backs: true });
    const result = await renderDocuments(planAllDocuments(d), d, options, realFonts);
    expect(result.diagnostics).toEqual([]);
    expect(result.documents.map(({ bytes: _b, ...entry }) => entry)).toEqual([
      { file: 'en-2020.pdf', edition: 'en-2020', label: 'Blood Bowl 2020', language: 'en', records: 6, cards: 7, pages: 2, continued: ['en-2020/dodge'] },
      { file: 'fr-legacy.pdf', edition: 'fr-legacy', label: 'Règles françaises', language: 'fr', records: 1, cards: 1, pages: 2, continued: [] },
      { file: 'inducements.pdf', edition: 'notes', label: 'Inducement notes', language: 'en', records: 1, cards: 1, pages: 2, continued: [] },
    ]);
    const index = JSON.parse(indexJson(result.documents, d, options));
    expect(index).toEqual({
      datasetVersion: '1.0.0',
      size: 'poker',
      paper: 'a4',
      bleed: false,
      backs: true,
      files: result.documents.map(({ bytes: _b, ...entry }) => entry),
    });
    expect(indexJson(result.documents, d, options).endsWith('}\n')).toBe(true);
  });

  it("says the sheet, the backs, the ink and the dataset in each PDF's subject", async () => {
    const rec = recorder(realFonts);
    const d = cardBundle();
    await renderDocuments(planAllDocuments(d).slice(0, 1), d, cardsOptions({ backs: true, duplex: 'short', ink: 'low', bleed: true }), rec.fonts);
    await renderDocuments(planAllDocuments(d).slice(0, 1), d, cardsOptions(), rec.fonts);
    const subjects = rec.documents.map((o) => (o.info as { Subject: string }).Subject);
    expect(subjects).toEqual([
      'Printable poker-size cards (63 × 88 mm; A4 landscape, 4 × 2, 3 mm bleed round every card; with backs for short-edge duplex, low ink) from the Nuffle Codex dataset 1.0.0',
      'Printable poker-size cards (63 × 88 mm; A4, 3 × 3) from the Nuffle Codex dataset 1.0.0',
    ]);
    expect(rec.documents.map((o) => [(o.info as { Title: string }).Title, o.lang])).toEqual([
      ['Blood Bowl 2020: skill and trait cards', 'en'],
      ['Blood Bowl 2020: skill and trait cards', 'en'],
    ]);
    expect((rec.documents[0]!.info as { CreationDate: Date }).CreationDate.toISOString()).toBe('2020-01-01T00:00:00.000Z');
  });

  it('with uniform sizes, every card of a sheet is drawn at the smallest size on it', async () => {
    const d = cardBundle();
    d.skills[1]!.text = longText(20);
    const rec = recorder(realFonts);
    await renderDocuments(planAllDocuments(d).slice(0, 1), d, cardsOptions({ textSize: 'uniform' }), rec.fonts);
    const bodySizes = new Set(rec.pages[0]!.filter((t) => t.value.includes('text, the rule as printed')).map((t) => t.size));
    expect(bodySizes.size).toBe(1);
    expect([...bodySizes][0]).toBeLessThan(9);
  });

  it('without uniform sizes, each card of a sheet keeps the largest size its own text fits', async () => {
    const d = cardBundle();
    d.skills[1]!.text = longText(20);
    const rec = recorder(realFonts);
    await renderDocuments(planAllDocuments(d).slice(0, 1), d, cardsOptions(), rec.fonts);
    const bodySizes = new Set(rec.pages[0]!.filter((t) => t.value.includes('text, the rule as printed')).map((t) => t.size));
    expect([...bodySizes]).toEqual([9]);
    expect(rec.pages[0]!.find((t) => t.value.startsWith('Sentence number 1 '))!.size).toBeLessThan(9);
  });

  it('a character the font lacks stops every document, naming the record, the character and the line', async () => {
    const d = cardBundle();
    d.skills[0]!.text = 'A kanji 漢 here.';
    d.skills[0]!.source = { id: 'test-source', lines: [7, 8], errata: [] };
    const result = await renderDocuments(planAllDocuments(d), d, cardsOptions(), realFonts);
    expect(result.documents).toEqual([]);
    expect(result.diagnostics.map((x) => [x.ruleId, x.file, x.place?.line, x.reason])).toEqual([
      [
        'cards/missing-glyph',
        'sources/raw/en-2020.txt',
        7,
        "the character '漢' (U+6F22) in en-2020/dodge (text line 1) has no glyph in DejaVu Sans Condensed Regular",
      ],
    ]);
  });

  it('a text too long for four cards stops every document', async () => {
    const d = cardBundle();
    d.skills[0]!.text = longText(400);
    const result = await renderDocuments(planAllDocuments(d), d, cardsOptions(), realFonts);
    expect(result.documents).toEqual([]);
    expect(result.diagnostics.map((x) => x.ruleId)).toEqual(['cards/text-too-long']);
  });
});
