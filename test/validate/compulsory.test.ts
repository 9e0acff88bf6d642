/**
 * Unmarked obligations on literal records: an obliging sentence in a record
 * its source leaves unmarked is a warning at the sentence's line; a review
 * silences that sentence only; a review that matches nothing is stale.
 */
import { describe, expect, it } from 'vitest';
import type { Skill } from '../../pipeline/model/schema-types.ts';
import { checkObligations, findObligations, type ObligationInput } from '../../pipeline/validate/compulsory.ts';
import { skill } from '../diff/bundle.ts';

const LINES = ['Frenzy', 'This player must follow up.', 'After a Block, they must Block again.', 'The End'];
const frenzy = (text = 'This player must follow up. After a Block, they must Block again.'): Skill => ({
  ...skill('frenzy', text),
  source: { id: 'src', lines: [1, 4], errata: [] },
});
const input = (records: Skill[], reviews: ObligationInput['reviews'] = []): ObligationInput => ({
  records,
  linesOf: (id) => (id === 'src' ? LINES : undefined),
  fileOf: (id) => `sources/${id}.txt`,
  reviews,
  reviewFile: 'sources/annotations/compulsory.yaml',
  locateReview: (index) => ({ line: 10 + index, column: 5 }),
});

describe('findObligations', () => {
  it('finds each obliging sentence of an unmarked record, with its words and the line that holds it', () =>
    expect(findObligations([frenzy()], input([]).linesOf)).toEqual([
      { record: 'en-2020/frenzy', sentence: 'This player must follow up.', words: ['must'], line: 2 },
      { record: 'en-2020/frenzy', sentence: 'After a Block, they must Block again.', words: ['must'], line: 3 },
    ]));
  it('reads "cannot choose not to" and "the only action this player may" as obligations', () =>
    expect(findObligations([frenzy('It cannot choose not to. The only action this player may take is a Block.')], () => []).map((o) => o.words)).toEqual([
      ['cannot choose not to'],
      ['The only action this player may'],
    ]));
  it('skips a marked record, and a record whose source does not mark', () =>
    expect(
      findObligations(
        [
          { ...frenzy(), compulsory: true },
          { ...frenzy(), compulsory: null },
        ],
        () => LINES,
      ),
    ).toEqual([]));
  it('skips a sentence that does not oblige', () => expect(findObligations([frenzy('This player may follow up.')], () => LINES)).toEqual([]));
  it('places a sentence not found on a line at the record’s first line', () =>
    expect(findObligations([{ ...frenzy('Elsewhere, it must stop.'), source: { id: 'src', lines: [2, 4], errata: [] } }], () => LINES)[0]?.line).toBe(2));
  it('splits sentences at paragraph ends too', () =>
    expect(findObligations([frenzy('It must go\n\nIt must stop')], () => []).map((o) => o.sentence)).toEqual(['It must go', 'It must stop']));
});

describe('checkObligations', () => {
  it('warns about each unreviewed obliging sentence at its line, saying what to do', () =>
    expect(checkObligations(input([frenzy()]))[0]).toEqual({
      reason: 'en-2020/frenzy has no compulsory mark, but its text obliges ("must"): "This player must follow up."',
      file: 'sources/src.txt',
      place: { line: 2 },
      ruleId: 'compulsory/unmarked-obligation',
      source: 'validate',
      fatal: false,
      expected: 'a "*" on the name (add an erratum to sources/annotations/errata.yaml), or a review of this sentence in sources/annotations/compulsory.yaml',
    }));
  it('quotes a long sentence cut to 140 characters', () => {
    const long = `It must ${'go on '.repeat(40)}now.`;
    const [d] = checkObligations(input([frenzy(long)]));
    expect(d!.reason).toBe(`en-2020/frenzy has no compulsory mark, but its text obliges ("must"): "${long.slice(0, 139)}…"`);
  });
  it('lists every obliging word of a sentence', () =>
    expect(checkObligations(input([frenzy('It must and must.')]))[0]!.reason).toContain('obliges ("must", "must")'));
  it('is silenced, for that sentence only, by a review of words of it (quotes and spaces folded)', () =>
    expect(
      checkObligations(input([frenzy()], [{ record: 'en-2020/frenzy', sentence: 'they  must Block again', reason: 'a condition' }])).map((d) => d.place),
    ).toEqual([{ line: 2 }]));
  it('is not silenced by a review of another record', () =>
    expect(
      checkObligations(
        input([frenzy(), { ...frenzy('This player may dodge.'), id: 'en-2020/dodge' }], [{ record: 'en-2020/dodge', sentence: 'must follow up', reason: 'x' }]),
      ).map((d) => d.ruleId),
    ).toEqual(['compulsory/unmarked-obligation', 'compulsory/unmarked-obligation', 'compulsory/stale-review']));
  it('refuses a review of a record the data does not have, at the review', () =>
    expect(checkObligations(input([], [{ record: 'en-2020/nothing', sentence: 'must', reason: 'x' }])).map((d) => [d.ruleId, d.fatal, d.place])).toEqual([
      ['compulsory/unknown-record', true, { line: 10, column: 5 }],
    ]));
  it('calls a review that matches no obliging sentence stale, at the review', () =>
    expect(checkObligations(input([frenzy('This player may rest.')], [{ record: 'en-2020/frenzy', sentence: 'x'.repeat(70), reason: 'old' }]))).toEqual([
      {
        reason: `The review of en-2020/frenzy ("${'x'.repeat(59)}…") matches no unmarked obliging sentence`,
        file: 'sources/annotations/compulsory.yaml',
        place: { line: 10, column: 5 },
        ruleId: 'compulsory/stale-review',
        source: 'validate',
        fatal: false,
        expected: 'words of an obliging sentence of a record without "*"; remove the review if the record is now marked or reworded',
      },
    ]));
});
