/**
 * `npm run golden`: after a reviewed data release, record the facts of the
 * new corpus that the tests pin. It runs only the test files that write
 * golden files (those that call `corpusFacts` or read `UPDATE`), with
 * UPDATE=1, then lists every golden file it wrote or changed, for review in
 * the diff. Extra arguments go to vitest (`npm run golden -- test/ids.test.ts`
 * runs that file only).
 */
import { spawnSync } from 'node:child_process';
import { globSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { treeDigest } from './tree.ts';

const ROOT = resolve(import.meta.dirname, '..');

/** Where golden files live: the corpus facts and snapshots, and the fixture pairs' expected outputs. */
export const GOLDEN_FOLDERS = ['test/golden', 'test/fixtures'] as const;

/** What marks a test file that writes golden files: a call of the corpus facts helper, or its own `UPDATE` branch (in code, not in a string or a comment). */
const WRITES_GOLDEN = /\bcorpusFacts\(|process\.env\.UPDATE\b/;
const codeOf = (text: string): string => text.replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g, "''").replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, '');

/** The test files `npm run golden` runs, repo-relative and sorted. */
export function goldenTestFiles(root = ROOT): string[] {
  return globSync('test/**/*.test.ts', { cwd: root })
    .filter((file) => WRITES_GOLDEN.test(codeOf(readFileSync(join(root, file), 'utf8'))))
    .sort();
}

/** Every golden file, by repo-relative path, with its sha256. */
export function goldenDigest(root = ROOT): Record<string, string> {
  return Object.assign({}, ...GOLDEN_FOLDERS.map((folder) => treeDigest(join(root, folder), root)));
}

/** The golden files written (new), changed or gone between two digests, each list sorted. */
export function goldenChanges(before: Record<string, string>, after: Record<string, string>): { written: string[]; changed: string[]; gone: string[] } {
  const paths = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return {
    written: paths.filter((p) => !(p in before)),
    changed: paths.filter((p) => p in before && p in after && before[p] !== after[p]),
    gone: paths.filter((p) => !(p in after)),
  };
}

/** What `npm run golden` prints after its run: each golden file it wrote or changed, or that nothing changed. */
export function goldenReport(changes: ReturnType<typeof goldenChanges>): string {
  const lines = [
    ...changes.written.map((p) => `  written  ${p}`),
    ...changes.changed.map((p) => `  changed  ${p}`),
    ...changes.gone.map((p) => `  gone     ${p}`),
  ];
  if (lines.length === 0) return 'npm run golden: every golden file already holds these facts; nothing changed';
  const count = lines.length;
  return `npm run golden: ${count} golden file${count === 1 ? '' : 's'} written or changed; review the diff (git diff -- test/golden test/fixtures), then npm test:\n${lines.join('\n')}`;
}

function main(args: readonly string[]): number {
  const files = args.length ? args : goldenTestFiles();
  const before = goldenDigest();
  console.log(`npm run golden: ${files.length} test files record golden files (UPDATE=1)`);
  const run = spawnSync(process.execPath, [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', ...files], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, UPDATE: '1' },
  });
  console.log(goldenReport(goldenChanges(before, goldenDigest())));
  return run.status ?? 1;
}

if (process.argv[1] === import.meta.filename) process.exitCode = main(process.argv.slice(2));
