/**
 * dist/data/nuffle-codex.sqlite: the dataset as one SQLite database, built in
 * memory with Node's built-in `node:sqlite` (no native dependency) and
 * serialised to bytes. Its tables, keys and rows come from the table
 * definitions (emit/tables.ts): one table per data file, join tables for list
 * fields, the alias index (`aliases`, names.json); and an FTS5 table `search`
 * over names in every language, every alias and rule text (accents folded, so
 * `chataigne` finds Châtaigne).
 *
 * Deterministic: the same data gives the same bytes (fixed page size, rows
 * inserted in id order in one transaction, no timestamps).
 */
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import type { DataBundle } from '../model/dataset.ts';
import type { NameEntry } from '../model/schema-types.ts';
import { type Cell, type Column, columnsIn, type Table, type TableData, tableIn, tableReader } from './table-shape.ts';
import { TABLES } from './tables.ts';

export const SQLITE_FILE = 'nuffle-codex.sqlite';

/** Column names SQLite reads only in quotes (keywords it reserves); the other keywords a column is named after (`key`, `action`) it reads bare. */
export const QUOTED_NAMES: ReadonlySet<string> = new Set(['as', 'table', 'to']);
const sqlName = (name: string): string => (QUOTED_NAMES.has(name) ? `"${name}"` : name);

const SQL_TYPES = { string: 'TEXT', integer: 'INTEGER', boolean: 'INTEGER' } as const;

/** The full-text index: every name, alias and rule text, accents folded (its rows: searchRows). */
const SEARCH_TABLE =
  "CREATE VIRTUAL TABLE search USING fts5(kind UNINDEXED, id UNINDEXED, lang UNINDEXED, name, aliases, text, tokenize = 'unicode61 remove_diacritics 2');";

/** The tables of the database, in creation order: every table definition SQLite has. */
export const SQLITE_TABLES: readonly Table[] = TABLES.filter((t) => tableIn(t, 'sqlite'));

/** The key SQLite gives a table: its primary key, when SQLite has every column of it. */
function keyOf(table: Table): readonly string[] {
  const names = new Set(columnsIn(table, 'sqlite').map((c) => c.name));
  // Stryker disable next-line ArrayDeclaration: a key that names no column of the table makes no PRIMARY KEY either
  return table.primaryKey.every((k) => names.has(k)) ? table.primaryKey : [];
}

/** One column's definition: `concept TEXT NOT NULL REFERENCES concepts(id)`. */
function columnDefinition(table: Table, column: Column, key: readonly string[]): string {
  const single = table.references.find((r) => r.fields.length === 1 && r.fields[0] === column.name);
  const constraint = key.length === 1 && key[0] === column.name ? ' PRIMARY KEY' : column.nullable ? '' : ' NOT NULL';
  return `${sqlName(column.name)} ${SQL_TYPES[column.type]}${constraint}${single ? ` REFERENCES ${single.table}(${single.columns[0]})` : ''}`;
}

/** A table's CREATE TABLE statement (and its index), from its definition. */
export function createStatement(table: Table): string {
  const key = keyOf(table);
  const list = (names: readonly string[]) => names.map(sqlName).join(', ');
  const items = [
    ...columnsIn(table, 'sqlite').map((c) => columnDefinition(table, c, key)),
    ...(key.length > 1 ? [`PRIMARY KEY (${list(key)})`] : []),
    ...table.references.filter((r) => r.fields.length > 1).map((r) => `FOREIGN KEY (${list(r.fields)}) REFERENCES ${r.table}(${list(r.columns)})`),
    ...(table.sqlite?.check ? [`CHECK (${table.sqlite.check})`] : []),
  ];
  const lines = table.sqlite?.lines;
  const body = lines ? `\n  ${inLines(items, lines).join(',\n  ')}\n` : items.join(', ');
  const index = table.sqlite?.index;
  return `CREATE TABLE ${table.name} (${body}) STRICT;${index ? `\nCREATE INDEX ${table.name}_${index} ON ${table.name}(${index});` : ''}`;
}

/** Items laid out `counts[i]` to a line, each line joined by commas. */
function inLines(items: readonly string[], counts: readonly number[]): string[] {
  if (counts.reduce((a, b) => a + b, 0) !== items.length) throw new Error(`a layout of ${counts.join('+')} items for ${items.length}`);
  let at = 0;
  return counts.map((count) => items.slice(at, (at += count)).join(', '));
}

/** The DDL, in creation order. */
// Stryker disable next-line StringLiteral: SQLite keeps each statement's own text, never what separates two statements
const sqliteSchema = (): string => [...SQLITE_TABLES.map(createStatement), SEARCH_TABLE].join('\n');

type Rows = readonly (readonly SQLInputValue[])[];

// Stryker disable next-line ConditionalExpression,StringLiteral: node:sqlite (Node 24) binds a boolean as 1 or 0 itself; converted here so the bytes do not hang on that
const bool = (value: Cell): SQLInputValue => (typeof value === 'boolean' ? (value ? 1 : 0) : value);

/** The database's bytes. `data` must be the validated dataset (ids resolve). */
export function emitSqlite(data: TableData): Uint8Array {
  // Stryker disable next-line StringLiteral: an empty name is a private temporary database, serialised to the same bytes
  const db = new DatabaseSync(':memory:');
  try {
    // Stryker disable next-line StringLiteral,CallExpression: both are node:sqlite's defaults (4096-byte pages, foreign keys on); stated so the bytes do not hang on a default
    db.exec('PRAGMA page_size = 4096; PRAGMA foreign_keys = ON;');
    db.exec(sqliteSchema());
    db.exec('BEGIN');
    // Concepts and skills refer to each other: the keys are checked at the commit.
    db.exec('PRAGMA defer_foreign_keys = ON');
    const tables = tableReader(TABLES, data);
    for (const table of SQLITE_TABLES)
      insertRows(
        db,
        table.name,
        tables.cells(table, columnsIn(table, 'sqlite')).map((row) => row.map(bool)),
      );
    insertRows(db, 'search', searchRows(data));
    db.exec('COMMIT');
    db.exec("INSERT INTO search(search) VALUES ('optimize')");
    db.exec('VACUUM');
    return db.serialize();
  } finally {
    // Stryker disable next-line CallExpression: closing frees memory after the bytes are taken; nothing reads the database afterwards
    db.close();
  }
}

function insertRows(db: DatabaseSync, table: string, rows: Rows): void {
  if (!rows.length) return;
  const statement = db.prepare(`INSERT INTO ${table} VALUES (${rows[0]!.map(() => '?').join(', ')})`);
  for (const row of rows) statement.run(...row);
}

type SearchRow = readonly [kind: string, id: string, lang: string, name: string, aliases: string, text: string];

/**
 * A spelling the full-text index carries: every one of the alias index but a
 * retired record id (`en-traits-alt/breathe-fire`): its tokens (`en`, `traits`,
 * `alt`, …) would rank the concept it went to above the living concept that
 * bears its words. Retired ids are looked up whole, in `aliases` and `migrations`.
 */
const searchesSpelling = (n: Pick<NameEntry, 'alias' | 'source'>): boolean => n.source !== 'retired' || !n.alias.includes('/');

/**
 * The full-text rows: every concept with its names and every spelling of the
 * alias index (as written and as its matching key, so `timmmber` and
 * `pickmeup` find their concept; not retired ids), every record, every ruling
 * under the names of the skills it is about, every inducement.
 */
function searchRows(data: Pick<DataBundle, 'concepts' | 'skills' | 'rulings' | 'inducements' | 'names'>): SearchRow[] {
  const conceptOf = new Map(data.concepts.map((c) => [c.id, c]));
  const recordOf = new Map(data.skills.map((s) => [s.id, s]));
  const spellings = new Map<string, Set<string>>();
  for (const n of data.names.filter(searchesSpelling)) {
    const set = spellings.get(n.concept) ?? new Set<string>();
    set.add(n.alias).add(n.folded);
    spellings.set(n.concept, set);
  }
  const unique = (names: readonly (string | null | undefined)[]): string => names.filter((n, i, all): n is string => !!n && all.indexOf(n) === i).join(' · ');
  return [
    ...data.concepts.map(
      (c): SearchRow => ['concept', c.id, c.names.en ? 'en' : 'fr', unique([c.names.en, c.names.fr]), [...(spellings.get(c.id) ?? [])].join(' · '), ''],
    ),
    ...data.skills.map((s): SearchRow => {
      const concept = s.concept ? conceptOf.get(s.concept) : undefined;
      return ['record', s.id, s.lang, unique([s.name, concept?.names.en, concept?.names.fr]), '', s.text];
    }),
    ...data.rulings.map((r): SearchRow => ['ruling', r.id, 'en', unique(r.records.map((id) => recordOf.get(id)?.name)), '', `${r.question}\n${r.answer}`]),
    ...data.inducements.map(
      (i): SearchRow => [
        'inducement',
        i.id,
        'en',
        i.name,
        '',
        [i.text, ...i.abilities.map((a) => `${a.name}\n${a.text}`), ...i.spells.map((s) => `${s.name}\n${s.text}`)].join('\n'),
      ],
    ),
  ];
}
