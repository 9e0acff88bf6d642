/**
 * The SQLite file and the CSV tables are two renderings of one set of table
 * definitions (pipeline/emit/tables.ts). Read from SQLite's own catalogue
 * (`PRAGMA table_info`, `foreign_key_list`, `index_list`), the database has
 * exactly the tables, columns, types, NULL rules, keys and foreign keys the
 * definitions give it; the CSV side is checked against the Table Schemas by
 * test/emit/csv-suite.ts. On the literal dataset: the shape does not depend on
 * the data.
 */
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { CSV_TABLES } from '../../pipeline/emit/csv.ts';
import { emitSqlite, SQLITE_TABLES } from '../../pipeline/emit/sqlite.ts';
import { columnsIn, type Table } from '../../pipeline/emit/table-shape.ts';
import { literalBundle } from './literal-bundle.ts';

function open(): DatabaseSync {
  const db = new DatabaseSync(':memory:');
  db.deserialize(emitSqlite(literalBundle()));
  return db;
}

type Info = { name: string; type: string; notnull: number; pk: number };
type ForeignKey = { id: number; seq: number; table: string; from: string; to: string };
const info = (db: DatabaseSync, table: string) =>
  (db.prepare(`PRAGMA table_info("${table}")`).all() as Info[]).map(({ name, type, notnull, pk }) => ({ name, type, notnull, pk }));
const sqliteKey = (t: Table) => (t.primaryKey.every((k) => columnsIn(t, 'sqlite').some((c) => c.name === k)) ? t.primaryKey : []);

describe('the SQLite file, read from its own catalogue', () => {
  it('has a table for every definition SQLite has, in its order, then the full-text index with its shadow tables, nothing else', () => {
    const tables = (open().prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY rowid").all() as { name: string }[]).map((t) => t.name);
    expect(tables).toEqual([...SQLITE_TABLES.map((t) => t.name), 'search_data', 'search_idx', 'search_content', 'search_docsize', 'search_config', 'search']);
  });

  it.each(SQLITE_TABLES.map((t) => [t.name, t] as const))(
    '%s has the columns of its definition, in order, typed, NULL only where the column may be null',
    (name, t) => {
      const key = sqliteKey(t);
      expect(info(open(), name).map((c) => ({ ...c }))).toEqual(
        columnsIn(t, 'sqlite').map((c) => ({
          name: c.name,
          type: c.type === 'string' ? 'TEXT' : 'INTEGER',
          // A STRICT table's key is NOT NULL too.
          notnull: c.nullable ? 0 : 1,
          pk: key.indexOf(c.name) + 1,
        })),
      );
    },
  );

  it.each(SQLITE_TABLES.map((t) => [t.name, t] as const))('%s has the foreign keys of its definition', (name, t) => {
    const found = open().prepare(`PRAGMA foreign_key_list("${name}")`).all() as ForeignKey[];
    const byId = Map.groupBy(found, (f) => f.id);
    const keys = [...byId.values()].map((parts) => ({
      fields: parts.map((p) => p.from),
      table: parts[0]!.table,
      columns: parts.map((p) => p.to),
    }));
    expect(keys.sort((a, b) => a.fields.join().localeCompare(b.fields.join()))).toEqual(
      t.references.map((r) => ({ ...r })).sort((a, b) => a.fields.join().localeCompare(b.fields.join())),
    );
  });

  it('indexes the columns the definitions ask for, under <table>_<column>', () => {
    const db = open();
    const indexes = SQLITE_TABLES.flatMap((t) =>
      (db.prepare(`PRAGMA index_list("${t.name}")`).all() as { name: string; origin: string }[])
        .filter((i) => i.origin === 'c')
        .map((i) => [t.name, i.name, (db.prepare(`PRAGMA index_info("${i.name}")`).all() as { name: string }[]).map((c) => c.name)]),
    );
    expect(indexes).toEqual(SQLITE_TABLES.filter((t) => t.sqlite?.index).map((t) => [t.name, `${t.name}_${t.sqlite!.index}`, [t.sqlite!.index]]));
  });
});

describe('the two formats', () => {
  it('share every table but those a definition keeps to one format', () => {
    const csv = CSV_TABLES.map((t) => t.name);
    const sqlite = SQLITE_TABLES.map((t) => t.name);
    expect(sqlite.filter((t) => !csv.includes(t))).toEqual(SQLITE_TABLES.filter((t) => t.only === 'sqlite').map((t) => t.name));
    expect(csv.filter((t) => !sqlite.includes(t))).toEqual(CSV_TABLES.filter((t) => t.only === 'csv').map((t) => t.name));
  });

  it('keep the SQLite-only parts to what the CSV spreads over join tables or SQLite keeps for itself: the versions, the matching keys’ trigrams, whole inducements as JSON', () => {
    expect(SQLITE_TABLES.filter((t) => t.only === 'sqlite').map((t) => t.name)).toEqual(['meta', 'name_trigrams']);
    expect(SQLITE_TABLES.flatMap((t) => t.columns.filter((c) => c.only === 'sqlite').map((c) => `${t.name}.${c.name} ${c.carries.kind}`))).toEqual([
      'inducements.json json',
    ]);
  });
});
