/**
 * globalSetup of the build and browser projects: the run's shared build
 * folder (test/shared-build.ts builds into it on demand). One folder per
 * run, whichever projects run. When the browser project runs (after the
 * others: its groupOrder), a background process builds every target from the
 * start (test/shared-folder.ts), so no worker waits for the site. At the end,
 * every target is checked byte for byte against what it was when it was
 * built, and the folder is removed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { TestProject } from 'vitest/node';
import { outOf, removeShared, TARGETS, targetDigest } from '../shared-folder.ts';

interface Shared {
  root: string;
  users: number;
  prebuild?: ChildProcess;
}
const state = globalThis as { nuffleSharedBuild?: Shared };

export function setup(project: TestProject): () => Promise<void> {
  state.nuffleSharedBuild ??= { root: mkdtempSync(join(tmpdir(), 'nuffle-shared-build-')), users: 0 };
  const shared = state.nuffleSharedBuild;
  shared.users++;
  project.provide('nuffleSharedBuild', shared.root);
  // NUFFLE_SITE_TEST_OUT names a finished build the tests read instead (test/shared-build.ts): nothing to build ahead.
  if (project.name === 'browser' && !shared.prebuild && !process.env.NUFFLE_SITE_TEST_OUT)
    // Its own process group: its `nuffle build` children stop with it.
    shared.prebuild = spawn(process.execPath, [join(import.meta.dirname, '../shared-folder.ts'), shared.root], { stdio: 'ignore', detached: true });
  return async () => {
    if (--shared.users > 0) return;
    delete state.nuffleSharedBuild;
    await stopped(shared.prebuild);
    const written = changedTargets(shared.root);
    removeShared(shared.root);
    if (written.length) throw new Error(`a test wrote into the shared build (read-only; copy what you change): ${written.join(', ')}`);
  };
}

/** Wait for the background build to end (it is killed when the tests ended first). */
async function stopped(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
}

/** The files of each built target that differ from what the target wrote. */
function changedTargets(root: string): string[] {
  if (!existsSync(root)) return [];
  const changed: string[] = [];
  for (const target of TARGETS) {
    const mark = `${target}.done`;
    if (!existsSync(join(root, mark))) continue;
    const before = JSON.parse(readFileSync(join(root, mark), 'utf8')) as Record<string, string>;
    const after = targetDigest(outOf(root), target);
    if (isDeepStrictEqual(before, after)) continue;
    for (const file of new Set([...Object.keys(before), ...Object.keys(after)])) if (before[file] !== after[file]) changed.push(file);
  }
  return changed;
}
