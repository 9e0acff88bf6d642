/**
 * Site build time against a bare Starlight site with the same number of plain
 * Markdown pages: how much the data pages cost over Starlight itself. Used by
 * `npm run bench`; nothing here asserts a time.
 *
 * Both are built in this process, so the first build of either would pay
 * Astro's, Vite's and Rolldown's start-up (module loading, JIT warm-up: about
 * 2× a warm build) and the second not: each is built once to warm up, then
 * BENCH_SITE_RUNS times (3) in turn, site then bare, and the figures are the
 * medians: wall time, and CPU time (this process's, every thread), which a
 * busy machine disturbs less.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot, writeTreeAtomically } from '../io.ts';
import { buildSiteTarget } from '../targets/site.ts';
import { benchLighthouse, type LighthouseFigures } from './bench-lighthouse.ts';
import { benchCardPage, type CardPageBench } from './bench-card-page.ts';

export interface SiteBench {
  siteMs: number;
  pages: number;
  bareStarlightMs: number;
  ratio: number;
  /** CPU time of the two builds (medians), and their ratio. */
  siteCpuMs: number;
  bareStarlightCpuMs: number;
  cpuRatio: number;
  /** Lighthouse mobile figures per page type (null when BENCH_LIGHTHOUSE=off). */
  lighthouseMobile: Record<string, LighthouseFigures> | null;
  /** The card page's weight and generation time (null when BENCH_CARD_PAGE=off). */
  cardPage: CardPageBench | null;
}

function countPages(dir: string): number {
  let n = 0;
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) n += countPages(full);
    else if (name.endsWith('.html')) n++;
  }
  return n;
}

/** Median of a list of numbers. */
const median = (samples: readonly number[]): number => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;

/** Wall and CPU time of `build`. */
async function timed(build: () => Promise<void>): Promise<{ wall: number; cpu: number }> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await build();
  const used = process.cpuUsage(cpu);
  return { wall: performance.now() - start, cpu: (used.user + used.system) / 1000 };
}

/** A bare Starlight project of `pages` plain Markdown pages, in `dir`. */
function writeBareProject(dir: string, pages: number): void {
  mkdirSync(join(dir, 'src/content/docs'), { recursive: true });
  writeFileSync(
    join(dir, 'astro.config.mjs'),
    "import starlight from '@astrojs/starlight';\nimport { defineConfig } from 'astro/config';\nexport default defineConfig({ integrations: [starlight({ title: 'Bare' })] });\n",
  );
  writeFileSync(
    join(dir, 'src/content.config.ts'),
    "import { defineCollection } from 'astro:content';\nimport { docsLoader } from '@astrojs/starlight/loaders';\nimport { docsSchema } from '@astrojs/starlight/schema';\nexport const collections = { docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }) };\n",
  );
  for (let i = 0; i < pages; i++) {
    writeFileSync(join(dir, 'src/content/docs', `page-${i}.md`), `---\ntitle: Page ${i}\n---\n\nPlain page ${i}. ${'Some words of rule text. '.repeat(20)}\n`);
  }
}

/** Build the site from `dataFiles` (a dataset as `buildDataset` returns it), then a bare Starlight site of as many pages, each warm, in turn. */
export async function benchSite(dataFiles: ReadonlyMap<string, string | Uint8Array>): Promise<SiteBench> {
  const out = mkdtempSync(join(tmpdir(), 'nuffle-bench-site-'));
  // Inside the repository, so the bare project resolves astro and starlight from node_modules.
  const bare = join(repoRoot, 'node_modules/.cache/nuffle', `bare-starlight-${process.pid}`);
  const runs = Number(process.env.BENCH_SITE_RUNS ?? 3);
  try {
    writeTreeAtomically(join(out, 'data'), dataFiles);
    let n = 0;
    const site = async () => {
      const code = await buildSiteTarget({ root: repoRoot, dataDir: join(out, 'data'), outDir: join(out, `site-${n++}`) }, { logLevel: 'error' });
      if (code !== 0) throw new Error('the site build failed');
    };
    await site();
    const pages = countPages(join(out, 'site-0'));
    writeBareProject(bare, pages);
    const { build } = await import('astro');
    const bareBuild = async () => {
      const env = process.env.NODE_ENV;
      process.env.NODE_ENV = 'production';
      try {
        await build({
          root: bare,
          outDir: join(out, `bare-${n}`),
          cacheDir: join(out, `bare-cache-${n++}`),
          logLevel: 'error',
          mode: 'production',
        } as Parameters<typeof build>[0]);
      } finally {
        if (env === undefined) delete process.env.NODE_ENV;
        else process.env.NODE_ENV = env;
      }
    };
    await bareBuild();
    const siteRuns: { wall: number; cpu: number }[] = [];
    const bareRuns: { wall: number; cpu: number }[] = [];
    for (let i = 0; i < runs; i++) {
      siteRuns.push(await timed(site));
      bareRuns.push(await timed(bareBuild));
    }
    // Lighthouse mobile per page type (BENCH_LIGHTHOUSE=off skips it).
    const lighthouseMobile = process.env.BENCH_LIGHTHOUSE === 'off' ? null : await benchLighthouse(join(out, 'site-0'));
    // The card page in Chromium: its weight before and after a PDF, and a 16-player deck's time (BENCH_CARD_PAGE=off skips it).
    const cardPage = process.env.BENCH_CARD_PAGE === 'off' ? null : await benchCardPage(join(out, 'site-0'), join(out, 'data'));
    const [siteMs, bareStarlightMs] = [median(siteRuns.map((r) => r.wall)), median(bareRuns.map((r) => r.wall))];
    const [siteCpuMs, bareStarlightCpuMs] = [median(siteRuns.map((r) => r.cpu)), median(bareRuns.map((r) => r.cpu))];
    return {
      siteMs,
      pages,
      bareStarlightMs,
      ratio: siteMs / bareStarlightMs,
      siteCpuMs,
      bareStarlightCpuMs,
      cpuRatio: siteCpuMs / bareStarlightCpuMs,
      lighthouseMobile,
      cardPage,
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
    rmSync(bare, { recursive: true, force: true });
  }
}

/** Every file under `dir`, by its path relative to it. */
function readFolder(dir: string, prefix = ''): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  for (const name of readdirSync(join(dir, prefix)).sort()) {
    const path = join(prefix, name);
    if (statSync(join(dir, path)).isDirectory()) for (const [sub, bytes] of readFolder(dir, path)) files.set(sub, bytes);
    else files.set(path, readFileSync(join(dir, path)));
  }
  return files;
}

// `node pipeline/scripts/bench-site.ts [DATA_DIR]`: the site bench alone, on a built dataset (default dist/data), as JSON;
// BENCH_SITE_RUNS, BENCH_LIGHTHOUSE and BENCH_CARD_PAGE as for `npm run bench`.
if (import.meta.main) {
  console.log(JSON.stringify(await benchSite(readFolder(process.argv[2] ?? join(repoRoot, 'dist/data')))));
}
