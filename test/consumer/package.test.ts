/**
 * The npm package as a consumer meets it: build the data and the runtime API,
 * `npm pack`, install the tarball into a fresh project, type-check a consumer
 * file with tsc, and run it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Concept, Ruling, Skill } from '../../pipeline/model/schema-types.ts';
import { repoRoot } from '../helpers.ts';
import { builtData, installApp, packPackage, systemNode, type Packed } from './pack.ts';

let packed: Packed;
let app: string;
const data = <T>(file: string): T => builtData<T>(packed, file);

beforeAll(() => {
  packed = packPackage('consumer');
  app = installApp(packed, 'app');
}, 240_000);

describe('npm pack', () => {
  it('ships exactly dist/data (data, schemas, types), the runtime API, the data contract (docs/DATA.md), the licence and the changelog, nothing of the pipeline', () => {
    const paths = packed.report.files.map((f) => f.path).sort();
    const outside = paths.filter((p) => !p.startsWith('dist/data/') && !p.startsWith('dist/lib/'));
    expect(outside.sort()).toEqual(['CHANGELOG.md', 'LICENSE', 'README.md', 'docs/DATA.md', 'package.json']);
    expect(paths).toEqual(
      expect.arrayContaining([
        'dist/data/skills.json',
        'dist/data/skills.json.d.ts',
        'dist/data/skills/en-2020.json',
        'dist/data/SHA256SUMS',
        'dist/data/schema/skills.schema.json',
        'dist/data/types.d.ts',
        'dist/lib/index.js',
        'dist/lib/index.d.ts',
        'dist/data/nuffle-codex.sqlite',
      ]),
    );
    console.log(`package: ${packed.report.size} bytes packed, ${packed.report.unpackedSize} unpacked, ${paths.length} files`);
    expect(paths.some((p) => p.includes('pipeline/') || p.startsWith('test/') || p.startsWith('sources/'))).toBe(false);
  });

  it('ships every CSV table that datapackage.json describes, with its Table Schema, each listed in SHA256SUMS', () => {
    const installed = join(app, 'node_modules/nuffle-codex/dist/data');
    const pkg = JSON.parse(readFileSync(join(installed, 'datapackage.json'), 'utf8')) as {
      resources: { path: string; format: string; schema?: { fields: unknown[] } }[];
    };
    const tables = pkg.resources.filter((r) => r.format === 'csv');
    expect(tables.map((r) => r.path)).toContain('csv/skills.csv');
    const paths = packed.report.files.map((f) => f.path);
    const sums = readFileSync(join(installed, 'SHA256SUMS'), 'utf8');
    for (const table of tables) {
      expect(paths, table.path).toContain(`dist/data/${table.path}`);
      expect(table.schema?.fields.length, table.path).toBeGreaterThan(0);
      expect(sums, table.path).toContain(`  ${table.path}\n`);
    }
    expect(paths.filter((p) => p.endsWith('.csv')).sort()).toEqual(tables.map((r) => `dist/data/${r.path}`).sort());
  });

  it('can be published: not private, with repository, homepage, bugs and an engines range that the tests run', () => {
    const manifest = JSON.parse(readFileSync(join(app, 'node_modules/nuffle-codex/package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest.private).toBeUndefined();
    expect(manifest).toMatchObject({
      repository: { url: expect.stringMatching(/^git\+https:/) },
      homepage: expect.stringMatching(/^https:/),
      bugs: { url: expect.stringMatching(/^https:/) },
    });
    // The range admits the machine's Node, which runs the consumer below.
    const minimum = /^>=(\d+)\.(\d+)$/.exec((manifest.engines as { node: string }).node)!;
    const [major, minor] = execFileSync(systemNode, ['-p', 'process.versions.node'], { encoding: 'utf8' }).split('.').map(Number) as [number, number];
    expect(major > Number(minimum[1]) || (major === Number(minimum[1]) && minor >= Number(minimum[2]))).toBe(true);
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

const all: Skill[] = skills;
const mightyBlow: Concept = await getConcept('mighty-blow');
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
import skills from 'nuffle-codex/data/skills.json' with { type: 'json' };
const concept = await getConcept('mighty-blow');
const n: number = concept.name;
const lang: 'de' = skills[0]!.lang;
export { n, lang };
`;
  const tsconfig = {
    compilerOptions: {
      target: 'es2024',
      lib: ['es2024', 'dom'],
      module: 'nodenext',
      moduleResolution: 'nodenext',
      strict: true,
      noEmit: true,
      types: [],
      allowImportingTsExtensions: true,
    },
  };
  const tsc = (file: string) =>
    spawnSync(process.execPath, [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', join(app, file)], { cwd: app, encoding: 'utf8' });

  it('type-checks with tsc against the shipped types: a JSON import needs no cast', () => {
    writeFileSync(join(app, 'consumer.ts'), consumer);
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ ...tsconfig, files: ['consumer.ts'] }));
    writeFileSync(
      join(app, 'tsconfig.emit.json'),
      JSON.stringify({
        compilerOptions: { ...tsconfig.compilerOptions, noEmit: false, allowImportingTsExtensions: false, outDir: 'emitted' },
        files: ['consumer.ts'],
      }),
    );
    const result = tsc('tsconfig.json');
    expect(`${result.stdout}${result.stderr}`).toBe('');
    expect(result.status).toBe(0);
  });

  it('and the types are real: a wrong use fails the type check', () => {
    writeFileSync(join(app, 'wrong.ts'), wrong);
    writeFileSync(join(app, 'tsconfig.wrong.json'), JSON.stringify({ ...tsconfig, files: ['wrong.ts'] }));
    const result = tsc('tsconfig.wrong.json');
    expect(result.status).not.toBe(0);
    expect(result.stdout).toContain("Type 'string' is not assignable to type 'number'");
    // The JSON import is typed as published: a record's lang is 'en' | 'fr', not string.
    expect(result.stdout).toContain(`Type 'Lang' is not assignable to type '"de"'`);
  });

  it.each([
    ['the project Node', process.execPath, 'consumer.ts'],
    ["the machine's Node (the engines range's low end)", systemNode, 'emitted/consumer.js'],
  ])('runs on %s, and answers from the data', (_, node, file) => {
    writeFileSync(join(app, 'consumer.ts'), consumer);
    // Node 20 does not strip types: the same program with its annotations removed by TypeScript.
    if (file.endsWith('.js'))
      execFileSync(process.execPath, [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', join(app, 'tsconfig.emit.json')], { cwd: app });
    const output = execFileSync(node, [file], { cwd: app, encoding: 'utf8' });
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

  it('gives each concept’s French name with where it comes from, as the data and the static API do (issue 35.7)', () => {
    writeFileSync(
      join(app, 'french.mjs'),
      `import { getConcept } from 'nuffle-codex';
import concepts from 'nuffle-codex/data/concepts.json' with { type: 'json' };
console.log(JSON.stringify(await Promise.all(concepts.map(async (c) => [c.id, (await getConcept(c.id)).frenchName]))));
`,
    );
    const answered = JSON.parse(execFileSync(process.execPath, ['french.mjs'], { cwd: app, encoding: 'utf8' })) as [string, unknown][];
    const concepts = data<Concept[]>('concepts.json');
    const index = JSON.parse(readFileSync(join(packed.out, 'api/v1/index.json'), 'utf8')) as {
      endpoints: { id: string; kind: string; frenchName?: unknown }[];
    };
    expect(answered).toEqual(concepts.map((c) => [c.id, c.frenchName]));
    expect(index.endpoints.filter((e) => e.kind === 'concepts').map((e) => [e.id, e.frenchName])).toEqual(answered);
    // A French source's name is `source`; a reviewed usual name (names.json, curated) is `reviewed`, where no French source has the rule.
    const names = data<{ concept: string; lang: string | null; source: string; alias: string }[]>('names.json');
    for (const c of concepts) {
      if (c.names.fr) expect(c.frenchName, c.id).toEqual({ name: c.names.fr, from: 'source' });
      else if (c.frenchName)
        expect(names, c.id).toContainEqual(expect.objectContaining({ concept: c.id, lang: 'fr', source: 'curated', alias: c.frenchName.name }));
    }
    expect(concepts.some((c) => c.frenchName?.from === 'reviewed')).toBe(true);
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
    // A random skill of the 2020 tables reads that edition's records only (skills/en-2020.json), not every edition's.
    expect(seen).toEqual([['concepts.json'], ['concepts.json'], ['concepts.json', 'random-tables.json', 'en-2020.json']]);
  });
});
