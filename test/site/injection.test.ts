/**
 * Nothing a source or an annotation says can run script on the site. The
 * hostile project (./hostile-project.ts) puts markup and script in every field
 * they can set; built with every target, its site must show them as text, in
 * the page body and in the head (title, description, Open Graph), run nothing
 * in Chromium, link nowhere with `javascript:`, and hold no `<script` other
 * than the site's own: those of the same site built from the real project.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Concept, CrosswalkRow, Edition, Inducement, League, Ruling, Skill } from '../../pipeline/model/schema-types.ts';
import { buildInto, launchChromium, listFiles, serveStatic, textOf } from './helpers.ts';
import { sharedBuild } from '../shared-build.ts';
import { ALL, BREAK_ATTRIBUTE, CLOSE_SCRIPT, CLOSE_TITLE, hostileProject, NAMES, PAGE_NOTE } from './hostile-project.ts';

let out = '';
let site = '';
let clean = '';
const data = <T>(file: string): T => JSON.parse(readFileSync(join(out, 'data', file), 'utf8')) as T;
const read = (dir: string, path: string) => readFileSync(join(dir, path), 'utf8');

beforeAll(() => {
  // NUFFLE_INJECTION_TEST_OUT=HOSTILE_OUT:CLEAN_OUT reuses finished builds (while iterating on the tests only).
  const [hostileOut, cleanOut] = process.env.NUFFLE_INJECTION_TEST_OUT?.split(':') ?? [];
  out = hostileOut ?? buildInto(hostileProject());
  site = join(out, 'site');
  clean = join(cleanOut ?? sharedBuild('site'), 'site');
}, 600_000);

/** The site's own scripts: every `<script …>…</script>` of the site built from the real project. */
const scriptBlocks = (html: string) => [...html.matchAll(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi)].map((m) => m[0]);

/**
 * Every tag of a page outside its scripts, styles and comments, with its
 * attributes (values entity-decoded): quoted values are read whole, so a
 * `<` or `onerror=` inside an escaped attribute value is text, as in a browser.
 */
function tags(html: string): { name: string; attributes: [string, string][] }[] {
  const body = html.replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>|<style\b[^>]*>[\s\S]*?<\/style\s*>|<!--[\s\S]*?-->/gi, '');
  return [...body.matchAll(/<([a-zA-Z][a-zA-Z0-9:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g)].map((m) => ({
    name: m[1]!.toLowerCase(),
    attributes: [...m[2]!.matchAll(/([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)].map((a) => [
      a[1]!.toLowerCase(),
      textOf(a[2] ?? a[3] ?? a[4] ?? ''),
    ]),
  }));
}
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'srcdoc', 'background', 'cite', 'srcset']);
const SCRIPT_URL = /^(?:javascript|vbscript|data:text\/html)/i;
/** What in a tag could run script: an event handler, or a script URL where a URL goes. */
const dangers = (tag: { name: string; attributes: [string, string][] }) =>
  tag.attributes
    .filter(([name, value]) => name.startsWith('on') || (URL_ATTRIBUTES.has(name) && SCRIPT_URL.test(value.replace(/[\u0000-\u0020]/g, ''))))
    .map(([name, value]) => `<${tag.name} ${name}="${value}">`);

const pwnTitle = () => data<Concept[]>('concepts.json').find((c) => c.name === NAMES.title)!;
const pwnAttribute = () => data<Concept[]>('concepts.json').find((c) => c.name === NAMES.attribute)!;

describe('the hostile project', () => {
  it('carries the payloads into every field of the dataset a source or annotation sets', () => {
    const skills = data<Skill[]>('skills.json');
    expect(skills.find((s) => s.edition === 'en-2020' && s.name === NAMES.title)?.source.errata).toEqual(['en-2020/pwn-erratum']);
    const attribute = skills.find((s) => s.name === NAMES.attribute)!;
    expect(attribute.parameter).toBe(NAMES.parameter);
    expect(attribute.displayName).toBe(`${NAMES.attribute} (${NAMES.parameter})`);
    expect(skills.find((s) => s.edition === 'fr-legacy' && s.name === NAMES.french)).toBeDefined();
    expect(skills.find((s) => s.edition === 'en-traits-alt' && s.name === NAMES.alternative)).toBeDefined();
    for (const s of skills.filter((s) => s.name.startsWith('Pwn'))) expect(s.text, s.id).toContain('script>pwned=1');
    const ruling = data<Ruling[]>('rulings.json').find((r) => r.question.includes(CLOSE_TITLE))!;
    expect(ruling.answer).toContain(CLOSE_SCRIPT);
    expect(ruling.pageNote).toBe(PAGE_NOTE);
    expect(pwnTitle().names.fr).toBe(NAMES.french);
    expect(data<Concept[]>('concepts.json').find((c) => c.id === 'breathe-fire')?.name).toBe(NAMES.concept);
    const rows = data<CrosswalkRow[]>('crosswalk.json').filter((r) => r.declaredBy === 'editor');
    for (const row of rows) expect(row.rationale, row.record).toContain(ALL);
    expect(rows.find((r) => r.record.startsWith('fr-legacy/pwn'))?.falseFriend).toContain(ALL);
    const inducements = data<Inducement[]>('inducements.json');
    expect(inducements.find((i) => i.name === NAMES.inducement)?.abilities.map((a) => a.name)).toEqual([NAMES.ability]);
    for (const i of inducements) expect(i.note, i.id).toContain(ALL);
    for (const league of data<League[]>('leagues.json')) expect(league.name).toContain(CLOSE_TITLE);
    for (const edition of data<Edition[]>('editions.json')) {
      expect(edition.label).toContain(BREAK_ATTRIBUTE);
      expect((edition as { note?: string }).note).toContain(ALL);
    }
  });
});

describe('its site, as files', () => {
  const pages = () => listFiles(site).filter((f) => f.endsWith('.html'));

  it('has no <script> but the site’s own, no element the real site lacks, no event handler and no javascript: URL in any page', () => {
    const cleanPages = listFiles(clean).filter((f) => f.endsWith('.html'));
    const own = new Set(cleanPages.flatMap((f) => scriptBlocks(read(clean, f))));
    const ownElements = new Set(cleanPages.flatMap((f) => tags(read(clean, f)).map((tag) => tag.name)));
    expect(own.size).toBeGreaterThan(3);
    expect(ownElements.has('script')).toBe(false); // scripts are taken out before tags are read
    expect(pages().length).toBeGreaterThan(300);
    for (const page of pages()) {
      const html = read(site, page);
      const blocks = scriptBlocks(html);
      expect(
        blocks.filter((b) => !own.has(b)),
        page,
      ).toEqual([]);
      // every `<script` opens one of those blocks: none hides in a broken tag or a comment
      expect(html.match(/<script/gi)?.length ?? 0, page).toBe(blocks.length);
      const found = tags(html);
      expect(found.length, page).toBeGreaterThan(20);
      expect(
        found.map((tag) => tag.name).filter((name) => !ownElements.has(name)),
        page,
      ).toEqual([]);
      expect(found.flatMap(dangers), page).toEqual([]);
    }
  });

  it('holds the payloads only as data elsewhere: the scripts and styles are the site’s own, and the dataset files are JSON served as such', () => {
    const cleanFiles = new Set(listFiles(clean));
    for (const file of listFiles(site)) {
      const bytes = readFileSync(join(site, file));
      if (/^(?:fr\/)?cards\/sw\.js$/.test(file)) {
        // the card page's service worker lists the files it keeps with their digests, and names its cache by them, the page and
        // the dataset among them: only those digests differ
        const cacheFree = (text: string) =>
          text.replace(/(nuffle-cards:[^:"'`]+:)[0-9a-f]{20}/g, '$1<digest>').replace(/("sha256": ")[0-9a-f]{64}"/g, '$1<digest>"');
        expect(cleanFiles.has(file) && cacheFree(readFileSync(join(clean, file), 'utf8')), file).toBe(cacheFree(bytes.toString('utf8')));
      } else if (/\.(js|mjs|css|svg|xml|txt|webmanifest)$/.test(file)) {
        // bundled assets never depend on the data: the same file, byte for byte, as the real site's
        expect(cleanFiles.has(file) && readFileSync(join(clean, file)).equals(bytes), file).toBe(true);
      } else if (!file.endsWith('.html') && bytes.includes('<script')) {
        // the dataset (its CSV tables too), the static API and the card index, byte for byte what the data, api and cards targets wrote; the search panel's names list (JSON)
        expect(file, file).toMatch(/^(?:data\/csv\/[a-z0-9-]+\.csv|(?:data|api|cards)\/.+\.(?:json|min\.json|sqlite)|search-names\.json)$/);
        if (file.endsWith('.json')) expect(() => JSON.parse(bytes.toString('utf8')), file).not.toThrow();
      }
    }
  });

  it('writes every name as text in the page head: <title>, description and Open Graph', () => {
    const cases = [
      [`concepts/${pwnTitle().id}/index.html`, NAMES.title],
      [`fr/concepts/${pwnTitle().id}/index.html`, NAMES.french],
      [`concepts/${pwnAttribute().id}/index.html`, NAMES.attribute],
      ['concepts/breathe-fire/index.html', NAMES.concept],
      ['inducements/pwn-kegs/index.html', NAMES.inducement],
      ['fr/inducements/pwn-kegs/index.html', NAMES.inducementFr],
    ] as const;
    for (const [page, name] of cases) {
      const html = read(site, page);
      const head = html.slice(0, html.indexOf('</head>'));
      expect(textOf(/<title>([^<]*)<\/title>/.exec(head)?.[1] ?? ''), page).toBe(`${name} | Nuffle Codex`);
      expect(textOf(/<meta property="og:title" content="([^"]*)"/.exec(head)?.[1] ?? ''), page).toBe(name);
      expect(textOf(/<meta name="description" content="([^"]*)"/.exec(head)?.[1] ?? ''), page).toContain(name);
      expect(head.match(/<title>/g), page).toHaveLength(1);
    }
  });
});

describe('its site, in Chromium', () => {
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

  /** Open a page, recording dialogs; check that nothing ran and no link or source is a script URL. */
  async function visit(path: string, act?: (page: Page) => Promise<void>): Promise<{ title: string; text: string }> {
    const page = await browser.newPage();
    const dialogs: string[] = [];
    page.on('dialog', async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });
    const response = await page.goto(server.origin + path, { waitUntil: 'networkidle' });
    expect(response?.status(), path).toBe(200);
    if (act) await act(page);
    // What a reader sees once every collapsed section is opened, and every deferred section laid out.
    await page.evaluate(
      `for (const d of document.querySelectorAll('details')) d.open = true; for (const e of document.querySelectorAll('*')) e.style.contentVisibility = 'visible';`,
    );
    const found = await page.evaluate(() => {
      const win = globalThis as unknown as {
        pwned?: unknown;
        document: {
          title: string;
          querySelectorAll: (s: string) => ArrayLike<{ attributes: ArrayLike<{ name: string; value: string }> }>;
          body: { innerText: string };
        };
      };
      const bad: string[] = [];
      for (const element of Array.from(win.document.querySelectorAll('*'))) {
        for (const { name, value } of Array.from(element.attributes)) {
          // the search UI's own form (Pagefind) submits nowhere with action="javascript:void(0);"
          const own =
            name === 'action' &&
            value === 'javascript:void(0);' &&
            (element as unknown as { matches: (s: string) => boolean }).matches('form.pagefind-ui__form');
          if (!own && (/^on/i.test(name) || /^\s*(javascript|vbscript):/i.test(value))) bad.push(`${name}=${value}`);
        }
      }
      return { pwned: win.pwned, bad, title: win.document.title, text: win.document.body.innerText };
    });
    await page.close();
    expect(dialogs, path).toEqual([]);
    expect(found.pwned, path).toBeUndefined();
    expect(found.bad, path).toEqual([]);
    return { title: found.title, text: found.text };
  }

  it('runs nothing on the concept pages, and shows every name, parameter, text and ruling as written', async () => {
    const titled = pwnTitle();
    // Each visit is a page of its own: they load side by side.
    const [en, fr, attribute, breathe] = await Promise.all([
      visit(`/concepts/${titled.id}/`),
      visit(`/fr/concepts/${titled.id}/`),
      visit(`/concepts/${pwnAttribute().id}/`),
      visit('/concepts/breathe-fire/'),
    ]);
    expect(en.title).toBe(`${NAMES.title} | Nuffle Codex`);
    for (const literal of [
      NAMES.title,
      NAMES.french,
      NAMES.alternative,
      '<script>pwned=1;alert(3)</script>',
      '[a link](javascript:pwned=1;alert(5))',
      PAGE_NOTE,
      'False friend',
    ]) {
      expect(en.text).toContain(literal);
    }
    expect(fr.title).toBe(`${NAMES.french} | Nuffle Codex`);
    expect(attribute.title).toBe(`${NAMES.attribute} | Nuffle Codex`);
    expect(attribute.text).toContain(NAMES.parameter);
    expect(breathe.title).toBe(`${NAMES.concept} | Nuffle Codex`);
  });

  it('runs nothing on the inducement pages, and shows their names, notes and leagues as written', async () => {
    await Promise.all(
      ['', '/fr'].map(async (prefix) => {
        const [page, list] = await Promise.all([visit(`${prefix}/inducements/pwn-kegs/`), visit(`${prefix}/inducements/`)]);
        expect(page.title).toBe(`${prefix ? NAMES.inducementFr : NAMES.inducement} | Nuffle Codex`);
        // The French page names the English one beside its French title.
        expect(page.text).toContain(NAMES.inducement);
        expect(page.text).toContain(`Note ${CLOSE_TITLE}`);
        expect(page.text).toContain(NAMES.ability);
        expect(list.text).toContain(`Badlands Brawl ${CLOSE_TITLE}`);
      }),
    );
  });

  for (const path of [
    '/',
    '/concepts/',
    '/editions/',
    '/a-z/',
    '/a-z/french/',
    '/what-changed/',
    '/random-tables/',
    '/random-tables/en-2020/blood-bowl/',
    '/rulings/',
    '/downloads/',
    '/identifiers/',
  ]) {
    it(`runs nothing on ${path} and /fr${path}`, async () => {
      await Promise.all(
        ['', '/fr'].map(async (prefix) => {
          const page = await visit(prefix + path);
          if (path === '/' || path === '/editions/') expect(page.text, prefix + path).toContain(BREAK_ATTRIBUTE);
          if (path === '/rulings/') expect(page.text, prefix + path).toContain(CLOSE_SCRIPT);
        }),
      );
    });
  }

  it('runs nothing when the what-changed filter and the search show hostile names', async () => {
    const filtered = visit('/what-changed/', async (page) => {
      await page.locator('#what-changed-filter select[name="kind"]').selectOption('trait');
    });
    const searched = visit('/', async (page) => {
      await page.locator('site-search button[data-open-modal]').click();
      await page.locator('site-search input[type="text"], site-search input.pagefind-ui__search-input').first().fill('Pwn');
      await page.locator('.pagefind-ui__result-link').first().waitFor();
      const titles = await page.locator('.pagefind-ui__result-link').allInnerTexts();
      expect(titles.some((t) => t.includes(NAMES.title))).toBe(true);
    });
    await Promise.all([filtered, searched]);
  });

  it('serves the dataset files as JSON that no browser may sniff as a page', async () => {
    const response = await fetch(`${server.origin}/data/skills.json`);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toContain(CLOSE_TITLE);
  });
});
