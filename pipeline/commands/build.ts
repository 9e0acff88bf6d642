/**
 * `nuffle build`: parse, link and validate the sources, write `<out>/data`
 * atomically, then the outputs that render from it (api, cards, site), each
 * in a staging folder swapped in only when it succeeded. `buildOnce` is one
 * build, shared with `--watch` (commands/watch.ts) and `nuffle dev`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BuildInput, BuildResult } from '../build.ts';
import { buildKey, cacheDir, cacheEnabled, codeFingerprint, readCachedBuild, readStageMemo, writeCachedBuild } from '../cache/build-cache.ts';
import { createMemo } from '../model/memo.ts';
import {
  LOCK_FILE,
  lockOutput,
  OUTPUT_MARKER,
  OUTPUT_MARKER_TEXT,
  outputFolderProblem,
  projectGuard,
  repoRoot,
  UNFLUSHED_FS,
  writeFileAtomically,
  writeTreeAtomically,
} from '../io.ts';
import type { Skill } from '../model/schema-types.ts';
import type { TargetContext } from '../targets/context.ts';
import { type CommandSpec, parseCommand, usageError } from './args.ts';
import { type BuildOptions, TARGETS, type Target } from './build-options.ts';
import { compileProject, readProjectOrReport, report } from './project.ts';

export const BUILD = {
  name: 'build',
  title: 'compile sources/ into dist/',
  usage: 'nuffle build [--only TARGETS] [--root DIR] [--out DIR] [--strict] [--watch] [--no-cache]',
  options: [
    {
      name: 'only',
      type: 'string',
      value: 'TARGET',
      help: `Build one target: data (dist/data); or, from the current dist/data,
api (the static JSON API in dist/api and the package's runtime
API in dist/lib), cards (dist/cards) or site (dist/site).
Default: data, then api, then cards, then site.
Several, comma-separated: --only data,cards.`,
    },
    { name: 'root', type: 'string', value: 'DIR', help: 'Project root to read sources/ and schema/ from (default: this repository)' },
    {
      name: 'out',
      type: 'string',
      value: 'DIR',
      help: 'Output folder (default: <root>/dist); one you name must be new, empty\nor written by nuffle, and outside sources/, schema/ and dist/data',
    },
    { name: 'strict', type: 'boolean', help: 'Crosswalk rows drafted by nuffle suggest --write and not reviewed are errors' },
    {
      name: 'watch',
      type: 'boolean',
      help: `Build, then rebuild on every change under sources/ or schema/ (default
target: data; --only data,cards to rebuild cards too); a failed rebuild
keeps the last good dist/`,
    },
    {
      name: 'no-cache',
      type: 'boolean',
      help: `Run every stage even when the sources, schemas and pipeline are those
of the last successful data build (which is otherwise replayed from
node_modules/.cache/nuffle/build; NUFFLE_BUILD_CACHE=off does the same)`,
    },
  ],
  notes: `Each target is built in a staging folder and swapped into place only when every
stage succeeded. A build holds a lock on its output folder: a second build of the
same folder exits 2, naming the process that holds it. Errors are printed as file:line:column, with a stable code.
A locked id (sources/ids.lock) that disappears fails the build until
sources/annotations/migrations.yaml says what became of it. New ids are
locked by nuffle release, stamped with the version it releases.`,
} as const satisfies CommandSpec;

export async function runBuildCommand(argv: readonly string[]): Promise<number> {
  // The one way to lock ids is the release, which knows the version it stamps them with.
  if (argv.includes('--update-lock'))
    return usageError('build', '--update-lock is gone: nuffle release locks the new ids, stamped with the version it releases');
  const parsed = parseCommand(BUILD, argv);
  if ('exit' in parsed) return parsed.exit;
  const { values } = parsed;
  const targets = values.only === undefined ? TARGETS : parseTargets(values.only);
  if (targets === null) return usageError('build', `--only takes one of ${TARGETS.join(', ')} (or several, comma-separated); got "${values.only}"`);
  const root = resolve(values.root ?? repoRoot);
  const out = resolve(values.out ?? join(root, 'dist'));
  if (values.out !== undefined) {
    // A folder of the user's: built into only when it is new, empty or nuffle's own.
    const problem = outputFolderProblem(out, projectGuard(root), ownedByBuild);
    if (problem) {
      console.error(`nuffle build: --out ${values.out}: ${problem}`);
      return 2;
    }
  }
  const strict = values.strict === true;
  if (values.watch === true) {
    const maxRebuilds = process.env.NUFFLE_WATCH_MAX_REBUILDS ? Number(process.env.NUFFLE_WATCH_MAX_REBUILDS) : undefined;
    // A watching process has the stages loaded already; storing each rebuild would only cost disk writes.
    const watched: readonly Target[] = values.only === undefined ? ['data'] : targets;
    return (await import('./watch.ts')).watch({ root, out, targets: watched, strict, cache: false, build: buildOnce, ...(maxRebuilds ? { maxRebuilds } : {}) });
  }
  const cache = values['no-cache'] !== true && cacheEnabled();
  return buildOnce({ root, out, targets, strict, cache });
}

/** The targets `--only` names, in build order; null when it names none or one that is not a target. */
function parseTargets(only: string): Target[] | null {
  const asked = only.split(',').map((t) => t.trim());
  const known = (t: string): t is Target => (TARGETS as readonly string[]).includes(t);
  if (!asked.length || !asked.every(known)) return null;
  return TARGETS.filter((t) => asked.includes(t));
}

/** What `nuffle build` writes in its output folder: a file there is nuffle's own when it is under one of these. */
const ownedByBuild = (file: string): boolean => {
  const [first = ''] = file.split('/');
  // Besides the targets' folders: a running build's lock (and its temporary file), the marker's temporary file, staging leftovers.
  return (
    (TARGETS as readonly string[]).includes(first) ||
    first === 'lib' ||
    first.startsWith(LOCK_FILE) ||
    first.startsWith(`.${OUTPUT_MARKER}.`) ||
    first.startsWith('.staging-') ||
    first.startsWith('.old-')
  );
};

/**
 * One `nuffle build`: the data (unless not asked), then the outputs. Returns
 * the exit code. It holds the lock on `out` (io.ts lockOutput) while it runs:
 * a second build of the same output exits 2 at once, saying which process
 * builds it, and never touches the first one's staging folders.
 */
export async function buildOnce(options: BuildOptions): Promise<number> {
  let lock;
  try {
    lock = lockOutput(options.out);
  } catch (cause) {
    console.error(`nuffle build: cannot write ${options.out}: ${(cause as Error).message}`);
    return 1;
  }
  if ('heldBy' in lock) {
    console.error(
      `nuffle build: another build (pid ${lock.heldBy}) is writing ${options.out}; wait until it ends, then build again (its lock is ${join(options.out, LOCK_FILE)}; a lock whose process is gone is taken over)`,
    );
    return 2;
  }
  try {
    if (!existsSync(join(options.out, OUTPUT_MARKER))) writeFileAtomically(options.out, OUTPUT_MARKER, OUTPUT_MARKER_TEXT);
    return await buildLocked(options);
  } finally {
    lock.release();
  }
}

async function buildLocked(options: BuildOptions): Promise<number> {
  const { root, out, targets } = options;
  const clock = (stage: string, since: number) => options.timings?.set(stage, performance.now() - since);
  if (!targets.includes('data')) return buildOutputs(targets, root, out, options.timings);
  const started = performance.now();
  const input = readProjectOrReport(root, { strict: options.strict });
  if (!input) return 1;
  clock('read', started);
  const compiled = performance.now();
  // A session's first build with the cache on goes through the caches (a replay starts `nuffle dev` at once); its rebuilds stay in memory.
  const { session } = options;
  const inSession = session && (session.stages !== null || options.cache !== true || session.built === true);
  const { result, cached } = inSession ? await compileInSession(input, options) : await compileCached(input, options);
  if (session) session.built = true;
  clock('compile', compiled);
  report(result, 'build', options.session?.warnings);
  if (options.session) options.session.warnings = result.diagnostics.filter((d) => !d.fatal);
  if (result.summary === null) {
    console.error('nuffle build: failed; dist/ was left as it was');
    return 1;
  }
  const written = performance.now();
  try {
    writeTreeAtomically(
      join(out, 'data'),
      new Map<string, string | Uint8Array>([...result.files, ...result.assets]),
      options.session ? UNFLUSHED_FS : undefined,
    );
  } catch (cause) {
    console.error(`nuffle build: cannot write ${join(out, 'data')}: ${(cause as Error).message}; the previous output, if any, is in place`);
    return 1;
  }
  clock('write', written);
  console.log(
    `wrote ${join(out, 'data')} (${result.files.size + result.assets.size} files) in ${Math.round(performance.now() - started)} ms${
      cached ? ' (from the build cache: nothing it reads changed; --no-cache reruns the stages)' : ''
    }`,
  );
  return buildOutputs(
    targets.filter((t) => t !== 'data'),
    root,
    out,
    options.timings,
  );
}

/** Each output target's module, loaded only when it is built. */
const OUTPUT_TARGETS: Record<Exclude<Target, 'data'>, (context: TargetContext) => Promise<number>> = {
  api: async (context) => (await import('../targets/api.ts')).buildApiTarget(context),
  cards: async (context) => (await import('../targets/cards.ts')).buildCardsTarget(context),
  site: async (context) => (await import('../targets/site.ts')).buildSiteTarget(context),
};

/**
 * The outputs that render from the published data (cards, site), in build
 * order. Each reads `<out>/data` only, builds in a staging folder and swaps in;
 * the first failure stops the rest. Their modules load only when asked for.
 */
async function buildOutputs(targets: readonly Target[], root: string, out: string, timings?: Map<string, number>): Promise<number> {
  const dataDir = join(out, 'data');
  if (targets.length && !existsSync(join(dataDir, 'meta.json'))) {
    console.error(`nuffle build: ${dataDir} has no dataset; run nuffle build (or --only data) first`);
    return 1;
  }
  for (const target of targets) {
    if (target === 'data') continue;
    const started = performance.now();
    const context: TargetContext = { root, dataDir, outDir: join(out, target) };
    const code = await OUTPUT_TARGETS[target](context);
    if (code !== 0) {
      console.error(`nuffle build: the ${target} target failed; ${context.outDir} was left as it was`);
      return code;
    }
    timings?.set(target, performance.now() - started);
    console.log(`wrote ${context.outDir} in ${Math.round(performance.now() - started)} ms`);
  }
  return 0;
}

/** The data build through the caches: replayed from the build cache when nothing changed, else run with the disk memo (and stored). */
async function compileCached(input: BuildInput, { root, out, cache: enabled }: BuildOptions): Promise<{ result: BuildResult; cached: boolean }> {
  const code = enabled === true ? codeFingerprint(repoRoot) : '';
  const cache = enabled === true ? { dir: cacheDir(repoRoot), key: buildKey(input, { root, code }) } : null;
  const cached = cache ? readCachedBuild(cache.dir, cache.key) : null;
  if (cached) return { result: cached, cached: true };
  const previous = previousRecords(out);
  const compiled = await compileProject(previous ? { ...input, previous } : input, cache && { dir: cache.dir, code });
  // The build cache keeps successes only.
  if (cache && compiled.stored && compiled.result.summary) writeCachedBuild(cache.dir, cache.key, compiled.result);
  return { result: compiled.result, cached: false };
}

/** A rebuild of a watching process: the memo of the last rebuild, from memory (the first from the disk memo, when the cache is on). */
async function compileInSession(input: BuildInput, { session, out, cache }: BuildOptions): Promise<{ result: BuildResult; cached: boolean }> {
  if (!session) throw new Error('compileInSession: no session');
  const memo = session.stages ? createMemo(session.stages) : cache === true ? readStageMemo(cacheDir(repoRoot), codeFingerprint(repoRoot)) : createMemo();
  const previous = previousRecords(out);
  const result = (await import('../build.ts')).buildDataset({ ...input, ...(previous ? { previous } : {}), memo });
  // After a failure, what it did not reach is kept for the next save.
  session.stages = result.summary ? memo.used() : memo.merged();
  return { result, cached: false };
}

/** The records of the build `out` holds, if any: evidence for rename hints (build.ts `previous`). */
function previousRecords(out: string): Skill[] | undefined {
  try {
    const records = JSON.parse(readFileSync(join(out, 'data/skills.json'), 'utf8')) as unknown;
    return Array.isArray(records) ? (records as Skill[]) : undefined;
  } catch {
    return undefined;
  }
}
