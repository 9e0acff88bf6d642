/**
 * The card page's state on literal inputs (site/src/lib/card-maker/deck-state.ts
 * and deck-link.ts): each field's check and its bounds, hostile link fields,
 * the deck link's encoding byte for byte, its limits, and the command line
 * the page shows. No dataset, no browser.
 */
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeDeck, encodeDeck, MAX_LINK } from '../../site/src/lib/card-maker/deck-link.ts';
import {
  changedFields,
  cliArgs,
  cliLine,
  DEFAULT_STATE,
  MAX_ROSTER,
  printOptions,
  selectionInput,
  stateFromFields,
  type DeckState,
} from '../../site/src/lib/card-maker/deck-state.ts';

const deck = (fields: Partial<DeckState>): DeckState => ({ ...DEFAULT_STATE, ...fields });
const link = (json: string | Buffer) => `#deck=1.${deflateRawSync(json).toString('base64url')}`;
const problemOf = (result: Awaited<ReturnType<typeof decodeDeck>> | ReturnType<typeof stateFromFields>) =>
  result && 'problem' in result ? result.problem : null;
const stateOf = (result: Awaited<ReturnType<typeof decodeDeck>> | ReturnType<typeof stateFromFields>) => (result && 'state' in result ? result.state : null);

/** Text that deflate cannot shrink much: a fixed xorshift sequence over the base64 alphabet. */
function noisy(length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let x = 12345;
  let out = '';
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out += alphabet[(x >>> 0) % 64];
  }
  return out;
}

describe('each field of a deck, checked before anything reads it', () => {
  it.each<[string, string, unknown, boolean]>([
    ['source', 'skills', 'skills', true],
    ['source', 'players', 'players', false],
    ['roster', 'x × MAX_ROSTER', 'x'.repeat(MAX_ROSTER), true],
    ['roster', 'x × MAX_ROSTER + 1', 'x'.repeat(MAX_ROSTER + 1), false],
    ['roster', '7', 7, false],
    ['rosterFile', 'a × 100', 'a'.repeat(100), true],
    ['rosterFile', 'a × 101', 'a'.repeat(101), false],
    ['rosterFile', '', '', false],
    ['rosterFile', 'my team.yaml', 'my team.yaml', true],
    ['rosterFile', '../roster.yaml', '../roster.yaml', false],
    ['rosterFile', 'a\\\\b.yaml', 'a\\b.yaml', false],
    ['rosterFile', 'a\\nb.yaml', 'a\nb.yaml', false],
    ['rosterFile', '\\u0000', '\u0000', false],
    ['rosterFile', 'a\\u001fb', 'a\u001fb', false],
    ['rosterFile', '12', 12, false],
    ['skills', 'x × 4096', 'x'.repeat(4096), true],
    ['skills', 'x × 4097', 'x'.repeat(4097), false],
    ['perPlayer', 'true', true, true],
    ['perPlayer', 'true', 'true', false],
    ['perPlayer', '1', 1, false],
    ['edition', 'null', null, true],
    ['edition', 'en-2020', 'en-2020', true],
    ['edition', 'a × 40', 'a'.repeat(40), true],
    ['edition', 'a × 41', 'a'.repeat(41), false],
    ['edition', '', '', false],
    ['edition', 'EN-2020', 'EN-2020', false],
    ['edition', 'en 2020', 'en 2020', false],
    ['edition', '2020', 2020, false],
    ['lang', 'null', null, true],
    ['lang', 'en', 'en', true],
    ['lang', 'fr', 'fr', true],
    ['lang', 'de', 'de', false],
    ['team', 't × 200', 't'.repeat(200), true],
    ['team', 't × 201', 't'.repeat(201), false],
    ['team', 'null', null, false],
    ['paper', 'letter', 'letter', true],
    ['paper', 'a3', 'a3', false],
    ['layout', 'single', 'single', true],
    ['layout', 'grid', 'grid', false],
    ['bleed', 'true', true, true],
    ['bleed', 'no', 'no', false],
    ['backs', 'false', false, true],
    ['backs', 'null', null, false],
    ['duplex', 'short', 'short', true],
    ['duplex', 'edge', 'edge', false],
    ['ink', 'low', 'low', true],
    ['ink', 'none', 'none', false],
    ['size', 'mini', 'mini', true],
    ['size', 'tiny', 'tiny', false],
    ['textSize', 'uniform', 'uniform', true],
    ['textSize', 'mini', 'mini', false],
  ])('%s = %s: taken %s', (key, _shown, value, taken) => {
    const result = stateFromFields({ [key]: value });
    if (taken) expect(stateOf(result)).toEqual(deck({ [key]: value }));
    else expect(problemOf(result)).toEqual({ kind: 'bad-value', key });
  });

  it.each([null, undefined, 'roster', 7, true, ['roster']])('refuses %j as a deck', (fields) => {
    expect(stateFromFields(fields)).toEqual({ problem: { kind: 'not-deck' } });
  });

  it('takes no fields as the defaults, in a new object', () => {
    const result = stateOf(stateFromFields({}));
    expect(result).toEqual(DEFAULT_STATE);
    expect(result).not.toBe(DEFAULT_STATE);
  });

  it.each(['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty'])('takes %s for an unknown field, and changes no object', (key) => {
    expect(stateFromFields(JSON.parse(`{"${key}":{"paper":"letter"}}`))).toEqual({ problem: { kind: 'unknown-field', key } });
    expect(({} as Record<string, unknown>).paper).toBeUndefined();
  });

  it('names an unknown field by its first 40 characters', () => {
    expect(problemOf(stateFromFields({ [`${'k'.repeat(40)}tail`]: 1 }))).toEqual({ kind: 'unknown-field', key: 'k'.repeat(40) });
  });

  it('stops at the first field that is not one, in the order the link holds them', () => {
    expect(problemOf(stateFromFields({ paper: 'a3', script: 1 }))).toEqual({ kind: 'bad-value', key: 'paper' });
    expect(problemOf(stateFromFields({ script: 1, paper: 'a3' }))).toEqual({ kind: 'unknown-field', key: 'script' });
  });

  it('carries only the fields that differ from the defaults', () => {
    expect(changedFields(DEFAULT_STATE)).toEqual({});
    expect(changedFields(deck({ ink: 'low', edition: 'en-2020', team: 'Orcs' }))).toEqual({ ink: 'low', edition: 'en-2020', team: 'Orcs' });
  });
});

describe('the state as nuffle cards takes it', () => {
  it('selects the roster, its file name and per-player cards from a roster deck', () => {
    expect(selectionInput(deck({ roster: 'team: A', rosterFile: 'a.yaml', perPlayer: true, skills: 'Block', edition: 'en-2020', lang: 'fr' }))).toEqual({
      skills: null,
      edition: 'en-2020',
      lang: 'fr',
      roster: { text: 'team: A', file: 'a.yaml' },
      perPlayer: true,
      team: null,
    });
  });

  it('selects the skills alone from a skills deck, with no per-player cards', () => {
    expect(selectionInput(deck({ source: 'skills', skills: 'Block', roster: 'team: A', perPlayer: true }))).toMatchObject({
      skills: 'Block',
      roster: null,
      perPlayer: false,
    });
  });

  it('trims the team name, and takes a blank one for none', () => {
    expect(selectionInput(deck({ team: '  Orcs  ' })).team).toBe('Orcs');
    expect(selectionInput(deck({ team: '   ' })).team).toBeNull();
  });

  it('passes every print option on', () => {
    const options = { paper: 'letter', layout: 'single', bleed: true, backs: true, duplex: 'short', ink: 'low', size: 'tarot', textSize: 'uniform' } as const;
    expect(printOptions(deck(options))).toEqual(options);
  });

  it('writes no option at its default, and the language when one is chosen', () => {
    expect(cliArgs(deck({ source: 'skills', skills: 'Block', lang: 'fr' }))).toEqual(['cards', '--skills', 'Block', '--lang', 'fr']);
    expect(cliArgs(deck({ team: '   ' }))).toEqual(['cards', '--roster', 'roster.yaml']);
  });

  it('writes the duplex edge only with backs, and only when it is not the default', () => {
    expect(cliArgs(deck({ duplex: 'short' }))).toEqual(['cards', '--roster', 'roster.yaml']);
    expect(cliArgs(deck({ backs: true }))).toEqual(['cards', '--roster', 'roster.yaml', '--backs']);
  });

  it('shows each value as one shell word for every shell (shell-word.ts), and the file to save the roster as', () => {
    expect(cliLine(deck({ rosterFile: 'reavers_2.yaml' }))).toEqual({ command: 'npm run nuffle -- cards --roster reavers_2.yaml', saveAs: 'reavers_2.yaml' });
    expect(cliLine(deck({ source: 'skills', skills: 'Block, Dodge' }))).toEqual({ command: "npm run nuffle -- cards --skills 'Block, Dodge'", saveAs: null });
    expect(cliLine(deck({ source: 'skills', skills: "Block;rm -rf ~'" }))).toEqual({
      command: `npm run nuffle -- cards --skills "Block;rm -rf ~'"`,
      saveAs: null,
    });
    expect(cliLine(deck({ team: "O'Hara's $(x)" }))).toEqual({ none: 'team' });
    expect(cliLine(deck({ source: 'skills', skills: 'Block\\' }))).toEqual({ none: 'skills' });
    expect(cliLine(deck({ source: 'skills', skills: '  ' }))).toEqual({ none: 'empty' });
  });

  it('writes a value that starts with "-" as --option=value, which the CLI reads as the value', () => {
    expect(cliArgs(deck({ source: 'skills', skills: '-Block', team: '--x' }))).toEqual(['cards', '--skills=-Block', '--team=--x']);
    expect(cliLine(deck({ source: 'skills', skills: '-Block' }))).toEqual({ command: "npm run nuffle -- cards '--skills=-Block'", saveAs: null });
  });
});

describe('a deck in a link, on literal inputs', () => {
  it('is deflate-raw in base64url with no padding, the bytes Node writes for the same JSON', async () => {
    for (const roster of ['a', 'ab', 'abc', 'abcd', noisy(300), noisy(60_000)]) {
      const state = deck({ roster });
      const json = JSON.stringify(changedFields(state));
      expect(await encodeDeck(state)).toBe(`deck=1.${deflateRawSync(json).toString('base64url')}`);
    }
  });

  it('reads back every state it writes, whatever its length', async () => {
    for (const roster of ['a', 'ab', 'abc', 'abcd', noisy(301), noisy(302), noisy(303)]) {
      const state = deck({ roster, paper: 'letter' });
      const fragment = await encodeDeck(state);
      expect(fragment).not.toContain('=1.=');
      expect(fragment.slice('deck=1.'.length)).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(await decodeDeck(fragment)).toEqual({ state });
    }
  });

  it('takes a fragment with or without its #, and an empty one for no deck', async () => {
    expect(await decodeDeck('#')).toBeNull();
    expect(await decodeDeck('')).toBeNull();
    expect(await decodeDeck('skills=Block#2')).toEqual({ state: deck({ source: 'skills', skills: 'Block#2' }) });
  });

  it('takes a link of MAX_LINK characters and refuses one more', async () => {
    const head = 'deck=1.';
    expect(problemOf(await decodeDeck(`#${head}${'A'.repeat(MAX_LINK - head.length)}`))).toEqual({ kind: 'damaged' });
    expect(problemOf(await decodeDeck(`#${head}${'A'.repeat(MAX_LINK - head.length + 1)}`))).toEqual({
      kind: 'too-long',
      length: MAX_LINK + 1,
      max: MAX_LINK,
    });
  });

  it('inflates up to 96 KiB of JSON and no further', async () => {
    // 16,000 control characters are 96,000 bytes of JSON escapes: with the braces, exactly 96 KiB.
    const fits = { roster: `${'\u0001'.repeat(16_000)}${'x'.repeat(2291)}` };
    expect(JSON.stringify(fits).length).toBe(96 * 1024);
    expect(stateOf(await decodeDeck(link(JSON.stringify(fits))))).toEqual(deck(fits));
    const over = { roster: `${fits.roster}x` };
    expect(problemOf(await decodeDeck(link(JSON.stringify(over))))).toEqual({ kind: 'damaged' });
  });

  it.each([
    ['no dot', '#deck=1', ''],
    ['another version', '#deck=2.abc', '2'],
    ['a long version, cut to 10 characters', `#deck=${'9'.repeat(30)}.abc`, '9'.repeat(10)],
  ])('refuses %s, naming the version found', async (_what, fragment, found) => {
    expect(problemOf(await decodeDeck(fragment))).toEqual({ kind: 'version', found, expected: '1' });
  });

  it.each([
    ['text that is not UTF-8', link(Buffer.concat([Buffer.from('{"roster":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]))],
    ['an empty JSON text', link('')],
    ['JSON cut short', link('{"roster":')],
    ['bytes that are not deflate data', '#deck=1.AAAA'],
    ['a base64 alphabet it does not use', '#deck=1.q+8='],
  ])('calls %s damaged', async (_what, fragment) => {
    expect(problemOf(await decodeDeck(fragment))).toEqual({ kind: 'damaged' });
  });

  it('calls JSON that is not an object no deck', async () => {
    expect(problemOf(await decodeDeck(link('null')))).toEqual({ kind: 'not-deck' });
    expect(problemOf(await decodeDeck(link('["roster"]')))).toEqual({ kind: 'not-deck' });
  });

  it('refuses a hostile field inside a link, and pollutes no object', async () => {
    expect(problemOf(await decodeDeck(link('{"__proto__":{"backs":true}}')))).toEqual({ kind: 'unknown-field', key: '__proto__' });
    expect(({} as Record<string, unknown>).backs).toBeUndefined();
  });
});

describe('the plain links of the concept pages', () => {
  it('reads skills, edition and language', async () => {
    expect(await decodeDeck('#skills=Block,Dodge&edition=en-2020&lang=fr')).toEqual({
      state: deck({ source: 'skills', skills: 'Block,Dodge', edition: 'en-2020', lang: 'fr' }),
    });
    expect(await decodeDeck('#edition=en-2020')).toEqual({ state: deck({ edition: 'en-2020' }) });
  });

  it('refuses another field, named by its first 40 characters, and a value the field does not take', async () => {
    expect(problemOf(await decodeDeck(`#skills=Block&${'c'.repeat(45)}=red`))).toEqual({ kind: 'unknown-field', key: 'c'.repeat(40) });
    expect(problemOf(await decodeDeck('#skills=Block&lang=de'))).toEqual({ kind: 'bad-value', key: 'lang' });
    expect(problemOf(await decodeDeck('#roster=team'))).toEqual({ kind: 'unknown-field', key: 'roster' });
  });
});
