/**
 * The shared build's folder, without vitest (test/shared-build.ts is the
 * tests' side): the targets, each built once per folder under a lock, the
 * in-memory build serialized beside them, and the digests the global
 * teardown checks. `node test/shared-folder.ts DIR` builds everything into
 * DIR in the background while the first tests run (test/setup/shared-build.ts
 * starts it when the browser project runs); a target a test already builds
 * is left to it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serialize } from 'node:v8';
import type { BuildResult } from '../pipeline/build.ts';
import { repoRoot } from '../pipeline/io.ts';
import { treeDigest } from './tree.ts';

/** The outputs of `nuffle build`, in build order: each needs those before it (the site serves the API and links to the cards). */
export const TARGETS = ['data', 'api', 'cards', 'site'] as const;
export type Target = (typeof TARGETS)[number];

/** How long a worker waits for another to finish a target before it gives up. */
const WAIT_MS = 20 * 60_000;

/** The `--out` folder the shared targets are built in (beside it, the locks and marks). */
export const outOf = (root: string): string => join(root, 'out');

/** Where the in-memory build is kept, serialized (node:v8). */
export const resultFile = (root: string): string => join(root, 'build-result.v8');

/** `nuffle build --only <target>` of this repository into the folder's output; throws with the output when it fails. */
function buildTarget(root: string, target: Target): void {
  const run = spawnSync(process.execPath, [join(repoRoot, 'pipeline/cli.ts'), 'build', '--only', target, '--out', outOf(root)], {
    encoding: 'utf8',
    env: { ...process.env, NUFFLE_BUILD_CACHE: 'off' },
  });
  if (run.status !== 0) throw new Error(`nuffle build --only ${target} failed (${run.status}):\n${run.stdout}\n${run.stderr}`);
}

/** `target` and every target before it, each built once per folder. */
export function buildTargets(root: string, target: Target, options: { wait?: boolean } = {}): void {
  for (const t of TARGETS.slice(0, TARGETS.indexOf(target) + 1)) once(root, t, () => buildTarget(root, t), options);
}

/** The in-memory build, made by `build` once per folder and serialized there. */
export function buildResult(root: string, build: () => BuildResult, options: { wait?: boolean } = {}): void {
  once(root, 'memory', () => writeFileSync(resultFile(root), serialize(build())), options);
}

/**
 * Run `make` once per folder for `name`: the first process to take the lock
 * (an exclusive mkdir) runs it and marks it done (or failed, with the error);
 * the others wait for the mark, unless `wait` is false. A target's mark holds
 * the digest of what it wrote, which the global teardown checks.
 */
export function once(root: string, name: string, make: () => void, options: { wait?: boolean } = {}): void {
  const done = join(root, `${name}.done`);
  const failed = join(root, `${name}.failed`);
  if (existsSync(done)) return;
  let mine = false;
  try {
    mkdirSync(join(root, `${name}.lock`));
    mine = true;
  } catch {
    // Another process builds it.
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
  if (options.wait === false) return;
  const sleeper = new Int32Array(new SharedArrayBuffer(4));
  for (let waited = 0; !existsSync(done); waited += 250) {
    if (existsSync(failed)) throw new Error(`the shared build's ${name} failed in another process:\n${readFileSync(failed, 'utf8')}`);
    if (waited > WAIT_MS) throw new Error(`gave up waiting ${WAIT_MS / 60_000} min for the shared build's ${name} (${root})`);
    Atomics.wait(sleeper, 0, 0, 250);
  }
}

/** sha256 of every file a target wrote, by path under the --out folder (`api` writes `lib/` too). */
export function targetDigest(out: string, target: string): Record<string, string> {
  return Object.assign({}, ...(target === 'api' ? ['api', 'lib'] : [target]).map((folder) => treeDigest(join(out, folder), out)));
}

/** Remove the shared folder (the global teardown). */
export const removeShared = (root: string): void => rmSync(root, { recursive: true, force: true });

/** Everything, in the background: the in-memory build, then every target; what another process has taken is left to it. */
async function prebuild(root: string): Promise<void> {
  const [{ buildDataset }, { readProject }] = await Promise.all([import('../pipeline/build.ts'), import('../pipeline/commands/project.ts')]);
  buildResult(root, () => buildDataset(readProject(repoRoot)), { wait: false });
  for (const target of TARGETS) once(root, target, () => buildTarget(root, target));
}

if (process.argv[1] === import.meta.filename) await prebuild(process.argv[2]!);
