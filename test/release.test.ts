/**
 * Release artefacts of dist/data (checksums, minified copies, the data
 * package, the SQLite database) and the static API, checked the way a
 * downloader or an app meets them.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parse as parseYaml } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_SCHEMAS } from '../pipeline/emit/api.ts';
import { readSchemaFiles } from '../pipeline/io.ts';
import type { Concept, RandomTable, Ruling, Skill, SourceManifest } from '../pipeline/model/schema-types.ts';
import { createValidator } from '../pipeline/validate/schemas.ts';
import { realBuild, repoRoot } from './helpers.ts';
import { sharedBuild } from './shared-build.ts';

/** The run's shared build (data and api), read only. */
let out = '';
let data = '';
const json = <T>(file: string): T => JSON.parse(readFileSync(join(data, file), 'utf8')) as T;
const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [relative(data, join(dir, e.name))]))
    .sort();

beforeAll(() => {
  out = sharedBuild('api');
  data = join(out, 'data');
});

describe('checksums', () => {
  it('has a .sha256 next to every file and one SHA256SUMS, each naming files by their path in dist/data, and sha256sum -c verifies them all from there', () => {
    const files = walk(data);
    const bodies = files.filter((f) => !f.endsWith('.sha256') && f !== 'SHA256SUMS');
    expect(files.filter((f) => f.endsWith('.sha256')).sort()).toEqual(bodies.map((f) => `${f}.sha256`).sort());
    const lines = bodies.map(
      (file) =>
        `${createHash('sha256')
          .update(readFileSync(join(data, file)))
          .digest('hex')}  ${file}\n`,
    );
    bodies.forEach((file, i) => {
      expect(readFileSync(join(data, `${file}.sha256`), 'utf8')).toBe(lines[i]);
    });
    expect(readFileSync(join(data, 'SHA256SUMS'), 'utf8')).toBe([...lines].sort((a, b) => (a.slice(66) < b.slice(66) ? -1 : 1)).join(''));
    // Each folder's checksum files by a shell glob, as a user checks one folder (changes/ is there from the first release that records its changes).
    const folders = [...new Set(bodies.map((f) => (f.includes('/') ? `${f.slice(0, f.lastIndexOf('/'))}/` : '')))].sort();
    for (const command of ['sha256sum -c SHA256SUMS', `sha256sum -c ${folders.map((folder) => `${folder}*.sha256`).join(' ')}`]) {
      const checked = execFileSync('sh', ['-c', command], { cwd: data, encoding: 'utf8' });
      expect(
        checked
          .trim()
          .split('\n')
          .every((l) => l.endsWith(': OK')),
      ).toBe(true);
      expect(checked.trim().split('\n')).toHaveLength(bodies.length);
    }
  });
});

describe('minified copies', () => {
  it('hold the same content as every top-level JSON file, without whitespace', () => {
    const pretty = walk(data).filter(
      (f) => !f.includes('/') && f.endsWith('.json') && !f.endsWith('.min.json') && f !== 'datapackage.json' && f !== 'package.json',
    );
    expect(pretty.length).toBeGreaterThanOrEqual(9);
    for (const file of pretty) {
      const min = readFileSync(join(data, file.replace(/\.json$/, '.min.json')), 'utf8');
      expect(JSON.parse(min), file).toEqual(json(file));
      expect(min).not.toMatch(/\n/);
    }
  });
});

describe('datapackage.json', () => {
  it('describes every file but the checksums and meta.json (which lists its digest), with true sizes, hashes and schemas', () => {
    const pkg = json<{
      version: string;
      resources: { path: string; bytes: number; hash: string; jsonSchema?: string }[];
      sources: { id: string; sha256: string }[];
      licenseNote: string;
    }>('datapackage.json');
    const files = walk(data).filter((f) => !f.endsWith('.sha256') && !['datapackage.json', 'meta.json', 'meta.min.json', 'SHA256SUMS'].includes(f));
    expect(pkg.resources.map((r) => r.path)).toEqual(files);
    for (const r of pkg.resources) {
      const body = readFileSync(join(data, r.path));
      expect([r.bytes, r.hash], r.path).toEqual([statSync(join(data, r.path)).size, `sha256:${createHash('sha256').update(body).digest('hex')}`]);
      if (r.jsonSchema) expect(existsSync(join(data, r.jsonSchema)), r.jsonSchema).toBe(true);
    }
    expect(pkg.resources.find((r) => r.path === 'skills.json')!.jsonSchema).toBe('schema/skills.schema.json');
    const manifest = parseYaml(readFileSync(join(repoRoot, 'sources/manifest.yaml'), 'utf8')) as SourceManifest;
    expect(pkg.version).toBe(manifest.dataset.version);
    expect(pkg.sources.map((s) => s.id)).toEqual(manifest.sources.map((s) => s.id).sort());
    const meta = json<{ sources: { id: string; sha256: string }[] }>('meta.json');
    expect(pkg.sources.map((s) => [s.id, s.sha256])).toEqual(meta.sources.map((s) => [s.id, s.sha256]));
    expect(pkg.licenseNote).toMatch(/Games Workshop/);
  });
});

describe('nuffle-codex.sqlite', () => {
  let db: DatabaseSync;
  beforeAll(() => {
    db = new DatabaseSync(join(data, 'nuffle-codex.sqlite'), { readOnly: true });
  });
  const all = (sql: string, ...params: (string | number)[]) => db.prepare(sql).all(...params) as Record<string, unknown>[];

  it('is the same bytes from one build to the next (the CLI build, and one in this process)', () => {
    const again = realBuild().assets.get('nuffle-codex.sqlite')!;
    expect(Buffer.from(again).equals(readFileSync(join(data, 'nuffle-codex.sqlite')))).toBe(true);
  });

  // Every table's rows and columns against the JSON data: test/emit/sqlite-values.test.ts.

  it('finds names in any language without accents, and rule phrases, through FTS5', () => {
    const hits = (query: string) => all('SELECT kind, id FROM search WHERE search MATCH ? ORDER BY rank', query).map((r) => `${r.kind}:${r.id}`);
    expect(hits('chataigne')).toEqual(expect.arrayContaining(['record:fr-legacy/chataigne', 'concept:mighty-blow', 'record:en-2020/mighty-blow']));
    expect(hits('"mighty blow"')).toEqual(expect.arrayContaining(['record:fr-legacy/chataigne']));
    expect(hits('text:"armour roll"').length).toBeGreaterThan(5);
    expect(hits('name:esquive')).toEqual(expect.arrayContaining(['record:fr-legacy/esquive', 'concept:dodge']));
  });

  it('answers the three example queries of docs/DATA.md', () => {
    const doc = readFileSync(join(repoRoot, 'docs/DATA.md'), 'utf8');
    const block = /## SQLite[\s\S]*?```sql\n([\s\S]*?)```/.exec(doc)![1]!;
    const queries = block
      .split(/;\s*\n/)
      .map((q) => q.replace(/^--.*$/gm, '').trim())
      .filter(Boolean);
    expect(queries).toHaveLength(3);
    const [first, second, third] = queries.map((q) => all(q));
    expect(first!.map((r) => r.id)).toEqual(['mighty-blow']);
    const slot = json<RandomTable[]>('random-tables.json')
      .find((t) => t.id === 'en-2020/blood-bowl/strength')!
      .slots.find((s) => s.roll === '4-6' && s.d6 === 2)!;
    expect(second!.map((r) => r.id)).toEqual([slot.record]);
    const compulsoryTraits = json<Concept[]>('concepts.json').filter((c) => c.compulsory === true && c.kind === 'trait');
    expect(third!.map((r) => r.name)).toEqual(compulsoryTraits.map((c) => c.name).sort());
    expect(third!.map((r) => r.name)).toEqual(expect.arrayContaining(['Bloodlust', 'Ball and Chain']));
  });
});

describe('static API', () => {
  const api = (path: string) => join(out, 'api/v1', path);
  it('has an endpoint for every concept, record and ruling, each valid against its schema', () => {
    const validator = createValidator(readSchemaFiles(data));
    const check = (kind: keyof typeof API_SCHEMAS, path: string, id: string) => {
      const value = JSON.parse(readFileSync(api(path), 'utf8')) as Record<string, { id?: string }>;
      expect(validator.validate(API_SCHEMAS[kind], value, path), path).toEqual([]);
      expect(value[kind]?.id, path).toBe(id);
    };
    for (const c of json<Concept[]>('concepts.json')) check('concept', `concepts/${c.id}.json`, c.id);
    for (const s of json<Skill[]>('skills.json')) check('record', `records/${s.id}.json`, s.id);
    for (const r of json<Ruling[]>('rulings.json')) check('ruling', `rulings/${r.id}.json`, r.id);
    const index = JSON.parse(readFileSync(api('index.json'), 'utf8')) as { endpoints: { path: string }[] };
    expect(validator.validate(API_SCHEMAS.index, index, 'index.json')).toEqual([]);
    expect(index.endpoints).toHaveLength(json<Concept[]>('concepts.json').length + json<Skill[]>('skills.json').length + json<Ruling[]>('rulings.json').length);
    // An endpoint's path is relative to the API's root (dist/api), as every `url`.
    for (const e of index.endpoints) expect(existsSync(join(out, 'api', e.path)), e.path).toBe(true);
  });

  it('resolves links one level: a concept carries its records, a record its concept and rulings', () => {
    const concept = JSON.parse(readFileSync(api('concepts/mighty-blow.json'), 'utf8')) as { records: Skill[]; concept: Concept };
    expect(concept.records.map((r) => r.id)).toEqual(concept.concept.records);
    expect(concept.records.find((r) => r.id === 'fr-legacy/chataigne')!.text.length).toBeGreaterThan(20);
    const record = JSON.parse(readFileSync(api('records/en-2020/dodge.json'), 'utf8')) as {
      concept: Concept;
      rulings: Ruling[];
      record: Skill;
      randomTables: RandomTable[];
    };
    expect(record.concept.id).toBe('dodge');
    expect(record.rulings.map((r) => r.id)).toEqual(record.record.rulings);
    expect(record.randomTables.map((t) => t.id)).toEqual(['en-2020/blood-bowl/agility', 'en-2020/dungeon-bowl/agility']);
  });
});
