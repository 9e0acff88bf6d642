/**
 * Release artefacts next to the data files in dist/data, for downloads that
 * verify themselves and tools that read packages:
 * - `<name>.min.json`: each top-level JSON file without whitespace, same content;
 * - `datapackage.json`: a Frictionless Data Package (v2) describing every file,
 *   its JSON Schema, its digest, the licence notes and the sources;
 * - `<file>.sha256`: one per file, and `SHA256SUMS`: every file, in the
 *   `sha256sum` format, paths relative to dist/data (`sha256sum -c`).
 * Pure functions of the emitted files; deterministic.
 */
import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import { compare } from '../model/order.ts';
import { CSV_TABLES, csvResourceName, tableSchema } from './csv.ts';
import { CHANGES_SCHEMA, isChangesFile } from './changes.ts';
import { DATA_FILES, DECLARATIONS_SCOPE, isRecordFile, toJson } from './json.ts';
import { SQLITE_FILE } from './sqlite.ts';

const sha256 = (body: string | Uint8Array): string => createHash('sha256').update(body).digest('hex');
const bytes = (body: string | Uint8Array): number => (typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);

/** `skills.json` → `skills.min.json`, for every top-level JSON file (not the schemas). */
export function minifiedFiles(files: ReadonlyMap<string, string | Uint8Array>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [path, body] of files) {
    if (path.includes('/') || !path.endsWith('.json') || path.endsWith('.min.json') || path === DECLARATIONS_SCOPE || typeof body !== 'string') continue;
    out.set(path.replace(/\.json$/, '.min.json'), JSON.stringify(JSON.parse(body)));
  }
  return out;
}

/** The file that lists every file's digest, at the root of dist/data: `cd dist/data && sha256sum -c SHA256SUMS`. */
export const CHECKSUM_LIST = 'SHA256SUMS';

/**
 * `skills.json.sha256` = `<sha256>  skills.json\n` for every file, named by its
 * path in dist/data (`schema/api/index.schema.json`), as in SHA256SUMS: run
 * `sha256sum -c` on any of them from dist/data.
 */
export function checksumFiles(files: ReadonlyMap<string, string | Uint8Array>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [path, body] of files) {
    if (path.endsWith('.sha256') || path === CHECKSUM_LIST) continue;
    out.set(`${path}.sha256`, `${sha256(body)}  ${path}\n`);
  }
  return out;
}

/** SHA256SUMS: one `sha256sum` line per file (not the `.sha256` files, which repeat it), sorted by path. */
export function checksumList(files: ReadonlyMap<string, string | Uint8Array>): string {
  return [...files]
    .filter(([path]) => !path.endsWith('.sha256') && path !== CHECKSUM_LIST)
    .sort(([a], [b]) => compare(a, b))
    .map(([path, body]) => `${sha256(body)}  ${path}\n`)
    .join('');
}

interface PackageSource {
  id: string;
  file: string;
  label: string;
  lang: string;
  note: string;
  sha256: string;
}

export interface DataPackageInput {
  datasetVersion: string;
  schemaVersion: string;
  sources: readonly PackageSource[];
  files: ReadonlyMap<string, string | Uint8Array>;
}

const DESCRIPTIONS: Record<string, string> = {
  'editions.json': 'One row per compiled source: edition id, label, language, file, digest, record and ruling counts.',
  'skills.json': 'Every skill and trait record of every edition and language, with rule text as Markdown, random-table slots, rulings and concept.',
  'rulings.json': 'Every FAQ ruling, once, with the records it is printed under and the records it names.',
  'random-tables.json': 'The random-skill tables: one per edition, game and category, 12 slots each.',
  'concepts.json': 'Every concept (one game rule across editions and languages) with its names, records, relations and the 2020 compulsory value.',
  'crosswalk.json': 'One row per record: its concept, relation to the English 2020 rules, confidence and rationale.',
  'inducements.json': 'Inducements, mercenaries, coaching staff, referees, wizards and price lists from the inducement notes.',
  'leagues.json': 'The leagues the price lists name, with every spelling used.',
  'names.json':
    'The alias index: every spelling of every concept (names in each language, record names in every edition, retired ids, reviewed aliases) with its matching key.',
  'meta.json': 'Dataset and schema versions, source digests, and the digest and record count of every other file.',
  'changes.json':
    'What this release changed since the release before, as nuffle diff computes it (also under changes/<version>.json, with every earlier release recorded).',
  'types.d.ts': 'TypeScript types generated from the published schemas.',
  [DECLARATIONS_SCOPE]: 'Marks the TypeScript declarations of the data files (*.json.d.ts) as CommonJS-format, so each declares the whole file (`export =`).',
  [SQLITE_FILE]:
    'The whole dataset as a SQLite database: one table per data file, join tables for list fields, the alias index `aliases`, and an FTS5 table `search` over names in every language, every alias and rule text.',
};

const LICENCE_NOTE =
  'The rule texts are quoted from Blood Bowl rules and community translations; Blood Bowl and its rules are © Games Workshop Limited, and Blood Bowl is a trademark of Games Workshop. Nuffle Codex is an unofficial reference for players and leagues, not endorsed by Games Workshop. The structure, identifiers, crosswalk, annotations, schemas and code are Nuffle Codex’s own, under the MIT licence.';

const resourceName = (path: string): string => path.toLowerCase().replace(/[^a-z0-9._/-]/g, '-');

/** Each file's format and media type, by how its name ends. */
const FORMATS = [
  ['.json', 'json', 'application/json'],
  ['.sqlite', 'sqlite', 'application/vnd.sqlite3'],
  ['.ts', 'ts', 'application/typescript'],
  ['.csv', 'csv', 'text/csv'],
] as const;
const BINARY = ['', 'bin', 'application/octet-stream'] as const;

/** The CSV dialect of every table (RFC 4180), as a Frictionless v2 Table Dialect. */
const CSV_DIALECT = { header: true, delimiter: ',', lineTerminator: '\r\n', quoteChar: '"', doubleQuote: true } as const;
const CSV_RESOURCES = new Map(CSV_TABLES.map((t) => [csvResourceName(t.name), t]));

/** A CSV table's resource fields: tabular, with its dialect and Table Schema (datapackage.json). */
function tableResource(path: string): Record<string, unknown> {
  const t = CSV_RESOURCES.get(path);
  return t ? { type: 'table', dialect: CSV_DIALECT, schema: tableSchema(t) } : {};
}

/** datapackage.json: every file given (not the checksums; meta.json comes later and lists this file), with format, size, digest and schema. */
export function emitDataPackage(input: DataPackageInput): string {
  const resources = [...input.files]
    .filter(([path]) => !path.endsWith('.sha256') && path !== 'datapackage.json')
    .sort(([a], [b]) => compare(a, b))
    .map(([path, body]) => {
      const base = path.replace(/\.min\.json$/, '.json');
      const schema =
        (DATA_FILES as Record<string, string>)[base] ??
        (base === 'meta.json' ? 'meta.schema.json' : isRecordFile(base) ? DATA_FILES['skills.json'] : isChangesFile(base) ? CHANGES_SCHEMA : null);
      const [, format, mediatype] = FORMATS.find(([ending]) => path.endsWith(ending)) ?? BINARY;
      const description = path.endsWith('.json.d.ts')
        ? `TypeScript declaration of ${path.replace(/\.d\.ts$/, '')} (the package's exports give it under the types condition).`
        : /^skills\/[^/]+\.json$/.test(path)
          ? `The records of skills.json of edition ${basename(path, '.json')}, for apps that read one edition.`
          : path.startsWith('schema/')
            ? `JSON Schema (2020-12) ${basename(path)}.`
            : /^changes\/[^/]+\.json$/.test(path)
              ? `What release ${basename(path, '.json')} changed since the release before, as nuffle diff computes it.`
              : path.endsWith('.min.json')
                ? `${base}, minified (same content).`
                : (CSV_RESOURCES.get(path)?.description ?? DESCRIPTIONS[path] ?? path);
      return {
        name: resourceName(path),
        path,
        format,
        mediatype,
        ...(typeof body === 'string' ? { encoding: 'utf-8' } : {}),
        bytes: bytes(body),
        hash: `sha256:${sha256(body)}`,
        description,
        ...(schema ? { jsonSchema: `schema/${schema}` } : {}),
        ...tableResource(path),
      };
    });
  return toJson({
    $schema: 'https://datapackage.org/profiles/2.0/datapackage.json',
    name: 'nuffle-codex',
    title: 'Nuffle Codex: Blood Bowl skills, traits, rulings and inducements',
    description:
      'The Blood Bowl skills and traits of the 2020 rules with their FAQ rulings and random-skill tables, the 2025 trait wording, a French legacy skill list and inducement notes, linked across editions and languages by concept. Every file is validated against its JSON Schema.',
    version: input.datasetVersion,
    schemaVersion: input.schemaVersion,
    homepage: 'https://nuffle-codex.dev/',
    keywords: ['blood-bowl', 'skills', 'traits', 'rules', 'crosswalk'],
    licenses: [{ name: 'MIT', path: 'https://opensource.org/licenses/MIT', title: 'MIT License (structure, annotations, schemas and code)' }],
    licenseNote: LICENCE_NOTE,
    sources: [...input.sources]
      .sort((a, b) => compare(a.id, b.id))
      .map((s) => ({ title: s.label, path: s.file, id: s.id, lang: s.lang, sha256: s.sha256, note: s.note })),
    resources,
  });
}
