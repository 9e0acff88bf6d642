// @ts-check
/**
 * `npm run mutate -- <area>` (test/mutation/mutate.ts) runs StrykerJS on one
 * area of test/mutation/areas.ts at a time, named by NUFFLE_MUTATE_AREA: the
 * area's files are mutated, and vitest.stryker.config.ts runs the area's tests
 * against each mutant. Incremental: each area keeps its last result in
 * test-artifacts/mutation/<area>.incremental.json, and a rerun tests only the
 * mutants of changed code or changed tests (`-- --force` reruns them all).
 * Not in CI.
 */
import { AREAS } from './test/mutation/areas.ts';
import { IGNORER } from './test/mutation/ignore.ts';

const name = process.env.NUFFLE_MUTATE_AREA ?? '';
const area = AREAS[name];
if (area === undefined) {
  throw new Error(`NUFFLE_MUTATE_AREA is "${name}"; run \`npm run mutate -- <area>\` with one of: ${Object.keys(AREAS).join(', ')}`);
}

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // The equivalent mutants left out by rule (a whole table or module), each with its reason: test/mutation/ignore.ts.
  plugins: ['@stryker-mutator/vitest-runner', './test/mutation/ignore.ts'],
  ignorers: [IGNORER],
  vitest: { configFile: 'vitest.stryker.config.ts', related: false },
  mutate: [...area.mutate],
  coverageAnalysis: 'perTest',
  ignoreStatic: area.ignoreStatic === true,
  incremental: true,
  incrementalFile: `test-artifacts/mutation/${name}.incremental.json`,
  checkers: [],
  // One core: the machine is shared. `npm run mutate -- <area> --concurrency 2` on a quiet one.
  concurrency: 1,
  // Added to each test's own time from the dry run: a mutant that loops forever costs this much, not a minute.
  timeoutMS: 15000,
  reporters: ['clear-text', 'progress', 'json', 'html'],
  jsonReporter: { fileName: `test-artifacts/mutation/${name}.json` },
  htmlReporter: { fileName: `test-artifacts/mutation/${name}.html` },
  clearTextReporter: { allowEmojis: false, logTests: false },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  ignorePatterns: ['dist', 'test-artifacts', 'site/dist', 'site/.astro'],
  // TypeScript 7 has no JS API for Stryker to rewrite tsconfig.json; a name that does not exist skips that step (node strips the types itself).
  tsconfigFile: 'tsconfig.stryker-none.json',
};
