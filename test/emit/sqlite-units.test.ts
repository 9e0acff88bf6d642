/**
 * `emitSqlite` on the small literal dataset of test/emit/literal-bundle.ts:
 * every table and join table holds the values of the records written there
 * (as the CSV tables and the JSON give them: test/emit/sqlite-expected.ts), the keys are
 * enforced, an empty list gives an empty table, and the full-text index
 * finds names without their accents. The real dataset: sqlite-values.test.ts.
 */
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { csvFiles } from '../../pipeline/emit/csv.ts';
import { dataFilesOf } from '../../pipeline/emit/json.ts';
import { emitSqlite } from '../../pipeline/emit/sqlite.ts';
import type { DataBundle } from '../../pipeline/model/dataset.ts';
import { literalBundle } from './literal-bundle.ts';
import { canonical, expectedTables, type Row } from './sqlite-expected.ts';

function open(data: DataBundle): DatabaseSync {
  const out = new DatabaseSync(':memory:');
  out.deserialize(emitSqlite(data));
  return out;
}

const data = literalBundle();
/** The database of the literal dataset, built in each test (so that each test, not the file, reaches the emitter). */
const db = () => open(data);
/** What each table must hold: from the literal dataset's CSV tables and its JSON records. */
function expectedOf(d: DataBundle) {
  const files = dataFilesOf({
    ...d,
    datasetVersion: d.meta.datasetVersion,
    schemaVersion: d.meta.schemaVersion,
    releaseDate: d.meta.releaseDate,
    sources: d.meta.sources,
  }) as Record<string, unknown[]>;
  const csv = csvFiles(d);
  return expectedTables(
    d,
    (path) => csv.get(path)!,
    (file) => files[file]!,
  );
}
const expected = expectedOf(data);
const rows = (table: string, from = db()): Row[] => from.prepare(`SELECT * FROM "${table}"`).all() as Row[];

describe('emitSqlite on a literal dataset', () => {
  it('has exactly the tables derived from the JSON data', () => {
    const tables = (
      db().prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'search\\_%' ESCAPE '\\' ORDER BY name").all() as { name: string }[]
    ).map((r) => r.name);
    expect(tables).toEqual(Object.keys(expected).sort());
  });

  it.each(Object.keys(expectedOf(literalBundle())))('holds every row of %s with the values of the literal records', (table) => {
    expect(expected[table]!.length, `the literal dataset gives ${table} rows`).toBeGreaterThan(0);
    expect(canonical(rows(table))).toEqual(canonical(expected[table]!));
  });

  it('writes a compulsory value as 1, 0 or NULL', () =>
    expect((db().prepare('SELECT id, compulsory FROM skills ORDER BY id').all() as Row[]).map((r) => ({ ...r }))).toEqual([
      { id: 'en-2020/dodge', compulsory: 0 },
      { id: 'en-2020/mighty-blow', compulsory: 1 },
      { id: 'fr-legacy/esquive', compulsory: null },
    ]));

  it('keeps a whole inducement as its JSON text', () => {
    const json = (db().prepare("SELECT json FROM inducements WHERE id = 'notes/wizard'").get() as { json: string }).json;
    expect(JSON.parse(json)).toEqual(data.inducements.find((i) => i.id === 'notes/wizard'));
  });

  it('writes the same bytes for the same data', () =>
    expect(Buffer.from(emitSqlite(literalBundle())).equals(Buffer.from(emitSqlite(literalBundle())))).toBe(true));

  it('leaves no free page behind (the database is vacuumed)', () =>
    expect((db().prepare('PRAGMA freelist_count').get() as { freelist_count: number }).freelist_count).toBe(0));

  it('gives an empty table for a list no record fills', () => {
    const d = literalBundle();
    d.rulings = [];
    for (const s of d.skills) s.rulings = [];
    const empty = open(d);
    expect(rows('rulings', empty)).toEqual([]);
    expect(rows('ruling_records', empty)).toEqual([]);
    expect(rows('skills', empty)).toHaveLength(d.skills.length);
  });

  it('refuses a ruling about a record the dataset does not have (foreign keys are enforced)', () => {
    const d = literalBundle();
    d.rulings[0]!.records.push('en-2020/nowhere');
    expect(() => emitSqlite(d)).toThrow(/FOREIGN KEY/);
  });

  it('accepts concepts and records that name each other (the keys are checked at the commit)', () => {
    const d = literalBundle();
    expect(d.concepts[0]!.compulsoryFrom).toBe('en-2020/dodge');
    expect(() => emitSqlite(d)).not.toThrow();
  });

  it('finds a French name without its accents, and a concept by a spelling of the alias index', () => {
    const d = literalBundle();
    d.skills[2]!.name = 'Châtaigne';
    const search = open(d).prepare('SELECT kind, id FROM search WHERE search MATCH ? ORDER BY kind, id');
    expect(search.all('name:chataigne').map((r) => ({ ...r }))).toEqual([{ kind: 'record', id: 'fr-legacy/esquive' }]);
    expect(search.all('aliases:mightyblow1').map((r) => ({ ...r }))).toEqual([{ kind: 'concept', id: 'mighty-blow' }]);
  });

  it('finds a concept by a reviewed abbreviation, which the aliases table keeps as one', () => {
    const d = literalBundle();
    const concept = d.concepts[0]!.id;
    d.names = [...d.names, { alias: 'QX', folded: 'qx', concept, lang: 'en', source: 'abbreviation', record: null }];
    const database = open(d);
    expect(
      database
        .prepare("SELECT kind, id FROM search WHERE search MATCH 'aliases:qx'")
        .all()
        .map((r) => ({ ...r })),
    ).toEqual([{ kind: 'concept', id: concept }]);
    expect(
      database
        .prepare("SELECT concept, source FROM aliases WHERE folded = 'qx'")
        .all()
        .map((r) => ({ ...r })),
    ).toEqual([{ concept, source: 'abbreviation' }]);
  });

  it('ranks the living concept first for a retired id’s words, not the concept the id went to (its tokens are not indexed)', () => {
    const d = literalBundle();
    // A later wording's Mighty Blow merged into Dodge: names.json keeps the retired id under Dodge, its words under Mighty Blow.
    d.migrations = [{ id: 'en-traits-alt/mighty-blow', kind: 'record', action: 'merged', to: 'en-2020/dodge', since: '1.3.0', note: 'Folded in.' }];
    d.names = [
      ...d.names,
      { alias: 'en-traits-alt/mighty-blow', folded: 'entraitsaltmightyblow', concept: 'dodge', lang: null, source: 'retired', record: null },
    ];
    const words = 'en-traits-alt/mighty-blow'.match(/[\p{L}\p{N}]+/gu)!;
    const query = `{name aliases} : (${[...words, words.join('')].map((w) => `"${w}"`).join(' OR ')})`;
    const ranked = open(d).prepare("SELECT id FROM search WHERE search MATCH ? AND kind = 'concept' ORDER BY rank").all(query) as { id: string }[];
    expect(ranked.map((r) => r.id)).toEqual(['mighty-blow']);
    // The id itself is still found whole, where ids are looked up.
    expect(open(d).prepare('SELECT concept FROM aliases WHERE folded = ?').get('entraitsaltmightyblow')).toEqual({ concept: 'dodge' });
  });

  it('keeps in a concept’s search aliases a retired id’s words and any other spelling with a slash, leaving out the retired id alone', () => {
    const d = literalBundle();
    d.names = [
      ...d.names,
      { alias: 'leap', folded: 'leap', concept: 'dodge', lang: null, source: 'retired', record: null },
      { alias: 'Dodge/Esquive', folded: 'dodgeesquive', concept: 'dodge', lang: null, source: 'curated', record: null },
    ];
    const aliases = (open(d).prepare("SELECT aliases FROM search WHERE kind = 'concept' AND id = 'dodge'").get() as { aliases: string }).aliases.split(' · ');
    expect(aliases).toEqual(expect.arrayContaining(['leap', 'Dodge/Esquive', 'dodgeesquive']));
    expect(aliases).not.toContain('en-2020/leap');
  });

  it('indexes a concept no English source names under its French name, in French', () => {
    const d = literalBundle();
    d.concepts[1]!.names = { fr: 'Châtaigne' };
    expect({ ...open(d).prepare("SELECT lang, name FROM search WHERE kind = 'concept' AND id = 'mighty-blow'").get() }).toEqual({
      lang: 'fr',
      name: 'Châtaigne',
    });
  });

  it('names a ruling in the index by the names of the records it is about, each once', () =>
    expect(
      db()
        .prepare("SELECT name, text FROM search WHERE kind = 'ruling' ORDER BY id")
        .all()
        .map((r) => ({ ...r })),
    ).toEqual([
      { name: 'Dodge · Mighty Blow', text: 'Can a player Dodge twice?\nYes, once per turn.' },
      { name: 'Mighty Blow', text: 'Does Mighty Blow stack?\nNo.' },
    ]));

  it('names a record in the index by its own name and its concept’s names, each once', () =>
    expect(
      db()
        .prepare("SELECT id, name FROM search WHERE kind = 'record' ORDER BY id")
        .all()
        .map((r) => ({ ...r })),
    ).toEqual([
      { id: 'en-2020/dodge', name: 'Dodge · Esquive' },
      { id: 'en-2020/mighty-blow', name: 'Mighty Blow' },
      { id: 'fr-legacy/esquive', name: 'Esquive · Dodge' },
    ]));

  it('indexes an inducement with its abilities and spells', () =>
    expect((db().prepare("SELECT text FROM search WHERE id = 'notes/wizard'").get() as { text: string }).text).toBe(
      'A wizard casts one spell per game.\nFireball\nBurns a square.\nZap\nTurns a player into a frog.\nFireball\nRoll for each player.',
    ));

  it('indexes a concept no alias names with empty aliases, and a record without a concept under its own name', () => {
    const d = literalBundle();
    d.names = [];
    d.skills[2]!.concept = null;
    const search = open(d);
    expect(search.prepare("SELECT aliases FROM search WHERE kind = 'concept' AND id = 'dodge'").get()).toEqual({ aliases: '' });
    expect(search.prepare("SELECT name FROM search WHERE id = 'fr-legacy/esquive'").get()).toEqual({ name: 'Esquive' });
  });

  it('writes a vacuumed database: vacuuming it again changes no page (only the 100-byte header’s counters)', () => {
    const bytes = emitSqlite(literalBundle());
    const again = new DatabaseSync(':memory:');
    again.deserialize(bytes);
    again.exec('VACUUM');
    expect(Buffer.from(again.serialize()).subarray(100).equals(Buffer.from(bytes).subarray(100))).toBe(true);
  });

  it('writes the search index merged into one b-tree (optimized): optimizing it again changes no row, even for a dataset too large for one flush', () => {
    const large = literalBundle();
    const base = large.skills[0]!;
    // About 2 MB of distinct words: FTS5 flushes its pending terms to a new segment about every megabyte.
    for (let n = 0; n < 2000; n++)
      large.skills.push({
        ...base,
        id: `en-2020/filler-${n}`,
        name: `Filler ${n}`,
        displayName: `Filler ${n}`,
        concept: null,
        randomSlots: [],
        rulings: [],
        text: Array.from({ length: 60 }, (_, k) => `w${n}x${k}`).join(' '),
      });
    const search = open(large);
    const segments = () => JSON.stringify(search.prepare('SELECT id, block FROM search_data ORDER BY id').all());
    const before = segments();
    search.exec("INSERT INTO search(search) VALUES ('optimize')");
    expect(segments() === before).toBe(true);
  });

  it('writes pages of 4096 bytes', () => expect(db().prepare('PRAGMA page_size').get()).toEqual({ page_size: 4096 }));
});
