/**
 * The card page's service worker: what lets an organiser who opened /cards/
 * once open it again without a network (at the league's venue) and make a
 * PDF. Served as /cards/sw.js and /fr/cards/sw.js (scoped to the page of its
 * locale, never to the rest of the site), written by offline-build.ts from
 * this module and the build's list of files: on install it caches the page,
 * its scripts and styles, the card worker, the four faces and the dataset;
 * then hashed assets (`/_astro/`) come from the cache first, the page and the
 * dataset from the network first (the cached copy when the network fails or
 * is slow). It asks nothing of another origin and leaves every other request
 * alone. A module here for its types and its tests; the script the browser
 * runs is this code with its types stripped and `serveOffline(self, config)`
 * called.
 */

/** What the build gives the worker (offline-build.ts). */
export interface OfflineConfig {
  /** This build's cache: `prefix` and a digest of every precached file, so a new build never serves an old file. */
  cache: string;
  /** What this scope's caches start with: the others are deleted when this worker takes over. */
  prefix: string;
  /** Same-origin paths cached on install. */
  precache: string[];
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
  addAll(paths: string[]): Promise<void>;
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

/** A hashed file never changes: the cached copy, else the network's (kept). */
async function cacheFirst(scope: WorkerScope, request: Request, config: OfflineConfig): Promise<Response> {
  const cache = await scope.caches.open(config.cache);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await scope.fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/** The network's copy (kept when the file is one of the precached ones); the cached copy when the network fails or takes longer than the timeout. */
async function networkFirst(scope: WorkerScope, request: Request, config: OfflineConfig, precached: ReadonlySet<string>): Promise<Response> {
  const cache = await scope.caches.open(config.cache);
  const path = new URL(request.url).pathname;
  const network = scope.fetch(request).then(async (response) => {
    if (response.ok && precached.has(path)) await cache.put(path, response.clone());
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
    return hit ?? network;
  } finally {
    clearTimeout(timer);
  }
}

/** The caches of this scope's earlier builds deleted; the open page taken over (on the first install, so its PDF worker is served too). */
async function activate(scope: WorkerScope, config: OfflineConfig): Promise<void> {
  for (const name of await scope.caches.keys()) if (name.startsWith(config.prefix) && name !== config.cache) await scope.caches.delete(name);
  await scope.clients.claim();
}

function serveOffline(scope: WorkerScope, config: OfflineConfig): void {
  const precached = new Set(config.precache);
  scope.addEventListener('install', (event) => event.waitUntil(scope.caches.open(config.cache).then((cache) => cache.addAll(config.precache))));
  scope.addEventListener('activate', (event) => event.waitUntil(activate(scope, config)));
  scope.addEventListener('fetch', (event) => {
    const strategy = strategyOf(event.request, scope.location.origin);
    if (strategy === 'cache-first') event.respondWith(cacheFirst(scope, event.request, config));
    else if (strategy === 'network-first') event.respondWith(networkFirst(scope, event.request, config, precached));
  });
}

export { cacheFirst, networkFirst, serveOffline, strategyOf };
