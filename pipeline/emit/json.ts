/**
 * dist/data: the JSON datasets, the published schemas and TypeScript types,
 * and meta.json with a digest and record count for every other file.
 * Deterministic: records sorted by id, fixed key order, two-space JSON and a
 * final newline, no timestamps.
 */
import { createHash } from 'node:crypto';
import { generateTypes, nameOf, type SchemaFile } from '../model/generate-types.ts';
import type { DataBundle } from '../model/dataset.ts';
import type { FileDigest, MetaFile } from '../model/schema-types.ts';
import { compare } from '../model/order.ts';

/** What the data files are emitted from: the dataset's parts, its versions and the source digests. */
export type DatasetContent = Omit<DataBundle, 'meta'> & Pick<MetaFile, 'datasetVersion' | 'schemaVersion' | 'releaseDate' | 'sources'>;

/** Data files and the schema (relative to schema/) each must satisfy. */
export const DATA_FILES = {
  'editions.json': 'editions.schema.json',
  'skills.json': 'skills.schema.json',
  'rulings.json': 'rulings.schema.json',
  'random-tables.json': 'random-tables.schema.json',
  'concepts.json': 'concepts.schema.json',
  'crosswalk.json': 'crosswalk.schema.json',
  'inducements.json': 'inducements.schema.json',
  'leagues.json': 'leagues.schema.json',
  'migrations.json': 'migrations.schema.json',
  'names.json': 'names.schema.json',
} as const;

/** `skills/<edition>.json`: the records of one edition, as in skills.json (an app, or the runtime API, that reads one edition loads that file only). */
const editionSkillsPath = (edition: string): string => `skills/${edition}.json`;

/** The per-edition record files of a dataset (path → records), one per edition that has records, in edition order. */
export function editionSkillFiles(skills: readonly { edition: string }[]): Map<string, unknown[]> {
  const out = new Map<string, unknown[]>();
  for (const record of skills) {
    const path = editionSkillsPath(record.edition);
    out.set(path, [...(out.get(path) ?? []), record]);
  }
  return new Map([...out].sort(([a], [b]) => compare(a, b)));
}

/** Whether a path of dist/data is a file of records (a data file, or an edition's records): meta.json gives its count. */
export const isRecordFile = (path: string): boolean => path in DATA_FILES || /^skills\/[a-z0-9-]+\.json$/.test(path);

export const toJson = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;
const digest = (body: string | Uint8Array) => createHash('sha256').update(body).digest('hex');

/** Where the schemas are served: `$id` = this + `<schemaVersion>/<path>`. */
export const SCHEMA_ROOT = 'https://nuffle-codex.dev/schema/';

/**
 * A schema as published: its `$id` names the exact schema version
 * (`https://nuffle-codex.dev/schema/2.3.0/skills.schema.json`), so no two
 * versions share an id and each is served at its own address; `$ref`s are
 * relative, so they resolve within the version.
 */
function publishedSchema(schema: SchemaFile, schemaVersion: string): SchemaFile['schema'] {
  return { ...schema.schema, $id: `${SCHEMA_ROOT}${schemaVersion}/${schema.path}` };
}

/** Output schemas are published; input (annotation) schemas stay in the repository. */
export const isPublishedSchema = (schema: SchemaFile): boolean => !schema.path.startsWith('input/');

/** Each data file's records, by its path in dist/data (the keys of DATA_FILES). */
export function dataFilesOf(content: DatasetContent): Record<keyof typeof DATA_FILES, unknown[]> {
  return {
    'editions.json': content.editions,
    'skills.json': content.skills,
    'rulings.json': content.rulings,
    'random-tables.json': content.randomTables,
    'concepts.json': content.concepts,
    'crosswalk.json': content.crosswalk,
    'inducements.json': content.inducements,
    'leagues.json': content.leagues,
    'migrations.json': content.migrations,
    'names.json': content.names,
  };
}

export function emitJson(content: DatasetContent, schemas: readonly SchemaFile[]): { files: Map<string, string> } {
  const published = schemas.filter(isPublishedSchema);
  const files = new Map<string, string>();
  for (const [path, records] of Object.entries(dataFilesOf(content))) files.set(path, toJson(records));
  for (const [path, records] of editionSkillFiles(content.skills)) files.set(path, toJson(records));
  for (const schema of published) files.set(`schema/${schema.path}`, toJson(publishedSchema(schema, content.schemaVersion)));
  files.set('types.d.ts', generateTypes(published));
  for (const [path, text] of jsonDeclarations(published, [...editionSkillFiles(content.skills).keys()])) files.set(path, text);
  return { files };
}

/**
 * `skills.json.d.ts` beside `skills.json` (and every data file, each
 * edition's `skills/<edition>.json`, and meta.json): the file's type. The
 * package's `exports` map each `nuffle-codex/data/<file>.json` to it under
 * the `types` condition, so `import skills from 'nuffle-codex/data/skills.json'`
 * is typed as published (`Skill[]`, `lang` as `'en' | 'fr'`) under any
 * TypeScript setup that reads `exports` (`module` `nodenext` or `node16`, or
 * `moduleResolution` `bundler`), with no flag: neither `resolveJsonModule`
 * nor `allowArbitraryExtensions` is needed.
 */
/** dist/data/package.json: makes the declarations beside the data CommonJS-format, for their `export =`; Node reads no code from dist/data. */
export const DECLARATIONS_SCOPE = 'package.json';

/** The declaration of a JSON file of dist/data: `skills.json` → `skills.json.d.ts`. */
const declarationPath = (path: string): string => `${path}.d.ts`;

function jsonDeclarations(published: readonly SchemaFile[], editionFiles: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  const files: Record<string, string> = { ...DATA_FILES, 'meta.json': 'meta.schema.json' };
  for (const path of editionFiles) files[path] = DATA_FILES['skills.json'];
  for (const [file, schemaPath] of Object.entries(files)) {
    const schema = published.find((s) => s.path === schemaPath);
    if (!schema) continue;
    const type = nameOf(schemaPath, schema.schema);
    const types = file.includes('/') ? '../types.js' : './types.js';
    const text = `// The type of ${file}, generated from schema/${schemaPath}.\nimport type { ${type} } from '${types}';\ndeclare const value: ${type};\nexport = value;\n`;
    out.set(declarationPath(file), text);
  }
  // A JSON module is its whole value (`export =`), which TypeScript allows in a CommonJS-format declaration only.
  out.set(DECLARATIONS_SCOPE, `${JSON.stringify({ type: 'commonjs' })}\n`);
  return out;
}

/**
 * meta.json: versions, source digests, and the digest of every file emitted so
 * far (with its record count for data files). Files derived from meta.json
 * itself (its minified copy, the `.sha256` files) are not listed.
 */
export function emitMeta(
  content: Pick<DatasetContent, 'datasetVersion' | 'schemaVersion' | 'releaseDate' | 'sources'>,
  files: ReadonlyMap<string, string | Uint8Array>,
): { text: string; meta: MetaFile } {
  const digests: FileDigest[] = [...files].map(([path, body]) => ({
    path,
    sha256: digest(body),
    records: isRecordFile(path) ? (JSON.parse(body as string) as unknown[]).length : null,
  }));
  const meta: MetaFile = {
    datasetVersion: content.datasetVersion,
    schemaVersion: content.schemaVersion,
    releaseDate: content.releaseDate,
    sources: [...content.sources].sort((a, b) => compare(a.id, b.id)),
    files: digests.sort((a, b) => compare(a.path, b.path)),
  };
  return { text: toJson(meta), meta };
}
