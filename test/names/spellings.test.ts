/**
 * The spellings table (test/names/spellings.ts) through the one resolver and
 * every surface built on it (issue 21): the cards' selection, the runtime API
 * of the built package, and the SQLite file. The data is the real build's,
 * plus the fixture migrations of the retired rows (published as a later
 * release would: migrations.json, names.json and the SQLite file rebuilt from
 * them by the build's own functions).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DatabaseSync } from 'node:sqlite';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { createResolver, parseWanted } from '../../pipeline/emit/cards/select.ts';
import { emitSqlite } from '../../pipeline/emit/sqlite.ts';
import { linkNames } from '../../pipeline/link/aliases.ts';
import { parseDataBundle, type DataBundle } from '../../pipeline/model/dataset.ts';
import { createNameResolver, type NameResolver } from '../../pipeline/model/resolve-names.ts';
import type { AliasAnnotations } from '../../pipeline/model/schema-types.ts';
import { repoRoot, runCli } from '../helpers.ts';
import { RETIRED_MIGRATIONS, SPELLINGS } from './spellings.ts';
import { apiConcept, cardsConcept, openDatabase, sqliteAliasConcept, sqliteSearchConcept } from './surfaces.ts';

const out = mkdtempSync(join(tmpdir(), 'nuffle-names-'));
let bundle: DataBundle;
let resolver: NameResolver;
let api: Parameters<typeof apiConcept>[0];
let db: DatabaseSync;

beforeAll(async () => {
  for (const target of ['data', 'api']) {
    const run = await runCli(['build', '--only', target, '--out', join(out, 'dist')]);
    if (run.status !== 0) throw new Error(`build --only ${target} failed:\n${run.stderr}`);
  }
  const data = join(out, 'dist', 'data');
  bundle = parseDataBundle((file) => readFileSync(join(data, file), 'utf8'));
  bundle.migrations = [...bundle.migrations, ...RETIRED_MIGRATIONS];
  const annotations = parseYaml(readFileSync(join(repoRoot, 'sources/annotations/aliases.yaml'), 'utf8')) as AliasAnnotations;
  const linked = linkNames({
    concepts: bundle.concepts,
    skills: bundle.skills,
    migrations: bundle.migrations,
    annotations,
    file: 'aliases.yaml',
    locate: () => null,
  });
  expect(linked.diagnostics).toEqual([]);
  bundle.names = linked.names;
  writeFileSync(join(data, 'migrations.json'), JSON.stringify(bundle.migrations));
  writeFileSync(join(data, 'names.json'), JSON.stringify(bundle.names));
  writeFileSync(join(data, 'nuffle-codex.sqlite'), emitSqlite({ ...bundle, meta: bundle.meta }));
  resolver = createNameResolver(bundle);
  api = (await import(pathToFileURL(join(out, 'dist', 'lib', 'index.js')).href)) as typeof api;
  db = openDatabase(join(data, 'nuffle-codex.sqlite'));
}, 120_000);

const exactRows = SPELLINGS.filter((row) => row.exact !== false);

describe('the spellings table', () => {
  it('holds at least 60 spellings: exact ones in both languages, parameters, punctuation, retired names and typos', () => {
    expect(SPELLINGS.length).toBeGreaterThanOrEqual(60);
    expect(SPELLINGS.filter((r) => r.retired).length).toBeGreaterThan(0);
    expect(SPELLINGS.filter((r) => r.exact === false).length).toBeGreaterThan(0);
    expect(SPELLINGS.filter((r) => r.parameter).length).toBeGreaterThan(5);
  });

  it.each(SPELLINGS.map((row) => [row.text, row] as const))('the resolver reads %j', (_, row) => {
    const first = resolver.resolve(row.text)[0];
    expect(first?.concept).toBe(row.concept);
    expect(first?.exact).toBe(row.exact !== false);
    if (row.parameter !== undefined) expect(first?.parameter).toBe(row.parameter);
  });

  it.each(SPELLINGS.map((row) => [row.text, row] as const))('the cards, the runtime API and SQLite agree on %j', async (_, row) => {
    const answers = {
      cards: cardsConcept(bundle, createResolver, parseWanted, row),
      api: await apiConcept(api, row),
      ...(row.exact === false ? {} : { sqliteAliases: sqliteAliasConcept(db, row), sqliteSearch: sqliteSearchConcept(db, row) }),
    };
    for (const answer of Object.values(answers)) expect(answer).toBe(row.concept);
  });

  it('exact spellings never come back as suggestions, and suggestions never as exact', () => {
    for (const row of exactRows) expect(resolver.resolve(row.text).every((m) => m.exact)).toBe(true);
  });
});
