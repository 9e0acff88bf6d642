/**
 * globalSetup of the build and browser projects: the run's shared build
 * folder (test/shared-build.ts builds into it on demand). One folder per
 * run, whichever projects run; at the end, every target a test read is
 * checked byte for byte against what it was when it was built, and the
 * folder is removed.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { TestProject } from 'vitest/node';
import { outOf, removeShared, TARGETS, targetDigest } from '../shared-build.ts';

interface Shared {
  root: string;
  users: number;
}
const state = globalThis as { nuffleSharedBuild?: Shared };

export function setup(project: TestProject): () => void {
  state.nuffleSharedBuild ??= { root: mkdtempSync(join(tmpdir(), 'nuffle-shared-build-')), users: 0 };
  const shared = state.nuffleSharedBuild;
  shared.users++;
  project.provide('nuffleSharedBuild', shared.root);
  return () => {
    if (--shared.users > 0) return;
    delete state.nuffleSharedBuild;
    const written = changedTargets(shared.root);
    removeShared(shared.root);
    if (written.length) throw new Error(`a test wrote into the shared build (read-only; copy what you change): ${written.join(', ')}`);
  };
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
