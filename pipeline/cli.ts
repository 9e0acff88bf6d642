#!/usr/bin/env node
/**
 * `nuffle` — the entry of the command line (`node pipeline/cli.ts …`). Run as
 * the entry, it first turns on Node's module compile cache, so the pipeline's
 * modules (TypeScript stripped, then compiled) load from the cache on every
 * later run; then it loads the command line itself (commands/nuffle.ts),
 * which the cache then covers. Imported (tests, scripts), it only re-exports.
 *
 * The cache lives in node_modules/.cache/nuffle/compile (the system temp
 * folder when there is no node_modules), never in dist/; entries are keyed
 * by the source's contents, so an edited module is compiled afresh.
 * NODE_DISABLE_COMPILE_CACHE=1 turns it off; NODE_COMPILE_CACHE=DIR moves it.
 * The npm scripts (`npm run build`, `check`, `nuffle`) set NODE_COMPILE_CACHE
 * themselves: turned on here, the cache cannot cover this file, so Node
 * loads its TypeScript stripper (~40 ms) on every run to read it; set before
 * Node starts, the cache covers every module and the stripper never loads.
 */
import { existsSync } from 'node:fs';
import module from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

if (import.meta.main && !process.env.NODE_COMPILE_CACHE) {
  const modules = fileURLToPath(new URL('../node_modules', import.meta.url));
  // Best effort: a read-only or missing folder leaves the cache off, nothing else changes.
  module.enableCompileCache?.(existsSync(modules) ? join(modules, '.cache/nuffle/compile') : join(tmpdir(), 'nuffle-compile-cache'));
}

const cli = await import('./commands/nuffle.ts');
export const { main, runNuffle } = cli;
export const { buildOnce } = await import('./commands/build.ts');
export const { readProject } = await import('./commands/project.ts');
export type { BuildOptions } from './commands/build-options.ts';

// The last net (commands/nuffle.ts `runNuffle`): a failure the commands did not foresee is one line and exit 1.
if (import.meta.main) process.exitCode = await cli.runNuffle(process.argv.slice(2));
