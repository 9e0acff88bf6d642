// `npm run bench`: how long the pipeline takes, stage by stage, on the real
// sources; the data build as a process against a bare `node -e 0`; a scale
// series on a synthetic corpus (×1, ×10, ×100); suggest --evaluate; the cards
// and the site. Prints figures and ratios (`-- --json`: one JSON object on
// stdout, the table on stderr); nothing here asserts a time. See docs/BENCHMARKS.md.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDataset, PARSERS } from '../build.ts';
import { readProject } from '../cli.ts';
import { repoRoot } from '../io.ts';
import { evaluateSuggestions } from '../link/evaluate.ts';
import { parseDataBundle, type DataBundle } from '../model/dataset.ts';
import { splitLines } from '../parse/errata.ts';
import type { ManifestSource } from '../model/schema-types.ts';
import { scaleCorpus } from './synthetic-corpus.ts';
import { parse as parseYaml } from 'yaml';

const runs = Number(process.env.BENCH_RUNS ?? 9);
const json = process.argv.includes('--json');
const log = (line: string) => (json ? console.error(line) : console.log(line));
const median = (samples: readonly number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;

// A child that builds the synthetic corpus at one scale and reports its time and peak memory.
const child = process.argv.indexOf('--scale-child');
if (child >= 0) {
  const factor = Number(process.argv[child + 1]);
  const { input } = scaleCorpus(readProject(repoRoot), factor);
  const times = factor >= 100 ? 1 : 3;
  // ×100 is one build and no warm-up: the peak is then that build's, not that build's plus the
  // garbage a warm-up left behind, and warming the code up is under 2 % of a 12 s build.
  if (factor < 100) buildDataset(input); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    const result = buildDataset(input);
    samples.push(performance.now() - start);
    if (result.summary === null) throw new Error(`the ×${factor} corpus does not build`);
  }
  console.log(JSON.stringify({ ms: median(samples), peakRssMiB: process.resourceUsage().maxRSS / 1024 }));
  process.exit(0);
}

function measure(label: string, fn: () => unknown, times = runs): number {
  fn(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  log(`${label.padEnd(40)} median ${median(samples).toFixed(2).padStart(9)} ms   min ${samples[0]!.toFixed(2).padStart(9)} ms   (${times} runs)`);
  return median(samples);
}

/** Wall time of a command, median of `times` runs after one warm-up. */
function processMs(args: readonly string[], times = 5, env: NodeJS.ProcessEnv = process.env): number {
  const run = () => {
    const start = performance.now();
    const result = spawnSync(process.execPath, args, { cwd: repoRoot, encoding: 'utf8', env });
    if (result.status !== 0) throw new Error(`${args.join(' ')} exited ${result.status}: ${result.stderr}`);
    return performance.now() - start;
  };
  run();
  return median(Array.from({ length: times }, run));
}

// The data build as a user runs it (`npm run nuffle -- build --only data`: the npm scripts turn
// Node's compile cache on before the entry loads), against Node's own start-up. Three ways:
// - warm: the compile cache and the build cache filled by the warm-up run; nothing changed since,
//   so the build is replayed (what a rebuild without edits, or a second target run, costs);
// - every stage (`--no-cache`): what a rebuild after an edit costs, modules from the compile cache;
// - cold: no cache at all, as on a fresh clone.
// The caches live in temporary folders, so the user's are neither read nor replaced.
const out = mkdtempSync(join(tmpdir(), 'nuffle-bench-'));
const cacheEnv = { ...process.env, NODE_COMPILE_CACHE: join(out, 'compile-cache'), NUFFLE_CACHE_DIR: join(out, 'build-cache'), NUFFLE_BUILD_CACHE: 'on' };
const dataBuild = [join(repoRoot, 'pipeline/cli.ts'), 'build', '--only', 'data', '--out', join(out, 'dist')];
const nodeStartMs = processMs(['-e', '0']);
const dataBuildMs = processMs(dataBuild, 5, cacheEnv);
const dataBuildFullMs = processMs([...dataBuild, '--no-cache'], 5, cacheEnv);
const dataBuildColdMs = processMs([...dataBuild, '--no-cache'], 5, { ...cacheEnv, NODE_COMPILE_CACHE: '', NODE_DISABLE_COMPILE_CACHE: '1' });
// A rebuild after an edit, caches on: in a copy of the project, each run first changes one file
// (a crosswalk rationale; then the English source), so the build cache misses and the stage memo
// recalls every other file.
const project = join(out, 'project');
cpSync(join(repoRoot, 'sources'), join(project, 'sources'), { recursive: true });
cpSync(join(repoRoot, 'schema'), join(project, 'schema'), { recursive: true });
const editedBuild = [join(repoRoot, 'pipeline/cli.ts'), 'build', '--only', 'data', '--root', project, '--out', join(project, 'dist')];
const editedMs = (file: string, edit: (text: string, n: number) => string): number => {
  const path = join(project, file);
  const original = readFileSync(path, 'utf8');
  let n = 0;
  const samples: number[] = [];
  for (let i = 0; i <= 5; i++) {
    writeFileSync(path, edit(original, ++n));
    const start = performance.now();
    const run = spawnSync(process.execPath, editedBuild, { cwd: repoRoot, encoding: 'utf8', env: cacheEnv });
    if (run.status !== 0) throw new Error(`the build after an edit of ${file} failed: ${run.stderr}`);
    if (i > 0) samples.push(performance.now() - start);
  }
  writeFileSync(path, original);
  return median(samples);
};
const dataBuildEditAnnotationMs = editedMs('sources/annotations/crosswalk.yaml', (text, n) => text.replace('rationale: "', `rationale: "Edit ${n}. `));
const dataBuildEditSourceMs = editedMs('sources/raw/en-2020-skills-traits.txt', (text, n) => `${text}${'\n'.repeat(n)}`);
rmSync(out, { recursive: true, force: true });
log(`${'node -e 0 (process)'.padEnd(40)} median ${nodeStartMs.toFixed(2).padStart(9)} ms   (5 runs after a warm-up)`);
log(
  `${'nuffle build --only data (process)'.padEnd(40)} median ${dataBuildMs.toFixed(2).padStart(9)} ms   ratio ${(dataBuildMs / nodeStartMs).toFixed(2)}× node -e 0 (goal ≤ 4×; inputs unchanged: replayed from the build cache)`,
);
log(
  `${'  … --no-cache (every stage runs)'.padEnd(40)} median ${dataBuildFullMs.toFixed(2).padStart(9)} ms   ratio ${(dataBuildFullMs / nodeStartMs).toFixed(2)}× (what a rebuild after an edit costs)`,
);
log(
  `${'  … after an edit of crosswalk.yaml'.padEnd(40)} median ${dataBuildEditAnnotationMs.toFixed(2).padStart(9)} ms   ratio ${(dataBuildEditAnnotationMs / nodeStartMs).toFixed(2)}× (caches on: the other files come from the stage memo)`,
);
log(
  `${'  … after an edit of the English source'.padEnd(40)} median ${dataBuildEditSourceMs.toFixed(2).padStart(9)} ms   ratio ${(dataBuildEditSourceMs / nodeStartMs).toFixed(2)}× (the largest source parsed again)`,
);
log(
  `${'  … no cache at all (fresh clone)'.padEnd(40)} median ${dataBuildColdMs.toFixed(2).padStart(9)} ms   ratio ${(dataBuildColdMs / nodeStartMs).toFixed(2)}× (no compile cache either)`,
);

const readStart = performance.now();
const input = readProject(repoRoot);
log(`${'read project (cold, once)'.padEnd(40)}        ${(performance.now() - readStart).toFixed(2).padStart(9)} ms`);

const manifest = parseYaml(input.manifest.text) as { sources: ManifestSource[] };
let parseTotal = 0;
let bytesTotal = 0;
for (const source of manifest.sources) {
  const bytes = input.raw.get(source.file)!;
  const lines = splitLines(new TextDecoder().decode(bytes));
  bytesTotal += bytes.length;
  parseTotal += measure(`parse ${source.id}`, () => PARSERS[source.parser]!({ manifest: source, lines, errata: new Map() }));
}
const buildMs = measure('buildDataset (all stages, in memory)', () => buildDataset(input));
const result = buildDataset(input);
const model = result.model!;
const suggestEvaluateMs = measure(
  'suggest --evaluate (leave-one-out)',
  () => evaluateSuggestions(model.records, model.crosswalk, model.concepts, model.glossary, new Set(['traits-alt-wording'])),
  3,
);
const bytes = [...result.files.values()].reduce((n, t) => n + Buffer.byteLength(t), 0);
const records = model.records.length;

log('');
log(`records                                  ${records} skills and traits, ${JSON.parse(result.files.get('inducements.json')!).length} inducement records`);
log(`raw KiB/s in parse (all sources)         ${Math.round(bytesTotal / 1024 / (parseTotal / 1000))}`);
log(`output                                   ${result.files.size} files, ${(bytes / 1024).toFixed(1)} KiB`);
log(`ratio build / parse                      ${(buildMs / parseTotal).toFixed(2)}×  (link + validate + emit, relative to parsing)`);
log(
  `ratio evaluate / build                   ${(suggestEvaluateMs / buildMs).toFixed(2)}×  (${model.crosswalk.filter((r) => r.declaredBy === 'editor').length} leave-one-out rankings; goal < 500 ms)`,
);

// Scale series: each scale in its own process, so its peak memory is its own.
log('');
const scale: Record<string, { ms: number; peakRssMiB: number }> = {};
for (const factor of [1, 10, 100]) {
  const run = spawnSync(process.execPath, [join(repoRoot, 'pipeline/scripts/bench.ts'), '--scale-child', String(factor)], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  if (run.status !== 0) throw new Error(`scale ×${factor} failed: ${run.stderr}`);
  scale[String(factor)] = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { ms: number; peakRssMiB: number };
  const { ms, peakRssMiB } = scale[String(factor)]!;
  log(
    `${`synthetic corpus ×${factor} (in memory)`.padEnd(40)} ${factor >= 100 ? 'once  ' : 'median'} ${ms.toFixed(2).padStart(9)} ms   peak RSS ${peakRssMiB.toFixed(0)} MiB   ${(ms / scale['1']!.ms).toFixed(1)}× the ×1 build`,
  );
}
const scaleRatio100 = scale['100']!.ms / scale['1']!.ms;
log(`${'ratio ×100 / ×1'.padEnd(40)} ${scaleRatio100.toFixed(1)}×  (goal ≤ 100×; peak < 1024 MiB)`);

const figures: Record<string, unknown> = {
  nodeStartMs: round(nodeStartMs),
  dataBuildMs: round(dataBuildMs),
  dataBuildRatio: round(dataBuildMs / nodeStartMs),
  dataBuildFullMs: round(dataBuildFullMs),
  dataBuildFullRatio: round(dataBuildFullMs / nodeStartMs),
  dataBuildEditAnnotationMs: round(dataBuildEditAnnotationMs),
  dataBuildEditSourceMs: round(dataBuildEditSourceMs),
  dataBuildColdMs: round(dataBuildColdMs),
  dataBuildColdRatio: round(dataBuildColdMs / nodeStartMs),
  scale: Object.fromEntries(Object.entries(scale).map(([k, v]) => [k, { ms: round(v.ms), peakRssMiB: round(v.peakRssMiB) }])),
  scaleRatio100: round(scaleRatio100),
  suggestEvaluateMs: round(suggestEvaluateMs),
};

// The data rebuild after a one-file change, measured in the watching process (`nuffle build --watch`).
{
  const { benchWatch } = await import('./bench-watch.ts');
  const watched = await benchWatch();
  figures.watchRebuildMs = round(watched.watchRebuildMs);
  log('');
  log(
    `${'watch: data rebuild after one edit'.padEnd(40)} median ${watched.watchRebuildMs.toFixed(2).padStart(9)} ms   (${watched.rebuildsMs.join(', ')} ms; goal < 300 ms)`,
  );
}

// `nuffle dev`: from a save of a source to the changed page served by the dev server.
{
  const { benchDev } = await import('./bench-dev.ts');
  const dev = await benchDev();
  figures.devFirstPageMs = round(dev.devFirstPageMs);
  figures.devEditToPageMs = round(dev.devEditToPageMs);
  figures.devEditSourceMs = round(dev.devEditSourceMs);
  figures.devEditAnnotationMs = round(dev.devEditAnnotationMs);
  log(`${'dev: start → first page served'.padEnd(40)}        ${dev.devFirstPageMs.toFixed(2).padStart(9)} ms   (empty caches; goal < 5000 ms)`);
  log(
    `${'dev: save → changed page served'.padEnd(40)} median ${dev.devEditToPageMs.toFixed(2).padStart(9)} ms   (raw text ${dev.devEditSourceMs.toFixed(0)} ms, annotation ${dev.devEditAnnotationMs.toFixed(0)} ms; ${dev.editsMs.map((ms) => ms.toFixed(0)).join(', ')} ms; goal < 600 ms)`,
  );
}

// The cards and the site, when their benches exist (each owned by its target).
const here = (file: string) => join(repoRoot, 'pipeline/scripts', file);
log('');
if (existsSync(here('bench-cards.ts'))) {
  type CardsBench = { cardsMs: number; cardsColdMs: number; chromiumMs: number | null; chromiumLaunchMs: number | null; cards: number; pages: number };
  const { benchCards } = (await import(here('bench-cards.ts'))) as { benchCards: (options: { runs: number; bundle: DataBundle }) => Promise<CardsBench> };
  const cards = await benchCards({ runs, bundle: parseDataBundle((file) => result.files.get(file)!) });
  figures.cardsMs = round(cards.cardsMs);
  log(
    `cards: render all editions (pdfkit)      median ${cards.cardsMs.toFixed(2).padStart(9)} ms   first run ${cards.cardsColdMs.toFixed(0)} ms   (${cards.cards} cards, ${cards.pages} pages; goal < 1000 ms)`,
  );
  log(
    cards.chromiumMs === null
      ? 'cards: Chromium print of the same cards  (no /usr/bin/chromium)'
      : `cards: Chromium print of the same cards  median ${cards.chromiumMs.toFixed(2).padStart(9)} ms   launch ${cards.chromiumLaunchMs!.toFixed(0)} ms   (ratio pdfkit / Chromium ${(cards.cardsMs / cards.chromiumMs).toFixed(2)}×)`,
  );
}
if (existsSync(here('bench-site.ts'))) {
  type SiteBench = {
    siteMs: number;
    bareStarlightMs: number;
    ratio: number;
    siteCpuMs: number;
    bareStarlightCpuMs: number;
    cpuRatio: number;
    pages: number;
    lighthouseMobile: Record<string, Record<string, number>> | null;
    cardPage: import('./bench-card-page.ts').CardPageBench | null;
  };
  const { benchSite } = (await import(here('bench-site.ts'))) as { benchSite: (files: ReadonlyMap<string, string | Uint8Array>) => Promise<SiteBench> };
  const site = await benchSite(new Map<string, string | Uint8Array>([...result.files, ...result.assets]));
  figures.siteMs = round(site.siteMs);
  figures.siteRatio = round(site.ratio);
  figures.siteCpuRatio = round(site.cpuRatio);
  log(
    `site build (${site.pages} pages)                 ${(site.siteMs / 1000).toFixed(1)} s; bare Starlight, ${site.pages} plain pages: ${(site.bareStarlightMs / 1000).toFixed(1)} s; ratio ${site.ratio.toFixed(2)}× (goal ≤ 1.5×; both warm, medians)`,
  );
  log(
    `  … CPU time                             ${(site.siteCpuMs / 1000).toFixed(1)} s; bare Starlight: ${(site.bareStarlightCpuMs / 1000).toFixed(1)} s; ratio ${site.cpuRatio.toFixed(2)}×`,
  );
  if (site.cardPage) {
    const { cardPageLines } = (await import(here('bench-card-page.ts'))) as typeof import('./bench-card-page.ts');
    figures.cardPage = site.cardPage;
    for (const line of cardPageLines(site.cardPage)) log(line);
  }
  if (site.lighthouseMobile) {
    figures.lighthouseMobile = site.lighthouseMobile;
    log('lighthouse mobile (12.2.3)               page type: performance / accessibility / best practices / SEO, TBT, CLS');
    for (const [type, f] of Object.entries(site.lighthouseMobile)) {
      log(
        `  ${type.padEnd(38)} ${f.performance} / ${f.accessibility} / ${f.bestPractices} / ${f.seo}, ${f.totalBlockingTimeMs} ms, ${f.cumulativeLayoutShift}`,
      );
    }
  }
}

if (json) console.log(JSON.stringify(figures));

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
