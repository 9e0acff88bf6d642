/**
 * The unit project's fence (docs/TESTING.md): the real-build helpers call
 * `needsBuild` first, and it throws when the test runs in the unit project
 * (NUFFLE_TEST_PROJECT=unit, set by vitest.config.ts), so a slow test cannot
 * run there unnoticed.
 */
export function needsBuild(what: string): void {
  if (process.env.NUFFLE_TEST_PROJECT !== 'unit') return;
  throw new Error(
    `${what} is not for the unit project (literal inputs only). A file that imports it by name from its helper module runs in the build project; ` +
      'a helper that wraps it must be listed in BUILD in test/projects.ts (docs/TESTING.md, "Three projects").',
  );
}
