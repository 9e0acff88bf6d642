/**
 * The CSV tables' checks, shared by the real build (csv-values.test.ts) and
 * the literal dataset (csv-units.test.ts): every CSV table is RFC 4180 (read
 * here by a parser of its own, not the emitter's), valid against the Table
 * Schema datapackage.json gives it (header, types, required fields, primary
 * and foreign keys), no cell starts as a spreadsheet formula, and the tables
 * hold the values of the JSON they come from: every JSON data file is rebuilt
 * here from the tables alone, read as docs/DATA.md says (a cell that starts
 * with `'` lost that character), and equals the file.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { DataPackage } from '../../pipeline/model/schema-types.ts';
import { CSV_TABLES, csvField, csvResourceName } from '../../pipeline/emit/csv.ts';
import { type Cells, parseCsv, readCell, rebuildFiles } from './table-read.ts';

type Resource = DataPackage['resources'][number];
/** What a spreadsheet runs as a formula when it starts a cell (OWASP "CSV Injection"). */
const FORMULA = /^[=+\-@\t\r\0]/;

let files: Map<string, string | Uint8Array>;
/** Every table's cells as written (before readCell), by path. */
let raw: Map<string, string[][]>;
let pkg: DataPackage;
let tables: Map<string, { resource: Resource; rows: Cells[] }>;
const json = <T>(path: string): T => JSON.parse(files.get(path) as string) as T;

function load(read: () => ReadonlyMap<string, string | Uint8Array>): void {
  files = new Map(read());
  pkg = json<DataPackage>('datapackage.json');
  raw = new Map();
  tables = new Map(
    pkg.resources
      .filter((r) => r.format === 'csv')
      .map((resource) => {
        const [header, ...records] = parseCsv(files.get(resource.path) as string);
        raw.set(resource.path, records);
        return [resource.path, { resource, rows: records.map((cells) => Object.fromEntries(header!.map((name, i) => [name, readCell(cells[i]!)]))) }];
      }),
  );
}

/**
 * The checks, on the files `read` gives (the data files, datapackage.json and
 * the CSV tables, by their paths in dist/data).
 */
export function describeCsvTables(read: () => ReadonlyMap<string, string | Uint8Array>): void {
  // Read in each test, so that each test, not the file, reaches the emitters (mutation testing's per-test coverage).
  beforeEach(() => load(read));

  describe('RFC 4180', () => {
    it.each([
      ['plain', 'plain'],
      ['a, b', '"a, b"'],
      ['say "hi"', '"say ""hi"""'],
      ['two\nlines', '"two\nlines"'],
      ['cr\r', '"cr\r"'],
      [12, '12'],
      [-3, '-3'],
      [false, 'false'],
      [null, ''],
      ["=cmd|' /C calc'!A0 Block", "'=cmd|' /C calc'!A0 Block"],
      ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
      ['+1MA: +20K', "'+1MA: +20K"],
      ['-1 AV', "'-1 AV"],
      ['\tx', "'\tx"],
      ['\rx', `"'\rx"`],
      ['\0x', "'\0x"],
      ['=1+1, "quoted"', `"'=1+1, ""quoted"""`],
      ["'already quoted", "''already quoted"],
      ['x = 1 + 1', 'x = 1 + 1'],
    ] as const)('writes %j as %j, which reads back', (value, written) => {
      expect(csvField(value)).toBe(written);
      expect(parseCsv(`${written}\r\n`).map((record) => record.map(readCell))).toEqual([[value === null ? '' : String(value)]]);
    });

    it('leaves no text cell of any table that a spreadsheet would run as a formula (a number is a number: -1 stays -1)', () => {
      let neutralised = 0;
      for (const [path, records] of raw) {
        const types = tables.get(path)!.resource.schema!.fields.map((f) => f.type);
        for (const record of records)
          for (const [i, cell] of record.entries()) {
            if (types[i] === 'string') expect(cell, path).not.toMatch(FORMULA);
            else expect(cell, path).toMatch(/^(-?\d+|true|false|)$/);
            if (cell.startsWith("'")) neutralised++;
          }
      }
      // The data has texts that start as formulas (`+1 MA`), so the neutralisation is exercised.
      expect(neutralised).toBeGreaterThan(0);
    });

    it('a quote inside a bare field, or a record without CRLF, is refused by the reader', () => {
      expect(() => parseCsv('a"b\r\n')).toThrow(/bare quote/);
      expect(() => parseCsv('a,b\n')).toThrow(/CRLF/);
    });

    it('every table is UTF-8 text, read whole by the strict reader, with one field per column in every record', () => {
      for (const [path, { resource }] of tables) {
        const text = files.get(path) as string;
        expect(typeof text, path).toBe('string');
        expect(text.charCodeAt(0), path).not.toBe(0xfeff);
        const [header, ...records] = parseCsv(text);
        for (const record of records) expect(record, path).toHaveLength(header!.length);
        expect(resource).toMatchObject({ format: 'csv', mediatype: 'text/csv', encoding: 'utf-8', type: 'table' });
        expect(resource.dialect).toEqual({ header: true, delimiter: ',', lineTerminator: '\r\n', quoteChar: '"', doubleQuote: true });
      }
      // Rule text with commas, quotes and newlines is in the tables, so the quoting is exercised.
      const text = files.get('csv/skills.csv') as string;
      expect(text).toMatch(/"[^"]*\n/);
      expect(text).toContain('""');
    });

    it('has one table per data file with records, under csv/', () => {
      const kinds = ['editions', 'skills', 'rulings', 'random-tables', 'concepts', 'crosswalk', 'inducements', 'leagues', 'migrations', 'aliases'];
      for (const kind of kinds) expect(tables.has(`csv/${kind}.csv`), kind).toBe(true);
      expect([...files.keys()].filter((p) => p.endsWith('.csv')).sort()).toEqual([...tables.keys()].sort());
    });
  });

  describe('each table against its Table Schema', () => {
    const schemaOf = (path: string) => tables.get(path)!.resource.schema!;

    it('has the schema’s fields as its header, in order', () => {
      for (const [path] of tables) {
        const [header] = parseCsv(files.get(path) as string);
        expect(header, path).toEqual(schemaOf(path).fields.map((f) => f.name));
      }
    });

    it('holds values of each field’s type, and never leaves a required field empty', () => {
      const valid = { integer: /^-?(0|[1-9]\d*)$/, boolean: /^(true|false)$/, string: /^/ } as const;
      for (const [path, { rows: all }] of tables) {
        for (const field of schemaOf(path).fields) {
          for (const [i, row] of all.entries()) {
            const value = row[field.name]!;
            if (value === '') {
              expect(field.constraints?.required, `${path} row ${i + 2} ${field.name} is empty`).not.toBe(true);
              continue;
            }
            expect(value, `${path} row ${i + 2} ${field.name}`).toMatch(valid[field.type]);
          }
        }
      }
    });

    it('gives every row a primary key of its own, never empty', () => {
      for (const [path, { rows: all }] of tables) {
        const key = schemaOf(path).primaryKey;
        const seen = new Set<string>();
        for (const row of all) {
          const values = key.map((k) => row[k]!);
          expect(values, path).not.toContain('');
          const id = JSON.stringify(values);
          expect(seen.has(id), `${path}: ${id} twice`).toBe(false);
          seen.add(id);
        }
      }
    });

    it('resolves every foreign key to a row of the table it names', () => {
      let checked = 0;
      for (const [path, { rows: all }] of tables) {
        for (const fk of schemaOf(path).foreignKeys ?? []) {
          const target = tables.get(fk.reference.resource);
          expect(target, `${path} → ${fk.reference.resource}`).toBeDefined();
          const keys = new Set(target!.rows.map((row) => JSON.stringify(fk.reference.fields.map((f) => row[f]))));
          for (const row of all) {
            const values = fk.fields.map((f) => row[f]!);
            if (values.includes('')) continue; // a missing value names nothing
            expect(keys.has(JSON.stringify(values)), `${path} ${fk.fields.join(',')} = ${values.join(',')} → ${fk.reference.resource}`).toBe(true);
            checked++;
          }
        }
      }
      expect(checked).toBeGreaterThan(0);
    });
  });

  describe('the JSON, rebuilt from the tables alone (the table definitions read backwards: test/emit/table-read.ts)', () => {
    const dataFiles = [...new Set(CSV_TABLES.flatMap((t) => (t.from ? [t.from] : [])))];

    it.each(dataFiles)('%s', (file) => {
      const rebuilt = rebuildFiles(CSV_TABLES, (t) => tables.get(csvResourceName(t.name))!.rows);
      expect(rebuilt.get(file)).toEqual(json(file));
    });

    it('rebuilds every data file but meta.json: every table says which it comes from', () =>
      expect(dataFiles.sort()).toEqual(
        ['concepts', 'crosswalk', 'editions', 'inducements', 'leagues', 'migrations', 'names', 'random-tables', 'rulings', 'skills'].map((f) => `${f}.json`),
      ));
  });
}
