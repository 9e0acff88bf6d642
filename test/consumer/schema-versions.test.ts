/**
 * The schema `$id` policy (issue 22, item 4; docs/DATA.md#versions): each
 * published schema's `$id` names its exact version
 * (`https://nuffle-codex.dev/schema/<schemaVersion>/<path>`), so two versions
 * never share an id, and the site serves each at that path. Data of a later
 * minor stays readable by an app written against an earlier minor of the same
 * major: today's data, checked against every released schema of the major in
 * test/golden/schemas/, passes once the fields that version does not know are
 * dropped (ajv's `removeAdditional`, what a reader of the older contract
 * does), and passes unchanged against its own version.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { DATA_FILES, SCHEMA_ROOT } from '../../pipeline/emit/json.ts';
import type { MetaFile } from '../../pipeline/model/schema-types.ts';
import { repoRoot } from '../helpers.ts';
import { packPackage, type Packed } from './pack.ts';

let packed: Packed;
let meta: MetaFile;
const snapshots = join(repoRoot, 'test/golden/schemas');
const read = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;
const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)).map((p) => `${e.name}/${p}`) : [e.name]));

beforeAll(() => {
  packed = packPackage('schemas');
  meta = read<MetaFile>(join(packed.out, 'data/meta.json'));
}, 240_000);

/** A validator over one version's schemas (path → schema); `strip` drops the properties the version does not declare. */
function validatorOf(schemas: Record<string, { $id?: string }>, strip: boolean) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, removeAdditional: strip });
  for (const schema of Object.values(schemas)) ajv.addSchema(schema);
  return (path: string, value: unknown) => {
    const fn = ajv.getSchema(schemas[path]!.$id!)!;
    return fn(structuredClone(value)) ? [] : (fn.errors ?? []).slice(0, 3).map((e) => `${e.instancePath} ${e.message}`);
  };
}

describe('published schema ids', () => {
  it('name the exact schema version, one id per file', () => {
    const dir = join(packed.out, 'data/schema');
    const ids = walk(dir)
      .filter((p) => p.endsWith('.schema.json'))
      .map((path) => [path, read<{ $id: string }>(join(dir, path)).$id] as const);
    expect(ids.length).toBeGreaterThan(10);
    for (const [path, id] of ids) expect(id).toBe(`${SCHEMA_ROOT}${meta.schemaVersion}/${path}`);
  });
});

describe('today’s data against every released schema of its major', () => {
  const major = (version: string) => version.split('.')[0];
  const versions = readdirSync(snapshots)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''));

  it('has released schemas of the current major to check against', () => {
    expect(versions.filter((v) => major(v) === major(meta.schemaVersion)).length).toBeGreaterThan(0);
  });

  it.each(versions)('%s: valid (fields that version lacks dropped, as its reader does), or ignored when of another major', (version) => {
    if (major(version) !== major(meta.schemaVersion)) return;
    const schemas = read<Record<string, { $id?: string }>>(join(snapshots, `${version}.json`));
    const validate = validatorOf(schemas, version !== meta.schemaVersion);
    const files: Record<string, string> = { ...DATA_FILES, 'meta.json': 'meta.schema.json' };
    const problems = Object.entries(files)
      .filter(([, schema]) => schema in schemas)
      .flatMap(([file, schema]) => validate(schema, read(join(packed.out, 'data', file))).map((p) => `${file}: ${p}`));
    expect(problems).toEqual([]);
  });

  it('passes unchanged against the current schemas as published', () => {
    const dir = join(packed.out, 'data/schema');
    const schemas = Object.fromEntries(
      walk(dir)
        .filter((p) => p.endsWith('.schema.json'))
        .map((p) => [p, read<{ $id: string }>(join(dir, p))]),
    );
    const validate = validatorOf(schemas, false);
    const files: Record<string, string> = { ...DATA_FILES, 'meta.json': 'meta.schema.json' };
    expect(Object.entries(files).flatMap(([file, schema]) => validate(schema, read(join(packed.out, 'data', file))).map((p) => `${file}: ${p}`))).toEqual([]);
  });
});
