/**
 * The French name with where it comes from (issue 35.7, SQL and CSV): a
 * concept's `name_fr` and `name_fr_source` are its concepts.json
 * `frenchName` (a French source's name, `names.fr`, or else its reviewed
 * usual name; the link stage sets it with model/names.ts `sourcedNameIn`,
 * test/names/french-name.test.ts), and concepts.json, `frenchName` and
 * `names.fr` both, is still rebuilt from the CSV tables alone.
 */
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { CSV_TABLES, csvFiles, csvResourceName } from '../../pipeline/emit/csv.ts';
import { emitSqlite } from '../../pipeline/emit/sqlite.ts';
import type { DataBundle } from '../../pipeline/model/dataset.ts';
import type { Concept, NameEntry } from '../../pipeline/model/schema-types.ts';
import { literalBundle } from './literal-bundle.ts';
import { readTable, rebuildFiles } from './table-read.ts';

const alias = (alias: string, concept: string, lang: NameEntry['lang'], source: NameEntry['source']): NameEntry => ({
  alias,
  folded: alias.toLowerCase(),
  concept,
  lang,
  source,
  record: null,
});

/** The literal dataset with Block, named in French by a reviewed alias only (its frenchName as the link stage sets it). */
function withBlock(): DataBundle {
  const data = literalBundle();
  data.concepts.push({
    id: 'block',
    name: 'Block',
    names: { en: 'Block' },
    frenchName: { name: 'Blocage', from: 'reviewed' },
    kind: 'skill',
    category: 'general',
    compulsory: null,
    compulsoryFrom: null,
    records: [],
    relations: [],
  });
  data.names.push(alias('Block', 'block', 'en', 'concept'), alias('Blocage', 'block', 'fr', 'curated'));
  return data;
}

const EXPECTED = [
  { id: 'block', name_fr: 'Blocage', name_fr_source: 'reviewed' },
  { id: 'dodge', name_fr: 'Esquive', name_fr_source: 'source' },
  { id: 'mighty-blow', name_fr: null, name_fr_source: null },
];

describe('name_fr and name_fr_source', () => {
  it('in SQLite: a source’s French name, else the reviewed one, each with where it comes from; NULL when there is none', () => {
    const db = new DatabaseSync(':memory:');
    db.deserialize(emitSqlite(withBlock()));
    expect(
      db
        .prepare('SELECT id, name_fr, name_fr_source FROM concepts ORDER BY id')
        .all()
        .map((r) => ({ ...r })),
    ).toEqual(EXPECTED);
  });

  it('in the CSV alike (empty where SQLite has NULL), and concepts.json rebuilt from it keeps names.fr to the source’s name', () => {
    const data = withBlock();
    const files = csvFiles(data);
    const rows = readTable(files.get('csv/concepts.csv')!);
    expect(
      rows.map((r) => ({ id: r.id, name_fr: r.name_fr || null, name_fr_source: r.name_fr_source || null })).sort((a, b) => (a.id! < b.id! ? -1 : 1)),
    ).toEqual(EXPECTED);
    const rebuilt = rebuildFiles(CSV_TABLES, (t) => readTable(files.get(csvResourceName(t.name))!)).get('concepts.json') as Concept[];
    expect(rebuilt.map((c) => [c.id, c.names, c.frenchName])).toEqual(data.concepts.map((c) => [c.id, c.names, c.frenchName]));
  });
});
