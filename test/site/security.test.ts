/**
 * The rules a host reads and the policy every page runs under (issue 32,
 * items 2 and 5), on the real sources built into a temp folder (data, api,
 * site) with two ids of its own retired (a record and a concept, merged into
 * published ones: their redirects are the rules under test), in the project
 * retired-pages.test.ts reads too (./retired-ids-project.ts), built as
 * deployed. Both `_redirects` and both `_headers` hold only the site's own paths, and every
 * redirect leads from a stub to a file the build wrote. Every page
 * carries a Content-Security-Policy with its inline scripts hashed (never
 * `'unsafe-inline'`), in a meta tag before its first script and, with
 * `frame-ancestors`, in `_headers`; Referrer-Policy and nosniff too. In
 * Chromium, served with the headers `_headers` gives (the preview server),
 * the home page, a concept page, search with results and the card page
 * making a PDF, in both locales and offline, raise no CSP violation.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseHeaders, parseRedirects, type HeaderRule } from '../../pipeline/model/host-rules.ts';
import type { Concept } from '../../pipeline/model/schema-types.ts';
import { launchChromium, listFiles, serveStatic } from './helpers.ts';
import { type RetiredId, retiredIdsSite } from './retired-ids-project.ts';

/** The browser's window, as far as these tests listen to it (the test's own types have no DOM). */
interface Violations {
  addEventListener(
    type: 'securitypolicyviolation',
    listener: (event: { violatedDirective: string; blockedURI: string; sourceFile: string; lineNumber: number }) => void,
  ): void;
}

let out = '';
const read = (path: string): string => readFileSync(join(out, path), 'utf8');
/** The ids this test retires, each merged into a published id of its kind: `[kind, old id, new id]`. */
let retired: RetiredId[] = [];

beforeAll(() => {
  // The project with retired ids, shared with test/updates/retired-pages.test.ts (test/site/retired-ids-project.ts).
  ({ out, retired } = retiredIdsSite());
}, 600_000);

/** A path the rules name, as a file of `folder`: a folder's path is its index.html. */
const fileOf = (folder: string, path: string): string => join(out, folder, path.endsWith('/') ? `${path}index.html` : path);

describe('the rules a host reads', () => {
  const files = [
    ['api', '_redirects'],
    ['api', '_headers'],
    ['site', '_redirects'],
    ['site', '_headers'],
  ] as const;

  it('are all written, and every line of each is a rule of the site’s own paths (the reader refuses anything else)', () => {
    for (const [folder, name] of files) {
      expect(existsSync(join(out, folder, name)), `${folder}/${name}`).toBe(true);
      const text = read(`${folder}/${name}`);
      const rules = name === '_redirects' ? parseRedirects(text) : parseHeaders(text);
      // One rule a non-comment line for _redirects; a path line and its header lines for _headers.
      const lines = text.split('\n').filter((l) => l.trim() && !l.startsWith('#'));
      const counted = name === '_redirects' ? rules.length : (rules as HeaderRule[]).reduce((n, r) => n + 1 + r.headers.length, 0);
      expect(counted, `${folder}/${name}`).toBe(lines.length);
    }
  });

  it('redirect each retired id from its stub to a file the build wrote, in the API and under the site’s /api/', () => {
    const api = parseRedirects(read('api/_redirects'));
    const site = parseRedirects(read('site/_redirects'));
    const plural = { record: 'records', concept: 'concepts' } as const;
    expect(retired.map(([kind]) => kind)).toEqual(['record', 'concept']);
    for (const [kind, from, to] of retired)
      expect(api).toContainEqual({ from: `/v1/${plural[kind]}/${from}.json`, to: `/v1/${plural[kind]}/${to}.json`, status: 301 });
    expect(site).toEqual(api.map((r) => ({ ...r, from: `/api${r.from}`, to: `/api${r.to}` })));
    for (const [folder, rules] of [
      ['api', api],
      ['site', site],
    ] as const) {
      for (const rule of rules) {
        // The not-found rule (issue 35.8): any other path of a folder the build wrote answers its 404 body.
        const paths = rule.status === 404 ? [rule.to] : [rule.from, rule.to];
        if (rule.status === 404) {
          expect(rule.from, `${folder}: ${rule.from}`).toMatch(/^\/(?:api\/)?v1\/\*$/);
          expect(existsSync(join(out, folder, rule.from.replace(/\*$/, ''))), rule.from).toBe(true);
        }
        for (const path of paths) {
          expect(path, `${folder}: ${path}`).toMatch(/^\/(?!\/)/);
          expect(new URL(path, 'https://codex.example/').origin, path).toBe('https://codex.example');
          expect(existsSync(fileOf(folder, path)), `${folder}/_redirects names ${path}, which the build did not write`).toBe(true);
        }
      }
    }
  });

  it('give headers only to paths the build wrote: the API’s JSON, and every page', () => {
    const served = (folder: 'api' | 'site') => listFiles(join(out, folder)).map((f) => `/${f}`);
    for (const folder of ['api', 'site'] as const) {
      for (const rule of parseHeaders(read(`${folder}/_headers`))) {
        expect(rule.path, `${folder}: ${rule.path}`).toMatch(/^\/(?!\/)/);
        const prefix = rule.path.replace(/\*$/, '');
        expect(
          served(folder).some((f) => (rule.path.endsWith('*') ? f.startsWith(prefix) : f === rule.path || f === `${rule.path}index.html`)),
          rule.path,
        ).toBe(true);
      }
    }
    // The pages' rule, then the API's, under /api/.
    expect(parseHeaders(read('site/_headers')).map((r) => r.path)).toEqual(['/*', ...parseHeaders(read('api/_headers')).map((r) => `/api${r.path}`)]);
  });
});

/** `'sha256-…'` of each inline script of a page, computed here from its text. */
const inlineScriptHashes = (html: string): string[] =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)]
    .filter((m) => !/\ssrc=/.test(m[1]!))
    .map((m) => `'sha256-${createHash('sha256').update(m[2]!).digest('base64')}'`);

/** A policy's directives by name. */
const directives = (policy: string): Map<string, string[]> =>
  new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );

describe('the policy of every page', () => {
  const sitePolicy = () => new Map(parseHeaders(read('site/_headers')).find((r) => r.path === '/*')!.headers);

  it('is in _headers for every path: scripts by hash and from this origin only, no framing, no referrer, no sniffing', () => {
    const headers = sitePolicy();
    const policy = directives(headers.get('Content-Security-Policy')!);
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    expect(policy.get('script-src')).not.toContain("'unsafe-eval'");
    expect(policy.get('script-src')!.filter((s) => !s.startsWith("'sha256-"))).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(headers.get('Referrer-Policy')).toBe('no-referrer');
    expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(headers.get('X-Frame-Options')).toBe('DENY');
  });

  it('is in each page’s head before any script, hashing exactly the page’s inline scripts; the header’s hashes cover every page', () => {
    const header = directives(sitePolicy().get('Content-Security-Policy')!).get('script-src')!;
    const pages = listFiles(join(out, 'site')).filter((f) => f.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(100);
    for (const page of pages) {
      const html = read(`site/${page}`);
      const meta = /<meta http-equiv="content-security-policy" content="([^"]*)">/.exec(html);
      expect(meta, page).not.toBeNull();
      expect(meta!.index, page).toBeLessThan(html.search(/<script\b/i) === -1 ? Infinity : html.search(/<script\b/i));
      const policy = directives(meta![1]!);
      const hashes = inlineScriptHashes(html);
      expect(
        policy
          .get('script-src')!
          .filter((s) => s.startsWith("'sha256-"))
          .sort(),
        page,
      ).toEqual([...new Set(hashes)].sort());
      expect(policy.get('script-src'), page).not.toContain("'unsafe-inline'");
      // A meta tag cannot carry frame-ancestors: the header does.
      expect(policy.has('frame-ancestors'), page).toBe(false);
      for (const hash of hashes) expect(header, `${page}: ${hash}`).toContain(hash);
      expect(html, page).toContain('<meta name="referrer" content="no-referrer">');
    }
  });
});

describe('the site in Chromium, served with its _headers', () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof serveStatic>>;
  const concepts = () => JSON.parse(read('data/concepts.json')) as Concept[];

  beforeAll(async () => {
    server = await serveStatic(join(out, 'site'));
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A context whose pages report every CSP violation and console error into `problems`. */
  async function watched(): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    await context.addInitScript(() =>
      (globalThis as unknown as Violations).addEventListener('securitypolicyviolation', (e) =>
        console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`),
      ),
    );
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
    return { context, page, problems };
  }

  async function search(page: Page, query: string): Promise<number> {
    await page.locator('site-search button[data-open-modal]').click();
    await page.locator('site-search input.pagefind-ui__search-input').first().fill(query);
    await page.locator('.pagefind-ui__result-link').first().waitFor();
    return page.locator('.pagefind-ui__result-link').count();
  }

  /** Skills ticked on the card page, and the PDF made and downloaded: its size in bytes. */
  async function makePdf(page: Page, skills: string): Promise<number> {
    await page.locator('#card-maker[data-ready="true"]').waitFor({ state: 'attached' });
    await page.locator('input[name="source"][value="skills"]').check();
    await page.locator('#skills-text').fill(skills);
    await page.locator('#make:enabled').waitFor(); // Playwright's own wait (its default 30 s bound), not a one-second poll: the deck's check can take longer on a loaded machine
    const [file] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), page.locator('#make').click()]);
    const path = join(mkdtempSync(join(tmpdir(), 'nuffle-csp-')), 'cards.pdf');
    await file.saveAs(path);
    return readFileSync(path).length;
  }

  for (const prefix of ['', '/fr'] as const) {
    it(`raises no CSP violation on ${prefix || 'the English'}${prefix ? '' : ' site'}: home, a concept, search with results, the card page making a PDF`, async () => {
      const { context, page, problems } = await watched();
      const concept = concepts().find((c) => c.names.fr)!;
      const home = await page.goto(`${server.origin}${prefix}/`, { waitUntil: 'networkidle' });
      expect(home!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(home!.headers()['referrer-policy']).toBe('no-referrer');
      expect(home!.headers()['x-content-type-options']).toBe('nosniff');
      expect(await search(page, prefix ? concept.names.fr! : concept.name)).toBeGreaterThan(0);
      await page.goto(`${server.origin}${prefix}/concepts/${concept.id}/`, { waitUntil: 'networkidle' });
      expect(await page.locator('h1').first().textContent()).toBeTruthy();
      await page.goto(`${server.origin}${prefix}/cards/`, { waitUntil: 'networkidle' });
      expect(await makePdf(page, concept.name)).toBeGreaterThan(1000);
      await context.close();
      expect(problems).toEqual([]);
    }, 180_000);
  }

  it('raises none offline either: the card page from its service worker’s cache, making a PDF', async () => {
    // A server of its own, closed before the reload: everything comes from the service worker.
    const own = await serveStatic(join(out, 'site'));
    const { context, page, problems } = await watched();
    await page.goto(`${own.origin}/fr/cards/`);
    await page.locator('#card-maker[data-ready="true"]').waitFor({ state: 'attached' });
    // Active once installed, so once everything it caches is cached.
    await page.evaluate(async () => {
      await (globalThis as unknown as { navigator: { serviceWorker: { ready: Promise<unknown> } } }).navigator.serviceWorker.ready;
    });
    await context.setOffline(true);
    await own.close();
    await page.reload();
    expect(await makePdf(page, concepts()[0]!.name)).toBeGreaterThan(1000);
    await context.close();
    // Offline, the service worker's try of the network first is logged as a failed load: not a policy's doing.
    expect(problems.filter((p) => !p.endsWith('Failed to load resource: net::ERR_INTERNET_DISCONNECTED'))).toEqual([]);
  }, 180_000);

  it('cannot be framed by another origin', async () => {
    const other = mkdtempSync(join(tmpdir(), 'nuffle-frame-'));
    writeFileSync(join(other, 'index.html'), `<!DOCTYPE html><title>frame</title><iframe src="${server.origin}/"></iframe>`);
    writeFileSync(join(other, '404.html'), '<!DOCTYPE html><title>not found</title>');
    const framer = await serveStatic(other);
    const { context, page, problems } = await watched();
    await page.goto(`${framer.origin}/`, { waitUntil: 'networkidle' });
    const child = page.frames().find((f) => f !== page.mainFrame())!;
    expect(child.url()).not.toBe(`${server.origin}/`);
    expect(problems.join('\n')).toContain("frame-ancestors 'none'");
    await context.close();
    await framer.close();
  }, 60_000);
});
