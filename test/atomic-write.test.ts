/**
 * The atomic swap where it matters: a write that fails partway (a full disk,
 * a read-only file in staging) leaves the previous dist/data byte-identical,
 * with no staging leftovers. Writing straight into dist/ (no staging, no
 * swap) fails these tests.
 */
import { closeSync, fsyncSync, linkSync, mkdirSync, mkdtempSync, openSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeTreeAtomically, type WriteFs } from '../pipeline/io.ts';
import { realBuild, treeDigest } from './helpers.ts';

const REAL: WriteFs = { mkdirSync, openSync, writeFileSync, fsyncSync, closeSync, linkSync, renameSync };
const full = (cause: string) => Object.assign(new Error(`ENOSPC: no space left on device, ${cause}`), { code: 'ENOSPC' });

/** The real fs, except that the `n`th call of `call` throws. */
function failingAt(call: keyof WriteFs, n: number): WriteFs & { calls: number } {
  const fs = { ...REAL, calls: 0 } as WriteFs & { calls: number };
  const real = REAL[call] as (...args: unknown[]) => unknown;
  (fs as unknown as Record<string, unknown>)[call] = (...args: unknown[]) => {
    if (++fs.calls === n) throw full(call);
    return real(...args);
  };
  return fs;
}

describe('a write that fails partway', () => {
  let parent: string;
  let target: string;
  let previous: Record<string, string>;
  /** The real dataset, every file changed: what the next build would write. */
  let next: Map<string, string | Uint8Array>;
  /** The paths whose bytes differ in `next`, sorted. */
  let changed: string[];

  beforeEach(() => {
    parent = mkdtempSync(join(tmpdir(), 'nuffle-atomic-'));
    target = join(parent, 'data');
    const build = realBuild();
    const files = new Map<string, string | Uint8Array>([...build.files, ...build.assets]);
    expect(files.size).toBeGreaterThan(20);
    writeTreeAtomically(target, files);
    previous = treeDigest(target);
    next = new Map([...files].map(([path, content]) => [path, typeof content === 'string' ? `${content}\n` : Uint8Array.from([...content, 0])]));
    // Half the files unchanged, so the next write links some and writes others.
    let n = 0;
    for (const [path, content] of files) if (n++ % 2) next.set(path, content);
    changed = [...next.keys()].filter((path) => next.get(path) !== files.get(path)).sort();
  });
  afterEach(() => rmSync(parent, { recursive: true, force: true }));

  const expectPreviousTree = () => {
    expect(treeDigest(target)).toEqual(previous);
    expect(readdirSync(parent)).toEqual(['data']);
  };

  it('a disk that fills up at the 10th file: the previous tree is byte-identical, no staging left', () => {
    const fs = failingAt('writeFileSync', 10);
    expect(() => writeTreeAtomically(target, next, fs)).toThrow(/ENOSPC/);
    expect(fs.calls).toBe(10);
    expectPreviousTree();
  });

  it('a flush that fails on the last changed file: the previous tree is byte-identical', () => {
    const fs = failingAt('fsyncSync', changed.length);
    expect(() => writeTreeAtomically(target, next, fs)).toThrow(/ENOSPC/);
    expectPreviousTree();
  });

  it('a file that cannot be opened in staging (read-only): the previous tree is byte-identical', () => {
    const victim = changed[Math.floor(changed.length / 2)]!;
    const fs: WriteFs = {
      ...REAL,
      openSync: (path, flags) => {
        if (path.endsWith(`/${victim}`)) throw Object.assign(new Error(`EACCES: permission denied, open '${path}'`), { code: 'EACCES' });
        return REAL.openSync(path, flags);
      },
    };
    expect(() => writeTreeAtomically(target, next, fs)).toThrow(/EACCES/);
    expectPreviousTree();
  });

  it('a link that fails partway falls back to writing the file: the new tree is whole', () => {
    const fs = failingAt('linkSync', 5);
    // A failed link falls back to writing the file: the write still succeeds, whole.
    writeTreeAtomically(target, next, fs);
    const written = treeDigest(target);
    expect(Object.keys(written).sort()).toEqual(Object.keys(previous).sort());
    expect(written).not.toEqual(previous);
  });

  it('a swap whose second rename fails: the previous tree is renamed back, byte-identical', () => {
    const fs = failingAt('renameSync', 2);
    expect(() => writeTreeAtomically(target, next, fs)).toThrow(/ENOSPC/);
    expectPreviousTree();
  });

  it('the write that does not fail replaces every file', () => {
    writeTreeAtomically(target, next);
    const written = treeDigest(target);
    expect(Object.keys(written).sort()).toEqual(Object.keys(previous).sort());
    expect(
      Object.keys(written)
        .filter((path) => written[path] !== previous[path])
        .sort(),
    ).toEqual(changed);
  });
});
