/**
 * The docs site, built once from the real sources (data, cards, site) into a
 * temp folder: its pages, links, languages, search index and downloads, then
 * the same site in Debian's chromium (console, requests, search, diff, the
 * what-changed filter, axe in both themes, screenshots).
 */
import { existsSync, mkdirSync, readFileSync, cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LinkChecker } from 'linkinator';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_PARSER } from '../../pipeline/model/dataset.ts';
import type { Concept, CrosswalkRow, Edition, Inducement, RandomTable, Ruling, Skill } from '../../pipeline/model/schema-types.ts';
import { sentenceDiff } from '../../site/src/lib/diff.ts';
import { strings } from '../../site/src/lib/i18n.ts';
import { repoRoot, runCliProcess, treeDigest } from '../helpers.ts';
import { seriousViolations } from './axe.ts';
import { forge, launchChromium, listFiles, readPage, serveStatic, textOf } from './helpers.ts';
import { sharedBuild } from '../shared-build.ts';

/** The few browser globals the page scripts below touch (the project's TS config has no DOM lib). */
interface Browserish {
  localStorage: { setItem: (key: string, value: string) => void };
  document: { documentElement: { dataset: Record<string, string | undefined> } };
}

let out = '';
let site = '';
const data = <T>(file: string): T => JSON.parse(readFileSync(join(out, 'data', file), 'utf8')) as T;

beforeAll(() => {
  out = sharedBuild('site');
  site = join(out, 'site');
}, 300_000);

describe('the built site', () => {
  it('has a page per concept and per inducement, and every index, in English and in French', () => {
    const pages = listFiles(site).filter((f) => f.endsWith('index.html'));
    const fr = pages.filter((p) => p.startsWith('fr/'));
    const en = pages.filter((p) => !p.startsWith('fr/'));
    expect(en.length).toBe(fr.length);
    expect(en.map((p) => `fr/${p}`).sort()).toEqual([...fr].sort());
    const concepts = data<Concept[]>('concepts.json');
    expect(concepts.length).toBeGreaterThan(100);
    for (const c of concepts) {
      expect(existsSync(join(site, 'concepts', c.id, 'index.html')), c.id).toBe(true);
      expect(existsSync(join(site, 'fr/concepts', c.id, 'index.html')), c.id).toBe(true);
    }
    for (const i of data<Inducement[]>('inducements.json')) expect(existsSync(join(site, 'inducements', i.id.split('/')[1]!, 'index.html')), i.id).toBe(true);
    // The indexes, then one random-table page per edition and game the tables cover.
    const indexes = [
      '',
      'concepts/',
      'editions/',
      'a-z/',
      'a-z/french/',
      'what-changed/',
      'random-tables/',
      'rulings/',
      'inducements/',
      'downloads/',
      'identifiers/',
      'cards/',
    ];
    const tablePages = [...new Set(data<RandomTable[]>('random-tables.json').map((t) => `random-tables/${t.edition}/${t.game}/`))];
    expect(tablePages).toContain('random-tables/en-2020/blood-bowl/');
    const inducementPages = [...new Set(data<Inducement[]>('inducements.json').map((i) => `inducements/${i.id.split('/')[1]}/`))];
    const expected = [...indexes, ...tablePages, ...concepts.map((c) => `concepts/${c.id}/`), ...inducementPages].map((path) => `${path}index.html`);
    // Exactly these pages, in each locale: none missing, none unplanned.
    expect([...en].sort()).toEqual(expected.sort());
  });

  it('serves every dataset file under /data/ byte for byte, and the card PDFs with their list', () => {
    const files = listFiles(join(out, 'data'));
    expect(files).toContain('skills.json');
    expect(files).toContain('schema/skills.schema.json');
    for (const file of files) expect(readFileSync(join(site, 'data', file)).equals(readFileSync(join(out, 'data', file))), file).toBe(true);
    // Each schema is served at its $id's path too (https://nuffle-codex.dev/schema/<version>/<path>).
    for (const file of files.filter((f) => f.endsWith('.schema.json'))) {
      const { $id } = JSON.parse(readFileSync(join(out, 'data', file), 'utf8')) as { $id: string };
      expect(readFileSync(join(site, new URL($id).pathname)).equals(readFileSync(join(out, 'data', file))), $id).toBe(true);
    }
    const downloads = readPage(site, 'downloads');
    for (const file of files.filter((f) => f !== 'meta.json')) expect(downloads, file).toContain(`href="/data/${file}"`);
    const cards = JSON.parse(readFileSync(join(out, 'cards/index.json'), 'utf8')) as { files: { file: string }[] };
    // Every PDF of the cards folder is listed, and served.
    expect(cards.files.map((f) => f.file).sort()).toEqual(
      listFiles(join(out, 'cards'))
        .filter((f) => f.endsWith('.pdf'))
        .sort(),
    );
    for (const { file } of cards.files) {
      expect(
        readFileSync(join(site, 'cards', file))
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      expect(downloads).toContain(`href="/cards/${file}"`);
    }
  });

  it('renders a concept page with names, facts, every wording, rulings, table slots and provenance', () => {
    const html = readPage(site, 'concepts/mighty-blow');
    const skills = data<Skill[]>('skills.json');
    const records = skills.filter((s) => s.concept === 'mighty-blow');
    expect(records.length).toBeGreaterThan(1);
    expect(html).toMatch(/<h1 id="_top"[^>]*>Mighty Blow<\/h1>/);
    expect(html).toMatch(/<dd><span lang="fr">Châtaigne<\/span>/);
    // provenance: a collapsed "Sources" section names each wording's edition and line, never its file
    const sources = textOf(/<details class="sources"[^>]*>([\s\S]*?)<\/details>/.exec(html)![1]!);
    const editions = data<Edition[]>('editions.json');
    for (const r of records) {
      expect(html, r.id).toContain(`id="record-${r.id.replace('/', '-')}"`);
      const lines = r.source.lines[0] === r.source.lines[1] ? `line ${r.source.lines[0]}` : `lines ${r.source.lines[0]}–${r.source.lines[1]}`;
      expect(sources, r.id).toContain(`${editions.find((e) => e.id === r.edition)!.label}, ${lines}`);
    }
    const rulings = data<Ruling[]>('rulings.json').filter((ruling) => ruling.records.some((id) => records.some((r) => r.id === id)));
    expect(rulings.length, 'Mighty Blow is the sample because the FAQ rules on it').toBeGreaterThan(0);
    expect(html.match(/<article class="ruling"/g)?.length ?? 0).toBe(rulings.length);
    for (const ruling of rulings) {
      expect(html, ruling.id).toContain(`id="${ruling.id.replace('/', '-')}"`);
      for (const page of ruling.pages) expect(textOf(html)).toMatch(new RegExp(`pages? [0-9, ]*\\b${page}\\b`));
    }
    const tables = data<RandomTable[]>('random-tables.json').filter((t) => t.slots.some((s) => s.record === 'en-2020/mighty-blow'));
    expect(tables.length).toBe(2);
    for (const t of tables) expect(html).toContain(`href="/random-tables/${t.edition}/${t.game}/#slot-strength-4-6-1"`);
    // the French rule text is marked as French, and the French page marks English text as English
    const french = skills.find((s) => s.id === 'fr-legacy/chataigne')!;
    expect(html).toMatch(new RegExp(`<div class="rule-text" lang="fr"><p>${french.text.slice(0, 30).replace(/[()]/g, '.')}`));
    const fr = readPage(site, 'fr/concepts/mighty-blow');
    expect(fr).toMatch(/<html lang="fr"/);
    expect(fr).toMatch(/<h1 id="_top"[^>]*>Châtaigne<\/h1>/);
    expect(fr).toMatch(/<dd lang="en">Mighty Blow<\/dd>/);
    expect(fr).toContain('<div class="rule-text" lang="en"><p>When an opposition player is Knocked Down');
  });

  it('shows the compulsory marker, naming the 2020 edition for records whose source has no marker', () => {
    const html = textOf(readPage(site, 'concepts/really-stupid'));
    expect(html).toContain('Compulsory: yes ·');
    // The second trait wording prints no compulsory marker: its row says so and names the edition whose marker it shows.
    const alt = data<Skill[]>('skills.json').find((s) => s.id === 'en-traits-alt/really-stupid')!;
    expect(alt.compulsory).toBeNull();
    const base = data<Edition[]>('editions.json').find((e) => e.parser === BASE_PARSER)!;
    expect(html).toContain(`Compulsory: ${strings('en').compulsoryIn(base.label, 'yes')}`);
  });

  it('puts every page under its locale: <html lang="en"> at /, <html lang="fr"> under /fr/', () => {
    for (const page of listFiles(site).filter((f) => f.endsWith('.html'))) {
      const lang = /<html lang="([a-z]+)"/.exec(readFileSync(join(site, page), 'utf8'))?.[1];
      expect(lang, page).toBe(page.startsWith('fr/') ? 'fr' : 'en');
    }
  });

  it('indexes both locales for search, and the English concept pages hold the French names', () => {
    const entry = JSON.parse(readFileSync(join(site, 'pagefind/pagefind-entry.json'), 'utf8')) as { languages: Record<string, { page_count: number }> };
    expect(Object.keys(entry.languages).sort()).toEqual(['en', 'fr']);
    expect(entry.languages.en!.page_count).toBeGreaterThan(100);
    expect(entry.languages.fr!.page_count).toBe(entry.languages.en!.page_count);
    const en = readPage(site, 'concepts/mighty-blow');
    const body = en.slice(en.indexOf('data-pagefind-body'));
    expect(body).toContain('Châtaigne');
  });

  it('asks for nothing off its origin: no external scripts, styles, fonts or images', () => {
    for (const page of listFiles(site).filter((f) => f.endsWith('.html'))) {
      const html = readFileSync(join(site, page), 'utf8');
      const external = [...html.matchAll(/<(script|link|img|iframe|source)\b[^>]*\b(src|href)="((?:https?:)?\/\/[^"]*)"/g)].map((m) => m[3]);
      expect(external, page).toEqual([]);
    }
    for (const css of listFiles(site).filter((f) => f.endsWith('.css')))
      expect(readFileSync(join(site, css), 'utf8'), css).not.toMatch(/url\((['"]?)(https?:)?\/\//);
  });

  it('has no broken internal link or anchor (linkinator over both locales)', async () => {
    const server = await serveStatic(site);
    try {
      const checker = new LinkChecker();
      const result = await checker.check({
        path: [`${server.origin}/`, `${server.origin}/fr/`],
        recurse: true,
        checkFragments: true,
        concurrency: 8,
        // A fragment on the card page is its state (`#skills=…`, `#deck=…`), not an anchor; the page itself is checked through the sidebar.
        linksToSkip: async (link: string) => !link.startsWith(server.origin) || link.includes('/cards/#'),
      });
      const broken = result.links.filter((l) => l.state === 'BROKEN').map((l) => `${l.url} (from ${l.parent}) ${l.status ?? ''}`);
      expect(broken).toEqual([]);
      const pages = new Set(result.links.filter((l) => l.state === 'OK').map((l) => l.url.split('#')[0]));
      expect(pages.has(`${server.origin}/fr/concepts/mighty-blow/`)).toBe(true);
      expect(pages.has(`${server.origin}/data/skills.json`)).toBe(true);
      // the crawl reached every page of both locales
      const built = listFiles(site)
        .filter((f) => f.endsWith('index.html'))
        .map((f) => `${server.origin}/${f.replace(/index\.html$/, '')}`);
      expect(built.filter((url) => !pages.has(url))).toEqual([]);
    } finally {
      await server.close();
    }
  }, 180_000);

  it('leaves the previous site in place and names the file and record when a record does not fit', () => {
    const broken = mkdtempSync(join(tmpdir(), 'nuffle-site-broken-'));
    cpSync(join(out, 'data'), join(broken, 'data'), { recursive: true });
    cpSync(join(site, 'index.html'), join(broken, 'site/index.html'));
    const skills = JSON.parse(readFileSync(join(broken, 'data/skills.json'), 'utf8')) as Record<string, unknown>[];
    const victim = skills[7]!;
    victim.text = 42;
    // digests recomputed: only the schema check can tell (a changed byte alone: test/site/published-data.test.ts)
    forge(join(broken, 'data'), 'skills.json', JSON.stringify(skills));
    const before = treeDigest(join(broken, 'site'));
    // A process: the site target runs Astro in the process that builds, should the data check ever let this dataset through.
    const result = runCliProcess(['build', '--only', 'site', '--out', broken]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`data/skills.json error ${String(victim.id)}: /7/text must be string [schema/invalid]`);
    expect(treeDigest(join(broken, 'site'))).toEqual(before);
  }, 120_000);
});

describe('the site in a browser', () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof serveStatic>>;
  const artifacts = join(repoRoot, 'test-artifacts/site');

  beforeAll(async () => {
    server = await serveStatic(site);
    browser = await launchChromium();
    mkdirSync(artifacts, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A page that records console errors, failed requests and any request off the site's origin. */
  async function open(
    theme: 'light' | 'dark' = 'light',
    options: { javaScriptEnabled?: boolean } = {},
  ): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: theme, ...options });
    await context.addInitScript((t) => (globalThis as unknown as Browserish).localStorage.setItem('starlight-theme', t), theme);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('requestfailed', (request) => problems.push(`failed: ${request.url()} ${request.failure()?.errorText ?? ''}`));
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
    });
    page.on('request', (request) => {
      if (!request.url().startsWith(server.origin) && !request.url().startsWith('data:')) problems.push(`off-origin: ${request.url()}`);
    });
    return { context, page, problems };
  }

  const PAGES = {
    home: '/',
    concept: '/concepts/really-stupid/',
    'what-changed': '/what-changed/',
    'random-table': '/random-tables/en-2020/blood-bowl/',
  } as const;

  const TITLES: Record<string, string> = {
    [PAGES.home]: 'Nuffle Codex',
    [PAGES.concept]: 'Really Stupid',
    [PAGES['what-changed']]: strings('en').whatChanged,
    [PAGES['random-table']]: `${strings('en').randomTables}: ${strings('en').gameNames['blood-bowl']}`,
  };

  it('loads the home, a concept, what-changed and a random table with no console error and no failed or off-origin request', async () => {
    const { context, page, problems } = await open();
    for (const path of Object.values(PAGES)) {
      await page.goto(`${server.origin}${path}`, { waitUntil: 'networkidle' });
      expect(await page.locator('h1').first().textContent(), path).toBe(TITLES[path]);
    }
    await page.goto(`${server.origin}/fr/concepts/mighty-blow/`, { waitUntil: 'networkidle' });
    await context.close();
    expect(problems).toEqual([]);
  });

  async function search(page: Page, query: string): Promise<string[]> {
    await page.locator('site-search button[data-open-modal]').click();
    const input = page.locator('site-search input[type="text"], site-search input.pagefind-ui__search-input').first();
    await input.fill(query);
    await page.locator('.pagefind-ui__result-link').first().waitFor();
    return page.locator('.pagefind-ui__result-link').evaluateAll((links) => links.map((a) => (a as unknown as { pathname: string }).pathname));
  }

  it('finds Mighty Blow on the English site when searching its French name, Châtaigne', async () => {
    const { context, page, problems } = await open();
    await page.goto(`${server.origin}/`, { waitUntil: 'networkidle' });
    const results = await search(page, 'Châtaigne');
    expect(results).toContain('/concepts/mighty-blow/');
    await page.locator('.pagefind-ui__result-link[href^="/concepts/mighty-blow/"]').first().click();
    await page.waitForURL((url) => url.pathname === '/concepts/mighty-blow/');
    expect(await page.locator('h1').textContent()).toBe('Mighty Blow');
    await context.close();
    expect(problems).toEqual([]);
  });

  it('finds Châtaigne on the French site when searching "Mighty Blow", and rule phrases find skills', async () => {
    const { context, page } = await open();
    await page.goto(`${server.origin}/fr/`, { waitUntil: 'networkidle' });
    expect(await search(page, 'Mighty Blow')).toContain('/fr/concepts/mighty-blow/');
    await page.goto(`${server.origin}/`, { waitUntil: 'networkidle' });
    const phrase = (await search(page, 'armour roll')).filter((p) => p.startsWith('/concepts/'));
    // Each concept found has a wording that speaks of armour rolls, and at least one is found.
    const aboutArmour = new Set(
      data<Skill[]>('skills.json')
        .filter((s) => /armou?r rolls?/i.test(s.text) && s.concept)
        .map((s) => `/concepts/${s.concept}/`),
    );
    expect(phrase.length).toBeGreaterThan(0);
    for (const path of phrase) expect(aboutArmour, path).toContain(path.replace(/#.*$/, ''));
    await context.close();
  });

  it('shows both English wordings of Really Stupid and a diff with insertions and deletions', async () => {
    const { context, page } = await open();
    await page.goto(`${server.origin}/concepts/really-stupid/`);
    await expect(page.locator('#record-en-2020-really-stupid').textContent()).resolves.toContain('When this player is activated, even if they are Prone');
    await expect(page.locator('#record-en-traits-alt-really-stupid').textContent()).resolves.toContain('Whenever this player is activated');
    // As many marks as the diff of the two wordings has, each with its text label.
    const skills = data<Skill[]>('skills.json');
    const text = (id: string) => skills.find((s) => s.id === id)!.text;
    const rows = sentenceDiff(text('en-2020/really-stupid'), text('en-traits-alt/really-stupid'), { inserted: 'inserted', deleted: 'deleted' });
    const count = (html: string, tag: string) => html.split(`<${tag}>`).length - 1;
    const inserted = rows.reduce((n, r) => n + count(r.after, 'ins'), 0);
    const deleted = rows.reduce((n, r) => n + count(r.before, 'del'), 0);
    expect(inserted).toBeGreaterThan(0);
    expect(deleted).toBeGreaterThan(0);
    expect(await page.locator('.sentence-diff ins').count()).toBe(inserted);
    expect(await page.locator('.sentence-diff del').count()).toBe(deleted);
    expect(await page.locator('.sentence-diff ins .sr-only').first().textContent()).toBe('[inserted: ');
    await context.close();
  });

  it('filters the what-changed table by relation and kind, and shows it whole without JavaScript', async () => {
    const { context, page } = await open();
    await page.goto(`${server.origin}/what-changed/`);
    const rows = page.locator('#what-changed-table tbody tr');
    const total = await rows.count();
    expect(total).toBe(data<Concept[]>('concepts.json').length);
    await page.locator('#what-changed-filter select[name="relation"]').selectOption('reworked');
    const visible = page.locator('#what-changed-table tbody tr:not([hidden])');
    const shown = await visible.count();
    // One row per concept that has a reworked record.
    const reworked = new Set(
      data<CrosswalkRow[]>('crosswalk.json')
        .filter((r) => r.relation === 'reworked')
        .map((r) => r.concept),
    );
    expect(shown).toBe(reworked.size);
    expect(shown).toBeLessThan(total);
    for (const relations of await visible.evaluateAll((trs) =>
      trs.map((tr) => (tr as unknown as Browserish['document']['documentElement']).dataset.relations ?? ''),
    ))
      expect(relations.split(' ')).toContain('reworked');
    await page.locator('#what-changed-filter select[name="kind"]').selectOption('skill');
    for (const kind of await visible.evaluateAll((trs) => trs.map((tr) => (tr as unknown as Browserish['document']['documentElement']).dataset.kind)))
      expect(kind).toBe('skill');
    await context.close();

    const noJs = await open('light', { javaScriptEnabled: false });
    await noJs.page.goto(`${server.origin}/what-changed/`);
    expect(await noJs.page.locator('#what-changed-table tbody tr:not([hidden])').count()).toBe(total);
    expect(await noJs.page.locator('#what-changed-filter').isVisible()).toBe(false);
    await noJs.context.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`has no serious or critical axe violation on the home, a concept, what-changed and a random table (${theme} theme)`, async () => {
      const { context, page } = await open(theme);
      const found: string[] = [];
      for (const [name, path] of Object.entries(PAGES)) {
        await page.goto(`${server.origin}${path}`, { waitUntil: 'networkidle' });
        expect(await page.evaluate(() => (globalThis as unknown as Browserish).document.documentElement.dataset.theme)).toBe(theme);
        found.push(...(await seriousViolations(page, name)));
        if (name !== 'what-changed') await page.screenshot({ path: join(artifacts, `${name}-${theme}.png`), fullPage: true });
      }
      await context.close();
      expect(found).toEqual([]);
    }, 120_000);
  }
});
