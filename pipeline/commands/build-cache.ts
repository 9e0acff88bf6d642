/**
 * The build cache of `nuffle build`: the last successful data build (every
 * file it wrote, its diagnostics, its summary and ids), stored under a key
 * that digests everything the build depends on:
 *
 * - every byte the build reads: the manifest, every file of sources/raw/,
 *   the annotations, sources/ids.lock, every schema;
 * - the options that change the result (`--strict`) and the project root;
 * - the code: every file under pipeline/, package-lock.json (the versions of
 *   yaml, remark, ajv …), the Node version, and this cache's format.
 *
 * A build whose key matches replays the stored result (same files, same
 * diagnostics) without loading the stages; any other build runs the stages
 * and, if it succeeds, replaces the entry. Failed builds are never stored.
 * The cache is one file, written atomically; an entry that cannot be read
 * (missing, cut short, another format) is a miss, never an error.
 *
 * Where: node_modules/.cache/nuffle/build (the system temp folder when there
 * is no node_modules), or NUFFLE_CACHE_DIR. Off: `nuffle build --no-cache`
 * or NUFFLE_BUILD_CACHE=off (the tests run with it off, so they exercise the
 * stages; test/build-cache.test.ts turns it on).
 */
import { createHash, type Hash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BuildInput, BuildResult } from '../build.ts';
import type { Diagnostic } from '../model/diagnostic.ts';

/** Bump when the entry's layout or what the key covers changes. */
const FORMAT = 1;
const ENTRY = 'data-build.json';

/** A build result as stored: `model` is not kept (only `nuffle suggest` needs it, and it does not use the cache). */
export type CachedBuild = Omit<BuildResult, 'model'> & { model: null };

interface Entry {
  format: number;
  key: string;
  files: [string, string][];
  /** Binary files, base64. */
  assets: [string, string][];
  diagnostics: Diagnostic[];
  summary: BuildResult['summary'];
  ids: BuildResult['ids'];
}

/** The cache folder: NUFFLE_CACHE_DIR, else node_modules/.cache/nuffle/build under `repo`, else the temp folder. */
export function cacheDir(repo: string, env: NodeJS.ProcessEnv = process.env): string {
  if (env.NUFFLE_CACHE_DIR) return env.NUFFLE_CACHE_DIR;
  const modules = join(repo, 'node_modules');
  return existsSync(modules) ? join(modules, '.cache/nuffle/build') : join(tmpdir(), 'nuffle-build-cache');
}

/** NUFFLE_BUILD_CACHE=off (or 0, false, no) turns the cache off. */
export function cacheEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return !/^(off|0|false|no)$/i.test(env.NUFFLE_BUILD_CACHE ?? '');
}

const fingerprints = new Map<string, string>();

/**
 * Digest of the code that builds: every file under `<repo>/pipeline`, the
 * lock file, the Node version. Taken once per process (a watching process
 * keeps running the code it loaded, so its first fingerprint stays right).
 */
export function codeFingerprint(repo: string): string {
  let known = fingerprints.get(repo);
  if (known) return known;
  const hash = createHash('sha256');
  field(hash, 'format', String(FORMAT));
  field(hash, 'node', process.version);
  const lock = join(repo, 'package-lock.json');
  field(hash, 'package-lock.json', existsSync(lock) ? readFileSync(lock) : '');
  const base = join(repo, 'pipeline');
  const files = (readdirSync(base, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) field(hash, file.slice(base.length), readFileSync(file));
  known = hash.digest('hex');
  fingerprints.set(repo, known);
  return known;
}

/** The key of a build: its inputs, its options, its root and the code. */
export function buildKey(input: BuildInput, options: { root: string; code: string }): string {
  const hash = createHash('sha256');
  field(hash, 'code', options.code);
  field(hash, 'root', options.root);
  field(hash, 'strict', String(input.strict === true));
  field(hash, input.manifest.path, input.manifest.text);
  for (const [path, bytes] of input.raw) field(hash, path, bytes);
  for (const name of Object.keys(input.annotations).sort()) {
    const file = input.annotations[name as keyof BuildInput['annotations']];
    field(hash, `${name}:${file.path}`, file.text);
  }
  field(hash, 'lock', input.lock ? `${input.lock.path}\0${input.lock.text}` : '\0none');
  for (const schema of input.schemas) field(hash, `schema/${schema.path}`, JSON.stringify(schema.schema));
  return hash.digest('hex');
}

/** Label and length before the data, so no two different inputs hash alike. */
function field(hash: Hash, label: string, data: string | Uint8Array): void {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  hash.update(`${label}\0${bytes.length}\0`);
  hash.update(bytes);
}

/** The stored build for `key`, or null (no entry, another key, unreadable). */
export function readCachedBuild(dir: string, key: string): CachedBuild | null {
  let entry: Entry;
  try {
    entry = JSON.parse(readFileSync(join(dir, ENTRY), 'utf8')) as Entry;
  } catch {
    return null;
  }
  if (entry?.format !== FORMAT || entry.key !== key || !Array.isArray(entry.files) || !Array.isArray(entry.assets) || !entry.summary) return null;
  return {
    files: new Map(entry.files),
    assets: new Map(entry.assets.map(([path, base64]) => [path, new Uint8Array(Buffer.from(base64, 'base64'))])),
    diagnostics: entry.diagnostics,
    summary: entry.summary,
    ids: entry.ids,
    model: null,
  };
}

/**
 * Store a successful build under `key`, replacing the previous entry: written
 * to a temporary file, then renamed over it, so a reader sees the old entry
 * or the new one, never half of one. Best effort: a cache that cannot be
 * written (read-only, full) changes nothing else.
 */
export function writeCachedBuild(dir: string, key: string, result: Pick<BuildResult, 'files' | 'assets' | 'diagnostics' | 'summary' | 'ids'>): boolean {
  if (!result.summary) return false;
  const entry: Entry = {
    format: FORMAT,
    key,
    files: [...result.files],
    assets: [...result.assets].map(([path, bytes]) => [path, Buffer.from(bytes).toString('base64')]),
    diagnostics: result.diagnostics,
    summary: result.summary,
    ids: result.ids,
  };
  const temporary = join(dir, `.${ENTRY}.${process.pid}.${Math.random().toString(36).slice(2)}`);
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(temporary, JSON.stringify(entry));
    renameSync(temporary, join(dir, ENTRY));
    return true;
  } catch {
    rmSync(temporary, { force: true });
    return false;
  }
}
