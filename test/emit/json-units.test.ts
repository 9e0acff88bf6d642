/**
 * The JSON data files, the published schemas, the per-file declarations and
 * meta.json, on the literal dataset and two literal schemas.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DATA_FILES, DECLARATIONS_SCOPE, dataFilesOf, emitJson, emitMeta, isPublishedSchema, SCHEMA_ROOT, toJson } from '../../pipeline/emit/json.ts';
import type { SchemaFile } from '../../pipeline/model/generate-types.ts';
import { literalBundle } from './literal-bundle.ts';

const data = literalBundle();
const content = { ...data, datasetVersion: '1.2.3', schemaVersion: '4.5.6', releaseDate: null, sources: [] };
const skillsSchema: SchemaFile = { path: 'skills.schema.json', schema: { $id: 'old', title: 'Skills file', type: 'array', items: { type: 'object' } } };
const metaSchema: SchemaFile = { path: 'meta.schema.json', schema: { title: 'Meta file', type: 'object' } };
const inputSchema: SchemaFile = { path: 'input/errata.schema.json', schema: { title: 'Errata', type: 'object' } };
/** The files, emitted in each test (so that each test, not the file, reaches the emitter). */
const files = () => emitJson(content, [skillsSchema, metaSchema, inputSchema]).files;

describe('emitJson', () => {
  it('writes each data file as its records, two-space indented, ending with a newline', () => {
    expect(files().get('skills.json')).toBe(`${JSON.stringify(data.skills, null, 2)}\n`);
    expect(files().get('names.json')).toBe(toJson(data.names));
  });

  it('writes one file per part of the dataset, each from its own part', () =>
    expect(Object.fromEntries(Object.keys(DATA_FILES).map((path) => [path, JSON.parse(files().get(path)!)]))).toEqual({
      'editions.json': data.editions,
      'skills.json': data.skills,
      'rulings.json': data.rulings,
      'random-tables.json': data.randomTables,
      'concepts.json': data.concepts,
      'crosswalk.json': data.crosswalk,
      'inducements.json': data.inducements,
      'leagues.json': data.leagues,
      'migrations.json': data.migrations,
      'names.json': data.names,
    }));

  it('gives dataFilesOf the same parts', () => expect(dataFilesOf(content)['random-tables.json']).toBe(content.randomTables));

  it('publishes an output schema under schema/, its $id naming the schema version', () =>
    expect(JSON.parse(files().get('schema/skills.schema.json')!)).toEqual({ ...skillsSchema.schema, $id: `${SCHEMA_ROOT}4.5.6/skills.schema.json` }));

  it('keeps the input (annotation) schemas out of the dataset', () => {
    expect(isPublishedSchema(inputSchema)).toBe(false);
    expect(isPublishedSchema(skillsSchema)).toBe(true);
    expect([...files().keys()].filter((p) => p.includes('errata'))).toEqual([]);
  });

  it('writes the types of the published schemas only', () => {
    expect(files().get('types.d.ts')).toContain('export type SkillsFile');
    expect(files().get('types.d.ts')).not.toContain('Errata');
  });

  it('declares the type of each data file with a schema beside it, and of meta.json', () => {
    expect(files().get('skills.json.d.ts')).toBe(
      "// The type of skills.json, generated from schema/skills.schema.json.\nimport type { SkillsFile } from './types.js';\ndeclare const value: SkillsFile;\nexport = value;\n",
    );
    expect(files().get('meta.json.d.ts')).toContain('declare const value: MetaFile;');
    expect(files().has('rulings.json.d.ts')).toBe(false);
  });

  it('writes each edition’s records to skills/<edition>.json, with its declaration (issue 35.10)', () => {
    const editions = [...new Set(content.skills.map((s) => s.edition))].sort();
    for (const edition of editions) expect(JSON.parse(files().get(`skills/${edition}.json`)!)).toEqual(content.skills.filter((s) => s.edition === edition));
    expect([...files().keys()].filter((p) => p.startsWith('skills/') && p.endsWith('.json'))).toEqual(editions.map((e) => `skills/${e}.json`));
    expect(files().get(`skills/${editions[0]}.json.d.ts`)).toContain("import type { SkillsFile } from '../types.js';");
  });

  it('marks the declarations CommonJS-format in a package.json of their own', () => expect(files().get(DECLARATIONS_SCOPE)).toBe('{"type":"commonjs"}\n'));
});

describe('emitMeta', () => {
  const sha = (body: string | Uint8Array) => createHash('sha256').update(body).digest('hex');
  const given = new Map<string, string | Uint8Array>([
    ['skills.json', '[1, 2, 3]'],
    ['nuffle-codex.sqlite', new Uint8Array([1, 2])],
    ['editions.json', '[]'],
  ]);
  const sources = [
    { id: 'z', file: 'z.txt', sha256: 'f'.repeat(64) },
    { id: 'a', file: 'a.txt', sha256: 'e'.repeat(64) },
  ] as unknown as Parameters<typeof emitMeta>[0]['sources'];
  const emitted = () => emitMeta({ datasetVersion: '1.2.3', schemaVersion: '4.5.6', releaseDate: '2026-01-31', sources }, given);

  it('lists every file by path with its digest, and the record count of a data file', () =>
    expect(emitted().meta.files).toEqual([
      { path: 'editions.json', sha256: sha('[]'), records: 0 },
      { path: 'nuffle-codex.sqlite', sha256: sha(new Uint8Array([1, 2])), records: null },
      { path: 'skills.json', sha256: sha('[1, 2, 3]'), records: 3 },
    ]));
  it('names the versions and the sources, sorted by id', () => {
    expect(emitted().meta).toMatchObject({ datasetVersion: '1.2.3', schemaVersion: '4.5.6' });
    expect(emitted().meta.sources.map((s) => s.id)).toEqual(['a', 'z']);
  });
  it('is written as its JSON text', () => expect(emitted().text).toBe(toJson(emitted().meta)));
});
