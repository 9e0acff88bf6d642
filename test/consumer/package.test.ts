/**
 * The npm package as a consumer meets it: build the data and the runtime API,
 * `npm pack`, install the tarball into a fresh project, type-check a consumer
 * file with tsc, and run it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Concept, Ruling, Skill } from '../../pipeline/model/schema-types.ts';
import { repoRoot, runCli } from '../helpers.ts';

const work = mkdtempSync(join(tmpdir(), 'nuffle-consumer-'));
const out = join(work, 'dist');
const pkg = join(work, 'package');
const app = join(work, 'app');
let packed: { filename: string; files: { path: string }[] };
const data = <T>(file: string): T => JSON.parse(readFileSync(join(out, 'data', file), 'utf8')) as T;

const npm = (args: string[], cwd: string) => execFileSync('npm', args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' } });

beforeAll(() => {
  for (const target of ['data', 'api']) {
    const run = runCli(['build', '--only', target, '--out', out]);
    if (run.status !== 0) throw new Error(`build --only ${target} failed:\n${run.stderr}`);
  }
  // The package folder: what a release checkout holds after `npm run build`.
  mkdirSync(join(pkg, 'dist'), { recursive: true });
  for (const file of ['package.json', 'README.md']) cpSync(join(repoRoot, file), join(pkg, file));
  cpSync(join(out, 'data'), join(pkg, 'dist/data'), { recursive: true });
  cpSync(join(out, 'lib'), join(pkg, 'dist/lib'), { recursive: true });
  // Sources and tests that must not ship, were `files` wrong.
  cpSync(join(repoRoot, 'pipeline'), join(pkg, 'pipeline'), { recursive: true });
  packed = (JSON.parse(npm(['pack', '--json', '--pack-destination', work], pkg)) as (typeof packed)[])[0]!;

  mkdirSync(app, { recursive: true });
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'league-app', private: true, type: 'module' }, null, 2));
  npm(['install', '--offline', '--no-save', join(work, packed.filename)], app);
}, 180_000);

describe('npm pack', () => {
  it('ships exactly dist/data (data, schemas, types) and the runtime API, nothing of the pipeline', () => {
    const paths = packed.files.map((f) => f.path).sort();
    const outside = paths.filter((p) => !p.startsWith('dist/data/') && !p.startsWith('dist/lib/') && p !== 'package.json' && p !== 'README.md');
    expect(outside).toEqual([]);
    expect(paths).toEqual(expect.arrayContaining(['dist/data/skills.json', 'dist/data/schema/skills.schema.json', 'dist/data/types.d.ts', 'dist/lib/index.js', 'dist/lib/index.d.ts', 'dist/data/nuffle-codex.sqlite']));
    expect(paths.some((p) => p.includes('pipeline/') || p.startsWith('test/') || p.startsWith('sources/'))).toBe(false);
  });

  it('is versioned with the dataset', () => {
    const manifest = readFileSync(join(repoRoot, 'sources/manifest.yaml'), 'utf8');
    const version = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;
    expect(manifest).toMatch(new RegExp(`\\n  version: ${version.replace(/\./g, '\\.')}\\b`));
    expect(data<{ datasetVersion: string }>('meta.json').datasetVersion).toBe(version);
  });
});

describe('a consumer project', () => {
  const consumer = `import skills from 'nuffle-codex/data/skills.json' with { type: 'json' };
import type { Concept, Ruling, Skill } from 'nuffle-codex';
import { findByName, getConcept, randomSkill, recordsOf, rulingsFor } from 'nuffle-codex';

const all = skills as Skill[];
const mightyBlow: Concept | undefined = await getConcept('mighty-blow');
const french: Skill[] = await findByName('CHATAIGNE', { lang: 'fr' });
const loner: Skill[] = await findByName('Loner (4+)');
const records: Skill[] = await recordsOf('mighty-blow');
const rulings: Ruling[] = await rulingsFor('dodge');
const rolled: Skill | undefined = await randomSkill('blood-bowl', 'agility', '1-3', 4);
let refused = '';
try {
  await randomSkill('blood-bowl', 'agility', '1-3', 7);
} catch (error) {
  refused = (error as Error).name;
}
console.log(JSON.stringify({
  skills: all.length,
  mightyBlow: mightyBlow?.names,
  compulsory: mightyBlow?.compulsory ?? null,
  french: french.map((r) => [r.id, r.concept]),
  loner: loner.map((r) => r.id),
  records: records.map((r) => r.id),
  rulings: rulings.map((r) => r.id),
  rolled: rolled?.id,
  refused,
}));
`;
  const wrong = `import { getConcept } from 'nuffle-codex';
const concept = await getConcept('mighty-blow');
const n: number = concept?.name;
export { n };
`;
  const tsconfig = { compilerOptions: { target: 'es2024', lib: ['es2024', 'dom'], module: 'nodenext', moduleResolution: 'nodenext', strict: true, resolveJsonModule: true, noEmit: true, types: [], allowImportingTsExtensions: true } };
  const tsc = (file: string) => spawnSync(process.execPath, [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', join(app, file)], { cwd: app, encoding: 'utf8' });

  it('type-checks with tsc against the shipped types', () => {
    writeFileSync(join(app, 'consumer.ts'), consumer);
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ ...tsconfig, files: ['consumer.ts'] }));
    const result = tsc('tsconfig.json');
    expect(`${result.stdout}${result.stderr}`).toBe('');
    expect(result.status).toBe(0);
  });

  it('and the types are real: a wrong use fails the type check', () => {
    writeFileSync(join(app, 'wrong.ts'), wrong);
    writeFileSync(join(app, 'tsconfig.wrong.json'), JSON.stringify({ ...tsconfig, files: ['wrong.ts'] }));
    const result = tsc('tsconfig.wrong.json');
    expect(result.status).not.toBe(0);
    expect(result.stdout).toContain("Type 'string | undefined' is not assignable to type 'number'");
  });

  it('runs, and answers from the data', () => {
    writeFileSync(join(app, 'consumer.ts'), consumer);
    const output = execFileSync(process.execPath, ['consumer.ts'], { cwd: app, encoding: 'utf8' });
    const answer = JSON.parse(output) as Record<string, unknown>;
    const skills = data<Skill[]>('skills.json');
    const concepts = data<Concept[]>('concepts.json');
    const rulings = data<Ruling[]>('rulings.json');
    const mightyBlow = concepts.find((c) => c.id === 'mighty-blow')!;
    const dodge = new Set(concepts.find((c) => c.id === 'dodge')!.records);
    expect(answer).toEqual({
      skills: skills.length,
      mightyBlow: { en: 'Mighty Blow', fr: 'Châtaigne' },
      compulsory: false,
      french: [['fr-legacy/chataigne', 'mighty-blow']],
      loner: skills.filter((s) => s.name === 'Loner').map((s) => s.id),
      records: mightyBlow.records,
      rulings: rulings.filter((r) => r.records.some((id) => dodge.has(id))).map((r) => r.id),
      rolled: 'en-2020/dodge',
      refused: 'RangeError',
    });
    expect((answer.rulings as string[]).length).toBeGreaterThan(0);
  });

  it('loads only the data files a call needs', () => {
    writeFileSync(
      join(app, 'loads.mjs'),
      `import { registerHooks } from 'node:module';
const loaded = [];
registerHooks({ load(url, context, next) { if (url.endsWith('.json')) loaded.push(url.split('/').pop()); return next(url, context); } });
const api = await import('nuffle-codex');
const seen = [];
await api.getConcept('dodge'); seen.push([...loaded]);
await api.getConcept('block'); seen.push([...loaded]);
await api.randomSkill('blood-bowl', 'strength', '4-6', 1); seen.push([...loaded]);
console.log(JSON.stringify(seen));
`,
    );
    const seen = JSON.parse(execFileSync(process.execPath, ['loads.mjs'], { cwd: app, encoding: 'utf8' })) as string[][];
    expect(seen).toEqual([['concepts.json'], ['concepts.json'], ['concepts.json', 'random-tables.json', 'skills.json']]);
  });
});
