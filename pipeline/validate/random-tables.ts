/**
 * Random-skill tables: gather each record's slots into one table per
 * edition, game and category, and check that every table is a complete 2×6
 * grid with no collisions. A collision names both entries. A slot no record
 * holds (a withdrawn skill's) is declared `vacant` or `re-roll` in
 * annotations/random-tables.yaml, never filled with an invented skill; a
 * declaration that a record claims again, or that names no table, is an error.
 */
import { subject } from '../model/cascades.ts';
import { error, type Diagnostic } from '../model/diagnostic.ts';
import type { DeclaredSlot, Game, RandomCategory, RandomTable, Roll, Skill, Vacancy } from '../model/schema-types.ts';
import { compare } from '../model/order.ts';
import type { SlotLine } from '../model/parse-result.ts';

const ROLLS: readonly Roll[] = ['1-3', '4-6'];
const CELLS: readonly string[] = ROLLS.flatMap((roll) => [1, 2, 3, 4, 5, 6].map((d6) => `${roll}·${d6}`));
const RANDOM_CATEGORIES: ReadonlySet<string> = new Set(['agility', 'general', 'mutation', 'passing', 'strength']);
const GAME_LABEL: Record<Game, string> = { 'blood-bowl': 'Blood Bowl', 'dungeon-bowl': 'Dungeon Bowl' };

/** The slots declared vacant or re-rolled (annotations/random-tables.yaml), the file and the line of each entry. */
export interface DeclaredSlots {
  slots: readonly DeclaredSlot[];
  file: string;
  locate: (index: number) => number | null;
}

// Stryker disable next-line ArrowFunction: with no slots declared, `locate` is never called
const NO_DECLARATIONS: DeclaredSlots = { slots: [], file: 'sources/annotations/random-tables.yaml', locate: () => null };

/** One cell of a grid: the record holding it, or a declared vacancy (with its entry's index). */
type Cell = { record: Skill } | { vacancy: Vacancy; entry: number };

interface Grid {
  edition: string;
  game: Game;
  category: RandomCategory;
  cells: Map<string, Cell>;
}

interface Context {
  diagnostics: Diagnostic[];
  fileOf: (record: Skill) => string;
  lineOf: (record: Skill, game: Game) => number;
  declared: DeclaredSlots;
}

/**
 * `tableEditions`: editions whose source has random tables (the English 2020
 * text). In them every skill of a game must have a slot in that game, and each
 * game they cover must have all five tables — so a cut-short source fails
 * instead of building fewer tables.
 */
export function buildRandomTables(
  records: readonly Skill[],
  slotLines: readonly SlotLine[],
  fileOf: (record: Skill) => string,
  tableEditions: ReadonlySet<string> = new Set(),
  declared: DeclaredSlots = NO_DECLARATIONS,
): { tables: RandomTable[]; diagnostics: Diagnostic[] } {
  const slotLine = new Map(slotLines.map((slot) => [`${slot.record} ${slot.game}`, slot.line]));
  const context: Context = { diagnostics: [], fileOf, declared, lineOf: (record, game) => slotLine.get(`${record.id} ${game}`) ?? record.source.lines[1] };
  const expected = expectedTables(records, tableEditions, context);
  const grids = gridsOf(records, context);
  declareSlots(grids, expected, context);
  for (const [id, witness] of [...expected].sort(([a], [b]) => compare(a, b))) {
    if (!grids.has(id)) context.diagnostics.push(emptyTable(id, witness, context));
  }
  const tables: RandomTable[] = [];
  for (const [id, grid] of [...grids].sort(([a], [b]) => compare(a, b))) {
    const missing = CELLS.filter((cell) => !grid.cells.has(cell));
    if (missing.length) context.diagnostics.push(incomplete(grid, missing, context));
    else tables.push(tableOf(id, grid));
  }
  return { tables, diagnostics: context.diagnostics };
}

/** The tables each random-category record of a table edition calls for (by id, with a record as witness); a missing slot is an error. */
function expectedTables(records: readonly Skill[], tableEditions: ReadonlySet<string>, context: Context): Map<string, Skill> {
  const expected = new Map<string, Skill>();
  for (const record of records) {
    if (!tableEditions.has(record.edition) || !RANDOM_CATEGORIES.has(record.category)) continue;
    for (const game of record.games) {
      if (!record.randomSlots.some((slot) => slot.game === game)) {
        context.diagnostics.push(
          error({
            reason: `${record.displayName} is ${/^[aeiou]/.test(record.category) ? 'an' : 'a'} ${record.category} skill in ${GAME_LABEL[game]} but has no slot on its random table`,
            file: context.fileOf(record),
            place: { line: record.source.lines[1] },
            ruleId: 'random-table/missing-slot',
            source: 'validate',
            expected: `a ${game === 'blood-bowl' ? 'Bloodbowl' : 'Dungeonbowl'}random skill: … line`,
          }),
        );
      }
      for (const category of RANDOM_CATEGORIES) expected.set(`${record.edition}/${game}/${category}`, record);
    }
  }
  return expected;
}

/** Every record's slots in their grids, in source order, so a collision is reported at the later of the two entries. */
function gridsOf(records: readonly Skill[], context: Context): Map<string, Grid> {
  const grids = new Map<string, Grid>();
  const inSourceOrder = [...records].sort((a, b) => compare(a.source.id, b.source.id) || a.source.lines[0] - b.source.lines[0]);
  for (const record of inSourceOrder) {
    for (const slot of record.randomSlots) {
      const line = context.lineOf(record, slot.game);
      if (!RANDOM_CATEGORIES.has(record.category)) {
        context.diagnostics.push(
          error({
            reason: `${record.displayName} is a ${record.category} and has a random-table slot, but ${record.category}s have no random table`,
            file: context.fileOf(record),
            place: { line },
            ruleId: 'random-table/no-table-for-category',
            source: 'validate',
            expected: `Bloodbowlnone for a ${record.category}`,
          }),
        );
        continue;
      }
      const key = `${record.edition}/${slot.game}/${record.category}`;
      const grid = grids.get(key) ?? { edition: record.edition, game: slot.game, category: record.category as RandomCategory, cells: new Map<string, Cell>() };
      grids.set(key, grid);
      const cell = `${slot.roll}·${slot.d6}`;
      const holder = grid.cells.get(cell);
      if (holder && 'record' in holder) {
        context.diagnostics.push(
          error({
            reason: `${record.name} and ${holder.record.name} both claim ${GAME_LABEL[slot.game]} ${record.category} ${cell}`,
            file: context.fileOf(record),
            place: { line },
            ruleId: 'random-table/slot-collision',
            source: 'validate',
            expected: `one entry per slot; ${holder.record.name} took ${cell} on line ${context.lineOf(holder.record, slot.game)}`,
          }),
        );
        continue;
      }
      grid.cells.set(cell, { record });
    }
  }
  return grids;
}

/** The declared slots put in their grids: each must name a table the sources have and a slot no record claims, once. */
function declareSlots(grids: Map<string, Grid>, expected: ReadonlyMap<string, Skill>, context: Context): void {
  const { declared } = context;
  declared.slots.forEach((slot, entry) => {
    const cell = `${slot.roll}·${slot.d6}`;
    const at = (reason: string, ruleId: string, expectedText: string, note: string) =>
      context.diagnostics.push(
        error({ reason, file: declared.file, place: lineAt(declared.locate(entry)), ruleId, source: 'validate', expected: expectedText, note }),
      );
    const grid = grids.get(slot.table);
    if (!grid && !expected.has(slot.table)) {
      const known = [...new Set([...grids.keys(), ...expected.keys()])].sort(compare);
      at(
        `${slot.table} ${cell} is declared ${slot.vacancy}, but the sources have no table ${slot.table}`,
        'random-table/unknown-table',
        `one of ${known.join(', ') || '(no tables)'}`,
        'Correct `table`, or remove the entry.',
      );
      return;
    }
    const target = grid ?? newGrid(slot.table);
    grids.set(slot.table, target);
    const holder = target.cells.get(cell);
    if (holder && 'record' in holder) {
      at(
        `${slot.table} ${cell} is declared ${slot.vacancy}, but ${holder.record.name} holds it (${context.fileOf(holder.record)}:${context.lineOf(holder.record, target.game)})`,
        'random-table/declared-slot-taken',
        'a declaration only for a slot no record claims',
        'The slot has a skill again: remove the entry.',
      );
      return;
    }
    if (holder && 'vacancy' in holder) {
      at(
        `${slot.table} ${cell} is declared twice (the first on line ${declared.locate(holder.entry) ?? '?'})`,
        'random-table/declared-slot-taken',
        'one declaration per slot',
        'Remove one of the two entries.',
      );
      return;
    }
    target.cells.set(cell, { vacancy: slot.vacancy, entry });
  });
}

const lineAt = (line: number | null) => (line ? { line } : null);

function newGrid(id: string): Grid {
  const [edition, game, category] = id.split('/') as [string, Game, RandomCategory];
  return { edition, game, category, cells: new Map() };
}

function emptyTable(id: string, witness: Skill, context: Context): Diagnostic {
  const [, game, category] = id.split('/') as [string, Game, string];
  return error({
    reason: `The ${GAME_LABEL[game]} ${category} table of ${witness.edition} has no entries at all`,
    file: context.fileOf(witness),
    place: null,
    ruleId: 'random-table/incomplete',
    source: 'validate',
    about: [subject.entry(witness.edition)],
    expected: `12 ${category} skills with ${game === 'blood-bowl' ? 'Bloodbowl' : 'Dungeonbowl'}random skill lines`,
    actual: '0 of 12 slots filled',
  });
}

function incomplete(grid: Grid, missing: readonly string[], context: Context): Diagnostic {
  const any = [...grid.cells.values()].find((cell): cell is { record: Skill } => 'record' in cell);
  const id = `${grid.edition}/${grid.game}/${grid.category}`;
  const entries = missing.map((cell) => {
    const [roll, d6] = cell.split('·') as [string, string];
    return `    - table: ${id}\n      roll: ${roll}\n      d6: ${d6}\n      vacancy: re-roll   # or vacant\n      reason: <why, in one line>`;
  });
  return error({
    reason: `The ${GAME_LABEL[grid.game]} ${grid.category} table of ${grid.edition} is incomplete: no entry for ${missing.join(', ')}`,
    file: any ? context.fileOf(any.record) : context.declared.file,
    place: null,
    ruleId: 'random-table/incomplete',
    source: 'validate',
    // A lost entry empties its slots.
    about: [subject.entry(grid.edition)],
    // A withdrawn skill leaves one slot per table: more missing is a cut-short source, not a vacancy.
    ...(missing.length <= 2
      ? {
          expected: `12 slots (1-3·1 … 4-6·6): the missing marker line, or, for a withdrawn skill's slot given to no other skill, under slots: in ${context.declared.file}:\n${entries.join('\n')}`,
          note: 'vacancy: re-roll (roll again on the table) or vacant (the roll gives no skill), as the rules say',
        }
      : { expected: '12 slots (1-3·1 … 4-6·6)' }),
    actual: `${grid.cells.size} of 12 slots filled`,
  });
}

function tableOf(id: string, grid: Grid): RandomTable {
  const slots = ROLLS.flatMap((roll) =>
    [1, 2, 3, 4, 5, 6].map((d6) => {
      const cell = grid.cells.get(`${roll}·${d6}`)!;
      return 'record' in cell ? { roll, d6, record: cell.record.id, vacancy: null } : { roll, d6, record: null, vacancy: cell.vacancy };
    }),
  );
  return { id, edition: grid.edition, game: grid.game, category: grid.category, slots };
}
