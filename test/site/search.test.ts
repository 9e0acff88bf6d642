/**
 * Site search through the name resolver (issue 21): fifteen queries people
 * type, on the English and French sites, each put the expected concept page
 * first in the search panel: Pagefind's first result, or the resolver's line
 * above them ("Best match" for a published name in any spelling, "Did you
 * mean …?" for a typo Pagefind finds no concept for). The A–Z and index pages
 * are out of the index. Debian's chromium on the real build.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { join } from 'node:path';
import { launchChromium, serveStatic } from './helpers.ts';
import { sharedBuild } from '../shared-build.ts';

interface Query {
  site: 'en' | 'fr';
  query: string;
  concept: string;
  /** How the concept must come first: Pagefind's own ranking, or the resolver's line (exact name, or typo). */
  via?: 'best' | 'did-you-mean';
}

const QUERIES: Query[] = [
  { site: 'en', query: 'Dodge', concept: 'dodge' },
  { site: 'en', query: 'Block', concept: 'block' },
  { site: 'en', query: 'Tronçonneuse', concept: 'chainsaw' },
  { site: 'en', query: 'tronconneuse', concept: 'chainsaw' },
  { site: 'en', query: 'Ball & Chain', concept: 'ball-and-chain' },
  { site: 'en', query: 'Pick-Me-Up', concept: 'pick-me-up' },
  { site: 'en', query: "Nerf d'acier", concept: 'nerves-of-steel' },
  { site: 'en', query: 'Piling On', concept: 'piling-on' },
  { site: 'en', query: 'blok', concept: 'block', via: 'did-you-mean' },
  { site: 'fr', query: 'Châtaigne', concept: 'mighty-blow' },
  { site: 'fr', query: 'chataigne', concept: 'mighty-blow' },
  { site: 'fr', query: 'Mighty Blow', concept: 'mighty-blow' },
  { site: 'fr', query: 'Blocage', concept: 'block' },
  { site: 'fr', query: 'Esquive', concept: 'dodge' },
  { site: 'fr', query: 'gros debile', concept: 'really-stupid' },
  { site: 'fr', query: 'Solitaire', concept: 'loner' },
];

let site: string;
let server: Awaited<ReturnType<typeof serveStatic>>;
let browser: Browser;

beforeAll(async () => {
  site = join(sharedBuild('site'), 'site');
  server = await serveStatic(site);
  browser = await launchChromium();
}, 600_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Type the query; wait for Pagefind's answer and the resolver's line; the panel's links in order. */
async function search(page: Page, query: string): Promise<{ first: string | null; kind: string | null; results: string[] }> {
  await page.locator('site-search button[data-open-modal]').click();
  await page.locator('site-search input.pagefind-ui__search-input').first().fill(query);
  // Pagefind says "Searching for …" until its answer is in.
  const message = page.locator('.pagefind-ui__message').first();
  await expect
    .poll(async () => ((await message.count()) ? ((await message.textContent()) ?? '') : ''), { timeout: 20_000 })
    .toMatch(/^(?!Searching|Recherche)\S/);
  // The resolver's line follows each change of the results after a short pause; it settles within a second.
  await page.waitForTimeout(600);
  const results = await page.locator('.pagefind-ui__result-link').evaluateAll((links) => links.map((a) => (a as unknown as { pathname: string }).pathname));
  const note = page.locator('.search-names:not([hidden])');
  const shown = (await note.count()) > 0;
  const first = shown ? await note.locator('a').evaluate((a) => (a as unknown as { pathname: string }).pathname) : (results[0] ?? null);
  return { first, kind: shown ? await note.getAttribute('data-kind') : null, results };
}

describe('site search', () => {
  it('asks fifteen or more queries, in both locales, with a French name on the English site, a query without accents and a typo', () => {
    expect(QUERIES.length).toBeGreaterThanOrEqual(15);
    expect(new Set(QUERIES.map((q) => q.site))).toEqual(new Set(['en', 'fr']));
    expect(QUERIES.some((q) => q.via === 'did-you-mean')).toBe(true);
  });

  it.each(QUERIES.map((q) => [q.site, q.query, q] as const))(
    'on the %s site, %j puts its concept first',
    async (_, __, q) => {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const prefix = q.site === 'fr' ? '/fr' : '';
      await page.goto(`${server.origin}${prefix}/concepts/pass/`, { waitUntil: 'networkidle' });
      const { first, kind, results } = await search(page, q.query);
      expect(first).toBe(`${prefix}/concepts/${q.concept}/`);
      if (q.via) expect(kind).toBe(q.via);
      // The A–Z and index pages are not in the index.
      expect(results.filter((path) => /\/(a-z|concepts)\/(french\/)?$|^\/(fr\/)?$/.test(path))).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    },
    60_000,
  );
});
