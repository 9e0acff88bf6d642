/**
 * The CSV tables of the small literal dataset (test/emit/literal-bundle.ts):
 * the shared checks of test/emit/csv-suite.ts (RFC 4180, the Table Schemas,
 * every JSON file rebuilt from the tables), and the Table Schema's parts
 * written out for a join table and a table without foreign keys.
 */
import { describe, expect, it } from 'vitest';
import { CSV_TABLES, csvField, csvFiles, csvResourceName, tableSchema } from '../../pipeline/emit/csv.ts';
import { dataFilesOf, toJson } from '../../pipeline/emit/json.ts';
import { emitDataPackage } from '../../pipeline/emit/release.ts';
import { describeCsvTables } from './csv-suite.ts';
import { literalBundle } from './literal-bundle.ts';

const data = literalBundle();
const content = {
  ...data,
  datasetVersion: data.meta.datasetVersion,
  schemaVersion: data.meta.schemaVersion,
  releaseDate: data.meta.releaseDate,
  sources: data.meta.sources,
};

function literalFiles(): Map<string, string | Uint8Array> {
  const files = new Map<string, string | Uint8Array>();
  for (const [path, records] of Object.entries(dataFilesOf(content))) files.set(path, toJson(records));
  for (const [path, text] of csvFiles(data)) files.set(path, text);
  files.set('datapackage.json', emitDataPackage({ datasetVersion: '1.2.3', schemaVersion: '4.5.6', sources: [], files }));
  return files;
}

describeCsvTables(literalFiles);

const byName = (name: string) => CSV_TABLES.find((t) => t.name === name)!;

describe('a table’s Table Schema', () => {
  it('lists a join table’s fields with their types, its key and where each key column leads', () =>
    expect(tableSchema(byName('skill_games'))).toEqual({
      fields: [
        { name: 'record', type: 'string', description: 'Record id.', constraints: { required: true } },
        { name: 'game', type: 'string', description: 'Game.', constraints: { required: true } },
        { name: 'n', type: 'integer', description: 'Place in the list (1-based).', constraints: { required: true } },
      ],
      missingValues: [''],
      primaryKey: ['record', 'game'],
      foreignKeys: [{ fields: ['record'], reference: { resource: 'csv/skills.csv', fields: ['id'] } }],
    }));

  it('marks no constraint on an optional field, and has no foreign keys where the table names no other', () => {
    const schema = tableSchema(byName('leagues'));
    expect(schema).not.toHaveProperty('foreignKeys');
    const editions = tableSchema(byName('editions')).fields as { name: string; constraints?: unknown }[];
    expect(editions.find((f) => f.name === 'note')).toEqual({ name: 'note', type: 'string', description: 'What the source is.' });
    // A text never null but possibly "" (a price list's text) is an empty field all the same: not required.
    const inducements = tableSchema(byName('inducements')).fields as { name: string; constraints?: unknown }[];
    expect(inducements.find((f) => f.name === 'text')).not.toHaveProperty('constraints');
  });

  it('names a composite foreign key column by column', () =>
    expect(tableSchema(byName('league_alias_lines')).foreignKeys).toEqual([
      { fields: ['league', 'text'], reference: { resource: 'csv/league-aliases.csv', fields: ['league', 'text'] } },
    ]));
});

describe('the files', () => {
  it('are named in kebab case under csv/', () => expect(csvResourceName('skill_random_slots')).toBe('csv/skill-random-slots.csv'));

  it('are one per table', () => expect([...csvFiles(data).keys()]).toEqual(CSV_TABLES.map((t) => csvResourceName(t.name))));

  it('write a header line, then a record per row, each ended by CRLF', () =>
    expect(csvFiles(data).get('csv/skill-games.csv')).toBe(
      'record,game,n\r\nen-2020/dodge,blood-bowl,1\r\nen-2020/dodge,dungeon-bowl,2\r\nen-2020/mighty-blow,blood-bowl,1\r\nfr-legacy/esquive,blood-bowl,1\r\n',
    ));

  it('quote a field holding a comma, a quote or a line break, and leave a missing value empty', () => {
    const skills = csvFiles(data).get('csv/skills.csv')!;
    expect(skills).toContain(',"Once per team turn, re-roll a failed Dodge, ""as printed"", with a comma.",');
    expect(skills).toContain(',"Add 1 to the Armour roll\r\nor the Injury roll.",');
    expect(skills).toContain('fr-legacy/esquive,fr-legacy,fr,Esquive,Esquive,,,trait,');
  });

  it('number the alias index from 1, in the order of names.json', () =>
    expect(
      csvFiles(data)
        .get('csv/aliases.csv')!
        .split('\r\n')
        .slice(1, -1)
        .map((line) => line.split(',')[0]),
    ).toEqual(data.names.map((_, i) => String(i + 1))));

  it('write a boolean as true or false', () => {
    expect(csvField(true)).toBe('true');
    expect(csvFiles(data).get('csv/inducements.csv')).toMatch(/^notes\/wizard,.*,1,true,,false,true,medium,/m);
  });
});
