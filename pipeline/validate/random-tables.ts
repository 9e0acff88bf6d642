/**
 * Random-skill tables: gather each record's slots into one table per
 * edition, game and category, and check that every table is a complete 2×6
 * grid with no collisions. A collision names both entries.
 */
import { error, type Diagnostic } from '../model/diagnostic.ts';
import type { Game, RandomCategory, RandomTable, Roll, Skill } from '../model/schema-types.ts';
import { compare } from '../model/order.ts';
import type { SlotLine } from '../model/parse-result.ts';

const ROLLS: readonly Roll[] = ['1-3', '4-6'];
const RANDOM_CATEGORIES: ReadonlySet<string> = new Set(['agility', 'general', 'mutation', 'passing', 'strength']);
const GAME_LABEL: Record<Game, string> = { 'blood-bowl': 'Blood Bowl', 'dungeon-bowl': 'Dungeon Bowl' };

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
): { tables: RandomTable[]; diagnostics: Diagnostic[] } {
  const expected = expectedTables(records, fileOf, tableEditions);
  const filled = fillGrids(records, slotLines, fileOf);
  const empty = emptyTables(expected.tables, filled.grids, fileOf);
  const complete = completeTables(filled.grids, fileOf);
  return { tables: complete.tables, diagnostics: [...expected.diagnostics, ...filled.diagnostics, ...empty, ...complete.diagnostics] };
}

/** One table's slots so far: which record holds each cell (`1-3·4`). */
export interface Grid {
  edition: string;
  game: Game;
  category: RandomCategory;
  cells: Map<string, Skill>;
}

/**
 * The tables the editions with random tables must have (id → a record that
 * says so), and an error for each of their skills with no slot in one of its games.
 */
export function expectedTables(records: readonly Skill[], fileOf: (record: Skill) => string, tableEditions: ReadonlySet<string>): { tables: Map<string, Skill>; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const expected = new Map<string, Skill>();
  for (const record of records) {
    if (!tableEditions.has(record.edition) || !RANDOM_CATEGORIES.has(record.category)) continue;
    for (const game of record.games) {
      if (!record.randomSlots.some((slot) => slot.game === game)) {
        diagnostics.push(
          error({
            reason: `${record.displayName} is ${/^[aeiou]/.test(record.category) ? "an" : "a"} ${record.category} skill in ${GAME_LABEL[game]} but has no slot on its random table`,
            file: fileOf(record),
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
  return { tables: expected, diagnostics };
}

/** Every slot of every record into its table's grid, in source order, so a collision is reported at the later of the two entries. */
export function fillGrids(records: readonly Skill[], slotLines: readonly SlotLine[], fileOf: (record: Skill) => string): { grids: Map<string, Grid>; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const lineOf = new Map(slotLines.map((slot) => [`${slot.record} ${slot.game}`, slot.line]));
  const grids = new Map<string, Grid>();
  const inSourceOrder = [...records].sort((a, b) => compare(a.source.id, b.source.id) || a.source.lines[0] - b.source.lines[0]);
  for (const record of inSourceOrder) {
    for (const slot of record.randomSlots) {
      const line = lineOf.get(`${record.id} ${slot.game}`) ?? record.source.lines[1];
      if (!RANDOM_CATEGORIES.has(record.category)) {
        diagnostics.push(
          error({
            reason: `${record.displayName} is a ${record.category} and has a random-table slot, but ${record.category}s have no random table`,
            file: fileOf(record),
            place: { line },
            ruleId: 'random-table/no-table-for-category',
            source: 'validate',
            expected: `Bloodbowlnone for a ${record.category}`,
          }),
        );
        continue;
      }
      const key = `${record.edition}/${slot.game}/${record.category}`;
      let grid = grids.get(key);
      if (!grid) {
        grid = { edition: record.edition, game: slot.game, category: record.category as RandomCategory, cells: new Map() };
        grids.set(key, grid);
      }
      const cell = `${slot.roll}·${slot.d6}`;
      const holder = grid.cells.get(cell);
      if (holder) {
        const holderLine = lineOf.get(`${holder.id} ${slot.game}`) ?? holder.source.lines[1];
        diagnostics.push(
          error({
            reason: `${record.name} and ${holder.name} both claim ${GAME_LABEL[slot.game]} ${record.category} ${cell}`,
            file: fileOf(record),
            place: { line },
            ruleId: 'random-table/slot-collision',
            source: 'validate',
            expected: `one entry per slot; ${holder.name} took ${cell} on line ${holderLine}`,
          }),
        );
        continue;
      }
      grid.cells.set(cell, record);
    }
  }
  return { grids, diagnostics };
}

/** An error for each expected table no record has a slot on. */
export function emptyTables(expected: ReadonlyMap<string, Skill>, grids: ReadonlyMap<string, Grid>, fileOf: (record: Skill) => string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const [id, witness] of [...expected].sort(([a], [b]) => compare(a, b))) {
    if (grids.has(id)) continue;
    const [, game, category] = id.split('/') as [string, Game, string];
    diagnostics.push(
      error({
        reason: `The ${GAME_LABEL[game]} ${category} table of ${witness.edition} has no entries at all`,
        file: fileOf(witness),
        place: null,
        ruleId: 'random-table/incomplete',
        source: 'validate',
        expected: `12 ${category} skills with ${game === 'blood-bowl' ? 'Bloodbowl' : 'Dungeonbowl'}random skill lines`,
        actual: '0 of 12 slots filled',
      }),
    );
  }
  return diagnostics;
}

/** The complete grids as tables, in id order; an error for each grid with an empty cell. */
export function completeTables(grids: ReadonlyMap<string, Grid>, fileOf: (record: Skill) => string): { tables: RandomTable[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const tables: RandomTable[] = [];
  for (const [id, grid] of [...grids].sort(([a], [b]) => compare(a, b))) {
    const missing = ROLLS.flatMap((roll) => [1, 2, 3, 4, 5, 6].map((d6) => `${roll}·${d6}`)).filter((cell) => !grid.cells.has(cell));
    if (missing.length) {
      const any = [...grid.cells.values()][0]!;
      diagnostics.push(
        error({
          reason: `The ${GAME_LABEL[grid.game]} ${grid.category} table of ${grid.edition} is incomplete: no entry for ${missing.join(', ')}`,
          file: fileOf(any),
          place: null,
          ruleId: 'random-table/incomplete',
          source: 'validate',
          expected: '12 slots (1-3·1 … 4-6·6)',
          actual: `${grid.cells.size} of 12 slots filled`,
        }),
      );
      continue;
    }
    tables.push({
      id,
      edition: grid.edition,
      game: grid.game,
      category: grid.category,
      slots: ROLLS.flatMap((roll) => [1, 2, 3, 4, 5, 6].map((d6) => ({ roll, d6, record: grid.cells.get(`${roll}·${d6}`)!.id }))),
    });
  }
  return { tables, diagnostics };
}
