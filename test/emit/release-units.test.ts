/**
 * The release artefacts on literal files: the minified copies, the `.sha256`
 * files and SHA256SUMS (in `sha256sum -c` format), and datapackage.json, each
 * resource's fields written out (the real build: datapackage-values.test.ts).
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CSV_TABLES, csvResourceName, tableSchema } from '../../pipeline/emit/csv.ts';
import { CHECKSUM_LIST, checksumFiles, checksumList, emitDataPackage, minifiedFiles } from '../../pipeline/emit/release.ts';

const sha = (body: string | Uint8Array) => createHash('sha256').update(body).digest('hex');
const SKILLS = '[\n  {\n    "id": "en-2020/dodge"\n  }\n]\n';
const BYTES = new Uint8Array([0, 1, 2, 255]);

describe('the minified copies', () => {
  const files = new Map<string, string | Uint8Array>([
    ['skills.json', SKILLS],
    ['skills.min.json', '[]'],
    ['schema/skills.schema.json', '{\n  "type": "array"\n}\n'],
    ['package.json', '{\n  "type": "commonjs"\n}\n'],
    ['types.d.ts', 'export type X = 1;\n'],
    ['nuffle-codex.sqlite', BYTES],
    ['data.json', BYTES],
  ]);
  it('give each top-level JSON text file the same value without whitespace, beside it', () =>
    expect([...minifiedFiles(files)]).toEqual([['skills.min.json', '[{"id":"en-2020/dodge"}]']]));
  it('skip the schemas, a minified file, the declarations’ package.json, other formats and bytes', () =>
    expect([...minifiedFiles(new Map([...files].filter(([path]) => path !== 'skills.json'))).keys()]).toEqual([]));
  it('rename only the final .json', () => expect([...minifiedFiles(new Map([['a.json.json', '{}']])).keys()]).toEqual(['a.json.min.json']));
});

describe('the checksums', () => {
  const files = new Map<string, string | Uint8Array>([
    ['skills.json', SKILLS],
    ['nuffle-codex.sqlite', BYTES],
    ['schema/api/index.schema.json', '{}\n'],
    ['skills.json.sha256', 'old'],
    [CHECKSUM_LIST, 'old'],
  ]);
  it('write a .sha256 file per file, named by its path, in the sha256sum format', () =>
    expect([...checksumFiles(files)]).toEqual([
      ['skills.json.sha256', `${sha(SKILLS)}  skills.json\n`],
      ['nuffle-codex.sqlite.sha256', `${sha(BYTES)}  nuffle-codex.sqlite\n`],
      ['schema/api/index.schema.json.sha256', `${sha('{}\n')}  schema/api/index.schema.json\n`],
    ]));
  it('list every file but the checksums in SHA256SUMS, sorted by path', () =>
    expect(checksumList(files)).toBe(
      [`${sha(BYTES)}  nuffle-codex.sqlite\n`, `${sha('{}\n')}  schema/api/index.schema.json\n`, `${sha(SKILLS)}  skills.json\n`].join(''),
    ));
  it('call the list SHA256SUMS', () => expect(CHECKSUM_LIST).toBe('SHA256SUMS'));
});

describe('datapackage.json', () => {
  const csv = csvResourceName(CSV_TABLES[0]!.name);
  const files = new Map<string, string | Uint8Array>([
    ['skills.json', SKILLS],
    ['skills.min.json', '[{"id":"en-2020/dodge"}]'],
    ['meta.json', '{}\n'],
    ['skills.json.d.ts', 'declare const value: Skill[];\n'],
    ['schema/skills.schema.json', '{}\n'],
    ['nuffle-codex.sqlite', BYTES],
    ['README', 'hello'],
    [csv, 'id\r\n'],
    ['skills.json.sha256', 'x'],
    ['datapackage.json', 'an older one'],
  ]);
  const pkg = () =>
    JSON.parse(
      emitDataPackage({
        datasetVersion: '1.2.3',
        schemaVersion: '4.5.6',
        sources: [
          { id: 'z-source', file: 'sources/raw/z.txt', label: 'Z', lang: 'fr', note: 'last', sha256: 'f'.repeat(64) },
          { id: 'a-source', file: 'sources/raw/a.txt', label: 'A', lang: 'en', note: 'first', sha256: 'e'.repeat(64) },
        ],
        files,
      }),
    );
  const resource = (path: string) => pkg().resources.find((r: { path: string }) => r.path === path);

  it('names the package, its versions and its Frictionless profile', () =>
    expect(pkg()).toMatchObject({
      $schema: 'https://datapackage.org/profiles/2.0/datapackage.json',
      name: 'nuffle-codex',
      version: '1.2.3',
      schemaVersion: '4.5.6',
      homepage: 'https://nuffle-codex.dev/',
      licenses: [{ name: 'MIT', path: 'https://opensource.org/licenses/MIT', title: 'MIT License (structure, annotations, schemas and code)' }],
    }));
  it('states the rules’ copyright next to the MIT licence', () => expect(pkg().licenseNote).toContain('© Games Workshop Limited'));
  it('describes the dataset and gives keywords', () => {
    expect(pkg().title).toContain('Blood Bowl');
    expect(pkg().description).toContain('Every file is validated against its JSON Schema.');
    expect(pkg().keywords).toEqual(['blood-bowl', 'skills', 'traits', 'rules', 'crosswalk']);
  });
  it('lists the sources by id, each with its title, file, language, digest and note', () =>
    expect(pkg().sources).toEqual([
      { title: 'A', path: 'sources/raw/a.txt', id: 'a-source', lang: 'en', sha256: 'e'.repeat(64), note: 'first' },
      { title: 'Z', path: 'sources/raw/z.txt', id: 'z-source', lang: 'fr', sha256: 'f'.repeat(64), note: 'last' },
    ]));
  it('lists every file but the checksums and itself, sorted by path', () =>
    expect(pkg().resources.map((r: { path: string }) => r.path)).toEqual([
      'README',
      csv,
      'meta.json',
      'nuffle-codex.sqlite',
      'schema/skills.schema.json',
      'skills.json',
      'skills.json.d.ts',
      'skills.min.json',
    ]));
  it('gives a data file its format, encoding, size, digest, description and JSON Schema', () =>
    expect(resource('skills.json')).toEqual({
      name: 'skills.json',
      path: 'skills.json',
      format: 'json',
      mediatype: 'application/json',
      encoding: 'utf-8',
      bytes: Buffer.byteLength(SKILLS),
      hash: `sha256:${sha(SKILLS)}`,
      description: 'Every skill and trait record of every edition and language, with rule text as Markdown, random-table slots, rulings and concept.',
      jsonSchema: 'schema/skills.schema.json',
    }));
  it('gives a minified file the schema of the file it copies', () =>
    expect(resource('skills.min.json')).toMatchObject({ description: 'skills.json, minified (same content).', jsonSchema: 'schema/skills.schema.json' }));
  it('gives meta.json its own schema', () => expect(resource('meta.json')).toMatchObject({ jsonSchema: 'schema/meta.schema.json' }));
  it('gives the database its media type, its size in bytes and no encoding', () => {
    const db = resource('nuffle-codex.sqlite');
    expect(db).toMatchObject({ format: 'sqlite', mediatype: 'application/vnd.sqlite3', bytes: 4, hash: `sha256:${sha(BYTES)}` });
    expect(db).not.toHaveProperty('encoding');
    expect(db).not.toHaveProperty('jsonSchema');
    expect(db.description).toContain('FTS5');
  });
  it('describes a schema and a declaration by what they are', () => {
    expect(resource('schema/skills.schema.json')).toMatchObject({ format: 'json', description: 'JSON Schema (2020-12) skills.schema.json.' });
    expect(resource('schema/skills.schema.json')).not.toHaveProperty('jsonSchema');
    expect(resource('skills.json.d.ts')).toMatchObject({
      format: 'ts',
      mediatype: 'application/typescript',
      description: "TypeScript declaration of skills.json (the package's exports give it under the types condition).",
    });
  });
  it('calls a file of no known format binary, described by its path', () =>
    expect(resource('README')).toMatchObject({ name: 'readme', format: 'bin', mediatype: 'application/octet-stream', description: 'README' }));
  it('gives a CSV table its dialect, its Table Schema and its description', () =>
    expect(resource(csv)).toEqual({
      name: csv,
      path: csv,
      format: 'csv',
      mediatype: 'text/csv',
      encoding: 'utf-8',
      bytes: 4,
      hash: `sha256:${sha('id\r\n')}`,
      description: CSV_TABLES[0]!.description,
      type: 'table',
      dialect: { header: true, delimiter: ',', lineTerminator: '\r\n', quoteChar: '"', doubleQuote: true },
      schema: tableSchema(CSV_TABLES[0]!),
    }));
  it('names a resource in lower case, other characters as hyphens', () => {
    const out = JSON.parse(emitDataPackage({ datasetVersion: '1', schemaVersion: '1', sources: [], files: new Map([['Odd Name+1.json', '[]']]) }));
    expect(out.resources[0].name).toBe('odd-name-1.json');
  });
  it('is two-space indented JSON ending with a newline', () => {
    const text = emitDataPackage({ datasetVersion: '1', schemaVersion: '1', sources: [], files: new Map() });
    expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
  });
});
