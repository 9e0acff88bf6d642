/**
 * Every table of dist/data/nuffle-codex.sqlite, as the CSV tables and the JSON
 * data say it must be: a table the CSV has too holds the CSV table's rows
 * (read back by test/emit/table-read.ts, whose rebuild proves them the JSON's
 * values) in the columns SQLite has (pipeline/emit/tables.ts), each typed as
 * its column says (a boolean as 1 or 0, an empty cell NULL where the column
 * may be null). SQLite's own parts are derived here from the JSON data alone:
 * `meta`, an inducement's `json`, the matching keys' trigrams and the
 * full-text rows of `search`. Shared
 * by the real-build value test and the literal-bundle unit test.
 */
import { columnsIn } from '../../pipeline/emit/table-shape.ts';
import { csvResourceName } from '../../pipeline/emit/csv.ts';
import { SQLITE_TABLES } from '../../pipeline/emit/sqlite.ts';
import type { DataBundle } from '../../pipeline/model/dataset.ts';
import { readTable, typed } from './table-read.ts';

export type Row = Record<string, string | number | null>;

/** Every table's rows: from the CSV text of each table (`csv(path)`), and from the JSON data. */
export function expectedTables(d: DataBundle, csv: (path: string) => string, json: (file: string) => unknown[]): Record<string, Row[]> {
  const fromCsv = Object.fromEntries(
    SQLITE_TABLES.filter((t) => t.only === undefined).map((t) => {
      const records = t.from ? json(t.from) : [];
      const rows = readTable(csv(csvResourceName(t.name))).map((cells, i) =>
        Object.fromEntries(
          columnsIn(t, 'sqlite').map((c) => {
            // SQLite's own column: the whole record, as JSON.
            if (c.carries.kind === 'json') return [c.name, JSON.stringify(records[i])];
            const value = typed(c, cells[c.name]!);
            return [c.name, typeof value === 'boolean' ? Number(value) : value];
          }),
        ),
      );
      return [t.name, rows];
    }),
  );
  return {
    meta: [
      { key: 'datasetVersion', value: d.meta.datasetVersion },
      { key: 'schemaVersion', value: d.meta.schemaVersion },
    ],
    ...fromCsv,
    // Every distinct matching key's trigrams: the key padded with two spaces before and one after, three characters at a time, each once.
    name_trigrams: [...new Set(d.names.map((n) => n.folded))].flatMap((folded) => {
      const padded = [...`  ${folded} `];
      const grams = new Set(padded.slice(2).map((_, i) => padded.slice(i, i + 3).join('')));
      return [...grams].map((gram) => ({ folded, gram }));
    }),
    ...searchRows(d),
  };
}

/** The full-text rows, from the JSON data alone. */
function searchRows(d: DataBundle): { search: Row[] } {
  const conceptOf = new Map(d.concepts.map((c) => [c.id, c]));
  return {
    // Full-text search: every concept's names and its aliases (as written and folded), every record's names (its own and its concept's),
    // every ruling under its skills' names, every inducement.
    search: [
      ...d.concepts.map((c) => ({
        kind: 'concept',
        id: c.id,
        // The language of its first name: English, or French for a rule only the French list has.
        lang: c.names.en ? 'en' : 'fr',
        name: [...new Set([c.names.en, c.names.fr].filter(Boolean))].join(' · '),
        // A retired record id (it holds a `/`) is looked up whole, never by its tokens.
        aliases: [
          ...new Set(d.names.filter((n) => n.concept === c.id && !(n.source === 'retired' && n.alias.includes('/'))).flatMap((n) => [n.alias, n.folded])),
        ].join(' · '),
        text: '',
      })),
      ...d.skills.map((s) => {
        const c = s.concept ? conceptOf.get(s.concept) : undefined;
        return {
          kind: 'record',
          id: s.id,
          lang: s.lang,
          name: [...new Set([s.name, c?.names.en, c?.names.fr].filter(Boolean))].join(' · '),
          aliases: '',
          text: s.text,
        };
      }),
      ...d.rulings.map((r) => ({
        kind: 'ruling',
        id: r.id,
        lang: 'en',
        name: [...new Set(r.records.map((id) => d.skills.find((s) => s.id === id)?.name))].join(' · '),
        aliases: '',
        text: `${r.question}\n${r.answer}`,
      })),
      ...d.inducements.map((i) => ({
        kind: 'inducement',
        id: i.id,
        lang: 'en',
        name: i.name,
        aliases: '',
        text: [i.text, ...i.abilities.map((a) => `${a.name}\n${a.text}`), ...i.spells.map((s) => `${s.name}\n${s.text}`)].join('\n'),
      })),
    ],
  };
}

/** Rows as sorted key-value lists, sorted: the same rows in any order and any column order compare equal. */
export const canonical = (rows: readonly Row[]): string[] => rows.map((r) => JSON.stringify(Object.entries(r).sort(([a], [b]) => (a < b ? -1 : 1)))).sort();
