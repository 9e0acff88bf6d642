/**
 * The site after a rule update: a retired id's old URL keeps a page (in both
 * locales) that leads to the new one — a meta refresh, a canonical link and a
 * visible link, never indexed, never searched — or says the rule was
 * withdrawn; and a withdrawn skill's vacant slots read as such on the table
 * pages. Sidestep is renamed to a new id (migrated), Fumblerooskie withdrawn
 * (test/site/retired-ids-project.ts, the project security.test.ts reads too).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import type { Concept, Migration, RandomTable } from '../../pipeline/model/schema-types.ts';
import { ENUM_LABELS } from '../../pipeline/model/labels.ts';
import { repoRoot } from '../helpers.ts';
import { listFiles, readPage, textOf } from '../site/helpers.ts';
import { ORIGIN, REPORT, retiredIdsSite } from '../site/retired-ids-project.ts';

const VERSION = (parseYaml(readFileSync(join(repoRoot, 'sources/manifest.yaml'), 'utf8')) as { dataset: { version: string } }).dataset.version;

let out: string;
let site: string;

beforeAll(() => {
  // Shared with test/site/security.test.ts: one build of the project per run (test/site/retired-ids-project.ts).
  ({ out } = retiredIdsSite());
  site = join(out, 'site');
}, 400_000);

describe('the page at a retired id', () => {
  it('leads a renamed concept to its new page in both locales: meta refresh, canonical link, visible link, noindex', () => {
    for (const [prefix, locale] of [
      ['', 'en'],
      ['fr/', 'fr'],
    ] as const) {
      const html = readPage(site, `${prefix}concepts/sidestep`);
      const target = `/${prefix}concepts/side-step/`;
      expect(html).toContain(`<html lang="${locale}"`);
      expect(html).toContain(`<meta http-equiv="refresh" content="0; url=${target}">`);
      expect(html).toContain(`<link rel="canonical" href="${new URL(target, ORIGIN).href}">`);
      expect(html).toContain('<meta name="robots" content="noindex">');
      const concept = (JSON.parse(readFileSync(join(out, 'data/concepts.json'), 'utf8')) as Concept[]).find((c) => c.id === 'side-step')!;
      expect(concept.names.en).toBe('Side Step');
      expect(html).toMatch(new RegExp(`<a href="${target}"[^>]*>${concept.names[locale] ?? concept.name}</a>`));
      expect(html).not.toContain('data-pagefind-body');
      expect(existsSync(join(site, target, 'index.html'))).toBe(true);
    }
  });

  it('says a withdrawn concept was withdrawn, with the version, and links to the list; no refresh', () => {
    const html = readPage(site, 'concepts/fumblerooskie');
    expect(textOf(html)).toContain(`withdrawn in version ${VERSION}`);
    expect(html).toMatch(/<a href="\/concepts\/"/);
    expect(html).not.toContain('http-equiv="refresh"');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(textOf(readPage(site, 'fr/concepts/fumblerooskie'))).toContain(`retirée dans la version ${VERSION}`);
  });

  it('exists for every retired concept id, and only for those; the search index never lists one', () => {
    const retired = (JSON.parse(readFileSync(join(out, 'data/migrations.json'), 'utf8')) as Migration[]).filter((m) => m.kind === 'concept').map((m) => m.id);
    const pages = listFiles(site).filter((f) => f.endsWith('index.html'));
    const moved = pages.filter((p) => readFileSync(join(site, p), 'utf8').includes('<meta name="robots" content="noindex">'));
    expect(moved.sort()).toEqual(retired.flatMap((id) => [`concepts/${id}/index.html`, `fr/concepts/${id}/index.html`]).sort());
    // Pagefind indexes exactly the pages with a search body, and no moved page has one.
    const entry = JSON.parse(readFileSync(join(site, 'pagefind/pagefind-entry.json'), 'utf8')) as { languages: Record<string, { page_count: number }> };
    for (const locale of ['en', 'fr']) {
      const ofLocale = pages.filter((p) => (locale === 'fr') === p.startsWith('fr/'));
      expect(entry.languages[locale]!.page_count).toBe(ofLocale.filter((p) => readFileSync(join(site, p), 'utf8').includes('data-pagefind-body')).length);
    }
    for (const page of moved) expect(readFileSync(join(site, page), 'utf8')).not.toContain('data-pagefind-body');
  });
});

describe('the sitemap after a retirement', () => {
  it('lists every indexed page and no retired id’s page, in either locale', () => {
    const index = readFileSync(join(site, 'sitemap-index.xml'), 'utf8');
    const maps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname.slice(1));
    expect(maps.length).toBeGreaterThan(0);
    const listed = maps.flatMap((file) => [...readFileSync(join(site, file), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname));
    const pages = listFiles(site).filter((f) => f.endsWith('index.html'));
    const noindex = pages.filter((p) => readFileSync(join(site, p), 'utf8').includes('<meta name="robots" content="noindex">'));
    const retired = (JSON.parse(readFileSync(join(out, 'data/migrations.json'), 'utf8')) as Migration[]).filter((m) => m.kind === 'concept');
    expect(noindex).toEqual(expect.arrayContaining(retired.map((m) => `concepts/${m.id}/index.html`)));
    const path = (page: string) => `/${page.replace(/index\.html$/, '')}`;
    for (const page of noindex) expect(listed, page).not.toContain(path(page));
    expect(listed).toContain('/concepts/side-step/');
    expect(listed).toContain('/fr/concepts/side-step/');
    // Every other page is listed (the 404 page is not a page to find).
    expect(listed.sort()).toEqual(
      pages
        .filter((p) => !noindex.includes(p) && !p.startsWith('404'))
        .map(path)
        .sort(),
    );
  });
});

describe('the random tables after a withdrawal', () => {
  it('show each declared slot as what the roll does, in both locales, with no skill named', () => {
    const tables = JSON.parse(readFileSync(join(out, 'data/random-tables.json'), 'utf8')) as RandomTable[];
    const vacated = tables.flatMap((t) => t.slots.filter((s) => s.vacancy !== null).map((s) => ({ t, s })));
    expect(vacated).toHaveLength(2);
    for (const { t, s } of vacated) {
      for (const [prefix, locale] of [
        ['', 'en'],
        ['fr/', 'fr'],
      ] as const) {
        const html = readPage(site, `${prefix}random-tables/${t.edition}/${t.game}`);
        const cell = new RegExp(`<td id="slot-${t.category}-${s.roll}-${s.d6}"[^>]*>([\\s\\S]*?)</td>`).exec(html)?.[1];
        expect(cell, `${prefix}${t.id} ${s.roll}·${s.d6}`).toBeDefined();
        expect(textOf(cell!).trim()).toBe(ENUM_LABELS[locale].vacancies[s.vacancy!]);
      }
    }
  });
});

// The same build, for what the environment gives every page (the site without them: test/site/readers.test.ts).
describe('site basics from the environment', () => {
  it('with NUFFLE_SITE_URL and NUFFLE_REPORT_URL: a sitemap named in robots.txt, canonical and hreflang links, and a report link naming the page, in both locales', () => {
    expect(readFileSync(join(site, 'robots.txt'), 'utf8')).toContain(`Sitemap: ${ORIGIN}sitemap-index.xml`);
    expect(readFileSync(join(site, 'sitemap-0.xml'), 'utf8')).toContain(`${ORIGIN}fr/concepts/dodge/`);
    for (const [path, own, other] of [
      ['concepts/dodge', '/concepts/dodge/', '/fr/concepts/dodge/'],
      ['fr/concepts/dodge', '/fr/concepts/dodge/', '/concepts/dodge/'],
    ] as const) {
      const html = readPage(site, path);
      expect(html).toContain(`<link rel="canonical" href="${new URL(own, ORIGIN).href}">`);
      expect(html).toMatch(new RegExp(`<link rel="alternate" hreflang="(en|fr)" href="${new URL(other, ORIGIN).href}">`));
      expect(html).toContain(`href="${REPORT}?page=${encodeURIComponent(own)}"`);
    }
  });
});
