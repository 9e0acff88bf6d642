/**
 * What the site's components promise, read from the pages of a real build of
 * the sources (data and site, once): the concept page's word diff (the words
 * only in the later wording inside <ins>, those only in the earlier inside
 * <del>), its rulings and relation badges, and ConceptLink's name in the
 * reader's language. Every expectation is derived from the published data.
 *
 * Astro's container API renders ConceptLink and RelationBadge alone (through
 * a vitest config made by astro's getViteConfig), but ConceptPage sits in
 * Starlight's StarlightPage and reads the content layer, so the pages come
 * from `nuffle build` instead, as readers get them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { diffWords } from 'diff';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Concept, CrosswalkRow, Edition, RandomTable, Ruling, Skill } from '../../pipeline/model/schema-types.ts';
import { anchor, strings, type Locale } from '../../site/src/lib/i18n.ts';
import { plainText } from '../../site/src/lib/markdown.ts';
import { readerFirst } from '../../site/src/lib/views.ts';
import { readPage, textOf } from './helpers.ts';
import { sharedBuild } from '../shared-build.ts';

let out = '';
let site = '';
let concepts: Concept[];
let skills: Map<string, Skill>;
let rows: Map<string, CrosswalkRow>;
let rulings: Ruling[];
let baseEdition: string;
const data = <T>(file: string): T => JSON.parse(readFileSync(join(out, 'data', file), 'utf8')) as T;
const LOCALES: Locale[] = ['en', 'fr'];
const conceptPage = (locale: Locale, id: string) => readPage(site, `${locale === 'fr' ? 'fr/' : ''}concepts/${id}`);

beforeAll(() => {
  out = sharedBuild('site');
  site = join(out, 'site');
  concepts = data<Concept[]>('concepts.json');
  skills = new Map(data<Skill[]>('skills.json').map((s) => [s.id, s]));
  rows = new Map(data<CrosswalkRow[]>('crosswalk.json').map((r) => [r.record, r]));
  rulings = data<Ruling[]>('rulings.json');
  baseEdition = data<Edition[]>('editions.json').find((e) => e.parser === 'en-2020')!.id;
}, 300_000);

/** The element that starts at the first match of `open` (a tag with that start), to its closing tag; no nesting of the same tag inside. */
function element(html: string, open: string, tag: string): string | null {
  const start = html.indexOf(open);
  if (start < 0) return null;
  const end = html.indexOf(`</${tag}>`, start);
  return html.slice(start, end + tag.length + 3);
}

/** The concepts with an English 2020 record and other wordings in its language: the pairs the page diffs. */
function diffPairs(): { concept: Concept; base: Skill; later: Skill }[] {
  return concepts.flatMap((concept) => {
    const records = concept.records.map((id) => skills.get(id)!);
    const base = records.find((r) => r.edition === baseEdition);
    if (!base) return [];
    return records.filter((r) => r !== base && r.lang === base.lang).map((later) => ({ concept, base, later }));
  });
}

const dropLabels = (html: string) => html.replace(/<span class="(sr-only|diff-moved)"[^>]*>[\s\S]*?<\/span>/g, '');
const inside = (html: string, tag: 'ins' | 'del') => [...html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1]!);

describe('the word diff on a concept page', () => {
  it('puts the whole earlier wording in the left column and the whole later one in the right, sentence by sentence (a sentence the later wording says elsewhere marked moved), on every concept with two wordings in one language', () => {
    const pairs = diffPairs();
    expect(pairs.length, 'no concept has two wordings in one language: nothing to check').toBeGreaterThan(0);
    for (const { concept, base, later } of pairs) {
      for (const locale of LOCALES) {
        const section = element(conceptPage(locale, concept.id), `<section class="diff" aria-labelledby="${anchor('diff', later.id)}"`, 'section');
        expect(section, `${locale} ${concept.id}: no diff of ${later.id}`).not.toBeNull();
        const rows = [...section!.matchAll(/<tr class="diff-(same|changed|removed|added)">([\s\S]*?)<\/tr>/g)].map((m) => ({
          kind: m[1]!,
          moved: m[2]!.includes('class="diff-moved"'),
          cells: [...m[2]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((c) => c[1]!),
        }));
        const where = `${locale} ${concept.id}: ${base.id} → ${later.id}`;
        // One sentence a row: the column's sentences read, one space apart, as the wording's plain words, each space kept.
        const column = (n: 0 | 1, keep: (row: (typeof rows)[number]) => boolean = () => true) =>
          rows
            .filter(keep)
            .map((r) => textOf(dropLabels(r.cells[n]!).replace(/<span class="diff-none">[^<]*<\/span>/g, '')))
            .filter((text) => text !== '')
            .join(' ');
        const words = (text: string) =>
          text
            .split('\n')
            .map((l) => l.replace(/^[•*-]\s+/, ''))
            .join(' ')
            .replace(/\s+/g, ' ')
            .trim();
        expect(words(column(0)), where).toBe(words(plainText(base.text)));
        // The later column in order but for its moved sentences, each of them said once, elsewhere in the later wording.
        let rest = words(plainText(later.text));
        for (const moved of rows.filter((r) => r.moved)) {
          const sentence = words(textOf(dropLabels(moved.cells[1]!)));
          expect(rest, `${where}: moved "${sentence}"`).toContain(sentence);
          rest = words(rest.replace(sentence, ''));
        }
        expect(words(column(1, (r) => !r.moved)), where).toBe(rest);
        for (const row of rows) {
          // a sentence on a row of its own is marked whole; a kept sentence has no mark; the left column never holds an insertion
          if (row.kind === 'added') expect(row.cells[0], where).toContain('diff-none');
          if (row.kind === 'removed') expect(row.cells[1], where).toContain('diff-none');
          if (row.kind === 'same') expect(row.cells.join(''), where).not.toMatch(/<(ins|del)>/);
          expect(row.cells[0], where).not.toContain('<ins>');
          expect(row.cells[1], where).not.toContain('<del>');
        }
      }
    }
  });

  it('marks exactly the words diffWords finds in one sentence only: the rest of a changed row is unmarked and the same in both columns', () => {
    let changed = 0;
    for (const { concept, later } of diffPairs()) {
      for (const locale of LOCALES) {
        const section = element(conceptPage(locale, concept.id), `<section class="diff" aria-labelledby="${anchor('diff', later.id)}"`, 'section')!;
        for (const row of section.matchAll(/<tr class="diff-changed">([\s\S]*?)<\/tr>/g)) {
          const [left, right] = [...row[1]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((c) => dropLabels(c[1]!));
          const where = `${locale} ${concept.id} → ${later.id}: ${textOf(left!)}`;
          const parts = diffWords(textOf(left!), textOf(right!));
          const squeeze = (text: string) => text.replace(/\s+/g, '');
          const kept = squeeze(
            parts
              .filter((p) => !p.added && !p.removed)
              .map((p) => p.value)
              .join(''),
          );
          expect(squeeze(textOf(left!.replace(/<del>[\s\S]*?<\/del>/g, ''))), where).toBe(kept);
          expect(squeeze(textOf(right!.replace(/<ins>[\s\S]*?<\/ins>/g, ''))), where).toBe(kept);
          expect(squeeze(inside(left!, 'del').map(textOf).join('')), where).toBe(
            squeeze(
              parts
                .filter((p) => p.removed)
                .map((p) => p.value)
                .join(''),
            ),
          );
          expect(squeeze(inside(right!, 'ins').map(textOf).join('')), where).toBe(
            squeeze(
              parts
                .filter((p) => p.added)
                .map((p) => p.value)
                .join(''),
            ),
          );
          if (kept !== '') changed++;
        }
      }
    }
    expect(changed, 'no changed sentence keeps a word: nothing shows that marks stay inside the sentence').toBeGreaterThan(0);
  });

  it("labels every insertion and deletion in words for screen readers, in the reader's language", () => {
    for (const { concept, later } of diffPairs()) {
      for (const locale of LOCALES) {
        const t = strings(locale);
        const section = element(conceptPage(locale, concept.id), `<section class="diff" aria-labelledby="${anchor('diff', later.id)}"`, 'section')!;
        for (const part of inside(section, 'ins'))
          expect(part, `${locale} ${concept.id}`).toMatch(
            new RegExp(`^<span class="sr-only">\\[${t.inserted}: </span>[\\s\\S]*<span class="sr-only">\\]</span>$`),
          );
        for (const part of inside(section, 'del'))
          expect(part, `${locale} ${concept.id}`).toMatch(
            new RegExp(`^<span class="sr-only">\\[${t.deleted}: </span>[\\s\\S]*<span class="sr-only">\\]</span>$`),
          );
      }
    }
  });

  it('shows no diff on a concept without two wordings in one language', () => {
    const diffed = new Set(diffPairs().map((p) => p.concept.id));
    for (const concept of concepts.filter((c) => !diffed.has(c.id))) expect(conceptPage('en', concept.id), concept.id).not.toContain('<section class="diff"');
  });
});

describe('the rulings on a concept page', () => {
  it('lists exactly the rulings linked to any record of the concept, in id order, with their question, answer, pages and a link to each, never its id as text', () => {
    for (const concept of concepts) {
      const expected = rulings.filter((r) => r.records.some((id) => skills.get(id)?.concept === concept.id)).sort((a, b) => (a.id < b.id ? -1 : 1));
      for (const locale of LOCALES) {
        const html = conceptPage(locale, concept.id);
        const articles = [...html.matchAll(/<article class="ruling" id="([^"]+)">([\s\S]*?)<\/article>/g)];
        expect(
          articles.map((a) => a[1]),
          `${locale} ${concept.id}`,
        ).toEqual(expected.map((r) => anchor(r.id)));
        articles.forEach(([, , body], i) => {
          const ruling = expected[i]!;
          expect(textOf(/<p class="question"[^>]*>([\s\S]*?)<\/p>/.exec(body!)![1]!), ruling.id).toBe(`Q: ${ruling.question}`);
          expect(textOf(/<p class="answer"[^>]*>([\s\S]*?)<\/p>/.exec(body!)![1]!), ruling.id).toBe(`A: ${ruling.answer}`);
          const meta = textOf(/<p class="ruling-meta"[^>]*>([\s\S]*?)<\/p>/.exec(body!)![1]!);
          for (const page of ruling.pages) expect(meta, ruling.id).toMatch(new RegExp(`\\b${page}\\b`));
          if (ruling.pageNote) expect(meta, ruling.id).toContain(ruling.pageNote);
          // the ruling's own anchor, never its id as text
          expect(meta, ruling.id).not.toContain(ruling.id);
          expect(body, ruling.id).toContain(`href="#${anchor(ruling.id)}"`);
        });
      }
    }
  });
});

describe('the relation badges on a concept page', () => {
  it('give every wording but the baseline\'s its crosswalk relation, as a word in the reader\'s language, and its confidence only under "For maintainers"', () => {
    for (const concept of concepts) {
      for (const locale of LOCALES) {
        const t = strings(locale);
        const html = conceptPage(locale, concept.id);
        for (const id of concept.records) {
          const section = element(html, `<section class="variant" id="${anchor('record', id)}"`, 'section');
          expect(section, `${locale} ${concept.id}: no wording ${id}`).not.toBeNull();
          const name = /<p class="variant-name">([\s\S]*?)<\/p>/.exec(section!)![1]!;
          const badges = [...name.matchAll(/<[^>]*\bdata-relation="([^"]*)"[^>]*>([^<]*)</g)].map((m) => [m[1], m[2]]);
          const row = rows.get(id);
          expect(badges, `${locale} ${id}`).toEqual(row && row.declaredBy !== 'source' ? [[row.relation, t.relations[row.relation]]] : []);
          expect(textOf(name), id).not.toContain(t.confidence);
          const maintainers = element(section!, '<details class="maintainers"', 'details');
          if (row && row.declaredBy !== 'source') expect(textOf(maintainers ?? ''), id).toContain(`${t.confidence}: ${t.confidences[row.confidence]}`);
          else expect(maintainers, id).toBeNull();
        }
      }
    }
  });
});

/** The relation badges in a piece of HTML: [relation, the word shown]. */
const badgesIn = (html: string) => [...html.matchAll(/<[^>]*\bdata-relation="([^"]*)"[^>]*>([^<]*)</g)].map((m) => [m[1], textOf(m[2]!)]);
/** What a record's badge must say: its crosswalk relation in the reader's language, or no badge without a row. */
const expectedBadge = (id: string, locale: Locale) => {
  const row = rows.get(id);
  return row ? [[row.relation, strings(locale).relations[row.relation]]] : [];
};
/** The record a link to a wording leads to, by its anchor. */
const recordOfLink = (html: string): string | undefined => {
  const fragment = /href="[^"#]*#([^"]+)"/.exec(html)?.[1];
  return [...skills.keys()].find((id) => anchor('record', id) === fragment);
};

describe('the relation badges elsewhere', () => {
  it("head each reviewed summary of a concept page with its record's relation, in the page's order of wordings", () => {
    for (const concept of concepts) {
      const records = concept.records.map((id) => skills.get(id)!);
      records.sort((a, b) => Number(b.edition === baseEdition) - Number(a.edition === baseEdition) || (a.id < b.id ? -1 : 1));
      for (const locale of LOCALES) {
        // A French page puts the French wordings first (issue 36), and their summaries with them.
        const expected = readerFirst(records, locale).filter((r) => r.edition !== baseEdition && rows.get(r.id)?.summary);
        const list = element(conceptPage(locale, concept.id), '<ul class="summaries">', 'ul');
        if (expected.length === 0) {
          expect(list, `${locale} ${concept.id}`).toBeNull();
          continue;
        }
        const items = [...list!.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => m[1]!);
        expect(items.length, `${locale} ${concept.id}`).toBe(expected.length);
        items.forEach((item, i) => {
          const record = expected[i]!;
          expect(badgesIn(item), `${locale} ${record.id}`).toEqual(expectedBadge(record.id, locale));
          expect(textOf(item), `${locale} ${record.id}`).toContain(`(${record.displayName}):`);
        });
      }
    }
  });

  it('give every wording in the "What changed" table its relation, and none to a wording without a crosswalk row', () => {
    for (const locale of LOCALES) {
      const table = element(readPage(site, `${locale === 'fr' ? 'fr/' : ''}what-changed`), '<table id="what-changed-table"', 'table')!;
      const shown = table.split('<span class="nowrap">').slice(1);
      const seen = shown.map((cell) => {
        const id = recordOfLink(cell);
        expect(id, `${locale}: a wording link without a record`).toBeDefined();
        expect(badgesIn(cell), `${locale} ${id}`).toEqual(expectedBadge(id!, locale));
        return id!;
      });
      const expected = [...skills.values()].filter((s) => s.edition !== baseEdition && s.concept !== null).map((s) => s.id);
      expect(seen.sort(), locale).toEqual(expected.sort());
    }
  });

  it('give every wording in the index by edition its relation', () => {
    for (const locale of LOCALES) {
      const items = [...readPage(site, `${locale === 'fr' ? 'fr/' : ''}editions`).matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => m[1]!);
      const listed = items.filter((item) => recordOfLink(item) !== undefined);
      expect(listed.length, locale).toBeGreaterThan(0);
      for (const item of listed) expect(badgesIn(item), `${locale} ${recordOfLink(item)}`).toEqual(expectedBadge(recordOfLink(item)!, locale));
    }
  });
});

/** Every ConceptLink on a page: the concept it leads to, and the name and language it shows. */
const conceptLinks = (html: string, locale: Locale) =>
  [...html.matchAll(new RegExp(`<a href="${locale === 'fr' ? '/fr' : ''}/concepts/([^/"#]+)/(?:#[^"]*)?"><span lang="(en|fr)">([^<]*)</span></a>`, 'g'))].map(
    (m) => ({
      id: m[1]!,
      lang: m[2]!,
      name: textOf(m[3]!),
    }),
  );
const pagesOf = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? pagesOf(join(dir, e.name)) : e.name === 'index.html' ? [join(dir, e.name)] : []));

describe('ConceptLink', () => {
  it('shows the French name, marked lang="fr", on every French page where the concept has one, and the English name marked lang="en" otherwise', () => {
    const byId = new Map(concepts.map((c) => [c.id, c]));
    let french = 0;
    for (const locale of LOCALES) {
      const root = locale === 'fr' ? join(site, 'fr') : site;
      const files = pagesOf(root).filter((f) => locale === 'fr' || !f.startsWith(join(site, 'fr')));
      for (const file of files) {
        for (const link of conceptLinks(readFileSync(file, 'utf8'), locale)) {
          const concept = byId.get(link.id);
          expect(concept, `${file}: link to unknown concept ${link.id}`).toBeDefined();
          const fr = locale === 'fr' ? concept!.names.fr : undefined;
          expect([link.lang, link.name], `${file}: ${link.id}`).toEqual(fr ? ['fr', fr] : ['en', concept!.name]);
          if (link.lang === 'fr') french++;
        }
      }
    }
    expect(french, 'no French name in any French link').toBeGreaterThan(0);
  });

  it("heads the rulings index with one link per concept that has rulings, in the reader's language", () => {
    const expected = new Set(rulings.flatMap((r) => r.records.map((id) => skills.get(id)?.concept).filter((c): c is string => !!c)));
    for (const locale of LOCALES) {
      const html = readPage(site, `${locale === 'fr' ? 'fr/' : ''}rulings`);
      const headed = [...html.matchAll(/<h2 id="([^"]+)">([\s\S]*?)<\/h2>/g)].flatMap((m) => conceptLinks(m[2]!, locale).map((l) => l.id));
      expect(new Set(headed), locale).toEqual(expected);
    }
  });

  it("links every related concept of a concept page, under the relation's words", () => {
    for (const concept of concepts.filter((c) => c.relations.length)) {
      for (const locale of LOCALES) {
        const related = element(conceptPage(locale, concept.id), '<h2 id="related"', 'ul');
        expect(related, `${locale} ${concept.id}`).not.toBeNull();
        const linked = new Set(conceptLinks(related!, locale).map((l) => l.id));
        for (const r of concept.relations) expect(linked, `${locale} ${concept.id}`).toContain(r.concept);
      }
    }
  });

  it('titles a French concept page with its French name where it has one', () => {
    for (const concept of concepts) {
      const h1 = /<h1 id="_top"[^>]*>([\s\S]*?)<\/h1>/.exec(conceptPage('fr', concept.id))![1]!;
      expect(textOf(h1), concept.id).toBe(concept.names.fr ?? concept.name);
    }
  });
});

describe('the random tables', () => {
  it("names each random-table slot in the reader's language where the rule has that name, marked with the language it is written in", () => {
    const byId = new Map(concepts.map((c) => [c.id, c]));
    let english = 0;
    for (const table of data<RandomTable[]>('random-tables.json')) {
      for (const locale of LOCALES) {
        const html = readPage(site, `${locale === 'fr' ? 'fr/' : ''}random-tables/${table.edition}/${table.game}`);
        for (const slot of table.slots.filter((s) => s.record !== null)) {
          const skill = skills.get(slot.record!)!;
          const fr = locale === 'fr' && skill.concept ? byId.get(skill.concept)?.names.fr : undefined;
          const cell = element(html, `<td id="${anchor('slot', table.category, slot.roll, String(slot.d6))}">`, 'td');
          const shown = /<(?:a|span)\b[^>]* lang="([^"]+)"[^>]*>([^<]*)<\/(?:a|span)>/.exec(cell ?? '');
          expect([shown?.[1], textOf(shown?.[2] ?? '')], `${locale} ${table.id} ${slot.roll} ${slot.d6}`).toEqual(
            fr ? ['fr', fr] : [skill.lang, skill.displayName],
          );
          if (locale === 'fr' && !fr) english++;
        }
      }
    }
    expect(english, 'no French table shows an English name').toBeGreaterThan(0);
  });
});
