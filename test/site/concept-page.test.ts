/**
 * The top of a concept page, as a player on a phone reads it (issue 36): one
 * line saying what is below, each part a link to it (36.4), and facts that
 * hold for the rule's own editions: "Compulsory" names no edition the rule is
 * not in, and the French name says whether a French text prints it or it is
 * a reviewed usual name (36.6). Every expectation comes from the published
 * data of the shared build, in both locales.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Concept, Edition, RandomTable, Ruling, Skill } from '../../pipeline/model/schema-types.ts';
import { anchor, editionName, strings, type Locale } from '../../site/src/lib/i18n.ts';
import { readPage, textOf } from './helpers.ts';
import { sharedBuild } from '../shared-build.ts';

let out = '';
let site = '';
let concepts: Concept[];
let skills: Map<string, Skill>;
let editions: Map<string, Edition>;
let rulings: Ruling[];
let tables: RandomTable[];
const data = <T>(file: string): T => JSON.parse(readFileSync(join(out, 'data', file), 'utf8')) as T;
const LOCALES: Locale[] = ['en', 'fr'];
const conceptPage = (locale: Locale, id: string) => readPage(site, `${locale === 'fr' ? 'fr/' : ''}concepts/${id}`);

beforeAll(() => {
  out = sharedBuild('site');
  site = join(out, 'site');
  concepts = data<Concept[]>('concepts.json');
  skills = new Map(data<Skill[]>('skills.json').map((s) => [s.id, s]));
  editions = new Map(data<Edition[]>('editions.json').map((e) => [e.id, e]));
  rulings = data<Ruling[]>('rulings.json');
  tables = data<RandomTable[]>('random-tables.json');
}, 300_000);

/** The outline's links: [href, text], in order. */
function outline(html: string): [string, string][] {
  const nav = /<nav class="outline"[^>]*>([\s\S]*?)<\/nav>/.exec(html);
  if (!nav) return [];
  return [...nav[1]!.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map((m) => [m[1]!, textOf(m[2]!).trim()]);
}

/** The text of one fact of the facts list: the <dd> of the <div> of that class. */
function fact(html: string, className: string): string | null {
  const m = new RegExp(`<div class="${className}[^"]*">[\\s\\S]*?<dd>([\\s\\S]*?)</dd>`).exec(html);
  return m ? textOf(m[1]!).replace(/\s+/g, ' ').trim() : null;
}

describe('the top of a concept page says what is below it (36.4)', () => {
  it('links every wording, the FAQ rulings with their count and the random tables, each to its part of the page, before the first heading, in both locales', () => {
    for (const concept of concepts) {
      const records = concept.records.map((r) => skills.get(r)!);
      const aboutIt = rulings.filter((r) => r.records.some((id) => concept.records.includes(id)));
      const tablesOn = tables.filter((t) => t.slots.some((s) => s.record !== null && concept.records.includes(s.record)));
      for (const locale of LOCALES) {
        const t = strings(locale);
        const html = conceptPage(locale, concept.id);
        const links = outline(html);
        const where = `${locale} ${concept.id}`;
        expect(html.indexOf('<nav class="outline"'), where).toBeLessThan(html.indexOf('<h2', html.indexOf('<main')));
        // Every link leads to an element of the page.
        for (const [href] of links) {
          expect(href.startsWith('#'), `${where} ${href}`).toBe(true);
          expect(html, `${where} ${href}`).toContain(`id="${href.slice(1)}"`);
        }
        for (const record of records)
          expect(links, `${where} ${record.id}`).toContainEqual([`#${anchor('record', record.id)}`, editionName(editions.get(record.edition)!, locale)]);
        expect(
          links.some(([h]) => h === '#rulings'),
          where,
        ).toBe(aboutIt.length > 0);
        if (aboutIt.length) expect(links, where).toContainEqual(['#rulings', t.outlineRulings(aboutIt.length)]);
        expect(
          links.some(([h]) => h === '#random-tables'),
          where,
        ).toBe(tablesOn.length > 0);
        if (tablesOn.length) expect(links, where).toContainEqual(['#random-tables', t.outlineTables(tablesOn.length)]);
      }
    }
  });
});

describe('facts that hold for the rule’s own editions (36.6)', () => {
  it('"Compulsory" names the edition whose record gives the value, or, when none marks it, exactly the editions that have the rule', () => {
    let unmarked = 0;
    for (const concept of concepts) {
      const own = new Set(concept.records.map((r) => skills.get(r)!.edition));
      for (const locale of LOCALES) {
        const t = strings(locale);
        const text = fact(conceptPage(locale, concept.id), 'compulsory') ?? '';
        const named = [...editions.values()].filter((e) => text.includes(editionName(e, locale)));
        const where = `${locale} ${concept.id}: ${text}`;
        if (concept.compulsory === null) {
          unmarked++;
          expect(text.startsWith(t.notStated), where).toBe(true);
          expect(named.map((e) => e.id).sort(), where).toEqual([...own].sort());
        } else {
          const from = skills.get(concept.compulsoryFrom!)!;
          expect(text, where).toBe(t.compulsoryIn(editionName(editions.get(from.edition)!, locale), concept.compulsory ? t.yes : t.no));
        }
      }
    }
    expect(unmarked).toBeGreaterThan(0);
  });

  it('says of each French name whether a French source text prints it or it is a reviewed usual name, and "none" only when the data has neither', () => {
    const seen = new Set<string>();
    for (const concept of concepts) {
      for (const locale of LOCALES) {
        const t = strings(locale);
        const html = conceptPage(locale, concept.id);
        const where = `${locale} ${concept.id}`;
        const french = concept.frenchName;
        expect(html.includes('class="no-french"'), where).toBe(french === null);
        if (french === null) continue;
        seen.add(french.from);
        const shown = fact(html, 'french-name');
        // The English page always says it; the French page, whose title is a French source name, says it for a reviewed name.
        if (locale === 'fr' && french.from === 'source') continue;
        expect(shown, where).not.toBeNull();
        expect(shown, where).toContain(french.name);
        if (french.from === 'reviewed') expect(shown, where).toContain(t.frenchReviewed);
        else {
          const printedIn = concept.records.map((r) => editions.get(skills.get(r)!.edition)!).find((e) => e.lang === 'fr')!;
          expect(shown, where).toContain(`${t.frenchFromSource} ${editionName(printedIn, locale)}`);
        }
      }
    }
    expect([...seen].sort()).toEqual(['reviewed', 'source']);
  });
});

describe('the source’s page for each ruling (36.8)', () => {
  it('gives each FAQ ruling the rulebook pages its text cites, with their qualifier, on its concepts’ pages and on /rulings/, or says it cites none', () => {
    for (const ruling of rulings) {
      const concepts = [...new Set(ruling.records.map((r) => skills.get(r)!.concept).filter((c): c is string => c !== null))];
      for (const locale of LOCALES) {
        const t = strings(locale);
        const expected = `${ruling.pages.length ? t.rulebookPages(ruling.pages) : t.noPage}${ruling.pageNote ? ` (${ruling.pageNote})` : ''} ·`;
        const pages = [...concepts.map((c) => conceptPage(locale, c)), ...(concepts.length ? [readPage(site, `${locale === 'fr' ? 'fr/' : ''}rulings`)] : [])];
        for (const html of pages) {
          const metas = [
            ...html.matchAll(new RegExp(`<article class="ruling" id="[^"]*${anchor(ruling.id)}">[\\s\\S]*?<p class="ruling-meta">([\\s\\S]*?)</p>`, 'g')),
          ];
          expect(metas.length, `${locale} ${ruling.id}`).toBeGreaterThan(0);
          for (const m of metas) expect(textOf(m[1]!).replace(/\s+/g, ' ').trim(), `${locale} ${ruling.id}`).toContain(expected);
        }
      }
    }
  });
});
