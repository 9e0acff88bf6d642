/**
 * Bench of the site's card page (/cards/, issue 25): what a visit weighs
 * before the organiser asks for a PDF and what asking adds (pdfkit's worker
 * and the four faces), what its service worker caches in the background for
 * offline use, and the time from "Make the PDF" to the download for
 * a 16-player roster: the first time (worker and fonts fetched and parsed)
 * and again (warm), against the CLI's card stage in this process for the
 * same deck (plan + fit + draw). Used by `npm run bench` (through
 * bench-site.ts) and on its own: `node pipeline/scripts/bench-card-page.ts
 * [site-dir]` (default dist/site, which `nuffle build` wrote). Nothing here
 * asserts a time.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { renderDocuments } from '../emit/cards/emit-cards.ts';
import { cardsOptions } from '../emit/cards/options.ts';
import { planSelection } from '../emit/cards/plan-selection.ts';
import { readDataBundle, repoRoot } from '../io.ts';
import { createRosterValidator } from '../validate/roster-validator.ts';
import { cardFonts } from '../targets/cards.ts';
import { serveStatic } from './preview.ts';

export interface Weight {
  requests: number;
  /** Bytes of the responses' bodies as served. */
  bytes: number;
  /** The same bodies gzipped (-6): about what a host that compresses sends. */
  gzipBytes: number;
}

export interface CardPageBench {
  /** The page and everything it loads before a PDF is asked for (the dataset from /data/ included). */
  before: Weight;
  /** What the page's service worker fetches on the first visit, in the background, to open and make PDFs offline later (the worker, the faces, the page and the dataset again). */
  offlineCache: Weight;
  /** What asking for the first PDF adds to the page (the worker, the faces), from the network or the service worker's cache. */
  onMake: Weight;
  /** "Make the PDF" to the download, the first time in the visit. */
  firstMakeMs: number;
  /** The same, median of warm runs. */
  makeMs: number;
  /** The CLI's card stage for the same deck in this process, median of warm runs. */
  cliMs: number;
  cards: number;
}

const median = (samples: number[]): number => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
const ROSTER = () => readFileSync(join(repoRoot, 'test/fixtures/cards/roster-16.yaml'), 'utf8');

/** The CLI's side: the same roster planned and drawn, warm. */
async function cliTime(dataDir: string, runs: number): Promise<{ ms: number; cards: number }> {
  const bundle = readDataBundle(dataDir);
  const fonts = await cardFonts();
  const input = { skills: null, edition: null, lang: null, roster: { text: ROSTER(), file: 'roster.yaml' }, perPlayer: false };
  const once = async () => {
    const planned = planSelection(bundle, input, createRosterValidator());
    if ('usage' in planned) throw new Error(planned.usage);
    return renderDocuments([planned.plan], bundle, cardsOptions(), fonts);
  };
  const cards = (await once()).documents[0]!.cards;
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await once();
    samples.push(performance.now() - start);
  }
  return { ms: median(samples), cards };
}

export async function benchCardPage(siteDir: string, dataDir: string, options: { runs?: number; chromium?: string } = {}): Promise<CardPageBench> {
  const runs = options.runs ?? 5;
  const server = await serveStatic(siteDir);
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: options.chromium ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({ acceptDownloads: true });
    // The files the page (and its workers) loaded, and those the service worker fetched for its cache, apart; weighed as
    // the files the server sent (a response the service worker answers has no body to read).
    const loaded: string[] = [];
    const cached: string[] = [];
    context.on('response', (response) => {
      const url = new URL(response.url());
      if (url.protocol !== 'blob:' && url.origin === server.origin && response.ok()) (response.request().serviceWorker() ? cached : loaded).push(url.pathname);
    });
    const page = await context.newPage();
    await page.goto(`${server.origin}/cards/`, { waitUntil: 'networkidle' });
    await page.locator('#card-maker[data-ready="true"]').waitFor({ state: 'attached' });
    await page.evaluate('navigator.serviceWorker.ready');
    await page.waitForLoadState('networkidle');
    const weigh = (paths: string[]): Weight => {
      const files = paths.map((path) => readFileSync(join(siteDir, decodeURIComponent(path), path.endsWith('/') ? 'index.html' : '')));
      return { requests: files.length, bytes: files.reduce((n, b) => n + b.length, 0), gzipBytes: files.reduce((n, b) => n + gzipSync(b).length, 0) };
    };
    const before = weigh([...loaded]);
    const offlineCache = weigh([...cached]);
    const seen = loaded.length;
    await page.locator('#roster-text').fill(ROSTER());
    await page.waitForFunction(
      () => !(globalThis as unknown as { document: { getElementById(id: string): { disabled: boolean } } }).document.getElementById('make').disabled,
    );
    const make = async (): Promise<number> => {
      const start = performance.now();
      await Promise.all([page.waitForEvent('download', { timeout: 300_000 }), page.locator('#make').click()]);
      return performance.now() - start;
    };
    const firstMakeMs = await make();
    await page.waitForLoadState('networkidle');
    const onMake = weigh(loaded.slice(seen));
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) samples.push(await make());
    const cli = await cliTime(dataDir, runs);
    return { before, offlineCache, onMake, firstMakeMs, makeMs: median(samples), cliMs: cli.ms, cards: cli.cards };
  } finally {
    await browser.close();
    await server.close();
  }
}

/** The figures as lines for the bench's table. */
export function cardPageLines(b: CardPageBench): string[] {
  const kB = (n: number) => `${(n / 1024).toFixed(0)} kB`;
  return [
    `card page: before a PDF                 ${b.before.requests} requests, ${kB(b.before.bytes)} (${kB(b.before.gzipBytes)} gzip)`,
    `card page: its service worker caches     ${b.offlineCache.requests} requests, ${kB(b.offlineCache.bytes)} (${kB(b.offlineCache.gzipBytes)} gzip), in the background`,
    `card page: asking for the first PDF adds ${b.onMake.requests} requests, ${kB(b.onMake.bytes)} (${kB(b.onMake.gzipBytes)} gzip)`,
    `card page: 16-player deck (${b.cards} cards)    first ${b.firstMakeMs.toFixed(0)} ms, then median ${b.makeMs.toFixed(0)} ms; CLI card stage ${b.cliMs.toFixed(0)} ms (ratio ${(b.makeMs / b.cliMs).toFixed(2)}×)`,
  ];
}

if (import.meta.main) {
  const site = resolve(process.argv[2] ?? join(repoRoot, 'dist/site'));
  const result = await benchCardPage(site, join(site, 'data'));
  for (const line of cardPageLines(result)) console.log(line);
  console.log(JSON.stringify(result));
}
