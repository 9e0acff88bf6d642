// The build cache of `nuffle build` (pipeline/cache/build-cache.ts): a
// rebuild with nothing changed replays the last successful data build, byte
// for byte and with the same report; any change to what the build reads, to
// its options or to the pipeline's code runs the stages again.
import { existsSync, mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildKey,
  cacheDir,
  cacheEnabled,
  codeFingerprint,
  readCachedBuild,
  readStageMemo,
  writeCachedBuild,
  writeStageMemo,
} from '../pipeline/cache/build-cache.ts';
import { buildDataset } from '../pipeline/build.ts';
import { readProject } from '../pipeline/cli.ts';
import { createMemo } from '../pipeline/model/memo.ts';
import { type CliRun, copyProject, realBuild, repoRoot, runCli, runCliProcess, treeDigest } from './helpers.ts';
import { setField } from './yaml-edit.ts';

const REPLAYED = 'from the build cache';
let root: string;
let cache: string;

beforeAll(() => {
  root = copyProject();
  cache = mkdtempSync(join(tmpdir(), 'nuffle-build-cache-'));
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(cache, { recursive: true, force: true });
});

/** The cache on, in the test's own folder. */
const cacheOn = () => ({ NUFFLE_BUILD_CACHE: 'on', NUFFLE_CACHE_DIR: cache });

/** `nuffle build --only data` of the copy into `out`, with the cache on, in this worker (runCli). */
async function build(out: string, ...extra: string[]) {
  return withReport(await runCli(buildArgs(out, extra), { env: cacheOn() }));
}

/**
 * The same build as a process of its own (runCliProcess): a later run of the command, which takes the code's
 * fingerprint afresh (the worker takes it once: build-cache.ts `codeFingerprint`).
 */
function buildProcess(out: string, ...extra: string[]) {
  return withReport(runCliProcess(buildArgs(out, extra), { env: cacheOn() }));
}

const buildArgs = (out: string, extra: readonly string[]) => ['build', '--only', 'data', '--root', root, '--out', join(root, out), ...extra];

function withReport(run: CliRun) {
  // The report without the timing of the last line, which differs from run to run.
  const report = run.stdout.replace(/ in \d+ ms.*$/m, '');
  return { ...run, report, replayed: run.stdout.includes(REPLAYED) };
}

describe('nuffle build with the build cache', () => {
  it('replays an unchanged build: the same files, byte for byte, and the same report', async () => {
    // Two runs of the command, each a process of its own, as a maintainer runs it twice: the second takes the code's
    // fingerprint afresh and must find the entry the first stored.
    const first = buildProcess('dist-a');
    expect(first.status, first.stderr).toBe(0);
    expect(first.replayed).toBe(false);
    const second = buildProcess('dist-b');
    expect(second.status, second.stderr).toBe(0);
    expect(second.replayed).toBe(true);
    expect(second.report.replace(/dist-b/g, 'dist-a')).toBe(first.report);
    expect(treeDigest(join(root, 'dist-b/data'))).toEqual(treeDigest(join(root, 'dist-a/data')));
    // And what it replays is what the stages write today.
    const fresh = await build('dist-c', '--no-cache');
    expect(fresh.replayed).toBe(false);
    expect(treeDigest(join(root, 'dist-c/data'))).toEqual(treeDigest(join(root, 'dist-a/data')));
  });

  it('runs the stages again after an edit, and writes what the edit changes', async () => {
    const path = join(root, 'sources/annotations/crosswalk.yaml');
    const original = readFileSync(path, 'utf8');
    const before = treeDigest(join(root, 'dist-a/data'));
    // The first crosswalk row's rationale, reworded: crosswalk.json publishes it.
    writeFileSync(
      path,
      setField(
        original,
        ['links'],
        (_, i) => i === 0,
        'rationale',
        (old: unknown) => `Reworded. ${old}`,
      ),
    );
    try {
      const edited = await build('dist-d');
      expect(edited.status, edited.stderr).toBe(0);
      expect(edited.replayed).toBe(false);
      const after = treeDigest(join(root, 'dist-d/data'));
      expect(after).not.toEqual(before);
      // The same inputs without the cache give the same bytes.
      await build('dist-e', '--no-cache');
      expect(treeDigest(join(root, 'dist-e/data'))).toEqual(after);
      // Built once, the edited state is the one replayed.
      expect((await build('dist-f')).replayed).toBe(true);
    } finally {
      writeFileSync(path, original);
    }
    // Back to the original text: a miss (one entry is kept), then the original bytes.
    const back = await build('dist-g');
    expect(back.replayed).toBe(false);
    expect(treeDigest(join(root, 'dist-g/data'))).toEqual(before);
  });

  it('never stores a failed build, and a failure does not lose the last good entry', async () => {
    expect((await build('dist-h')).replayed).toBe(true);
    const path = join(root, 'sources/annotations/mentions.yaml');
    const original = readFileSync(path, 'utf8');
    writeFileSync(path, `${original}\n  - [unclosed\n`);
    try {
      const failed = await build('dist-i');
      expect(failed.status).toBe(1);
      expect(failed.stderr).toMatch(/sources\/annotations\/mentions\.yaml:\d+/);
      // A second run fails the same way: failures are computed, never replayed.
      const again = await build('dist-i');
      expect(again.status).toBe(1);
      expect(again.replayed).toBe(false);
    } finally {
      writeFileSync(path, original);
    }
    expect((await build('dist-j')).replayed).toBe(true);
  });

  it('locates a problem in a recalled YAML file exactly as a build without the memo does', async () => {
    // Build once so every file is in the stage memo, then drop an entry from the French source:
    // its crosswalk row now names a record that does not exist, and crosswalk.yaml (unchanged,
    // recalled) must still say on which line.
    expect((await build('dist-o')).status).toBe(0);
    const path = join(root, 'sources/raw/fr-legacy-skills.txt');
    const original = readFileSync(path);
    writeFileSync(path, original.toString('utf8').replace(/\nCostaud\n[^\n]*\n/, '\n'));
    try {
      const recalled = await build('dist-p');
      const computed = await build('dist-q', '--no-cache');
      expect(recalled.status).toBe(1);
      expect(recalled.stderr).toMatch(/sources\/annotations\/crosswalk\.yaml:\d+/);
      expect(recalled.stderr).toBe(computed.stderr);
      expect(recalled.stdout).toBe(computed.stdout);
      // nuffle check reads the same memo (stored by the failed build too) and says the same.
      const check = (...extra: string[]) => runCli(['check', '--root', root, ...extra], { env: cacheOn() });
      const [memoised, plain] = [await check(), await check('--no-cache')];
      expect(memoised.status).toBe(1);
      expect([memoised.stdout, memoised.stderr]).toEqual([plain.stdout, plain.stderr]);
      expect(memoised.stderr).toMatch(/sources\/annotations\/crosswalk\.yaml:\d+/);
    } finally {
      writeFileSync(path, original);
    }
  });

  it('treats an entry it cannot read as a miss', async () => {
    const [entry] = readdirSync(cache).filter((name) => name.startsWith('data-build-'));
    expect(entry).toBeDefined();
    writeFileSync(join(cache, entry!, 'index.json'), '{"format": 1, "key": "cut sho');
    const run = await build('dist-k');
    expect(run.status, run.stderr).toBe(0);
    expect(run.replayed).toBe(false);
    expect((await build('dist-l')).replayed).toBe(true);
  });

  it('treats a stored file that no longer matches its digest, or a path out of dist/data, as a miss', async () => {
    expect((await build('dist-r')).replayed).toBe(true);
    const [entry] = readdirSync(cache).filter((name) => name.startsWith('data-build-'));
    const folder = join(cache, entry!);
    // Cut short, as a crash while storing would leave it.
    writeFileSync(join(folder, '0'), '');
    const cut = await build('dist-s');
    expect(cut.replayed).toBe(false);
    expect(treeDigest(join(root, 'dist-s/data'))).toEqual(treeDigest(join(root, 'dist-a/data')));
    // A path that would leave dist/data, with digests that match.
    const [again] = readdirSync(cache).filter((name) => name.startsWith('data-build-'));
    const index = JSON.parse(readFileSync(join(cache, again!, 'index.json'), 'utf8')) as { files: [string, string, string][] };
    index.files[0]![0] = '../outside.json';
    writeFileSync(join(cache, again!, 'index.json'), JSON.stringify(index));
    const outside = await build('dist-t');
    expect(outside.status).toBe(0);
    expect(outside.replayed).toBe(false);
    expect(existsSync(join(root, 'dist-t/outside.json'))).toBe(false);
  });

  it('reads no stage memo that was damaged, and builds the same', async () => {
    expect((await build('dist-u', '--no-cache')).status).toBe(0);
    const stages = join(cache, 'stages.json');
    const file = JSON.parse(readFileSync(stages, 'utf8')) as { stages: Record<string, Record<string, string>> };
    const [key] = Object.keys(file.stages.yaml!);
    file.stages.yaml![key!] = '{"value":';
    writeFileSync(stages, JSON.stringify(file));
    for (const entry of readdirSync(cache).filter((name) => name.startsWith('data-build-'))) rmSync(join(cache, entry), { recursive: true });
    const damaged = await build('dist-v');
    expect(damaged.status, damaged.stderr).toBe(0);
    expect(treeDigest(join(root, 'dist-v/data'))).toEqual(treeDigest(join(root, 'dist-a/data')));
    // And the memo is whole again.
    expect(() => JSON.parse(JSON.parse(readFileSync(stages, 'utf8')).stages.yaml[key!])).not.toThrow();
  });

  it('is off with --no-cache and with NUFFLE_BUILD_CACHE=off', async () => {
    expect((await build('dist-m', '--no-cache')).replayed).toBe(false);
    const off = await runCli(buildArgs('dist-n', []), { env: { NUFFLE_BUILD_CACHE: 'off', NUFFLE_CACHE_DIR: cache } });
    expect(off.status).toBe(0);
    expect(off.stdout).not.toContain(REPLAYED);
  });
});

describe('the key of a build', () => {
  const input = readProject(repoRoot);
  const code = 'code';
  const key = buildKey(input, { root: repoRoot, code });

  it('moves with every input, option and the code', () => {
    const raw = new Map(input.raw);
    const [firstRaw, bytes] = [...raw][0]!;
    const changed = Uint8Array.from(bytes);
    changed[changed.length - 2] = changed[changed.length - 2]! ^ 1;
    raw.set(firstRaw, changed);
    const variants = [
      buildKey({ ...input, raw }, { root: repoRoot, code }),
      buildKey({ ...input, strict: true }, { root: repoRoot, code }),
      buildKey({ ...input, lock: null }, { root: repoRoot, code }),
      buildKey({ ...input, manifest: { ...input.manifest, text: `${input.manifest.text}\n` } }, { root: repoRoot, code }),
      buildKey(
        { ...input, annotations: { ...input.annotations, glossary: { ...input.annotations.glossary, text: `${input.annotations.glossary.text} ` } } },
        { root: repoRoot, code },
      ),
      buildKey({ ...input, schemas: input.schemas.map((s, n) => (n === 0 ? { ...s, text: `${s.text} ` } : s)) }, { root: repoRoot, code }),
      buildKey(input, { root: '/elsewhere', code }),
      // Two schema texts that parse alike (1e999 reads as Infinity, which JSON writes as null).
      buildKey(
        { ...input, schemas: input.schemas.map((s, n) => (n === 0 ? { ...s, text: s.text!.replace(/\}\s*$/, ', "x": 1e999}') } : s)) },
        { root: repoRoot, code },
      ),
      buildKey(
        { ...input, schemas: input.schemas.map((s, n) => (n === 0 ? { ...s, text: s.text!.replace(/\}\s*$/, ', "x": null}') } : s)) },
        { root: repoRoot, code },
      ),
      buildKey(input, { root: repoRoot, code: 'other code' }),
    ];
    expect(buildKey(readProject(repoRoot), { root: repoRoot, code })).toBe(key);
    expect(new Set([key, ...variants]).size).toBe(variants.length + 1);
  });

  it('fingerprints every file of the pipeline', () => {
    const [a, b, c] = [0, 1, 2].map(() => mkdtempSync(join(tmpdir(), 'nuffle-fingerprint-')));
    try {
      for (const dir of [a!, b!, c!]) {
        mkdirSync(join(dir, 'pipeline/emit'), { recursive: true });
        writeFileSync(join(dir, 'pipeline/build.ts'), 'export const x = 1;\n');
        writeFileSync(join(dir, 'pipeline/emit/json.ts'), 'export const y = 2;\n');
        writeFileSync(join(dir, 'package-lock.json'), '{}');
      }
      writeFileSync(join(b!, 'pipeline/emit/json.ts'), 'export const y = 3;\n');
      expect(codeFingerprint(a!)).toBe(codeFingerprint(c!));
      expect(codeFingerprint(b!)).not.toBe(codeFingerprint(a!));
    } finally {
      for (const dir of [a!, b!, c!]) rmSync(dir, { recursive: true, force: true });
    }
  });

  it('round-trips a build through an entry, text and binary files alike', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nuffle-entry-'));
    try {
      const result = realBuild();
      expect(writeCachedBuild(dir, 'k1', result)).toBe(true);
      expect(readCachedBuild(dir, 'k2')).toBeNull();
      const back = readCachedBuild(dir, 'k1')!;
      expect([...back.files]).toEqual([...result.files]);
      expect([...back.assets].map(([p, b]) => [p, Buffer.from(b).toString('hex')])).toEqual(
        [...result.assets].map(([p, b]) => [p, Buffer.from(b).toString('hex')]),
      );
      expect(back.diagnostics).toEqual(result.diagnostics);
      expect(back.summary).toEqual(result.summary);
      expect(back.ids).toEqual(result.ids);
      // A failed build is not stored.
      expect(writeCachedBuild(dir, 'k3', { ...result, summary: null })).toBe(false);
      expect(readCachedBuild(dir, 'k1')).not.toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the stored entries', () => {
  let dir: string;
  const result = () => realBuild();
  const entryOf = (d: string) => readdirSync(d).filter((name) => name.startsWith('data-build-'));
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'nuffle-entries-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps the newest build only, and reads it back whole', () => {
    const k1 = 'a'.repeat(64);
    const k2 = 'b'.repeat(64);
    expect(writeCachedBuild(dir, k1, result())).toBe(true);
    expect(entryOf(dir)).toEqual([`data-build-${k1}`]);
    expect(writeCachedBuild(dir, k2, result())).toBe(true);
    expect(entryOf(dir)).toEqual([`data-build-${k2}`]);
    expect(readCachedBuild(dir, k1)).toBeNull();
    expect(readCachedBuild(dir, k2)?.files.size).toBe(result().files.size);
    // The same key stored again replaces the entry.
    expect(writeCachedBuild(dir, k2, result())).toBe(true);
    expect(readCachedBuild(dir, k2)?.assets.size).toBe(result().assets.size);
  });

  it('reads nothing from an entry that was changed, cut short or is not the shape of one', () => {
    const key = 'c'.repeat(64);
    const folder = join(dir, `data-build-${key}`);
    const index = () => JSON.parse(readFileSync(join(folder, 'index.json'), 'utf8')) as Record<string, unknown> & { files: [string, string, string][] };
    const cases: [string, (entry: ReturnType<typeof index>) => void][] = [
      ['a file changed', () => writeFileSync(join(folder, '1'), 'changed')],
      ['a binary file cut short', (entry) => writeFileSync(join(folder, String(entry.files.findIndex((f) => f[1] === 'binary'))), '')],
      ['a path out of the data folder', (entry) => ((entry.files[0]![0] = '../x.json'), writeFileSync(join(folder, 'index.json'), JSON.stringify(entry)))],
      ['an absolute path', (entry) => ((entry.files[0]![0] = '/tmp/x.json'), writeFileSync(join(folder, 'index.json'), JSON.stringify(entry)))],
      ['a path with a backslash', (entry) => ((entry.files[0]![0] = 'a\\..\\x.json'), writeFileSync(join(folder, 'index.json'), JSON.stringify(entry)))],
      ['an unknown kind', (entry) => ((entry.files[0]![1] = 'other'), writeFileSync(join(folder, 'index.json'), JSON.stringify(entry)))],
      ['another format', (entry) => ((entry.format = 0), writeFileSync(join(folder, 'index.json'), JSON.stringify(entry)))],
      ['another key', (entry) => ((entry.key = 'd'.repeat(64)), writeFileSync(join(folder, 'index.json'), JSON.stringify(entry)))],
      ['no diagnostics', (entry) => (delete entry.diagnostics, writeFileSync(join(folder, 'index.json'), JSON.stringify(entry)))],
      ['no summary', (entry) => ((entry.summary = null), writeFileSync(join(folder, 'index.json'), JSON.stringify(entry)))],
      ['no ids', (entry) => (delete entry.ids, writeFileSync(join(folder, 'index.json'), JSON.stringify(entry)))],
      ['a file missing', () => rmSync(join(folder, '0'))],
      ['no index at all', () => writeFileSync(join(folder, 'index.json'), 'null')],
      ...(['', './x.json', 'a//x.json', 'x\0.json', 'schema/../../x.json', 5] as unknown[]).map((path): [string, (entry: ReturnType<typeof index>) => void] => [
        `the path ${JSON.stringify(path)}`,
        (entry) => ((entry.files[0]![0] = path as string), writeFileSync(join(folder, 'index.json'), JSON.stringify(entry))),
      ]),
      [
        'a file listed without its digest',
        (entry) => ((entry.files[0] = [entry.files[0]![0], entry.files[0]![1]] as never), writeFileSync(join(folder, 'index.json'), JSON.stringify(entry))),
      ],
    ];
    for (const [what, damage] of cases) {
      writeCachedBuild(dir, key, result());
      expect(readCachedBuild(dir, key), `before: ${what}`).not.toBeNull();
      damage(index());
      expect(readCachedBuild(dir, key), what).toBeNull();
    }
  });

  it('removes what a killed build left while storing, once it is ten minutes old', () => {
    const old = join(dir, '.data-build-left.1.x');
    const fresh = join(dir, '.data-build-running.2.y');
    const memo = join(dir, '.stages.json.3.z');
    for (const path of [old, fresh]) mkdirSync(path, { recursive: true });
    writeFileSync(memo, '{}');
    // Long past: any date more than ten minutes before the run (a fixed one, not the clock).
    const past = new Date('2001-01-01T00:00:00Z');
    utimesSync(old, past, past);
    utimesSync(memo, past, past);
    // Neither the memo itself, however old, nor what only looks like an entry, is touched.
    const stages = join(dir, 'stages.json');
    writeStageMemo(dir, 'code', createMemo());
    utimesSync(stages, past, past);
    const lookalikes = [`data-build-${'9'.repeat(64)}.bak`, `xdata-build-${'9'.repeat(64)}`].map((name) => join(dir, name));
    for (const path of lookalikes) mkdirSync(path, { recursive: true });
    writeCachedBuild(dir, 'e'.repeat(64), result());
    expect(existsSync(old)).toBe(false);
    expect(existsSync(memo)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
    expect(existsSync(stages)).toBe(true);
    for (const path of lookalikes) expect(existsSync(path), path).toBe(true);
  });

  it('stores the memo with its code and digest, and reads none that another code stored or that was changed', () => {
    const first = createMemo();
    first.remember('plain', 'k', 'text');
    expect(writeStageMemo(dir, 'code-1', first)).toBe(true);
    expect(readStageMemo(dir, 'code-1').recall('plain', 'k')).toBe('text');
    expect(readStageMemo(dir, 'code-2').recall('plain', 'k')).toBeUndefined();
    const path = join(dir, 'stages.json');
    writeFileSync(path, readFileSync(path, 'utf8').replace('text', 'edit'));
    expect(readStageMemo(dir, 'code-1').recall('plain', 'k')).toBeUndefined();
    writeFileSync(path, '{"format":');
    expect(readStageMemo(dir, 'code-1').recall('plain', 'k')).toBeUndefined();
    writeFileSync(path, 'null');
    expect(readStageMemo(dir, 'code-1').recall('plain', 'k')).toBeUndefined();
    // Folders that do not exist yet are made.
    const deeper = join(dir, 'not/yet');
    expect(writeStageMemo(deeper, 'code-1', first)).toBe(true);
    expect(readStageMemo(deeper, 'code-1').recall('plain', 'k')).toBe('text');
    expect(writeCachedBuild(join(dir, 'also/not/yet'), 'a'.repeat(64), result())).toBe(true);
    expect(readCachedBuild(join(dir, 'also/not/yet'), 'a'.repeat(64))).not.toBeNull();
    // After a failed build, what was stored stays beside what the build used.
    expect(writeStageMemo(dir, 'code-1', first)).toBe(true);
    const second = readStageMemo(dir, 'code-1');
    second.remember('yaml', 'y', { value: 1 });
    writeStageMemo(dir, 'code-1', second, { keepStored: true });
    const kept = readStageMemo(dir, 'code-1');
    expect([kept.recall('plain', 'k'), kept.recall('yaml', 'y')]).toEqual(['text', { value: 1 }]);
    writeStageMemo(dir, 'code-1', createMemo());
    expect(readStageMemo(dir, 'code-1').recall('plain', 'k')).toBeUndefined();
  });

  it('lives where the environment says, is off when it says so, and writes nothing where it cannot', () => {
    expect(cacheDir(repoRoot, { NUFFLE_CACHE_DIR: '/somewhere' })).toBe('/somewhere');
    expect(cacheDir(repoRoot, {})).toBe(join(repoRoot, 'node_modules/.cache/nuffle/build'));
    expect(cacheDir(dir, {})).toBe(join(tmpdir(), `nuffle-build-cache-${userInfo().uid}`));
    for (const off of ['off', 'OFF', '0', 'false', 'no']) expect(cacheEnabled({ NUFFLE_BUILD_CACHE: off }), off).toBe(false);
    for (const on of [undefined, '', 'on', '1', 'offline', 'xoff', 'nope']) expect(cacheEnabled({ NUFFLE_BUILD_CACHE: on }), String(on)).toBe(true);
    const file = join(dir, 'a-file');
    writeFileSync(file, '');
    expect(writeCachedBuild(join(file, 'below'), 'f'.repeat(64), result())).toBe(false);
    expect(writeStageMemo(join(file, 'below'), 'code', createMemo())).toBe(false);
    expect(writeCachedBuild(dir, 'f'.repeat(64), { ...result(), summary: null })).toBe(false);
  });
});

describe('the stage memo', () => {
  it('recalls what it remembered, as a fresh copy each time', () => {
    const first = createMemo();
    expect(first.remember('yaml', 'k', { value: { a: [1, 'two', null] } })).toBe(true);
    const second = createMemo(first.used());
    const recalled = second.recall('yaml', 'k') as { value: { a: unknown[] } };
    expect(recalled).toEqual({ value: { a: [1, 'two', null] } });
    recalled.value.a.push('changed by the build');
    expect(second.recall('yaml', 'k')).toEqual({ value: { a: [1, 'two', null] } });
    expect(second.recall('yaml', 'other')).toBeUndefined();
    expect(second.stats).toEqual({ hits: 2, misses: 1 });
    // Only what this build used is handed on.
    expect(Object.keys(createMemo(second.used()).used().yaml)).toEqual([]);
    expect(Object.keys(second.used().yaml)).toEqual(['k']);
  });

  it('takes a damaged entry for a miss, and keeps what was stored after a build that stopped early', () => {
    const memo = createMemo({ yaml: { good: '{"value":1}', cut: '{"value":' }, parse: { other: '{"x":2}' } });
    expect(memo.recall('yaml', 'cut')).toBeUndefined();
    expect(memo.recall('yaml', 'good')).toEqual({ value: 1 });
    expect(memo.stats).toEqual({ hits: 1, misses: 1 });
    expect(memo.used().yaml).toEqual({ good: '{"value":1}' });
    expect(memo.used().parse).toEqual({});
    expect(memo.merged().parse).toEqual({ other: '{"x":2}' });
    // Only JSON text is a stored value.
    const odd = createMemo({ yaml: { n: 5 as unknown as string } });
    expect(odd.recall('yaml', 'n')).toBeUndefined();
    expect(odd.merged().yaml).toEqual({});
  });

  it('refuses a value JSON would change', () => {
    const memo = createMemo();
    expect(memo.remember('yaml', 'inf', { value: Infinity })).toBe(false);
    expect(memo.remember('parse', 'map', new Map([[1, 'a']]))).toBe(false);
    expect(memo.remember('parse', 'undefined', { note: undefined })).toBe(false);
    expect(memo.remember('plain', 'nothing', undefined)).toBe(false);
    expect(memo.remember('plain', 'text', 'plain text')).toBe(true);
    expect(Object.keys(memo.used().parse)).toEqual([]);
  });

  it('gives the build the same result with or without it, recalled or computed', () => {
    const input = readProject(repoRoot);
    const plain = realBuild();
    const memo = createMemo();
    const computed = buildDataset({ ...input, memo });
    expect(memo.stats.hits).toBe(0);
    const again = createMemo(memo.used());
    const recalled = buildDataset({ ...input, memo: again });
    expect(again.stats.misses).toBe(0);
    // Every source, every YAML file and every Markdown text was recalled.
    expect(Object.keys(again.used().parse)).toHaveLength(input.raw.size);
    expect(Object.keys(again.used().yaml)).toHaveLength(1 + Object.keys(input.annotations).length);
    for (const result of [computed, recalled]) {
      expect([...result.files]).toEqual([...plain.files]);
      expect(result.diagnostics).toEqual(plain.diagnostics);
    }
  });
});
