/**
 * The English 2020 parser's handlers, on small literal texts: one behaviour
 * per test. (The real text is covered end to end by en-2020.test.ts and the
 * fixture pairs in test/fixtures/en-2020/.)
 */
import { describe, expect, it } from 'vitest';
import type { SourceInput } from '../pipeline/model/source.ts';
import { classify, skipTitle, startsEntry } from '../pipeline/parse/en-2020/classify.ts';
import { createContext } from '../pipeline/parse/en-2020/context.ts';
import { readBody } from '../pipeline/parse/en-2020/entry.ts';
import { pairAnswers, parseFaq, questionParts, readAnswers } from '../pipeline/parse/en-2020/faq.ts';
import { readMarkers } from '../pipeline/parse/en-2020/markers.ts';
import { mergeRulings, rulingHash } from '../pipeline/parse/en-2020/rulings.ts';
import { parseEn2020 } from '../pipeline/parse/en-2020/index.ts';

const input = (text: string): SourceInput => ({
  manifest: {
    id: 'en-2020-skills-traits',
    file: 'en.txt',
    lang: 'en',
    edition: { id: 'en-2020', label: 'English 2020', year: 2020, status: 'current' },
    parser: 'en-2020',
    note: 'a test text',
  },
  lines: text.split('\n'),
  errata: new Map(),
});
const context = (text: string) => createContext(input(text));
const parse = (text: string) => parseEn2020(input(text));
const ruleIds = (text: string) => parse(text).diagnostics.map((d) => d.ruleId);

const DODGE = 'Dodge\nAgility\nOnce per turn, re-roll a failed Dodge.\n';
const BB = 'Bloodbowlrandom skill: 1d6 "(1-3)" + 1d6 "4"';

describe('classify', () => {
  it('reads an empty or all-space line as blank', () => {
    expect([classify(''), classify('   '), classify(undefined)]).toEqual(['blank', 'blank', 'blank']);
  });
  it('reads Bloodbowl and Dungeonbowl lines as markers, in any case', () => {
    expect([classify('Bloodbowlnone'), classify('dungeonbowl'), classify('  BLOODBOWL x')]).toEqual(['marker', 'marker', 'marker']);
  });
  it('reads `Q:` and `Q.` as a question', () => {
    expect([classify('Q: Why?'), classify('Q. Why?')]).toEqual(['question', 'question']);
  });
  it('reads `A:` and `A.` as an answer: one definition of an answer line', () => {
    expect([classify('A: Yes.'), classify('A. Yes.'), classify('A:Yes.')]).toEqual(['answer', 'answer', 'answer']);
  });
  it('reads a category word alone as a category line', () => {
    expect([classify('Agility'), classify(' Traits ')]).toEqual(['category', 'category']);
  });
  it('reads anything else as text, a word that only starts like a category included', () => {
    expect([classify('Agility test'), classify('Always Hungry*'), classify('An answer')]).toEqual(['text', 'text', 'text']);
  });
});

describe('where entries start', () => {
  it('a name line followed by a category line starts an entry', () => {
    expect(startsEntry(['Dodge', 'Agility'], 0)).toBe(true);
  });
  it('a question followed by a category line does not start an entry', () => {
    expect(startsEntry(['Q: Dodge?', 'Agility'], 0)).toBe(false);
  });
  it('a lower-case title line before the first entry is skipped', () => {
    expect(skipTitle(['', 'skills and traits', 'Dodge', 'Agility'])).toBe(2);
  });
  it('a lower-case name followed by a category line is an entry, not a title', () => {
    expect(skipTitle(['dodge', 'Agility'])).toBe(0);
  });
});

describe('entries', () => {
  it('makes one record of a name, a category line, rule text and a marker', () => {
    const [record] = parse(`${DODGE}${BB}`).records;
    expect(record).toMatchObject({ id: 'en-2020/dodge', name: 'Dodge', category: 'agility', kind: 'skill', text: 'Once per turn, re-roll a failed Dodge.\n' });
  });
  it('makes a Traits entry a trait', () => {
    expect(parse('Loner (X+)*\nTraits\nRoll.\nBloodbowlnone').records[0]).toMatchObject({
      kind: 'trait',
      category: 'trait',
      parameter: 'X+',
      compulsory: true,
    });
  });
  it('keeps the lines from the name to the last marker as provenance', () => {
    expect(parse(`\n${DODGE}\n${BB}\nDungeonbowl`).records[0]!.source).toEqual({ id: 'en-2020-skills-traits', lines: [2, 7], errata: [] });
  });
  it('ends the rule text at the first question, answer or marker, trailing blanks dropped', () => {
    expect(readBody(['One.', 'Two.', '', 'A. Yes.'], 0)).toEqual({
      lines: [
        { line: 1, text: 'One.' },
        { line: 2, text: 'Two.' },
      ],
      read: 3,
    });
  });
  it('ends the rule text where the next entry starts when markers are missing', () => {
    expect(readBody(['One.', 'Block', 'General'], 0).lines).toEqual([{ line: 1, text: 'One.' }]);
  });
  it('reports a name line with no category line after it', () => {
    expect(ruleIds(`Dodge\nAgile\nText.\n${BB}`)).toEqual(['en2020/unknown-category']);
  });
  it('goes on with the next entry after a name line with no category', () => {
    expect(parse(`Dodge\nAgile\nText.\n${BB}\n\nBlock\nGeneral\nText.\nBloodbowlnone`).records.map((r) => r.id)).toEqual(['en-2020/block']);
  });
  it('reports a marker line with no entry before it', () => {
    expect(ruleIds(`${BB}\n${DODGE}${BB}`)).toEqual(['en2020/unexpected-line']);
  });
  it('reports an entry with no rule text, and leaves it out', () => {
    const result = parse(`Dodge\nAgility\n${BB}`);
    expect([result.records, result.diagnostics.map((d) => d.ruleId)]).toEqual([[], ['en2020/entry-without-text']]);
  });
  it('reports a second entry of the same name, and keeps the first', () => {
    const result = parse(`${DODGE}${BB}\n${DODGE}Bloodbowlnone`);
    expect([result.records.length, result.diagnostics.map((d) => [d.ruleId, d.place])]).toEqual([1, [['en2020/duplicate-entry', { line: 5 }]]]);
  });
  it('reports a name with nothing to make an id from', () => {
    expect(ruleIds(`***\nAgility\nText.\n${BB}`)).toEqual(['en2020/bad-name']);
  });
});

describe('random-table markers', () => {
  const markers = (text: string) => readMarkers(context(text), 0, 'Dodge');
  it('reads a Bloodbowl random skill line as a Blood Bowl slot', () => {
    expect(markers(BB).memberships.get('blood-bowl')).toEqual({ line: 1, slot: { roll: '1-3', d6: 4 } });
  });
  it('reads a bare Dungeonbowl line as the Blood Bowl slot in Dungeon Bowl', () => {
    expect(markers(`${BB}\nDungeonbowl`).memberships.get('dungeon-bowl')).toEqual({ line: 2, slot: { roll: '1-3', d6: 4 } });
  });
  it('reads `none` as in the game, on no table', () => {
    expect(markers('Bloodbowlnone').memberships.get('blood-bowl')).toEqual({ line: 1, slot: null });
  });
  it('reads markers separated by a blank line as one run', () => {
    expect(markers(`${BB}\n\nDungeonbowlnone`)).toMatchObject({ last: 2, next: 3 });
  });
  it('reports a second Bloodbowl line for one entry', () => {
    const c = context(`${BB}\nBloodbowlnone`);
    readMarkers(c, 0, 'Dodge');
    expect(c.diagnostics.map((d) => [d.ruleId, d.expected])).toEqual([['en2020/malformed-marker', 'one Bloodbowl line per entry (the first is on line 1)']]);
  });
  it('reports a bare Dungeonbowl line with no Bloodbowl line before it', () => {
    const c = context('Dungeonbowl');
    expect([readMarkers(c, 0, 'Dodge').memberships.get('dungeon-bowl'), c.diagnostics[0]!.ruleId]).toEqual([
      { line: 1, slot: null },
      'en2020/malformed-marker',
    ]);
  });
  it('reports an entry with no marker line', () => {
    expect(ruleIds(DODGE)).toEqual(['en2020/missing-marker']);
  });
  it('notes the line of every marker that gives a slot', () => {
    expect(parse(`${DODGE}${BB}\nDungeonbowl`).slotLines).toEqual([
      { record: 'en-2020/dodge', game: 'blood-bowl', line: 4 },
      { record: 'en-2020/dodge', game: 'dungeon-bowl', line: 5 },
    ]);
  });
});

describe('FAQ', () => {
  const faq = (text: string) => {
    const c = context(text);
    return { drafts: parseFaq(c, 0, c.lines.length, 'en-2020/dodge'), ruleIds: c.diagnostics.map((d) => d.ruleId) };
  };
  it('pairs a question with its answer, page reference read off the question', () => {
    expect(faq('Q: Can it? (p.75)\nA: Yes.').drafts).toEqual([
      { question: 'Can it?', answer: 'Yes.', pages: [75], pageNote: null, lines: [1, 2], record: 'en-2020/dodge' },
    ]);
  });
  it('reads a question with no page reference', () => {
    expect(faq('Q: Can it?\nA: Yes.').drafts[0]).toMatchObject({ pages: [], pageNote: null });
  });
  it('reads `Q.` as a question, with a warning', () => {
    expect(faq('Q. Can it?\nA: Yes.')).toMatchObject({ drafts: [{ question: 'Can it?' }], ruleIds: ['en2020/question-mark-variant'] });
  });
  it('reads `A.` as an answer', () => {
    expect(faq('Q: Can it?\nA. Yes.').drafts[0]).toMatchObject({ answer: 'Yes.' });
  });
  it('joins the lines that continue an answer', () => {
    expect(faq('Q: Can it?\nA: Yes,\nalways.').drafts[0]).toMatchObject({ answer: 'Yes, always.', lines: [1, 3] });
  });
  it('tolerates blank lines between a question and its answer', () => {
    expect(faq('Q: Can it?\n\nA: Yes.').drafts[0]).toMatchObject({ answer: 'Yes.', lines: [1, 3] });
  });
  it('reads a first line without `A:` as the answer, with a warning', () => {
    expect(faq('Q: Can it?\nYes.')).toMatchObject({ drafts: [{ answer: 'Yes.' }], ruleIds: ['en2020/answer-mark-missing'] });
  });
  it('splits two questions on one line at each mark', () => {
    const c = context('Q: One? Q: Two? (p.87)');
    expect(questionParts(c, 0)).toEqual(['One?', 'Two? (p.87)']);
  });
  it('gives a page reference at the end of a shared line to all its questions', () => {
    expect(faq('Q: One? Q: Two? (p.87)\nA: Yes.\nA: No.').drafts.map((d) => [d.question, d.answer, d.pages])).toEqual([
      ['One?', 'Yes.', [87]],
      ['Two?', 'No.', [87]],
    ]);
  });
  it('warns that two questions share a line', () => {
    expect(faq('Q: One? Q: Two?\nA: Yes.\nA: No.').ruleIds).toEqual(['en2020/questions-on-one-line']);
  });
  it('reports a question with no answer, quoting what comes next', () => {
    const c = context('Q: Can it?');
    const drafts = pairAnswers(c, 0, ['Can it?'], [], 1, 'en-2020/dodge');
    expect([drafts, c.diagnostics.map((d) => [d.ruleId, d.actual])]).toEqual([[], [['en2020/question-without-answer', 'end of file']]]);
  });
  it('reports an answer with no question before it', () => {
    expect(faq('A: Yes.').ruleIds).toEqual(['en2020/answer-without-question']);
  });
  it('reports an answer more than the questions of its line', () => {
    expect(faq('Q: Can it?\nA: Yes.\nA: No.').ruleIds).toEqual(['en2020/unexpected-line']);
  });
  it('reports FAQ text that is neither a question nor an answer', () => {
    expect(faq('Just words.').ruleIds).toEqual(['en2020/unexpected-line']);
  });
  it('stops the answers at a blank line', () => {
    expect(readAnswers(context('A: Yes.\n\nMore.'), 0, 3)).toEqual({ answers: [{ text: 'Yes.', line: 0 }], next: 1 });
  });
});

describe('rulings', () => {
  const draft = (record: string, answer = 'Yes.', lines: [number, number] = [1, 2]) => ({
    question: 'Can it?',
    answer,
    pages: [75],
    pageNote: null,
    lines,
    record,
  });
  it('gives a ruling the hash of its question as id', () => {
    expect(mergeRulings(context(''), [draft('en-2020/dodge')])[0]!.id).toBe(`en-2020/r-${rulingHash('Can it?')}`);
  });
  it('hashes the question with spaces and case folded', () => {
    expect(rulingHash('Can  it?')).toBe(rulingHash('can it?'));
  });
  it('merges a question printed under two entries into one ruling with two occurrences', () => {
    const [ruling] = mergeRulings(context(''), [draft('en-2020/pro'), draft('en-2020/brawler', 'Yes.', [5, 6])]);
    expect([ruling!.records, ruling!.occurrences]).toEqual([
      ['en-2020/brawler', 'en-2020/pro'],
      [
        { record: 'en-2020/pro', lines: [1, 2] },
        { record: 'en-2020/brawler', lines: [5, 6] },
      ],
    ]);
  });
  it('reports the same question printed again with another answer, and keeps the first', () => {
    const c = context('');
    const rulings = mergeRulings(c, [draft('en-2020/pro'), draft('en-2020/brawler', 'No.', [5, 6])]);
    expect([rulings[0]!.answer, c.diagnostics.map((d) => [d.ruleId, d.place])]).toEqual(['Yes.', [['en2020/conflicting-ruling', { line: 5 }]]]);
  });
  it('merges the FAQ of every entry of a text', () => {
    const text = `${DODGE}Q: Can it?\nA: Yes.\n${BB}\n\nBlock\nGeneral\nText.\nQ: Can it?\nA: Yes.\nBloodbowlnone`;
    expect(parse(text).rulings.map((r) => r.records)).toEqual([['en-2020/block', 'en-2020/dodge']]);
  });
});
