/**
 * The site's rule-text helpers and interface strings on literal inputs, one
 * behaviour each: the plain words of Markdown blocks, unsafe link targets,
 * sentence splitting and alignment in the comparison, anchors, locale-aware
 * names, and every interface string that takes a value.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { diffWords } from 'diff';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCardIndex } from '../../site/src/lib/cards.ts';
import { apiAvailable, dataDir, listDataFiles } from '../../site/src/lib/data-dir.ts';
import { recut, sentenceDiff, splitSentences } from '../../site/src/lib/diff.ts';
import { anchor, byName, editionLang, editionName, strings } from '../../site/src/lib/i18n.ts';
import { plainText, renderMarkdown } from '../../site/src/lib/markdown.ts';
import { reportUrl } from '../../site/src/lib/site-config.ts';
import { repoRoot } from '../helpers.ts';

const LABELS = { inserted: 'inserted', deleted: 'deleted' };
const del = (text: string) => `<del><span class="sr-only">[deleted: </span>${text}<span class="sr-only">]</span></del>`;
const ins = (text: string) => `<ins><span class="sr-only">[inserted: </span>${text}<span class="sr-only">]</span></ins>`;

describe('plainText', () => {
  it('keeps the paragraphs of a quotation on their own lines', () => expect(plainText('> a\n>\n> b\n')).toBe('a\nb'));
  it('reads a heading as one line, emphasis and all', () => expect(plainText('# A *b* c\n\nText.\n')).toBe('A b c\nText.'));
  it('marks only the first paragraph of a list item', () => expect(plainText('- a\n\n  b\n')).toBe('• a\nb'));
  it('keeps the text of a code block', () => expect(plainText('```\nroll 2D6\n```\n')).toBe('roll 2D6'));
  it('leaves nothing for a thematic break', () => expect(plainText('a\n\n---\n\nb\n')).toBe('a\nb'));
  it('reads a hard line break as a space', () => expect(plainText('a  \nb\n')).toBe('a b'));
  it('leaves no word for an image', () => expect(plainText('Roll ![die](d.png) now\n')).toBe('Roll  now'));
});

describe('renderMarkdown', () => {
  it('keeps only the text of a link to an unsafe target', () => expect(renderMarkdown('[click me](javascript:alert(1))')).toBe('<p>click me</p>'));
  it('drops an image with an unsafe source', () => expect(renderMarkdown('See ![pic](javascript:alert(1)) here')).toBe('<p>See  here</p>'));
});

describe('splitSentences', () => {
  it('gives each list item, even in lower case, as a sentence without its bullet', () =>
    expect(splitSentences('- roll a die\n- add one\n')).toEqual(['roll a die', 'add one']));
  it('splits after a full stop and several spaces', () => expect(splitSentences('One.  Two.')).toEqual(['One.', 'Two.']));
  it('splits before a quoted sentence', () => expect(splitSentences('Roll. "Then" stop.')).toEqual(['Roll.', '"Then" stop.']));
  it('keeps a dash inside a sentence', () => expect(splitSentences('Roll 2D6 - add one.')).toEqual(['Roll 2D6 - add one.']));
  it('gives no sentence for an empty text', () => expect(splitSentences('')).toEqual([]));
});

describe('sentenceDiff', () => {
  it("keeps the earlier sentence's own space where the later one puts a comma (diffWords takes the later text's whitespace)", () =>
    expect(sentenceDiff('Save them and go.', 'Save them, and go.', LABELS)[0]).toEqual({
      kind: 'changed',
      before: 'Save them and go.',
      after: `Save them${ins(', ')}and go.`,
      moved: false,
    }));
  it('pairs a reworded sentence after a removed one, the removed one on a row of its own', () =>
    expect(sentenceDiff('Gain a bonus. Roll a D6 for the kick.', 'Roll two D6 for the kick.', LABELS).map((row) => row.kind)).toEqual(['removed', 'changed']));
  it('pairs the one close sentence rather than two loosely alike ones (a third of their words each)', () =>
    expect(
      sentenceDiff('Roll a D6 for the kick. Then add one to the score.', 'The kick sails far and high. Roll a D6 and add one.', LABELS).map((row) => [
        row.kind,
        row.before === '' ? row.after : row.before,
      ]),
    ).toEqual([
      ['added', ins('The kick sails far and high.')],
      ['changed', `Roll a D6 ${del('for the kick')}.`],
      ['removed', del('Then add one to the score.')],
    ]));
  it('puts two sentences that share most words on one row, words marked', () =>
    expect(sentenceDiff('Roll a die and add one to the result.', 'Roll a die and add two to the result.', LABELS)).toEqual([
      {
        kind: 'changed',
        before: `Roll a die and add ${del('one')} to the result.`,
        after: `Roll a die and add ${ins('two')} to the result.`,
        moved: false,
      },
    ]));
  it('puts two sentences that share no word on rows of their own', () =>
    expect(sentenceDiff('Alpha beta.', 'Gamma delta.', LABELS).map((row) => row.kind)).toEqual(['removed', 'added']));
  it('puts two sentences that share exactly 40 % of their words on one row', () =>
    expect(sentenceDiff('Roll two.', 'Roll three dice.', LABELS).map((row) => row.kind)).toEqual(['changed']));
  it('pairs a sentence with its best match, not with the last one alike', () =>
    expect(sentenceDiff('Roll a die. Roll a die again.', 'Roll a die.', LABELS).map((row) => row.kind)).toEqual(['same', 'removed']));
  it('puts two sentences without words on one row', () =>
    expect(sentenceDiff('—', '—', LABELS)).toEqual([{ kind: 'same', before: '—', after: '—', moved: false }]));
  it('counts a repeated word once per time both sentences have it', () =>
    expect(sentenceDiff('Block dodge sprint.', 'Block block block.', LABELS).map((row) => row.kind)).toEqual(['removed', 'added']));
  it('marks a sentence found only in the earlier text as deleted, on a row of its own', () =>
    expect(sentenceDiff('One. Two.', 'One.', LABELS)).toEqual([
      { kind: 'same', before: 'One.', after: 'One.', moved: false },
      { kind: 'removed', before: del('Two.'), after: '', moved: false },
    ]));
  it('marks a sentence found only in the later text as inserted, on a row of its own', () =>
    expect(sentenceDiff('One.', 'One. Two.', LABELS)).toEqual([
      { kind: 'same', before: 'One.', after: 'One.', moved: false },
      { kind: 'added', before: '', after: ins('Two.'), moved: false },
    ]));
});

describe('interface strings', () => {
  /** The strings that take a list of numbers, and the list they are called with. */
  const LISTS: Record<string, readonly number[]> = { rulebookPages: [7501, 7502] };
  /** The strings that take a count only to agree with it (a verb in the singular or the plural). */
  const AGREEMENT = new Set(['marksNoCompulsory']);
  /** Each string that takes values, called with markers it must show. */
  const calls = (locale: 'en' | 'fr') =>
    Object.entries(strings(locale)).flatMap(([key, value]) => {
      if (typeof value !== 'function') return [];
      // A string that takes a count only to agree with it shows no value (tested below).
      if (AGREEMENT.has(key)) return [];
      // A string that takes a list of page numbers is called with two, each of which it must show.
      if (key in LISTS) return [[key, (value as (list: readonly number[]) => string)(LISTS[key]!), LISTS[key]!.map(String)] as const];
      const args = Array.from({ length: value.length }, (_, n) => `⟨${key}${n}⟩`);
      return [[key, (value as (...a: string[]) => string)(...args), args] as const];
    });
  it.each(['en', 'fr'] as const)('in %s, each string that takes values shows every one of them', (locale) => {
    const all = calls(locale);
    expect(all.length).toBeGreaterThan(0);
    for (const [key, text, args] of all) for (const arg of args) expect(text, key).toContain(arg);
  });
  it.each(['en', 'fr'] as const)('in %s, each string that takes values says more than its values', (locale) => {
    for (const [key, text, args] of calls(locale)) expect(text.length, key).toBeGreaterThan(args.join('').length);
  });
  it.each(['en', 'fr'] as const)('in %s, a string that agrees with a count says one and several differently', (locale) => {
    for (const key of AGREEMENT) {
      const agree = strings(locale)[key as keyof ReturnType<typeof strings>] as (count: number) => string;
      expect(agree(1), key).not.toBe(agree(2));
    }
  });
  it('are French on French pages', () => expect(strings('fr').withdrawnTitle('x')).toBe('x a été retiré'));
  it('count one erratum in words, and more in figures', () => {
    expect([strings('en').correctedBy(1), strings('en').correctedBy(2)]).toEqual(['corrected by one erratum', 'corrected by 2 errata']);
    expect([strings('fr').correctedBy(1), strings('fr').correctedBy(2)]).toEqual(['corrigée par un erratum', 'corrigée par 2 errata']);
  });
});

describe('the dataset folder', () => {
  it('is the project’s dist/data when NUFFLE_DATA_DIR is not set (`astro build` run by hand)', () => {
    const before = process.env.NUFFLE_DATA_DIR;
    delete process.env.NUFFLE_DATA_DIR;
    try {
      expect(dataDir()).toBe(join(repoRoot, 'dist/data'));
    } finally {
      if (before !== undefined) process.env.NUFFLE_DATA_DIR = before;
    }
  });
  it('lists its files with forward slashes, sorted as whole paths', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nuffle-data-dir-'));
    const before = process.env.NUFFLE_DATA_DIR;
    try {
      mkdirSync(join(dir, 'schema'));
      for (const file of ['z.json', 'schema-x.json', 'schema/b.json', 'a.json']) writeFileSync(join(dir, file), '');
      process.env.NUFFLE_DATA_DIR = dir;
      expect(listDataFiles()).toEqual(['a.json', 'schema-x.json', 'schema/b.json', 'z.json']);
    } finally {
      if (before === undefined) delete process.env.NUFFLE_DATA_DIR;
      else process.env.NUFFLE_DATA_DIR = before;
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it.each([
    ['1', true],
    ['0', false],
    [undefined, false],
  ])('serves the static API when NUFFLE_API is %s: %s', (value, served) => {
    const before = process.env.NUFFLE_API;
    if (value === undefined) delete process.env.NUFFLE_API;
    else process.env.NUFFLE_API = value;
    try {
      expect(apiAvailable()).toBe(served);
    } finally {
      if (before === undefined) delete process.env.NUFFLE_API;
      else process.env.NUFFLE_API = before;
    }
  });
});

describe('the card index', () => {
  /** readCardIndex on an index.json of `value` and the PDFs named. */
  const read = (value: unknown, pdfs: string[] = []) => {
    const dir = mkdtempSync(join(tmpdir(), 'nuffle-cards-index-'));
    const before = process.env.NUFFLE_CARDS_DIR;
    try {
      for (const pdf of pdfs) writeFileSync(join(dir, pdf), '');
      writeFileSync(join(dir, 'index.json'), JSON.stringify(value));
      process.env.NUFFLE_CARDS_DIR = dir;
      return readCardIndex();
    } finally {
      if (before === undefined) delete process.env.NUFFLE_CARDS_DIR;
      else process.env.NUFFLE_CARDS_DIR = before;
      rmSync(dir, { recursive: true, force: true });
    }
  };
  it('lists nothing when the list is not a list', () => expect(read({ files: 'a.pdf' }, ['a.pdf'])).toEqual([]));
  it('lists nothing for an index without a list', () => expect(read({ version: 1 }, ['a.pdf'])).toEqual([]));
  it('reads a list under "cards"', () => expect(read({ cards: [{ path: 'a.pdf' }] }, ['a.pdf']).map((c) => c.file)).toEqual(['a.pdf']));
  it('skips an entry that names no file', () => expect(read([{ label: 'x' }], ['a.pdf'])).toEqual([]));
});

describe('reportUrl', () => {
  it('takes an https URL and adds the page', () =>
    expect(reportUrl('/a/', { NUFFLE_REPORT_URL: 'https://rules.example.org/report' })).toBe('https://rules.example.org/report?page=%2Fa%2F'));
  it('takes a plain http URL (a league’s own intranet) and adds the page', () =>
    expect(reportUrl('/a/', { NUFFLE_REPORT_URL: 'http://league.local/report' })).toBe('http://league.local/report?page=%2Fa%2F'));
});

describe('anchor', () => {
  it('turns a run of other characters into one hyphen', () => expect(anchor('Pass Block!!', 'q 1')).toBe('Pass-Block--q-1'));
});

describe('names in the reader’s language', () => {
  it('sorts names without regard to case or accents', () => expect(byName('fr')('eclair', 'Éclair')).toBe(0));
  it('names an English edition in French by its final "(English)" only', () =>
    expect(editionName({ id: 'x', label: 'Rules (English) 2025', lang: 'en' }, 'fr')).toBe('Rules (English) 2025'));
  it('gives an English edition on an English page its own language', () => expect(editionLang({ id: 'x', label: 'X', lang: 'en' }, 'en')).toBe('en'));
});

describe('recut', () => {
  const side = (text: string, pieces: { value: string; marked: boolean }[]) => recut(text, pieces);
  it("re-cuts the pieces from the text's own whitespace, the gap before a piece outside it", () =>
    expect(
      side('them and go', [
        { value: 'them', marked: false },
        { value: 'and', marked: true },
        { value: ' go', marked: false },
      ]),
    ).toEqual([
      { value: 'them', marked: false },
      { value: ' ', marked: false },
      { value: 'and', marked: true },
      { value: ' go', marked: false },
    ]));
  it('drops a piece of whitespace the text does not have there', () =>
    expect(
      side('ab', [
        { value: 'a', marked: false },
        { value: ' ', marked: true },
        { value: 'b', marked: false },
      ]),
    ).toEqual([
      { value: 'a', marked: false },
      { value: 'b', marked: false },
    ]));
  it('keeps the pieces as they are when their words are not the text', () =>
    expect(side('a b', [{ value: 'x', marked: true }])).toEqual([{ value: 'x', marked: true }]));
  it('keeps the space an inserted run of words ends with inside its mark', () =>
    expect(sentenceDiff('No one can save them.', 'No one can be made to save them.', LABELS)[0]!.after).toBe(`No one can ${ins('be made to ')}save them.`));
  it('gives what the pieces leave of the text, unmarked', () =>
    expect(side('a b ', [{ value: 'a b', marked: true }])).toEqual([
      { value: 'a b', marked: true },
      { value: ' ', marked: false },
    ]));
  it('gives the text back whole, with the marks of the diff, for any two texts of words, commas and spaces', () => {
    const word = fc.constantFrom('roll', 'a', 'D6', 'them', 'and', ',', '.', 'Block');
    const textOf = fc.array(fc.tuple(word, fc.constantFrom(' ', '  ', ', ', '')), { maxLength: 12 }).map((ws) => ws.map(([w, g]) => w + g).join(''));
    fc.assert(
      fc.property(textOf, textOf, (a, b) => {
        const parts = diffWords(a, b);
        const before = recut(
          a,
          parts.filter((p) => !p.added).map((p) => ({ value: p.value, marked: p.removed })),
        );
        const after = recut(
          b,
          parts.filter((p) => !p.removed).map((p) => ({ value: p.value, marked: p.added })),
        );
        expect(before.map((p) => p.value).join('')).toBe(a);
        expect(after.map((p) => p.value).join('')).toBe(b);
        const marked = (pieces: { value: string; marked: boolean }[]) =>
          pieces
            .filter((p) => p.marked)
            .map((p) => p.value.replace(/\s+/g, ''))
            .join('');
        expect(marked(before)).toBe(
          parts
            .filter((p) => p.removed)
            .map((p) => p.value.replace(/\s+/g, ''))
            .join(''),
        );
        expect(marked(after)).toBe(
          parts
            .filter((p) => p.added)
            .map((p) => p.value.replace(/\s+/g, ''))
            .join(''),
        );
      }),
      { numRuns: 300 },
    );
  });
});
