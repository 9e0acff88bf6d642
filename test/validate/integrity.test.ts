/**
 * The cross-record checks on literal records: a consistent set passes, and
 * each broken link gives one error naming the ids, at dist/data.
 */
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../pipeline/model/diagnostic.ts';
import { checkIntegrity, type IntegrityLocator } from '../../pipeline/validate/integrity.ts';
import { concept, row, ruling, skill } from '../diff/bundle.ts';

function consistent() {
  const records = [{ ...skill('dodge'), rulings: ['en-2020/dodge/q-1'] }, skill('leap')];
  const rulings = [ruling('en-2020/dodge/q-1', 'Can a player Dodge twice?', 'en-2020/dodge')];
  return { records, rulings, concepts: [concept('dodge'), concept('leap')], crosswalk: [row('dodge'), row('leap')] };
}
const check = (d: ReturnType<typeof consistent>): Diagnostic[] => checkIntegrity(d.records, d.rulings, d.concepts, d.crosswalk);
/** One error, at dist/data (no locator given); `about` names what it is about for cascades (test/cascades.test.ts). */
const one = (d: ReturnType<typeof consistent>, ruleId: string, reason: string) =>
  expect(check(d).map(({ about: _, ...rest }) => rest)).toEqual([{ reason, file: 'dist/data', place: null, ruleId, source: 'validate', fatal: true }]);

describe('checkIntegrity', () => {
  it('passes records, rulings, concepts and crosswalk rows that link both ways', () => expect(check(consistent())).toEqual([]));
  it('passes records and rulings alone, without concepts', () => {
    const d = consistent();
    expect(checkIntegrity(d.records, d.rulings)).toEqual([]);
  });

  it('refuses a record id used twice', () => {
    const d = consistent();
    d.records.push(skill('leap'));
    one(d, 'integrity/duplicate-id', 'Record id en-2020/leap is used twice');
  });
  it('refuses a ruling id used twice', () => {
    const d = consistent();
    d.rulings.push(structuredClone(d.rulings[0]!));
    one(d, 'integrity/duplicate-id', 'Ruling id en-2020/dodge/q-1 is used twice');
  });
  it('refuses a ruling that links to a record that does not exist', () => {
    const d = consistent();
    d.rulings[0]!.records.push('en-2020/nowhere');
    one(d, 'integrity/dangling-reference', 'Ruling en-2020/dodge/q-1 links to en-2020/nowhere, which does not exist');
  });
  it('refuses a record that links to a ruling that does not exist', () => {
    const d = consistent();
    d.records[1]!.rulings = ['en-2020/leap/q-9'];
    one(d, 'integrity/dangling-reference', 'Record en-2020/leap links to ruling en-2020/leap/q-9, which does not exist');
  });
  it('refuses a record that lists a ruling which does not list it back', () => {
    const d = consistent();
    d.records[1]!.rulings = ['en-2020/dodge/q-1'];
    one(d, 'integrity/one-way-link', 'Record en-2020/leap lists ruling en-2020/dodge/q-1, which does not list it back');
  });
  it('refuses a ruling that lists a record which does not list it back', () => {
    const d = consistent();
    d.rulings[0]!.records.push('en-2020/leap');
    one(d, 'integrity/one-way-link', 'Ruling en-2020/dodge/q-1 lists en-2020/leap, which does not list it back');
  });
  it('refuses a record whose concept does not exist, naming it', () => {
    const d = consistent();
    d.records[1]!.concept = 'hop';
    d.crosswalk[1]!.concept = 'hop';
    expect(check(d).map((x) => x.reason)).toEqual(['Record en-2020/leap has no concept (hop does not exist)']);
  });
  it('refuses a record without a concept', () => {
    const d = consistent();
    d.records[1]!.concept = null;
    expect(check(d).map((x) => [x.ruleId, x.reason])).toEqual([
      ['integrity/dangling-reference', 'Record en-2020/leap has no concept'],
      ['integrity/one-way-link', 'Record en-2020/leap has no matching crosswalk row'],
    ]);
  });
  it('refuses a concept that does not list a record of its', () => {
    const d = consistent();
    d.concepts[1]!.records = [];
    one(d, 'integrity/one-way-link', 'Concept leap does not list en-2020/leap');
  });
  it('refuses a record without a crosswalk row', () => {
    const d = consistent();
    d.crosswalk.pop();
    one(d, 'integrity/one-way-link', 'Record en-2020/leap has no matching crosswalk row');
  });
  it('refuses a crosswalk row that names another concept than its record', () => {
    const d = consistent();
    d.crosswalk[1]!.concept = 'dodge';
    one(d, 'integrity/one-way-link', 'Record en-2020/leap has no matching crosswalk row');
  });
  it('refuses a concept that lists a record that does not exist', () => {
    const d = consistent();
    d.concepts[1]!.records.push('en-2020/gone');
    one(d, 'integrity/dangling-reference', 'Concept leap lists en-2020/gone, which does not exist');
  });
  it('refuses a relation to a concept that does not exist', () => {
    const d = consistent();
    d.concepts[1]!.relations = [{ type: 'replaced-by', concept: 'hop', record: 'en-2020/leap' }];
    one(d, 'integrity/dangling-reference', 'Concept leap relates to hop, which does not exist');
  });
  it('checks the first of two records with one id against its concept', () => {
    const d = consistent();
    d.records.push({ ...skill('leap'), rulings: ['en-2020/dodge/q-1'] });
    expect(check(d).map((x) => x.reason)).toContain('Record en-2020/leap lists ruling en-2020/dodge/q-1, which does not list it back');
    expect(check(d).map((x) => x.reason)).not.toContain('Ruling en-2020/dodge/q-1 lists en-2020/leap, which does not list it back');
  });

  it('puts each problem where the locator says its subject comes from: a record, a ruling, a concept, a row', () => {
    const at = (file: string) => ({ file, place: { line: 7 } });
    const locate: IntegrityLocator = {
      record: (r) => at(`record ${r.id}`),
      ruling: (r) => at(`ruling ${r.id}`),
      concept: (c) => at(`concept ${c.id}`),
      row: (id) => (id === 'en-2020/leap' ? at(`row ${id}`) : null),
    };
    const d = consistent();
    d.records.push(skill('leap'));
    d.rulings[0]!.records.push('en-2020/gone');
    d.concepts[0]!.records.push('en-2020/gone');
    d.records[0]!.concept = 'hop';
    expect(checkIntegrity(d.records, d.rulings, d.concepts, d.crosswalk, locate).map((x) => `${x.file}:${x.place?.line} ${x.reason}`)).toEqual([
      'record en-2020/leap:7 Record id en-2020/leap is used twice',
      'ruling en-2020/dodge/q-1:7 Ruling en-2020/dodge/q-1 links to en-2020/gone, which does not exist',
      'record en-2020/dodge:7 Record en-2020/dodge has no concept (hop does not exist)',
      'record en-2020/dodge:7 Record en-2020/dodge has no matching crosswalk row',
      'concept dodge:7 Concept dodge lists en-2020/gone, which does not exist',
    ]);
    // The row a record's concept is named in comes first, when there is one.
    d.records[0]!.concept = 'dodge';
    d.records[1]!.concept = 'hop';
    expect(checkIntegrity(d.records, d.rulings, d.concepts, d.crosswalk, locate).map((x) => `${x.file}:${x.place?.line} ${x.reason}`)).toContain(
      'row en-2020/leap:7 Record en-2020/leap has no concept (hop does not exist)',
    );
  });
});
