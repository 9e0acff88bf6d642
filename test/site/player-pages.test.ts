/**
 * The pages a player opens at the table (issue 36): the home page speaks to
 * players (a look-up box that takes a name, what changed, the tables, the
 * cards) and leaves identifiers, checksums and maintainer boxes to their own
 * pages (36.5); the leagues and price lists show what readers use, the
 * pipeline's line numbers, ids and the notes' raw wording only in collapsed
 * sections (36.5); "What changed" gives each row its reader summaries, a
 * compact list on a phone and full-size filters (36.7). Every expectation
 * comes from the published data of the shared build, in both locales.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldCharacters } from '../../pipeline/model/fold.ts';
import type { Concept, CrosswalkRow, Edition, Inducement, League, RandomTable, Skill } from '../../pipeline/model/schema-types.ts';
import { conceptName, href, strings, type Locale } from '../../site/src/lib/i18n.ts';
import { launchChromium, readPage, serveStatic, textOf } from './helpers.ts';
import { sharedBuild } from '../shared-build.ts';

let out = '';
let site = '';
const data = <T>(file: string): T => JSON.parse(readFileSync(join(out, 'data', file), 'utf8')) as T;
const LOCALES: Locale[] = ['en', 'fr'];
const page = (locale: Locale, path: string) => readPage(site, `${locale === 'fr' ? 'fr/' : ''}${path}`);
const main = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));
/** What a reader sees with nothing expanded: the main column without scripts, styles and closed <details>. */
const visible = (html: string) =>
  textOf(
    main(html)
      .replace(/<script[\s\S]*?<\/script>/g, '')
      .replace(/<style[\s\S]*?<\/style>/g, '')
      .replace(/<details(?![^>]*\sopen)[^>]*>[\s\S]*?<\/details>/g, ''),
  ).replace(/\s+/g, ' ');
const collapsed = (html: string, className: string) =>
  [...main(html).matchAll(new RegExp(`<details class="${className}"[^>]*>([\\s\\S]*?)</details>`, 'g'))]
    .map((m) => textOf(m[1]!).replace(/\s+/g, ' '))
    .join('\n');

beforeAll(() => {
  out = sharedBuild('site');
  site = join(out, 'site');
}, 300_000);

describe('the home page is for players (36.5)', () => {
  it('offers a look-up box with every concept’s name, links what changed, each random table and the cards, and shows no maintainer box, identifier or checksum', () => {
    const editions = data<Edition[]>('editions.json');
    const tables = data<RandomTable[]>('random-tables.json');
    for (const locale of LOCALES) {
      const html = page(locale, '');
      const body = main(html);
      expect(body, locale).not.toContain('<details');
      expect(body, locale).not.toContain('<code');
      const text = visible(html);
      for (const needle of ['SHA-256', 'sha256', ...editions.flatMap((e) => [e.file, e.id, e.sha256.slice(0, 12)])])
        expect(text, `${locale}: ${needle}`).not.toContain(needle);
      const form = /<form class="home-lookup"[^>]*role="search"[\s\S]*?<\/form>/.exec(body)?.[0] ?? '';
      expect(form, locale).toContain('list="home-names"');
      const options = new Set([...form.matchAll(/<option>([^<]*)<\/option>/g)].map((m) => textOf(m[1]!)));
      for (const c of data<Concept[]>('concepts.json')) expect(options, `${locale} ${c.id}`).toContain(conceptName(c, locale));
      for (const path of ['/what-changed/', '/cards/', ...tables.map((t) => `/random-tables/${t.edition}/${t.game}/`)])
        expect(body, `${locale} ${path}`).toContain(`href="${href(locale, path)}`);
    }
  });
});

describe('leagues and price lists show what readers use (36.5)', () => {
  it('lists the leagues and their spellings on /inducements/, with the league ids and the notes’ line numbers only under "For maintainers"', () => {
    const leagues = data<League[]>('leagues.json');
    expect(leagues.length).toBeGreaterThan(0);
    for (const locale of LOCALES) {
      const t = strings(locale);
      const html = page(locale, 'inducements');
      const text = visible(html);
      const maintainers = collapsed(html, 'maintainers');
      // No "line 23" or "lines 23, 26" in sight; every one of them in the collapsed section.
      expect(text, locale).not.toMatch(new RegExp(`\\b(${t.line}|${t.lines})s? \\d`, 'i'));
      for (const league of leagues) {
        if (league.id !== league.name) expect(text, `${locale} ${league.id}`).not.toContain(league.id);
        expect(text, `${locale} ${league.id}`).toContain(league.name);
        expect(maintainers, `${locale} ${league.id}`).toContain(league.id);
        for (const alias of league.aliases) {
          expect(text, `${locale} ${alias.text}`).toContain(alias.text);
          expect(maintainers, `${locale} ${alias.text}`).toContain(
            `${alias.text} (${alias.lines.length > 1 ? t.lines.toLowerCase() : t.line} ${alias.lines.join(', ')})`,
          );
        }
      }
    }
  });

  it('shows each price list item once, in the readers’ columns, and the notes’ wording of each only in the collapsed sources', () => {
    const lists = data<Inducement[]>('inducements.json').filter((i) => i.priceList !== null);
    expect(lists.length).toBeGreaterThan(0);
    for (const inducement of lists)
      for (const locale of LOCALES) {
        const html = page(locale, `inducements/${inducement.id.slice(inducement.id.indexOf('/') + 1)}`);
        const where = `${locale} ${inducement.id}`;
        const table = /<table class="price-list[\s\S]*?<\/table>/.exec(html)?.[0] ?? '';
        expect(table.match(/<tbody>[\s\S]*<\/tbody>/)?.[0].split('<tr').length, where).toBe(inducement.priceList!.items.length + 1);
        const text = visible(html);
        const sources = collapsed(html, 'sources');
        for (const item of inducement.priceList!.items) {
          expect(text, `${where}: ${item.text}`).not.toContain(item.text);
          expect(sources, `${where}: ${item.text}`).toContain(item.text);
        }
      }
  });
});

describe('"What changed" gives the answer in each row (36.7)', () => {
  it('shows in each concept’s row the reader summary of each of its records that has one', () => {
    const rows = data<CrosswalkRow[]>('crosswalk.json');
    const skills = data<Skill[]>('skills.json');
    const summarised = rows.filter((r) => r.summary);
    expect(summarised.length).toBeGreaterThan(0);
    for (const locale of LOCALES) {
      const html = page(locale, 'what-changed');
      const byConcept = new Map(
        [...html.matchAll(/<tr data-kind[\s\S]*?<\/tr>/g)].map((m) => [/\/concepts\/([^/"#]+)\//.exec(m[0])![1]!, textOf(m[0]).replace(/\s+/g, ' ')]),
      );
      for (const row of summarised) {
        const record = skills.find((s) => s.id === row.record)!;
        // In the page's language: the French summary on /fr/.
        const summary = locale === 'fr' && row.summaryFr ? row.summaryFr : row.summary!;
        expect(byConcept.get(record.concept!), `${locale} ${row.record}`).toContain(summary.replace(/\s+/g, ' '));
      }
    }
  });

  describe('in a browser', () => {
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

    it('has filters of at least 44 px on a phone and a wide screen, and on a phone gives a rule that is the same everywhere one line', async () => {
      const rows = data<CrosswalkRow[]>('crosswalk.json');
      const skills = data<Skill[]>('skills.json');
      const base = data<Edition[]>('editions.json').find((e) => e.parser === 'en-2020')!.id;
      // Concepts whose every record outside the baseline is the same as it, with no summary: nothing to read but their badges.
      const unchanged = data<Concept[]>('concepts.json').filter((c) => {
        const others = c.records.filter((r) => skills.find((s) => s.id === r)!.edition !== base);
        return others.length > 0 && others.every((r) => rows.some((row) => row.record === r && row.relation === 'same' && !row.summary));
      });
      expect(unchanged.length).toBeGreaterThan(0);
      for (const width of [1400, 390]) {
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        const tab = await context.newPage();
        await tab.goto(`${server.origin}/what-changed/`);
        for (const box of await tab.locator('#what-changed-filter select').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height)))
          expect(box, `${width} px`).toBeGreaterThanOrEqual(44);
        if (width < 500) {
          const lines = await tab.locator('#what-changed-table tbody tr').evaluateAll((trs) =>
            trs.map((tr) => {
              const shown = [...tr.querySelectorAll('td')].map((td) => td.getBoundingClientRect()).filter((r) => r.height > 0);
              return {
                href: tr.querySelector('th a')?.getAttribute('href') ?? '',
                nameBottom: tr.querySelector('th a')!.getBoundingClientRect().bottom,
                lastTop: Math.max(...shown.map((r) => r.top)),
              };
            }),
          );
          for (const c of unchanged) {
            const line = lines.find((x) => x.href === `/concepts/${c.id}/`)!;
            // One line: every cell shown starts on the line of the rule's name.
            expect(line.lastTop, c.id).toBeLessThan(line.nameBottom);
          }
        }
        await context.close();
      }
    });

    it('takes a name in the home page’s box, in any spelling (French without accents on /fr/), to its concept page', async () => {
      const concepts = data<Concept[]>('concepts.json');
      const accented = concepts.find((c) => c.names.fr && foldCharacters(c.names.fr) !== c.names.fr.toLowerCase())!;
      expect(accented).toBeDefined();
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const tab = await context.newPage();
      for (const [locale, typed] of [
        ['en', accented.names.en ?? accented.name],
        ['fr', foldCharacters(accented.names.fr!).toUpperCase()],
      ] as const) {
        await tab.goto(`${server.origin}${href(locale, '/')}`);
        await tab.locator('#home-name').fill(typed);
        await Promise.all([tab.waitForURL(`**${href(locale, `/concepts/${accented.id}/`)}`), tab.locator('#home-lookup button').click()]);
      }
      await context.close();
    });
  });
});
