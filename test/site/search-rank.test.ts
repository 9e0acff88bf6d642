/**
 * The search panel's order (site/src/lib/search-rank.ts) on literal inputs,
 * one behaviour each: what a query names, where that concept goes among
 * Pagefind's pages, and how an excerpt is read.
 */
import { describe, expect, it } from 'vitest';
import {
  conceptOfPath,
  excerptParts,
  indexSearchNames,
  LEAD_WINDOW,
  leadOf,
  SLIP,
  orderResults,
  resolveQuery,
  type SearchNames,
} from '../../site/src/lib/search-rank.ts';

const NAMES: SearchNames = {
  concepts: { dodge: ['Dodge', 'Esquive'], 'break-tackle': ['Break Tackle', 'Esquive en force'], juggernaut: ['Juggernaut', null] },
  keys: [
    ['breaktackle', 'break-tackle'],
    ['dodge', 'dodge'],
    ['esquive', 'dodge'],
    ['esquiveenforce', 'break-tackle'],
    ['juggernaut', 'juggernaut'],
  ],
  abbreviations: [['bt', 'break-tackle']],
};
const lookup = indexSearchNames(NAMES);

describe('resolveQuery', () => {
  it('a name in any case and accents names its concept exactly', () => {
    expect(resolveQuery(lookup, 'ESQUIVÉ')).toEqual({ concept: 'dodge', exact: true, distance: 0 });
  });
  it('a name with a parameter names its concept exactly', () => {
    expect(resolveQuery(lookup, 'Dodge (+1)')).toEqual({ concept: 'dodge', exact: true, distance: 0 });
  });
  it('an abbreviation names its concept exactly, dots aside', () => {
    expect(resolveQuery(lookup, 'B.T.')).toEqual({ concept: 'break-tackle', exact: true, distance: 0 });
  });
  it('a typo finds the nearest name, not exactly', () => {
    expect(resolveQuery(lookup, 'juggernaught')).toEqual({ concept: 'juggernaut', exact: false, distance: 2 });
  });
  it('a near spelling of an abbreviation finds nothing', () => {
    expect(resolveQuery(lookup, 'bc')).toBeNull();
  });
  it('a single letter finds nothing', () => {
    expect(resolveQuery(lookup, 'd')).toBeNull();
  });
  it('a typo finds the nearest of several names within reach, not the first one', () => {
    const two = indexSearchNames({
      ...NAMES,
      keys: [
        ['dodgers', 'far'],
        ['dodged', 'near'],
      ],
      abbreviations: [],
    });
    expect(resolveQuery(two, 'dodgedx')).toEqual({ concept: 'near', exact: false, distance: 1 });
  });
  it('a word far from every name finds nothing', () => {
    expect(resolveQuery(lookup, 'ramasser le ballon')).toBeNull();
  });
});

describe('leadOf', () => {
  it('an exact name leads, hoisted from where Pagefind ranked it', () => {
    expect(leadOf({ concept: 'dodge', exact: true, distance: 0 }, ['break-tackle', null, 'dodge'])).toEqual({ concept: 'dodge', kind: 'best', at: 2 });
  });
  it('an exact name Pagefind did not find leads as a row of its own', () => {
    expect(leadOf({ concept: 'dodge', exact: true, distance: 0 }, ['break-tackle'])).toEqual({ concept: 'dodge', kind: 'best', at: null });
  });
  const typo = { concept: 'juggernaut', exact: false, distance: SLIP + 1 };
  it('a typo with no results leads with its nearest name', () => {
    expect(leadOf(typo, [])).toEqual({ concept: 'juggernaut', kind: 'did-you-mean', at: null });
  });
  it('a typo with no concept among the first pages leads with its nearest name, hoisted from further down', () => {
    const pages = [...Array<null>(LEAD_WINDOW).fill(null), 'juggernaut'];
    expect(leadOf(typo, pages)).toEqual({ concept: 'juggernaut', kind: 'did-you-mean', at: LEAD_WINDOW });
  });
  it('a typo of two edits with a concept among the first pages is left to Pagefind', () => {
    expect(leadOf(typo, [null, 'dodge'])).toBeNull();
  });
  it('a slip of one letter leads with its name whatever Pagefind found', () => {
    expect(leadOf({ ...typo, distance: SLIP }, ['dodge'])).toEqual({ concept: 'juggernaut', kind: 'did-you-mean', at: null });
  });
  it('no match, no lead', () => {
    expect(leadOf(null, ['dodge'])).toBeNull();
  });
});

describe('orderResults', () => {
  it("moves the lead's page first, the others in their order", () => {
    expect(orderResults(['a', 'b', 'c', 'd'], { concept: 'x', kind: 'best', at: 2 })).toEqual(['c', 'a', 'b', 'd']);
  });
  it('keeps the order without a lead, or with a lead of its own', () => {
    expect(orderResults(['a', 'b'], null)).toEqual(['a', 'b']);
    expect(orderResults(['a', 'b'], { concept: 'x', kind: 'best', at: null })).toEqual(['a', 'b']);
  });
});

describe('conceptOfPath', () => {
  it('reads a concept page in either locale', () => {
    expect([conceptOfPath('/concepts/dodge/'), conceptOfPath('/fr/concepts/break-tackle/')]).toEqual(['dodge', 'break-tackle']);
  });
  it('is null for any other page', () => {
    expect([conceptOfPath('/concepts/'), conceptOfPath('/inducements/bribes/'), conceptOfPath('/concepts/dodge/x/')]).toEqual([null, null, null]);
  });
});

describe('excerptParts', () => {
  it('reads marks as marked runs and entities as their characters', () => {
    expect(excerptParts('Roll &lt;d6&gt; for <mark>Dodge</mark> &amp; go')).toEqual([
      { text: 'Roll <d6> for ', mark: false },
      { text: 'Dodge', mark: true },
      { text: ' & go', mark: false },
    ]);
  });
  it('drops any other tag, keeping its text as text', () => {
    expect(excerptParts('<img src=x onerror=alert(1)>a<b>b</b>')).toEqual([{ text: 'ab', mark: false }]);
  });
  it('reads numeric entities, decimal and hexadecimal in either case, and named ones in any case', () => {
    expect(excerptParts('O&#39;Hara &#x41;&#X42; &AMP; &Quot;&nbsp;')).toEqual([{ text: 'O\'Hara AB & "\u00a0', mark: false }]);
  });
  it('keeps an entity it does not know, or a code point that is none, as written', () => {
    expect(excerptParts('&bogus; &#0; &#x110000; &#1114111;')).toEqual([{ text: '&bogus; &#0; &#x110000; \u{10ffff}', mark: false }]);
  });
  it('keeps an escaped tag as text', () => {
    expect(excerptParts('&lt;script&gt;')).toEqual([{ text: '<script>', mark: false }]);
  });
});
