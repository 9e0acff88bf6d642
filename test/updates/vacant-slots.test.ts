/**
 * A withdrawn skill needs no invented data: a random-table slot no record
 * holds is declared `vacant` or `re-roll` in annotations/random-tables.yaml,
 * and the data, the SQLite database, the diff and the runtime API say so.
 */
import { DatabaseSync } from 'node:sqlite';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Changelog } from '../../pipeline/diff/compare.ts';
import type { RandomTable, Skill } from '../../pipeline/model/schema-types.ts';
import { buildRandomTables, type DeclaredSlots } from '../../pipeline/validate/random-tables.ts';
import { copyProject, realData, runCli } from '../helpers.ts';
import { pasteEntries } from '../yaml-edit.ts';

const DECLARATIONS = 'sources/annotations/random-tables.yaml';

describe('buildRandomTables with declared slots', () => {
  const records = realData<Skill[]>('skills.json');
  const tables = realData<RandomTable[]>('random-tables.json');
  const withSlots = records.filter((r) => r.randomSlots.length > 0);
  const editions = new Set(withSlots.map((r) => r.edition));
  // Whatever the sources say: the record holding the first slot of the first table.
  const table = tables[0]!;
  const first = table.slots.find((s) => s.record !== null)!;
  const holder = records.find((r) => r.id === first.record)!;
  const others = records.filter((r) => r.id !== holder.id);
  const declare = (slots: DeclaredSlots['slots']): DeclaredSlots => ({ slots, file: DECLARATIONS, locate: (i) => 20 + i });
  const declaredSlot = { table: table.id, roll: first.roll, d6: first.d6, vacancy: 're-roll' as const, reason: 'a test' };
  const build = (from: readonly Skill[], declared?: DeclaredSlots) => buildRandomTables(from, [], () => 'x.txt', editions, declared);

  it('builds the tables the sources give, every slot held by a record', () => {
    const built = build(records);
    expect(built.diagnostics).toEqual([]);
    expect(built.tables).toEqual(tables);
  });

  it('a withdrawn skill leaves its tables incomplete, and the error prints the entries to paste', () => {
    const built = build(others);
    const incomplete = built.diagnostics.filter((d) => d.ruleId === 'random-table/incomplete');
    expect(incomplete.length).toBe(holder.randomSlots.length);
    expect(incomplete[0]!.expected).toContain(
      `under slots: in ${DECLARATIONS}:\n    - table: ${table.id}\n      roll: ${first.roll}\n      d6: ${first.d6}\n      vacancy: re-roll`,
    );
    expect(built.tables.map((t) => t.id)).not.toContain(table.id);
  });

  it('a declared slot completes the table: record null, with its vacancy', () => {
    const built = build(others, declare([declaredSlot]));
    const got = built.tables.find((t) => t.id === table.id)!;
    expect(got.slots.find((s) => s.roll === first.roll && s.d6 === first.d6)).toEqual({ roll: first.roll, d6: first.d6, record: null, vacancy: 're-roll' });
    expect(got.slots.filter((s) => s.record === null)).toHaveLength(1);
    expect(got.slots.filter((s) => s.vacancy === null)).toHaveLength(11);
  });

  it('a declaration for a slot a record holds is stale: an error at the entry, naming the record', () => {
    const built = build(records, declare([declaredSlot]));
    expect(built.diagnostics).toEqual([
      expect.objectContaining({
        ruleId: 'random-table/declared-slot-taken',
        file: DECLARATIONS,
        place: { line: 20 },
        reason: expect.stringContaining(`but ${holder.name} holds it`),
      }),
    ]);
  });

  it('a slot declared twice, or in a table the sources lack, is an error at the entry', () => {
    const twice = build(others, declare([declaredSlot, { ...declaredSlot, vacancy: 'vacant' }]));
    expect(twice.diagnostics.filter((d) => d.ruleId !== 'random-table/incomplete')).toEqual([
      expect.objectContaining({
        ruleId: 'random-table/declared-slot-taken',
        place: { line: 21 },
        reason: expect.stringContaining('declared twice (the first on line 20)'),
      }),
    ]);
    const unknown = build(records, declare([{ ...declaredSlot, table: 'xx-1999/blood-bowl/passing' }]));
    expect(unknown.diagnostics).toEqual([
      expect.objectContaining({ ruleId: 'random-table/unknown-table', place: { line: 20 }, expected: expect.stringContaining(table.id) }),
    ]);
  });
});

describe('a withdrawn skill, end to end (Fumblerooskie)', () => {
  let root: string;
  let before: string;
  let after: string;
  let changes: Changelog;
  type Consumer = typeof import('../../pipeline/consumer/index.ts');
  let api: Consumer;
  const edit = (path: string, change: (text: string) => string) => {
    const text = readFileSync(join(root, path), 'utf8');
    const changed = change(text);
    if (changed === text) throw new Error(`the edit changed nothing in ${path}`);
    writeFileSync(join(root, path), changed);
  };

  beforeAll(async () => {
    root = copyProject();
    const build = (out: string, ...only: string[]) => runCli(['build', '--root', root, '--out', out, ...only.flatMap((t) => ['--only', t])]);
    before = join(root, 'before');
    expect((await build(before, 'data')).status).toBe(0);
    edit('sources/raw/en-2020-skills-traits.txt', (t) => t.replace(/\nFumblerooskie\nPassing\n[^\n]*\nBloodbowl[^\n]*\nDungeonbowl[^\n]*\n/, '\n'));
    const failed = await runCli(['check', '--root', root]);
    expect(failed.status).toBe(1);
    // The maintainer pastes the entries the errors print: the slots, and the ids' migrations.
    const entries = [...failed.stderr.matchAll(/under slots: in [^\n]*:\n((?: {4}.*\n?)+)/g)].map((m) =>
      m[1]!.replace(/^ {2}/gm, '').replace('<why, in one line>', 'withdrawn in a test'),
    );
    expect(entries).toHaveLength(2);
    // Pasted as printed: each block is a YAML list entry, appended after whatever the list holds.
    edit(DECLARATIONS, (t) => pasteEntries(t, 'slots', entries));
    const migrations = [...failed.stderr.matchAll(/a migration in sources\/annotations\/migrations\.yaml:\n((?: {4}.*\n?)+)/g)].map((m) =>
      m[1]!
        .replace(/^ {2}/gm, '')
        .replace(/action: renamed.*/, 'action: deleted')
        .replace(/to: <new id>.*/, 'to: null')
        .replace('<why, in one line>', 'withdrawn in a test'),
    );
    expect(migrations).toHaveLength(2);
    edit('sources/annotations/migrations.yaml', (t) => pasteEntries(t, 'migrations', migrations));
    after = join(root, 'after');
    for (const target of ['data', 'api']) expect((await build(after, target)).stderr).not.toContain(' error ');
    const diff = await runCli(['diff', join(before, 'data'), join(after, 'data'), '--out', join(root, 'changes')]);
    expect(diff.status, diff.stderr).toBe(0);
    changes = JSON.parse(readFileSync(join(root, 'changes/changes.json'), 'utf8')) as Changelog;
    api = (await import(join(after, 'lib/index.js'))) as Consumer;
  }, 240_000);

  const vacated = () =>
    (JSON.parse(readFileSync(join(after, 'data/random-tables.json'), 'utf8')) as RandomTable[]).flatMap((t) =>
      t.slots.filter((s) => s.record === null).map((s) => ({ table: t.id, ...s })),
    );

  it('publishes the slots as re-roll, with no record and no invented skill', () => {
    expect(vacated()).toEqual([
      { table: 'en-2020/blood-bowl/passing', roll: '1-3', d6: 5, record: null, vacancy: 're-roll' },
      { table: 'en-2020/dungeon-bowl/passing', roll: '1-3', d6: 3, record: null, vacancy: 're-roll' },
    ]);
    const db = new DatabaseSync(join(after, 'data/nuffle-codex.sqlite'), { readOnly: true });
    expect(
      db
        .prepare('SELECT "table", roll, d6, vacancy FROM random_slots WHERE record IS NULL ORDER BY "table"')
        .all()
        .map((r) => ({ ...r })),
    ).toEqual(vacated().map(({ table, roll, d6, vacancy }) => ({ table, roll, d6, vacancy })));
    db.close();
  });

  it('nuffle diff reports each vacated slot once, from the record to its vacancy', () => {
    const slots = changes.changes.filter((c) => c.kind === 'slot-moved');
    expect(slots.map((c) => c.summary)).toEqual(vacated().map((s) => `slot ${s.table} ${s.roll}·${s.d6}: en-2020/fumblerooskie → re-roll`));
    expect(slots[0]!.fields).toEqual([
      { field: 'record', before: 'en-2020/fumblerooskie', after: null, words: null },
      { field: 'vacancy', before: null, after: 're-roll', words: null },
    ]);
  });

  it('the runtime API says the slot is re-rolled; randomSkill gives no skill for it', async () => {
    expect(await api.randomSlot('blood-bowl', 'passing', '1-3', 5)).toEqual({ record: null, vacancy: 're-roll' });
    expect(await api.randomSkill('blood-bowl', 'passing', '1-3', 5)).toBeUndefined();
    expect((await api.randomSlot('blood-bowl', 'passing', '1-3', 6))?.record?.id).toMatch(/^en-2020\//);
  });
});
