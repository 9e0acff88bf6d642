import { defineConfig } from 'vitest/config';

/**
 * The tests StrykerJS runs against each mutant of pipeline/ (`npm run mutate`):
 * the in-process data tests. CLI, site, cards and consumer tests run the
 * pipeline in child processes or browsers, where a mutant is never active.
 */
export default defineConfig({
  test: {
    include: [
      'test/en-2020.test.ts',
      'test/fixtures.test.ts',
      'test/crosswalk.test.ts',
      'test/inducements.test.ts',
      'test/diagnostics.test.ts',
      'test/io.test.ts',
      'test/compulsory.test.ts',
      'test/ruling-links.test.ts',
      'test/bad-input.test.ts',
      'test/atomic-write.test.ts',
      'test/crosswalk-confidence.test.ts',
      'test/readers.test.ts',
      'test/build-cache.test.ts',
      'test/fuzz/*.test.ts',
    ],
    // Fuzz properties at 20 runs each: every mutant reruns the tests that cover it.
    // The build cache and stage memo off: a mutant must be run, not recalled from the unmutated dry run.
    env: { FUZZ_RUNS: '20', NUFFLE_BUILD_CACHE: 'off' },
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
