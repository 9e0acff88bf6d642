/**
 * The stage memo's keys where a stage computes them (the source parse, the
 * Markdown serialiser and reader), on literal inputs: a build recalls a
 * stage's result only when everything that stage reads is unchanged, and each
 * thing it reads, changed alone, makes it compute again. The real-build
 * counterpart, over every input file, is test/caches/every-edit.test.ts.
 */
import type { Root } from 'mdast';
import { describe, expect, it } from 'vitest';
import { forgetPlainTexts, mdastToMarkdown, plainTextOfMarkdown, readsBack, withMarkdownMemo } from '../../pipeline/model/markdown.ts';
import { createMemo, memoKey, type StageMemo } from '../../pipeline/model/memo.ts';
import type { Erratum, ManifestSource, SourceManifest } from '../../pipeline/model/schema-types.ts';
import { parseSources } from '../../pipeline/parse/sources.ts';
import { PARSERS } from '../../pipeline/parse/parsers.ts';

const RAW = 'Catch\nAgility\nCatch the bal.\nBloodbowlnone\nDungeonbowl\n';
const ERRATUM: Erratum = {
  id: 'en-2020/catch-ball',
  source: 'en-2020-skills-traits',
  find: 'the bal.',
  replace: 'the ball.',
  reason: 'a letter dropped',
} as Erratum;
const SOURCE = {
  id: 'en-2020-skills-traits',
  file: 'sources/raw/a.txt',
  lang: 'en',
  edition: { id: 'en-2020', label: 'Blood Bowl 2020' },
  parser: 'en-2020',
  note: 'x',
} as ManifestSource;

interface Run {
  source?: ManifestSource;
  raw?: string;
  errata?: Erratum[];
}

/** One parse of the literal source with `memo`. */
const INPUT = {
  manifest: { dataset: { version: '1.0.0', schemaVersion: '1.0.0' }, sources: [SOURCE] } as SourceManifest,
  manifestPath: 'sources/manifest.yaml',
  locateManifest: () => null,
  raw: new Map<string, Uint8Array>(),
  errata: [] as Erratum[],
  errataPath: 'sources/annotations/errata.yaml',
  locateErratum: () => 4,
  parsers: PARSERS,
};

/** A stored parse as JSON reads it back. */
type Stored = { lines?: unknown; errata?: unknown; diagnostics?: unknown; result?: Record<string, unknown> };

function parse(memo: StageMemo, { source = SOURCE, raw = RAW, errata = [] }: Run = {}) {
  const result = parseSources({
    ...INPUT,
    manifest: { ...INPUT.manifest, sources: [source] },
    raw: new Map([[source.file, Buffer.from(raw)]]),
    errata,
    memo,
  });
  return { text: result.parsed[0]!.result.records[0]!.text, stats: { ...memo.stats } };
}

/** A memo holding what a first parse of `first` used, as the next build loads it. */
const nextMemo = (first: Run = {}): StageMemo => {
  const memo = createMemo();
  parse(memo, first);
  return createMemo(memo.used());
};

describe('the source parse in the memo', () => {
  it('is recalled when the source entry, its bytes and the errata file are unchanged', () => {
    expect(parse(nextMemo()).stats).toEqual({ hits: 1, misses: 0 });
  });

  it('is computed again when its source gains an erratum, and the new erratum is applied', () => {
    const second = parse(nextMemo(), { errata: [ERRATUM] });
    expect(second.stats).toEqual({ hits: 0, misses: 1 });
    expect(second.text).toContain('Catch the ball.');
  });

  it('is recalled when only another source gains an erratum (a save of errata.yaml re-parses that source alone)', () => {
    const other = { ...ERRATUM, id: 'fr-legacy/x', source: 'fr-legacy-skills' } as Erratum;
    expect(parse(nextMemo(), { errata: [other] }).stats).toEqual({ hits: 1, misses: 0 });
  });

  it('is computed again when the recalled parse had an erratum problem: its line in errata.yaml may have moved', () => {
    const broken = { ...ERRATUM, find: 'not in the text' } as Erratum;
    const memo = createMemo();
    parse(memo, { errata: [broken] });
    const used = memo.used();
    const [key, stored] = Object.entries(used.parse)[0]!;
    const planted = stored.replace('Catch the bal.', 'Catch, as recalled.');
    expect(planted).not.toBe(stored);
    expect(parse(createMemo({ ...used, parse: { [key]: planted } }), { errata: [broken] }).text).toContain('Catch the bal.');
  });

  it('is computed again when the source bytes change', () => {
    const second = parse(nextMemo(), { raw: RAW.replace('the bal.', 'the ball now.') });
    expect(second.stats).toEqual({ hits: 0, misses: 1 });
    expect(second.text).toContain('the ball now.');
  });

  it('gives the recalled parse, not a new one, when everything it read is unchanged', () => {
    const memo = createMemo();
    parse(memo);
    const used = memo.used();
    // The stored parse, edited where only a recall would show it.
    const [key, stored] = Object.entries(used.parse)[0]!;
    const planted = stored.replace('Catch the bal.', 'Catch, as recalled.');
    expect(planted).not.toBe(stored);
    expect(parse(createMemo({ ...used, parse: { [key]: planted } })).text).toContain('Catch, as recalled.');
  });

  it('parses again when the stored entry is not a parse', () => {
    const memo = createMemo();
    parse(memo);
    const key = Object.keys(memo.used().parse)[0]!;
    expect(parse(createMemo({ parse: { [key]: '{"lines":[]}' } })).text).toContain('Catch the bal.');
  });

  const DAMAGES: [string, (e: Stored) => void][] = [
    ['lines', (e) => delete e.lines],
    ['errata', (e) => delete e.errata],
    ['diagnostics', (e) => delete e.diagnostics],
    ['result', (e) => delete e.result],
    ...['records', 'unnamed', 'rulings', 'slotLines', 'diagnostics'].map((field): [string, (e: Stored) => void] => [
      `result.${field}`,
      (e) => (e.result![field] = {}),
    ]),
    ['result.notes', (e) => (e.result!.notes = 'none')],
  ];
  it.each(DAMAGES)('parses again when the stored parse has no list of %s', (_, damage) => {
    const memo = createMemo();
    parse(memo);
    const [key, stored] = Object.entries(memo.used().parse)[0]!;
    const entry = JSON.parse(stored.replace('Catch the bal.', 'Catch, as recalled.')) as Stored;
    damage(entry);
    expect(parse(createMemo({ parse: { [key]: JSON.stringify(entry) } })).text).toBe(parse(createMemo()).text);
  });

  it('recalls a stored parse with no notes (a parser that reads no notes)', () => {
    const memo = createMemo();
    parse(memo);
    const [key, stored] = Object.entries(memo.used().parse)[0]!;
    const entry = JSON.parse(stored.replace('Catch the bal.', 'Catch, as recalled.')) as Stored;
    delete entry.result!.notes;
    expect(parse(createMemo({ parse: { [key]: JSON.stringify(entry) } })).text).toContain('Catch, as recalled.');
  });

  it('parses without a memo, and keeps nothing', () => {
    const result = parseSources({ ...INPUT, raw: new Map([[SOURCE.file, Buffer.from(RAW)]]) });
    expect(result.parsed[0]!.result.records[0]!.text).toContain('Catch the bal.');
  });

  it('remembers the parse under the key the next build asks for', () => {
    const memo = createMemo();
    parse(memo);
    expect(Object.keys(memo.used().parse)).toHaveLength(1);
    expect(parse(createMemo(memo.used())).stats).toEqual({ hits: 1, misses: 0 });
  });

  it("is computed again when the source's manifest entry changes", () =>
    expect(parse(nextMemo(), { source: { ...SOURCE, note: 'another note' } as ManifestSource }).stats).toEqual({ hits: 0, misses: 1 }));
});

const tree = (value: string): Root => ({ type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', value }] }] });

describe('the Markdown stages in the memo', () => {
  it('serialise each tree by its own content: a second tree is not given the first one’s Markdown', () => {
    const memo = createMemo();
    withMarkdownMemo(memo, () => mdastToMarkdown(tree('Roll a D6.')));
    const next = createMemo(memo.used());
    expect(withMarkdownMemo(next, () => [mdastToMarkdown(tree('Roll a D6.')), mdastToMarkdown(tree('Roll two D6.'))])).toEqual([
      'Roll a D6.\n',
      'Roll two D6.\n',
    ]);
    expect(next.stats).toEqual({ hits: 1, misses: 1 });
  });

  it('give a recalled Markdown text, plain text or read-back, not a new one', () => {
    const markdown = createMemo({ markdown: { [memoKey(tree('Roll a D6.'))]: JSON.stringify('as recalled\n') } });
    expect(withMarkdownMemo(markdown, () => mdastToMarkdown(tree('Roll a D6.')))).toBe('as recalled\n');
    forgetPlainTexts();
    const plain = createMemo({ plain: { [memoKey('*Block* now.')]: JSON.stringify('as recalled') } });
    expect(withMarkdownMemo(plain, () => plainTextOfMarkdown('*Block* now.'))).toBe('as recalled');
    forgetPlainTexts();
    const back = createMemo({ readBack: { [memoKey(tree('a'), 'b\n')]: 'true' } });
    expect(withMarkdownMemo(back, () => readsBack(tree('a'), 'b\n'))).toBe(true);
  });

  it('compute again when the stored value has the wrong type', () => {
    const markdown = createMemo({ markdown: { [memoKey(tree('Roll a D6.'))]: '1' } });
    expect(withMarkdownMemo(markdown, () => mdastToMarkdown(tree('Roll a D6.')))).toBe('Roll a D6.\n');
    forgetPlainTexts();
    const plain = createMemo({ plain: { [memoKey('*Block* now.')]: '1' } });
    expect(withMarkdownMemo(plain, () => plainTextOfMarkdown('*Block* now.'))).toBe('Block now.\n');
    const back = createMemo({ readBack: { [memoKey(tree('a'), 'b\n')]: '"yes"' } });
    expect(withMarkdownMemo(back, () => readsBack(tree('a'), 'b\n'))).toBe(false);
  });

  it('keep what they computed in the active memo only, and no memo is active after `withMarkdownMemo` returns', () => {
    const memo = createMemo();
    forgetPlainTexts();
    withMarkdownMemo(memo, () => plainTextOfMarkdown('*Block* now.'));
    expect(Object.keys(memo.used().plain)).toEqual([memoKey('*Block* now.')]);
    mdastToMarkdown(tree('After.'));
    plainTextOfMarkdown('After.');
    readsBack(tree('After.'), 'After.\n');
    expect([memo.used().markdown, Object.keys(memo.used().plain).length, memo.used().readBack]).toEqual([{}, 1, {}]);
  });

  it('read a plain text once per process: a second read recalls nothing', () => {
    forgetPlainTexts();
    withMarkdownMemo(createMemo(), () => plainTextOfMarkdown('*Once* only.'));
    const next = createMemo({ plain: { [memoKey('*Once* only.')]: JSON.stringify('as recalled') } });
    expect(withMarkdownMemo(next, () => plainTextOfMarkdown('*Once* only.'))).toBe('Once only.\n');
    expect(next.stats).toEqual({ hits: 0, misses: 0 });
  });

  it('read the plain text of each Markdown text by its own words', () => {
    const memo = createMemo();
    forgetPlainTexts();
    withMarkdownMemo(memo, () => plainTextOfMarkdown('*Block* now.'));
    forgetPlainTexts();
    const next = createMemo(memo.used());
    expect(withMarkdownMemo(next, () => [plainTextOfMarkdown('*Block* now.'), plainTextOfMarkdown('*Dodge* now.')])).toEqual(['Block now.\n', 'Dodge now.\n']);
    expect(next.stats).toEqual({ hits: 1, misses: 1 });
  });

  it('check a read-back by the tree and the Markdown together: the same tree with other Markdown is checked again', () => {
    const memo = createMemo();
    withMarkdownMemo(memo, () => readsBack(tree('Roll a D6.'), 'Roll a D6.\n'));
    const next = createMemo(memo.used());
    expect(withMarkdownMemo(next, () => [readsBack(tree('Roll a D6.'), 'Roll a D6.\n'), readsBack(tree('Roll a D6.'), 'Roll two D6.\n')])).toEqual([
      true,
      false,
    ]);
    expect(next.stats).toEqual({ hits: 1, misses: 1 });
  });
});
