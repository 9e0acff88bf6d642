// views.ts takes its types from dataset.ts, which reads Astro's content layer: its module types, for tsc.
/// <reference path="../../node_modules/astro/types/content.d.ts" />
/**
 * The site's TypeScript (site/src/lib) on small literal inputs: the word diff,
 * rule-text helpers, locale paths, anchors and names, the label tables, the
 * views shared by several pages, the card list, and the loader's errors.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ErrorObject } from 'ajv';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { Concept, Inducement, PriceItem, Skill } from '../../pipeline/model/schema-types.ts';
import { readCardIndex } from '../../site/src/lib/cards.ts';
import { cardsDir, dataDir, listDataFiles } from '../../site/src/lib/data-dir.ts';
import { sentenceDiff, splitSentences, wordDiff } from '../../site/src/lib/diff.ts';
import { anchor, byName, CATEGORY_ORDER, conceptName, href, RELATION_ORDER, strings } from '../../site/src/lib/i18n.ts';
import { describeErrors } from '../../site/src/lib/loader.ts';
import { escapeHtml } from '../../site/src/lib/html.ts';
import { plainText, renderMarkdown } from '../../site/src/lib/markdown.ts';
import { sidebar } from '../../site/src/lib/sidebar.ts';
import { compulsoryFact, inducementConcepts, inducementName, inducementSlug, mentionsConcept, readerFirst, readerSummary } from '../../site/src/lib/views.ts';
import { repoRoot } from '../helpers.ts';
import { textOf } from './helpers.ts';

const LABELS = { inserted: 'inserted', deleted: 'deleted' };
const strip = (html: string, tag: 'ins' | 'del') =>
  textOf(html.replace(/<span class="sr-only">[\s\S]*?<\/span>/g, '').replace(new RegExp(`<${tag}>[\\s\\S]*?</${tag}>`, 'g'), '')).replace(/\s+/g, '');

describe('sentenceDiff', () => {
  const plain = (html: string) => textOf(html.replace(/<span class="sr-only">[\s\S]*?<\/span>/g, ''));
  it('splits a rule text at paragraphs, list items and sentence ends, never inside a number', () => {
    expect(splitSentences('Roll a D6. On a 4+, it works.\n\n- On a 1-3, it fails! Then stop.')).toEqual([
      'Roll a D6.',
      'On a 4+, it works.',
      'On a 1-3, it fails!',
      'Then stop.',
    ]);
    expect(splitSentences('Add 1.5 squares.')).toEqual(['Add 1.5 squares.']);
  });
  it('puts a kept sentence on one unmarked row, a reworded one on one row with word marks, and a sentence of one text on a row of its own', () => {
    const rows = sentenceDiff(
      'Roll a D6. On a 1 the player falls over. Add one to the roll.',
      'Roll a D6. On a 2 the player falls over. The player may Rush.',
      LABELS,
    );
    expect(rows.map((r) => r.kind)).toEqual(['same', 'changed', 'removed', 'added']);
    expect(rows[0]).toEqual({ kind: 'same', moved: false, before: 'Roll a D6.', after: 'Roll a D6.' });
    expect(rows[1]!.before).toContain('<del><span class="sr-only">[deleted: </span>1<span class="sr-only">]</span></del>');
    expect(rows[1]!.after).toContain('<ins><span class="sr-only">[inserted: </span>2<span class="sr-only">]</span></ins>');
    expect([plain(rows[2]!.before), rows[2]!.after]).toEqual(['Add one to the roll.', '']);
    expect([rows[3]!.before, plain(rows[3]!.after)]).toEqual(['', 'The player may Rush.']);
  });
  it('pairs a sentence the later text says in another place with its counterpart, on one row marked moved, at the earlier text’s place', () => {
    const rows = sentenceDiff('First comes the roll. Then the block happens.', 'Then the block happens. First comes the roll.', LABELS);
    expect(rows.map((r) => [r.kind, plain(r.before), plain(r.after)])).toEqual([
      ['same', 'First comes the roll.', 'First comes the roll.'],
      ['same', 'Then the block happens.', 'Then the block happens.'],
    ]);
    expect(rows.filter((r) => r.moved)).toHaveLength(1);
  });
  it('pairs the results of a roll listed in the other order (1-3 then 4+, against 4+ then 1-3), each result on one row', () => {
    const rows = sentenceDiff(
      'Roll a D6. On a roll of 1-3, this player forgets what they are doing. On a roll of 4+, this player carries on as normal.',
      'Roll a D6. On a 4+, the player may act as normal. On a 1-3, this player becomes Distracted.',
      LABELS,
    );
    expect(rows.map((r) => r.kind)).toEqual(['same', 'changed', 'changed']);
    expect(plain(rows[1]!.before)).toContain('1-3');
    expect(plain(rows[1]!.after)).toContain('1-3');
    expect(plain(rows[2]!.after)).toContain('4+');
    expect(rows.map((r) => r.moved)).toEqual([false, true, false]);
  });
  it('puts a sentence of the later text alone after the row of the sentence before it, past the removed rows that follow, never after a moved one', () => {
    const rows = sentenceDiff(
      'Alpha beta gamma. Stop the clock now please. Delta epsilon zeta.',
      'Delta epsilon zeta eta. Alpha beta gamma. A wholly new sentence here.',
      LABELS,
    );
    expect(rows.map((r) => [r.kind, r.moved])).toEqual([
      ['same', false],
      ['removed', false],
      ['added', false],
      ['changed', true],
    ]);
    expect(plain(rows[2]!.after)).toBe('A wholly new sentence here.');
  });
  it('escapes the texts', () => {
    expect(sentenceDiff('<b>x</b> y.', '<b>x</b> z.', LABELS)[0]!.before).toContain('&lt;b&gt;');
  });
});

describe('wordDiff', () => {
  it('puts the words only in the later text in <ins> and those only in the earlier one in <del>', () => {
    const diff = wordDiff('Roll one D6 now.', 'Roll two D6 now.', LABELS);
    expect(diff.html).toContain('<ins><span class="sr-only">[inserted: </span>two<span class="sr-only">]</span></ins>');
    expect(diff.html).toContain('<del><span class="sr-only">[deleted: </span>one<span class="sr-only">]</span></del>');
    expect([diff.insertions, diff.deletions]).toEqual([1, 1]);
  });

  it('uses the labels it is given', () => {
    const diff = wordDiff('a b', 'a c', { inserted: 'inséré', deleted: 'supprimé' });
    expect(diff.html).toMatch(/<ins><span class="sr-only">\[inséré: <\/span>c/);
    expect(diff.html).toMatch(/<del><span class="sr-only">\[supprimé: <\/span>b/);
  });

  it('gives back the earlier text without its insertions and the later text without its deletions, for any two texts', () => {
    const word = fc.constantFrom('Block', 'Dodge', 'roll', 'a', 'D6', '2+', 'the', 'player', '<b>', 'x&y', '"quoted"');
    const text = fc.array(word, { minLength: 1, maxLength: 12 }).map((w) => w.join(' '));
    fc.assert(
      fc.property(text, text, (before, after) => {
        const diff = wordDiff(before, after, LABELS);
        expect(strip(diff.html, 'ins')).toBe(plainText(before).replace(/\s+/g, ''));
        expect(strip(diff.html, 'del')).toBe(plainText(after).replace(/\s+/g, ''));
        expect(diff.insertions).toBe((diff.html.match(/<ins>/g) ?? []).length);
        expect(diff.deletions).toBe((diff.html.match(/<del>/g) ?? []).length);
        expect(diff.html).not.toMatch(/<(?!\/?(ins|del|span)\b)/);
      }),
      { seed: 18, numRuns: 200 },
    );
  });

  it('diffs the words, not the Markdown: emphasis marks are no change', () => {
    expect(wordDiff('Roll *one* D6.', 'Roll one D6.', LABELS)).toEqual({ html: 'Roll one D6.', insertions: 0, deletions: 0 });
  });
});

describe('rule text helpers', () => {
  it('escapes the five characters that matter in HTML text and attributes', () => {
    expect(escapeHtml('a < b & "c" > d\'s')).toBe('a &lt; b &amp; &quot;c&quot; &gt; d&#39;s');
  });

  it('gives list items their bullet or their number from the list start, each on its own line', () => {
    expect(plainText('Intro.\n\n3. three\n4. four\n')).toBe('Intro.\n3. three\n4. four');
    expect(plainText('- a **b**\n- c\n')).toBe('• a b\n• c');
  });

  it('renders the same text to the same HTML every time', () => {
    expect(renderMarkdown('A *b*')).toBe(renderMarkdown('A *b*'));
    expect(renderMarkdown('A *b*')).toBe('<p>A <em>b</em></p>');
  });
});

describe('locale paths, anchors and names', () => {
  it('puts French pages under /fr/ and English ones at the root', () => {
    expect(href('en', '/concepts/dodge/')).toBe('/concepts/dodge/');
    expect(href('fr', '/concepts/dodge/')).toBe('/fr/concepts/dodge/');
  });

  it('turns any id into an HTML id of letters, digits, - and _ only', () => {
    expect(anchor('record', 'en-2020/dodge')).toBe('record-en-2020-dodge');
    expect(anchor('en-2020/r-1a2b', 'x y')).toBe('en-2020-r-1a2b-x-y');
    fc.assert(
      fc.property(fc.array(fc.string(), { minLength: 1, maxLength: 3 }), (parts) => {
        expect(anchor(...parts)).toMatch(/^[A-Za-z0-9_-]*$/);
      }),
    );
  });

  it("names a concept in the reader's language, in English where it has no French name", () => {
    const dodge = { name: 'Dodge', names: { en: 'Dodge', fr: 'Esquive' } };
    const cloud: Parameters<typeof conceptName>[0] = { name: 'Cloud Burster', names: {} };
    expect([conceptName(dodge, 'en'), conceptName(dodge, 'fr'), conceptName(cloud, 'fr')]).toEqual(['Dodge', 'Esquive', 'Cloud Burster']);
  });

  it('sorts French names with their accents folded', () => {
    expect(['Frénésie', 'Éclair', 'Dodge', 'esquive'].sort(byName('fr'))).toEqual(['Dodge', 'Éclair', 'esquive', 'Frénésie']);
  });

  it('has every interface string in French that it has in English, of the same kind', () => {
    const [en, fr] = [strings('en'), strings('fr')] as unknown as Record<string, unknown>[];
    expect(Object.keys(fr!).sort()).toEqual(Object.keys(en!).sort());
    for (const key of Object.keys(en!)) {
      expect(typeof fr![key], key).toBe(typeof en![key]);
      if (typeof en![key] === 'function') expect((fr![key] as () => string).length, key).toBe((en![key] as () => string).length);
      if (en![key] && typeof en![key] === 'object') expect(Object.keys(fr![key] as object).sort(), key).toEqual(Object.keys(en![key] as object).sort());
    }
  });

  it('has a label in both languages for every relation and category the schema allows, in its order tables', () => {
    const common = JSON.parse(readFileSync(join(repoRoot, 'schema/common.schema.json'), 'utf8')) as { $defs: Record<string, { enum?: string[] }> };
    const relations = common.$defs.relation!.enum!;
    const categories = common.$defs.category!.enum!;
    expect([...RELATION_ORDER].sort()).toEqual([...relations].sort());
    expect([...CATEGORY_ORDER].sort()).toEqual([...categories].sort());
    for (const locale of ['en', 'fr'] as const) {
      for (const r of relations) expect(strings(locale).relations[r], `${locale} ${r}`).toBeTruthy();
      for (const c of categories) expect(strings(locale).categories[c], `${locale} ${c}`).toBeTruthy();
    }
    // The French words differ from the English ones: the page is translated.
    expect(relations.filter((r) => strings('fr').relations[r] !== strings('en').relations[r]).length).toBeGreaterThan(0);
  });

  it('gives every sidebar entry a French label', () => {
    const entries = sidebar.flatMap((e) => ['items' in e && e.items ? [e, ...e.items] : [e]].flat());
    for (const e of entries) expect(e.translations.fr, e.label).toBeTruthy();
  });
});

const concept = (compulsory: boolean | null | undefined): Concept =>
  ({
    id: 'c',
    name: 'C',
    names: { en: 'C' },
    kind: 'skill',
    category: 'general',
    compulsory,
    compulsoryFrom: null,
    records: [],
    relations: [],
  }) as unknown as Concept;
const item = (over: Partial<PriceItem>): PriceItem => ({
  kind: 'package',
  line: 1,
  text: '',
  category: null,
  count: null,
  except: [],
  skills: [],
  changes: [],
  removes: [],
  cost: 0,
  per: 'item',
  minimumCost: null,
  leagues: null,
  ...over,
});

describe('views', () => {
  it('says "Compulsory" from the record that defines the rule, naming its edition, else names the editions that have the rule', () => {
    const rec = (id: string, edition: string, compulsory: boolean | null) => ({ id, edition, compulsory }) as Skill;
    const defined = { ...concept(true), compulsoryFrom: 'a/x' } as Concept;
    expect(compulsoryFact(defined, [rec('b/x', 'b', null), rec('a/x', 'a', true)])).toEqual({ value: true, edition: 'a' });
    // A dataset without the concept's own value: a record whose source marks compulsory names gives it.
    expect(compulsoryFact(concept(undefined), [rec('b/x', 'b', null), rec('c/x', 'c', false)])).toEqual({ value: false, edition: 'c' });
    // No record marks it: the rule's own editions, each once, and no other.
    expect(compulsoryFact(concept(null), [rec('b/x', 'b', null), rec('b/y', 'b', null), rec('d/x', 'd', null)])).toEqual({ value: null, editions: ['b', 'd'] });
    expect(compulsoryFact(concept(null), [])).toEqual({ value: null, editions: [] });
  });

  it('says "not stated" when the defining record marks nothing, or when no record gives the concept’s value', () => {
    const rec = (id: string, edition: string, compulsory: boolean | null) => ({ id, edition, compulsory }) as Skill;
    // The record named by compulsoryFrom marks nothing, and neither does the concept.
    expect(compulsoryFact({ ...concept(null), compulsoryFrom: 'a/x' } as Concept, [rec('a/x', 'a', null)])).toEqual({ value: null, editions: ['a'] });
    // The concept has a value but no record of the rule gives it: no edition is named for it.
    expect(compulsoryFact({ ...concept(true), compulsoryFrom: 'z/x' } as Concept, [rec('b/x', 'b', null)])).toEqual({ value: null, editions: ['b'] });
  });

  it('gives a reader summary in the page’s language: the French one on a French page when there is one, else the English one', () => {
    const both = { summary: 'What changed.', summaryFr: 'Ce qui a changé.' };
    expect(readerSummary(both, 'fr')).toEqual({ text: 'Ce qui a changé.', lang: 'fr' });
    expect(readerSummary(both, 'en')).toEqual({ text: 'What changed.', lang: 'en' });
    expect(readerSummary({ summary: 'What changed.', summaryFr: null }, 'fr')).toEqual({ text: 'What changed.', lang: 'en' });
    expect(readerSummary({ summary: 'What changed.' }, 'fr')).toEqual({ text: 'What changed.', lang: 'en' });
    expect(readerSummary({ summary: null, summaryFr: null }, 'fr')).toBeNull();
    expect(readerSummary({ summary: null }, 'en')).toBeNull();
  });

  it('names an inducement in the page’s language: its reviewed French name on a French page, else the notes’ name', () => {
    expect(inducementName({ name: 'Bribes', nameFr: 'Pots-de-vin' }, 'fr')).toEqual({ name: 'Pots-de-vin', lang: 'fr' });
    expect(inducementName({ name: 'Bribes', nameFr: 'Pots-de-vin' }, 'en')).toEqual({ name: 'Bribes', lang: 'en' });
    expect(inducementName({ name: 'Ugroth Bolgrot', nameFr: null }, 'fr')).toEqual({ name: 'Ugroth Bolgrot', lang: 'en' });
  });

  it('puts the French wordings first on a French page, the others after in their order; an English page keeps the order', () => {
    const records = [
      { id: 'a', lang: 'en' },
      { id: 'b', lang: 'fr' },
      { id: 'c', lang: 'en' },
      { id: 'd', lang: 'fr' },
    ];
    expect(readerFirst(records, 'fr').map((r) => r.id)).toEqual(['b', 'd', 'a', 'c']);
    expect(readerFirst(records, 'en').map((r) => r.id)).toEqual(['a', 'b', 'c', 'd']);
    // A copy: the caller's list is never reordered.
    expect(readerFirst(records, 'en')).not.toBe(records);
    expect(records.map((r) => r.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it("gives an inducement's URL segment: its id without the edition", () => {
    expect(inducementSlug({ id: 'en-2020-inducements/bloodweiser-kegs' } as Inducement)).toBe('bloodweiser-kegs');
    expect(inducementSlug({ id: 'notes/a/b' } as Inducement)).toBe('a/b');
  });

  it('finds every concept an inducement names: in its text, its spells, and its price list (except, removes, package skills)', () => {
    const i = {
      mentions: ['dodge'],
      spells: [{ mentions: ['leap', 'no-hands'] }],
      priceList: {
        minimumCost: null,
        items: [item({ except: ['dirty-player'] }), item({ removes: ['block'], skills: [{ concept: 'guard', name: 'Guard', parameter: null }] })],
      },
    } as unknown as Inducement;
    expect([...inducementConcepts(i)].sort()).toEqual(['block', 'dirty-player', 'dodge', 'guard', 'leap', 'no-hands']);
    expect(mentionsConcept(i, 'guard')).toBe(true);
    expect(mentionsConcept(i, 'wrestle')).toBe(false);
    expect([...inducementConcepts({ mentions: [], spells: [], priceList: null } as unknown as Inducement)]).toEqual([]);
  });
});

describe('the card list and the data folder', () => {
  const env = { cards: process.env.NUFFLE_CARDS_DIR, data: process.env.NUFFLE_DATA_DIR };
  afterEach(() => {
    for (const [key, value] of [
      ['NUFFLE_CARDS_DIR', env.cards],
      ['NUFFLE_DATA_DIR', env.data],
    ] as const) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });

  it('lists the PDFs index.json names that exist in the folder, whatever key the list is under, and nothing outside it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nuffle-site-cards-'));
    for (const f of ['a.pdf', 'b.pdf']) writeFileSync(join(dir, f), '%PDF-');
    const entries = [
      { file: 'a.pdf', label: 'A', edition: 'en-2020', language: 'en', cards: 9, pages: 1 },
      { path: 'b.pdf', title: 'B', lang: 'fr', cardCount: 3, pageCount: 2 },
      { file: 'missing.pdf' },
      { file: '../outside.pdf' },
      { file: 'index.json' },
    ];
    process.env.NUFFLE_CARDS_DIR = dir;
    expect(cardsDir()).toBe(dir);
    for (const value of [{ files: entries }, entries, { decks: entries }]) {
      writeFileSync(join(dir, 'index.json'), JSON.stringify(value));
      expect(readCardIndex()).toEqual([
        { file: 'a.pdf', label: 'A', edition: 'en-2020', lang: 'en', cards: 9, pages: 1 },
        { file: 'b.pdf', label: 'B', edition: null, lang: 'fr', cards: 3, pages: 2 },
      ]);
    }
  });

  it('lists no cards without a cards folder or its index', () => {
    delete process.env.NUFFLE_CARDS_DIR;
    expect(cardsDir()).toBe(null);
    expect(readCardIndex()).toEqual([]);
    process.env.NUFFLE_CARDS_DIR = mkdtempSync(join(tmpdir(), 'nuffle-site-cards-'));
    expect(readCardIndex()).toEqual([]);
  });

  it('reads the data folder NUFFLE_DATA_DIR names, every file with a forward-slash path, sorted', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nuffle-site-data-'));
    mkdirSync(join(dir, 'schema/api'), { recursive: true });
    for (const f of ['skills.json', 'schema/api/x.schema.json', 'a.json', 'schema/s.json']) writeFileSync(join(dir, f), '{}');
    process.env.NUFFLE_DATA_DIR = dir;
    expect(dataDir()).toBe(dir);
    expect(listDataFiles()).toEqual(['a.json', 'schema/api/x.schema.json', 'schema/s.json', 'skills.json']);
  });
});

describe("the loader's errors", () => {
  const error = (instancePath: string, message: string) => ({ instancePath, message, keyword: 'type', schemaPath: '#', params: {} }) as ErrorObject;

  it('names the record by its id (or record, or position) and the field, and the file for a file-level error', () => {
    const value = [{ id: 'en-2020/dodge' }, { record: 'fr-legacy/esquive' }, {}];
    expect(
      describeErrors('skills.json', value, [
        error('/0/text', 'must be string'),
        error('/1/concept', 'must be string'),
        error('/2', 'must be object'),
        error('', 'must be array'),
      ]),
    ).toBe(
      [
        'skills.json: record en-2020/dodge: /text must be string',
        'skills.json: record fr-legacy/esquive: /concept must be string',
        'skills.json: record #2: / must be object',
        'skills.json: (file) must be array',
      ].join('\n'),
    );
  });

  it('gives the path inside the record for an error deep in it', () =>
    expect(describeErrors('rulings.json', [{ id: 'en-2020/q-1' }], [error('/0/occurrences/1/lines/0', 'must be integer')])).toBe(
      'rulings.json: record en-2020/q-1: /occurrences/1/lines/0 must be integer',
    ));

  it('ends the line at the place when Ajv gives no message', () => {
    const { message: _none, ...bare } = error('/0/text', '');
    expect(describeErrors('skills.json', [{ id: 'en-2020/dodge' }], [bare])).toBe('skills.json: record en-2020/dodge: /text');
  });

  it('stops after ten errors', () => {
    const errors = Array.from({ length: 25 }, (_, i) => error(`/${i}/id`, 'must be string'));
    expect(
      describeErrors(
        'x.json',
        Array.from({ length: 25 }, (_, i) => ({ id: `r${i}` })),
        errors,
      ).split('\n'),
    ).toHaveLength(10);
  });
});
