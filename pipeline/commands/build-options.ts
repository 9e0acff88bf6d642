/**
 * What one `nuffle build` is asked to do, and what a watching process keeps
 * between builds: the types the build command, `--watch` and `nuffle dev`
 * share. Its own module, so that a command imports them without importing
 * another command (or the entry, cli.ts, that loads them all).
 */
import type { Diagnostic } from '../model/diagnostic.ts';
import type { StageMemo } from '../model/memo.ts';

/** The targets of `nuffle build`, in build order: the site serves the API and links to the card PDFs, so they come before it. */
export const TARGETS = ['data', 'api', 'cards', 'site'] as const;
export type Target = (typeof TARGETS)[number];

export interface BuildOptions {
  root: string;
  out: string;
  targets: readonly Target[];
  strict: boolean;
  /** Replay the last successful data build when nothing it depends on changed (cache/build-cache.ts). Default: off. */
  cache?: boolean;
  /** Filled with each stage's time, for `--watch`. */
  timings?: Map<string, number>;
  /**
   * A watching process's rebuilds (`--watch`, `nuffle dev`): the stage memo
   * kept in memory from one rebuild to the next, never read from or written
   * to disk, and no build cache (each save changes the inputs, so an entry
   * would only cost its writing).
   */
  session?: BuildSession;
}

/** What a watching process keeps between rebuilds: the memo entries the last build used (null before the first). */
export interface BuildSession {
  stages: ReturnType<StageMemo['used']> | null;
  /**
   * Set once the session has built (`nuffle dev` starts with it set: its worker made the first build):
   * from then on every build runs in memory, the first from the disk memo.
   */
  built?: boolean;
  /** The warnings of the last build, once there was one: a rebuild prints only what changed. */
  warnings?: Diagnostic[];
}
