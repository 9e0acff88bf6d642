/**
 * The vocabulary of the table definitions (emit/tables.ts): a table, its
 * columns, what each column carries of the JSON records, and the typed
 * builders that declare them. A column names the JSON field it carries by its
 * path (`source.lines.0`), checked by the type checker against the record type
 * generated from the schemas; the value is read from that path, so a column is
 * stated once. Pure: no output format here (emit/sqlite.ts and emit/csv.ts
 * render a table; the tests read the same definitions backwards).
 */
import type { DataBundle } from '../model/dataset.ts';

/** What the tables are built from: the dataset, with only the versions of its meta. */
export type TableData = Omit<DataBundle, 'meta'> & { meta: Pick<DataBundle['meta'], 'datasetVersion' | 'schemaVersion'> };

/** A cell's value before a format writes it (CSV text, a SQLite value). */
export type Cell = string | number | boolean | null;

/** The two formats a table is written in; a table or a column may be in one only. */
export type Format = 'csv' | 'sqlite';

/** What a cell carries of its row's item. */
type Carry =
  /** The value at `path` in the item (`[]`: the item itself); null when an object on the way is null or a key is absent. */
  | {
      kind: 'field';
      path: readonly string[];
      /** The key is left out of the JSON when the value is null (`names.en`), rather than written as null. */
      omitWhenNull?: boolean;
      /** An empty cell means the object at this path is null (`count.min` empty: `count` is null). */
      nullObject?: readonly string[];
      /**
       * The cell is also the value at `also.path`, in the rows where the column
       * `where.column` holds `where.is`; elsewhere that key is left out
       * (`name_fr`, which is `frenchName.name`, is `names.fr` where
       * `name_fr_source` is `source`). The emitters read `path` only; a reader
       * puts the cell back at both.
       */
      also?: { path: readonly string[]; where: { column: string; is: string } };
    }
  /** Whether the object or list at `path` is null (`isNull`), or is there (`!isNull`). */
  | { kind: 'null-check'; path: readonly string[]; isNull: boolean }
  /** The item's place in its list, or in its file, from 1. */
  | { kind: 'place' }
  /** A column of the parent row: the key that joins a list's item to the record that holds the list. */
  | { kind: 'parent'; column: string }
  /** The whole item as JSON text. */
  | { kind: 'json' };

export interface Column {
  name: string;
  type: 'string' | 'integer' | 'boolean';
  description: string;
  /** May be null: an empty CSV field, a SQLite column without NOT NULL. */
  nullable: boolean;
  /** A text the JSON may leave empty (""), never null: still an empty CSV field, so not `required` in the Table Schema. */
  mayBeEmpty: boolean;
  carries: Carry;
  /** In one format only; in both when absent. */
  only?: Format;
}

/** A foreign key: columns that name a row of another table (or a composite key of it). */
export interface Reference {
  fields: readonly string[];
  table: string;
  columns: readonly string[];
}

/** Where a table's rows come from. */
type Rows =
  /** The records of a data file (or SQLite's own rows): one row each, in file order. */
  | { kind: 'file'; read: (data: TableData) => readonly unknown[] }
  /** The items of a list field of each row of `parent`, in order: one row each. */
  | { kind: 'list'; parent: string; path: readonly string[] };

export interface Table {
  /** The SQLite table's name; the CSV file is the same in kebab case (`csv/skill-games.csv`). */
  name: string;
  /** The JSON data file the rows come from; null for SQLite's own `meta`. */
  from: string | null;
  description: string;
  rows: Rows;
  columns: readonly Column[];
  primaryKey: readonly string[];
  references: readonly Reference[];
  /** In one format only; in both when absent. */
  only?: Format;
  /** The SQLite DDL's extras. */
  sqlite?: {
    /** A CHECK constraint, after the keys. */
    check?: string;
    /** A column to index (`CREATE INDEX <table>_<column>`), after the table. */
    index?: string;
    /**
     * How many items (columns, then the composite key and the check) each line
     * of the CREATE statement holds; one line when absent. SQLite keeps each
     * statement's text in the file (sqlite_master), so these keep the published
     * database's bytes; a new table needs none.
     */
    lines?: readonly number[];
  };
}

type Leaf = string | number | boolean | null | undefined;
type Nullish<T> = Extract<T, null | undefined> extends never ? never : null;
type IsTuple<T> = T extends readonly [unknown, ...unknown[]] ? true : false;
type Keys<T> = T extends readonly unknown[] ? (IsTuple<T> extends true ? Extract<keyof T, `${number}`> : never) : Extract<keyof T, string>;
type Walk<T> = T extends Leaf ? false : T extends readonly unknown[] ? IsTuple<T> : true;

/**
 * The dotted paths through T (objects and tuples, never into a list) whose
 * value is a V: the value's own type, or null when an object on the way may
 * be null. `PathTo<Skill, number>` holds `source.lines.0`.
 */
export type PathTo<T, V, N = never, D extends 0[] = []> = D['length'] extends 5
  ? never
  : {
      [K in Keys<NonNullable<T>>]:
        | ([NonNullable<T>[K] | N] extends [V] ? K : never)
        | (Walk<NonNullable<NonNullable<T>[K]>> extends true ? `${K}.${PathTo<NonNullable<T>[K], V, N | Nullish<NonNullable<T>[K]>, [...D, 0]>}` : never);
    }[Keys<NonNullable<T>>];

/** A path to a V in an item: `''` is the item itself (a list of ids: `skill_games.game`). */
type ItemPath<I, V> = ([I] extends [V] ? '' : never) | PathTo<I, V>;

/** The path's parts: `source.lines.0` → `['source', 'lines', '0']`; `''` → `[]`. */
const pathOf = (path: string): readonly string[] => (path === '' ? [] : path.split('.'));

/** The typed column builders of a table whose rows are items of type I. */
export interface ColumnBuilder<I> {
  str(name: string, description: string, path: ItemPath<I, string>): Column;
  /** A text that is never null but may be "" (a price list's `text`). */
  blankStr(name: string, description: string, path: ItemPath<I, string>): Column;
  optStr(
    name: string,
    description: string,
    path: ItemPath<I, string | null | undefined>,
    options?: {
      omitWhenNull?: boolean;
      nullObject?: string;
      also?: { path: ItemPath<I, string | null | undefined>; where: { column: string; is: string } };
    },
  ): Column;
  int(name: string, description: string, path: ItemPath<I, number>): Column;
  optInt(name: string, description: string, path: ItemPath<I, number | null>, options?: { nullObject?: string }): Column;
  bool(name: string, description: string, path: ItemPath<I, boolean>): Column;
  optBool(name: string, description: string, path: ItemPath<I, boolean | null>): Column;
  /** True when the value at `path` is null (`any_league`: `leagues` is null). */
  isNull(name: string, description: string, path: PathTo<I, readonly unknown[] | object | null>): Column;
  /** True when the value at `path` is not null (`price_list`: `priceList` is there). */
  isThere(name: string, description: string, path: PathTo<I, readonly unknown[] | object | null>): Column;
  /** The item's place, from 1. */
  place(name?: string, description?: string): Column;
  /** The parent row's `column` (its key), under this table's `name`; of that column's type (`joinParents`). */
  parent(name: string, description: string, column: string): Column;
  /** The whole item as JSON text. */
  json(name: string, description: string): Column;
}

interface LeafOptions {
  omitWhenNull?: boolean;
  nullObject?: string;
  also?: { path: string; where: { column: string; is: string } };
}

const leaf =
  (type: Column['type'], nullable: boolean, mayBeEmpty = false) =>
  (name: string, description: string, path: string, options: LeafOptions = {}): Column => ({
    name,
    type,
    description,
    nullable,
    mayBeEmpty,
    carries: {
      kind: 'field',
      path: pathOf(path),
      ...(options.omitWhenNull ? { omitWhenNull: true } : {}),
      ...(options.nullObject ? { nullObject: pathOf(options.nullObject) } : {}),
      ...(options.also ? { also: { path: pathOf(options.also.path), where: options.also.where } } : {}),
    },
  });

const BUILDER: ColumnBuilder<never> = {
  str: leaf('string', false),
  blankStr: leaf('string', false, true),
  optStr: leaf('string', true),
  int: leaf('integer', false),
  optInt: leaf('integer', true),
  bool: leaf('boolean', false),
  optBool: leaf('boolean', true),
  isNull: (name, description, path) => nullCheck(name, description, path, true),
  isThere: (name, description, path) => nullCheck(name, description, path, false),
  place: (name = 'n', description = 'Place in the list (1-based).') => ({
    name,
    type: 'integer',
    description,
    nullable: false,
    mayBeEmpty: false,
    carries: { kind: 'place' },
  }),
  // Stryker disable next-line StringLiteral: joinParents gives a parent column the type of the column it repeats
  parent: (name, description, column) => ({ name, type: 'string', description, nullable: false, mayBeEmpty: false, carries: { kind: 'parent', column } }),
  json: (name, description) => ({ name, type: 'string', description, nullable: false, mayBeEmpty: false, carries: { kind: 'json' } }),
};

function nullCheck(name: string, description: string, path: string, isNull: boolean): Column {
  return { name, type: 'boolean', description, nullable: false, mayBeEmpty: false, carries: { kind: 'null-check', path: pathOf(path), isNull } };
}

/** The builders, typed for items of type I (one object: the types are only the checker's). */
const columnsFor = <I>(): ColumnBuilder<I> => BUILDER as unknown as ColumnBuilder<I>;

/** A column in one format only. */
export const only = (format: Format, column: Column): Column => ({ ...column, only: format });

/** `concept` names a row of `concepts` by its `id`: `ref('concept', 'concepts', 'id')`. */
export const ref = (fields: string | readonly string[], table: string, columns: string | readonly string[]): Reference => ({
  fields: typeof fields === 'string' ? [fields] : fields,
  table,
  columns: typeof columns === 'string' ? [columns] : columns,
});

interface TableSpec<I> {
  name: string;
  description: string;
  columns: (c: ColumnBuilder<I>) => readonly Column[];
  primaryKey: readonly string[];
  references: readonly Reference[];
  only?: Format;
  sqlite?: NonNullable<Table['sqlite']>;
}

/** A table of a data file's records (or of SQLite's own rows: `from` null). */
export function fileTable<I>(spec: TableSpec<I> & { from: string | null; rows: (data: TableData) => readonly I[] }): Table {
  const { columns, rows, ...rest } = spec;
  return { ...rest, rows: { kind: 'file', read: rows }, columns: columns(columnsFor<I>()) };
}

/**
 * A join table: one row per item of the list at `list` in each row of
 * `parent` (`list: 'source.errata'`); a null list (or one under a null
 * object) gives no rows. P is the parent's item type, I the list's.
 */
export function listTable<P, I>(spec: TableSpec<I> & { from: string; parent: string; list: PathTo<P, readonly I[] | null> }): Table {
  const { columns, parent, list, ...rest } = spec;
  return { ...rest, rows: { kind: 'list', parent, path: pathOf(list) }, columns: columns(columnsFor<I>()) };
}

/**
 * The tables, each join table's parent columns given the type of the column
 * they repeat (a price item's place `item` is an integer); throws when a
 * parent or its column is missing, or comes after the table.
 */
export function joinParents(tables: readonly Table[]): Table[] {
  const done = new Map<string, Table>();
  for (const table of tables) {
    const from = table.rows;
    // Stryker disable next-line ConditionalExpression: a file table has no `parent`, and done.get(undefined) finds nothing as well
    const parent = from.kind === 'list' ? done.get(from.parent) : undefined;
    if (from.kind === 'list' && !parent) throw new Error(`${table.name}: its parent ${from.parent} is not a table before it`);
    const columns = table.columns.map((column) => {
      if (column.carries.kind !== 'parent') return column;
      const { column: name } = column.carries;
      const repeated = parent?.columns.find((c) => c.name === name);
      if (!repeated) throw new Error(`${table.name}.${column.name}: ${from.kind === 'list' ? from.parent : 'a file table'} has no column ${name}`);
      return { ...column, type: repeated.type };
    });
    done.set(table.name, { ...table, columns });
  }
  return [...done.values()];
}

/** A row: the item it comes from, its place (from 1), and for a join table the parent row that holds the list. */
export interface TableRow {
  item: unknown;
  n: number;
  parent: TableRow | null;
}

/** The value at `path` in `value`; null when a step is null or absent. */
export function valueAt(value: unknown, path: readonly string[]): unknown {
  let at = value;
  for (const key of path) {
    if (at === null || at === undefined) return null;
    at = (at as Record<string, unknown>)[key];
  }
  return at ?? null;
}

/** Reads the rows and cells of the tables of one dataset; each table's rows are read once. */
export function tableReader(tables: readonly Table[], data: TableData) {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const read = new Map<string, TableRow[]>();
  const tableNamed = (name: string): Table => {
    const table = byName.get(name);
    if (!table) throw new Error(`no table ${name}`);
    return table;
  };
  const rows = (table: Table): TableRow[] => {
    let found = read.get(table.name);
    if (found) return found;
    const from = table.rows;
    found =
      from.kind === 'file'
        ? from.read(data).map((item, i) => ({ item, n: i + 1, parent: null }))
        : rows(tableNamed(from.parent)).flatMap((parent) =>
            ((valueAt(parent.item, from.path) ?? []) as readonly unknown[]).map((item, i) => ({ item, n: i + 1, parent })),
          );
    read.set(table.name, found);
    return found;
  };
  const cell = (table: Table, column: Column, row: TableRow): Cell => {
    const carry = column.carries;
    switch (carry.kind) {
      case 'field':
        return valueAt(row.item, carry.path) as Cell;
      case 'null-check':
        return (valueAt(row.item, carry.path) === null) === carry.isNull;
      case 'place':
        return row.n;
      case 'json':
        return JSON.stringify(row.item);
      case 'parent': {
        const parent = tableNamed((table.rows as { parent: string }).parent);
        const key = parent.columns.find((c) => c.name === carry.column);
        if (!key) throw new Error(`${table.name}.${column.name}: no column ${carry.column} in its parent`);
        // A join table's every row has its parent row (rows).
        return cell(parent, key, row.parent!);
      }
    }
  };
  return {
    rows,
    /** Each row's cells, in the order of `columns`. */
    cells: (table: Table, columns: readonly Column[]): Cell[][] => rows(table).map((row) => columns.map((c) => cell(table, c, row))),
  };
}

/** The columns a format has, in order. */
export const columnsIn = (table: Table, format: Format): Column[] => table.columns.filter((c) => c.only === undefined || c.only === format);

/** Whether a table is in a format. */
export const tableIn = (table: Table, format: Format): boolean => table.only === undefined || table.only === format;
