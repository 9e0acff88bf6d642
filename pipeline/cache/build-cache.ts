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
 * The cache is one folder, named by its key and written atomically; an entry that cannot be read
 * (missing, cut short, another format) is a miss, never an error.
 *
 * Beside it, the stage memo (model/memo.ts, stages.json): the per-file
 * results (YAML read, source parsed, plain texts) of the last build that ran
 * the stages, under the same code fingerprint. A build after an edit recalls
 * every file the edit did not touch, and stores what it used.
 *
 * Where: node_modules/.cache/nuffle/build (the system temp folder when there
 * is no node_modules), or NUFFLE_CACHE_DIR. Off: `nuffle build --no-cache`
 * or NUFFLE_BUILD_CACHE=off (the tests run with it off, so they exercise the
 * stages; test/build-cache.test.ts turns it on).
 */
import { createHash, type Hash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import type { BuildInput, BuildResult } from '../build.ts';
import { outputPathProblem, writeFileAtomically } from '../io.ts';
import type { Diagnostic } from '../model/diagnostic.ts';
import { createMemo, type MemoStage, type StageMemo } from '../model/memo.ts';

/** Bump when the entry's layout or what the key covers changes. */
const FORMAT = 2;
/** One entry, named by its key: a miss costs a file-exists check, not reading the last build. */
const entryName = (key: string): string => `data-build-${key}`;
const ENTRY_NAME = /^data-build-[0-9a-f]{64}$/;
const STAGES = 'stages.json';

/** A build result as stored: `model` is not kept (only `nuffle suggest` needs it, and it does not use the cache). */
export type CachedBuild = Omit<BuildResult, 'model'> & { model: null };

/** `index.json` of an entry; file n of `files` is stored as the file named n beside it. */
interface Entry {
  format: number;
  key: string;
  /** Each file's path in dist/data, kind, and the sha256 of the bytes stored: checked on every replay. */
  files: [path: string, kind: 'text' | 'binary', sha256: string][];
  diagnostics: Diagnostic[];
  summary: BuildResult['summary'];
  ids: BuildResult['ids'];
}

/** The cache folder: NUFFLE_CACHE_DIR, else node_modules/.cache/nuffle/build under `repo`, else the temp folder. */
export function cacheDir(repo: string, env: NodeJS.ProcessEnv = process.env): string {
  if (env.NUFFLE_CACHE_DIR) return env.NUFFLE_CACHE_DIR;
  const modules = join(repo, 'node_modules');
  // The temp folder is shared between users: one folder each.
  return existsSync(modules) ? join(modules, '.cache/nuffle/build') : join(tmpdir(), `nuffle-build-cache-${userInfo().uid}`);
}

/** NUFFLE_BUILD_CACHE=off (or 0, false, no) turns the cache off. */
export function cacheEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return !/^(off|0|false|no)$/i.test(env.NUFFLE_BUILD_CACHE ?? '');
}

const fingerprints = new Map<string, string>();

/**
 * Digest of the code that builds: every file under `<repo>/pipeline`, the
 * lock file, the versions of Node and its libraries. Taken once per process
 * (a watching process keeps running the code it loaded, so its first
 * fingerprint stays right); `fresh` takes it again from disk.
 */
export function codeFingerprint(repo: string, options: { fresh?: boolean } = {}): string {
  let known = options.fresh ? undefined : fingerprints.get(repo);
  if (known) return known;
  const hash = createHash('sha256');
  field(hash, 'format', String(FORMAT));
  // Every version Node reports (V8, ICU, SQLite …), not only its own: two builds of one Node release can differ.
  field(hash, 'node', JSON.stringify(process.versions));
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
    if (file) field(hash, `${name}:${file.path}`, file.text);
  }
  for (const release of input.releases ?? []) field(hash, `release:${release.path}`, release.text);
  field(hash, 'lock', input.lock ? `${input.lock.path}\0${input.lock.text}` : '\0none');
  field(hash, 'package version', input.packageVersion ?? '\0none');
  for (const schema of input.schemas) field(hash, `schema/${schema.path}`, schema.text ?? `\0parsed\0${JSON.stringify(schema.schema)}`);
  return hash.digest('hex');
}

/** Label and length before the data, so no two different inputs hash alike. */
function field(hash: Hash, label: string, data: string | Uint8Array): void {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  hash.update(`${label}\0${bytes.length}\0`);
  hash.update(bytes);
}

/** The stored build for `key`, or null (no entry, another key, damaged, or not the shape of one). */
export function readCachedBuild(dir: string, key: string): CachedBuild | null {
  const folder = join(dir, entryName(key));
  try {
    const entry = JSON.parse(readFileSync(join(folder, 'index.json'), 'utf8')) as Entry;
    if (!isEntry(entry) || entry.key !== key) return null;
    const files = new Map<string, string>();
    const assets = new Map<string, Uint8Array>();
    for (const [n, [path, kind, sha256]] of entry.files.entries()) {
      const bytes = readFileSync(join(folder, String(n)));
      // A file cut short (a crash while storing) or changed by hand: the entry is a miss.
      if (createHash('sha256').update(bytes).digest('hex') !== sha256) return null;
      if (kind === 'text') files.set(path, bytes.toString('utf8'));
      else assets.set(path, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    }
    return { files, assets, diagnostics: entry.diagnostics, summary: entry.summary, ids: entry.ids, model: null };
  } catch {
    return null;
  }
}

/** The shape of an entry, and paths that stay inside dist/data (io.ts `outputPathProblem`: relative, no `..`, no backslash or control character). */
function isEntry(value: unknown): value is Entry {
  const entry = value as Partial<Entry> | null;
  const safe = (path: unknown) => typeof path === 'string' && outputPathProblem(path) === null;
  return (
    entry?.format === FORMAT &&
    typeof entry.key === 'string' &&
    Array.isArray(entry.files) &&
    entry.files.every((file) => Array.isArray(file) && safe(file[0]) && (file[1] === 'text' || file[1] === 'binary') && typeof file[2] === 'string') &&
    Array.isArray(entry.diagnostics) &&
    !!entry.summary &&
    Array.isArray(entry.summary.editions) &&
    !!entry.ids &&
    Array.isArray(entry.ids.published) &&
    Array.isArray(entry.ids.locked)
  );
}

/**
 * Store a successful build under `key`, replacing the previous entry: its
 * files written into a temporary folder, each by io.ts's atomic writer
 * (a temporary file, flushed, then renamed: no file is ever opened in place,
 * so a copy of the cache that shares its files by hard links keeps its
 * bytes), then the folder renamed into place, so a reader sees a whole entry
 * or none. Best effort: a cache that cannot be written (read-only, full)
 * changes nothing else.
 */
export function writeCachedBuild(dir: string, key: string, result: Pick<BuildResult, 'files' | 'assets' | 'diagnostics' | 'summary' | 'ids'>): boolean {
  if (!result.summary) return false;
  const everything: [string, string | Uint8Array][] = [...result.files, ...result.assets];
  const entry: Entry = {
    format: FORMAT,
    key,
    files: everything.map(([path, content]) => [path, typeof content === 'string' ? 'text' : 'binary', createHash('sha256').update(content).digest('hex')]),
    diagnostics: result.diagnostics,
    summary: result.summary,
    ids: result.ids,
  };
  const temporary = join(dir, `.${entryName(key)}.${process.pid}.${Math.random().toString(36).slice(2)}`);
  try {
    mkdirSync(temporary, { recursive: true });
    removeLeftovers(dir);
    for (const [n, [, content]] of everything.entries()) writeFileAtomically(temporary, String(n), content);
    writeFileAtomically(temporary, 'index.json', JSON.stringify(entry));
    const target = join(dir, entryName(key));
    try {
      renameSync(temporary, target);
    } catch {
      // An entry of this key is there already (unreadable, or just stored by another build): replace it.
      rmSync(target, { recursive: true, force: true });
      renameSync(temporary, target);
    }
    // One entry is kept: the newest.
    for (const name of readdirSync(dir)) if (ENTRY_NAME.test(name) && name !== entryName(key)) rmSync(join(dir, name), { recursive: true, force: true });
    return true;
  } catch {
    removeQuietly(temporary);
    return false;
  }
}

interface StagesFile {
  format: number;
  code: string;
  /** sha256 of `JSON.stringify(stages)`: a file cut short or edited by hand is not read. */
  digest: string;
  stages: Partial<Record<MemoStage, Record<string, string>>>;
}

const digestOf = (stages: StagesFile['stages']): string => createHash('sha256').update(JSON.stringify(stages)).digest('hex');

/** The stage memo stored in `dir` for this code, or an empty one (none stored, other code, damaged). */
export function readStageMemo(dir: string, code: string): StageMemo {
  try {
    const file = JSON.parse(readFileSync(join(dir, STAGES), 'utf8')) as StagesFile;
    if (file?.format === FORMAT && file.code === code && file.stages && typeof file.stages === 'object' && digestOf(file.stages) === file.digest)
      return createMemo(file.stages);
  } catch {
    // A miss.
  }
  return createMemo();
}

/**
 * Store the memo, atomically and best effort: after a successful build, what
 * it used (entries of files since edited are dropped); after a failed one,
 * what was stored and what it used (a build that stopped early reached few files).
 */
export function writeStageMemo(dir: string, code: string, memo: StageMemo, options: { keepStored?: boolean } = {}): boolean {
  const stages = options.keepStored ? memo.merged() : memo.used();
  const file: StagesFile = { format: FORMAT, code, digest: digestOf(stages), stages };
  try {
    writeFileAtomically(dir, STAGES, JSON.stringify(file));
    return true;
  } catch {
    return false;
  }
}

/** Remove a temporary file or folder if it can be; a cache that cannot be written has nothing to clean. */
function removeQuietly(path: string): void {
  try {
    rmSync(path, { recursive: true, force: true });
  } catch {
    // Nothing was there to remove (a parent that is not a folder, no permission).
  }
}

/** Temporary entries and memo files older than ten minutes: left by a build that was killed while storing. */
function removeLeftovers(dir: string): void {
  const now = Date.now();
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(`.data-build-`) && !name.startsWith(`.${STAGES}.`)) continue;
    const path = join(dir, name);
    try {
      if (now - statSync(path).mtimeMs > 10 * 60_000) rmSync(path, { recursive: true, force: true });
    } catch {
      // Gone already.
    }
  }
}
