/**
 * dist/data/nuffle-codex.sqlite holds the values of the JSON data files: every
 * table and join table, every row and every column, as the CSV tables (whose
 * rebuild proves them the JSON's) and the JSON data give them
 * (test/emit/sqlite-expected.ts, by column name, not position), compared with
 * what the database returns.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDataBundle, type DataBundle } from '../../pipeline/model/dataset.ts';
import { SQLITE_FILE, SQLITE_TABLES } from '../../pipeline/emit/sqlite.ts';
import { realBuild, repoRoot } from '../helpers.ts';
import { searchQuery } from '../names/surfaces.ts';
import { canonical, expectedTables, type Row } from './sqlite-expected.ts';

let dir: string;
let db: DatabaseSync;
let data: DataBundle;
let expected: Record<string, Row[]>;

beforeAll(() => {
  const build = realBuild();
  data = parseDataBundle((file) => build.files.get(file) ?? null);
  expected = expectedTables(
    data,
    (path) => build.files.get(path)!,
    (file) => JSON.parse(build.files.get(file)!),
  );
  dir = mkdtempSync(join(tmpdir(), 'nuffle-sqlite-values-'));
  writeFileSync(join(dir, SQLITE_FILE), build.assets.get(SQLITE_FILE)!);
  db = new DatabaseSync(join(dir, SQLITE_FILE), { readOnly: true });
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const rows = (table: string): Row[] => db.prepare(`SELECT * FROM "${table}"`).all() as Row[];
const tables = (): string[] =>
  (
    db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'search\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
      )
      .all() as { name: string }[]
  ).map((r) => r.name);

describe('the SQLite database', () => {
  it('has exactly the tables derived here from the JSON data', () => {
    expect(tables()).toEqual(Object.keys(expected).sort());
  });

  it('gives every table the columns of its derivation', () => {
    for (const table of tables()) {
      const columns = (db.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[]).map((c) => c.name);
      const derived = Object.keys(expected[table]![0] ?? Object.fromEntries(columns.map((c) => [c, null])));
      expect(columns.sort(), table).toEqual(derived.sort());
    }
  });

  it.each(SQLITE_TABLES.filter((t) => t.rows.kind === 'file').map((t) => t.name))('holds every row of %s with the values of the JSON data', (table) => {
    expect(canonical(rows(table))).toEqual(canonical(expected[table]!));
  });

  it.each(SQLITE_TABLES.filter((t) => t.rows.kind === 'list').map((t) => t.name))('holds every item of the list behind join table %s, once', (table) => {
    const got = canonical(rows(table));
    expect(got).toEqual(canonical(expected[table]!));
    expect(new Set(got).size).toBe(got.length);
  });

  it('indexes for full-text search every concept, record, ruling and inducement with its names and text', () => {
    expect(canonical(rows('search'))).toEqual(canonical(expected.search!));
  });

  it('finds every record by each of its words, without accents, through FTS5', () => {
    const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '');
    const find = db.prepare('SELECT id FROM search WHERE search MATCH ?');
    for (const s of data.skills) {
      const word = fold(s.name).match(/\p{L}{3,}/u)?.[0];
      if (!word) continue;
      expect(
        (find.all(`name:"${word.toLowerCase()}"`) as { id: string }[]).map((r) => r.id),
        s.id,
      ).toContain(s.id);
    }
  });

  it('searches user input safely, quoted as docs/DATA.md shows: no input is a syntax error, and each finds its concept first', () => {
    const search = db.prepare("SELECT kind, id FROM search WHERE search MATCH ? AND kind = 'concept' ORDER BY rank LIMIT 1");
    const cases = {
      'Pick-Me-Up': 'pick-me-up',
      "nerf d'acier": 'nerves-of-steel',
      'Mighty Blow (+1)': 'mighty-blow',
      'ball & chain': 'ball-and-chain',
      Timmmber: 'timmm-ber',
    };
    for (const [text, concept] of Object.entries(cases)) expect((search.get(searchQuery(text)!) as { id: string } | undefined)?.id, text).toBe(concept);
    for (const hostile of ['"', 'NEAR(a b', 'a*', '-x', 'AND OR NOT', '{name}: x', 'x" OR "y', 'a""b']) {
      const query = searchQuery(hostile);
      if (query !== null) expect(() => search.all(query), hostile).not.toThrow();
    }
  });

  it('filters full-text results by kind, and carries a ruling under the names of its skills', () => {
    const kinds = (query: string, kind: string) =>
      (db.prepare('SELECT DISTINCT kind FROM search WHERE search MATCH ? AND kind = ?').all(query, kind) as { kind: string }[]).map((r) => r.kind);
    expect(kinds('name:"dodge"', 'ruling')).toEqual(['ruling']);
    const ruling = data.rulings.find((r) => r.records.length > 0)!;
    const name = data.skills.find((s) => s.id === ruling.records[0])!.name;
    const hits = db.prepare("SELECT id FROM search WHERE search MATCH ? AND kind = 'ruling'").all(searchQuery(name)!) as { id: string }[];
    expect(hits.map((h) => h.id)).toContain(ruling.id);
  });

  it('forgives a misspelling through the query of docs/DATA.md, verbatim: dodgee is Dodge, blok is Block', () => {
    const query = /\*\*A misspelled name\.\*\*[\s\S]*?```sql\n([\s\S]*?)```/.exec(readFileSync(join(repoRoot, 'docs/DATA.md'), 'utf8'))![1]!;
    const best = (name: string) => (db.prepare(query).get({ name }) as { concept: string }).concept;
    expect([best('dodgee'), best('blok')]).toEqual(['dodge', 'block']);
  });

  it('joins every record to its concept and every slot to its record, with no dangling key', () => {
    expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    const joined = db.prepare('SELECT s.id AS record, c.id AS concept FROM skills s JOIN concepts c ON c.id = s.concept').all() as {
      record: string;
      concept: string;
    }[];
    expect(joined.map((r) => `${r.record} ${r.concept}`).sort()).toEqual(
      data.skills
        .filter((s) => s.concept)
        .map((s) => `${s.id} ${s.concept}`)
        .sort(),
    );
  });
});
