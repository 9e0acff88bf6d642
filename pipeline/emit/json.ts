/**
 * dist/data: the JSON datasets, the published schemas and TypeScript types,
 * and meta.json with a digest and record count for every other file.
 * Deterministic: records sorted by id, fixed key order, two-space JSON and a
 * final newline, no timestamps.
 */
import { createHash } from 'node:crypto';
import { generateTypes, type SchemaFile } from '../model/generate-types.ts';
import type { Concept, CrosswalkRow, Edition, FileDigest, Inducement, League, MetaFile, RandomTable, Ruling, Skill, SourceDigest } from '../model/schema-types.ts';
import { compare } from '../model/order.ts';

export interface DatasetContent {
  datasetVersion: string;
  schemaVersion: string;
  sources: SourceDigest[];
  editions: Edition[];
  skills: Skill[];
  rulings: Ruling[];
  randomTables: RandomTable[];
  concepts: Concept[];
  crosswalk: CrosswalkRow[];
  inducements: Inducement[];
  leagues: League[];
}

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
} as const;

export const toJson = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;
const digest = (text: string) => createHash('sha256').update(text).digest('hex');

/** Output schemas are published; input (annotation) schemas stay in the repository. */
export const isPublishedSchema = (schema: SchemaFile): boolean => !schema.path.startsWith('input/');

export function emitJson(content: DatasetContent, schemas: readonly SchemaFile[]): { files: Map<string, string>; meta: MetaFile } {
  const published = schemas.filter(isPublishedSchema);
  const data: Record<keyof typeof DATA_FILES, unknown[]> = {
    'editions.json': content.editions,
    'skills.json': content.skills,
    'rulings.json': content.rulings,
    'random-tables.json': content.randomTables,
    'concepts.json': content.concepts,
    'crosswalk.json': content.crosswalk,
    'inducements.json': content.inducements,
    'leagues.json': content.leagues,
  };
  const files = new Map<string, string>();
  const digests: FileDigest[] = [];
  for (const [path, records] of Object.entries(data)) {
    const text = toJson(records);
    files.set(path, text);
    digests.push({ path, sha256: digest(text), records: records.length });
  }
  for (const schema of published) {
    const path = `schema/${schema.path}`;
    const text = toJson(schema.schema);
    files.set(path, text);
    digests.push({ path, sha256: digest(text), records: null });
  }
  const types = generateTypes(published);
  files.set('types.d.ts', types);
  digests.push({ path: 'types.d.ts', sha256: digest(types), records: null });

  const meta: MetaFile = {
    datasetVersion: content.datasetVersion,
    schemaVersion: content.schemaVersion,
    sources: [...content.sources].sort((a, b) => compare(a.id, b.id)),
    files: digests.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
  };
  files.set('meta.json', toJson(meta));
  return { files, meta };
}
