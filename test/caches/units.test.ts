/**
 * The stage memo and the build cache's small parts on literal inputs, one
 * behaviour each: memo keys, recall and remember, what a build hands on, and
 * where the cache lives and when it is off.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheDir, cacheEnabled } from '../../pipeline/cache/build-cache.ts';
import { createMemo, memoKey } from '../../pipeline/model/memo.ts';

describe('memoKey', () => {
  it('is the sha256 of the parts as one JSON list', () => expect(memoKey('a', 1)).toBe(createHash('sha256').update('["a",1]').digest('hex')));
  it('is 64 hex digits', () => expect(memoKey('x')).toMatch(/^[0-9a-f]{64}$/));
  it('moves with the text of a part', () => expect(memoKey('errata.yaml', 'replace: a')).not.toBe(memoKey('errata.yaml', 'replace: b')));
  it('frames the parts: no two lists collide', () => expect(memoKey('ab', 'c')).not.toBe(memoKey('a', 'bc')));
  it('keeps two lone surrogates apart', () => expect(memoKey('\ud800')).not.toBe(memoKey('\udc00')));
  it('is the same for the same parts', () => expect(memoKey({ a: [1, 2] }, 'x')).toBe(memoKey({ a: [1, 2] }, 'x')));
});

describe('the stage memo', () => {
  it('recalls a stored value, as a hit', () => {
    const memo = createMemo({ yaml: { k: '{"a":1}' } });
    expect(memo.recall('yaml', 'k')).toEqual({ a: 1 });
    expect(memo.stats).toEqual({ hits: 1, misses: 0 });
  });
  it('misses a key it does not have', () => {
    const memo = createMemo({ yaml: { k: '1' } });
    expect(memo.recall('yaml', 'other')).toBeUndefined();
    expect(memo.stats).toEqual({ hits: 0, misses: 1 });
  });
  it('misses a key stored under another stage', () => expect(createMemo({ yaml: { k: '1' } }).recall('parse', 'k')).toBeUndefined());
  it('misses a key inherited from Object.prototype', () => expect(createMemo({ yaml: {} }).recall('yaml', 'toString')).toBeUndefined());
  it('misses a damaged entry, and does not hand it on', () => {
    const memo = createMemo({ plain: { k: '{not json' } });
    expect(memo.recall('plain', 'k')).toBeUndefined();
    expect(memo.stats).toEqual({ hits: 0, misses: 1 });
    expect(memo.used().plain).toEqual({});
  });
  it('misses an entry that is not text', () => expect(createMemo({ yaml: { k: 1 as unknown as string } }).recall('yaml', 'k')).toBeUndefined());
  it('gives a fresh copy on every recall', () => {
    const memo = createMemo({ yaml: { k: '{"a":[1]}' } });
    (memo.recall('yaml', 'k') as { a: number[] }).a.push(2);
    expect(memo.recall('yaml', 'k')).toEqual({ a: [1] });
  });
  it('hands on what it recalled', () => {
    const memo = createMemo({ yaml: { k: '1', unused: '2' } });
    memo.recall('yaml', 'k');
    expect(memo.used()).toEqual({ yaml: { k: '1' }, parse: {}, plain: {}, markdown: {}, readBack: {} });
  });
  it('remembers a value as JSON and hands it on', () => {
    const memo = createMemo();
    expect(memo.remember('parse', 'k', { a: [1, 'x', null] })).toBe(true);
    expect(memo.used().parse).toEqual({ k: '{"a":[1,"x",null]}' });
  });
  it('refuses a value JSON would change', () => {
    const memo = createMemo();
    expect(memo.remember('parse', 'k', { a: undefined, b: 1 })).toBe(false);
    expect(memo.remember('parse', 'm', new Map())).toBe(false);
    expect(memo.used().parse).toEqual({});
  });
  it('refuses a value JSON cannot write', () => expect(createMemo().remember('parse', 'k', undefined)).toBe(false));
  it('merges the stored entries with this build’s, this build’s winning', () => {
    const memo = createMemo({ yaml: { a: '1', b: '2' }, parse: { c: '3' } });
    memo.remember('yaml', 'b', 20);
    expect(memo.merged()).toEqual({ yaml: { a: '1', b: '20' }, parse: { c: '3' }, plain: {}, markdown: {}, readBack: {} });
  });
  it('merges no stored entry that is not text', () => expect(createMemo({ yaml: { a: 1 as unknown as string, b: '2' } }).merged().yaml).toEqual({ b: '2' }));
});

describe('where the cache lives and when it is off', () => {
  const dir = mkdtempSync(join(tmpdir(), 'nuffle-cache-dir-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lives where NUFFLE_CACHE_DIR says', () => expect(cacheDir(dir, { NUFFLE_CACHE_DIR: '/elsewhere' })).toBe('/elsewhere'));
  it('lives in the temp folder when the project has no node_modules', () => expect(cacheDir(dir, {})).toMatch(/nuffle-build-cache-\d+$/));
  it('lives under node_modules/.cache when there is one', () => {
    mkdirSync(join(dir, 'node_modules'));
    expect(cacheDir(dir, {})).toBe(join(dir, 'node_modules/.cache/nuffle/build'));
  });
  it.each(['off', 'OFF', '0', 'false', 'no'])('is off when NUFFLE_BUILD_CACHE=%s', (value) => expect(cacheEnabled({ NUFFLE_BUILD_CACHE: value })).toBe(false));
  it.each([undefined, '', 'on', '1', 'offline', 'xoff'])('is on when NUFFLE_BUILD_CACHE=%s', (value) =>
    expect(cacheEnabled({ NUFFLE_BUILD_CACHE: value })).toBe(true),
  );
});
