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
import { csvField } from '../../pipeline/emit/csv.ts';

type Resource = DataPackage['resources'][number];
type Cells = Record<string, string>;

/**
 * RFC 4180, strictly: records end with CRLF; a field is either bare (no
 * quote, comma, CR or LF) or quoted, with inner quotes doubled. Throws at
 * the first offence, with its offset.
 */
function parseCsv(text: string): string[][] {
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
const readCell = (cell: string): string => (cell.startsWith("'") ? cell.slice(1) : cell);

/** What a spreadsheet runs as a formula when it starts a cell (OWASP "CSV Injection"). */
const FORMULA = /^[=+\-@\t\r\0]/;

let files: Map<string, string | Uint8Array>;
/** Every table's cells as written (before readCell), by path. */
let raw: Map<string, string[][]>;
let pkg: DataPackage;
let tables: Map<string, { resource: Resource; rows: Cells[] }>;
const json = <T>(path: string): T => JSON.parse(files.get(path) as string) as T;
/** A table's rows, by its SQLite name: `skill_games` is csv/skill-games.csv. */
const rows = (name: string): Cells[] => tables.get(`csv/${name.replaceAll('_', '-')}.csv`)!.rows;

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

/** The cells of one table, as typed values, grouped by a key column, in file order. */
const by = (name: string, key: string): Map<string, Cells[]> => {
  const out = new Map<string, Cells[]>();
  for (const row of rows(name)) out.set(row[key]!, [...(out.get(row[key]!) ?? []), row]);
  return out;
};
const int = (value: string): number => Number(value);
const nullable = (value: string): string | null => (value === '' ? null : value);
const optInt = (value: string): number | null => (value === '' ? null : Number(value));
const optBool = (value: string): boolean | null => (value === '' ? null : value === 'true');
/** A list field from its join table: every row of `parent`, checked to be in the order its `place` column gives. */
const list = <T>(table: Map<string, Cells[]>, parent: string, value: (row: Cells) => T, place = 'n'): T[] => {
  const found = table.get(parent) ?? [];
  expect(found.map((r) => r[place])).toEqual(found.map((_, i) => String(i + 1)));
  return found.map(value);
};

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

  describe('the JSON, rebuilt from the tables alone', () => {
    it('editions.json', () => {
      const rebuilt = rows('editions').map((r) => ({
        id: r.id!,
        label: r.label!,
        lang: r.lang!,
        source: r.source!,
        file: r.file!,
        sha256: r.sha256!,
        parser: r.parser!,
        note: r.note!,
        records: int(r.records!),
        rulings: int(r.rulings!),
      }));
      expect(rebuilt).toEqual(json('editions.json'));
    });

    it('skills.json', () => {
      const games = by('skill_games', 'record');
      const errata = by('skill_errata', 'record');
      const slots = by('skill_random_slots', 'record');
      const rulings = by('skill_rulings', 'record');
      const rebuilt = rows('skills').map((r) => ({
        id: r.id!,
        edition: r.edition!,
        lang: r.lang!,
        name: r.name!,
        displayName: r.display_name!,
        parameter: nullable(r.parameter!),
        compulsory: optBool(r.compulsory!),
        kind: r.kind!,
        category: r.category!,
        text: r.text!,
        games: list(games, r.id!, (g) => g.game!),
        randomSlots: list(slots, r.id!, (s) => ({ game: s.game!, roll: s.roll!, d6: int(s.d6!) })),
        rulings: list(rulings, r.id!, (x) => x.ruling!),
        concept: nullable(r.concept!),
        source: { id: r.source_id!, lines: [int(r.line_start!), int(r.line_end!)], errata: list(errata, r.id!, (e) => e.erratum!) },
      }));
      expect(rebuilt).toEqual(json('skills.json'));
    });

    it('concepts.json', () => {
      const records = by('concept_records', 'concept');
      const relations = by('concept_relations', 'concept');
      const rebuilt = rows('concepts').map((r) => ({
        id: r.id!,
        name: r.name!,
        names: { ...(r.name_en ? { en: r.name_en } : {}), ...(r.name_fr ? { fr: r.name_fr } : {}) },
        frenchName: r.french_name ? { name: r.french_name, from: r.french_name_from! } : null,
        kind: r.kind!,
        category: r.category!,
        compulsory: optBool(r.compulsory!),
        compulsoryFrom: nullable(r.compulsory_from!),
        records: list(records, r.id!, (x) => x.record!),
        relations: list(relations, r.id!, (x) => ({ type: x.type!, concept: x.other!, record: x.record! })),
      }));
      expect(rebuilt).toEqual(json('concepts.json'));
    });

    it('crosswalk.json', () => {
      const related = by('crosswalk_related', 'record');
      const rebuilt = rows('crosswalk').map((r) => ({
        record: r.record!,
        concept: r.concept!,
        relation: r.relation!,
        confidence: r.confidence!,
        rationale: r.rationale!,
        summary: nullable(r.summary!),
        summaryFr: nullable(r.summary_fr!),
        declaredBy: r.declared_by!,
        related: list(related, r.record!, (x) => x.concept!),
        falseFriend: nullable(r.false_friend!),
      }));
      expect(rebuilt).toEqual(json('crosswalk.json'));
    });

    it('rulings.json', () => {
      const pages = by('ruling_pages', 'ruling');
      const records = by('ruling_records', 'ruling');
      const occurrences = by('ruling_occurrences', 'ruling');
      const errata = by('ruling_errata', 'ruling');
      const rebuilt = rows('rulings').map((r) => ({
        id: r.id!,
        edition: r.edition!,
        question: r.question!,
        answer: r.answer!,
        pages: list(pages, r.id!, (x) => int(x.page!)),
        pageNote: nullable(r.page_note!),
        records: list(records, r.id!, (x) => x.record!),
        occurrences: list(occurrences, r.id!, (x) => ({ record: x.record!, lines: [int(x.line_start!), int(x.line_end!)] as [number, number] })),
        source: { id: r.source_id!, lines: [int(r.line_start!), int(r.line_end!)], errata: list(errata, r.id!, (e) => e.erratum!) },
      }));
      expect(rebuilt).toEqual(json('rulings.json'));
    });

    it('random-tables.json, leagues.json, migrations.json and names.json', () => {
      const slots = by('random_slots', 'table');
      const tablesRebuilt = rows('random_tables').map((r) => ({
        id: r.id!,
        edition: r.edition!,
        game: r.game!,
        category: r.category!,
        slots: (slots.get(r.id!) ?? []).map((s) => ({ roll: s.roll!, d6: int(s.d6!), record: nullable(s.record!), vacancy: nullable(s.vacancy!) })),
      }));
      expect(tablesRebuilt).toEqual(json('random-tables.json'));
      const aliases = by('league_aliases', 'league');
      const lines = by('league_alias_lines', 'league');
      const leagues = rows('leagues').map((r) => ({
        id: r.id!,
        name: r.name!,
        aliases: list(aliases, r.id!, (a) => ({ text: a.text!, lines: (lines.get(r.id!) ?? []).filter((l) => l.text === a.text).map((l) => int(l.line!)) })),
      }));
      expect(leagues).toEqual(json('leagues.json'));
      const migrations = rows('migrations').map((r) => ({
        id: r.id!,
        kind: r.kind!,
        action: r.action!,
        to: nullable(r.to!),
        since: r.since!,
        note: r.note!,
      }));
      expect(migrations).toEqual(json('migrations.json'));
      const names = rows('aliases').map((r) => ({
        alias: r.alias!,
        folded: r.folded!,
        concept: r.concept!,
        lang: nullable(r.lang!),
        source: r.source!,
        record: nullable(r.record!),
      }));
      expect(names).toEqual(json('names.json'));
    });

    it('inducements.json, with the price lists item by item', () => {
      expect(rebuildInducements()).toEqual(json('inducements.json'));
    });
  });
}

function rebuildInducements(): unknown[] {
  const of = (name: string) => by(name, 'inducement');
  const [abilities, spells, mentions, costs, blocks, errata, items] = ['abilities', 'spells', 'mentions', 'costs', 'blocks', 'errata']
    .map((n) => of(`inducement_${n}`))
    .concat(of('price_items'));
  const spellMentions = by('spell_mentions', 'spell');
  const itemKey = (r: Cells) => `${r.inducement} ${r.item}`;
  const perItem = (name: string) => {
    const out = new Map<string, Cells[]>();
    for (const row of rows(name)) out.set(itemKey(row), [...(out.get(itemKey(row)) ?? []), row]);
    return out;
  };
  const [leagues, skills, changes, except, removes] = ['leagues', 'skills', 'changes', 'except', 'removes'].map((n) => perItem(`price_item_${n}`));
  const item = (r: Cells) => ({
    kind: r.kind!,
    line: int(r.line!),
    text: r.text!,
    category: nullable(r.category!),
    count: r.count_min === '' ? null : { min: int(r.count_min!), max: optInt(r.count_max!) },
    except: list(except!, itemKey(r), (x) => x.concept!),
    skills: list(skills!, itemKey(r), (x) => ({ concept: x.concept!, name: x.name!, parameter: nullable(x.parameter!) })),
    changes: list(changes!, itemKey(r), (x) => ({ stat: x.stat!, delta: int(x.delta!), as: x.as! })),
    removes: list(removes!, itemKey(r), (x) => x.concept!),
    cost: int(r.cost!),
    per: r.per!,
    minimumCost: optInt(r.minimum_cost!),
    leagues: r.any_league === 'true' ? null : list(leagues!, itemKey(r), (x) => x.league!),
  });
  return rows('inducements').map((r) => ({
    id: r.id!,
    edition: r.edition!,
    name: r.name!,
    nameFr: nullable(r.name_fr!),
    kind: r.kind!,
    text: r.text!,
    abilities: list(abilities!, r.id!, (x) => ({ name: x.name!, text: x.text!, line: int(x.line!) })),
    spells: list(spells!, r.id!, (x) => ({
      id: x.id!,
      name: x.name!,
      text: x.text!,
      line: int(x.line!),
      mentions: list(spellMentions, x.id!, (m) => m.concept!),
    })),
    limits: { max: optInt(r.limit_max!), oncePerGame: r.once_per_game === 'true' },
    costs: list(costs!, r.id!, (x) => ({ amount: int(x.amount!), text: x.text! })),
    priceList: r.price_list === 'true' ? { minimumCost: optInt(r.minimum_cost!), items: list(items!, r.id!, item, 'item') } : null,
    priceStated: r.price_stated === 'true',
    mentions: list(mentions!, r.id!, (x) => x.concept!),
    confidence: r.confidence!,
    note: r.note!,
    blocks: list(blocks!, r.id!, (x) => ({ opening: x.opening!, lines: [int(x.line_start!), int(x.line_end!)] as [number, number] })),
    source: { id: r.source_id!, lines: [int(r.line_start!), int(r.line_end!)], errata: list(errata!, r.id!, (e) => e.erratum!) },
  }));
}
