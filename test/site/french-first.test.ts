/**
 * French readers read French first (issue 36, item 2), and every reworded
 * relation is explained (item 3), on the shared built site: properties of
 * whatever the published data says, never today's texts.
 * - A French concept page puts the French wording before any English wording
 *   and before the English sentence diff; the English page keeps 2020 first.
 * - Each reader summary appears in the page's language: French on /fr/ (its
 *   own `lang="fr"`), English on /, on concept pages and on what-changed.
 * - Every shown row whose words differ from its 2020 wording has a summary.
 * - Inducement pages in French keep the English rule text, marked
 *   `lang="en"`, under a French note that says so; their title is the
 *   reviewed French name where there is one, the English one beside it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CrosswalkRow, Inducement, Skill } from '../../pipeline/model/schema-types.ts';
import { rewordsBase } from '../../pipeline/validate/reader-summaries.ts';
import { strings } from '../../site/src/lib/i18n.ts';
import { inducementSlug } from '../../site/src/lib/views.ts';
import { sharedBuild } from '../shared-build.ts';
import { readPage, textOf } from './helpers.ts';

let out = '';
let site = '';
const data = <T>(file: string): T => JSON.parse(readFileSync(join(out, 'data', file), 'utf8')) as T;

beforeAll(() => {
  out = sharedBuild('site');
  site = join(out, 'site');
}, 300_000);

/** Where in the page each rule text of a language starts. */
const ruleTexts = (html: string, lang: string) => [...html.matchAll(new RegExp(`<div class="rule-text" lang="${lang}"`, 'g'))].map((m) => m.index);
/** The text of every element of `lang` whose class is `className`. */
const texts = (html: string, className: string, lang: string) =>
  [...html.matchAll(new RegExp(`<(span|p)[^>]*\\bclass="${className}"[^>]*\\blang="${lang}"[^>]*>([\\s\\S]*?)</\\1>`, 'g'))].map((m) => textOf(m[2]!));
/** The text of every `<span lang=…>` inside the concept page's "what changed" list. */
const summaryList = (html: string) => {
  const list = /<ul class="summaries">([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? '';
  return [...list.matchAll(/<span lang="(en|fr)">([\s\S]*?)<\/span>/g)].map((m) => ({ lang: m[1]!, text: textOf(m[2]!) }));
};

describe('a French concept page', () => {
  it('shows the French wording before every English wording and before the English diff, where there is one; the English page keeps 2020 first', () => {
    const skills = data<Skill[]>('skills.json');
    const french = [...new Set(skills.filter((s) => s.lang === 'fr').map((s) => s.concept!))];
    expect(french.length).toBeGreaterThan(0);
    for (const concept of french) {
      const fr = readPage(site, `fr/concepts/${concept}`);
      const [firstFrench] = ruleTexts(fr, 'fr');
      const diff = fr.indexOf('class="sentence-diff"');
      expect(firstFrench, concept).toBeDefined();
      for (const english of ruleTexts(fr, 'en')) expect(firstFrench!, concept).toBeLessThan(english!);
      if (diff >= 0) expect(firstFrench!, concept).toBeLessThan(diff);
      // The table of contents follows the page: the wordings before the diff.
      const toc = [...fr.matchAll(/href="#(wordings|changes)"/g)].map((m) => m[1]);
      if (toc.includes('changes')) expect(toc.indexOf('wordings'), concept).toBeLessThan(toc.indexOf('changes'));
      const en = readPage(site, `concepts/${concept}`);
      const base = skills.some((s) => s.concept === concept && s.edition === 'en-2020');
      if (base) expect(ruleTexts(en, 'en')[0]!, concept).toBeLessThan(ruleTexts(en, 'fr')[0]!);
    }
  });

  it('gives every reader summary in French, marked lang="fr", and the English page the English one', () => {
    const rows = data<CrosswalkRow[]>('crosswalk.json').filter((r) => r.summary !== null);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.summaryFr, row.record).toEqual(expect.any(String));
      const fr = summaryList(readPage(site, `fr/concepts/${row.concept}`));
      expect(fr, row.record).toContainEqual({ lang: 'fr', text: row.summaryFr });
      expect(
        fr.map((s) => s.text),
        row.record,
      ).not.toContain(row.summary);
      const en = summaryList(readPage(site, `concepts/${row.concept}`));
      expect(en, row.record).toContainEqual({ lang: 'en', text: row.summary });
      expect(
        en.map((s) => s.text),
        row.record,
      ).not.toContain(row.summaryFr);
    }
  });
});

describe('every relation shown to readers', () => {
  it('whose words differ from the 2020 wording in its language has a summary in English and French', () => {
    const skills = data<Skill[]>('skills.json');
    const byId = new Map(skills.map((s) => [s.id, s]));
    const baseOf = new Map(skills.filter((s) => s.edition === 'en-2020').map((s) => [s.concept!, s]));
    const reviewed = data<CrosswalkRow[]>('crosswalk.json').filter((r) => r.declaredBy === 'editor');
    const reworded = reviewed.filter((r) => rewordsBase(byId.get(r.record)!, baseOf.get(r.concept) ?? null));
    expect(reworded.some((r) => r.relation === 'same')).toBe(true);
    expect(reworded.filter((r) => r.summary === null || r.summaryFr === null).map((r) => r.record)).toEqual([]);
  });

  it('on what-changed, each row with a summary shows it in the page’s language', () => {
    const rows = data<CrosswalkRow[]>('crosswalk.json').filter((r) => r.summary !== null);
    const fr = readPage(site, 'fr/what-changed');
    const en = readPage(site, 'what-changed');
    const shownFr = texts(fr, 'change-summary', 'fr');
    const shownEn = texts(en, 'change-summary', 'en');
    expect(shownFr.sort()).toEqual(rows.map((r) => r.summaryFr).sort());
    expect(shownEn.sort()).toEqual(rows.map((r) => r.summary).sort());
    expect(texts(fr, 'change-summary', 'en')).toEqual([]);
  });
});

describe('a French inducement page', () => {
  const note = strings('fr').sourceInEnglish;

  it('keeps the English rule text, marked lang="en", under the French note that says so; the English page has no note', () => {
    expect(note.length).toBeGreaterThan(0);
    expect(strings('en').sourceInEnglish).toBe('');
    const inducements = data<Inducement[]>('inducements.json');
    expect(inducements.length).toBeGreaterThan(0);
    for (const inducement of inducements) {
      const slug = inducementSlug(inducement);
      const fr = readPage(site, `fr/inducements/${slug}`);
      expect(fr, slug).toMatch(/<html[^>]*\blang="fr"/);
      const at = fr.indexOf('class="source-language"');
      expect(at, slug).toBeGreaterThan(0);
      expect(
        [...fr.matchAll(/<p class="source-language">([\s\S]*?)<\/p>/g)].map((m) => textOf(m[1]!)),
        slug,
      ).toEqual([note]);
      // Every rule text is English, marked so, and comes after the note.
      expect(ruleTexts(fr, 'fr'), slug).toEqual([]);
      for (const english of ruleTexts(fr, 'en')) expect(at, slug).toBeLessThan(english!);
      expect(readPage(site, `inducements/${slug}`), slug).not.toContain('class="source-language"');
    }
  });

  it('is titled with the reviewed French name where there is one, the English name beside it, and listed so', () => {
    const inducements = data<Inducement[]>('inducements.json');
    expect(inducements.some((i) => i.nameFr !== null)).toBe(true);
    const h1 = (html: string) => textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)![1]!).trim();
    const index = readPage(site, 'fr/inducements');
    for (const inducement of inducements) {
      const slug = inducementSlug(inducement);
      const fr = readPage(site, `fr/inducements/${slug}`);
      expect(h1(fr), slug).toBe(inducement.nameFr ?? inducement.name);
      expect(h1(readPage(site, `inducements/${slug}`)), slug).toBe(inducement.name);
      const link = new RegExp(`<a href="/fr/inducements/${slug}/" lang="(en|fr)">([^<]*)</a>`).exec(index);
      expect(link && [link[1], textOf(link[2]!)], slug).toEqual([inducement.nameFr ? 'fr' : 'en', inducement.nameFr ?? inducement.name]);
      if (inducement.nameFr) expect(fr, slug).toContain(`<dd lang="en">${inducement.name.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</dd>`);
    }
  });
});
