import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { projectFiles } from './test/projects.ts';

/**
 * Three projects (docs/TESTING.md): `unit` (literal inputs: no build, no
 * child process, no browser), `build` (the real build, shared by the run,
 * and the CLI on changed projects) and `browser` (Chromium on the built
 * site). test/projects.ts puts each file in one by what it imports;
 * `npm run test:unit` runs the first alone, `npm test` all three.
 */
const files = projectFiles();
const SHARED_BUILD = ['test/setup/shared-build.ts'];
const FAST_CHECK = 'test/setup/fast-check.ts';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One worker more than the cores (Vitest's default leaves one core to its own process, which only waits): a file that
    // waits (for a child build, Chromium, a page's network, the shared build's lock) leaves its core to another file.
    // On two cores (docs/TESTING.md, 2026-12-02): two workers 578–628 s, three 507 s, four 527 s.
    maxWorkers: availableParallelism() + 1,
    // Every CLI build in the tests runs the stages; test/build-cache.test.ts turns the cache on where it is the subject.
    env: { NUFFLE_BUILD_CACHE: 'off' },
    // The JSON report lets .ci/run print a plain "N passed, N failed" closing line; timings.ts writes each file's cost, hooks included.
    reporters: ['default', 'json', './test/setup/timings.ts'],
    outputFile: { json: 'node_modules/.cache/nuffle/test-report.json' },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: files.unit,
          // One worker process runs many unit files in turn (not one fresh process and module graph per file): 113 files
          // cost 101 s of CPU isolated, 41 s not (2026-12-02). Literal inputs only, so nothing a file leaves behind is read by
          // the next; `npx vitest run --project unit --sequence.shuffle.files` checks that no order of files matters.
          isolate: false,
          env: { NUFFLE_BUILD_CACHE: 'off', NUFFLE_TEST_PROJECT: 'unit' },
          setupFiles: ['test/setup/unit.ts', FAST_CHECK],
        },
      },
      {
        extends: true,
        test: {
          name: 'build',
          include: files.build,
          globalSetup: SHARED_BUILD,
          setupFiles: [FAST_CHECK],
          // Shared worker processes here too: the real build's result is read once per worker, not once per file, and the
          // pipeline's modules load once (2026-12-02, the project alone: 345 s of CPU isolated, 317 s not). A file puts back
          // what it changes (process.env, the working directory: runCli does); `--sequence.shuffle.files` checks it.
          isolate: false,
        },
      },
      // After the others (groupOrder): the site is built in the background meanwhile (test/setup/shared-build.ts).
      // Its beforeAll hooks wait for it: up to the whole shared build on a loaded machine.
      {
        extends: true,
        test: {
          name: 'browser',
          include: files.browser,
          globalSetup: SHARED_BUILD,
          setupFiles: [FAST_CHECK],
          hookTimeout: 900_000,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
