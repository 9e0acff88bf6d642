/**
 * dist/data/csv/: the dataset as CSV tables, for pandas, R and spreadsheets.
 * One table per record kind (`skills.csv`, `rulings.csv`…), and one join
 * table per list field (`skill-games.csv`, `ruling-records.csv`…): the SQLite
 * database's tables (`skill_games`) and its column names. datapackage.json gives
 * each its Table Schema (types, required, primary and foreign keys).
 *
 * RFC 4180: comma-separated, CRLF between records, a field quoted (with `"`
 * doubled) when it holds a comma, a quote, CR or LF; a text a spreadsheet
 * would run as a formula neutralised by a leading `'` (csvField); UTF-8 without a byte
 * order mark; a header line. A missing value (`null`) is an empty field, and
 * no required field is ever empty. Deterministic: rows in the order of the
 * JSON files (sorted by id), list items in their order. The tables, their
 * columns and keys are the table definitions' (emit/tables.ts).
 */
import { FORMULA_START } from '../model/characters.ts';
import { type Cell, columnsIn, type Table, type TableData, tableIn, tableReader } from './table-shape.ts';
import { TABLES } from './tables.ts';

/** The folder of dist/data that holds the tables. */
const CSV_DIR = 'csv';

/** The CSV tables: every table definition the CSV has. */
export const CSV_TABLES: readonly Table[] = TABLES.filter((t) => tableIn(t, 'csv'));

/** The mark of a neutralised cell: a spreadsheet shows what follows as text, never as a formula. */
const NEUTRALISED = "'";

/**
 * The one cell function of every table. A text that a spreadsheet would read
 * as a formula (FORMULA_START: `=`, `+`, `-`, `@`, tab, CR, NUL) is neutralised as
 * OWASP recommends, with a `'` before it; so is a text that starts with `'`
 * itself, so reading back is exact: a text cell that starts with `'` lost
 * that one character (docs/DATA.md, "CSV"). Numbers and booleans are written
 * as they are. Then RFC 4180: quoted when it holds a comma, a quote, CR or
 * LF; null is empty.
 */
export function csvField(value: Cell): string {
  if (value === null) return '';
  const text = typeof value === 'string' && (FORMULA_START.test(value) || value.startsWith(NEUTRALISED)) ? `${NEUTRALISED}${value}` : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** `csv/<table>.csv` for every table: the header, then one line per row, each ended by CRLF. */
export function csvFiles(data: TableData): Map<string, string> {
  const tables = tableReader(TABLES, data);
  return new Map(
    CSV_TABLES.map((t) => {
      const columns = columnsIn(t, 'csv');
      const lines = [columns.map((c) => c.name), ...tables.cells(t, columns)];
      return [csvResourceName(t.name), lines.map((cells) => `${cells.map(csvField).join(',')}\r\n`).join('')];
    }),
  );
}

/** A table's file, and its resource name in datapackage.json: `skill_games` → `csv/skill-games.csv` (file names in kebab case, as every file of dist/data). */
export const csvResourceName = (name: string): string => `${CSV_DIR}/${name.replaceAll('_', '-')}.csv`;

/** A table's Table Schema (Frictionless v2): its fields, primary key and foreign keys. */
export function tableSchema(t: Table): Record<string, unknown> {
  return {
    fields: columnsIn(t, 'csv').map((c) => ({
      name: c.name,
      type: c.type,
      description: c.description,
      // Never empty: neither null nor a text that may be "".
      ...(c.nullable || c.mayBeEmpty ? {} : { constraints: { required: true } }),
    })),
    missingValues: [''],
    primaryKey: [...t.primaryKey],
    ...(t.references.length
      ? { foreignKeys: t.references.map((r) => ({ fields: [...r.fields], reference: { resource: csvResourceName(r.table), fields: [...r.columns] } })) }
      : {}),
  };
}
