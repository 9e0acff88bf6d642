/**
 * Issue 34, items 5, 6 and 9, on literal cards with the real fonts: no text
 * anywhere on a card is under 7 pt, at any card size (a text that does not
 * fit continues on another card instead); the cards of a chain come out
 * even (no card but the last much emptier than the last); a player's card
 * that continues inside a skill repeats the skill's name, "(continued)" or
 * "(suite)"; a long subtitle keeps its whole width beside a long marker.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { playerCardSpec, skillCardSpec, specContextOf, type CardSpec } from '../../pipeline/emit/cards/card-specs.ts';
import type { Fonts } from '../../pipeline/emit/cards/fonts.ts';
import { CARD_SIZES, pt, sheetFor } from '../../pipeline/emit/cards/geometry.ts';
import { bodyBox, drawDocument, fitCard, kindRows, markerPlace, MIN_TEXT, type DocumentMeta, type FittedCard } from '../../pipeline/emit/cards/layout.ts';
import { inducementCardSpec } from '../../pipeline/emit/cards/inducement-cards.ts';
import { cardsOptions, SIZE_VALUES } from '../../pipeline/emit/cards/options.ts';
import { cardFonts } from '../../pipeline/targets/cards.ts';
import { cardBundle, coach, record } from './literal.ts';
import { recorder } from './recorder.ts';

let fonts: Fonts;
beforeAll(async () => {
  fonts = await cardFonts();
});

const data = cardBundle();
const context = specContextOf(data);
const meta: DocumentMeta = { title: 'T', subject: 'S', datasetVersion: '1.0.0', creationDate: new Date(Date.UTC(2020, 0, 1)), lang: 'en' };

/** A deterministic text of `count` sentences of 3 to 40 words (a linear congruential generator, seeded). */
function sentences(seed: number, count: number): string {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const words = ['block', 'the', 'player', 'may', 'roll', 'a', 'D6', 'team-mate', 'Knocked', 'Down', 'square', 'adjacent', 'action'];
  return Array.from({ length: count }, () => {
    const length = 3 + Math.floor(next() * next() * 38);
    const sentence = Array.from({ length }, () => words[Math.floor(next() * words.length)]).join(' ');
    return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
  }).join(' ');
}

/** A card with every part a front can have: a long name, a subtitle, a marker, random slots, a team and its players. */
const everything = (text: string): CardSpec => ({
  ...skillCardSpec(record('x', { text }), null, context, { team: 'The Reikland Reavers of Altdorf', players: ['Griff Oberwald', 'Big Bertha'] }),
  title: 'A Rather Long Skill Name (+1)',
  subtitle: 'EN: A Rather Long English Name',
  marker: 'COMPULSORY IN 2020',
  corner: 'BB 1-3·4 · DB 4-6·1',
});

/** Where each card's text ends, as a share of its body. */
const fills = (cards: readonly FittedCard[], height: number) => cards.map((c) => (c.lines.at(-1)!.top + c.lineHeight) / pt(height));

describe('no text under 7 pt', () => {
  it.each(SIZE_VALUES)('%s: every text of every card, front and back, full colour and low ink, is 7 pt or more', async (size) => {
    const sheet = sheetFor(cardsOptions({ size }));
    // From a line to four cards' worth: one of them fits one card only at the smallest body size.
    const cards = [3, 6, 9, 12, 16, 20, 30, 45].flatMap((n) => fitCard(everything(sentences(n, n)), fonts, sheet.card).cards);
    for (const ink of ['normal', 'low'] as const) {
      const rec = recorder(fonts);
      await drawDocument(cards, sheet, rec.fonts, meta, cardsOptions({ size, ink, backs: true }));
      const drawn = rec.pages.flat();
      expect(drawn.length).toBeGreaterThan(100);
      expect(drawn.filter((d) => d.size < MIN_TEXT).map((d) => `${d.value} at ${d.size} pt`)).toEqual([]);
    }
    expect(MIN_TEXT).toBe(7);
    expect(new Set(cards.map((c) => c.size)).has(7)).toBe(true);
  });
});

describe('chains come out even', () => {
  it.each(SIZE_VALUES)('%s: no card of a chain but the last is emptier than the last by more than 15 % of its body', (size) => {
    const card = CARD_SIZES[size];
    const uneven: string[] = [];
    let chains = 0;
    for (let seed = 1; seed <= 24; seed++) {
      const spec = skillCardSpec(record('x', { text: sentences(seed * 7, 8 + seed) }), null, context);
      const { cards } = fitCard(spec, fonts, card);
      if (cards.length < 2) continue;
      chains++;
      const share = fills(cards, bodyBox(card, kindRows(spec, card, fonts)).height);
      if (share.slice(0, -1).some((f) => f < share.at(-1)! - 0.15)) uneven.push(`seed ${seed}: ${share.map((f) => f.toFixed(2)).join(' ')}`);
    }
    expect(chains).toBeGreaterThan(5);
    expect(uneven).toEqual([]);
  });
});

describe("a player's card that continues inside a skill", () => {
  const long = (slug: string, name: string, lang: 'en' | 'fr' = 'en') =>
    record(slug, { name, displayName: name, lang, text: sentences(slug.length * 11, 14), compulsory: lang === 'en' });

  it.each([
    ['en', 'Fend', 'Fend (continued)'],
    ['fr', 'Répulsion', 'Répulsion (suite)'],
  ] as const)('%s: the next card opens with the skill’s name, in bold: "%s" → "%s"', (lang, name, heading) => {
    const player = {
      name: 'Griff',
      position: null,
      skills: [long('a', 'Block', lang), long('bbbbbbbbbb', name, lang)].map((r) => ({ record: r, parameter: null })),
    };
    const { cards, diagnostic } = fitCard(playerCardSpec(player, null, 'team.yaml', context), fonts);
    expect(diagnostic).toBeNull();
    expect(cards.length).toBeGreaterThan(1);
    // Each card after the first opens with a skill's own heading or a continued one, never with the middle of a text.
    for (const card of cards.slice(1)) {
      const first = card.lines[0]!.segments;
      expect(
        first.every((s) => s.face === 'bold'),
        first.map((s) => s.text).join(''),
      ).toBe(true);
    }
    const continued = cards.slice(1).map((c) => c.lines[0]!.segments.map((s) => s.text).join(''));
    expect(continued).toContain(heading);
    // The compulsory marker of the skill's own heading is not repeated.
    expect(continued.every((t) => !/compulsory|obligatoire/i.test(t) || !t.includes('(continued)'))).toBe(true);
  });
});

describe("an inducement in a team's deck", () => {
  /** A bribe whose abilities run over several cards: a team's card, with its count, in the deck's language. */
  const long = (lang: 'en' | 'fr') =>
    inducementCardSpec(
      coach({
        id: 'notes/bribes',
        name: 'Bribes',
        kind: 'inducement',
        text: sentences(5, 4),
        abilities: ['FIRST', 'SECOND', 'THIRD'].map((name, n) => ({ name, text: sentences(n + 17, 9), line: 40 + n })),
      }),
      context,
      { team: 'The Reikland Reavers of Altdorf', count: 2, lang },
    );

  it.each(SIZE_VALUES)('%s: no text under 7 pt, the cards even, and a card that starts inside an ability repeats its name', async (size) => {
    const sheet = sheetFor(cardsOptions({ size }));
    for (const [lang, continued] of [
      ['en', '(continued)'],
      ['fr', '(suite)'],
    ] as const) {
      const spec = long(lang);
      const { cards, diagnostic } = fitCard(spec, fonts, sheet.card);
      expect(diagnostic).toBeNull();
      expect(cards.length).toBeGreaterThan(1);
      const rec = recorder(fonts);
      await drawDocument(cards, sheet, rec.fonts, meta, cardsOptions({ size, backs: true }));
      expect(
        rec.pages
          .flat()
          .filter((d) => d.size < MIN_TEXT)
          .map((d) => `${d.value} at ${d.size} pt`),
      ).toEqual([]);
      const share = fills(cards, bodyBox(sheet.card, kindRows(spec, sheet.card, fonts)).height);
      expect(
        share.slice(0, -1).every((f) => f >= share.at(-1)! - 0.15),
        share.join(' '),
      ).toBe(true);
      for (const card of cards.slice(1)) {
        const first = card.lines[0]!.segments;
        const text = first.map((s) => s.text).join('');
        expect(
          first.every((s) => s.face === 'bold'),
          `${lang} ${size}: ${text}`,
        ).toBe(true);
        expect(
          ['FIRST', 'SECOND', 'THIRD'].some((name) => text === name || text === `${name} ${continued}`),
          text,
        ).toBe(true);
      }
      const heads = cards.slice(1).map((c) => c.lines[0]!.segments.map((x) => x.text).join(''));
      expect(heads.some((h) => h.endsWith(continued))).toBe(true);
    }
  });
});

describe('a subtitle beside a long marker', () => {
  const french = (title: string, corner: string | null) => ({
    ...everything('Short.'),
    title,
    corner,
    subtitle: 'EN: Unchannelled Fury',
    marker: 'OBLIGATOIRE EN 2020',
  });

  it('keeps its whole width: the marker goes beside a short name, else on a kind line with no random slots, else on a row of its own', async () => {
    expect(markerPlace({ ...french('Short', null), subtitle: 'EN: Dodge' }, CARD_SIZES.poker, fonts)).toBe('foot');
    expect(markerPlace(french('Short', 'BB 1-3·1'), CARD_SIZES.poker, fonts)).toBe('name');
    expect(markerPlace(french('Animal sauvage', null), CARD_SIZES.poker, fonts)).toBe('kind');
    expect(markerPlace(french('Animal sauvage', 'BB 1-3·1'), CARD_SIZES.poker, fonts)).toBe('row');
    const rec = recorder(fonts);
    const cards = [french('Short', null), french('Animal sauvage', null)].flatMap((s) => fitCard(s, fonts).cards);
    await drawDocument(cards, sheetFor(cardsOptions()), rec.fonts, meta, cardsOptions());
    const subtitles = rec.pages[0]!.filter((d) => d.value.startsWith('EN: '));
    expect(subtitles.map((d) => d.value)).toEqual(['EN: Unchannelled Fury', 'EN: Unchannelled Fury']);
    // Beside the name: the marker's foot is under the name's baseline, above the subtitle.
    const [name, marker] = [rec.pages[0]!.find((d) => d.value === 'Short')!, rec.pages[0]!.filter((d) => d.value === 'OBLIGATOIRE EN 2020')];
    expect(marker[0]!.y).toBeLessThan(subtitles[0]!.y);
    expect(Math.abs(marker[0]!.y - name.y)).toBeLessThan(pt(3));
    // On the kind line: level with the kind, under the band.
    const kind = rec.pages[0]!.filter((d) => d.value === 'Skill · Agility')[1]!;
    expect(Math.abs(marker[1]!.y - kind.y)).toBeLessThan(pt(1.5));
  });

  it.each(SIZE_VALUES)(
    '%s: a French compulsory trait keeps "EN: Bone Head" whole; a marker with no room above goes on a row under the kind, over the body',
    async (size) => {
      const card = CARD_SIZES[size];
      const spec = { ...french('Cerveau lent', null), subtitle: 'EN: Bone Head', kindLabel: 'Trait · Spéciale' };
      const place = markerPlace(spec, card, fonts);
      const sheet = sheetFor(cardsOptions({ size }));
      const rec = recorder(fonts);
      await drawDocument(fitCard(spec, fonts, card).cards, sheet, rec.fonts, meta, cardsOptions({ size }));
      const drawn = rec.pages[0]!;
      expect(drawn.map((d) => d.value)).toContain('EN: Bone Head');
      const [marker, kind, body] = ['OBLIGATOIRE EN 2020', 'Trait · Spéciale', 'Short.'].map((v) => drawn.find((d) => d.value === v)!);
      expect(kindRows(spec, card, fonts)).toBe(place === 'row' ? 2 : 1);
      if (place === 'row') {
        // Under the kind's row, over the first line of the body.
        expect(marker!.y).toBeGreaterThan(kind!.y + pt(1.5));
        expect(marker!.y).toBeLessThan(body!.y);
      }
      if (size === 'mini') expect(place).toBe('row');
    },
  );
});
