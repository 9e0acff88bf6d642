/**
 * The package under a bundler (issue 22, item 2): an app that makes one call
 * (`findByName`) is built with Vite and with esbuild from the packed tarball.
 * The output holds the data file that call reads (skills.json) and no other,
 * nor the SQLite file; the bundle then runs after being moved to another
 * folder, with no package beside it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RandomTable, Skill } from '../../pipeline/model/schema-types.ts';
import { builtData, installApp, packPackage, type Packed } from './pack.ts';

let packed: Packed;
let app: string;
const ONE_CALL = `import { findByName } from 'nuffle-codex';
console.log(JSON.stringify((await findByName('Dodge')).map((record) => record.id)));
`;

beforeAll(() => {
  packed = packPackage('bundlers');
  app = installApp(packed, 'bundled-app');
  writeFileSync(join(app, 'main.js'), ONE_CALL);
}, 240_000);

const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)).map((p) => `${e.name}/${p}`) : [e.name]));

/** Strings of a data file that neither the files findByName reads (skills.json, names.json, migrations.json) nor the runtime's code hold (texts, notes, labels, ids): any of them in a bundle means the file was bundled. */
function markers(file: string): string[] {
  const lib = join(packed.out, 'lib');
  const skills = [
    ...['skills.json', 'names.json', 'migrations.json'].map((f) => readFileSync(join(packed.out, 'data', f), 'utf8')),
    ...walk(lib).map((f) => readFileSync(join(lib, f), 'utf8')),
  ].join('\n');
  const strings = (value: unknown): string[] =>
    typeof value === 'string'
      ? [value]
      : Array.isArray(value)
        ? value.flatMap(strings)
        : value && typeof value === 'object'
          ? Object.values(value).flatMap(strings)
          : [];
  return [...new Set(strings(builtData<unknown>(packed, file)))].filter((s) => s.length >= 8 && !skills.includes(JSON.stringify(s).slice(1, -1))).slice(0, 20);
}

/** Move the output folder elsewhere, run its entry with Node, and return what it printed. */
function moveAndRun(outDir: string, entry: string): string[] {
  const moved = `${outDir}-moved`;
  cpSync(outDir, moved, { recursive: true });
  rmSync(outDir, { recursive: true });
  return JSON.parse(execFileSync(process.execPath, [join(moved, entry)], { cwd: packed.work, encoding: 'utf8' })) as string[];
}

function checkOutput(outDir: string): { bytes: number; files: string[] } {
  const files = walk(outDir);
  const text = files.map((f) => readFileSync(join(outDir, f), 'utf8')).join('\n');
  // The call's data is there (every record id of skills.json)…
  for (const skill of builtData<Skill[]>(packed, 'skills.json')) expect(text).toContain(skill.id);
  // …and nothing else: no JSON or SQLite asset, no other data file's fields.
  expect(files.filter((f) => /\.(json|sqlite|ts)$/.test(f))).toEqual([]);
  for (const file of ['concepts.json', 'rulings.json', 'random-tables.json', 'crosswalk.json', 'inducements.json', 'editions.json', 'leagues.json']) {
    const strings = markers(file);
    // leagues.json may hold no string of its own; every string of concepts.json ≥ 8 characters is a name names.json holds too.
    if (file !== 'leagues.json' && file !== 'concepts.json') expect(strings.length, file).toBeGreaterThan(0);
    const found = strings.filter((key) => text.includes(key) || text.includes(JSON.stringify(key).slice(1, -1)));
    expect(found, `${file} is bundled`).toEqual([]);
  }
  return { bytes: files.reduce((sum, f) => sum + statSync(join(outDir, f)).size, 0), files };
}

const expected = () =>
  builtData<Skill[]>(packed, 'skills.json')
    .filter((s) => s.name === 'Dodge')
    .map((s) => s.id);

describe('a one-call app, bundled', () => {
  it('with Vite holds only the data its call reads, and runs once moved', async () => {
    const { build } = await import('vite');
    const outDir = join(app, 'vite-out');
    await build({
      root: app,
      logLevel: 'silent',
      configFile: false,
      build: { outDir, target: 'es2024', minify: true, rollupOptions: { input: join(app, 'main.js'), output: { entryFileNames: 'main.js' } } },
    });
    const { bytes } = checkOutput(outDir);
    expect(bytes).toBeLessThan(statSync(join(packed.out, 'data/skills.json')).size * 1.2);
    console.log(`vite one-call bundle: ${bytes} bytes`);
    expect(moveAndRun(outDir, 'main.js')).toEqual(expected());
  });

  // One file, as esbuild bundles by default. (With --splitting, esbuild also writes a chunk for every
  // dynamic import it saw, called or not; the app never loads those.)
  it('with esbuild holds only the data its call reads, and runs once moved', async () => {
    const { build } = await import('esbuild');
    const outDir = join(app, 'esbuild-out');
    await build({
      entryPoints: [join(app, 'main.js')],
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'es2022',
      minify: true,
      outdir: outDir,
      absWorkingDir: app,
      logLevel: 'silent',
    });
    checkOutput(outDir);
    expect(moveAndRun(outDir, 'main.js')).toEqual(expected());
  });
});

/**
 * Issue 35, item 10: a one-call app loads at most 1.5 times the data its call
 * reads. `roll()` on the Blood Bowl agility table reads the random tables and
 * the 2020 records; it must not load the other editions' records. Built with
 * code splitting (Vite's default, esbuild's --splitting), the bundle is moved
 * and run by Node with a hook that counts the bytes of every file of the
 * bundle it loads: the app's entry, the runtime and the data chunks.
 */
describe('a one-call app loads no more than 1.5 times the data its call reads', () => {
  const ROLL = `import { roll } from 'nuffle-codex';
const dice = [0.1, 0.55];
const rolled = await roll('blood-bowl', 'agility', () => dice.shift());
console.log(JSON.stringify([rolled.slot, rolled.record && rolled.record.id]));
`;
  /** What the call reads: the random tables and the records of the edition whose table it rolls on, as minified JSON. */
  const reads = (): number => {
    const tables = builtData<RandomTable[]>(packed, 'random-tables.json');
    const records = builtData<Skill[]>(packed, 'skills.json').filter((s) => s.edition === 'en-2020');
    return Buffer.byteLength(JSON.stringify(tables)) + Buffer.byteLength(JSON.stringify(records));
  };
  /** Run the moved bundle's entry, counting the bytes of each of its files Node loads; returns what it printed and that sum. */
  function runCounting(outDir: string, entry: string): { printed: unknown; loaded: number; files: string[] } {
    const moved = `${outDir}-moved`;
    cpSync(outDir, moved, { recursive: true });
    rmSync(outDir, { recursive: true });
    writeFileSync(
      join(packed.work, 'count-loads.mjs'),
      `import { registerHooks } from 'node:module';
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
const seen = new Set();
registerHooks({ load(url, context, next) { if (url.startsWith('file:')) seen.add(fileURLToPath(url)); return next(url, context); } });
process.on('exit', () => {
  const files = [...seen].filter((f) => f.startsWith(${JSON.stringify(`${moved}/`)}));
  process.stderr.write(JSON.stringify({ files, bytes: files.reduce((n, f) => n + statSync(f).size, 0) }));
});
`,
    );
    const run = spawnSync(process.execPath, ['--import', join(packed.work, 'count-loads.mjs'), join(moved, entry)], { cwd: packed.work, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const result = JSON.parse(run.stderr) as { files: string[]; bytes: number };
    return { printed: JSON.parse(run.stdout) as unknown, loaded: result.bytes, files: result.files };
  }
  const expectedRoll = () => [
    'skill',
    builtData<RandomTable[]>(packed, 'random-tables.json')
      .find((t) => t.id === 'en-2020/blood-bowl/agility')!
      .slots.find((x) => x.roll === '1-3' && x.d6 === 4)!.record,
  ];

  it.each(['vite', 'esbuild'] as const)('with %s', async (bundler) => {
    const dir = join(app, `roll-${bundler}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(app, 'roll.js'), ROLL);
    const outDir = join(dir, 'out');
    if (bundler === 'vite') {
      const { build } = await import('vite');
      await build({
        root: app,
        logLevel: 'silent',
        configFile: false,
        build: { outDir, target: 'es2024', minify: true, rollupOptions: { input: join(app, 'roll.js'), output: { entryFileNames: 'main.js' } } },
      });
    } else {
      const { build } = await import('esbuild');
      await build({
        entryPoints: { main: join(app, 'roll.js') },
        bundle: true,
        splitting: true,
        format: 'esm',
        platform: 'neutral',
        mainFields: ['module', 'main'],
        target: 'es2022',
        minify: true,
        outdir: outDir,
        absWorkingDir: app,
        logLevel: 'silent',
      });
    }
    const { printed, loaded, files } = runCounting(outDir, 'main.js');
    expect(printed).toEqual(expectedRoll());
    console.log(`${bundler} roll(): loaded ${loaded} bytes in ${files.length} files, for ${reads()} bytes of data read`);
    expect(loaded).toBeLessThanOrEqual(reads() * 1.5);
  });
});
