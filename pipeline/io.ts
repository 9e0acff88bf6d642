/**
 * The I/O edge: reading sources, annotations and schemas from disk, and
 * writing dist/ atomically. Stages never touch the file system.
 */
import { createHash } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, linkSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDataBundle, type DataBundle } from './model/dataset.ts';
import type { SchemaFile } from './model/generate-types.ts';
import { error, formatDiagnostic, type Diagnostic } from './model/diagnostic.ts';
import { compare } from './model/order.ts';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export const sha256 = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');

/** A text file read from the project, with its path relative to the project root. */
export interface TextFile {
  path: string;
  text: string;
}

export function readText(root: string, path: string): TextFile {
  return { path, text: readFileSync(join(root, path), 'utf8') };
}

export function readOptionalText(root: string, path: string): TextFile | null {
  return existsSync(join(root, path)) ? readText(root, path) : null;
}

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
export function projectGuard(root: string): { inside: (path: string) => boolean; check: () => void } {
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
 * With `inside` (projectGuard), a schema whose real path leaves the project is not read.
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
 * Write `files` (paths relative to `target`) into a fresh staging folder next
 * to `target`, flush them to disk, then swap it in with renames. If anything
 * fails before the swap, `target` is untouched. Leftovers of an interrupted
 * earlier run are cleaned first (and a target lost between the two renames of
 * a crashed swap is restored from its `.old-*` folder).
 */
export function writeTreeAtomically(target: string, files: ReadonlyMap<string, string | Uint8Array>, fs: WriteFs = NODE_FS): void {
  const { staging } = stagingFor(target);
  try {
    for (const [path, content] of [...files].sort(([a], [b]) => compare(a, b))) {
      const full = join(staging, path);
      fs.mkdirSync(dirname(full), { recursive: true });
      // A file the current tree already holds, byte for byte, is linked, not rewritten:
      // its bytes are on disk already, so a rebuild flushes only what changed.
      if (sameBytes(join(target, path), content)) {
        try {
          fs.linkSync(join(target, path), full);
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

function recoverInterruptedSwap(parent: string, name: string, target: string): void {
  const leftovers = readdirSync(parent).filter((entry) => entry.startsWith(`.old-${name}-`) || entry.startsWith(`.staging-${name}-`));
  const olds = leftovers.filter((entry) => entry.startsWith('.old-')).sort(compare);
  if (!existsSync(target) && olds.length) renameSync(join(parent, olds.at(-1)!), target);
  for (const entry of leftovers) rmSync(join(parent, entry), { recursive: true, force: true });
}

/** The published dataset in `dataDir` (a `dist/data` folder), typed. */
export function readDataBundle(dataDir: string): DataBundle {
  return parseDataBundle((file) => (existsSync(join(dataDir, file)) ? readFileSync(join(dataDir, file), 'utf8') : null));
}

/** Replace one file whole: write a temporary file next to it, flush, rename over it. */
export function writeFileAtomically(path: string, content: string | Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}-${Date.now().toString(36)}.tmp`);
  try {
    const fd = openSync(temp, 'w');
    try {
      writeFileSync(fd, content);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } finally {
    rmSync(temp, { force: true });
  }
}
