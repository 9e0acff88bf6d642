/**
 * Site search as players type (issues 21 and 36): every query of the search
 * table (test/site/search-queries.yaml: names, French names, names without
 * accents, misspellings, abbreviations, descriptions) puts its page first in
 * the search panel, on the English and the French site. First means the
 * panel's first row: Pagefind's first page, or the name resolver's concept
 * placed above it ("Best match" for a name, alias or abbreviation, "Did you
 * mean" for a typo). Each page is one line, its sections behind a button.
 * The A–Z and index pages are out of the index. Debian's chromium on the
 * real build.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Concept } from '../../pipeline/model/schema-types.ts';
import { sharedBuild } from '../shared-build.ts';
import { launchChromium, serveStatic } from './helpers.ts';

interface Query {
  query: string;
  concept?: string;
  path?: string;
  kind: 'name' | 'french' | 'no-accents' | 'misspelling' | 'abbreviation' | 'description';
}

const TABLE = parse(readFileSync(join(import.meta.dirname, 'search-queries.yaml'), 'utf8')) as { queries: Query[] };
const QUERIES = TABLE.queries;
const LOCALES = [
  ['en', ''],
  ['fr', '/fr'],
] as const;

/** The page a query must put first on a site (`prefix` '' or '/fr'). */
const expected = (q: Query, prefix: string): string => `${prefix}${q.concept ? `/concepts/${q.concept}/` : q.path}`;

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

/** Open the search dialog of a page of the site. */
async function openSearch(prefix: string): Promise<{ page: Page; errors: string[] }> {
  // A context of its own (axe opens a page in it).
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${server.origin}${prefix}/concepts/pass/`, { waitUntil: 'networkidle' });
  await page.locator('site-search button[data-open-modal]').click();
  await page.locator('site-search input.pagefind-ui__search-input').first().waitFor();
  return { page, errors };
}

interface Row {
  path: string;
  lead: string | null;
  /** The number of lines the row's title takes. */
  lines: number;
}

/** The panel's rows (pages), read in the page: each one's link path, lead label and the lines its title takes. */
const ROWS = `[...document.querySelectorAll('.pagefind-ui__results > .pagefind-ui__result')].map((li) => {
  const link = li.querySelector('.pagefind-ui__result-title a');
  return { path: link.pathname, lead: li.dataset.lead ?? null, lines: Math.round(link.getBoundingClientRect().height / parseFloat(getComputedStyle(link).lineHeight)) };
})`;

/** Type the query; wait until the panel has drawn its answer to it; its rows (pages) in order. */
async function search(page: Page, query: string): Promise<Row[]> {
  await page.locator('site-search input.pagefind-ui__search-input').first().fill(query);
  await expect.poll(() => page.evaluate(`document.querySelector('.pagefind-ui__drawer')?.dataset.term ?? null`), { timeout: 20_000 }).toBe(query.trim());
  return (await page.evaluate(ROWS)) as Row[];
}

describe('the search table', () => {
  it('has forty queries or more, of every kind, each naming one page', () => {
    expect(QUERIES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(QUERIES.map((q) => q.kind))).toEqual(new Set(['name', 'french', 'no-accents', 'misspelling', 'abbreviation', 'description']));
    for (const q of QUERIES) expect(Number(q.concept !== undefined) + Number(q.path !== undefined), q.query).toBe(1);
  });

  it('names concepts the data has', () => {
    const concepts = new Set((JSON.parse(readFileSync(join(sharedBuild('site'), 'data/concepts.json'), 'utf8')) as Concept[]).map((c) => c.id));
    expect(QUERIES.filter((q) => q.concept !== undefined && !concepts.has(q.concept)).map((q) => q.query)).toEqual([]);
  });
});

describe.each(LOCALES)('on the %s site', (_, prefix) => {
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    ({ page, errors } = await openSearch(prefix));
  }, 60_000);
  afterAll(async () => {
    await page?.context().close();
  });

  it.each(QUERIES.map((q) => [q.kind, q.query, q] as const))(
    '%s %j puts its page first',
    async (_kind, _query, q) => {
      const rows = await search(page, q.query);
      expect(rows[0]?.path, JSON.stringify(rows.slice(0, 3))).toBe(expected(q, prefix));
      // The A–Z and index pages are not in the index.
      expect(rows.filter((r) => /\/(a-z|concepts)\/(french\/)?$|^\/(fr\/)?$/.test(r.path))).toEqual([]);
      expect(errors).toEqual([]);
    },
    30_000,
  );

  it('draws each page on one line at 390 px, its sections behind a button that opens them, and passes axe', async () => {
    const rows = await search(page, 'esquive');
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.filter((r) => r.lines !== 1)).toEqual([]);
    const first = page.locator('.pagefind-ui__results > .pagefind-ui__result').first();
    await expect.poll(() => first.locator('.pagefind-ui__result-nested').first().isVisible()).toBe(false);
    const toggle = first.locator('.search-sections-toggle');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await first.locator('.pagefind-ui__result-nested').first().isVisible()).toBe(true);
    // The open panel, its sections shown, passes axe.
    expect((await new AxeBuilder({ page }).include('#starlight__search').analyze()).violations.map((v) => v.id)).toEqual([]);
  });
});
