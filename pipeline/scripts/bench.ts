// `npm run bench`: how long the pipeline takes, stage by stage, on the real
// sources. Prints figures and ratios; nothing here asserts a time.
import { buildDataset } from '../build.ts';
import { readProject } from '../cli.ts';
import { repoRoot } from '../io.ts';
import { parseEn2020 } from '../parse/en-2020.ts';
import { splitLines } from '../parse/errata.ts';
import type { ManifestSource } from '../model/schema-types.ts';

const runs = Number(process.env.BENCH_RUNS ?? 15);

function measure(label: string, fn: () => unknown): number {
  fn(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  console.log(`${label.padEnd(34)} median ${median.toFixed(2).padStart(8)} ms   min ${times[0]!.toFixed(2).padStart(8)} ms   (${runs} runs)`);
  return median;
}

const readStart = performance.now();
const input = readProject(repoRoot);
const readMs = performance.now() - readStart;
console.log(`${'read project (cold, once)'.padEnd(34)}        ${readMs.toFixed(2).padStart(8)} ms`);

const manifestSource: ManifestSource = {
  id: 'en-2020-skills-traits',
  file: 'sources/raw/en-2020-skills-traits.txt',
  lang: 'en',
  edition: { id: 'en-2020', label: 'bench' },
  parser: 'en-2020',
  note: '',
};
const text = new TextDecoder().decode(input.raw.get(manifestSource.file)!);
const lines = splitLines(text);
const parseMs = measure('parse en-2020 (98 entries)', () => parseEn2020({ manifest: manifestSource, lines, errata: new Map() }));
const buildMs = measure('buildDataset (all stages, in memory)', () => buildDataset(input));
const result = buildDataset(input);
const bytes = [...result.files.values()].reduce((n, t) => n + Buffer.byteLength(t), 0);

console.log('');
console.log(`records/s in parse              ${Math.round(98 / (parseMs / 1000))}`);
console.log(`raw KiB/s in parse              ${Math.round(Buffer.byteLength(text) / 1024 / (parseMs / 1000))}`);
console.log(`output                          ${result.files.size} files, ${(bytes / 1024).toFixed(1)} KiB`);
console.log(`ratio build / parse             ${(buildMs / parseMs).toFixed(2)}×  (link + validate + emit cost, relative to parsing)`);
