/**
 * dist/data/datapackage.json describes the files next to it with their true
 * values: every resource's size, digest, format, media type, encoding and
 * schema is derived here from the file itself, each JSON resource validates
 * against the schema it names, and every source is the manifest's, with the
 * label, language, note and digest the data files give it.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { DATA_FILES } from '../../pipeline/emit/json.ts';
import type { DataPackage, Edition, MetaFile, SourceManifest } from '../../pipeline/model/schema-types.ts';
import { createValidator } from '../../pipeline/validate/schemas.ts';
import { readSchemaFiles } from '../../pipeline/io.ts';
import { realBuild, repoRoot } from '../helpers.ts';

let files: Map<string, string | Uint8Array>;
let pkg: DataPackage;
const json = <T>(path: string): T => JSON.parse(files.get(path) as string) as T;

beforeAll(() => {
  const build = realBuild();
  files = new Map<string, string | Uint8Array>([...build.files, ...build.assets]);
  pkg = json<DataPackage>('datapackage.json');
});

const FORMATS: [RegExp, DataPackage['resources'][number]['format'], string][] = [
  [/\.json$/, 'json', 'application/json'],
  [/\.sqlite$/, 'sqlite', 'application/vnd.sqlite3'],
  [/\.csv$/, 'csv', 'text/csv'],
  [/\.ts$/, 'ts', 'application/typescript'],
];

describe('datapackage.json', () => {
  it('lists every file of dist/data but the checksums, meta.json, its minified copy and itself, sorted by path', () => {
    const described = [...files.keys()].filter(
      (p) => !p.endsWith('.sha256') && p !== 'SHA256SUMS' && !['datapackage.json', 'meta.json', 'meta.min.json'].includes(p),
    );
    expect(pkg.resources.map((r) => r.path)).toEqual(described.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('gives every resource the size, digest, format, media type and encoding of the file itself', () => {
    for (const r of pkg.resources) {
      const body = files.get(r.path)!;
      const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body);
      const [, format, mediatype] = FORMATS.find(([pattern]) => pattern.test(r.path)) ?? [null, 'bin', 'application/octet-stream'];
      expect(r, r.path).toMatchObject({
        path: r.path,
        bytes: bytes.byteLength,
        hash: `sha256:${createHash('sha256').update(bytes).digest('hex')}`,
        format,
        mediatype,
      });
      expect(r.encoding, r.path).toBe(typeof body === 'string' ? 'utf-8' : undefined);
      expect(r.name, r.path).toBe(r.path.toLowerCase());
      expect(r.description.length, r.path).toBeGreaterThan(10);
    }
  });

  it('names for every data file and its minified copy the schema of DATA_FILES, and every JSON resource it names a schema for validates against it', () => {
    const validator = createValidator(readSchemaFiles(repoRoot));
    for (const r of pkg.resources) {
      const base = r.path.replace(/\.min\.json$/, '.json');
      // An edition's records (skills/<edition>.json) meet the schema of skills.json; a release's changes, changes.schema.json.
      const schema =
        (DATA_FILES as Record<string, string>)[base] ??
        (/^skills\/[^/]+\.json$/.test(base) ? DATA_FILES['skills.json'] : /^changes(\/[^/]+)?\.json$/.test(base) ? 'changes.schema.json' : undefined);
      expect(r.jsonSchema, r.path).toBe(schema ? `schema/${schema}` : undefined);
      if (!schema) continue;
      expect(files.has(r.jsonSchema!), r.jsonSchema).toBe(true);
      expect(validator.validate(schema, json(r.path), r.path), r.path).toEqual([]);
    }
    // Each minified copy is described as one.
    for (const r of pkg.resources.filter((x) => x.path.endsWith('.min.json'))) expect(r.description, r.path).toContain(r.path.replace(/\.min\.json$/, '.json'));
    // Each schema file is described by its name.
    for (const r of pkg.resources.filter((x) => x.path.startsWith('schema/'))) expect(r.description, r.path).toContain(r.path.split('/').pop());
  });

  it('carries the dataset and schema versions of meta.json and the manifest', () => {
    const meta = json<MetaFile>('meta.json');
    const manifest = parseYaml(readFileSync(join(repoRoot, 'sources/manifest.yaml'), 'utf8')) as SourceManifest;
    expect([pkg.version, pkg.schemaVersion]).toEqual([meta.datasetVersion, meta.schemaVersion]);
    expect(pkg.version).toBe(manifest.dataset.version);
  });

  it('lists every source of the manifest with the label, path, language, note and digest that editions.json and meta.json give it', () => {
    const manifest = parseYaml(readFileSync(join(repoRoot, 'sources/manifest.yaml'), 'utf8')) as SourceManifest;
    const editions = json<Edition[]>('editions.json');
    const digests = new Map(json<MetaFile>('meta.json').sources.map((s) => [s.id, s.sha256]));
    const expected = manifest.sources
      .map((s) => {
        const edition = editions.find((e) => e.source === s.id)!;
        return { title: edition.label, path: edition.file, id: s.id, lang: edition.lang, sha256: digests.get(s.id), note: edition.note };
      })
      .sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(pkg.sources).toEqual(expected);
    for (const s of pkg.sources) {
      expect(s.sha256, s.id).toBe(
        createHash('sha256')
          .update(readFileSync(join(repoRoot, s.path)))
          .digest('hex'),
      );
      const m = manifest.sources.find((x) => x.id === s.id)!;
      expect([s.title, s.path, s.lang, s.note], s.id).toEqual([m.edition.label, m.file, m.lang, m.note]);
    }
  });
});
