/**
 * The site as a Blood Bowl player reads it (issue 24): rules, not the
 * pipeline. Built once from the real sources into a temp folder
 * (NUFFLE_SITE_TEST_OUT reuses a finished `nuffle build --out DIR`), then
 * every page scanned, and the same pages read in Debian's chromium, where a
 * closed <details> shows nothing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrosswalkRow, Edition, Inducement } from '../../pipeline/model/schema-types.ts';
import { strings } from '../../site/src/lib/i18n.ts';
import { launchChromium, listFiles, serveStatic, textOf } from './helpers.ts';
import { sharedBuild } from '../shared-build.ts';

let out = '';
let site = '';
const data = <T>(file: string): T => JSON.parse(readFileSync(join(out, 'data', file), 'utf8')) as T;

beforeAll(() => {
  out = sharedBuild('site');
  site = join(out, 'site');
}, 300_000);

/** The pages where file names and checksums belong. */
const FILE_PAGES = /^(fr\/)?(downloads|identifiers)\//;
/** Words that hedge a maintainer's note; any of them found in a rationale or note must not reach a reader. */
const HEDGES = ['verify', 'probably', 'presumably', 'perhaps', 'maybe', 'unclear', 'guess', 'todo'];

/** What only maintainers should read: the annotation files, raw paths, every rationale and note, the hedge words they use, and (outside the file pages) the raw file names and their digests. */
function maintainerOnly(): { everywhere: string[]; words: string[]; files: string[] } {
  const rows = data<CrosswalkRow[]>('crosswalk.json').filter((r) => r.declaredBy !== 'source');
  const editions = data<Edition[]>('editions.json');
  const notes = [...rows.map((r) => r.rationale), ...data<Inducement[]>('inducements.json').map((i) => i.note), ...editions.map((e) => e.note ?? '')].filter(
    (n) => n.length > 0,
  );
  const words = HEDGES.filter((w) => notes.some((n) => new RegExp(`\\b${w}\\b`, 'i').test(n)));
  return {
    everywhere: ['sources/annotations', 'crosswalk.yaml', 'Rationale:', 'Justification :', 'Confidence:', ...notes],
    words,
    files: ['sources/raw', ...editions.flatMap((e) => [e.file, e.sha256.slice(0, 12)])],
  };
}

/** A page's text as a reader sees it with nothing expanded: scripts, styles and every collapsed section removed. */
function visibleText(html: string): string {
  const body = html.slice(html.indexOf('<body'));
  return textOf(
    body
      .replace(/<script[\s\S]*?<\/script>/g, '')
      .replace(/<style[\s\S]*?<\/style>/g, '')
      .replace(/<details(?![^>]*\sopen)[^>]*>[\s\S]*?<\/details>/g, ''),
  ).replace(/\s+/g, ' ');
}

describe('readers see rules, not the pipeline', () => {
  it('no page shows maintainer-only text outside a collapsed section', () => {
    const forbidden = maintainerOnly();
    const pages = listFiles(site).filter((p) => p.endsWith('.html') && !/^(data|api|cards|pagefind)\//.test(p));
    expect(pages.length).toBeGreaterThan(data<unknown[]>('concepts.json').length * 2);
    const found: string[] = [];
    for (const path of pages) {
      const text = visibleText(readFileSync(join(site, path), 'utf8'));
      for (const needle of forbidden.everywhere) if (text.includes(needle)) found.push(`${path}: ${needle.slice(0, 60)}`);
      for (const word of forbidden.words) if (new RegExp(`\\b${word}\\b`, 'i').test(text)) found.push(`${path}: "${word}"`);
      if (!FILE_PAGES.test(path)) for (const needle of forbidden.files) if (text.includes(needle)) found.push(`${path}: ${needle}`);
    }
    expect(found).toEqual([]);
  });

  it('keeps every rationale in a collapsed "For maintainers" section of its concept page, and every reworked record’s summary first', () => {
    const rows = data<CrosswalkRow[]>('crosswalk.json');
    for (const row of rows.filter((r) => r.declaredBy !== 'source')) {
      const html = readFileSync(join(site, 'concepts', row.concept, 'index.html'), 'utf8');
      const sections = [...html.matchAll(/<details class="maintainers"[^>]*>([\s\S]*?)<\/details>/g)].map((m) => textOf(m[1]!));
      expect(
        sections.some((s) => s.includes(row.rationale)),
        row.record,
      ).toBe(true);
    }
    const summarised = rows.filter((r) => ['reworked', 'renamed', 'replaced'].includes(r.relation));
    expect(summarised.every((r) => typeof r.summary === 'string' && r.summary.length >= 20)).toBe(true);
    for (const row of summarised) {
      const html = readFileSync(join(site, 'concepts', row.concept, 'index.html'), 'utf8');
      const lead = html.indexOf('id="what-changed"');
      expect(lead, row.concept).toBeGreaterThan(-1);
      expect(lead, `${row.concept}: the summary comes before the wordings`).toBeLessThan(html.indexOf('id="wordings"'));
      expect(textOf(html.slice(lead, html.indexOf('id="wordings"')))).toContain(row.summary);
    }
  });

  it('shows each price list without its source line numbers (those stay in the collapsed Sources section)', () => {
    const priced = data<Inducement[]>('inducements.json').filter((i) => i.priceList !== null && i.priceList.items.length > 0);
    expect(priced.length).toBeGreaterThan(0);
    for (const locale of ['en', 'fr'] as const) {
      const line = strings(locale).line;
      for (const inducement of priced) {
        const html = readFileSync(join(site, ...(locale === 'fr' ? ['fr'] : []), 'inducements', inducement.id.split('/')[1]!, 'index.html'), 'utf8');
        const table = html.slice(html.indexOf('<table class="price-list'), html.indexOf('</table>', html.indexOf('<table class="price-list')));
        const headers = [...table.matchAll(/<th[^>]*>([\s\S]*?)<\/th>/g)].map((m) => textOf(m[1]!).trim());
        expect(headers.length, inducement.id).toBeGreaterThan(0);
        expect(headers, `${locale} ${inducement.id}`).not.toContain(line);
        expect(table, `${locale} ${inducement.id}`).not.toContain(`data-label="${line}"`);
      }
    }
  });

  it('words the new relation "not in the 2020 text", and puts no badge on the baseline’s own card', () => {
    const rows = data<CrosswalkRow[]>('crosswalk.json');
    const fresh = rows.find((r) => r.relation === 'new')!;
    expect(textOf(readFileSync(join(site, 'concepts', fresh.concept, 'index.html'), 'utf8'))).toContain('not in the 2020 text');
    const base = rows.find((r) => r.declaredBy === 'source')!;
    const html = readFileSync(join(site, 'concepts', base.concept, 'index.html'), 'utf8');
    const card = html.slice(html.indexOf(`id="record-${base.record.replace('/', '-')}"`));
    expect(card.slice(0, card.indexOf('</section>'))).not.toContain('data-relation=');
  });
});

describe('what a reader sees in chromium', () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof serveStatic>>;
  beforeAll(async () => {
    server = await serveStatic(site);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows no maintainer-only text on each page type in either locale, until "For maintainers" is opened', async () => {
    const forbidden = maintainerOnly();
    const rationale = data<CrosswalkRow[]>('crosswalk.json').find((r) => r.concept === 'really-stupid' && r.declaredBy === 'editor' && r.relation !== 'same')!;
    const inducement = data<Inducement[]>('inducements.json')[0]!;
    const paths = ['/', '/concepts/really-stupid/', '/what-changed/', '/rulings/', `/inducements/${inducement.id.split('/')[1]}/`, '/editions/'];
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    for (const path of paths.flatMap((p) => [p, `/fr${p}`])) {
      await page.goto(server.origin + path);
      // innerText is what is rendered: a closed <details> contributes only its summary.
      const text = await page.evaluate('document.body.innerText');
      for (const needle of [...forbidden.everywhere, ...forbidden.files]) expect(text, `${path}: ${needle.slice(0, 40)}`).not.toContain(needle);
    }
    await page.goto(`${server.origin}/concepts/really-stupid/`);
    await page.locator('details.maintainers summary').first().click();
    await page.locator('details.maintainers summary').last().click();
    expect(await page.evaluate('document.body.innerText')).toContain(rationale.rationale);
    await page.close();
  });

  it('leads Really Stupid with its summary, then a sentence-aligned two-column diff where +2 and +1 share a row', async () => {
    const summary = data<CrosswalkRow[]>('crosswalk.json').find((r) => r.record === 'en-traits-alt/really-stupid')!.summary!;
    for (const width of [1400, 390]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`${server.origin}/concepts/really-stupid/`);
      const order = await page.evaluate(
        `['#what-changed', 'table.sentence-diff', '#wordings'].map((s) => document.querySelector(s)?.getBoundingClientRect().top ?? -1)`,
      );
      expect(order as number[], `${width}px: summary, diff, wordings`).toEqual([...(order as number[])].sort((a, b) => a - b));
      expect(await page.locator('#what-changed + ul.summaries').innerText()).toContain(summary);
      const rows = await page.locator('table.sentence-diff tbody tr').evaluateAll((trs) =>
        trs.map((tr) => ({
          kind: tr.className,
          // each cell's text as shown, without the screen-reader labels of the marks
          cells: [...tr.querySelectorAll('td')].map((td) => {
            const copy = td.cloneNode(true) as typeof td;
            for (const label of copy.querySelectorAll('.sr-only')) label.remove();
            return (copy.textContent ?? '').replace(/\s+/g, ' ');
          }),
        })),
      );
      expect(
        rows.find((r) => r.kind === 'diff-changed' && r.cells[0]!.includes('+2 modifier') && r.cells[1]!.includes('+1 modifier')),
        `${width}px`,
      ).toBeDefined();
      expect(rows.some((r) => r.kind === 'diff-removed')).toBe(true);
      // The 1-3 result, said last in the later wording, sits on one row with the earlier 1-3 result (issue 36.6).
      expect(
        rows.some((r) => r.kind === 'diff-changed' && r.cells[0]!.includes('1-3') && r.cells[1]!.includes('1-3') && r.cells[1]!.includes('Distracted')),
      ).toBe(true);
      expect(await page.locator('table.sentence-diff del').count()).toBeGreaterThan(0);
      expect(await page.locator('table.sentence-diff ins').count()).toBeGreaterThan(0);
      // nothing wider than the page column
      const overflow = await page.evaluate(
        `(() => { const t = document.querySelector('table.sentence-diff'); return t.scrollWidth - t.parentElement.clientWidth; })()`,
      );
      expect(overflow as number, `${width}px`).toBeLessThanOrEqual(1);
      await page.close();
    }
  });

  it('keeps the what-changed filters in the URL: a shared or reloaded link shows the same rows, with no baseline column', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${server.origin}/what-changed/`);
    const total = await page.locator('#what-changed-table tbody tr').count();
    const headers = await page.locator('#what-changed-table thead th').allInnerTexts();
    const base = data<Edition[]>('editions.json').find((e) => e.id === 'en-2020')!;
    expect(headers).not.toContain(base.label);
    await page.locator('#what-changed-filter select[name="relation"]').selectOption('reworked');
    await page.locator('#what-changed-filter select[name="kind"]').selectOption('trait');
    expect(new URL(page.url()).search).toBe('?relation=reworked&kind=trait');
    const shown = await page.locator('#what-changed-table tbody tr:not([hidden])').count();
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(total);
    await page.reload();
    expect(await page.locator('#what-changed-filter select[name="relation"]').inputValue()).toBe('reworked');
    expect(await page.locator('#what-changed-filter select[name="kind"]').inputValue()).toBe('trait');
    expect(await page.locator('#what-changed-table tbody tr:not([hidden])').count()).toBe(shown);
    for (const kind of await page.locator('#what-changed-table tbody tr:not([hidden])').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-kind'))))
      expect(kind).toBe('trait');
    await page.close();
  });

  it('does not shift the what-changed layout when its script runs (the filter form is in the page from the start)', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
    await page.addInitScript(
      `window.__shift = 0; new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shift += e.value; }).observe({ type: 'layout-shift', buffered: true });`,
    );
    await page.goto(`${server.origin}/what-changed/`);
    await page.waitForLoadState('load');
    await page.waitForTimeout(300);
    expect(await page.evaluate('window.__shift')).toBeLessThan(0.05);
    await page.close();
  });

  it('clips no table at 1400 px or at 390 px, in either locale: each fits its column or becomes cards', async () => {
    const inducement = data<Inducement[]>('inducements.json').find((i) => i.priceList !== null)!;
    const paths = [
      '/',
      '/concepts/really-stupid/',
      '/what-changed/',
      '/rulings/',
      `/inducements/${inducement.id.split('/')[1]}/`,
      '/downloads/',
      '/editions/',
      '/random-tables/en-2020/blood-bowl/',
    ];
    const clipped: string[] = [];
    for (const width of [1400, 390]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      for (const path of paths.flatMap((p) => [p, `/fr${p}`])) {
        await page.goto(server.origin + path);
        const wide = (await page.evaluate(`[...document.querySelectorAll('main table')].filter((t) => t.offsetParent !== null).map((t) => {
          const column = t.closest('.sl-container') ?? t.parentElement;
          return { id: t.id || t.className || 'table', over: Math.max(t.scrollWidth - t.clientWidth, t.getBoundingClientRect().right - column.getBoundingClientRect().right) };
        }).filter((t) => t.over > 1)`)) as { id: string; over: number }[];
        for (const t of wide) clipped.push(`${width}px ${path} ${t.id}: ${Math.round(t.over)} px too wide`);
      }
      await page.close();
    }
    expect(clipped).toEqual([]);
  });

  it('shows no English interface string on any French page (English rule texts and names, marked lang="en", aside)', async () => {
    const [en, fr] = [strings('en'), strings('fr')] as unknown as Record<string, unknown>[];
    // Every English label the French table translates differently, plus the page furniture written outside it.
    const flat = (value: unknown): string[] =>
      typeof value === 'string' ? [value] : typeof value === 'function' ? [] : value && typeof value === 'object' ? Object.values(value).flatMap(flat) : [];
    // Words spelled the same in both languages; any other English label copied into the French table is caught.
    const SAME_IN_BOTH = new Set([
      'Concepts',
      'concepts',
      'Relation',
      'Question',
      'page',
      'pages',
      'Provenance',
      'Second D6',
      'Source',
      'SHA-256',
      'Sources',
      'compact',
      'trait',
      'Mutation',
      'Trait',
      'Blood Bowl',
      'Dungeon Bowl',
      '1 section',
      '[COUNT] sections',
    ]);
    expect(
      flat(fr).filter((l) => flat(en).includes(l) && l.length >= 4 && !SAME_IN_BOTH.has(l)),
      'English labels left in the French table',
    ).toEqual([]);
    const labels = [
      ...new Set([
        ...flat(en).filter((l) => l.length >= 4 && !SAME_IN_BOTH.has(l)),
        'Editions',
        'Language',
        'Browse',
        'Dataset',
        'Schemas',
        'As printed',
        'results for',
        'On this page',
        'Overview',
        'Skip to content',
        'Report a mistake',
      ]),
    ];
    const pages = listFiles(join(site, 'fr'))
      .filter((p) => p.endsWith('index.html'))
      .map((p) => `/fr/${p.replace(/index\.html$/, '')}`);
    expect(pages.length).toBeGreaterThan(data<unknown[]>('concepts.json').length);
    // Each page's document as the browser parses it, scripts never run (DOMParser): one page of Chromium reads them all.
    const page = await browser.newPage();
    await page.goto(`${server.origin}/fr/`);
    const texts = (await page.evaluate(
      `Promise.all(${JSON.stringify(pages)}.map(async (path) => {
        const body = new DOMParser().parseFromString(await (await fetch(path)).text(), 'text/html').body;
        // An inducement's title is its name in the English notes (the French index says so), not an interface label.
        for (const e of body.querySelectorAll('[lang="en"], script, style, code' + (path.startsWith('/fr/inducements/') ? ', h1' : ''))) e.remove();
        return [path, body.textContent.replace(/\\s+/g, ' ')];
      }))`,
    )) as [string, string][];
    await page.close();
    expect(texts.map(([path]) => path)).toEqual(pages);
    const found: string[] = [];
    for (const [path, text] of texts)
      for (const label of labels)
        if (new RegExp(`(^|[^\\p{L}])${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u').test(text)) found.push(`${path}: ${label}`);
    expect(found).toEqual([]);
  }, 300_000);

  it('loads Pagefind only when a reader reaches for search, and then searches at once', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.goto(`${server.origin}/concepts/really-stupid/`, { waitUntil: 'networkidle' });
    expect(requested.filter((p) => p.includes('pagefind') || p.includes('ui-core'))).toEqual([]);
    // Nor its styles: no stylesheet of the page holds a rule for Pagefind's results.
    const resultRules = `[...document.styleSheets].flatMap((s) => [...s.cssRules]).map((r) => r.cssText).join('\\n').includes('pagefind-ui__result')`;
    expect(await page.evaluate(resultRules)).toBe(false);
    await page.keyboard.press('Control+k');
    const input = page.locator('site-search input.pagefind-ui__search-input').first();
    await input.waitFor();
    await expect.poll(() => page.evaluate('document.activeElement?.classList.contains("pagefind-ui__search-input")')).toBe(true);
    await input.fill('Dodge');
    await page.locator('.pagefind-ui__result-link').first().waitFor();
    expect(requested.some((p) => p.includes('/pagefind/'))).toBe(true);
    // The results are styled as Starlight styles them: a flex row each, the page icon beside the title.
    expect(await page.evaluate(`getComputedStyle(document.querySelector('.pagefind-ui__result')).display`)).toBe('flex');
    await page.close();
  });

  it('counts search results in French on the French site', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${server.origin}/fr/`, { waitUntil: 'networkidle' });
    await page.locator('site-search button[data-open-modal]').click();
    await page.locator('site-search input[type="text"], site-search input.pagefind-ui__search-input').first().fill('Esquive');
    await page.locator('.pagefind-ui__result-link').first().waitFor();
    const message = await page.locator('.pagefind-ui__message').innerText();
    expect(message).toMatch(/^\d+ résultats? pour Esquive$/);
    await page.close();
  });

  it('filters the rulings by skill name or words, folding accents, and keeps the filter through a reload', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${server.origin}/fr/rulings/`);
    const groups = await page.locator('.ruling-group').count();
    expect(groups).toBeGreaterThan(1);
    await page.locator('#rulings-filter input[name="q"]').fill('chataigne');
    const visible = page.locator('.ruling-group:not([hidden])');
    expect(await visible.count()).toBe(1);
    expect(await visible.locator('h2').getAttribute('id')).toBe('mighty-blow');
    expect(new URL(page.url()).search).toBe('?q=chataigne');
    await page.reload();
    expect(await page.locator('#rulings-filter input[name="q"]').inputValue()).toBe('chataigne');
    expect(await page.locator('.ruling-group:not([hidden])').count()).toBe(1);
    await page.close();
  });
});

describe('the rulings page', () => {
  it('keeps ruling ids out of the visible text of every page, and gives each skill’s group an anchor', () => {
    const rulings = data<{ id: string }[]>('rulings.json');
    const pages = listFiles(site).filter((p) => p.endsWith('.html') && !/^(data|api|cards|pagefind)\//.test(p) && !/^(fr\/)?identifiers\//.test(p));
    const shown = pages.flatMap((path) => {
      const text = visibleText(readFileSync(join(site, path), 'utf8'));
      return rulings.filter((r) => text.includes(r.id)).map((r) => `${path}: ${r.id}`);
    });
    expect(shown).toEqual([]);
    const html = readFileSync(join(site, 'rulings', 'index.html'), 'utf8');
    for (const concept of data<{ id: string }[]>('concepts.json')) {
      if (html.includes(`data-concept="${concept.id}"`)) expect(html).toContain(`<h2 id="${concept.id}"`);
    }
  });
});

describe('site basics from the environment', () => {
  it('builds without a site URL: no canonical link, no sitemap, robots.txt without a Sitemap line, no report link, and a home title not doubled', () => {
    const home = readFileSync(join(site, 'index.html'), 'utf8');
    expect(home).toContain('<title>Nuffle Codex</title>');
    expect(home).not.toContain('rel="canonical"');
    expect(home).not.toContain('report-mistake');
    expect(existsSync(join(site, 'sitemap-index.xml'))).toBe(false);
    expect(readFileSync(join(site, 'robots.txt'), 'utf8')).toBe('User-agent: *\nAllow: /\n');
  });

  // With NUFFLE_SITE_URL and NUFFLE_REPORT_URL (a sitemap, canonical, hreflang and report links): test/updates/retired-pages.test.ts, whose site is built with both.
});
