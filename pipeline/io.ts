/**
 * The I/O edge: reading sources, annotations and schemas from disk, and
 * writing dist/ atomically. Stages never touch the file system.
 */
import {
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDataBundle, type DataBundle } from './model/dataset.ts';
import type { SchemaFile } from './model/generate-types.ts';
import { printable } from './model/characters.ts';
import { error, excerpt, formatDiagnostic, type Diagnostic } from './model/diagnostic.ts';
import { compare } from './model/order.ts';
import type { DataReader } from './validate/data-bundle.ts';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Files of the project refused because their real path leaves the project
 * root (a symbolic link out, or a folder linked out): one `io/outside-project`
 * diagnostic each. Nothing of a refused file is read, so nothing of it is printed.
 */
export class OutsideProject extends Error {
  readonly diagnostics: readonly Diagnostic[];
  constructor(diagnostics: readonly Diagnostic[]) {
    super(diagnostics.map(formatDiagnostic).join('\n'));
    this.name = 'OutsideProject';
    this.diagnostics = diagnostics;
  }
}

/**
 * The guard every read of the project goes through: `inside(path)` resolves
 * `path` (relative to `root`) to its real path and says whether it stays
 * under the project root's real path; when it does not, the file is recorded
 * as refused and must not be read. A path that does not exist passes (the
 * read reports it as before). `check()` throws OutsideProject if any was refused.
 */
export function readGuard(root: string): { inside: (path: string) => boolean; check: () => void } {
  const realRoot = realpathSync(root);
  const refused: Diagnostic[] = [];
  const inside = (path: string): boolean => {
    let real: string;
    try {
      real = realpathSync(join(root, path));
    } catch {
      return true;
    }
    const rel = relative(realRoot, real);
    if (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel)) return true;
    if (!refused.some((d) => d.file === path)) {
      refused.push(
        error({
          reason: `${path} resolves to a file outside the project (a symbolic link out of it); it was not read`,
          file: path,
          ruleId: 'io/outside-project',
          source: 'read',
          expected: 'every file the build reads to be inside the project root, its real path included',
          note: 'replace the link by the file itself, or point it at a file inside the project',
        }),
      );
    }
    return false;
  };
  return {
    inside,
    check: () => {
      if (refused.length) throw new OutsideProject(refused);
    },
  };
}

/**
 * Every `*.schema.json` under schema/, paths relative to schema/, sorted.
 * With `inside` (readGuard), a schema whose real path leaves the project is not read.
 */
export function readSchemaFiles(root: string, inside: (path: string) => boolean = () => true): SchemaFile[] {
  const base = join(root, 'schema');
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : entry.name.endsWith('.schema.json') ? [join(dir, entry.name)] : [],
    );
  return walk(base)
    .map((file) => relative(base, file).split('\\').join('/'))
    .sort()
    .filter((path) => inside(`schema/${path}`))
    .map((path) => {
      try {
        const text = readFileSync(join(base, path), 'utf8');
        return { path, schema: JSON.parse(text), text };
      } catch (cause) {
        throw new Error(`schema/${path}: ${(cause as Error).message}`);
      }
    });
}

/**
 * The file-system calls that write a tree: the real ones, or a test's that
 * fail partway (a full disk, a read-only file) to show the previous tree survives.
 */
export interface WriteFs {
  mkdirSync: (path: string, options: { recursive: true }) => unknown;
  openSync: (path: string, flags: 'w') => number;
  writeFileSync: (fd: number, content: string | Uint8Array) => void;
  fsyncSync: (fd: number) => void;
  closeSync: (fd: number) => void;
  linkSync: (existing: string, path: string) => void;
  renameSync: (from: string, to: string) => void;
}

const NODE_FS: WriteFs = { mkdirSync, openSync, writeFileSync, fsyncSync, closeSync, linkSync, renameSync };

/**
 * For a watching process's rebuilds (`--watch`, `nuffle dev`): the same
 * staging and swap, without flushing each file to disk first. A reader still
 * never sees a half-written tree (the swap is a rename); only a power cut
 * right after a rebuild may lose it, and the next save writes it again.
 */
export const UNFLUSHED_FS: WriteFs = { ...NODE_FS, fsyncSync: () => undefined };

/**
 * Write `files` (paths relative to `target`) into a fresh staging folder next
 * to `target`, flush them to disk, then swap it in with renames. If anything
 * fails before the swap, `target` is untouched. Every path passes
 * `outputPath` first: one that would leave `target` is refused before a byte
 * is written. Leftovers of an interrupted earlier run are cleaned first (and
 * a target lost between the two renames of a crashed swap is restored from
 * its `.old-*` folder).
 */
export function writeTreeAtomically(target: string, files: ReadonlyMap<string, string | Uint8Array>, fs: WriteFs = NODE_FS): void {
  const sorted = [...files].sort(([a], [b]) => compare(a, b));
  for (const [path] of sorted) outputPath(target, path);
  const { staging } = stagingFor(target);
  try {
    for (const [path, content] of sorted) {
      const full = outputPath(staging, path);
      const current = outputPath(target, path);
      fs.mkdirSync(dirname(full), { recursive: true });
      // A file the current tree already holds, byte for byte, is linked, not rewritten:
      // its bytes are on disk already, so a rebuild flushes only what changed.
      if (sameBytes(current, content)) {
        try {
          fs.linkSync(current, full);
          continue;
        } catch {
          // no hard links here (another device, a file system without them): write it
        }
      }
      const fd = fs.openSync(full, 'w');
      try {
        fs.writeFileSync(fd, content);
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
    }
    swapIn(staging, target, fs);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** A control character, or a backslash (a separator on Windows): never in an output path. */
const UNSAFE_PATH_CHARACTER = /[\u0000-\u001f\u007f-\u009f\\]/;

/**
 * Why `path` cannot name a file inside an output folder; null when it can:
 * it must be relative, `/`-separated, with no empty, `.` or `..` part, and
 * no control character or backslash.
 */
export function outputPathProblem(path: string): string | null {
  if (typeof path !== 'string' || path === '') return 'it is empty';
  if (UNSAFE_PATH_CHARACTER.test(path)) return 'it holds a control character or a backslash';
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) return 'it is absolute';
  if (path.split('/').some((part) => part === '' || part === '.' || part === '..')) return 'it has an empty, "." or ".." part';
  return null;
}

/**
 * The one door of every output path: `path` (relative, `/`-separated, often
 * made from data: a record id, a table's name) resolved inside `folder`.
 * Throws when it would leave the folder, even if every stage before checked
 * the value: every writer of dist/, of a diff's --out, of a release and of
 * the caches passes its paths through here.
 */
export function outputPath(folder: string, path: string): string {
  const problem = outputPathProblem(path);
  const base = resolve(folder);
  const full = problem ? base : resolve(base, ...path.split('/'));
  if (problem || full === base || !isWithin(full, base))
    throw new Error(`refused to write ${JSON.stringify(printable(excerpt(String(path))))} in ${folder}: ${problem ?? 'it leaves the folder'}`);
  return full;
}

function sameBytes(path: string, content: string | Uint8Array): boolean {
  try {
    const stat = lstatSync(path);
    const bytes = typeof content === 'string' ? Buffer.from(content) : content;
    return stat.isFile() && stat.size === bytes.byteLength && readFileSync(path).equals(bytes);
  } catch {
    return false;
  }
}

/**
 * A fresh staging folder next to `target` (leftovers of an interrupted earlier
 * run are cleaned first), for a tool that writes a tree itself (Astro): fill
 * it, then `swapIn(staging, target)`.
 */
export function stagingFor(target: string): { staging: string } {
  const parent = dirname(target);
  const name = basename(target);
  mkdirSync(parent, { recursive: true });
  recoverInterruptedSwap(parent, name, target);
  return { staging: join(parent, `.staging-${name}-${process.pid}-${Date.now().toString(36)}`) };
}

/**
 * Swap a complete staging folder into `target` with renames; the previous
 * `target` stays in place if the swap fails.
 */
export function swapIn(staging: string, target: string, fs: Pick<WriteFs, 'renameSync'> = NODE_FS): void {
  const old = join(dirname(target), `.old-${basename(target)}-${process.pid}-${Date.now().toString(36)}`);
  const hadTarget = existsSync(target);
  if (hadTarget) fs.renameSync(target, old);
  try {
    fs.renameSync(staging, target);
  } catch (cause) {
    if (hadTarget) renameSync(old, target);
    throw cause;
  }
  // The new tree is in place: removing the old one is housekeeping, never a failure.
  try {
    rmSync(old, { recursive: true, force: true });
  } catch {
    // left for the next run's recoverInterruptedSwap
  }
}

/**
 * Whether the process `pid` is running (signal 0 probes without sending;
 * EPERM means it runs as another user).
 */
function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (cause) {
    return (cause as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid in a `.staging-<name>-<pid>-<time>` or `.old-<name>-<pid>-<time>` folder name. */
const leftoverPid = (entry: string): number => Number(/-(\d+)-[0-9a-z]+$/.exec(entry)?.[1]);

/**
 * Clean what an interrupted earlier run left next to `target`. Only the
 * leftovers of processes that are gone (or of this one) are touched: another
 * build still writing its staging folder keeps it.
 */
function recoverInterruptedSwap(parent: string, name: string, target: string): void {
  const leftovers = readdirSync(parent)
    .filter((entry) => entry.startsWith(`.old-${name}-`) || entry.startsWith(`.staging-${name}-`))
    .filter((entry) => leftoverPid(entry) === process.pid || !isRunning(leftoverPid(entry)));
  const olds = leftovers.filter((entry) => entry.startsWith('.old-')).sort(compare);
  if (!existsSync(target) && olds.length) renameSync(join(parent, olds.at(-1)!), target);
  for (const entry of leftovers) rmSync(join(parent, entry), { recursive: true, force: true });
}

/** The published dataset in `dataDir` (a `dist/data` folder), typed. */
export function readDataBundle(dataDir: string): DataBundle {
  return parseDataBundle((file) => (existsSync(join(dataDir, file)) ? readFileSync(join(dataDir, file), 'utf8') : null));
}

/**
 * How to read the dataset in `dataDir` (for validate/data-bundle.ts
 * readBundle): files by name, named in messages as given (relative to the
 * working folder when inside it), checked against the schemas the dataset
 * ships in `schema/` (this repository's when it ships none).
 */
export function dataDirReader(dataDir: string): DataReader {
  const label = (file: string) => {
    const full = join(dataDir, file);
    const rel = relative(process.cwd(), full);
    return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : full;
  };
  const read = (file: string): string | null => {
    try {
      return readFileSync(join(dataDir, file), 'utf8');
    } catch (cause) {
      if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw new Error(`${label(file)}: ${(cause as Error).message}`);
    }
  };
  return { read, label, schemas: () => readSchemaFiles(existsSync(join(dataDir, 'schema')) ? dataDir : repoRoot) };
}

/**
 * Replace one file whole: `path` inside `folder` (through `outputPath`), written
 * to a temporary file next to it, flushed, then renamed over it. The file is
 * never opened in place, so a copy that shares it by a hard link keeps its
 * bytes, and a crash leaves the old file or the new one, never half of one.
 */
export function writeFileAtomically(folder: string, path: string, content: string | Uint8Array): void {
  const full = outputPath(folder, path);
  mkdirSync(dirname(full), { recursive: true });
  const temp = join(dirname(full), `.${basename(full)}.${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}.tmp`);
  try {
    const fd = openSync(temp, 'wx');
    try {
      writeFileSync(fd, content);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, full);
  } finally {
    rmSync(temp, { force: true });
  }
}

/**
 * A path with its symbolic links resolved, for a path that may not exist yet:
 * the deepest existing ancestor's real path, then the rest as written.
 */
export function realPathOf(path: string): string {
  const absolute = resolve(path);
  let existing = absolute;
  const rest: string[] = [];
  for (;;) {
    try {
      return join(realpathSync(existing), ...rest.reverse());
    } catch {
      const parent = dirname(existing);
      if (parent === existing) return absolute;
      rest.push(basename(existing));
      existing = parent;
    }
  }
}

/** Whether `path` is `dir` or inside it (both real, absolute paths). */
const isWithin = (path: string, dir: string): boolean => {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
};

/**
 * The file an output folder written by nuffle holds, so that a later run
 * knows the folder is its own and may replace it whole.
 */
export const OUTPUT_MARKER = '.nuffle-output';
export const OUTPUT_MARKER_TEXT = 'Written by nuffle (Nuffle Codex). The command that wrote this folder replaces it whole on its next run.\n';

/** What an output option must never land in or on. */
export interface OutputGuard {
  /** Folders an output must not be inside (or be): sources/, dist/data, the data being read. */
  inside: readonly string[];
  /** Folders an output must not be or contain: the project root. */
  contain: readonly string[];
}

/**
 * The guard of the projects in play (`root`, this repository, and the project
 * of every `<project>/dist/data` in `data`): nothing into their sources/,
 * schema/ or dist/data, nor into the data being read; never a project root or
 * a folder above one, nor a folder holding the data being read.
 */
export function projectGuard(root: string, data: readonly string[] = []): OutputGuard {
  const owners = data
    .map((dir) => resolve(dir))
    .filter((dir) => basename(dir) === 'data' && basename(dirname(dir)) === 'dist')
    .map((dir) => dirname(dirname(dir)));
  const roots = [...new Set([resolve(root), repoRoot, ...owners])];
  const extra = { inside: data, contain: data };
  return {
    inside: [...roots.flatMap((r) => [join(r, 'sources'), join(r, 'schema'), join(r, 'dist/data')]), ...(extra.inside ?? [])],
    contain: [...roots, ...(extra.contain ?? [])],
  };
}

/** Why `path` (an output file or folder) may not be written, by the guard; null when it may. */
export function guardProblem(path: string, guard: OutputGuard): string | null {
  const real = realPathOf(path);
  const within = guard.inside.find((dir) => isWithin(real, realPathOf(dir)));
  if (within) return `${path} is inside ${within}, which nuffle reads and never writes into; choose a folder outside it`;
  const contained = guard.contain.find((dir) => isWithin(realPathOf(dir), real));
  if (contained)
    return `${path} is ${realPathOf(contained) === real ? '' : 'a folder that contains '}${contained}, which replacing it would delete; choose a new folder of its own (the default is <root>/dist)`;
  return null;
}

/** Every file under `dir`, relative paths with forward slashes. */
function filesUnder(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((entry) => !entry.isDirectory())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

/**
 * Why the folder `target` may not be replaced whole by an output option;
 * null when it may. It may when it does not exist, is empty, holds
 * OUTPUT_MARKER (nuffle wrote it), or holds only files nuffle would write
 * there (`owned`: e.g. changes.json and CHANGES.md). Anything else is the
 * user's, and an output option never deletes what the tool did not write.
 */
export function outputFolderProblem(target: string, guard: OutputGuard, owned: (file: string) => boolean): string | null {
  const problem = guardProblem(target, guard);
  if (problem) return problem;
  let stat;
  try {
    stat = statSync(target);
  } catch {
    return null;
  }
  if (!stat.isDirectory()) return `${target} is a file, not a folder; choose a folder (it is created, or replaced when nuffle wrote it)`;
  const files = filesUnder(target);
  if (files.includes(OUTPUT_MARKER)) return null;
  const foreign = files.filter((file) => !owned(file));
  if (!foreign.length) return null;
  return `${target} holds files nuffle did not write (${foreign.slice(0, 3).join(', ')}${foreign.length > 3 ? `, and ${foreign.length - 3} more` : ''}); an output folder must be new, empty or written by nuffle: choose another, or empty it yourself first`;
}

/** The lock a build holds on its output folder while it writes it. */
export const LOCK_FILE = '.nuffle-build.lock';

/**
 * Take the lock on the output folder `dir`: a file created only if absent
 * (linked from a complete temporary file, so it is never seen half-written),
 * holding this process's pid. A lock whose pid no longer runs is stale and
 * taken over. Returns `release`, or the pid of the build that holds it.
 * A process that holds the lock already takes it again (a build's targets).
 */
export function lockOutput(dir: string): { release: () => void } | { heldBy: number } {
  mkdirSync(dir, { recursive: true });
  const lock = join(dir, LOCK_FILE);
  const temp = join(dir, `${LOCK_FILE}.${process.pid}.tmp`);
  writeFileSync(temp, `${process.pid}\n`);
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        linkSync(temp, lock);
        return { release: () => releaseLock(lock) };
      } catch (cause) {
        if ((cause as NodeJS.ErrnoException).code !== 'EEXIST') throw cause;
      }
      let holder: number;
      try {
        holder = Number(readFileSync(lock, 'utf8').trim());
      } catch {
        continue; // released meanwhile: try again
      }
      if (holder === process.pid) return { release: () => {} };
      if (isRunning(holder)) return { heldBy: holder };
      // Stale: its build is gone. Remove it only if it still names that pid.
      try {
        if (Number(readFileSync(lock, 'utf8').trim()) === holder) unlinkSync(lock);
      } catch {
        // taken or released meanwhile: try again
      }
    }
    const holder = Number(readFileSync(lock, 'utf8').trim());
    return { heldBy: holder };
  } finally {
    rmSync(temp, { force: true });
  }
}

function releaseLock(lock: string): void {
  try {
    if (Number(readFileSync(lock, 'utf8').trim()) === process.pid) unlinkSync(lock);
  } catch {
    // gone already
  }
}
