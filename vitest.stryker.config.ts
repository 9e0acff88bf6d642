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
      'test/fuzz/*.test.ts',
    ],
    // Tests that run the CLI in a child process: no mutant is active there (and the
    // instrumented CLI does not run outside Stryker), so they are left out.
    testNamePattern: /^(?!.*(?:nuffle suggest and missing links|heading in capitals that no record|heading that is not in capitals|raises nothing on the real sources|runs the CLI)).*$/,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
