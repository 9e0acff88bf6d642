import { defineConfig } from 'vitest/config';
import { AREAS } from './test/mutation/areas.ts';

/**
 * The tests StrykerJS runs against each mutant (`npm run mutate -- <area>`):
 * the in-process tests the area lists in test/mutation/areas.ts. CLI, site
 * build and browser tests run the pipeline in child processes or browsers,
 * where a mutant is never active.
 */
const area = AREAS[process.env.NUFFLE_MUTATE_AREA ?? ''];
if (area === undefined) throw new Error('vitest.stryker.config.ts runs under `npm run mutate -- <area>` only');

export default defineConfig({
  test: {
    include: [...area.tests],
    // Fuzz properties at 20 runs each: every mutant reruns the tests that cover it.
    // The build cache and stage memo off: a mutant must be run, not recalled from the unmutated dry run.
    env: { FUZZ_RUNS: '20', NUFFLE_BUILD_CACHE: 'off', NUFFLE_MUTATE_AREA: process.env.NUFFLE_MUTATE_AREA ?? '' },
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
