/**
 * Release artefacts of dist/data (checksums, minified copies, the data
 * package, the SQLite database) and the static API, checked the way a
 * downloader or an app meets them.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parse as parseYaml } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_SCHEMAS } from '../pipeline/emit/api.ts';
import { readSchemaFiles } from '../pipeline/io.ts';
import type { Concept, CrosswalkRow, Edition, Inducement, League, RandomTable, Ruling, Skill, SourceManifest } from '../pipeline/model/schema-types.ts';
import { createValidator } from '../pipeline/validate/schemas.ts';
import { repoRoot, runCli } from './helpers.ts';

const out = mkdtempSync(join(tmpdir(), 'nuffle-release-'));
const data = join(out, 'data');
const json = <T>(file: string): T => JSON.parse(readFileSync(join(data, file), 'utf8')) as T;
const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [relative(data, join(dir, e.name))]))
    .sort();

beforeAll(() => {
  for (const target of ['data', 'api']) {
    const run = runCli(['build', '--only', target, '--out', out]);
    if (run.status !== 0) throw new Error(run.stderr);
  }
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
    for (const command of ['sha256sum -c SHA256SUMS', 'sha256sum -c *.sha256 schema/*.sha256 schema/api/*.sha256 csv/*.sha256']) {
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
  const bool = (v: boolean | null) => (v === null ? null : v ? 1 : 0);

  it('is the same bytes from one build to the next', () => {
    const again = mkdtempSync(join(tmpdir(), 'nuffle-release-'));
    expect(runCli(['build', '--only', 'data', '--out', again]).status).toBe(0);
    expect(readFileSync(join(again, 'data/nuffle-codex.sqlite')).equals(readFileSync(join(data, 'nuffle-codex.sqlite')))).toBe(true);
  });

  it('holds every skill record with the same field values, and its lists in join tables', () => {
    const skills = json<Skill[]>('skills.json');
    const rows = all('SELECT * FROM skills ORDER BY id');
    expect(rows.map((r) => r.id)).toEqual(skills.map((s) => s.id));
    skills.forEach((s, i) => {
      expect(rows[i], s.id).toEqual({
        id: s.id,
        edition: s.edition,
        lang: s.lang,
        name: s.name,
        display_name: s.displayName,
        parameter: s.parameter,
        compulsory: bool(s.compulsory),
        kind: s.kind,
        category: s.category,
        text: s.text,
        concept: s.concept,
        source_id: s.source.id,
        line_start: s.source.lines[0],
        line_end: s.source.lines[1],
      });
      expect(all('SELECT game FROM skill_games WHERE record = ? ORDER BY game', s.id).map((r) => r.game)).toEqual([...s.games].sort());
      expect(all('SELECT erratum FROM skill_errata WHERE record = ? ORDER BY erratum', s.id).map((r) => r.erratum)).toEqual([...s.source.errata].sort());
      expect(all('SELECT ruling FROM ruling_records WHERE record = ? ORDER BY ruling', s.id).map((r) => r.ruling)).toEqual([...s.rulings].sort());
    });
  });

  it('holds every concept, crosswalk row, ruling, table slot, league, inducement and edition', () => {
    const concepts = json<Concept[]>('concepts.json');
    expect(all('SELECT * FROM concepts ORDER BY id')).toEqual(
      concepts.map((c) => ({
        id: c.id,
        name: c.name,
        name_en: c.names.en,
        name_fr: c.names.fr ?? null,
        kind: c.kind,
        category: c.category,
        compulsory: bool(c.compulsory),
        compulsory_from: c.compulsoryFrom,
      })),
    );
    expect(all('SELECT concept, record FROM concept_records ORDER BY concept, record')).toEqual(
      concepts.flatMap((c) => [...c.records].sort().map((record) => ({ concept: c.id, record }))),
    );
    const crosswalk = json<CrosswalkRow[]>('crosswalk.json');
    expect(all('SELECT * FROM crosswalk ORDER BY record')).toEqual(
      [...crosswalk]
        .sort((a, b) => (a.record < b.record ? -1 : 1))
        .map((r) => ({
          record: r.record,
          concept: r.concept,
          relation: r.relation,
          confidence: r.confidence,
          rationale: r.rationale,
          declared_by: r.declaredBy,
          false_friend: r.falseFriend,
        })),
    );
    const rulings = json<Ruling[]>('rulings.json');
    expect(all('SELECT * FROM rulings ORDER BY id')).toEqual(
      rulings.map((r) => ({
        id: r.id,
        edition: r.edition,
        question: r.question,
        answer: r.answer,
        page_note: r.pageNote,
        source_id: r.source.id,
        line_start: r.source.lines[0],
        line_end: r.source.lines[1],
      })),
    );
    expect(all('SELECT count(*) AS n FROM ruling_pages')[0]!.n).toBe(rulings.reduce((n, r) => n + r.pages.length, 0));
    const tables = json<RandomTable[]>('random-tables.json');
    expect(all('SELECT "table", roll, d6, record FROM random_slots ORDER BY "table", roll, d6')).toEqual(
      tables
        .flatMap((t) => t.slots.map((s) => ({ table: t.id, roll: s.roll, d6: s.d6, record: s.record })))
        .sort((a, b) => (a.table + a.roll + a.d6 < b.table + b.roll + b.d6 ? -1 : 1)),
    );
    expect(all('SELECT * FROM leagues ORDER BY id')).toEqual(json<League[]>('leagues.json').map((l) => ({ id: l.id, name: l.name })));
    const inducements = json<Inducement[]>('inducements.json');
    expect(all('SELECT id, json FROM inducements ORDER BY id').map((r) => JSON.parse(r.json as string))).toEqual(inducements);
    expect(all('SELECT id, label, records FROM editions ORDER BY id')).toEqual(
      json<Edition[]>('editions.json').map((e) => ({ id: e.id, label: e.label, records: e.records })),
    );
    expect(all('PRAGMA foreign_key_check')).toEqual([]);
    expect(all('SELECT value FROM meta WHERE key = ?', 'datasetVersion')[0]!.value).toBe(json<{ datasetVersion: string }>('meta.json').datasetVersion);
  });

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
  const api = join(out, 'api/v1');
  it('has an endpoint for every concept, record and ruling, each valid against its schema', () => {
    const validator = createValidator(readSchemaFiles(data));
    const check = (kind: keyof typeof API_SCHEMAS, path: string, id: string) => {
      const value = JSON.parse(readFileSync(join(api, path), 'utf8')) as Record<string, { id?: string }>;
      expect(validator.validate(API_SCHEMAS[kind], value, path), path).toEqual([]);
      expect(value[kind]?.id, path).toBe(id);
    };
    for (const c of json<Concept[]>('concepts.json')) check('concept', `concepts/${c.id}.json`, c.id);
    for (const s of json<Skill[]>('skills.json')) check('record', `records/${s.id}.json`, s.id);
    for (const r of json<Ruling[]>('rulings.json')) check('ruling', `rulings/${r.id}.json`, r.id);
    const index = JSON.parse(readFileSync(join(api, 'index.json'), 'utf8')) as { endpoints: { path: string }[] };
    expect(validator.validate(API_SCHEMAS.index, index, 'index.json')).toEqual([]);
    expect(index.endpoints).toHaveLength(json<Concept[]>('concepts.json').length + json<Skill[]>('skills.json').length + json<Ruling[]>('rulings.json').length);
    for (const e of index.endpoints) expect(existsSync(join(api, e.path)), e.path).toBe(true);
  });

  it('resolves links one level: a concept carries its records, a record its concept and rulings', () => {
    const concept = JSON.parse(readFileSync(join(api, 'concepts/mighty-blow.json'), 'utf8')) as { records: Skill[]; concept: Concept };
    expect(concept.records.map((r) => r.id)).toEqual(concept.concept.records);
    expect(concept.records.find((r) => r.id === 'fr-legacy/chataigne')!.text.length).toBeGreaterThan(20);
    const record = JSON.parse(readFileSync(join(api, 'records/en-2020/dodge.json'), 'utf8')) as {
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
