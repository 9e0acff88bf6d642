/**
 * The one real build of a test run (issue 37): `nuffle build` of this
 * repository into one temporary folder, shared read-only by every test file
 * of the build and browser projects. test/setup/shared-build.ts (their
 * globalSetup) makes the folder and, at the end of the run, checks that no
 * test wrote into it.
 *
 * Each target is built the first time a test asks for it, by whichever
 * worker asks first, under a lock; the other workers wait for it (when the
 * browser project runs, a background process builds them all from the start:
 * test/shared-folder.ts). A run of one file builds only what that file reads:
 * `sharedBuild('data')` is seconds, `sharedBuild('site')` (data, api, cards,
 * then site) minutes.
 *
 * Outside vitest's projects (StrykerJS's config) no folder is provided, and
 * each file builds its own, as before; NUFFLE_SITE_TEST_OUT names a finished
 * `nuffle build --out DIR` to reuse while iterating on the tests.
 */
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deserialize } from 'node:v8';
import { inject } from 'vitest';
import type { BuildResult } from '../pipeline/build.ts';
import { needsBuild } from './guard.ts';
import { buildResult, buildTargets, once, outOf, resultFile, type Target } from './shared-folder.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** The shared build's folder (test/setup/shared-build.ts). */
    nuffleSharedBuild: string;
  }
}

/** The run's shared folder, or null outside the build and browser projects. */
function sharedRoot(): string | null {
  try {
    return inject('nuffleSharedBuild') ?? null;
  } catch {
    return null;
  }
}

/**
 * The folder of a finished `nuffle build` of this repository (its `data/`,
 * `api/`, `lib/`, `cards/`, `site/`), with `target` and every target before
 * it built. Read it; never write into it (the run fails if a test does).
 */
export function sharedBuild(target: Target = 'site'): string {
  needsBuild('sharedBuild()');
  if (process.env.NUFFLE_SITE_TEST_OUT) return process.env.NUFFLE_SITE_TEST_OUT;
  const root = sharedRoot() ?? privateRoot();
  buildTargets(root, target);
  return outOf(root);
}

let memory: BuildResult | undefined;
/**
 * The real build in memory (what `nuffle build --only data` writes, with its
 * diagnostics, ids and linked model): built once per run and read by each
 * file from the shared folder; outside the projects, built in this process
 * (StrykerJS needs that: a mutant is active only in its own process).
 */
export function sharedBuildResult(build: () => BuildResult): BuildResult {
  needsBuild('realBuild()');
  if (memory) return memory;
  const root = sharedRoot();
  if (root === null) return (memory = build());
  buildResult(root, build);
  memory = deserialize(readFileSync(resultFile(root))) as BuildResult;
  return memory;
}

/**
 * A folder `make` fills once per run (once per file outside the projects),
 * shared read-only like the build: for what several files make the same way
 * from it (the npm package of test/consumer/pack.ts).
 */
export function sharedStep(name: string, make: (dir: string) => void): string {
  needsBuild(`sharedStep(${name})`);
  const root = sharedRoot() ?? privateRoot();
  const dir = join(root, name);
  once(root, name, () => {
    mkdirSync(dir);
    make(dir);
  });
  return dir;
}

let privateFolder: string | undefined;
const privateRoot = (): string => (privateFolder ??= mkdtempSync(join(tmpdir(), 'nuffle-build-')));
