/**
 * Site build time against a bare Starlight site with the same number of plain
 * Markdown pages: how much the data pages cost over Starlight itself. Used by
 * `npm run bench`; nothing here asserts a time.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

/** Build the site from `dataFiles` (a dataset as `buildDataset` returns it), then a bare Starlight site of as many pages. */
export async function benchSite(dataFiles: ReadonlyMap<string, string | Uint8Array>): Promise<SiteBench> {
  const out = mkdtempSync(join(tmpdir(), 'nuffle-bench-site-'));
  // Inside the repository, so the bare project resolves astro and starlight from node_modules.
  const bare = join(repoRoot, 'node_modules/.cache/nuffle', `bare-starlight-${process.pid}`);
  try {
    writeTreeAtomically(join(out, 'data'), dataFiles);
    let start = performance.now();
    const code = await buildSiteTarget({ root: repoRoot, dataDir: join(out, 'data'), outDir: join(out, 'site') }, { logLevel: 'error' });
    const siteMs = performance.now() - start;
    if (code !== 0) throw new Error('the site build failed');
    const pages = countPages(join(out, 'site'));
    // Lighthouse mobile per page type (BENCH_LIGHTHOUSE=off skips it).
    const lighthouseMobile = process.env.BENCH_LIGHTHOUSE === 'off' ? null : await benchLighthouse(join(out, 'site'));
    // The card page in Chromium: its weight before and after a PDF, and a 16-player deck's time (BENCH_CARD_PAGE=off skips it).
    const cardPage = process.env.BENCH_CARD_PAGE === 'off' ? null : await benchCardPage(join(out, 'site'), join(out, 'data'));

    mkdirSync(join(bare, 'src/content/docs'), { recursive: true });
    writeFileSync(
      join(bare, 'astro.config.mjs'),
      "import starlight from '@astrojs/starlight';\nimport { defineConfig } from 'astro/config';\nexport default defineConfig({ integrations: [starlight({ title: 'Bare' })] });\n",
    );
    writeFileSync(
      join(bare, 'src/content.config.ts'),
      "import { defineCollection } from 'astro:content';\nimport { docsLoader } from '@astrojs/starlight/loaders';\nimport { docsSchema } from '@astrojs/starlight/schema';\nexport const collections = { docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }) };\n",
    );
    for (let i = 0; i < pages; i++) {
      writeFileSync(
        join(bare, 'src/content/docs', `page-${i}.md`),
        `---\ntitle: Page ${i}\n---\n\nPlain page ${i}. ${'Some words of rule text. '.repeat(20)}\n`,
      );
    }
    const { build } = await import('astro');
    const env = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    start = performance.now();
    await build({ root: bare, outDir: join(out, 'bare'), cacheDir: join(out, 'bare-cache'), logLevel: 'error', mode: 'production' } as Parameters<
      typeof build
    >[0]);
    const bareStarlightMs = performance.now() - start;
    if (env === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = env;
    return { siteMs, pages, bareStarlightMs, ratio: siteMs / bareStarlightMs, lighthouseMobile, cardPage };
  } finally {
    rmSync(out, { recursive: true, force: true });
    rmSync(bare, { recursive: true, force: true });
  }
}
