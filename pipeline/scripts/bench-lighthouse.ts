// Lighthouse 12.2.3 (pinned: newer versions fail on these machines) over the
// built site, one page per page type, with Lighthouse's default mobile
// settings (a mid-range phone, simulated slow 4G): its performance,
// accessibility, best-practices and SEO scores (0-100), total blocking time
// and layout shift, from the median of three runs per page. Run by `npm run bench`
// (bench-site.ts) as `lighthouseMobile`.
import { chromium } from 'playwright-core';
import { freePort } from './bench-dev.ts';
import { serveStatic } from './preview.ts';

export const LIGHTHOUSE_PAGES = {
  home: '/',
  concept: '/concepts/really-stupid/',
  'concept-fr': '/fr/concepts/really-stupid/',
  'what-changed': '/what-changed/',
  rulings: '/rulings/',
  inducement: '/inducements/big-guy-mercenary-price-list/',
  'random-table': '/random-tables/en-2020/blood-bowl/',
} as const;

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  totalBlockingTimeMs: number;
  cumulativeLayoutShift: number;
}

type Category = { score: number | null };
type LighthouseResult = { lhr: { categories: Record<string, Category>; audits: Record<string, { numericValue?: number }> } };

/** Lighthouse on one page: its four scores, blocking time and layout shift. */
async function runLighthouse(
  lighthouse: (url: string, flags: object) => Promise<LighthouseResult | undefined>,
  url: string,
  port: number,
): Promise<LighthouseFigures> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const score = (id: string) => Math.round((result.lhr.categories[id]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    totalBlockingTimeMs: Math.round(result.lhr.audits['total-blocking-time']?.numericValue ?? NaN),
    cumulativeLayoutShift: Math.round((result.lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN) * 1000) / 1000,
  };
}

/** The run of median performance (one run's figures, not a mix of runs): one run can be a third slower on a busy or cold machine. */
function medianRun(runs: readonly LighthouseFigures[]): LighthouseFigures {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance || b.totalBlockingTimeMs - a.totalBlockingTimeMs);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** Runs per page (BENCH_LIGHTHOUSE_RUNS, 3 by default): the figures are the median run's. */
const runsPerPage = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3) || 3);

export async function benchLighthouse(
  siteDir: string,
  chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
): Promise<Record<string, LighthouseFigures>> {
  const { default: lighthouse } = (await import('lighthouse')) as unknown as { default: (url: string, flags: object) => Promise<LighthouseResult | undefined> };
  const server = await serveStatic(siteDir);
  // Debian's chromium, started by playwright-core with a debugging port Lighthouse connects to.
  const port = await freePort();
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu', `--remote-debugging-port=${port}`] });
  const chrome = { port, kill: () => browser.close() };
  const figures: Record<string, LighthouseFigures> = {};
  try {
    for (const [type, path] of Object.entries(LIGHTHOUSE_PAGES)) {
      const runs: LighthouseFigures[] = [];
      for (let run = 0; run < runsPerPage; run++) runs.push(await runLighthouse(lighthouse, server.origin + path, chrome.port));
      figures[type] = medianRun(runs);
    }
  } finally {
    await chrome.kill();
    await server.close();
  }
  return figures;
}

// `node pipeline/scripts/bench-lighthouse.ts DIR`: the figures of an already built site, as JSON.
if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchLighthouse(process.argv[2] ?? 'dist/site'), null, 2));
}
