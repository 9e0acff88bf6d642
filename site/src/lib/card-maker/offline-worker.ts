/**
 * The card page's service worker: what lets an organiser who opened /cards/
 * once open it again without a network (at the league's venue) and make a
 * PDF. Served as /cards/sw.js and /fr/cards/sw.js (scoped to the page of its
 * locale, never to the rest of the site), written by offline-build.ts from
 * this module and the build's list of files: on install it caches the page,
 * its scripts and styles, the card worker, the four faces and the dataset;
 * then hashed assets (`/_astro/`) come from the cache first, the page and the
 * dataset from the network first (the cached copy when the network fails or
 * is slow). A cached copy is served only when its SHA-256 is the one the
 * build listed for that path: a copy another script of the origin replaced
 * (the Cache API is open to every script of the origin) is fetched again, or
 * not served; a file the build did not list is never kept. It asks nothing of
 * another origin and leaves every other request alone. A module here for its types and its tests; the script the browser
 * runs is this code with its types stripped and `serveOffline(self, config)`
 * called.
 */

/** A file the build lists: its same-origin path, and the SHA-256 (hex) of the bytes served there. */
export interface PrecachedFile {
  path: string;
  sha256: string;
}

/** What the build gives the worker (offline-build.ts). */
export interface OfflineConfig {
  /** This build's cache: `prefix` and a digest of every precached file, so a new build never serves an old file. */
  cache: string;
  /** What this scope's caches start with: the others are deleted when this worker takes over. */
  prefix: string;
  /** The files cached on install, with their digests: the only files ever served from the cache. */
  precache: PrecachedFile[];
  /** How long a page or data request waits for the network before the cached copy is served (ms). */
  networkTimeout: number;
}

export type Strategy = 'cache-first' | 'network-first' | 'pass';

interface OfflineEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface OfflineFetchEvent extends OfflineEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
/** The parts of the Cache API the worker uses. */
export interface OfflineCache {
  match(request: Request | string): Promise<Response | undefined>;
  put(request: Request | string, response: Response): Promise<void>;
}
export interface OfflineCaches {
  open(name: string): Promise<OfflineCache>;
  keys(): Promise<string[]>;
  delete(name: string): Promise<boolean>;
}
/** The parts of ServiceWorkerGlobalScope the worker uses. */
export interface WorkerScope {
  location: { origin: string };
  clients: { claim(): Promise<void> };
  caches: OfflineCaches;
  crypto: { subtle: { digest(algorithm: 'SHA-256', data: ArrayBuffer): Promise<ArrayBuffer> } };
  fetch(request: Request): Promise<Response>;
  addEventListener(type: 'install' | 'activate', listener: (event: OfflineEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: OfflineFetchEvent) => void): void;
}

/** Hashed assets from the cache; the page (a navigation) and the dataset from the network first; anything else, or from elsewhere, untouched. */
function strategyOf(request: { method: string; mode: string; url: string }, origin: string): Strategy {
  if (request.method !== 'GET') return 'pass';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'pass';
  if (url.pathname.startsWith('/_astro/')) return 'cache-first';
  if (request.mode === 'navigate' || url.pathname.startsWith('/data/')) return 'network-first';
  return 'pass';
}

/** Whether a response's bytes are the ones the build listed (`sha256`, hex); the response itself stays unread. */
async function isListed(scope: WorkerScope, response: Response, sha256: string | undefined): Promise<boolean> {
  if (sha256 === undefined || !response.ok) return false;
  const digest = new Uint8Array(await scope.crypto.subtle.digest('SHA-256', await response.clone().arrayBuffer()));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('') === sha256;
}

/** The digest the build listed for a path; undefined for a file it did not list. */
const listed = (config: OfflineConfig, path: string): string | undefined => config.precache.find((f) => f.path === path)?.sha256;

/** A hashed file never changes: the cached copy when its bytes are the build's, else the network's (kept when they are). */
async function cacheFirst(scope: WorkerScope, request: Request, config: OfflineConfig): Promise<Response> {
  const path = new URL(request.url).pathname;
  const sha256 = listed(config, path);
  if (sha256 === undefined) return scope.fetch(request);
  const cache = await scope.caches.open(config.cache);
  const hit = await cache.match(path);
  if (hit && (await isListed(scope, hit, sha256))) return hit;
  const response = await scope.fetch(request);
  if (await isListed(scope, response, sha256)) await cache.put(path, response.clone());
  return response;
}

/** The network's copy (kept when its bytes are the build's); the cached copy, if its bytes are the build's, when the network fails or takes longer than the timeout. */
async function networkFirst(scope: WorkerScope, request: Request, config: OfflineConfig): Promise<Response> {
  const cache = await scope.caches.open(config.cache);
  const path = new URL(request.url).pathname;
  const sha256 = listed(config, path);
  const network = scope.fetch(request).then(async (response) => {
    if (await isListed(scope, response, sha256)) await cache.put(path, response.clone());
    return response;
  });
  // Settled later, or never awaited when the cached copy answers first.
  network.catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('slow network')), config.networkTimeout);
  });
  try {
    return await Promise.race([network, late]);
  } catch {
    const hit = await cache.match(path);
    return hit && (await isListed(scope, hit, sha256)) ? hit : network;
  } finally {
    clearTimeout(timer);
  }
}

/** Every listed file fetched (past the HTTP cache) and kept; the install fails when one is missing or is not the build's bytes (a deploy under way), and is tried again on the next visit. */
async function install(scope: WorkerScope, config: OfflineConfig): Promise<void> {
  const cache = await scope.caches.open(config.cache);
  const origin = scope.location.origin;
  const responses = await Promise.all(
    config.precache.map(async ({ path, sha256 }) => {
      const response = await scope.fetch(new Request(new URL(path, origin).href, { cache: 'no-cache' }));
      if (!(await isListed(scope, response, sha256))) throw new Error(`${path}: not the file this build listed (HTTP ${response.status})`);
      return [path, response] as const;
    }),
  );
  for (const [path, response] of responses) await cache.put(path, response);
}

/** The caches of this scope's earlier builds deleted; the open page taken over (on the first install, so its PDF worker is served too). */
async function activate(scope: WorkerScope, config: OfflineConfig): Promise<void> {
  for (const name of await scope.caches.keys()) if (name.startsWith(config.prefix) && name !== config.cache) await scope.caches.delete(name);
  await scope.clients.claim();
}

function serveOffline(scope: WorkerScope, config: OfflineConfig): void {
  scope.addEventListener('install', (event) => event.waitUntil(install(scope, config)));
  scope.addEventListener('activate', (event) => event.waitUntil(activate(scope, config)));
  scope.addEventListener('fetch', (event) => {
    const strategy = strategyOf(event.request, scope.location.origin);
    if (strategy === 'cache-first') event.respondWith(cacheFirst(scope, event.request, config));
    else if (strategy === 'network-first') event.respondWith(networkFirst(scope, event.request, config));
  });
}

export { cacheFirst, networkFirst, serveOffline, strategyOf };
