/**
 * `nuffle` — the command line. Parses arguments, reads the project from disk,
 * runs the pure pipeline, prints diagnostics and writes dist/ atomically.
 * All file and process I/O lives here (and in io.ts). Run through
 * `pipeline/cli.ts`, which turns Node's compile cache on before this loads.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { BuildInput, BuildResult } from '../build.ts';
import { formatDiagnostic } from '../model/diagnostic.ts';
import { COMPULSORY_PATH, CROSSWALK_PATH, ERRATA_PATH, GLOSSARY_PATH, INDUCEMENTS_PATH, LOCK_PATH, MANIFEST_PATH, MENTIONS_PATH, MIGRATIONS_PATH, RANDOM_TABLES_PATH } from '../model/paths.ts';
import type { UnlinkedRecord } from '../link/crosswalk.ts';
import { LOCK_FILE, lockOutput, OUTPUT_MARKER, OUTPUT_MARKER_TEXT, OutsideProject, outputFolderProblem, projectGuard, readGuard, readSchemaFiles, repoRoot, writeFileAtomically, writeTreeAtomically } from '../io.ts';
import { buildKey, cacheDir, cacheEnabled, codeFingerprint, readCachedBuild, readStageMemo, writeCachedBuild, writeStageMemo } from './build-cache.ts';
import { lockText } from '../validate/ids.ts';
import { repeatedOption } from './args.ts';
import type { TargetContext } from '../targets/context.ts';
import type { Skill } from '../model/schema-types.ts';

/** Build order: the site serves the API and links to the card PDFs, so they come before it. */
const TARGETS = ['data', 'api', 'cards', 'site'] as const;
type Target = (typeof TARGETS)[number];
const AVAILABLE: readonly Target[] = TARGETS;

const HELP: Record<string, string> = {
  main: `nuffle — compile Blood Bowl rule texts into datasets, a docs site and skill cards

Usage: nuffle <command> [options]

Commands:
  build    Parse, link, validate and write dist/ (atomically; a failed build leaves dist/ as it was)
  check    Parse, link and validate; write nothing
  suggest  Rank candidate concepts for unlinked records; --evaluate measures the engine
  cards    Print PDF skill cards from dist/data (all editions, or a league's selection)
  diff     What changed between two dist/data folders: summary, changes.json, CHANGES.md
  release  Cut a dataset release: version bump from the changes, CHANGELOG.md, lock, golden files
  dev      Serve the site locally and rebuild the data on every save: see the page while you edit

Options:
  --root DIR   Project root (default: this repository)
  -h, --help   Help for a command: nuffle build --help

Exit codes: 0 success, 1 the sources have errors, 2 bad usage.`,
  build: `nuffle build — compile sources/ into dist/

Usage: nuffle build [--only TARGETS] [--root DIR] [--out DIR] [--update-lock] [--strict] [--watch] [--no-cache]

Options:
  --only TARGET  Build one target: data (dist/data); or, from the current dist/data,
                 api (the static JSON API in dist/api and the package's runtime
                 API in dist/lib), cards (dist/cards) or site (dist/site).
                 Default: data, then api, then cards, then site.
                 Several, comma-separated: --only data,cards.
  --root DIR     Project root to read sources/ and schema/ from (default: this repository)
  --out DIR      Output folder (default: <root>/dist); one you name must be new, empty
                 or written by nuffle, and outside sources/, schema/ and dist/data
  --update-lock  Add the new published ids to sources/ids.lock (it never loses one)
  --strict       Crosswalk rows drafted by nuffle suggest --write and not reviewed are errors
  --watch        Build, then rebuild on every change under sources/ or schema/ (default
                 target: data; --only data,cards to rebuild cards too); a failed rebuild
                 keeps the last good dist/
  --no-cache     Run every stage even when the sources, schemas and pipeline are those
                 of the last successful data build (which is otherwise replayed from
                 node_modules/.cache/nuffle/build; NUFFLE_BUILD_CACHE=off does the same)
  -h, --help     This help

Each target is built in a staging folder and swapped into place only when every
stage succeeded. A build holds a lock on its output folder: a second build of the
same folder exits 2, naming the process that holds it. Errors are printed as file:line:column, with a stable code.
A locked id (sources/ids.lock) that disappears fails the build until
sources/annotations/migrations.yaml says what became of it.`,
  suggest: `nuffle suggest — rank candidate concepts for records the crosswalk does not link

Usage: nuffle suggest [--source ID] [--all] [--top N] [--evaluate] [--write] [--root DIR]

Options:
  --source ID  Only records of this source (an id from sources/manifest.yaml)
  --all        Rank every record of the source(s), linked or not (English 2020 records define concepts and are left out)
  --top N      How many candidates to print per record (default 3)
  --evaluate   Measure the engine against the curated crosswalk, leave-one-out: top-1 and top-3 accuracy per source
  --write      Append a draft row (top candidate, score, evidence, declaredBy: suggestion) for every
               unlinked record to sources/annotations/crosswalk.yaml; builds report drafts until reviewed
  --root DIR   Project root (default: this repository)
  -h, --help   This help

Scores combine name similarity (character trigrams, French game terms translated by
sources/annotations/glossary.yaml), text similarity (TF-IDF cosine) and mechanics
fingerprints (dice, numbers, game terms). Each candidate lists the evidence that drove it.`,
  check: `nuffle check — parse, link and validate the sources; write nothing

Usage: nuffle check [--root DIR] [--strict] [--no-cache]

Prints every error and warning, then a summary. Exit code 1 if any error.
--strict: crosswalk rows drafted by nuffle suggest --write and not reviewed are errors.
--no-cache: parse every file, even those the last build or check read unchanged
(node_modules/.cache/nuffle/build/stages.json).`,
};

export async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '-h' || command === '--help' || command === 'help') {
    console.log(HELP.main);
    return command ? 0 : 2;
  }
  if (command === 'cards') return (await import('../targets/cards.ts')).runCardsCommand(rest);
  if (command === 'diff') return (await import('./diff.ts')).runDiffCommand(rest);
  if (command === 'release') return (await import('./release.ts')).runReleaseCommand(rest);
  if (command === 'dev') return (await import('./dev.ts')).runDevCommand(rest, buildOnce);
  if (!(command in HELP) || command === 'main') {
    console.error(`nuffle: unknown command "${command}"\n\n${HELP.main}`);
    return 2;
  }
  let values: {
    only?: string | undefined;
    root?: string | undefined;
    out?: string | undefined;
    help?: boolean | undefined;
    source?: string | boolean | undefined;
    all?: string | boolean | undefined;
    top?: string | boolean | undefined;
    evaluate?: string | boolean | undefined;
    write?: string | boolean | undefined;
    'update-lock'?: string | boolean | undefined;
    watch?: string | boolean | undefined;
    'no-cache'?: string | boolean | undefined;
    strict?: string | boolean | undefined;
  };
  try {
    let tokens;
    ({ values, tokens } = parseArgs({
      args: [...rest],
      tokens: true,
      options: {
        only: { type: 'string' },
        root: { type: 'string' },
        out: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        ...(command === 'suggest'
          ? { source: { type: 'string' }, all: { type: 'boolean' }, top: { type: 'string' }, evaluate: { type: 'boolean' }, write: { type: 'boolean' } }
          : {}),
        ...(command === 'build' ? { 'update-lock': { type: 'boolean' }, watch: { type: 'boolean' } } : {}),
        ...(command === 'build' || command === 'check' ? { strict: { type: 'boolean' }, 'no-cache': { type: 'boolean' } } : {}),
      },
      strict: true,
      allowPositionals: false,
    }));
    const repeated = repeatedOption(tokens);
    if (repeated) throw new Error(repeated);
  } catch (cause) {
    console.error(`nuffle ${command}: ${(cause as Error).message}\n\n${HELP[command]}`);
    return 2;
  }
  if (values.help) {
    console.log(HELP[command]);
    return 0;
  }
  if (command !== 'build' && (values.only || values.out)) {
    console.error(`nuffle ${command}: --only and --out belong to build\n\n${HELP[command]}`);
    return 2;
  }
  const root = resolve(values.root ?? repoRoot);
  let targets: readonly Target[] = AVAILABLE;
  if (values.only !== undefined) {
    const asked = values.only.split(',').map((t) => t.trim());
    const unknown = asked.filter((t) => !TARGETS.includes(t as Target));
    if (unknown.length || !asked.length) {
      console.error(`nuffle build: --only takes one of ${TARGETS.join(', ')} (or several, comma-separated); got "${values.only}"`);
      return 2;
    }
    targets = TARGETS.filter((t) => asked.includes(t));
  }
  const strict = values.strict === true;
  const cache = values['no-cache'] !== true && cacheEnabled();
  const out = resolve(values.out ?? join(root, 'dist'));
  if (values.out !== undefined) {
    // A folder of the user's: built into only when it is new, empty or nuffle's own.
    const problem = outputFolderProblem(out, projectGuard(root), ownedByBuild);
    if (problem) {
      console.error(`nuffle ${command}: --out ${values.out}: ${problem}`);
      return 2;
    }
  }
  if (values.watch === true) {
    const maxRebuilds = process.env.NUFFLE_WATCH_MAX_REBUILDS ? Number(process.env.NUFFLE_WATCH_MAX_REBUILDS) : undefined;
    return (await import('./watch.ts')).watch({
      root,
      out,
      targets: values.only === undefined ? ['data'] : targets,
      strict,
      // A watching process has the stages loaded already; storing each rebuild would only cost disk writes.
      cache: false,
      build: buildOnce,
      ...(maxRebuilds ? { maxRebuilds } : {}),
    });
  }

  if (command === 'build') return buildOnce({ root, out, targets, strict, cache, updateLock: values['update-lock'] === true });
  let input: BuildInput;
  try {
    input = readProject(root, { strict });
  } catch (cause) {
    cannotRead(root, cause);
    return 1;
  }
  if (command === 'suggest') {
    const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
    return suggest(input, root, { source: str(values.source), all: values.all === true, top: str(values.top), evaluate: values.evaluate === true, write: values.write === true });
  }
  // check: the stage memo makes a check after an edit re-read only the edited files.
  const { result } = await compile(input, cache ? { dir: cacheDir(repoRoot), code: codeFingerprint(repoRoot) } : null);
  report(result, command);
  if (result.summary === null) {
    console.error(`nuffle ${command}: failed; nothing was written`);
    return 1;
  }
  return 0;
}

export interface BuildOptions {
  root: string;
  out: string;
  targets: readonly Target[];
  strict: boolean;
  updateLock?: boolean;
  /** Replay the last successful data build when nothing it depends on changed (commands/build-cache.ts). Default: off. */
  cache?: boolean;
  /** Filled with each stage's time, for `--watch`. */
  timings?: Map<string, number>;
}

/** What `nuffle build` writes in its output folder: a file there is nuffle's own when it is under one of these. */
const ownedByBuild = (file: string): boolean => {
  const [first = ''] = file.split('/');
  // Besides the targets' folders: a running build's lock (and its temporary file), the marker's temporary file, staging leftovers.
  return (TARGETS as readonly string[]).includes(first) || first === 'lib' || first.startsWith(LOCK_FILE) || first.startsWith(`.${OUTPUT_MARKER}.`) || first.startsWith('.staging-') || first.startsWith('.old-');
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
    if (!existsSync(join(options.out, OUTPUT_MARKER))) writeFileAtomically(join(options.out, OUTPUT_MARKER), OUTPUT_MARKER_TEXT);
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
  let input: BuildInput;
  try {
    input = readProject(root, { strict: options.strict });
  } catch (cause) {
    cannotRead(root, cause);
    return 1;
  }
  clock('read', started);
  const compiled = performance.now();
  const code = options.cache === true ? codeFingerprint(repoRoot) : '';
  const cache = options.cache === true ? { dir: cacheDir(repoRoot), key: buildKey(input, { root, code }) } : null;
  const cached = cache ? readCachedBuild(cache.dir, cache.key) : null;
  let result: BuildResult;
  if (cached) result = cached;
  else {
    const previous = previousRecords(out);
    const compiled = await compile(previous ? { ...input, previous } : input, cache && { dir: cache.dir, code });
    result = compiled.result;
    // The build cache keeps successes only.
    if (cache && compiled.stored && result.summary) writeCachedBuild(cache.dir, cache.key, result);
  }
  clock('compile', compiled);
  report(result, 'build');
  if (result.summary === null) {
    console.error('nuffle build: failed; dist/ was left as it was');
    return 1;
  }
  const written = performance.now();
  try {
    writeTreeAtomically(join(out, 'data'), new Map<string, string | Uint8Array>([...result.files, ...result.assets]));
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
  if (options.updateLock) {
    const text = lockText(result.ids.locked, result.ids.published, result.summary.datasetVersion);
    const before = input.lock?.text ?? '';
    if (text === before) console.log(`${LOCK_PATH}: every published id is locked already`);
    else {
      writeFileAtomically(join(root, LOCK_PATH), text);
      const added = text.split('\n').length - (before ? before.split('\n').length : 0);
      console.log(`${LOCK_PATH}: ${before ? `${added} new id${added === 1 ? '' : 's'} locked` : 'written'}; review and commit it`);
    }
  }
  return buildOutputs(targets.filter((t) => t !== 'data'), root, out, options.timings);
}

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
    const started = performance.now();
    const context: TargetContext = { root, dataDir, outDir: join(out, target) };
    const code =
      target === 'api'
        ? await (await import('../targets/api.ts')).buildApiTarget(context)
        : target === 'cards'
        ? await (await import('../targets/cards.ts')).buildCardsTarget(context)
        : target === 'site'
          ? await (await import('../targets/site.ts')).buildSiteTarget(context)
          : 0;
    if (code !== 0) {
      console.error(`nuffle build: the ${target} target failed; ${context.outDir} was left as it was`);
      return code;
    }
    timings?.set(target, performance.now() - started);
    console.log(`wrote ${context.outDir} in ${Math.round(performance.now() - started)} ms`);
  }
  return 0;
}

/**
 * The stages, loaded now (a replayed build never loads them), with the stage
 * memo when the cache is on: the files an edit left alone are recalled. The
 * memo is stored again, whatever became of the build (its entries are
 * per-file results), unless the code changed while the build ran: a checkout
 * meanwhile would file the new code's results under the old fingerprint.
 * `stored` says whether it was.
 */
async function compile(input: BuildInput, cache: { dir: string; code: string } | null): Promise<{ result: BuildResult; stored: boolean }> {
  const memo = cache ? readStageMemo(cache.dir, cache.code) : undefined;
  const result = (await import('../build.ts')).buildDataset(memo ? { ...input, memo } : input);
  const stored = !!cache && !!memo && codeFingerprint(repoRoot, { fresh: true }) === cache.code && writeStageMemo(cache.dir, cache.code, memo, { keepStored: result.summary === null });
  return { result, stored };
}

export function readProject(root: string, options: { strict?: boolean } = {}): BuildInput {
  // Every read goes through the guard: a file whose real path leaves the project is refused, never read.
  const guard = readGuard(root);
  const text = (path: string) => ({ path, text: guard.inside(path) ? readFileSync(join(root, path), 'utf8') : '' });
  const raw = new Map<string, Uint8Array>();
  const rawDir = join(root, 'sources/raw');
  if (existsSync(rawDir) && guard.inside('sources/raw')) {
    for (const entry of readdirSync(rawDir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.isFile()) raw.set(`sources/raw/${entry.name}`, readFileSync(join(rawDir, entry.name)));
    }
  }
  const input: BuildInput = {
    manifest: text(MANIFEST_PATH),
    raw,
    annotations: { errata: text(ERRATA_PATH), mentions: text(MENTIONS_PATH), crosswalk: text(CROSSWALK_PATH), glossary: text(GLOSSARY_PATH), inducements: text(INDUCEMENTS_PATH), compulsory: text(COMPULSORY_PATH), migrations: text(MIGRATIONS_PATH),
      ...(existsSync(join(root, RANDOM_TABLES_PATH)) ? { randomTables: text(RANDOM_TABLES_PATH) } : {}),
    },
    lock: existsSync(join(root, LOCK_PATH)) ? text(LOCK_PATH) : null,
    packageVersion: packageVersion(root),
    schemas: readSchemaFiles(root, guard.inside),
    strict: options.strict === true,
  };
  guard.check();
  return input;
}

/** Why the project could not be read: the refused files' diagnostics, or the error's message. */
function cannotRead(root: string, cause: unknown): void {
  if (cause instanceof OutsideProject) for (const d of cause.diagnostics) console.error(formatDiagnostic(d));
  else console.error(`nuffle: cannot read the project at ${root}: ${(cause as Error).message}`);
}

/** The `version` of `<root>/package.json`, or null when the root has none (or it is not JSON with a version). */
function packageVersion(root: string): string | null {
  try {
    const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version?: unknown }).version;
    return typeof version === 'string' ? version : null;
  } catch {
    return null;
  }
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

async function suggest(input: BuildInput, root: string, options: { source: string | undefined; all: boolean; top: string | undefined; evaluate: boolean; write: boolean }): Promise<number> {
  const top = options.top === undefined ? 3 : Number(options.top);
  if (!Number.isInteger(top) || top < 1) {
    console.error(`nuffle suggest: --top takes a whole number ≥ 1; got "${options.top}"`);
    return 2;
  }
  const { buildDataset } = await import('../build.ts');
  const { BASE_PARSER, createSuggesterFor, unlinkedRecord } = await import('../link/crosswalk.ts');
  const result = buildDataset(input);
  const model = result.model;
  if (!model) {
    report(result, 'suggest');
    return 1;
  }
  const known = model.sources.map((s) => s.id);
  if (options.source !== undefined && !known.includes(options.source)) {
    console.error(`nuffle suggest: unknown source "${options.source}"; sources: ${known.join(', ')}`);
    return 2;
  }
  const inScope = (source: string) => options.source === undefined || source === options.source;
  const base = new Set(model.sources.filter((s) => s.parser === BASE_PARSER).map((s) => s.id));
  const unnamedSources = new Set(model.sources.filter((s) => s.parser === 'traits-alt').map((s) => s.id));

  if (options.evaluate) {
    const { evaluateSuggestions } = await import('../link/evaluate.ts');
    const results = evaluateSuggestions(model.records, model.crosswalk, model.concepts, model.glossary, unnamedSources).filter((r) => inScope(r.source));
    console.log('Leave-one-out evaluation of `nuffle suggest` against sources/annotations/crosswalk.yaml');
    console.log('(each editor row: hide the record, rank every concept by its other records)\n');
    const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : 'n/a');
    for (const r of results) {
      console.log(`${r.source}: ${r.rows} rows, ${r.evaluated} rankable (${r.ownConcept} with a concept of their own: new/removed/replaced)`);
      console.log(`  top-1 ${r.top1}/${r.evaluated} = ${pct(r.top1, r.evaluated)}   top-3 ${r.top3}/${r.evaluated} = ${pct(r.top3, r.evaluated)}`);
      for (const miss of r.misses) console.log(`  miss ${miss.record}: expected ${miss.expected}, ranked ${miss.ranked.join(', ')}`);
    }
    return 0;
  }

  const linked = new Map(model.crosswalk.map((row) => [row.record, row]));
  // Every record of the scope (`--all`: linked ones too, each ranked as if it had no row), else the unlinked ones.
  const everyRecord: UnlinkedRecord[] = model.records
    .filter((r) => !base.has(r.source.id) && inScope(r.source.id))
    .map((r) => unlinkedRecord(r, { named: !unnamedSources.has(r.source.id) }));
  const unlinked = model.unlinked.filter((u) => inScope(u.source));
  const items = options.all ? [...everyRecord, ...unlinked.filter((u) => u.record === null)] : unlinked;
  if (items.length === 0) {
    console.log(`Every record${options.source ? ` of ${options.source}` : ''} is linked. Use --all to rank them anyway, or --evaluate to measure the engine.`);
    return 0;
  }
  const fileOf = new Map(model.sources.map((s) => [s.id, s.file]));
  if (options.write) {
    if (options.all) {
      console.error('nuffle suggest: --write drafts rows for unlinked records only; drop --all');
      return 2;
    }
    const { appendDraftRows, draftRow } = await import('../link/draft-rows.ts');
    const conceptById = new Map(model.concepts.map((c) => [c.id, c]));
    const baseConcepts = new Set(model.records.filter((r) => base.has(r.source.id)).map((r) => r.concept));
    const drafts = unlinked.flatMap((item) => {
      const best = createSuggesterFor(model.concepts, model.records, linked, model.glossary)(item.query)[0];
      if (!best) return [];
      const row = draftRow({ item, best, conceptName: conceptById.get(best.concept)?.name ?? best.concept, baseConcept: baseConcepts.has(best.concept) });
      return [{ row, comment: `${fileOf.get(item.source)}:${item.line} ${item.label}: suggested, not reviewed` }];
    });
    const path = join(root, CROSSWALK_PATH);
    writeFileAtomically(path, appendDraftRows(readFileSync(path, 'utf8'), drafts));
    for (const { row } of drafts) console.log(`drafted ${row.record ?? `${row.source}: ${row.name}`} → ${row.concept} (score ${row.score})`);
    console.log(`${drafts.length} draft row${drafts.length === 1 ? '' : 's'} appended to ${CROSSWALK_PATH}; each is reported by the build until reviewed`);
    return 0;
  }
  for (const item of items) {
    const exclude = new Set(item.record ? [item.record] : []);
    const ranked = createSuggesterFor(model.concepts, model.records, linked, model.glossary, exclude)(item.query);
    const current = item.record ? linked.get(item.record)?.concept : undefined;
    console.log(`${fileOf.get(item.source)}:${item.line} ${item.label}${current ? ` (linked to ${current})` : ' (not linked)'}`);
    ranked.slice(0, top).forEach((s, n) => {
      console.log(
        `  ${n + 1}. ${s.concept.padEnd(22)} ${s.score.toFixed(2)}  name ${s.name.toFixed(2)} text ${s.text.toFixed(2)} mechanics ${s.mechanics.toFixed(2)}  [${s.evidence.join('; ')}]`,
      );
    });
  }
  return 0;
}

function report(result: BuildResult, command: string): void {
  const errors = result.diagnostics.filter((d) => d.fatal);
  const warnings = result.diagnostics.filter((d) => !d.fatal);
  for (const d of errors) console.error(formatDiagnostic(d));
  if (warnings.length) {
    console.log(`${warnings.length} warning${warnings.length === 1 ? '' : 's'}:`);
    for (const d of warnings) console.log(formatDiagnostic(d));
  }
  if (result.summary) {
    for (const edition of result.summary.editions) {
      console.log(`${edition.id}: ${edition.records} records, ${edition.rulings} rulings (${edition.file})`);
    }
    console.log(`${result.summary.randomTables} random tables; ${errors.length} errors, ${warnings.length} warnings`);
  } else {
    console.error(`nuffle ${command}: ${errors.length} error${errors.length === 1 ? '' : 's'}, ${warnings.length} warning${warnings.length === 1 ? '' : 's'}`);
  }
}

