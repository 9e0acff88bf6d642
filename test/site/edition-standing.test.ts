/**
 * Which edition is current, on the built pages (issue 36, item 8): every page
 * that shows several editions says which gives the rules in force and which
 * are older, and what it says agrees with editions.json (`status`, `year`,
 * `circa`), whatever the data. Read from the pages of the shared build, in
 * both locales; the expected words are the site's own strings
 * (site/src/lib/i18n.ts `standing`) filled with the published years, never
 * today's corpus text.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Concept, Edition, Skill } from '../../pipeline/model/schema-types.ts';
import { anchor, editionName, strings, type Locale } from '../../site/src/lib/i18n.ts';
import { sharedBuild } from '../shared-build.ts';
import { readPage, textOf } from './helpers.ts';

let out = '';
let site = '';
let concepts: Concept[];
let skills: Map<string, Skill>;
let editions: Map<string, Edition>;
const LOCALES: Locale[] = ['en', 'fr'];
const data = <T>(file: string): T => JSON.parse(readFileSync(join(out, 'data', file), 'utf8')) as T;
const page = (locale: Locale, path: string) => readPage(site, `${locale === 'fr' ? 'fr/' : ''}${path}`);

beforeAll(() => {
  out = sharedBuild('site');
  site = join(out, 'site');
  concepts = data<Concept[]>('concepts.json');
  skills = new Map(data<Skill[]>('skills.json').map((s) => [s.id, s]));
  editions = new Map(data<Edition[]>('editions.json').map((e) => [e.id, e]));
}, 300_000);

interface Marker {
  standing: string;
  edition: string;
  text: string;
}
/** Every edition-standing marker of an HTML fragment: its standing, its edition and its words. */
function markers(html: string): Marker[] {
  return [...html.matchAll(/<(p|span) class="edition-standing" data-standing="(\w+)" data-edition="([a-z0-9-]+)"[^>]*>([\s\S]*?)<\/\1>/g)].map((m) => ({
    standing: m[2]!,
    edition: m[3]!,
    text: textOf(m[4]!).replace(/\s+/g, ' ').trim(),
  }));
}
/** The variant section of a record on a concept page. */
function variant(html: string, record: string): string {
  const start = html.indexOf(`<section class="variant" id="${anchor('record', record)}"`);
  expect(start, `no wording section for ${record}`).toBeGreaterThanOrEqual(0);
  return html.slice(start, html.indexOf('</section>', start));
}
const yearOf = (locale: Locale, e: Edition) => strings(locale).standing.year(e.year, e.circa);
/** The year of the rules in force as editions.json says: the current editions'; null with none. */
const inForce = () => {
  const years = [...editions.values()].filter((e) => e.status === 'current').map((e) => e.year);
  return years.length ? Math.max(...years) : null;
};

describe('a concept page that shows several editions', () => {
  it('names as current exactly the editions editions.json marks current, or else the newest it shows, and every other edition older, in each wording’s section', () => {
    const several = concepts.filter((c) => new Set(c.records.map((r) => skills.get(r)!.edition)).size >= 2);
    expect(several.length, 'no concept shows two editions: nothing to check').toBeGreaterThan(0);
    for (const concept of several) {
      const shown = [...new Set(concept.records.map((r) => skills.get(r)!.edition))].map((id) => editions.get(id)!);
      const current = shown.filter((e) => e.status === 'current');
      const newestYear = Math.max(...shown.map((e) => e.year));
      const first = current.length ? current : shown.filter((e) => e.year === newestYear);
      for (const locale of LOCALES) {
        const html = page(locale, `concepts/${concept.id}`);
        const found = concept.records.map((record) => {
          const marks = markers(variant(html, record));
          expect(marks, `${locale} ${record}: one standing in its section`).toHaveLength(1);
          expect(marks[0]!.edition, `${locale} ${record}`).toBe(skills.get(record)!.edition);
          return marks[0]!;
        });
        const where = `${locale} ${concept.id}`;
        const named = new Set(found.filter((m) => m.standing === (current.length ? 'current' : 'newest')).map((m) => m.edition));
        expect([...named].sort(), `${where}: the editions named ${current.length ? 'current' : 'newest'}`).toEqual(first.map((e) => e.id).sort());
        expect(
          found.filter((m) => !named.has(m.edition)).every((m) => m.standing === 'older'),
          `${where}: the others are older`,
        ).toBe(true);
        // Never a superseded edition called current, whatever its year.
        expect(
          found.filter((m) => m.standing === 'current').every((m) => editions.get(m.edition)!.status === 'current'),
          where,
        ).toBe(true);
      }
    }
  });

  it('labels each with its year from editions.json, and says of the newest wording that the rules in force are not in the sources', () => {
    const year = inForce();
    let labels = 0;
    for (const concept of concepts) {
      for (const locale of LOCALES) {
        const t = strings(locale).standing;
        for (const mark of markers(page(locale, `concepts/${concept.id}`))) {
          const e = editions.get(mark.edition)!;
          const expected = {
            current: t.current(yearOf(locale, e)),
            older: t.older(yearOf(locale, e)),
            newest: `${t.newest(yearOf(locale, e))} ${t.notInSources(year === null ? null : String(year), concept.kind)}`,
          }[mark.standing];
          expect(mark.text, `${locale} ${concept.id} ${mark.edition}`).toBe(expected);
          labels++;
        }
      }
    }
    expect(labels, 'no standing on any concept page').toBeGreaterThan(0);
  });

  it('gives each column of the sentence-by-sentence comparison its standing under the edition’s name', () => {
    let tables = 0;
    for (const concept of concepts) {
      for (const locale of LOCALES) {
        const html = page(locale, `concepts/${concept.id}`);
        for (const [, thead] of html.matchAll(/<table class="sentence-diff">\s*<thead>([\s\S]*?)<\/thead>/g)) {
          const columns = [...thead!.matchAll(/<th scope="col">([\s\S]*?)<\/th>/g)].map((m) => markers(m[1]!));
          expect(columns.length, `${locale} ${concept.id}`).toBe(2);
          for (const marks of columns) expect(marks, `${locale} ${concept.id}: one standing a column`).toHaveLength(1);
          tables++;
        }
      }
    }
    expect(tables, 'no sentence-by-sentence comparison on any page').toBeGreaterThan(0);
  });
});

describe('the pages that list the editions', () => {
  const expected = (e: Edition) => (e.status === 'current' ? 'current' : 'older');
  const skillEditions = () => [...editions.values()].filter((e) => [...skills.values()].some((s) => s.edition === e.id));

  it('the editions page gives each edition its standing under its heading, current exactly when editions.json says so', () => {
    for (const locale of LOCALES) {
      const html = page(locale, 'editions');
      for (const e of skillEditions()) {
        const start = html.indexOf(`<h2 id="${e.id}">`);
        expect(start, `${locale}: no heading for ${e.id}`).toBeGreaterThanOrEqual(0);
        const marks = markers(html.slice(start, html.indexOf('<ul', start)));
        expect(
          marks.map((m) => [m.edition, m.standing]),
          `${locale} ${e.id}`,
        ).toEqual([[e.id, expected(e)]]);
        expect(
          marks[0]!.text.startsWith(
            e.status === 'current' ? strings(locale).standing.current(yearOf(locale, e)) : strings(locale).standing.older(yearOf(locale, e)),
          ),
          `${locale} ${e.id}: ${marks[0]!.text}`,
        ).toBe(true);
      }
    }
  });

  it('what changed lists every edition it compares with its standing, the reference included, and gives each column its standing', () => {
    for (const locale of LOCALES) {
      const html = page(locale, 'what-changed');
      const legend = html.slice(html.indexOf('<ul class="edition-legend"'), html.indexOf('</ul>', html.indexOf('<ul class="edition-legend"')));
      expect(
        markers(legend).map((m) => [m.edition, m.standing]),
        locale,
      ).toEqual(skillEditions().map((e) => [e.id, expected(e)]));
      const thead = html.slice(html.indexOf('<thead>'), html.indexOf('</thead>'));
      const base = [...editions.values()].find((e) => e.parser === 'en-2020')!.id;
      expect(
        markers(thead).map((m) => [m.edition, m.standing]),
        locale,
      ).toEqual(
        skillEditions()
          .filter((e) => e.id !== base)
          .map((e) => [e.id, expected(e)]),
      );
    }
  });

  it('the home page gives each edition it compares with the reference its standing', () => {
    const base = [...editions.values()].find((e) => e.parser === 'en-2020')!.id;
    for (const locale of LOCALES) {
      const html = page(locale, '');
      const list = html.slice(html.indexOf('<ul class="home-changes">'), html.indexOf('</ul>', html.indexOf('<ul class="home-changes">')));
      expect(
        markers(list).map((m) => [m.edition, m.standing]),
        locale,
      ).toEqual(
        skillEditions()
          .filter((e) => e.id !== base)
          .map((e) => [e.id, expected(e)]),
      );
    }
  });

  it('the card page’s edition menu names each edition with its standing, current exactly when editions.json says so, its value the id alone, and the list under it says the same', () => {
    for (const locale of LOCALES) {
      const html = page(locale, 'cards');
      const start = html.indexOf('<select name="edition"');
      expect(start, `${locale}: no edition menu`).toBeGreaterThanOrEqual(0);
      const menu = html.slice(start, html.indexOf('</select>', start));
      const options = [...menu.matchAll(/<option value="([a-z0-9-]+)"[^>]*data-standing="(\w+)"[^>]*>([^<]*)<\/option>/g)].map((m) => [
        m[1],
        m[2],
        textOf(m[3]!),
      ]);
      const t = strings(locale).standing;
      expect(options, locale).toEqual(
        skillEditions().map((e) => [
          e.id,
          expected(e),
          `${editionName(e, locale)} — ${e.status === 'current' ? t.current(yearOf(locale, e)) : t.older(yearOf(locale, e))}`,
        ]),
      );
      const list = html.slice(html.indexOf('<ul class="card-maker-help card-maker-editions"'), html.indexOf('</ul>', start));
      expect(
        markers(list).map((m) => [m.edition, m.standing]),
        `${locale}: the list under the menu`,
      ).toEqual(skillEditions().map((e) => [e.id, expected(e)]));
    }
  });

  it('the downloads page gives every source text its standing', () => {
    for (const locale of LOCALES) {
      const html = page(locale, 'downloads');
      const table = html.slice(html.indexOf('<table class="source-files'), html.indexOf('</table>', html.indexOf('<table class="source-files')));
      expect(
        markers(table).map((m) => [m.edition, m.standing]),
        locale,
      ).toEqual([...editions.values()].map((e) => [e.id, expected(e)]));
    }
  });
});
