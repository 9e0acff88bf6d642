/**
 * The random-table check's parts (validate/random-tables.ts) on literal
 * records, through buildRandomTables: expected tables, filling grids, empty
 * and incomplete tables. (Vacant and re-rolled slots: test/updates/vacant-slots.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { buildRandomTables } from '../pipeline/validate/random-tables.ts';
import type { Skill } from '../pipeline/model/schema-types.ts';
import { skill, slot } from './validate/literal.ts';

const fileOf = () => 'en.txt';
const fullAgility = () => (['1-3', '4-6'] as const).flatMap((roll) => [1, 2, 3, 4, 5, 6].map((d6) => skill(`s-${roll}-${d6}`, [slot(roll, d6)])));

const build = (records: Skill[], tableEditions: ReadonlySet<string> = new Set(), slotLines: Parameters<typeof buildRandomTables>[1] = []) =>
  buildRandomTables(records, slotLines, fileOf, tableEditions);

describe('random tables', () => {
  it('makes a complete grid of twelve skills one table, slots in roll and d6 order', () => {
    const { tables } = build(fullAgility().reverse());
    expect([tables.map((t) => t.id), tables[0]!.slots[0]]).toEqual([
      ['en-2020/blood-bowl/agility'],
      { roll: '1-3', d6: 1, record: 'en-2020/s-1-3-1', vacancy: null },
    ]);
  });
  it('reports a grid with an empty cell, naming the cells, and makes no table of it', () => {
    const { tables, diagnostics } = build(fullAgility().slice(1));
    expect([tables, diagnostics.map((d) => d.actual)]).toEqual([[], ['11 of 12 slots filled']]);
  });
  it('reports two skills on one cell at the later one’s marker line', () => {
    const later = skill('later', [slot('1-3', 1)], { source: { id: 'en', lines: [9, 12], errata: [] } });
    const { diagnostics } = build([skill('first', [slot('1-3', 1)]), later], new Set(), [{ record: 'en-2020/later', game: 'blood-bowl', line: 11 }]);
    expect(diagnostics.filter((d) => d.ruleId === 'random-table/slot-collision').map((d) => d.place)).toEqual([{ line: 11 }]);
  });
  it('reports a slot for a category with no table', () => {
    expect(build([skill('t', [slot('1-3', 1)], { category: 'trait', kind: 'trait' })]).diagnostics.map((d) => d.ruleId)).toEqual([
      'random-table/no-table-for-category',
    ]);
  });
  it('expects all five tables of each game a table edition’s skill is in', () => {
    const { diagnostics } = build([skill('a', [slot('1-3', 1)])], new Set(['en-2020']));
    expect(diagnostics.filter((d) => d.actual === '0 of 12 slots filled').map((d) => d.reason)).toEqual(
      ['general', 'mutation', 'passing', 'strength'].map((c) => `The Blood Bowl ${c} table of en-2020 has no entries at all`),
    );
  });
  it('expects nothing of an edition with no random tables', () => {
    expect(build([skill('a', [])]).diagnostics).toEqual([]);
  });
  it('reports a table edition’s skill with no slot in one of its games', () => {
    expect(build([skill('a', [])], new Set(['en-2020'])).diagnostics.map((d) => d.ruleId)).toContain('random-table/missing-slot');
  });
});
