import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { writeTreeAtomically } from '../pipeline/io.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('replaces the whole tree: files of the previous build that are gone now disappear', () => {
  dir = mkdtempSync(join(tmpdir(), 'nuffle-io-'));
  const target = join(dir, 'data');
  writeTreeAtomically(
    target,
    new Map([
      ['a.json', '1'],
      ['sub/b.json', '2'],
    ]),
  );
  writeTreeAtomically(target, new Map([['a.json', '3']]));
  expect(readFileSync(join(target, 'a.json'), 'utf8')).toBe('3');
  expect(existsSync(join(target, 'sub'))).toBe(false);
  expect(readdirSync(dir)).toEqual(['data']);
});

it('restores the previous tree left as .old-* by a swap that crashed between its two renames, then cleans up', () => {
  dir = mkdtempSync(join(tmpdir(), 'nuffle-io-'));
  // Leftovers carry the pid of the run that left them: here one that has ended.
  const gone = spawnSync(process.execPath, ['-e', '0']).pid;
  const old = join(dir, `.old-data-${gone}-abc`);
  mkdirSync(old);
  writeFileSync(join(old, 'a.json'), 'previous');
  mkdirSync(join(dir, `.staging-data-${gone}-abc`));
  writeTreeAtomically(join(dir, 'data'), new Map([['a.json', 'new']]));
  expect(readFileSync(join(dir, 'data/a.json'), 'utf8')).toBe('new');
  expect(readdirSync(dir)).toEqual(['data']);
});

it('a rebuild rewrites only the files that changed: unchanged ones are linked from the tree they replace', () => {
  const parent = mkdtempSync(join(tmpdir(), 'nuffle-io-'));
  const target = join(parent, 'data');
  writeTreeAtomically(
    target,
    new Map([
      ['same.json', 'unchanged\n'],
      ['moved.json', 'before\n'],
      ['sub/deep.txt', 'deep\n'],
    ]),
  );
  const inode = (path: string) => statSync(join(target, path)).ino;
  const before = { same: inode('same.json'), moved: inode('moved.json'), deep: inode('sub/deep.txt') };
  writeTreeAtomically(
    target,
    new Map([
      ['same.json', 'unchanged\n'],
      ['moved.json', 'after\n'],
      ['sub/deep.txt', 'deep\n'],
    ]),
  );
  expect(readFileSync(join(target, 'moved.json'), 'utf8')).toBe('after\n');
  expect(readFileSync(join(target, 'same.json'), 'utf8')).toBe('unchanged\n');
  expect([inode('same.json'), inode('sub/deep.txt')]).toEqual([before.same, before.deep]);
  expect(inode('moved.json')).not.toBe(before.moved);
  // Nothing of the replaced tree is left beside it, and the linked files have one name again.
  expect(readdirSync(parent)).toEqual(['data']);
  expect(statSync(join(target, 'same.json')).nlink).toBe(1);
  rmSync(parent, { recursive: true, force: true });
});
