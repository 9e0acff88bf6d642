/**
 * A content-layer loader over one file of the published dataset. It reads the
 * file from the data dir, checks its bytes against its `.sha256` and its
 * meta.json entry, validates it against its published JSON Schema
 * (dist/data/schema, ajv 2020-12, strict) and stores one entry per record.
 * A file that changed or a record that does not fit fails the build with the
 * file and the record id. (`nuffle build` checks the whole folder against the
 * compiler's own schemas before Astro starts: pipeline/validate/published.ts;
 * this check holds for `astro build` run by hand, and for the bytes Astro
 * actually reads. In `nuffle build`, the records of the meta.json it checked,
 * named by NUFFLE_DATA_CHECKED, are not validated a second time: the bytes
 * read are still checked against that meta.json's digests, so they are the
 * ones it validated.)
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Loader, LoaderContext } from 'astro/loaders';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import { dataDir } from './data-dir.ts';

const validators = new Map<string, Ajv2020>();
function validator(dir: string): Ajv2020 {
  const cached = validators.get(dir);
  if (cached) return cached;
  const instance = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
  for (const name of readdirSync(join(dir, 'schema'))
    .filter((n) => n.endsWith('.schema.json'))
    // Stryker disable next-line MethodExpression: Ajv resolves $refs when a schema is compiled, after all are added: the order they are added in changes nothing
    .sort()) {
    instance.addSchema(JSON.parse(readFileSync(join(dir, 'schema', name), 'utf8')) as object);
  }
  validators.set(dir, instance);
  return instance;
}

/** Why a record does not fit: "skills.json: record en-2020/dodge: /text must be string". */
export function describeErrors(file: string, value: unknown, errors: readonly ErrorObject[]): string {
  return errors
    .slice(0, 10)
    .map((e) => {
      const [, index, ...rest] = e.instancePath.split('/');
      const item = Array.isArray(value) && index !== undefined ? (value[Number(index)] as { id?: unknown; record?: unknown } | undefined) : undefined;
      const id = item ? String(item.id ?? item.record ?? `#${index}`) : null;
      const where = id ? `record ${id}: /${rest.join('/')}` : e.instancePath || '(file)';
      return `${file}: ${where} ${e.message ?? ''}`.trim();
    })
    .join('\n');
}

/** Throws unless `bytes` are what `<file>.sha256` and meta.json (itself checked against meta.json.sha256) say; returns meta.json's SHA-256. */
function checkDigest(dir: string, file: string, bytes: Buffer): string {
  const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
  const claimed = (name: string) => readFileSync(join(dir, `${name}.sha256`), 'utf8').split(' ')[0];
  const metaBytes = readFileSync(join(dir, 'meta.json'));
  if (sha256(metaBytes) !== claimed('meta.json')) throw new Error('meta.json does not match meta.json.sha256 [data/digest-mismatch]');
  const listed = (JSON.parse(metaBytes.toString('utf8')) as { files?: { path: string; sha256: string }[] }).files?.find((f) => f.path === file)?.sha256;
  const actual = sha256(bytes);
  if (file !== 'meta.json' && (actual !== claimed(file) || actual !== listed)) {
    throw new Error(
      `${file} changed after it was published: its SHA-256 ${actual} is not the one ${file}.sha256 and meta.json give; rebuild with \`nuffle build --only data\` [data/digest-mismatch]`,
    );
  }
  return sha256(metaBytes);
}

/**
 * The environment variable through which `nuffle build`'s site target
 * (pipeline/targets/site.ts) names the meta.json whose dataset it validated
 * in full before starting Astro: its SHA-256.
 */
export const CHECKED_DATASET = 'NUFFLE_DATA_CHECKED';

/**
 * One file of the dataset, read and checked: its bytes against its `.sha256`
 * and meta.json, its value against its published schema. What the loader
 * stores, and what the dev server's pages read (dev-dataset.ts).
 */
export function readDataFile(dir: string, file: string): unknown {
  // Stryker disable next-line Regex: a data file's name (BUNDLE_FILES) holds `.json` once, at its end
  const schemaName = file.replace(/\.json$/, '.schema.json');
  let value: unknown;
  let metaSha256: string;
  try {
    const bytes = readFileSync(join(dir, file));
    metaSha256 = checkDigest(dir, file, bytes);
    value = JSON.parse(bytes.toString('utf8'));
  } catch (cause) {
    throw new Error(`${join(dir, file)}: ${(cause as Error).message}`);
  }
  // The dataset `nuffle build` validated, and these bytes are its own: validated once is enough.
  if (process.env[CHECKED_DATASET] === metaSha256) return value;
  const schema = validator(dir).getSchema(JSON.parse(readFileSync(join(dir, 'schema', schemaName), 'utf8')).$id as string);
  if (!schema) throw new Error(`${file}: no published schema ${schemaName} in ${dir}/schema`);
  if (!schema(value)) throw new Error(`the dataset does not fit its schema\n${describeErrors(file, value, schema.errors ?? [])}`);
  return value;
}

/** Read, check and store one file of the dataset (replacing what the store held). */
function syncFile(dir: string, file: string, store: LoaderContext['store'], logger: LoaderContext['logger']): void {
  const value = readDataFile(dir, file);
  store.clear();
  const records = Array.isArray(value) ? (value as Record<string, unknown>[]) : [value as Record<string, unknown>];
  for (const [index, data] of records.entries()) {
    const id = String(data.id ?? data.record ?? (Array.isArray(value) ? index : 'meta'));
    store.set({ id, data });
  }
  logger.debug(`${file}: ${records.length} records`);
}

/**
 * The loader of one file: it fills the content layer for a site build. In
 * the dev server (which alone gives a `watcher`) it stores nothing: the pages
 * read the data folder themselves on each request (dev-dataset.ts), because
 * the content layer's store reaches them only after its debounced write to
 * disk (500 ms) and a reload of its module, which made a save take over a
 * second to show.
 */
export function datasetLoader(file: string): Loader {
  return {
    name: `nuffle-dataset:${file}`,
    load: async ({ store, logger, watcher }) => {
      if (watcher) return;
      syncFile(dataDir(), file, store, logger);
    },
  };
}
