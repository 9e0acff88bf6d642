/**
 * No test reads the clock: speed is the bench's job (`npm run bench`), and a
 * linear-time claim is proven statically (test/redos.test.ts) or by counting
 * operations. A timed assertion fails on a busy machine, not on a bug.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './helpers.ts';

/** The clock reads, spelt in pieces so this file does not match itself. */
const CLOCKS = [
  ['performance', 'now'],
  ['Date', 'now'],
  ['h', 'rtime'],
].map(([a, b]) => (a === 'h' ? a + b : `${a}.${b}`));

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : /\.(ts|js|mjs|yaml)$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );

describe('tests and their fixtures', () => {
  it('never read the clock', () => {
    const found = files(join(repoRoot, 'test')).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (CLOCKS.some((clock) => line.includes(clock)) ? [`${relative(repoRoot, file)}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
