/**
 * Every code block of README.md and docs/DATA.md, and every command of
 * docs/LEAGUES.md, run verbatim (issue 35, items 2 and 11), each where its
 * text says it runs:
 * - in an app, a fresh project that installed the packed tarball: the
 *   TypeScript examples on the project's Node (24) and the machine's (20,
 *   the engines range's low end, types stripped as Node 24 strips them), the
 *   typed import through tsc, the sqlite3, checksum and pandas blocks;
 * - in a checkout after `npm run build`: the pack-and-install lines (into a
 *   fresh app beside it) and every `npm run nuffle -- cards` command, with
 *   LEAGUES.md's roster saved as the file the commands name;
 * - in a folder holding dist/ (DATA.md speaks of `dist/data`): the Python,
 *   R, JavaScript and SQL blocks;
 * - `npm install nuffle-codex`: test/consumer/registry.test.ts runs it,
 *   against a local registry; the Quick start's and the site's checkout
 *   commands are what CI runs on a fresh clone (.ci/run) and the shared
 *   build runs (`nuffle build`), and `npm run preview` test/preview.test.ts.
 * A block no runner claims fails the test, and no doc shows `npx nuffle`
 * (which would fetch a stranger's package `nuffle`: this package has no command).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers.ts';
import { installApp, packPackage, systemNode, type Packed } from './pack.ts';

interface Block {
  file: string;
  lang: string;
  code: string;
}

/** The fenced blocks of a Markdown file, indented ones (in a list) too, with their indent removed. */
function fenced(file: string): Block[] {
  const text = readFileSync(join(repoRoot, file), 'utf8');
  return [...text.matchAll(/^( *)```(\w*)\n([\s\S]*?)^\1```$/gm)].map((m) => ({
    file,
    lang: m[2]!,
    code: m[3]!
      .split('\n')
      .map((line) => line.slice(m[1]!.length))
      .join('\n'),
  }));
}

const README = fenced('README.md');
const DATA = fenced('docs/DATA.md');
const LEAGUES = fenced('docs/LEAGUES.md');
const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
const runtimeSection = readme.slice(readme.indexOf('### Runtime API'), readme.indexOf('**Bundles**'));

/** Which runner runs a block: the first rule whose test matches. */
const RUNNERS: [name: string, matches: (b: Block) => boolean][] = [
  ['ci', (b) => b.lang === 'sh' && /^npm ci && npm run build/.test(b.code)],
  ['ci', (b) => b.lang === 'sh' && /^npm run build .*\nnpm run preview/.test(b.code)],
  ['registry', (b) => b.lang === 'sh' && b.code === 'npm install nuffle-codex\n'],
  ['checkout-pack', (b) => b.lang === 'sh' && b.code.startsWith('npm pack ')],
  [
    'checkout-cli',
    (b) =>
      b.lang === 'sh' &&
      b.code
        .split('\n')
        .filter(Boolean)
        .every((line) => line.startsWith('npm run nuffle -- cards ')),
  ],
  ['roster', (b) => b.file === 'docs/LEAGUES.md' && b.lang === 'yaml'],
  ['app-sh', (b) => b.file === 'README.md' && b.lang === 'sh' && /^(sqlite3|cd node_modules)/.test(b.code)],
  ['app-python', (b) => b.file === 'README.md' && b.lang === 'python'],
  ['app-ts', (b) => b.lang === 'ts'],
  ['output', (b) => b.file === 'README.md' && b.lang === 'text'],
  ['data-python', (b) => b.file === 'docs/DATA.md' && b.lang === 'python'],
  ['data-r', (b) => b.file === 'docs/DATA.md' && b.lang === 'r'],
  ['data-js', (b) => b.file === 'docs/DATA.md' && b.lang === 'js'],
  ['data-sql', (b) => b.file === 'docs/DATA.md' && b.lang === 'sql'],
];
const runnerOf = (b: Block): string | undefined => RUNNERS.find(([, matches]) => matches(b))?.[0];
const blocksFor = (runner: string): Block[] => [...README, ...DATA, ...LEAGUES].filter((b) => runnerOf(b) === runner);

let packed: Packed;
let app: string;
let checkout: string;

/** A checkout after `npm run build`: the project's files, its installed node_modules (linked) and the build's dist/data and dist/lib (copied). */
function makeCheckout(root: string): string {
  mkdirSync(root, { recursive: true });
  for (const entry of ['package.json', 'package-lock.json', 'README.md', 'CHANGELOG.md', 'LICENSE', 'docs', 'pipeline', 'schema', 'sources'])
    cpSync(join(repoRoot, entry), join(root, entry), { recursive: true });
  symlinkSync(join(repoRoot, 'node_modules'), join(root, 'node_modules'));
  for (const part of ['data', 'lib']) cpSync(join(packed.out, part), join(root, 'dist', part), { recursive: true });
  return root;
}

const sh = (code: string, cwd: string) =>
  spawnSync('sh', ['-e', '-c', code], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' },
  });

beforeAll(() => {
  packed = packPackage('docs');
  app = installApp(packed, 'docs-app');
  checkout = makeCheckout(join(packed.work, 'checkout'));
}, 300_000);

describe('the docs’ code blocks', () => {
  it('each have a runner, and no doc runs a package named nuffle with npx', () => {
    expect([...README, ...DATA, ...LEAGUES].filter((b) => runnerOf(b) === undefined).map((b) => `${b.file}: ${b.lang}\n${b.code}`)).toEqual([]);
    const docs = [
      'README.md',
      ...readdirSync(join(repoRoot, 'docs'))
        .filter((f) => f.endsWith('.md'))
        .map((f) => `docs/${f}`),
    ];
    const bins = Object.keys((JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { bin?: object }).bin ?? {});
    for (const doc of docs) {
      const shown = [...readFileSync(join(repoRoot, doc), 'utf8').matchAll(/npx (nuffle[\w-]*)/g)].map((m) => m[1]!);
      expect(
        shown.filter((name) => !bins.includes(name)),
        doc,
      ).toEqual([]);
    }
  });

  it('README types no version by hand in its "Use the data" section', () =>
    expect(readme.slice(readme.indexOf('## Use the data'), readme.indexOf('## CLI reference'))).not.toMatch(/\d+\.\d+\.\d+/));

  it('the checkout commands are those CI runs on a fresh clone, and nuffle build', () => {
    const ci = readFileSync(join(repoRoot, '.ci/run'), 'utf8');
    expect(ci).toMatch(/^npm ci\b/m);
    expect(ci).toMatch(/^npm test$/m);
    const scripts = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.build).toMatch(/node pipeline\/cli\.ts build$/);
    expect(scripts.preview).toBe('node pipeline/scripts/preview.ts');
    expect(blocksFor('ci').length).toBeGreaterThan(0);
  });
});

describe('in an app that installed the package', () => {
  it('README: an example for every function the package exports, each run on Node 24 and on Node 20', async () => {
    const exported = Object.entries(await import(join(app, 'node_modules/nuffle-codex/dist/lib/index.js')))
      .filter(([, value]) => typeof value === 'function')
      .map(([name]) => name)
      .sort();
    const examples = fenced('README.md').filter((b) => b.lang === 'ts' && runtimeSection.includes(b.code));
    const shown = new Set(examples.flatMap((b) => [...b.code.matchAll(/^import \{ (\w+) \} from 'nuffle-codex';$/gm)].map((m) => m[1]!)));
    expect([...shown].sort()).toEqual(exported);
  });

  it.each(blocksFor('app-ts').map((b, i) => [`${b.file} #${i + 1}`, b] as const))('%s runs on Node 24 and on Node 20', (name, block) => {
    const file = join(app, `${name.replace(/\W+/g, '-')}.ts`);
    writeFileSync(file, block.code);
    const run24 = spawnSync(process.execPath, [file], { cwd: app, encoding: 'utf8' });
    expect(run24.stderr, block.code).toBe('');
    expect(run24.status, block.code).toBe(0);
    // Node 20 runs JavaScript: the same file with its types erased, as Node 24 erases them.
    const js = execFileSync(
      process.execPath,
      ['-e', "process.stdout.write(require('node:module').stripTypeScriptTypes(require('node:fs').readFileSync(process.argv[1], 'utf8')))", file],
      { encoding: 'utf8' },
    );
    writeFileSync(file.replace(/\.ts$/, '.mjs'), js);
    const run20 = spawnSync(systemNode, [file.replace(/\.ts$/, '.mjs')], { cwd: app, encoding: 'utf8' });
    expect(run20.stderr, block.code).toBe('');
    expect(run20.status, block.code).toBe(0);
  });

  it('README: the typed import compiles with no compiler flag, as Node resolves it and as a bundler does', () => {
    const [example] = README.filter((b) => b.lang === 'ts' && b.code.includes("from 'nuffle-codex/data/skills.json'"));
    writeFileSync(join(app, 'typed.ts'), `${example!.code}export { all };\n`);
    for (const [module, moduleResolution] of [
      ['nodenext', 'nodenext'],
      ['esnext', 'bundler'],
    ]) {
      const compilerOptions = { target: 'es2024', lib: ['es2024'], module, moduleResolution, strict: true, noEmit: true, types: [] };
      writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['typed.ts'] }));
      const result = spawnSync(process.execPath, [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: app, encoding: 'utf8' });
      expect(result.stdout, moduleResolution).toBe('');
      expect(result.status, moduleResolution).toBe(0);
    }
  });

  it('README: the sqlite3 query reaches SQLite with its inner quotes, and finds its skill', () => {
    const [query] = blocksFor('app-sh').filter((b) => b.code.startsWith('sqlite3'));
    const run = sh(query!.code, app);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    // Unquoted, FTS5 would read Pick-Me-Up as a column and two minus signs (no such column: Me).
    expect(run.stdout).toMatch(/^concept\|pick-me-up\|/m);
  });

  it('README: the checksum commands pass, every file and every .sha256, schemas included', () => {
    const [sums] = blocksFor('app-sh').filter((b) => b.code.startsWith('cd node_modules'));
    const run = sh(sums!.code, app);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).not.toMatch(/FAILED/);
    expect(run.stdout).toMatch(/^\.?\/?schema\/api\/[\w.-]+: OK$/m);
    expect(run.stdout).toMatch(/^\.?\/?nuffle-codex\.sqlite: OK$/m);
  });

  it('README: the pandas line reads the CSV table', () => {
    for (const block of blocksFor('app-python')) {
      const run = spawnSync('/usr/bin/python3', ['-c', `${block.code}\nassert len(skills) > 0, 'no rows'\n`], { cwd: app, encoding: 'utf8' });
      expect(run.stderr, 'Debian’s python3-pandas, as .ci/run installs it').toBe('');
      expect(run.status).toBe(0);
    }
  });
});

describe('in a checkout, after npm run build', () => {
  it('README: packing into an app’s folder installs the package there, and adds no dependency to the checkout', () => {
    const myApp = join(packed.work, 'my-app');
    mkdirSync(myApp, { recursive: true });
    writeFileSync(join(myApp, 'package.json'), `${JSON.stringify({ name: 'my-app', private: true, type: 'module' }, null, 2)}\n`);
    const before = readFileSync(join(checkout, 'package.json'), 'utf8');
    const [block] = blocksFor('checkout-pack');
    const run = sh(block!.code, checkout);
    expect(run.status, run.stderr).toBe(0);
    expect(readFileSync(join(checkout, 'package.json'), 'utf8')).toBe(before);
    expect(existsSync(join(myApp, 'node_modules/nuffle-codex/dist/lib/index.js'))).toBe(true);
    expect(JSON.parse(readFileSync(join(myApp, 'package.json'), 'utf8')).dependencies).toHaveProperty('nuffle-codex');
  });

  it('README and LEAGUES.md: every cards command writes its PDF, LEAGUES.md’s roster saved as the file they name', () => {
    const [roster] = blocksFor('roster');
    writeFileSync(join(checkout, 'reavers.yaml'), roster!.code);
    const inline = [...readFileSync(join(repoRoot, 'docs/LEAGUES.md'), 'utf8').matchAll(/`(npm run nuffle -- cards [^`]+)`/g)].map((m) => m[1]!);
    const commands = [...blocksFor('checkout-cli').flatMap((b) => b.code.split('\n').filter(Boolean)), ...inline.filter((c) => / -o \S+\.pdf$/.test(c))];
    expect(commands.length).toBeGreaterThan(5);
    for (const command of new Set(commands)) {
      const run = sh(command, checkout);
      expect(run.status, `${command}\n${run.stderr}`).toBe(0);
      const pdf = / -o (\S+\.pdf)$/.exec(command)![1]!;
      expect(readFileSync(join(checkout, pdf)).subarray(0, 5).toString(), command).toBe('%PDF-');
    }
    // The help the page names runs too.
    expect(sh('npm run nuffle -- cards --help', checkout).status).toBe(0);
  });
});

describe('docs/DATA.md, in a folder holding dist/', () => {
  it('the pandas block reads a CSV table and drops the guard quote', () => {
    const [block] = blocksFor('data-python');
    const run = spawnSync('/usr/bin/python3', ['-c', `${block!.code}\nassert len(skills) > 0\n`], { cwd: packed.work, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('the R block reads a CSV table', () => {
    const [block] = blocksFor('data-r');
    writeFileSync(join(packed.work, 'read.R'), `${block!.code}\nstopifnot(nrow(skills) > 0)\n`);
    const run = spawnSync('Rscript', ['read.R'], { cwd: packed.work, encoding: 'utf8' });
    expect(run.status, `${run.stderr} (Debian’s r-base-core, as .ci/run installs it)`).toBe(0);
  });

  it('the MATCH example quotes what a user typed and finds its concepts', () => {
    const [block] = blocksFor('data-js');
    writeFileSync(join(packed.work, 'match.mjs'), block!.code);
    const run = spawnSync(process.execPath, ['match.mjs'], { cwd: packed.work, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/pick-me-up/);
  });

  it('the three queries of a league app run in the sqlite3 shell, each answering rows', () => {
    const [block] = blocksFor('data-sql');
    const queries = block!.code.split(/\n(?=--)/).filter((q) => q.trim());
    expect(queries).toHaveLength(3);
    for (const query of queries) {
      const run = spawnSync('sqlite3', ['dist/data/nuffle-codex.sqlite'], { cwd: packed.work, input: query, encoding: 'utf8' });
      expect(run.stderr, query).toBe('');
      expect(run.status, query).toBe(0);
      expect(run.stdout.trim(), query).not.toBe('');
    }
  });
});
