/**
 * The random-table check's diagnostics on literal records and declarations,
 * written out: what each says, where, and what to do; and the declared
 * vacancies in the tables built. (The grid basics: test/random-tables.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import type { DeclaredSlot, Skill } from '../../pipeline/model/schema-types.ts';
import { buildRandomTables, type DeclaredSlots } from '../../pipeline/validate/random-tables.ts';
import { skill, slot } from './literal.ts';

const CELLS = (['1-3', '4-6'] as const).flatMap((roll) => [1, 2, 3, 4, 5, 6].map((d6) => [roll, d6] as const));
/** Agility skills on every cell but those `skip`s. */
const grid = (skip: string[] = []) =>
  CELLS.filter(([roll, d6]) => !skip.includes(`${roll}·${d6}`)).map(([roll, d6], i) =>
    skill(`s-${roll}-${d6}`, [slot(roll, d6)], { source: { id: 'en', lines: [10 * i + 1, 10 * i + 4], errata: [] } }),
  );
const TABLE = 'en-2020/blood-bowl/agility';
const declared = (slots: DeclaredSlot[]): DeclaredSlots => ({ slots, file: 'random-tables.yaml', locate: (i) => 20 + i });
const vacancy = (roll: '1-3' | '4-6', d6: number, table = TABLE): DeclaredSlot => ({ table, roll, d6, vacancy: 're-roll', reason: 'withdrawn' });
const build = (records: Skill[], decl?: DeclaredSlots, editions = new Set<string>()) =>
  buildRandomTables(records, [], (r) => `${r.source.id}.txt`, editions, decl);

describe('the diagnostics', () => {
  it('a missing slot names the record, its category and game, at its last line, with the marker line expected', () => {
    const [d] = build([skill('a', [], { category: 'agility', source: { id: 'en', lines: [3, 7], errata: [] } })], undefined, new Set(['en-2020'])).diagnostics;
    expect(d).toEqual({
      reason: 'a* is an agility skill in Blood Bowl but has no slot on its random table',
      file: 'en.txt',
      place: { line: 7 },
      ruleId: 'random-table/missing-slot',
      source: 'validate',
      fatal: true,
      expected: 'a Bloodbowlrandom skill: … line',
    });
  });
  it('a missing Dungeon Bowl slot of a strength skill says "a" and names its marker', () => {
    const d = build([skill('s', [slot('1-3', 1)], { category: 'strength', games: ['blood-bowl', 'dungeon-bowl'] })], undefined, new Set(['en-2020']))
      .diagnostics[0]!;
    expect([d.reason, d.expected]).toEqual(['s* is a strength skill in Dungeon Bowl but has no slot on its random table', 'a Dungeonbowlrandom skill: … line']);
  });
  it('a trait with a slot is told traits have no table, at its marker line', () =>
    expect(build([skill('t', [slot('1-3', 1)], { category: 'trait', kind: 'trait' })]).diagnostics).toEqual([
      {
        reason: 't* is a trait and has a random-table slot, but traits have no random table',
        file: 'en.txt',
        place: { line: 4 },
        ruleId: 'random-table/no-table-for-category',
        source: 'validate',
        fatal: true,
        expected: 'Bloodbowlnone for a trait',
      },
    ]));
  it('a collision names both records, the cell and where the first took it', () => {
    const records = [skill('later', [slot('1-3', 2)], { source: { id: 'en', lines: [30, 34], errata: [] } }), skill('first', [slot('1-3', 2)])];
    expect(buildRandomTables(records, [{ record: 'en-2020/first', game: 'blood-bowl', line: 3 }], () => 'en.txt').diagnostics[0]).toEqual({
      reason: 'later and first both claim Blood Bowl agility 1-3·2',
      file: 'en.txt',
      place: { line: 34 },
      ruleId: 'random-table/slot-collision',
      source: 'validate',
      fatal: true,
      expected: 'one entry per slot; first took 1-3·2 on line 3',
    });
  });
  it('a table with one or two cells missing gives the declarations to paste', () => {
    const [d] = build(grid(['4-6·6'])).diagnostics;
    expect(d).toEqual({
      reason: 'The Blood Bowl agility table of en-2020 is incomplete: no entry for 4-6·6',
      file: 'en.txt',
      place: null,
      ruleId: 'random-table/incomplete',
      source: 'validate',
      fatal: true,
      // A lost entry of the edition empties its slots: this is then its cascade (model/cascades.ts).
      about: ['entry:en-2020'],
      expected: `12 slots (1-3·1 … 4-6·6): the missing marker line, or, for a withdrawn skill's slot given to no other skill, under slots: in sources/annotations/random-tables.yaml:\n    - table: ${TABLE}\n      roll: 4-6\n      d6: 6\n      vacancy: re-roll   # or vacant\n      reason: <why, in one line>`,
      note: 'vacancy: re-roll (roll again on the table) or vacant (the roll gives no skill), as the rules say',
      actual: '11 of 12 slots filled',
    });
  });
  it('a table with two cells missing (a withdrawn skill in each band) gives both declarations', () => {
    const [d] = build(grid(['1-3·3', '4-6·6'])).diagnostics;
    expect(d!.reason).toBe('The Blood Bowl agility table of en-2020 is incomplete: no entry for 1-3·3, 4-6·6');
    expect(d!.expected!.match(/- table: /g)).toHaveLength(2);
    expect(d!.note).toBeDefined();
  });
  it('a table with three cells missing is a cut-short source: no declarations offered', () => {
    const [d] = build(grid(['1-3·1', '1-3·2', '4-6·6'])).diagnostics;
    expect(d).toMatchObject({ expected: '12 slots (1-3·1 … 4-6·6)', actual: '9 of 12 slots filled' });
    expect(d).not.toHaveProperty('note');
  });
  it('an empty table expected of a table edition names its game and category, and the lines to add', () =>
    expect(build([skill('a', [slot('1-3', 1)])], undefined, new Set(['en-2020'])).diagnostics.find((d) => d.reason.includes('general'))).toEqual({
      reason: 'The Blood Bowl general table of en-2020 has no entries at all',
      file: 'en.txt',
      place: null,
      ruleId: 'random-table/incomplete',
      source: 'validate',
      fatal: true,
      about: ['entry:en-2020'],
      expected: '12 general skills with Bloodbowlrandom skill lines',
      actual: '0 of 12 slots filled',
    }));
  it('expects nothing of a table edition’s trait', () =>
    expect(build([skill('t', [], { category: 'trait', kind: 'trait' })], undefined, new Set(['en-2020'])).diagnostics).toEqual([]));
  it('expects the Dungeon Bowl tables of a Dungeon Bowl skill', () =>
    expect(
      build([skill('d', [slot('1-3', 1, 'dungeon-bowl')], { games: ['dungeon-bowl'] })], undefined, new Set(['en-2020']))
        .diagnostics.map((d) => d.reason)
        .filter((r) => r.includes('no entries')),
    ).toEqual(['general', 'mutation', 'passing', 'strength'].map((c) => `The Dungeon Bowl ${c} table of en-2020 has no entries at all`)));
});

describe('declared vacancies', () => {
  it('fill the cell no record holds, as a vacancy', () => {
    const { tables, diagnostics } = build(grid(['4-6·6']), declared([vacancy('4-6', 6)]));
    expect(diagnostics).toEqual([]);
    expect(tables[0]!.slots.at(-1)).toEqual({ roll: '4-6', d6: 6, record: null, vacancy: 're-roll' });
  });
  it('may fill an expected table that has no record yet', () => {
    const all = CELLS.map(([roll, d6]) => vacancy(roll, d6, 'en-2020/blood-bowl/general'));
    const { tables } = build([skill('a', [], { category: 'general' })], declared(all), new Set(['en-2020']));
    expect(tables.find((t) => t.id === 'en-2020/blood-bowl/general')).toMatchObject({ edition: 'en-2020', game: 'blood-bowl', category: 'general' });
  });
  it('refuse a table the sources do not have, listing those they have', () =>
    expect(build(grid(), declared([vacancy('1-3', 1, 'en-2020/blood-bowl/passing')])).diagnostics).toEqual([
      {
        reason: 'en-2020/blood-bowl/passing 1-3·1 is declared re-roll, but the sources have no table en-2020/blood-bowl/passing',
        file: 'random-tables.yaml',
        place: { line: 20 },
        ruleId: 'random-table/unknown-table',
        source: 'validate',
        fatal: true,
        expected: `one of ${TABLE}`,
        note: 'Correct `table`, or remove the entry.',
      },
    ]));
  it('say "(no tables)" when the sources have none', () =>
    expect(build([], declared([vacancy('1-3', 1)])).diagnostics[0]!.expected).toBe('one of (no tables)'));
  it('refuse a cell a record holds, naming it and where', () =>
    expect(build(grid(), declared([vacancy('1-3', 2)])).diagnostics).toEqual([
      {
        reason: `${TABLE} 1-3·2 is declared re-roll, but s-1-3-2 holds it (en.txt:14)`,
        file: 'random-tables.yaml',
        place: { line: 20 },
        ruleId: 'random-table/declared-slot-taken',
        source: 'validate',
        fatal: true,
        expected: 'a declaration only for a slot no record claims',
        note: 'The slot has a skill again: remove the entry.',
      },
    ]));
  it('refuse a cell declared twice, at the second, naming the first’s line', () => {
    const { diagnostics } = build(grid(['4-6·6']), declared([vacancy('4-6', 6), vacancy('4-6', 6)]));
    expect(diagnostics).toEqual([
      {
        reason: `${TABLE} 4-6·6 is declared twice (the first on line 20)`,
        file: 'random-tables.yaml',
        place: { line: 21 },
        ruleId: 'random-table/declared-slot-taken',
        source: 'validate',
        fatal: true,
        expected: 'one declaration per slot',
        note: 'Remove one of the two entries.',
      },
    ]);
  });
  it('say "?" for a first declaration without a line, and place none', () => {
    const { diagnostics } = build(grid(['4-6·6']), { slots: [vacancy('4-6', 6), vacancy('4-6', 6)], file: 'f', locate: () => null });
    expect(diagnostics.map((d) => [d.reason, d.place])).toEqual([[`${TABLE} 4-6·6 is declared twice (the first on line ?)`, null]]);
  });
  it('name the annotations file for an incomplete table with no record in it', () => {
    const { diagnostics } = build([skill('a', [], { category: 'general' })], declared([vacancy('1-3', 1, 'en-2020/blood-bowl/general')]), new Set(['en-2020']));
    expect(diagnostics.find((d) => d.reason.includes('general table of en-2020 is incomplete'))?.file).toBe('random-tables.yaml');
  });
});

describe('order and wording', () => {
  /** A full grid of one category, its records from `line` on in the source. */
  const full = (category: Skill['category'], line: number) =>
    CELLS.map(([roll, d6], i) =>
      skill(`${category}-${roll}-${d6}`, [slot(roll, d6)], { category, source: { id: 'en', lines: [line + i, line + i] as [number, number], errata: [] } }),
    );
  it('lists the tables by id, whatever order the source gives them in', () =>
    expect(build([...full('strength', 1), ...full('agility', 100)]).tables.map((t) => t.id)).toEqual([
      'en-2020/blood-bowl/agility',
      'en-2020/blood-bowl/strength',
    ]));
  it('reports the empty tables by id, Blood Bowl before Dungeon Bowl whatever order a skill lists its games in', () =>
    expect(
      build([skill('d', [slot('1-3', 1, 'dungeon-bowl'), slot('1-3', 1)], { games: ['dungeon-bowl', 'blood-bowl'] })], undefined, new Set(['en-2020']))
        .diagnostics.filter((d) => d.actual === '0 of 12 slots filled')
        .map((d) => d.reason),
    ).toEqual(
      ['Blood Bowl', 'Dungeon Bowl'].flatMap((game) =>
        ['general', 'mutation', 'passing', 'strength'].map((c) => `The ${game} ${c} table of en-2020 has no entries at all`),
      ),
    ));
  it('lists the tables the sources have by id, comma-separated, when a declaration names another', () =>
    expect(build([...full('strength', 1), ...full('agility', 100)], declared([vacancy('1-3', 1, 'en-2020/blood-bowl/passing')])).diagnostics[0]!.expected).toBe(
      'one of en-2020/blood-bowl/agility, en-2020/blood-bowl/strength',
    ));
  it('an empty Dungeon Bowl table asks for Dungeonbowl lines', () =>
    expect(
      build([skill('d', [slot('1-3', 1, 'dungeon-bowl')], { games: ['dungeon-bowl'] })], undefined, new Set(['en-2020'])).diagnostics.find((d) =>
        d.reason.includes('general'),
      )?.expected,
    ).toBe('12 general skills with Dungeonbowlrandom skill lines'));
  it('offers one declaration per missing cell, one after the other', () => {
    const entry = (cell: string) => {
      const [roll, d6] = cell.split('·');
      return `    - table: ${TABLE}\n      roll: ${roll}\n      d6: ${d6}\n      vacancy: re-roll   # or vacant\n      reason: <why, in one line>`;
    };
    expect(build(grid(['1-3·3', '4-6·6'])).diagnostics[0]!.expected).toBe(
      `12 slots (1-3·1 … 4-6·6): the missing marker line, or, for a withdrawn skill's slot given to no other skill, under slots: in sources/annotations/random-tables.yaml:\n${entry('1-3·3')}\n${entry('4-6·6')}`,
    );
  });
});
