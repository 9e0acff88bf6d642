/**
 * The card page's service worker on a scope in memory (offline-worker.ts):
 * what it caches on install, which caches it deletes on activation, which
 * requests it answers, and what it keeps. card-offline.test.ts covers the
 * strategies' main paths; the browser test (cards-page-ui.test.ts) reopens the
 * page offline.
 */
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { offlineConfig, precacheList } from '../../site/src/lib/card-maker/offline-build.ts';
import {
  cacheFirst,
  networkFirst,
  serveOffline,
  strategyOf,
  type OfflineCache,
  type OfflineConfig,
  type WorkerScope,
} from '../../site/src/lib/card-maker/offline-worker.ts';

const ORIGIN = 'https://codex.example';
const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
/** The build's files: what the network answers at each path, and the digest the build listed for it. */
const BUILT: Record<string, string> = {
  '/cards/': 'net /cards/',
  '/data/meta.min.json': 'net /data/meta.min.json',
  '/_astro/x.js': 'cached x',
  '/_astro/y.js': 'net',
};
const CONFIG: OfflineConfig = {
  cache: 'nuffle-cards:/cards/:new',
  prefix: 'nuffle-cards:/cards/:',
  precache: Object.entries(BUILT).map(([path, text]) => ({ path, sha256: sha256(text) })),
  networkTimeout: 60_000,
};
/** The network of the build: each file's text at its path. */
const built = async (url: string) => new Response(BUILT[new URL(url).pathname] ?? `net ${new URL(url).pathname}`);

type Listener = (event: { request: Request | undefined; waitUntil(p: Promise<unknown>): void; respondWith(p: Promise<Response>): void }) => void;

/** A scope with named caches in memory, a network answering from `network`, and the listeners the worker adds. */
function memoryScope(network: (url: string) => Promise<Response> = built, names: string[] = []) {
  const caches = new Map<string, Map<string, string>>(names.map((n) => [n, new Map()]));
  const listeners = new Map<string, Listener>();
  const fetched: string[] = [];
  let claimed = 0;
  const key = (request: Request | string) => new URL(typeof request === 'string' ? request : request.url, ORIGIN).pathname;
  const open = async (name: string): Promise<OfflineCache> => {
    const stored = caches.get(name) ?? new Map<string, string>();
    caches.set(name, stored);
    return {
      match: async (request) => (stored.has(key(request)) ? new Response(stored.get(key(request))) : undefined),
      put: async (request, response) => void stored.set(key(request), await response.text()),
    };
  };
  const scope: WorkerScope = {
    location: { origin: ORIGIN },
    clients: { claim: async () => void claimed++ },
    caches: { open, keys: async () => [...caches.keys()], delete: async (name) => caches.delete(name) },
    crypto: globalThis.crypto,
    fetch: (request: Request) => {
      fetched.push(key(request));
      return network(request.url);
    },
    addEventListener: ((type: string, listener: Listener) => void listeners.set(type, listener)) as WorkerScope['addEventListener'],
  };
  /** Fires an event; what it waited for and answered with, settled. */
  const fire = async (type: string, request?: Request) => {
    const waited: Promise<unknown>[] = [];
    let answer: Promise<Response> | null = null;
    listeners.get(type)!({ request, waitUntil: (p) => void waited.push(p), respondWith: (p) => void (answer = p) });
    await Promise.all(waited);
    return answer === null ? null : await (answer as Promise<Response>).then((r) => r.text());
  };
  return { scope, caches, fetched, fire, claims: () => claimed };
}

describe('the service worker’s life', () => {
  it('caches every precached file on install, in this build’s cache, each fetched past the HTTP cache', async () => {
    const s = memoryScope();
    serveOffline(s.scope, CONFIG);
    await s.fire('install');
    expect(Object.fromEntries(s.caches.get(CONFIG.cache)!)).toEqual(BUILT);
    expect(s.fetched.sort()).toEqual(Object.keys(BUILT).sort());
  });

  it('fails its install, keeping nothing, when a file is missing or is not the bytes the build listed', async () => {
    for (const network of [async () => new Response('gone', { status: 404 }), async (url: string) => new Response(`changed ${url}`)]) {
      const s = memoryScope(async (url) => (url.endsWith('/data/meta.min.json') ? network(url) : built(url)));
      serveOffline(s.scope, CONFIG);
      await expect(s.fire('install')).rejects.toThrow(/\/data\/meta\.min\.json: not the file this build listed/);
      expect(s.caches.get(CONFIG.cache) ?? new Map()).toEqual(new Map());
    }
  });

  it('deletes its scope’s older caches on activation, keeps its own and the others’, and takes over the page', async () => {
    const s = memoryScope(undefined, ['nuffle-cards:/cards/:old', CONFIG.cache, 'nuffle-cards:/fr/cards/:old', 'other']);
    serveOffline(s.scope, CONFIG);
    await s.fire('activate');
    expect([...s.caches.keys()]).toEqual([CONFIG.cache, 'nuffle-cards:/fr/cards/:old', 'other']);
    expect(s.claims()).toBe(1);
  });

  it('answers a hashed asset from the cache, the page from the network, and leaves the rest to the browser', async () => {
    const s = memoryScope();
    serveOffline(s.scope, CONFIG);
    await (await s.scope.caches.open(CONFIG.cache)).put('/_astro/x.js', new Response('cached x'));
    expect(await s.fire('fetch', new Request(`${ORIGIN}/_astro/x.js`))).toBe('cached x');
    expect(await s.fire('fetch', new Request(`${ORIGIN}/data/meta.min.json`))).toBe('net /data/meta.min.json');
    expect(s.caches.get(CONFIG.cache)!.get('/data/meta.min.json')).toBe('net /data/meta.min.json');
    expect(await s.fire('fetch', new Request(`${ORIGIN}/favicon.svg`))).toBeNull();
    expect(s.fetched).toEqual(['/data/meta.min.json']);
  });
});

describe('which requests it answers', () => {
  it.each([
    ['a navigation to any page of its origin', { method: 'GET', mode: 'navigate', url: `${ORIGIN}/cards/deck` }, 'network-first'],
    ['a HEAD of a hashed asset', { method: 'HEAD', mode: 'cors', url: `${ORIGIN}/_astro/x.js` }, 'pass'],
    ['a folder that only ends in _astro', { method: 'GET', mode: 'cors', url: `${ORIGIN}/x/_astro/y.js` }, 'pass'],
    ['a folder that only ends in data', { method: 'GET', mode: 'cors', url: `${ORIGIN}/x/data/y.json` }, 'pass'],
    ['a navigation elsewhere', { method: 'GET', mode: 'navigate', url: 'https://elsewhere.example/cards/' }, 'pass'],
  ])('%s: %s', (_what, request, strategy) => {
    expect(strategyOf(request, ORIGIN)).toBe(strategy);
  });
});

describe('what it keeps', () => {
  it('keeps no failed answer of the network', async () => {
    const s = memoryScope(async () => new Response('gone', { status: 404 }));
    expect((await cacheFirst(s.scope, new Request(`${ORIGIN}/_astro/x.js`), CONFIG)).status).toBe(404);
    expect((await networkFirst(s.scope, new Request(`${ORIGIN}/cards/`), CONFIG)).status).toBe(404);
    expect(s.caches.get(CONFIG.cache)).toEqual(new Map());
  });

  it('keeps a hashed asset under its request, in this build’s cache', async () => {
    const s = memoryScope();
    await cacheFirst(s.scope, new Request(`${ORIGIN}/_astro/y.js`), CONFIG);
    expect([...s.caches.keys()]).toEqual([CONFIG.cache]);
    expect(s.caches.get(CONFIG.cache)!.get('/_astro/y.js')).toBe('net');
  });

  it('answers from the network when it answers before the timeout, and leaves no timer behind', async () => {
    const s = memoryScope();
    await (await s.scope.caches.open(CONFIG.cache)).put('/cards/', new Response('cached'));
    vi.useFakeTimers();
    expect(await (await networkFirst(s.scope, new Request(`${ORIGIN}/cards/`), CONFIG)).text()).toBe('net /cards/');
    expect(vi.getTimerCount()).toBe(0);
  });
  afterEach(() => void vi.useRealTimers());
});

describe('the files the build gives it', () => {
  it('reads no text of a file that is not a page, a script or a style', () => {
    const files: Record<string, string> = {
      '/cards/index.html': '<script src="/_astro/a.js"></script><link href="/_astro/b.css">',
      '/_astro/a.js': 'import("/_astro/c.mjs"); fetch("/_astro/face.ttf")',
      '/_astro/b.css': 'url(/_astro/d.woff)',
      '/_astro/c.mjs': '',
      '/_astro/face.ttf': '/_astro/hidden.js',
      '/_astro/d.woff': '',
      '/_astro/hidden.js': '',
    };
    const read = (path: string) => (path in files ? new TextEncoder().encode(files[path]) : null);
    const assets = ['a.js', 'b.css', 'c.mjs', 'd.woff', 'face.ttf', 'hidden.js'];
    expect(precacheList('/cards/', assets, [], read)).toEqual([
      '/cards/',
      '/_astro/a.js',
      '/_astro/b.css',
      '/_astro/c.mjs',
      '/_astro/d.woff',
      '/_astro/face.ttf',
    ]);
  });

  it('gives the network four seconds, and a cache name of the prefix and 20 hex digits', () => {
    const config = offlineConfig('/cards/', [], [], () => null);
    expect(config.networkTimeout).toBe(4000);
    expect(config.prefix).toBe('nuffle-cards:/cards/:');
    expect(config.cache).toMatch(/^nuffle-cards:\/cards\/:[0-9a-f]{20}$/);
    expect(config.precache).toEqual([{ path: '/cards/', sha256: sha256('') }]);
  });

  it('names the cache by the page’s own bytes, read from its index.html', () => {
    const page = (html: string) => (path: string) => (path === '/cards/index.html' ? new TextEncoder().encode(html) : null);
    expect(offlineConfig('/cards/', [], [], page('a')).cache).not.toBe(offlineConfig('/cards/', [], [], page('b')).cache);
  });
});
