import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Every CLI build in the tests runs the stages; test/build-cache.test.ts turns the cache on where it is the subject.
    env: { NUFFLE_BUILD_CACHE: 'off' },
    // The JSON report lets .ci/run print a plain "N passed, N failed" closing line.
    reporters: ['default', 'json'],
    outputFile: { json: 'node_modules/.cache/nuffle/test-report.json' },
  },
});
