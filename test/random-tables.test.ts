/**
 * The random-table check's parts (validate/random-tables.ts) on literal
 * records: expected tables, filling grids, empty and incomplete tables.
 */
import { describe, expect, it } from 'vitest';
import { buildRandomTables, completeTables, emptyTables, expectedTables, fillGrids } from '../pipeline/validate/random-tables.ts';
import type { RandomSlot, Skill } from '../pipeline/model/schema-types.ts';

const skill = (slug: string, randomSlots: RandomSlot[], overrides: Partial<Skill> = {}): Skill => ({
  id: `en-2020/${slug}`,
  edition: 'en-2020',
  lang: 'en',
  name: slug,
  displayName: slug,
  parameter: null,
  compulsory: false,
  kind: 'skill',
  category: 'agility',
  text: 'Text.\n',
  games: ['blood-bowl'],
  randomSlots,
  rulings: [],
  concept: null,
  source: { id: 'en', lines: [1, 4], errata: [] },
  ...overrides,
});
const slot = (roll: '1-3' | '4-6', d6: number): RandomSlot => ({ game: 'blood-bowl', roll, d6 });
const fileOf = () => 'en.txt';
const fullAgility = () => (['1-3', '4-6'] as const).flatMap((roll) => [1, 2, 3, 4, 5, 6].map((d6) => skill(`s-${roll}-${d6}`, [slot(roll, d6)])));

describe('random tables', () => {
  it('makes a complete grid of twelve skills one table, slots in roll and d6 order', () => {
    const { tables } = buildRandomTables(fullAgility().reverse(), [], fileOf);
    expect([tables.map((t) => t.id), tables[0]!.slots[0]]).toEqual([['en-2020/blood-bowl/agility'], { roll: '1-3', d6: 1, record: 'en-2020/s-1-3-1' }]);
  });
  it('reports a grid with an empty cell, naming the cells, and makes no table of it', () => {
    const { tables, diagnostics } = completeTables(fillGrids(fullAgility().slice(1), [], fileOf).grids, fileOf);
    expect([tables, diagnostics.map((d) => d.actual)]).toEqual([[], ['11 of 12 slots filled']]);
  });
  it('reports two skills on one cell at the later one’s marker line', () => {
    const later = skill('later', [slot('1-3', 1)], { source: { id: 'en', lines: [9, 12], errata: [] } });
    const { diagnostics } = fillGrids([skill('first', [slot('1-3', 1)]), later], [{ record: 'en-2020/later', game: 'blood-bowl', line: 11 }], fileOf);
    expect(diagnostics.map((d) => [d.ruleId, d.place])).toEqual([['random-table/slot-collision', { line: 11 }]]);
  });
  it('reports a slot for a category with no table', () => {
    expect(fillGrids([skill('t', [slot('1-3', 1)], { category: 'trait', kind: 'trait' })], [], fileOf).diagnostics.map((d) => d.ruleId)).toEqual(['random-table/no-table-for-category']);
  });
  it('expects all five tables of each game a table edition’s skill is in', () => {
    expect([...expectedTables([skill('a', [slot('1-3', 1)])], fileOf, new Set(['en-2020'])).tables.keys()]).toEqual(
      ['agility', 'general', 'mutation', 'passing', 'strength'].map((c) => `en-2020/blood-bowl/${c}`),
    );
  });
  it('expects nothing of an edition with no random tables', () => {
    expect(expectedTables([skill('a', [])], fileOf, new Set()).diagnostics).toEqual([]);
  });
  it('reports a table edition’s skill with no slot in one of its games', () => {
    expect(expectedTables([skill('a', [])], fileOf, new Set(['en-2020'])).diagnostics.map((d) => d.ruleId)).toEqual(['random-table/missing-slot']);
  });
  it('reports an expected table no skill has a slot on', () => {
    const expected = expectedTables([skill('a', [slot('1-3', 1)])], fileOf, new Set(['en-2020'])).tables;
    const grids = fillGrids([skill('a', [slot('1-3', 1)])], [], fileOf).grids;
    expect(emptyTables(expected, grids, fileOf).map((d) => d.reason)).toEqual(
      ['general', 'mutation', 'passing', 'strength'].map((c) => `The Blood Bowl ${c} table of en-2020 has no entries at all`),
    );
  });
});
