/**
 * The mutation areas (test/mutation/areas.ts) against the files that exist:
 * every file of the scope is mutated by an area or left out with a reason, no
 * area or exclusion names a file that is gone, and every area has tests.
 */
import { globSync, readFileSync } from 'node:fs';
import { join, matchesGlob, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREAS, LEFT_OUT, SCOPE } from './mutation/areas.ts';

const ROOT = resolve(import.meta.dirname, '..');
const files = (pattern: string): string[] => globSync(pattern, { cwd: ROOT }).sort();

/** Whether Stryker's `mutate` list takes `file`: the last glob that matches it decides (`!` leaves out). */
function mutatedBy(globs: readonly string[], file: string): boolean {
  let taken = false;
  for (const glob of globs) {
    const negated = glob.startsWith('!');
    if (matchesGlob(file, negated ? glob.slice(1) : glob)) taken = !negated;
  }
  return taken;
}

const areasOf = (file: string): string[] => Object.keys(AREAS).filter((name) => mutatedBy(AREAS[name]!.mutate, file));
const leftOut = (file: string): boolean => Object.keys(LEFT_OUT).some((glob) => matchesGlob(file, glob));

describe('mutation scope', () => {
  it('reads a mutate list as Stryker does: globs in order, a later `!` leaving a file out', () => {
    expect(mutatedBy(['a/*.ts'], 'a/x.ts')).toBe(true);
    expect(mutatedBy(['a/*.ts', '!a/x.ts'], 'a/x.ts')).toBe(false);
    expect(mutatedBy(['a/*.ts', '!a/x.ts'], 'a/y.ts')).toBe(true);
    expect(mutatedBy(['a/*.ts'], 'a/b/x.ts')).toBe(false);
  });

  it('every file of the scope is mutated by one area, or left out with a reason', () => {
    const scoped = [...new Set(SCOPE.flatMap(files))].sort();
    expect(scoped.length).toBeGreaterThan(0);
    const unplaced = scoped.filter((file) => areasOf(file).length === 0 && !leftOut(file));
    const twice = scoped.filter((file) => areasOf(file).length > 1 || (areasOf(file).length === 1 && leftOut(file)));
    expect({ unplaced, twice }).toEqual({ unplaced: [], twice: [] });
  });

  it('every left-out entry names a file that exists and gives a reason', () => {
    for (const [glob, reason] of Object.entries(LEFT_OUT)) {
      expect(files(glob), glob).not.toEqual([]);
      expect(reason.length, glob).toBeGreaterThan(20);
    }
  });

  it("every area's globs and test files name files that exist", () => {
    for (const [name, area] of Object.entries(AREAS)) {
      // A `file:from-to` range names lines of one file: the file must exist and be that long.
      for (const glob of area.mutate.filter((g) => !g.startsWith('!'))) {
        const [pattern, range] = glob.split(':');
        expect(files(pattern!), `${name}: ${glob}`).not.toEqual([]);
        if (range)
          expect(readFileSync(join(ROOT, pattern!), 'utf8').split('\n').length, `${name}: ${glob}`).toBeGreaterThanOrEqual(Number(range.split('-')[1]));
      }
      for (const glob of area.tests) expect(files(glob), `${name}: ${glob}`).not.toEqual([]);
    }
  });
});
