/**
 * The card page's service worker (site/src/lib/card-maker/offline-worker.ts)
 * and what the build gives it (offline-build.ts): which requests it answers
 * and how, which files it caches, and a cache name that is the same for the
 * same files and changes with a byte of one of them. The browser test
 * (cards-page-ui.test.ts) reopens the page offline and makes a PDF.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { offlineConfig, precacheList, serviceWorkerScript, type ReadSite } from '../../site/src/lib/card-maker/offline-build.ts';
import { cacheFirst, networkFirst, strategyOf, type OfflineCache, type OfflineConfig, type WorkerScope } from '../../site/src/lib/card-maker/offline-worker.ts';

const ORIGIN = 'https://codex.example';
const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** A built site in memory: the card page names its script and style; the script names the worker; the worker names a face. */
function site(overrides: Record<string, string> = {}): { read: ReadSite; assets: string[] } {
  const files: Record<string, string> = {
    '/cards/index.html': '<link href="/_astro/page.A1.css"><script src="/_astro/CardMaker.B2.js"></script>',
    '/_astro/page.A1.css': 'body{}',
    '/_astro/CardMaker.B2.js': 'new Worker(`/_astro/cards.worker-C3.js`)',
    '/_astro/cards.worker-C3.js': 'fetch(`/_astro/Face-D4.ttf`)',
    '/_astro/Face-D4.ttf': 'glyphs /_astro/unrelated.E5.js',
    '/_astro/unrelated.E5.js': 'only a concept page loads this',
    '/data/meta.min.json': '{"datasetVersion":"1.0.0"}',
    ...overrides,
  };
  const bytes = (path: string) => (path in files ? new TextEncoder().encode(files[path]) : null);
  return {
    read: bytes,
    assets: Object.keys(files)
      .filter((p) => p.startsWith('/_astro/'))
      .map((p) => p.slice('/_astro/'.length)),
  };
}

describe('what the build caches', () => {
  it('caches the page, every hashed asset it reaches through scripts and styles, and the dataset files that exist', () => {
    const { read, assets } = site();
    expect(precacheList('/cards/', assets, ['/data/meta.min.json', '/data/absent.min.json'], read)).toEqual([
      '/cards/',
      '/_astro/CardMaker.B2.js',
      '/_astro/Face-D4.ttf',
      '/_astro/cards.worker-C3.js',
      '/_astro/page.A1.css',
      '/data/meta.min.json',
    ]);
  });

  it('names the cache by the files’ bytes: the same site, the same name; one changed byte, another', () => {
    const { read, assets } = site();
    const first = offlineConfig('/cards/', assets, ['/data/meta.min.json'], read);
    expect(offlineConfig('/cards/', assets, ['/data/meta.min.json'], site().read)).toEqual(first);
    expect(first.cache.startsWith(first.prefix)).toBe(true);
    for (const changed of ['/_astro/Face-D4.ttf', '/data/meta.min.json', '/cards/index.html']) {
      const other = site({ [changed]: `${site().read(changed)}!` });
      expect(offlineConfig('/cards/', other.assets, ['/data/meta.min.json'], other.read).cache, changed).not.toBe(first.cache);
    }
    expect(offlineConfig('/fr/cards/', assets, [], () => null).prefix).not.toBe(first.prefix);
  });

  it('lists each file with the SHA-256 of the bytes served at its path (the page’s index.html for the page)', () => {
    const { read, assets } = site();
    const config = offlineConfig('/cards/', assets, ['/data/meta.min.json'], read);
    const text = (path: string) => new TextDecoder().decode(read(path)!);
    expect(config.precache.map((f) => f.path)).toEqual(precacheList('/cards/', assets, ['/data/meta.min.json'], read));
    for (const { path, sha256: digest } of config.precache) expect(digest, path).toBe(sha256(text(path === '/cards/' ? '/cards/index.html' : path)));
  });

  it('writes a classic script: the worker’s code without its exports, called with the configuration', () => {
    const config: OfflineConfig = { cache: 'c', prefix: 'p', precache: [{ path: '/cards/', sha256: sha256('page') }], networkTimeout: 1 };
    const code = '\nfunction serveOffline(scope, config) {}\nexport { cacheFirst, networkFirst, serveOffline, strategyOf };\n';
    const script = serviceWorkerScript(code, config);
    expect(script).toBe(`\nfunction serveOffline(scope, config) {}\n\nserveOffline(self, ${JSON.stringify(config, null, 2)});\n`);
    expect(() => serviceWorkerScript('function serveOffline() {}', config)).toThrow(/last line/);
  });
});

describe('how the worker answers', () => {
  it.each([
    ['a hashed asset', { method: 'GET', mode: 'cors', url: `${ORIGIN}/_astro/x.js` }, 'cache-first'],
    ['the page', { method: 'GET', mode: 'navigate', url: `${ORIGIN}/cards/?x=1` }, 'network-first'],
    ['a dataset file', { method: 'GET', mode: 'cors', url: `${ORIGIN}/data/skills.min.json` }, 'network-first'],
    ['another file of the site', { method: 'GET', mode: 'no-cors', url: `${ORIGIN}/favicon.svg` }, 'pass'],
    ['another origin', { method: 'GET', mode: 'cors', url: 'https://elsewhere.example/_astro/x.js' }, 'pass'],
    ['a POST', { method: 'POST', mode: 'cors', url: `${ORIGIN}/_astro/x.js` }, 'pass'],
  ])('%s: %s', (_what, request, strategy) => {
    expect(strategyOf(request, ORIGIN)).toBe(strategy);
  });

  /** A scope whose network answers from `network` (or fails), with one cache in memory. */
  function scope(network: (url: string) => Promise<Response>): { scope: WorkerScope; fetched: string[]; stored: Map<string, string> } {
    const stored = new Map<string, string>();
    const fetched: string[] = [];
    const key = (request: Request | string) => new URL(typeof request === 'string' ? request : request.url, ORIGIN).pathname;
    const cache: OfflineCache = {
      match: async (request) => (stored.has(key(request)) ? new Response(stored.get(key(request))) : undefined),
      put: async (request, response) => void stored.set(key(request), await response.text()),
    };
    const fetch = (request: Request) => {
      fetched.push(new URL(request.url).pathname);
      return network(request.url);
    };
    const caches = { open: async () => cache, keys: async () => [], delete: async () => true };
    return {
      scope: {
        location: { origin: ORIGIN },
        clients: { claim: async () => undefined },
        caches,
        crypto: globalThis.crypto,
        fetch,
        addEventListener: () => undefined,
      },
      fetched,
      stored,
    };
  }
  const FILES: Record<string, string> = { '/cards/': 'page', '/data/skills.min.json': '[]', '/_astro/cards.worker-C3.js': 'worker' };
  const config: OfflineConfig = {
    cache: 'c',
    prefix: 'p',
    precache: Object.entries(FILES).map(([path, text]) => ({ path, sha256: sha256(text) })),
    networkTimeout: 60_000,
  };
  const offline = () => Promise.reject(new TypeError('Failed to fetch'));
  /** The network of this build: each listed file's bytes. */
  const built = async (url: string) => new Response(FILES[new URL(url).pathname] ?? 'other');

  it('serves a hashed asset from the cache once fetched, without asking the network again', async () => {
    const s = scope(built);
    const request = new Request(`${ORIGIN}/_astro/cards.worker-C3.js`);
    expect(await (await cacheFirst(s.scope, request, config)).text()).toBe('worker');
    expect(await (await cacheFirst(s.scope, request, config)).text()).toBe('worker');
    expect(s.fetched).toEqual(['/_astro/cards.worker-C3.js']);
  });

  it('serves the page from the network when it answers (and keeps it), from the cache when it does not', async () => {
    const online = scope(built);
    expect(await (await networkFirst(online.scope, new Request(`${ORIGIN}/cards/?deck=1`), config)).text()).toBe('page');
    expect(online.stored.get('/cards/')).toBe('page');
    const off = scope(offline);
    off.stored.set('/cards/', 'page');
    expect(await (await networkFirst(off.scope, new Request(`${ORIGIN}/cards/`), config)).text()).toBe('page');
    await expect(networkFirst(off.scope, new Request(`${ORIGIN}/data/absent.min.json`), config)).rejects.toThrow('Failed to fetch');
  });

  it('keeps only what the build listed: a PDF opened under the page’s folder is not stored', async () => {
    const s = scope(async () => new Response('%PDF'));
    await networkFirst(s.scope, new Request(`${ORIGIN}/cards/en-2020.pdf`), config);
    expect([...s.stored.keys()]).toEqual([]);
  });

  it('serves the cached copy when the network hangs past the timeout', async () => {
    const s = scope(() => new Promise<Response>(() => undefined));
    s.stored.set('/data/skills.min.json', '[]');
    const quick = { ...config, networkTimeout: 0 };
    expect(await (await networkFirst(s.scope, new Request(`${ORIGIN}/data/skills.min.json`), quick)).text()).toBe('[]');
  });
});

describe('a cached copy that is not the build’s (issue 32, item 6)', () => {
  const FILES: Record<string, string> = { '/cards/': 'page', '/data/skills.min.json': '[]', '/_astro/CardMaker.B2.js': 'the page’s script' };
  const config: OfflineConfig = {
    cache: 'c',
    prefix: 'p',
    precache: Object.entries(FILES).map(([path, text]) => ({ path, sha256: sha256(text) })),
    networkTimeout: 60_000,
  };
  const EVIL = 'globalThis.pwned = 1';

  /** One cache in memory where another script of the origin has replaced `path` with its own bytes. */
  function tampered(path: string, network: (url: string) => Promise<Response>) {
    const stored = new Map<string, string>([[path, EVIL]]);
    const fetched: string[] = [];
    const key = (request: Request | string) => new URL(typeof request === 'string' ? request : request.url, ORIGIN).pathname;
    const cache: OfflineCache = {
      match: async (request) => (stored.has(key(request)) ? new Response(stored.get(key(request))) : undefined),
      put: async (request, response) => void stored.set(key(request), await response.text()),
    };
    const scope: WorkerScope = {
      location: { origin: ORIGIN },
      clients: { claim: async () => undefined },
      caches: { open: async () => cache, keys: async () => [], delete: async () => true },
      crypto: globalThis.crypto,
      fetch: (request: Request) => {
        fetched.push(new URL(request.url).pathname);
        return network(request.url);
      },
      addEventListener: () => undefined,
    };
    return { scope, stored, fetched };
  }
  const built = async (url: string) => new Response(FILES[new URL(url).pathname] ?? 'other');
  const offline = () => Promise.reject(new TypeError('Failed to fetch'));

  it('is fetched again for a hashed asset, and the build’s bytes replace it', async () => {
    const t = tampered('/_astro/CardMaker.B2.js', built);
    expect(await (await cacheFirst(t.scope, new Request(`${ORIGIN}/_astro/CardMaker.B2.js`), config)).text()).toBe('the page’s script');
    expect(t.fetched).toEqual(['/_astro/CardMaker.B2.js']);
    expect(t.stored.get('/_astro/CardMaker.B2.js')).toBe('the page’s script');
  });

  it('is never served offline, for a hashed asset, the page or a dataset file: the request fails instead', async () => {
    for (const path of ['/_astro/CardMaker.B2.js', '/cards/', '/data/skills.min.json']) {
      const t = tampered(path, offline);
      const answer = path.startsWith('/_astro/')
        ? cacheFirst(t.scope, new Request(`${ORIGIN}${path}`), config)
        : networkFirst(t.scope, new Request(`${ORIGIN}${path}`), config);
      await expect(answer, path).rejects.toThrow('Failed to fetch');
    }
  });

  it('is not served when the network is slow either', async () => {
    const t = tampered('/data/skills.min.json', () => new Promise<Response>((done) => setTimeout(() => done(new Response('[]')), 20)));
    expect(await (await networkFirst(t.scope, new Request(`${ORIGIN}/data/skills.min.json`), { ...config, networkTimeout: 0 })).text()).toBe('[]');
  });

  it('is never made: a network answer that is not the build’s bytes is passed on but not kept, and an unlisted asset is not kept', async () => {
    const t = tampered('/nothing', async () => new Response(EVIL));
    expect(await (await cacheFirst(t.scope, new Request(`${ORIGIN}/_astro/CardMaker.B2.js`), config)).text()).toBe(EVIL);
    expect(await (await networkFirst(t.scope, new Request(`${ORIGIN}/cards/`), config)).text()).toBe(EVIL);
    expect(await (await cacheFirst(t.scope, new Request(`${ORIGIN}/_astro/unlisted.js`), config)).text()).toBe(EVIL);
    expect([...t.stored.keys()]).toEqual(['/nothing']);
  });
});
