/**
 * The French name with where it comes from (issue 35.7, SQL and CSV): a
 * concept's `name_fr` is a French source's name (concepts.json `names.fr`) or
 * else its reviewed usual name (names.json, from aliases.yaml), and
 * `name_fr_source` says which (`source`, `reviewed`), the way
 * model/names.ts `sourcedNameIn` gives it to every surface; concepts.json is
 * still rebuilt from the CSV tables alone.
 */
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { CSV_TABLES, csvFiles, csvResourceName } from '../../pipeline/emit/csv.ts';
import { emitSqlite } from '../../pipeline/emit/sqlite.ts';
import type { DataBundle } from '../../pipeline/model/dataset.ts';
import { sourcedNameIn } from '../../pipeline/model/names.ts';
import type { NameEntry } from '../../pipeline/model/schema-types.ts';
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

describe('sourcedNameIn', () => {
  const dodge = { id: 'dodge', names: { en: 'Dodge', fr: 'Esquive' } };
  const block = { id: 'block', names: { en: 'Block' } };

  it('gives a name a source of the language prints as `source`', () => expect(sourcedNameIn(dodge, [], 'fr')).toEqual({ name: 'Esquive', source: 'source' }));

  it('gives the first reviewed alias of the language as `reviewed` when no source names it', () =>
    expect(sourcedNameIn(block, [alias('Blocage', 'block', 'fr', 'curated'), alias('Bloc', 'block', 'fr', 'curated')], 'fr')).toEqual({
      name: 'Blocage',
      source: 'reviewed',
    }));

  it('prefers the source’s name to a reviewed one', () =>
    expect(sourcedNameIn(dodge, [alias('Esquiver', 'dodge', 'fr', 'curated')], 'fr')).toEqual({ name: 'Esquive', source: 'source' }));

  it('takes no alias of another language, another concept or another source, and gives null when there is no name', () =>
    expect(
      sourcedNameIn(
        block,
        [
          alias('Bloquer', 'block', 'en', 'curated'),
          alias('Blocage', 'tackle', 'fr', 'curated'),
          alias('Bloc', 'block', 'fr', 'record'),
          alias('bloc', 'block', 'fr', 'retired'),
        ],
        'fr',
      ),
    ).toBeNull());
});

/** The literal dataset with Block, named in French by a reviewed alias only. */
function withBlock(): DataBundle {
  const data = literalBundle();
  data.concepts.push({
    id: 'block',
    name: 'Block',
    names: { en: 'Block' },
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
    const rebuilt = rebuildFiles(CSV_TABLES, (t) => readTable(files.get(csvResourceName(t.name))!)).get('concepts.json') as { id: string; names: object }[];
    expect(rebuilt.map((c) => [c.id, c.names])).toEqual(data.concepts.map((c) => [c.id, c.names]));
  });
});
