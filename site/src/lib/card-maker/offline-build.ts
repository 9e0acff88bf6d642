/**
 * The card page's service worker, written when the site is built (the Astro
 * integration `cardPageOffline` of offline-integration.ts, in astro.config.mjs): for each locale's
 * page, `<page>sw.js` is offline-worker.ts with its types stripped, given the
 * files to cache (the page, every hashed asset it reaches: scripts, styles,
 * the card worker, the faces; and the dataset files it fetches) and a cache
 * name made of a digest of those files' bytes. The same build gives the same
 * script, byte for byte; a changed file gives a new cache name, so the
 * browser installs the new worker and drops the old cache.
 */
import { createHash } from 'node:crypto';
import type { OfflineConfig } from './offline-worker.ts';

/** A built site's files, by site path (`/_astro/x.js`); null when there is none. */
export type ReadSite = (path: string) => Uint8Array | null;

const ASSETS = '/_astro/';
const TEXT = ['.js', '.mjs', '.css', '.html'];
const hex = (bytes: Uint8Array | string): string => createHash('sha256').update(bytes).digest('hex');

/**
 * The files the page at `page` needs: itself, every hashed asset its HTML
 * names and, through their texts, every asset those name (the card worker in
 * the page's script, the faces in the worker); then the dataset files. In a
 * stable order: the same site, the same list.
 */
export function precacheList(page: string, assets: readonly string[], data: readonly string[], read: ReadSite): string[] {
  const found = new Set<string>();
  const queue = [`${page}index.html`];
  while (queue.length) {
    const path = queue.shift()!;
    if (!TEXT.some((ext) => path.endsWith(ext))) continue;
    const text = new TextDecoder().decode(read(path) ?? new Uint8Array());
    for (const name of assets)
      if (!found.has(name) && text.includes(name)) {
        found.add(name);
        queue.push(`${ASSETS}${name}`);
      }
  }
  const reached = [...found].sort().map((name) => `${ASSETS}${name}`);
  return [page, ...reached, ...data.filter((path) => read(path) !== null)];
}

/**
 * The worker's configuration for the page at `page`: its files with the
 * SHA-256 of each (the worker serves a cached copy only when its bytes have
 * it), and a cache name that changes when one of their bytes does.
 */
export function offlineConfig(page: string, assets: readonly string[], data: readonly string[], read: ReadSite): OfflineConfig {
  const precache = precacheList(page, assets, data, read).map((path) => ({ path, sha256: hex(read(path === page ? `${page}index.html` : path) ?? '') }));
  // Stryker disable next-line StringLiteral: every precached file exists (precacheList keeps only those), and each hex digest is 64 characters, so the lines need no separator to stay apart
  const digest = hex(precache.map((f) => `${f.path}\u0000${f.sha256}`).join('\n'));
  const prefix = `nuffle-cards:${page}:`;
  return { cache: `${prefix}${digest.slice(0, 20)}`, prefix, precache, networkTimeout: 4000 };
}

const EXPORTS = 'export { cacheFirst, networkFirst, serveOffline, strategyOf };';

/** The classic script the browser runs: the worker's code (types stripped, exports removed) and the call with this build's configuration. */
export function serviceWorkerScript(code: string, config: OfflineConfig): string {
  if (!code.includes(EXPORTS)) throw new Error(`offline-worker.ts: its last line is no longer "${EXPORTS}"`);
  return `${code.replace(EXPORTS, '').trimEnd()}\n\nserveOffline(self, ${JSON.stringify(config, null, 2)});\n`;
}
