/**
 * Reading the CSV tables back, as docs/DATA.md tells a consumer to: a strict
 * RFC 4180 reader of its own (not the emitter's), the neutralised cell read
 * back, a cell typed by its column, and every JSON data file rebuilt from the
 * tables alone by reading the table definitions (pipeline/emit/tables.ts)
 * backwards: each column's path says where its value goes, each join table's
 * list path where its rows go. A field no table carries, or a value a table
 * writes wrong, makes a rebuilt file differ from the file.
 */
import { type Column, columnsIn, type Table } from '../../pipeline/emit/table-shape.ts';

export type Cells = Record<string, string>;

/**
 * RFC 4180, strictly: records end with CRLF; a field is either bare (no
 * quote, comma, CR or LF) or quoted, with inner quotes doubled. Throws at
 * the first offence, with its offset.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let at = 0;
  while (at < text.length) {
    const record: string[] = [];
    for (;;) {
      let field = '';
      if (text[at] === '"') {
        at++;
        for (;;) {
          const quote = text.indexOf('"', at);
          if (quote < 0) throw new Error(`unclosed quote at ${at}`);
          field += text.slice(at, quote);
          at = quote + 1;
          if (text[at] !== '"') break;
          field += '"';
          at++;
        }
      } else {
        const end = text.slice(at).search(/[,\r\n"]/);
        field = end < 0 ? text.slice(at) : text.slice(at, at + end);
        at += field.length;
        if (text[at] === '"') throw new Error(`bare quote at ${at}`);
      }
      record.push(field);
      if (text[at] === ',') {
        at++;
        continue;
      }
      if (text.startsWith('\r\n', at)) {
        at += 2;
        break;
      }
      throw new Error(`expected a comma or CRLF at ${at}, found ${JSON.stringify(text.slice(at, at + 10))}`);
    }
    records.push(record);
  }
  return records;
}

/**
 * A cell as docs/DATA.md says to read it: one that starts with `'` was
 * neutralised (a formula to a spreadsheet, or a text that started with `'`),
 * and is the text after that `'`. Written here, not imported from the emitter.
 */
export const readCell = (cell: string): string => (cell.startsWith("'") ? cell.slice(1) : cell);

/** A CSV file's rows, each cell read back, by column name. */
export function readTable(text: string): Cells[] {
  const [header, ...records] = parseCsv(text);
  return records.map((cells) => Object.fromEntries(header!.map((name, i) => [name, readCell(cells[i]!)])));
}

/** A cell's value as its column types it: an empty cell is null where the column may be null, "" where a text may be empty. */
export function typed(column: Pick<Column, 'type' | 'nullable'>, cell: string): string | number | boolean | null {
  if (cell === '' && column.nullable) return null;
  if (column.type === 'integer') return Number(cell);
  if (column.type === 'boolean') return cell === 'true';
  return cell;
}

type Json = Record<string, unknown>;

/** The object that holds the value at `path`, made on the way (an array before a numeric key). */
function holderOf(target: Json, path: readonly string[]): Json {
  let at: Json = target;
  for (const [i, key] of path.slice(0, -1).entries()) {
    if (at[key] === undefined || at[key] === null) at[key] = /^\d+$/.test(path[i + 1]!) ? [] : {};
    at = at[key] as Json;
  }
  return at;
}

const setAt = (target: Json, path: readonly string[], value: unknown): void => {
  holderOf(target, path)[path.at(-1)!] = value;
};

/** Whether the value at `path`, or an object on the way, is null. */
function nullOnTheWay(target: unknown, path: readonly string[]): boolean {
  let at = target;
  for (const key of path) {
    if (at === null) return true;
    at = (at as Json)[key];
  }
  return at === null;
}

/** One row's item: the value of its one column of path `[]`, or the object its columns' paths make. */
function itemOf(table: Table, row: Cells): unknown {
  const columns = columnsIn(table, 'csv');
  const whole = columns.find((c) => c.carries.kind === 'field' && c.carries.path.length === 0);
  if (whole) return typed(whole, row[whole.name]!);
  const item: Json = {};
  const nulls: (readonly string[])[] = [];
  for (const column of columns) {
    const carry = column.carries;
    const value = typed(column, row[column.name]!);
    if (carry.kind === 'field') {
      // A cell that is another field too where another column says so (`name_fr` is `names.fr` where `name_fr_source` is `source`); that key is left out elsewhere.
      if (carry.also) {
        if (row[carry.also.where.column] === carry.also.where.is) setAt(item, carry.also.path, value);
        else holderOf(item, carry.also.path);
      }
      if (value === null && carry.nullObject) nulls.push(carry.nullObject);
      // A key left out when null: its object is still there (`names: {}`).
      if (value === null && carry.omitWhenNull) holderOf(item, carry.path);
      else setAt(item, carry.path, value);
    } else if (carry.kind === 'null-check' && value === carry.isNull) nulls.push(carry.path);
  }
  for (const path of nulls) setAt(item, path, null);
  return item;
}

/**
 * Every JSON data file the CSV tables come from, rebuilt from the tables
 * alone: the records of each file table, then each join table's rows put
 * back, in order, into the list of the parent row whose key they repeat (a
 * list under a null object, or null itself, stays so). `rowsOf(table)` gives
 * a table's rows as read back.
 */
export function rebuildFiles(tables: readonly Table[], rowsOf: (table: Table) => Cells[]): Map<string, unknown[]> {
  const built = new Map<string, { row: Cells; item: unknown }[]>();
  const files = new Map<string, unknown[]>();
  for (const table of tables) {
    const rows = rowsOf(table).map((row) => ({ row, item: itemOf(table, row) }));
    built.set(table.name, rows);
    if (table.rows.kind === 'file') {
      if (table.from)
        files.set(
          table.from,
          rows.map((r) => r.item),
        );
      continue;
    }
    const { parent, path } = table.rows;
    const keys = columnsIn(table, 'csv').flatMap((c) => (c.carries.kind === 'parent' ? [[c.name, c.carries.column] as const] : []));
    const place = columnsIn(table, 'csv').find((c) => c.carries.kind === 'place');
    for (const holder of built.get(parent) ?? []) {
      if (nullOnTheWay(holder.item, path)) continue;
      const mine = rows.filter(({ row }) => keys.every(([name, column]) => row[name] === holder.row[column]));
      if (place && mine.some(({ row }, i) => row[place.name] !== String(i + 1)))
        throw new Error(`${table.name}: places out of order under ${JSON.stringify(holder.row)}`);
      setAt(
        holder.item as Json,
        path,
        mine.map((r) => r.item),
      );
    }
  }
  return files;
}
