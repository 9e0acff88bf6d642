/**
 * The build cache's key and its stored entries on literal inputs, one
 * behaviour each: a build input of a few short files, and a build result of
 * two text files and one binary one (test/build-cache.test.ts checks the same
 * promises on the real project, through the CLI).
 */
import { existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BuildInput, BuildResult } from '../../pipeline/build.ts';
import { buildKey, codeFingerprint, readCachedBuild, readStageMemo, writeCachedBuild, writeStageMemo } from '../../pipeline/cache/build-cache.ts';
import { createMemo } from '../../pipeline/model/memo.ts';
import type { JsonSchema } from '../../pipeline/model/generate-types.ts';

const text = (path: string, body: string) => ({ path, text: body });
const bytes = (body: string) => new Uint8Array(Buffer.from(body, 'utf8'));

const INPUT: BuildInput = {
  manifest: text('sources/manifest.yaml', 'sources: []\n'),
  raw: new Map([
    ['sources/raw/a.txt', bytes('Dodge\nThe player may dodge.\n')],
    ['sources/raw/b.txt', bytes('Block\n')],
  ]),
  annotations: {
    errata: text('sources/annotations/errata.yaml', 'errata: []\n'),
    mentions: text('sources/annotations/mentions.yaml', 'mentions: []\n'),
    crosswalk: text('sources/annotations/crosswalk.yaml', 'links: []\n'),
    glossary: text('sources/annotations/glossary.yaml', 'terms: []\n'),
    inducements: text('sources/annotations/inducements.yaml', 'notes: []\n'),
    compulsory: text('sources/annotations/compulsory.yaml', 'reviews: []\n'),
    migrations: text('sources/annotations/migrations.yaml', 'migrations: []\n'),
  },
  lock: text('sources/ids.lock', 'en-2020/dodge\n'),
  packageVersion: '1.0.0',
  schemas: [{ path: 'skills.schema.json', schema: { type: 'array' }, text: '{ "type": "array" }' }],
};
const OPTIONS = { root: '/project', code: 'code-1' };
const key = (input: BuildInput, options = OPTIONS) => buildKey(input, options);

describe('the key of a build', () => {
  it('is 64 hex digits, the same for the same input', () => {
    expect(key(INPUT)).toMatch(/^[0-9a-f]{64}$/);
    expect(key({ ...INPUT, raw: new Map(INPUT.raw) })).toBe(key(INPUT));
  });
  it.each<[string, BuildInput]>([
    ['a raw text', { ...INPUT, raw: new Map([...INPUT.raw, ['sources/raw/b.txt', bytes('Block!\n')]]) }],
    ['the path of a raw text', { ...INPUT, raw: new Map([...INPUT.raw].map(([p, b]) => [p.replace('b.txt', 'c.txt'), b])) }],
    ['a raw text more', { ...INPUT, raw: new Map([...INPUT.raw, ['sources/raw/c.txt', bytes('')]]) }],
    ['the manifest', { ...INPUT, manifest: text('sources/manifest.yaml', 'sources: [a]\n') }],
    ['an annotation', { ...INPUT, annotations: { ...INPUT.annotations, glossary: text('sources/annotations/glossary.yaml', 'terms: [x]\n') } }],
    ['the path of an annotation', { ...INPUT, annotations: { ...INPUT.annotations, errata: text('sources/annotations/errata2.yaml', 'errata: []\n') } }],
    ['an optional annotation present', { ...INPUT, annotations: { ...INPUT.annotations, aliases: text('sources/annotations/aliases.yaml', '') } }],
    ['the lock', { ...INPUT, lock: text('sources/ids.lock', 'en-2020/block\n') }],
    ['the path of the lock', { ...INPUT, lock: text('sources/other.lock', 'en-2020/dodge\n') }],
    ['no lock', { ...INPUT, lock: null }],
    ['the package version', { ...INPUT, packageVersion: '1.0.1' }],
    ['no package version', { ...INPUT, packageVersion: null }],
    ['--strict', { ...INPUT, strict: true }],
    ['a schema', { ...INPUT, schemas: [{ ...INPUT.schemas[0]!, text: '{ "type": "object" }' }] }],
    ['the path of a schema', { ...INPUT, schemas: [{ ...INPUT.schemas[0]!, path: 'rulings.schema.json' }] }],
    ['a schema read from no file', { ...INPUT, schemas: [{ path: 'skills.schema.json', schema: { type: 'array' } }] }],
  ])('moves with %s', (_, changed) => expect(key(changed)).not.toBe(key(INPUT)));
  it('moves with the project root', () => expect(key(INPUT, { ...OPTIONS, root: '/elsewhere' })).not.toBe(key(INPUT)));
  it('moves with the code', () => expect(key(INPUT, { ...OPTIONS, code: 'code-2' })).not.toBe(key(INPUT)));
  it('moves with a schema read from no file when its value changes', () => {
    const parsed = (schema: JsonSchema): BuildInput => ({ ...INPUT, schemas: [{ path: 'skills.schema.json', schema }] });
    expect(key(parsed({ type: 'array' }))).not.toBe(key(parsed({ type: 'object' })));
  });
  it('frames each file: a byte moved from one file to the next is another key', () =>
    expect(
      key({
        ...INPUT,
        raw: new Map([
          ['a', bytes('xy')],
          ['b', bytes('z')],
        ]),
      }),
    ).not.toBe(
      key({
        ...INPUT,
        raw: new Map([
          ['a', bytes('x')],
          ['b', bytes('yz')],
        ]),
      }),
    ));
  it('frames the label too: a path that ends like the next length is another key', () =>
    expect(key({ ...INPUT, raw: new Map([['a\u00001', bytes('x')]]) })).not.toBe(key({ ...INPUT, raw: new Map([['a', bytes('\u00001\u0000x')]]) })));
  it('is the same without --strict as with strict: false', () => expect(key({ ...INPUT, strict: false })).toBe(key(INPUT)));
  it('is the same whatever the order the annotations are listed in', () => {
    const reversed = Object.fromEntries(Object.entries(INPUT.annotations).reverse()) as BuildInput['annotations'];
    expect(key({ ...INPUT, annotations: reversed })).toBe(key(INPUT));
  });
  it('reads a missing package version as none', () => {
    const { packageVersion: _, ...without } = INPUT;
    expect(key(without)).toBe(key({ ...INPUT, packageVersion: null }));
  });
  it('frames each file by its length: bytes that end like the next file are another key', () =>
    expect(key({ ...INPUT, raw: new Map([['a', bytes('xb\u0000z')]]) })).not.toBe(
      key({
        ...INPUT,
        raw: new Map([
          ['a', bytes('x')],
          ['b', bytes('z')],
        ]),
      }),
    ));
});

describe('the fingerprint of the code', () => {
  /** A project of two pipeline files (one in a subfolder) and a lock file, with `edit` applied. */
  const project = (edit: (root: string) => void = () => {}): string => {
    const root = mkdtempSync(join(tmpdir(), 'nuffle-fingerprint-'));
    mkdirSync(join(root, 'pipeline/emit'), { recursive: true });
    writeFileSync(join(root, 'pipeline/build.ts'), 'export const x = 1;\n');
    writeFileSync(join(root, 'pipeline/emit/json.ts'), 'export const y = 2;\n');
    writeFileSync(join(root, 'package-lock.json'), '{}');
    edit(root);
    return root;
  };
  const roots: string[] = [];
  const fingerprint = (edit?: (root: string) => void) => {
    const root = project(edit);
    roots.push(root);
    return codeFingerprint(root);
  };
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  it('is the same for the same code in another folder', () => expect(fingerprint()).toBe(fingerprint()));
  it.each<[string, (root: string) => void]>([
    ['a file in a subfolder of the pipeline', (root) => writeFileSync(join(root, 'pipeline/emit/json.ts'), 'export const y = 3;\n')],
    ['a file more', (root) => writeFileSync(join(root, 'pipeline/emit/api.ts'), '')],
    ['a file renamed', (root) => renameSync(join(root, 'pipeline/build.ts'), join(root, 'pipeline/built.ts'))],
    ['the lock file', (root) => writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion":3}')],
    ['no lock file', (root) => rmSync(join(root, 'package-lock.json'))],
  ])('moves with %s', (_, edit) => expect(fingerprint(edit)).not.toBe(fingerprint()));
  it('is taken once per folder, and again when asked for fresh', () => {
    const root = project();
    roots.push(root);
    const first = codeFingerprint(root);
    writeFileSync(join(root, 'pipeline/build.ts'), 'export const x = 2;\n');
    expect(codeFingerprint(root)).toBe(first);
    expect(codeFingerprint(root, { fresh: true })).not.toBe(first);
    expect(codeFingerprint(root)).not.toBe(first);
  });
});

type Stored = Pick<BuildResult, 'files' | 'assets' | 'diagnostics' | 'summary' | 'ids'>;
const RESULT: Stored = {
  files: new Map([
    ['skills.json', '[{"id":"en-2020/dodge"}]\n'],
    ['schema/skills.schema.json', '{"type":"array"}\n'],
  ]),
  assets: new Map([['nuffle-codex.sqlite', new Uint8Array([0, 1, 2, 255, 10, 13])]]),
  diagnostics: [{ reason: 'a warning', file: 'sources/raw/a.txt', place: { line: 1, column: 1 }, ruleId: 'x/y', source: 'parse', fatal: false }],
  summary: { editions: [] } as unknown as BuildResult['summary'],
  ids: { published: [], locked: [] },
};
const K1 = 'a'.repeat(64);
const K2 = 'b'.repeat(64);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'nuffle-store-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const entries = () => readdirSync(dir).filter((name) => name.startsWith('data-build-'));
const hex = (map: ReadonlyMap<string, Uint8Array>) => [...map].map(([path, b]) => [path, Buffer.from(b).toString('hex')]);

describe('a stored build', () => {
  it('gives back its text files, byte for byte', () => {
    writeCachedBuild(dir, K1, RESULT);
    expect([...readCachedBuild(dir, K1)!.files]).toEqual([...RESULT.files]);
  });
  it('gives back its binary files, byte for byte', () => {
    writeCachedBuild(dir, K1, RESULT);
    expect(hex(readCachedBuild(dir, K1)!.assets)).toEqual(hex(RESULT.assets));
  });
  it('gives back its diagnostics, summary and ids, and no model', () => {
    writeCachedBuild(dir, K1, RESULT);
    const back = readCachedBuild(dir, K1)!;
    expect([back.diagnostics, back.summary, back.ids, back.model]).toEqual([RESULT.diagnostics, RESULT.summary, RESULT.ids, null]);
  });
  it('says it was stored', () => expect(writeCachedBuild(dir, K1, RESULT)).toBe(true));
  it('is not found under another key', () => {
    writeCachedBuild(dir, K1, RESULT);
    expect(readCachedBuild(dir, K2)).toBeNull();
  });
  it('is not stored when the build failed, and the last good one stays', () => {
    writeCachedBuild(dir, K1, RESULT);
    expect(writeCachedBuild(dir, K2, { ...RESULT, summary: null })).toBe(false);
    expect(entries()).toEqual([`data-build-${K1}`]);
  });
  it('replaces the one stored before: one entry is kept', () => {
    writeCachedBuild(dir, K1, RESULT);
    writeCachedBuild(dir, K2, RESULT);
    expect(entries()).toEqual([`data-build-${K2}`]);
    expect(readCachedBuild(dir, K1)).toBeNull();
  });
  it('replaces an entry of the same key', () => {
    writeCachedBuild(dir, K1, RESULT);
    expect(writeCachedBuild(dir, K1, { ...RESULT, files: new Map([['skills.json', '[]\n']]) })).toBe(true);
    expect([...readCachedBuild(dir, K1)!.files]).toEqual([['skills.json', '[]\n']]);
  });
  it('leaves alone what only looks like an entry', () => {
    const lookalikes = [`data-build-${'9'.repeat(64)}.bak`, `xdata-build-${'9'.repeat(64)}`, `data-build-${'9'.repeat(63)}`];
    for (const name of lookalikes) mkdirSync(join(dir, name));
    writeCachedBuild(dir, K1, RESULT);
    for (const name of lookalikes) expect(existsSync(join(dir, name)), name).toBe(true);
  });
  it('makes the folders it needs', () => {
    expect(writeCachedBuild(join(dir, 'not/yet'), K1, RESULT)).toBe(true);
    expect(readCachedBuild(join(dir, 'not/yet'), K1)).not.toBeNull();
  });
  it('is not stored where it cannot be, and says so, leaving nothing behind', () => {
    writeFileSync(join(dir, 'a-file'), '');
    expect(writeCachedBuild(join(dir, 'a-file', 'below'), K1, RESULT)).toBe(false);
    expect(readdirSync(dir)).toEqual(['a-file']);
  });
  it('removes what a killed build left while storing, once it is ten minutes old, and nothing younger', () => {
    const old = join(dir, '.data-build-left.1.x');
    const young = join(dir, '.data-build-running.2.y');
    const memo = join(dir, '.stages.json.3.z');
    const stages = join(dir, 'stages.json');
    for (const path of [old, young]) mkdirSync(path);
    writeFileSync(memo, '{}');
    writeFileSync(stages, '{}');
    // A fixed date long past, not the clock.
    const past = new Date('2001-01-01T00:00:00Z');
    for (const path of [old, memo, stages]) utimesSync(path, past, past);
    writeCachedBuild(dir, K1, RESULT);
    expect([old, young, memo, stages].map((path) => existsSync(path))).toEqual([false, true, false, true]);
  });
});

describe('a stored build that was damaged is a miss', () => {
  const folder = () => join(dir, `data-build-${K1}`);
  const rewrite = (change: (entry: Record<string, unknown> & { files: unknown[][] }) => void) => {
    const entry = JSON.parse(readFileSync(join(folder(), 'index.json'), 'utf8'));
    change(entry);
    writeFileSync(join(folder(), 'index.json'), JSON.stringify(entry));
  };
  beforeEach(() => {
    writeCachedBuild(dir, K1, RESULT);
  });
  it.each<[string, () => void]>([
    ['a text file changed', () => writeFileSync(join(folder(), '0'), 'changed')],
    ['the binary file cut short', () => writeFileSync(join(folder(), '2'), Buffer.from([0, 1]))],
    ['a file missing', () => rmSync(join(folder(), '1'))],
    ['an index that is not JSON', () => writeFileSync(join(folder(), 'index.json'), '{"format":')],
    ['an index that is null', () => writeFileSync(join(folder(), 'index.json'), 'null')],
    ['another format', () => rewrite((e) => void (e.format = 1))],
    ['another key', () => rewrite((e) => void (e.key = K2))],
    ['a key that is not a string', () => rewrite((e) => void (e.key = 7))],
    ['no list of files', () => rewrite((e) => void (e.files = 'x' as never))],
    ['a file that is not a list', () => rewrite((e) => void (e.files[0] = 'skills.json' as never))],
    ['an unknown kind of file', () => rewrite((e) => void (e.files[0]![1] = 'other'))],
    ['a file without its digest', () => rewrite((e) => void (e.files[0] = e.files[0]!.slice(0, 2)))],
    ['no diagnostics', () => rewrite((e) => void delete e.diagnostics)],
    ['no summary', () => rewrite((e) => void (e.summary = null))],
    ['a summary without editions', () => rewrite((e) => void (e.summary = {}))],
    ['no ids', () => rewrite((e) => void delete e.ids)],
    ['no published ids', () => rewrite((e) => void delete (e.ids as Record<string, unknown>).published)],
    ['no locked ids', () => rewrite((e) => void delete (e.ids as Record<string, unknown>).locked)],
    ...['', '/tmp/x.json', '../x.json', './x.json', 'a//x.json', 'a\\x.json', 'x\0.json', 'schema/../../x.json', 'a/.', 5].map((path): [string, () => void] => [
      `the path ${JSON.stringify(path)}`,
      () => rewrite((e) => void (e.files[0]![0] = path)),
    ]),
  ])('%s', (_, damage) => {
    expect(readCachedBuild(dir, K1)).not.toBeNull();
    damage();
    expect(readCachedBuild(dir, K1)).toBeNull();
  });
  it('reads a path in a subfolder', () => {
    rewrite((e) => void (e.files[0]![0] = 'schema/input/x.json'));
    expect([...readCachedBuild(dir, K1)!.files.keys()]).toContain('schema/input/x.json');
  });
});

describe('the stored stage memo', () => {
  const memoWith = (stage: 'plain' | 'yaml', k: string, value: unknown) => {
    const memo = createMemo();
    memo.remember(stage, k, value);
    return memo;
  };
  it('is read back under the same code', () => {
    writeStageMemo(dir, 'code-1', memoWith('plain', 'k', 'text'));
    expect(readStageMemo(dir, 'code-1').recall('plain', 'k')).toBe('text');
  });
  it('says it was stored', () => expect(writeStageMemo(dir, 'code-1', createMemo())).toBe(true));
  it('is not read under another code', () => {
    writeStageMemo(dir, 'code-1', memoWith('plain', 'k', 'text'));
    expect(readStageMemo(dir, 'code-2').recall('plain', 'k')).toBeUndefined();
  });
  it('is none when nothing was stored', () => expect(readStageMemo(dir, 'code-1').recall('plain', 'k')).toBeUndefined());
  it.each<[string, (text: string) => string]>([
    ['changed by hand', (t) => t.replace('text', 'edit')],
    ['cut short', (t) => t.slice(0, 20)],
    ['null', () => 'null'],
    ['of another format', (t) => t.replace('"format":2', '"format":1')],
    ['without its stages', (t) => JSON.stringify({ ...JSON.parse(t), stages: null })],
    ['with stages that are text', (t) => JSON.stringify({ ...JSON.parse(t), stages: 'x' })],
  ])('is none when the file is %s', (_, damage) => {
    writeStageMemo(dir, 'code-1', memoWith('plain', 'k', 'text'));
    const path = join(dir, 'stages.json');
    writeFileSync(path, damage(readFileSync(path, 'utf8')));
    expect(readStageMemo(dir, 'code-1').recall('plain', 'k')).toBeUndefined();
  });
  it('hands on, after a good build, only what the build used', () => {
    writeStageMemo(dir, 'code-1', memoWith('plain', 'k', 'text'));
    writeStageMemo(dir, 'code-1', readStageMemo(dir, 'code-1'));
    expect(readStageMemo(dir, 'code-1').recall('plain', 'k')).toBeUndefined();
  });
  it('keeps, after a failed build, what was stored beside what the build used', () => {
    writeStageMemo(dir, 'code-1', memoWith('plain', 'k', 'text'));
    const second = readStageMemo(dir, 'code-1');
    second.remember('yaml', 'y', { value: 1 });
    writeStageMemo(dir, 'code-1', second, { keepStored: true });
    const kept = readStageMemo(dir, 'code-1');
    expect([kept.recall('plain', 'k'), kept.recall('yaml', 'y')]).toEqual(['text', { value: 1 }]);
  });
  it('makes the folders it needs', () => {
    expect(writeStageMemo(join(dir, 'not/yet'), 'code-1', memoWith('plain', 'k', 'text'))).toBe(true);
    expect(readStageMemo(join(dir, 'not/yet'), 'code-1').recall('plain', 'k')).toBe('text');
  });
  it('is not stored where it cannot be, and says so', () => {
    writeFileSync(join(dir, 'a-file'), '');
    expect(writeStageMemo(join(dir, 'a-file', 'below'), 'code-1', createMemo())).toBe(false);
  });
});

/** A copy of `from` whose every file is a hard link to the original (as `cp -al` makes, or a worktree's linked node_modules). */
function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.isDirectory()) linkTree(join(from, entry.name), join(to, entry.name));
    else linkSync(join(from, entry.name), join(to, entry.name));
  }
}

/** Every file under `root` and its bytes, by relative path. */
function bytesUnder(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const path of readdirSync(root, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = join(root, path);
    if (statSync(full).isFile()) out[path] = readFileSync(full, 'hex');
  }
  return out;
}

describe('a cache shared by hard links (issue 32)', () => {
  const memoWith = (stage: 'plain', k: string, value: unknown) => {
    const memo = createMemo();
    memo.remember(stage, k, value);
    return memo;
  };
  it('every write goes through the atomic writer: a linked copy keeps its bytes when the build cache and the memo are stored again', () => {
    const cache = join(dir, 'cache');
    writeCachedBuild(cache, K1, RESULT);
    writeStageMemo(cache, 'code-1', memoWith('plain', 'k', 'text'));
    const copy = join(dir, 'copy');
    linkTree(cache, copy);
    const before = bytesUnder(copy);
    expect(Object.keys(before).length).toBeGreaterThan(3);
    // The same key stored again, another key, the memo stored again: each replaces files of the shared inodes' names.
    const other: Stored = { ...RESULT, files: new Map([['skills.json', '[]\n']]), assets: new Map([['nuffle-codex.sqlite', new Uint8Array([9])]]) };
    expect(writeCachedBuild(cache, K1, other)).toBe(true);
    expect(writeCachedBuild(cache, K2, other)).toBe(true);
    expect(writeStageMemo(cache, 'code-1', memoWith('plain', 'k', 'other text'))).toBe(true);
    expect(bytesUnder(copy)).toEqual(before);
    expect(readCachedBuild(copy, K1)!.files.get('skills.json')).toBe(RESULT.files.get('skills.json'));
    expect(readStageMemo(copy, 'code-1').recall('plain', 'k')).toBe('text');
    expect(readStageMemo(cache, 'code-1').recall('plain', 'k')).toBe('other text');
  });

  it('a write cut short leaves the stored memo whole: the temporary file is another file, renamed only when complete', () => {
    writeStageMemo(dir, 'code-1', memoWith('plain', 'k', 'text'));
    // What a crash mid-write leaves: a temporary file beside stages.json, half written.
    writeFileSync(join(dir, `.stages.json.${process.pid}-0-x.tmp`), '{"format":2,"co');
    expect(readStageMemo(dir, 'code-1').recall('plain', 'k')).toBe('text');
  });
});
