/**
 * The Astro integration that writes the card page's service worker after the
 * build (offline-build.ts makes the script): `sw.js` beside each locale's card
 * page. File I/O only, run by `astro build`; the browser test
 * test/site/cards-page-ui.test.ts ("offline once loaded") reloads the built
 * page offline.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dataDir } from '../data-dir.ts';
import { DATASET_FILES } from './dataset-files.ts';
import { offlineConfig, type ReadSite, serviceWorkerScript } from './offline-build.ts';

/** Every file under `dir`, as names relative to it. */
function filesIn(dir: string): string[] {
  return existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    : [];
}

/**
 * The Astro integration: after the build, `sw.js` beside each card page
 * (`pages`: `/cards/`, `/fr/cards/`). The dataset is read from the data
 * folder the site renders (the site serves it under /data/, copied after
 * Astro's build by pipeline/targets/site.ts, byte for byte).
 */
export function cardPageOffline(pages: readonly string[]) {
  return {
    name: 'nuffle-card-page-offline',
    hooks: {
      'astro:build:done': async ({ dir }: { dir: URL }) => {
        const { transformWithOxc } = await import('vite');
        const out = fileURLToPath(dir);
        const data = dataDir();
        const source = fileURLToPath(new URL('./offline-worker.ts', import.meta.url));
        const { code } = await transformWithOxc(readFileSync(source, 'utf8'), source, { lang: 'ts' });
        const assets = filesIn(join(out, '_astro')).sort();
        const read: ReadSite = (path) => {
          const file = path.startsWith('/data/') ? join(data, path.slice('/data/'.length)) : join(out, path);
          return existsSync(file) ? new Uint8Array(readFileSync(file)) : null;
        };
        for (const page of pages) {
          if (!existsSync(join(out, page, 'index.html'))) continue;
          writeFileSync(
            join(out, page, 'sw.js'),
            serviceWorkerScript(
              code,
              offlineConfig(
                page,
                assets,
                DATASET_FILES.map((f) => `/data/${f.served}`),
                read,
              ),
            ),
          );
        }
      },
    },
  };
}
