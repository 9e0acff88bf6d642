/**
 * The I/O edge: reading sources, annotations and schemas from disk, and
 * writing dist/ atomically. Stages never touch the file system.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SchemaFile } from './model/generate-types.ts';

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

/** Every `*.schema.json` under schema/, paths relative to schema/, sorted. */
export function readSchemaFiles(root: string): SchemaFile[] {
  const base = join(root, 'schema');
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : entry.name.endsWith('.schema.json') ? [join(dir, entry.name)] : [],
    );
  return walk(base)
    .map((file) => relative(base, file).split('\\').join('/'))
    .sort()
    .map((path) => ({ path, schema: JSON.parse(readFileSync(join(base, path), 'utf8')) }));
}

/**
 * Write `files` (paths relative to `target`) into a fresh staging folder next
 * to `target`, then swap it in. If anything fails before the swap, `target`
 * is untouched; the old tree is removed only after the new one is in place.
 */
export function writeTreeAtomically(target: string, files: ReadonlyMap<string, string>): void {
  const parent = dirname(target);
  mkdirSync(parent, { recursive: true });
  const tag = `${process.pid}-${Date.now().toString(36)}`;
  const staging = join(parent, `.staging-${tag}`);
  const old = join(parent, `.old-${tag}`);
  try {
    for (const [path, content] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
      const full = join(staging, path);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, content);
    }
    const hadTarget = existsSync(target);
    if (hadTarget) renameSync(target, old);
    try {
      renameSync(staging, target);
    } catch (cause) {
      if (hadTarget) renameSync(old, target);
      throw cause;
    }
    rmSync(old, { recursive: true, force: true });
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
