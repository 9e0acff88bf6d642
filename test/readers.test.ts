/**
 * The edges a broken paste meets first, one behaviour at a time: the YAML
 * reader, the UTF-8 locator and path check of the source reader, the errata
 * patcher, and how diagnostics quote, sort and print.
 */
import { describe, expect, it } from 'vitest';
import { error, excerpt, formatDiagnostic, hasErrors, sortDiagnostics, warning, type Diagnostic } from '../pipeline/model/diagnostic.ts';
import type { Erratum, ManifestSource, SourceManifest } from '../pipeline/model/schema-types.ts';
import { applyErrata, closestText, splitLines } from '../pipeline/parse/errata.ts';
import { errataWithin } from '../pipeline/model/source.ts';
import { firstInvalidUtf8, insideRawFolder, parseSources } from '../pipeline/parse/sources.ts';
import { parseYaml } from '../pipeline/parse/yaml.ts';
import { PARSERS } from '../pipeline/build.ts';

describe('the YAML reader', () => {
  it('reads a value and locates a nested path, or its nearest ancestor', () => {
    const parsed = parseYaml({ path: 'a.yaml', text: 'top:\n  list:\n    - one\n    - two: 2\n' });
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.value).toEqual({ top: { list: ['one', { two: 2 }] } });
    expect(parsed.locate(['top', 'list', 1, 'two'])).toEqual({ line: 4, column: 12 });
    expect(parsed.locate(['top', 'list', 1])).toEqual({ line: 4, column: 7 });
    expect(parsed.locate(['top', 'list', 9, 'missing'])).toEqual({ line: 3, column: 5 });
    expect(parsed.locate(['nothing'])).toEqual({ line: 1, column: 1 });
  });

  it('reports one syntax error, at its line and column, with the line quoted and the rest counted', () => {
    const parsed = parseYaml({ path: 'a.yaml', text: 'rows:\n  - id: x\n    related: [a, b\n    confidence: medium\n    note: z\n' });
    expect(parsed.value).toBeNull();
    expect(parsed.diagnostics).toHaveLength(1);
    const [d] = parsed.diagnostics as [Diagnostic];
    expect(d).toMatchObject({ file: 'a.yaml', place: { line: 3, column: 14 }, ruleId: 'yaml/syntax', fatal: true, actual: 'line 3: "    related: [a, b"' });
    expect(d.reason).toBe('YAML: this "[" is never closed (expected "]" before the next line of the block)');
    expect(d.note).toBe('2 more YAML errors after this one, most likely caused by it; fix this one first');
  });

  it('finds the unclosed brace, not a bracket in a comment or a quoted string', () => {
    const parsed = parseYaml({ path: 'a.yaml', text: 'a: "[" # [\nb: \'{\'\nc: {x: 1\nd: 2\n' });
    expect(parsed.diagnostics[0]).toMatchObject({ place: { line: 3, column: 4 } });
    expect(parsed.diagnostics[0]!.reason).toContain('"{" is never closed (expected "}"');
  });

  it.each([
    ['a closing bracket in double quotes', 'a: [x, "]"\nb: 2\n'],
    ['a closing bracket in single quotes', "a: [x, ']'\nb: 2\n"],
    ['a closing bracket after an escaped quote', 'a: [x, "\\"]"\nb: 2\n'],
    ['a closing bracket in a comment', 'a: [x, # ]\n  y\nb: 2\n'],
    ['nothing after it', 'a: [\n'],
  ])('points at the open bracket past %s', (_what, text) => {
    const parsed = parseYaml({ path: 'a.yaml', text });
    expect(parsed.diagnostics).toHaveLength(1);
    expect(parsed.diagnostics[0]).toMatchObject({ place: { line: 1, column: 4 }, actual: `line 1: ${JSON.stringify(text.split('\n')[0])}` });
  });

  it('a lone error gets no note, and a duplicate key is the error at its own line', () => {
    const parsed = parseYaml({ path: 'a.yaml', text: 'a: 1\nb: 2\na: 3\n' });
    expect(parsed.diagnostics).toHaveLength(1);
    expect(parsed.diagnostics[0]).toMatchObject({ place: { line: 3, column: 1 } });
    expect(parsed.diagnostics[0]!.note).toBeUndefined();
    expect(parsed.diagnostics[0]!.reason).toMatch(/^YAML: Map keys must be unique/);
  });

  it('an alias to no anchor is a located error, not a throw', () => {
    const parsed = parseYaml({ path: 'a.yaml', text: 'a: 1\nb: *nowhere\n' });
    expect(parsed.value).toBeNull();
    expect(parsed.diagnostics).toHaveLength(1);
    expect(parsed.diagnostics[0]).toMatchObject({ ruleId: 'yaml/syntax', place: { line: 2, column: 4 } });
  });

  it('puts a key indented deeper than its mapping at its own line and column, not at the value above it', () => {
    const parsed = parseYaml({ path: 'a.yaml', text: 'links:\n  - source: x\n    record: y\n      concept: z\n    relation: same\n' });
    expect(parsed.diagnostics).toMatchObject([
      {
        place: { line: 4, column: 7 },
        reason: "YAML: this line is indented deeper than the key above it (at column 5), so it reads as part of that key's value",
        actual: 'line 4: "      concept: z"',
      },
    ]);
  });

  it('puts a key indented less than its mapping at its first character, not at column 1, and names the column of the key above', () => {
    const parsed = parseYaml({ path: 'a.yaml', text: 'links:\n  - source: x\n    record: y\n  concept: z\n' });
    expect(parsed.diagnostics).toMatchObject([
      {
        place: { line: 4, column: 3 },
        reason: 'YAML: All mapping items must start at the same column: this line starts at column 3, the key above it at column 5',
      },
    ]);
  });

  it('leaves a mapping nested on one line where YAML found it', () => {
    expect(parseYaml({ path: 'a.yaml', text: 'x:\n  a: b: c\n  d: 1\n' }).diagnostics[0]!.place).toEqual({ line: 2, column: 6 });
  });

  it('an error at the very end of a file names its last line, never the one after', () => {
    const parsed = parseYaml({ path: 'a.yaml', text: 'a: "open\n' });
    expect(parsed.diagnostics[0]!.place!.line).toBe(1);
  });
});

describe('the source reader', () => {
  it('locates the first byte that breaks UTF-8: line, column in characters, the bytes in hex', () => {
    const bytes = Buffer.concat([Buffer.from('ab\nçé x'), Buffer.from([0xff, 0x41]), Buffer.from('\nmore')]);
    expect(firstInvalidUtf8(bytes)).toEqual({ offset: 9, line: 2, column: 5, hex: 'ff 41 0a 6d', truncated: false });
  });

  it('says when a file ends inside a character', () => {
    const cut = Buffer.from('fin: é').subarray(0, -1);
    expect(firstInvalidUtf8(cut)).toMatchObject({ line: 1, column: 6, truncated: true, hex: 'c3' });
  });

  it.each([
    ['an encoded surrogate', [0xed, 0xa0, 0x80]],
    ['an overlong slash', [0xc0, 0xaf]],
    ['an overlong three-byte form', [0xe0, 0x80, 0x80]],
    ['an overlong four-byte form', [0xf0, 0x80, 0x80, 0x80]],
    ['a code point above U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
    ['a lead byte above F4', [0xf5, 0x80, 0x80, 0x80]],
    ['a stray continuation byte', [0x80]],
  ])('refuses %s, as the strict decoder does', (_what, bad) => {
    const bytes = Buffer.concat([Buffer.from('ok\n'), Buffer.from(bad), Buffer.from(' tail')]);
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    expect(firstInvalidUtf8(bytes)).toMatchObject({ offset: 3, line: 2, column: 1, truncated: false });
  });

  it('accepts the longest valid forms at each boundary', () => {
    const valid = Buffer.from('\u007f\u0080\u07ff\u0800\ud7ff\ue000\uffff\u{10000}\u{10ffff}');
    expect(firstInvalidUtf8(valid)).toEqual({ offset: valid.length, line: 1, column: 1, hex: '', truncated: false });
  });

  it.each([
    ['sources/raw/a.txt', true],
    ['sources/raw/..', false],
    ['sources/raw/.', false],
    ['sources/raw/../x', false],
    ['sources/raw/sub/a.txt', false],
    ['sources/raw/a\\..\\b', false],
    ['/etc/passwd', false],
    ['../../etc/passwd', false],
    ['sources/annotations/crosswalk.yaml', false],
    ['sources/raw/', false],
  ])('%s is a file in sources/raw: %s', (path, inside) => {
    expect(insideRawFolder(path)).toBe(inside);
  });

  const source = (over: Partial<ManifestSource>): ManifestSource => ({
    id: 'en-2020-skills-traits',
    file: 'sources/raw/a.txt',
    lang: 'en',
    edition: { id: 'en-2020', label: 'x', year: 2020, status: 'current' },
    parser: 'en-2020',
    note: 'x',
    ...over,
  });
  const run = (sources: ManifestSource[], raw: Record<string, string | Uint8Array>) =>
    parseSources({
      manifest: { dataset: { version: '1.0.0', schemaVersion: '1.0.0' }, sources } as SourceManifest,
      manifestPath: 'sources/manifest.yaml',
      locateManifest: (path) => ({ line: 10 + Number(path[1]), column: 3 }),
      raw: new Map(Object.entries(raw).map(([k, v]) => [k, typeof v === 'string' ? Buffer.from(v) : v])),
      errata: [],
      errataPath: 'sources/annotations/errata.yaml',
      locateErratum: () => null,
      parsers: PARSERS,
    });

  it('refuses a path outside sources/raw without looking it up, and names a missing file at its manifest line', () => {
    const result = run([source({ file: 'sources/raw/..' }), source({ id: 'b' as ManifestSource['id'], file: 'sources/raw/gone.txt' })], {
      'sources/raw/..': 'Catch\nAgility\nText.\nBloodbowlnone\nDungeonbowl\n',
    });
    expect(result.diagnostics.map((d) => [d.ruleId, d.file, d.place])).toEqual([
      ['manifest/outside-sources', 'sources/manifest.yaml', { line: 10, column: 3 }],
      ['manifest/missing-file', 'sources/manifest.yaml', { line: 11, column: 3 }],
    ]);
    expect(result.sources).toEqual([]);
    expect(result.parsed).toEqual([]);
  });

  it('digests the bytes, strips a BOM, and parses; an empty source is an error at line 1', () => {
    const result = run([source({})], { 'sources/raw/a.txt': '\ufeffCatch\nAgility\nText.\nBloodbowlnone\nDungeonbowl\n' });
    expect(result.diagnostics.filter((d) => d.fatal)).toEqual([]);
    expect(result.sources[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(result.parsed[0]!.result.records.map((r) => r.name)).toEqual(['Catch']);
    const empty = run([source({})], { 'sources/raw/a.txt': ' \n\t\n' });
    expect(empty.diagnostics).toMatchObject([{ ruleId: 'source/empty', file: 'sources/raw/a.txt', place: { line: 1 }, fatal: true }]);
    expect(empty.sources).toHaveLength(1);
  });

  it('an unknown parser is a warning at its manifest line, the source digested', () => {
    const result = run([source({ parser: 'later' as ManifestSource['parser'] })], { 'sources/raw/a.txt': 'x' });
    expect(result.diagnostics).toMatchObject([{ ruleId: 'manifest/parser-pending', fatal: false, place: { line: 10, column: 3 } }]);
    expect(result.sources).toHaveLength(1);
    expect(result.parsed).toEqual([]);
  });
});

describe('the errata patcher', () => {
  const erratum = (over: Partial<Erratum>): Erratum =>
    ({ id: 'en-2020/x', source: 'en-2020-skills-traits', find: 'see teh', replace: 'see the', reason: 'typo', ...over }) as Erratum;
  const patch = (text: string, errata: Erratum[], recordLines?: (id: string) => readonly [number, number] | null) =>
    applyErrata('en-2020-skills-traits', 'f.txt', text, errata, 'e.yaml', () => 7, recordLines);

  it('splits CRLF, CR and LF alike and drops one final empty line', () => {
    expect(splitLines('a\r\nb\rc\nd\n')).toEqual(['a', 'b', 'c', 'd']);
    expect(splitLines('a\n\n')).toEqual(['a', '']);
    expect(splitLines('')).toEqual([]);
  });

  it('patches the one occurrence in its source and records the line, for its own source only', () => {
    const out = patch('teh\nsee teh ball\nteh', [erratum({}), erratum({ id: 'fr/x' as Erratum['id'], source: 'fr-legacy-skills', find: 'teh', replace: 'x' })]);
    expect(out.lines).toEqual(['teh', 'see the ball', 'teh']);
    expect([...out.applied]).toEqual([[2, ['en-2020/x']]]);
    expect(out.diagnostics).toEqual([]);
  });

  it('follows its text when lines are added above it', () => {
    const out = patch('new\nlines\nabove\nteh\nsee teh ball', [erratum({})]);
    expect(out.lines[4]).toBe('see the ball');
    expect([...out.applied]).toEqual([[5, ['en-2020/x']]]);
    expect(out.diagnostics).toEqual([]);
  });

  it('two errata on one line are both applied, in order', () => {
    const out = patch('x\nsee teh cta\n', [erratum({}), erratum({ id: 'en-2020/y' as Erratum['id'], find: 'cta', replace: 'cat' })]);
    expect(out.lines[1]).toBe('see the cat');
    expect(out.applied.get(2)).toEqual(['en-2020/x', 'en-2020/y']);
  });

  it('a find that spans lines patches them all and records each', () => {
    const out = patch('Block\nTraits\nBlock again', [erratum({ find: 'Block\nTraits', replace: 'Block*\nTraits' })]);
    expect(out.lines).toEqual(['Block*', 'Traits', 'Block again']);
    expect([...out.applied]).toEqual([
      [1, ['en-2020/x']],
      [2, ['en-2020/x']],
    ]);
  });

  it("a record-scoped erratum searches only that record's lines", () => {
    const text = 'Dodge\nsee teh ball\nBlock\nsee teh ball';
    const out = patch(text, [erratum({ record: 'en-2020/block' })], (id) => (id === 'en-2020/block' ? [3, 4] : null));
    expect(out.lines).toEqual(['Dodge', 'see teh ball', 'Block', 'see the ball']);
    expect([...out.applied]).toEqual([[4, ['en-2020/x']]]);
    expect(out.diagnostics).toEqual([]);
  });

  it('a record the source lacks is an error naming the erratum', () => {
    const out = patch('see teh ball', [erratum({ record: 'en-2020/nope' })]);
    expect(out.diagnostics).toMatchObject([{ ruleId: 'errata/unknown-record', file: 'e.yaml', place: { line: 7 } }]);
    expect(out.diagnostics[0]!.reason).toContain('en-2020/x');
  });

  it('is ambiguous when its text occurs twice, naming both lines', () => {
    const out = patch('see teh ball\nx\nsee teh ball', [erratum({})]);
    expect(out.diagnostics).toMatchObject([{ ruleId: 'errata/ambiguous', file: 'e.yaml', place: { line: 7 } }]);
    expect(out.diagnostics[0]!.reason).toContain('en-2020/x');
    expect(out.diagnostics[0]!.reason).toContain('lines 1, 3');
    expect(out.applied.size).toBe(0);
  });

  it('is not found when its text occurs nowhere, quoting the closest text and its line', () => {
    const out = patch('a first line\nthen see teh bal here\nlast', [erratum({ find: 'see teh ball' })]);
    expect(out.diagnostics).toMatchObject([{ ruleId: 'errata/not-found', file: 'e.yaml', place: { line: 7 } }]);
    expect(out.diagnostics[0]!.reason).toContain('en-2020/x');
    expect(out.diagnostics[0]!.actual).toBe('closest text, f.txt:2: "see teh bal"');
    expect(out.applied.size).toBe(0);
  });

  it('says an erratum whose correction the source now prints is fixed upstream, to be removed', () => {
    const out = patch('a first line\nthen see the ball here\nlast', [erratum({ find: 'see teh ball', replace: 'see the ball' })]);
    expect(out.diagnostics).toMatchObject([
      {
        ruleId: 'errata/not-found',
        file: 'e.yaml',
        place: { line: 7 },
        reason: 'Erratum en-2020/x is fixed upstream: f.txt:2 now prints its correction, "see the ball"',
        expected: 'fixed upstream: remove this erratum from sources/annotations/errata.yaml',
      },
    ]);
    expect(out.diagnostics[0]!.actual).toBeUndefined();
  });

  it('refuses a replace that changes the number of lines', () => {
    const out = patch('see teh ball', [erratum({ replace: 'see\nthe' })]);
    expect(out.diagnostics).toMatchObject([{ ruleId: 'errata/line-count' }]);
    expect(out.lines).toEqual(['see teh ball']);
  });

  it('finds the closest stretch of text by edit distance', () => {
    expect(closestText('abc hello world xyz', 'helo wrld')).toEqual({ start: 4, end: 15 });
    expect(closestText('exact', 'exact')).toEqual({ start: 0, end: 5 });
  });

  it('lists the errata applied within a range of lines, in line order', () => {
    const applied = new Map([
      [5, ['b']],
      [2, ['a']],
      [9, ['c']],
    ]);
    expect(errataWithin(applied, 2, 5)).toEqual(['a', 'b']);
    expect(errataWithin(applied, 3, 4)).toEqual([]);
    expect(errataWithin(applied, 9, 9)).toEqual(['c']);
  });
});

describe('diagnostics', () => {
  it('quote a short excerpt around the problem, marking the cuts and never splitting a surrogate pair', () => {
    expect(excerpt('short')).toBe('short');
    const long = `${'a'.repeat(100)}X${'b'.repeat(100)}`;
    const around = excerpt(long, 100, 20);
    expect(around).toBe(`…${'a'.repeat(5)}X${'b'.repeat(14)}…`);
    expect(excerpt(long, 0, 10)).toBe(`${'a'.repeat(10)}…`);
    expect(excerpt(long, 201, 10)).toBe(`…${'b'.repeat(10)}`);
    const emoji = `${'😀'.repeat(50)}`;
    for (let at = 0; at < 100; at += 7) expect(excerpt(emoji, at, 11)).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
  });

  it('clip every line of a long field, and only long ones', () => {
    const d = error({ reason: 'x'.repeat(1000), file: 'f', ruleId: 'a/b', source: 's', actual: `${'y'.repeat(500)}\nshort`, note: 'ok' });
    expect(d.reason.length).toBeLessThanOrEqual(401);
    expect(d.actual!.split('\n')[0]!.length).toBeLessThanOrEqual(401);
    expect(d.actual!.split('\n')[1]).toBe('short');
    expect(d.note).toBe('ok');
    expect(warning({ reason: 'r', file: 'f', ruleId: 'a/b', source: 's' })).toEqual({
      reason: 'r',
      file: 'f',
      ruleId: 'a/b',
      source: 's',
      place: null,
      fatal: false,
    });
  });

  it('sort by file, line, column, then code', () => {
    const d = (file: string, line: number | null, column: number | undefined, ruleId: string): Diagnostic =>
      error({ reason: ruleId, file, ruleId, source: 's', place: line === null ? null : column === undefined ? { line } : { line, column } });
    const sorted = sortDiagnostics([
      d('b', 1, 1, 'z'),
      d('a', 2, 1, 'z'),
      d('a', 2, 1, 'y'),
      d('a', 1, 5, 'z'),
      d('a', 1, 2, 'z'),
      d('a', null, undefined, 'z'),
    ]);
    expect(sorted.map((x) => `${x.file}:${x.place?.line ?? '-'}:${x.place?.column ?? '-'}:${x.ruleId}`)).toEqual([
      'a:-:-:z',
      'a:1:2:z',
      'a:1:5:z',
      'a:2:1:y',
      'a:2:1:z',
      'b:1:1:z',
    ]);
    expect(hasErrors(sorted)).toBe(true);
    expect(hasErrors([warning({ reason: 'r', file: 'f', ruleId: 'a/b', source: 's' })])).toBe(false);
  });

  it('print file:line:column (column 1 by default), or the file alone, then expected/actual/note', () => {
    expect(formatDiagnostic(warning({ reason: 'r', file: 'f', ruleId: 'a/b', source: 's', place: { line: 3 } }))).toBe('f:3:1 warning r [a/b]');
    expect(formatDiagnostic(error({ reason: 'r', file: 'f', ruleId: 'a/b', source: 's', expected: 'e', actual: 'a', note: 'n' }))).toBe(
      'f error r [a/b]\n  expected: e\n  actual:   a\n  note:     n',
    );
    const raw: Diagnostic = { reason: 'z'.repeat(5000), file: 'f', place: { line: 2, column: 9 }, ruleId: 'a/b', source: 's', fatal: true };
    expect(formatDiagnostic(raw).length).toBeLessThan(500);
  });
});
