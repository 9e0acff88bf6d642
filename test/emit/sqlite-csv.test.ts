/**
 * The SQLite file and the CSV tables are two shapes of one relational model:
 * a table of the same name has the same columns, and where SQLite allows no
 * NULL the CSV column is required too, or may be an empty string (a JSON
 * string that can be ""). The differences are listed here, each with its
 * reason, so a column added to one and not the other fails.
 */
import { DatabaseSync } from 'node:sqlite';
import { beforeAll, describe, expect, it } from 'vitest';
import { CSV_TABLES } from '../../pipeline/emit/csv.ts';
import { emitSqlite } from '../../pipeline/emit/sqlite.ts';
import { realBundle } from '../cards/helpers.ts';

/** Columns only one side has, per table. */
const ONLY = {
  sqlite: {
    // The whole inducement as JSON: its prices, costs and abilities, which the CSV spreads over join tables.
    inducements: ['json'],
  },
  csv: {
    // Issue 35.7: the French name to show and where it comes from; SQLite's name_fr gets it with the tables' reshaping (issue 37.5).
    concepts: ['french_name', 'french_name_from'],
    // The price list and its sources, in SQLite inside inducements.json.
    inducements: ['minimum_cost', 'price_list', 'price_stated', 'note', 'source_id', 'line_start', 'line_end'],
    inducement_spells: ['line'],
  },
} as Record<'sqlite' | 'csv', Record<string, string[]>>;

/** CSV tables SQLite has no table for: the inducements' nested lists (in inducements.json) and reverse indexes a join answers. */
const CSV_ONLY_TABLES = [
  'skill_rulings',
  'skill_random_slots',
  'ruling_errata',
  'league_alias_lines',
  'inducement_abilities',
  'spell_mentions',
  'inducement_costs',
  'inducement_errata',
  'inducement_blocks',
  'price_items',
  'price_item_leagues',
  'price_item_skills',
  'price_item_changes',
  'price_item_except',
  'price_item_removes',
];

/** SQLite's own tables: the versions, and the full-text index with FTS5's shadow tables. */
const SQLITE_ONLY_TABLES = ['meta', 'search', 'search_config', 'search_content', 'search_data', 'search_docsize', 'search_idx'];

/** CSV columns that may hold "" where the JSON field is a string that can be empty (SQLite stores "", not NULL). */
const MAY_BE_EMPTY = new Set(['inducements.text', 'inducement_spells.text']);

let db: DatabaseSync;
beforeAll(() => {
  const bytes = emitSqlite(realBundle());
  db = new DatabaseSync(':memory:');
  db.deserialize(bytes);
});

type Column = { name: string; notnull: number; pk: number };
const tables = () => (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((t) => t.name).sort();
const columns = (table: string) => db.prepare(`PRAGMA table_info("${table}")`).all() as Column[];

describe('the SQLite file and the CSV tables', () => {
  it('have the same tables, but for those listed with their reason', () => {
    const csv = CSV_TABLES.map((t) => t.name);
    expect(tables().filter((t) => !csv.includes(t))).toEqual([...SQLITE_ONLY_TABLES].sort());
    expect(csv.filter((t) => !tables().includes(t)).sort()).toEqual([...CSV_ONLY_TABLES].sort());
  });

  it.each(CSV_TABLES.filter((t) => !CSV_ONLY_TABLES.includes(t.name)).map((t) => [t.name, t] as const))(
    '%s has the same columns in both, but for those listed with their reason',
    (name, table) => {
      const inSqlite = columns(name).map((c) => c.name);
      // A join table's place `n` orders rows in a CSV file; SQLite keys its rows instead.
      const inCsv = table.columns.map((c) => c.name).filter((c) => c !== 'n' || inSqlite.includes('n'));
      expect(inSqlite.filter((c) => !inCsv.includes(c))).toEqual(ONLY.sqlite[name] ?? []);
      expect(inCsv.filter((c) => !inSqlite.includes(c))).toEqual(ONLY.csv[name] ?? []);
    },
  );

  it.each(CSV_TABLES.filter((t) => !CSV_ONLY_TABLES.includes(t.name)).map((t) => [t.name, t] as const))(
    '%s: a column SQLite keeps from NULL is required in the CSV (or a string that may be empty), and the other way round',
    (name, table) => {
      const sqlite = new Map(columns(name).map((c) => [c.name, c.notnull === 1 || c.pk > 0]));
      const differ = table.columns
        .filter((c) => sqlite.has(c.name) && sqlite.get(c.name) !== c.required && !MAY_BE_EMPTY.has(`${name}.${c.name}`))
        .map((c) => `${c.name}: SQLite ${sqlite.get(c.name) ? 'NOT NULL' : 'nullable'}, CSV ${c.required ? 'required' : 'optional'}`);
      expect(differ).toEqual([]);
    },
  );
});
