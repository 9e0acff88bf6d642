/**
 * The cross-record checks, on the real model with one thing broken at a
 * time: a duplicate id, a link to nothing, a link one way only. The real
 * build raises none of them (test/data-contract.test.ts); these show each
 * code firing.
 */
import { describe, expect, it } from 'vitest';
import type { Concept, CrosswalkRow, Ruling, Skill } from '../pipeline/model/schema-types.ts';
import { checkIntegrity } from '../pipeline/validate/integrity.ts';
import { realData, rulings, skills } from './helpers.ts';

const model = () => ({
  records: structuredClone(skills()),
  rulings: structuredClone(rulings()),
  concepts: structuredClone(realData<Concept[]>('concepts.json')),
  crosswalk: structuredClone(realData<CrosswalkRow[]>('crosswalk.json')),
});
const codes = (m: ReturnType<typeof model>) => checkIntegrity(m.records, m.rulings, m.concepts, m.crosswalk).map((d) => `${d.ruleId} ${d.reason}`);

describe('checkIntegrity', () => {
  it('finds nothing wrong with the real model', () => {
    expect(codes(model())).toEqual([]);
  });

  it('integrity/duplicate-id: a record or a ruling id used twice', () => {
    const m = model();
    m.records.push({ ...m.records.find((r) => r.id === 'en-2020/dodge')! } as Skill);
    m.rulings.push({ ...m.rulings[0]! } as Ruling);
    const found = codes(m).filter((c) => c.startsWith('integrity/duplicate-id'));
    expect(found).toEqual([
      `integrity/duplicate-id Record id en-2020/dodge is used twice`,
      `integrity/duplicate-id Ruling id ${m.rulings[0]!.id} is used twice`,
    ]);
  });

  it('integrity/dangling-reference: a link to a ruling, record or concept that does not exist', () => {
    const m = model();
    m.records.find((r) => r.id === 'en-2020/dodge')!.rulings.push('en-2020/r-00000000');
    m.concepts.find((c) => c.id === 'dodge')!.records.push('en-2020/no-such-record');
    expect(codes(m)).toEqual([
      'integrity/dangling-reference Record en-2020/dodge links to ruling en-2020/r-00000000, which does not exist',
      'integrity/dangling-reference Concept dodge lists en-2020/no-such-record, which does not exist',
    ]);
  });

  it('integrity/one-way-link: a ruling and a record that do not list each other', () => {
    const m = model();
    const ruling = m.rulings.find((r) => r.records.length > 0)!;
    const record = m.records.find((r) => r.id === ruling.records[0])!;
    record.rulings = record.rulings.filter((id) => id !== ruling.id);
    expect(codes(m)).toEqual([`integrity/one-way-link Ruling ${ruling.id} lists ${record.id}, which does not list it back`]);
  });
});
