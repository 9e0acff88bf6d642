/**
 * The one real build of a test run (issue 37): `nuffle build` of this
 * repository into one temporary folder, shared read-only by every test file
 * of the build and browser projects. test/setup/shared-build.ts (their
 * globalSetup) makes the folder and, at the end of the run, checks that no
 * test wrote into it.
 *
 * Each target is built the first time a test asks for it, by whichever
 * worker asks first, under a lock; the other workers wait for it. A run of
 * one file builds only what that file reads: `sharedBuild('data')` is
 * seconds, `sharedBuild('site')` (data, api, cards, then site) minutes.
 *
 * Outside vitest's projects (StrykerJS's config) no folder is provided, and
 * each file builds its own, as before; NUFFLE_SITE_TEST_OUT names a finished
 * `nuffle build --out DIR` to reuse while iterating on the tests.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { inject } from 'vitest';
import type { BuildResult } from '../pipeline/build.ts';
import { repoRoot } from '../pipeline/io.ts';
import { needsBuild } from './guard.ts';
import { treeDigest } from './tree.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** The shared build's folder (test/setup/shared-build.ts). */
    nuffleSharedBuild: string;
  }
}

/** The outputs of `nuffle build`, in build order: each needs those before it (the site serves the API and links to the cards). */
export const TARGETS = ['data', 'api', 'cards', 'site'] as const;
export type Target = (typeof TARGETS)[number];

/** How long a worker waits for another to finish a target before it gives up. */
const WAIT_MS = 20 * 60_000;

/** The run's shared folder, or null outside the build and browser projects. */
function sharedRoot(): string | null {
  try {
    return inject('nuffleSharedBuild') ?? null;
  } catch {
    return null;
  }
}

/** The `--out` folder the shared targets are built in (beside it, the locks and marks). */
export const outOf = (root: string): string => join(root, 'out');

/**
 * The folder of a finished `nuffle build` of this repository (its `data/`,
 * `api/`, `lib/`, `cards/`, `site/`), with `target` and every target before
 * it built. Read it; never write into it (the run fails if a test does).
 */
export function sharedBuild(target: Target = 'site'): string {
  needsBuild('sharedBuild()');
  if (process.env.NUFFLE_SITE_TEST_OUT) return process.env.NUFFLE_SITE_TEST_OUT;
  const root = sharedRoot() ?? privateRoot();
  for (const t of TARGETS.slice(0, TARGETS.indexOf(target) + 1))
    once(root, t, () => {
      const run = spawnSync(process.execPath, [join(repoRoot, 'pipeline/cli.ts'), 'build', '--only', t, '--out', outOf(root)], {
        encoding: 'utf8',
        env: { ...process.env, NUFFLE_BUILD_CACHE: 'off' },
      });
      if (run.status !== 0) throw new Error(`nuffle build --only ${t} failed (${run.status}):\n${run.stdout}\n${run.stderr}`);
    });
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
  const file = join(root, 'build-result.v8');
  once(root, 'memory', () => writeFileSync(file, serialize(build())));
  memory = deserialize(readFileSync(file)) as BuildResult;
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

/**
 * Run `make` once per shared folder for `name`: the first worker to take the
 * lock (an exclusive mkdir) runs it and marks it done (or failed, with the
 * error); the others wait for the mark. The mark holds the digest of what
 * the target wrote, which the global teardown checks.
 */
function once(root: string, name: string, make: () => void): void {
  const done = join(root, `${name}.done`);
  const failed = join(root, `${name}.failed`);
  const lock = join(root, `${name}.lock`);
  if (existsSync(done)) return;
  let mine = false;
  try {
    mkdirSync(lock);
    mine = true;
  } catch {
    // Another worker builds it.
  }
  if (mine) {
    try {
      make();
      writeFileSync(done, JSON.stringify((TARGETS as readonly string[]).includes(name) ? targetDigest(outOf(root), name) : {}));
    } catch (error) {
      writeFileSync(failed, String((error as Error).stack ?? error));
      throw error;
    }
    return;
  }
  const sleeper = new Int32Array(new SharedArrayBuffer(4));
  for (let waited = 0; !existsSync(done); waited += 250) {
    if (existsSync(failed)) throw new Error(`the shared build's ${name} failed in another test file:\n${readFileSync(failed, 'utf8')}`);
    if (waited > WAIT_MS) throw new Error(`gave up waiting ${WAIT_MS / 60_000} min for the shared build's ${name} (${lock})`);
    Atomics.wait(sleeper, 0, 0, 250);
  }
}

/** sha256 of every file a target wrote, by path under the --out folder (`api` writes `lib/` too). */
export function targetDigest(out: string, target: string): Record<string, string> {
  return Object.assign({}, ...(target === 'api' ? ['api', 'lib'] : [target]).map((folder) => treeDigest(join(out, folder), out)));
}

/** Remove the shared folder (the global teardown). */
export const removeShared = (root: string): void => rmSync(root, { recursive: true, force: true });
