// `npm run bench`: how long the pipeline takes, stage by stage, on the real
// sources. Prints figures and ratios; nothing here asserts a time.
import { buildDataset, PARSERS } from '../build.ts';
import { readProject } from '../cli.ts';
import { repoRoot } from '../io.ts';
import { evaluateSuggestions } from '../link/evaluate.ts';
import { parseDataBundle } from '../model/dataset.ts';
import { benchCards } from './bench-cards.ts';
import { splitLines } from '../parse/errata.ts';
import type { ManifestSource } from '../model/schema-types.ts';
import { parse as parseYaml } from 'yaml';

const runs = Number(process.env.BENCH_RUNS ?? 9);

function measure(label: string, fn: () => unknown, times = runs): number {
  fn(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)]!;
  console.log(`${label.padEnd(40)} median ${median.toFixed(2).padStart(9)} ms   min ${samples[0]!.toFixed(2).padStart(9)} ms   (${times} runs)`);
  return median;
}

const readStart = performance.now();
const input = readProject(repoRoot);
console.log(`${'read project (cold, once)'.padEnd(40)}        ${(performance.now() - readStart).toFixed(2).padStart(9)} ms`);

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
const evaluateMs = measure('suggest --evaluate (leave-one-out)', () => evaluateSuggestions(model.records, model.crosswalk, model.concepts, model.glossary, new Set(['traits-alt-wording'])), 3);
const bytes = [...result.files.values()].reduce((n, t) => n + Buffer.byteLength(t), 0);
const records = model.records.length;

console.log('');
console.log(`records                                  ${records} skills and traits, ${JSON.parse(result.files.get('inducements.json')!).length} inducement records`);
console.log(`raw KiB/s in parse (all sources)         ${Math.round(bytesTotal / 1024 / (parseTotal / 1000))}`);
console.log(`output                                   ${result.files.size} files, ${(bytes / 1024).toFixed(1)} KiB`);
console.log(`ratio build / parse                      ${(buildMs / parseTotal).toFixed(2)}×  (link + validate + emit, relative to parsing)`);
console.log(`ratio evaluate / build                   ${(evaluateMs / buildMs).toFixed(2)}×  (${model.crosswalk.filter((r) => r.declaredBy === 'editor').length} leave-one-out rankings)`);

const cards = await benchCards({ runs, bundle: parseDataBundle((file) => result.files.get(file)!) });
console.log(`cards: render all editions (pdfkit)      median ${cards.cardsMs.toFixed(2).padStart(9)} ms   first run ${cards.cardsColdMs.toFixed(0)} ms   (${cards.cards} cards, ${cards.pages} pages; goal < 1000 ms)`);
console.log(
  cards.chromiumMs === null
    ? 'cards: Chromium print of the same cards  (no /usr/bin/chromium)'
    : `cards: Chromium print of the same cards  median ${cards.chromiumMs.toFixed(2).padStart(9)} ms   launch ${cards.chromiumLaunchMs!.toFixed(0)} ms   (ratio pdfkit / Chromium ${(cards.cardsMs / cards.chromiumMs).toFixed(2)}×)`,
);

const site = await (await import('./bench-site.ts')).benchSite(result.files);
console.log(`site build (${site.pages} pages)                 ${(site.siteMs / 1000).toFixed(1)} s; bare Starlight, ${site.pages} plain pages: ${(site.bareStarlightMs / 1000).toFixed(1)} s; ratio ${site.ratio.toFixed(2)}×`);
