/**
 * The id lock and the migration checks on literal inputs, one behaviour each:
 * lock lines read and refused, the lock written back, locked ids gone and new
 * ids not locked yet, migrations that retire ids, and version order.
 */
import { describe, expect, it } from 'vitest';
import type { Migration } from '../../pipeline/model/schema-types.ts';
import {
  checkIds,
  checkMigrations,
  compareVersions,
  type IdCheckInput,
  LOCK_HEADER,
  lockText,
  parseLock,
  type PublishedId,
} from '../../pipeline/validate/ids.ts';

const LOCK = 'sources/ids.lock';

describe('parseLock', () => {
  it('reads "<kind> <id>" with its line', () => expect(parseLock('concept dodge', LOCK).entries).toEqual([{ kind: 'concept', id: 'dodge', line: 1 }]));
  it('reads the version that first published an id', () =>
    expect(parseLock('record en-2020/dodge 0.2.0', LOCK).entries).toEqual([{ kind: 'record', id: 'en-2020/dodge', line: 1, since: '0.2.0' }]));
  it('reads a pre-release version', () => expect(parseLock('concept dodge 1.0.0-rc.1', LOCK).entries[0]?.since).toBe('1.0.0-rc.1'));
  it('skips comments and blank lines, counting them', () =>
    expect(parseLock('# header\n\n  \nconcept dodge\r\nconcept block', LOCK).entries.map((e) => e.line)).toEqual([4, 5]));
  it('trims a line', () => expect(parseLock('  concept dodge  ', LOCK).entries).toEqual([{ kind: 'concept', id: 'dodge', line: 1 }]));
  it('refuses an unknown kind, at its line, naming the kinds', () => {
    const { entries, diagnostics } = parseLock('concept dodge\nskill dodge', LOCK);
    expect(entries).toHaveLength(1);
    expect(diagnostics).toMatchObject([
      {
        reason: 'Not a lock line: "skill dodge"',
        file: LOCK,
        place: { line: 2 },
        ruleId: 'ids/bad-lock-line',
        fatal: true,
        expected: '"<kind> <id>" or "<kind> <id> <version>" with a kind among concept, record, ruling, inducement, spell, league',
      },
    ]);
  });
  it('refuses a kind without an id', () => expect(parseLock('concept', LOCK).diagnostics).toHaveLength(1));
  it('refuses a fourth word', () => expect(parseLock('concept dodge 0.1.0 extra', LOCK).diagnostics).toHaveLength(1));
  it('refuses a third word that is not a version', () => expect(parseLock('concept dodge soon', LOCK).diagnostics).toHaveLength(1));
  it('refuses a version with text after it', () => expect(parseLock('concept dodge 0.1.0x', LOCK).diagnostics).toHaveLength(1));
  it('refuses a version with text before it', () => expect(parseLock('concept dodge v0.1.0', LOCK).diagnostics).toHaveLength(1));
  it('refuses an id with a tab in it', () => expect(parseLock('concept do\tdge', LOCK).diagnostics).toHaveLength(1));
  it('refuses two spaces between kind and id', () => expect(parseLock('concept  dodge', LOCK).diagnostics).toHaveLength(1));
  it('shows at most 80 characters of a bad line', () =>
    expect(parseLock(`bad ${'x'.repeat(100)} y z`, LOCK).diagnostics[0]?.reason).toBe(`Not a lock line: "bad ${'x'.repeat(76)}"`));
});

describe('lockText', () => {
  it('starts with the header and ends with a newline', () => expect(lockText([], [{ kind: 'concept', id: 'dodge' }])).toBe(`${LOCK_HEADER}concept dodge\n`));
  it('stamps new ids with the version', () => expect(lockText([], [{ kind: 'concept', id: 'dodge' }], '0.3.0')).toBe(`${LOCK_HEADER}concept dodge 0.3.0\n`));
  it('keeps a locked id its version', () =>
    expect(lockText([{ kind: 'concept', id: 'dodge', line: 1, since: '0.1.0' }], [{ kind: 'concept', id: 'dodge' }], '0.3.0')).toBe(
      `${LOCK_HEADER}concept dodge 0.1.0\n`,
    ));
  it('never drops a locked id the data no longer has', () =>
    expect(lockText([{ kind: 'concept', id: 'gone', line: 1 }], [])).toBe(`${LOCK_HEADER}concept gone\n`));
  it('sorts by kind in lock order, then by id', () => {
    const published: PublishedId[] = [
      { kind: 'record', id: 'en-2020/b' },
      { kind: 'league', id: 'x' },
      { kind: 'concept', id: 'b' },
      { kind: 'record', id: 'en-2020/a' },
      { kind: 'concept', id: 'a' },
    ];
    expect(lockText([], published).slice(LOCK_HEADER.length)).toBe('concept a\nconcept b\nrecord en-2020/a\nrecord en-2020/b\nleague x\n');
  });
});

describe('compareVersions', () => {
  it.each([
    ['0.2.0', '0.10.0', -1],
    ['1.0.0', '0.9.9', 1],
    ['1.2.3', '1.2.3', 0],
    ['1.2.3', '1.2.4', -1],
    ['1.0.0-rc.1', '1.0.0', -1],
    ['1.0.0', '1.0.0-rc.1', 1],
    ['1.0.0-alpha', '1.0.0-beta', -1],
    ['1.0.0-beta', '1.0.0-alpha', 1],
    ['1.0.0-rc.1', '1.0.0-rc.1', 0],
    ['1.0', '1.0.0', 0],
  ] as const)('%s against %s has the sign %d', (a, b, sign) => expect(Math.sign(compareVersions(a, b))).toBe(sign));
});

const migration = (m: Partial<Migration> = {}): Migration => ({
  id: 'en-2020/sidestep',
  kind: 'record',
  action: 'renamed',
  to: 'en-2020/side-step',
  since: '0.3.0',
  note: 'renamed',
  ...m,
});

const input = (over: Partial<IdCheckInput> = {}): IdCheckInput => ({
  lock: { file: LOCK, entries: [{ kind: 'record', id: 'en-2020/dodge', line: 3 }] },
  published: [
    { kind: 'record', id: 'en-2020/dodge' },
    { kind: 'record', id: 'en-2020/side-step' },
  ],
  migrations: [],
  migrationsFile: 'sources/annotations/migrations.yaml',
  locateMigration: (index, field) => ({ line: 10 + index, column: field === undefined ? 1 : 5 }),
  datasetVersion: '0.3.0',
  ...over,
});

const rules = (diagnostics: readonly { ruleId: string }[]) => diagnostics.map((d) => d.ruleId);

describe('checkIds', () => {
  it('warns once, without a lock, that ids are not protected', () =>
    expect(checkIds(input({ lock: null }))).toMatchObject([
      { ruleId: 'ids/no-lock', fatal: false, file: LOCK, expected: 'run nuffle build --update-lock and commit sources/ids.lock' },
    ]));
  it('reports new ids not locked yet, as a warning', () =>
    expect(checkIds(input())).toMatchObject([{ ruleId: 'ids/not-locked', fatal: false, reason: '1 new id is not in the lock: record en-2020/side-step' }]));
  it('counts several new ids in the plural', () =>
    expect(checkIds(input({ lock: { file: LOCK, entries: [] } }))[0]?.reason).toBe(
      '2 new ids are not in the lock: record en-2020/dodge, record en-2020/side-step',
    ));
  it('shows eight new ids, then an ellipsis', () => {
    const published = Array.from({ length: 9 }, (_, n): PublishedId => ({ kind: 'concept', id: `c${n}` }));
    expect(checkIds(input({ lock: { file: LOCK, entries: [] }, published }))[0]?.reason).toBe(
      `9 new ids are not in the lock: ${published
        .slice(0, 8)
        .map((p) => `concept ${p.id}`)
        .join(', ')}, …`,
    );
  });
  it('is silent when the lock and the data agree', () => expect(checkIds(input({ published: [{ kind: 'record', id: 'en-2020/dodge' }] }))).toEqual([]));
  it('fails on a locked id that is gone, at its lock line, with the migration to write', () => {
    const [missing] = checkIds(input({ published: [] }));
    expect(missing).toMatchObject({ ruleId: 'ids/missing', fatal: true, file: LOCK, place: { line: 3 }, reason: 'Published record id en-2020/dodge is gone' });
    expect(missing?.expected).toContain('    - id: en-2020/dodge\n      kind: record\n');
    expect(missing?.expected).toContain('      since: 0.3.0\n');
  });
  it('accepts a locked id that is gone with a migration', () =>
    expect(
      rules(
        checkIds(
          input({ published: [{ kind: 'record', id: 'en-2020/side-step' }], migrations: [migration({ id: 'en-2020/dodge', to: 'en-2020/side-step' })] }),
        ),
      ),
    ).not.toContain('ids/missing'));
  it('an id of another kind does not stand for a locked one', () =>
    expect(rules(checkIds(input({ published: [{ kind: 'concept', id: 'en-2020/dodge' }] })))).toContain('ids/missing'));
  it('names a likely rename of a gone record, with both fixes', () => {
    const now = new Map([['en-2020/side-step', { name: 'Side Step', kind: 'skill', text: '', slots: [] }]]);
    const [missing] = checkIds(
      input({
        lock: { file: LOCK, entries: [{ kind: 'record', id: 'en-2020/sidestep', line: 1 }] },
        published: [{ kind: 'record', id: 'en-2020/side-step' }],
        records: { now },
      }),
    );
    expect(missing?.reason).toBe('Published record id en-2020/sidestep is gone; it looks like a rename to en-2020/side-step (the same letters in its name)');
    expect(missing?.expected).toContain('      - id: en-2020/sidestep\n        name: "Side Step"\n');
    expect(missing?.expected).toContain('        to: en-2020/side-step\n');
  });
});

describe('checkMigrations', () => {
  it('accepts a rename to an id new in this release', () => expect(checkMigrations(input({ migrations: [migration()] }))).toEqual([]));
  it('refuses two migrations of one id, at the second', () =>
    expect(checkMigrations(input({ migrations: [migration(), migration()] }))).toMatchObject([
      { ruleId: 'migrations/duplicate', place: { line: 11, column: 1 } },
    ]));
  it('refuses a migration of an id the data still has, at its id', () =>
    expect(checkMigrations(input({ migrations: [migration({ id: 'en-2020/dodge', action: 'deleted', to: null })] }))).toMatchObject([
      { ruleId: 'migrations/stale', place: { line: 10, column: 5 }, reason: 'A migration retires record en-2020/dodge, but the data still has it' },
    ]));
  it('refuses a deletion with a target', () =>
    expect(rules(checkMigrations(input({ migrations: [migration({ action: 'deleted' })] })))).toEqual(['migrations/bad-target']));
  it('refuses a rename without a target', () =>
    expect(rules(checkMigrations(input({ migrations: [migration({ to: null })] })))).toEqual(['migrations/bad-target']));
  it('accepts a deletion without a target', () => expect(checkMigrations(input({ migrations: [migration({ action: 'deleted', to: null })] }))).toEqual([]));
  it('refuses a target another migration retires', () =>
    expect(
      rules(
        checkMigrations(
          input({
            published: [{ kind: 'record', id: 'en-2020/side-step' }],
            migrations: [migration(), migration({ id: 'en-2020/side-step', action: 'deleted', to: null })],
          }),
        ),
      ),
    ).toEqual(['migrations/bad-target', 'migrations/stale']));
  it('refuses a target of another kind', () =>
    expect(rules(checkMigrations(input({ migrations: [migration({ kind: 'concept', id: 'x', to: 'en-2020/side-step' })] })))).toEqual([
      'migrations/bad-target',
    ]));
  it('accepts a rename to an id locked by this very version', () =>
    expect(
      checkMigrations(
        input({ lock: { file: LOCK, entries: [{ kind: 'record', id: 'en-2020/side-step', line: 1, since: '0.3.0' }] }, migrations: [migration()] }),
      ),
    ).toEqual([]));
  it('refuses a rename to an id locked by an earlier version', () =>
    expect(
      rules(
        checkMigrations(
          input({ lock: { file: LOCK, entries: [{ kind: 'record', id: 'en-2020/side-step', line: 1, since: '0.2.0' }] }, migrations: [migration()] }),
        ),
      ),
    ).toEqual(['migrations/bad-target']));
  it('refuses a rename to an id locked without a version', () =>
    expect(
      rules(checkMigrations(input({ lock: { file: LOCK, entries: [{ kind: 'record', id: 'en-2020/side-step', line: 1 }] }, migrations: [migration()] }))),
    ).toEqual(['migrations/bad-target']));
  it('accepts a merge into an id published before', () =>
    expect(
      checkMigrations(
        input({
          lock: { file: LOCK, entries: [{ kind: 'record', id: 'en-2020/side-step', line: 1, since: '0.1.0' }] },
          migrations: [migration({ action: 'merged', since: '0.2.0' })],
        }),
      ),
    ).toEqual([]));
  it('accepts a since equal to the version being built', () =>
    expect(checkMigrations(input({ migrations: [migration({ action: 'deleted', to: null, since: '0.3.0' })] }))).toEqual([]));
  it('refuses a since later than the version being built, at its since', () =>
    expect(checkMigrations(input({ migrations: [migration({ action: 'deleted', to: null, since: '0.3.1' })] }))).toMatchObject([
      { ruleId: 'migrations/bad-since', place: { line: 10, column: 5 }, expected: 'since: 0.3.0' },
    ]));
  it('refuses a rename to another edition, naming the edition', () =>
    expect(
      checkMigrations(input({ published: [{ kind: 'record', id: 'fr-legacy/esquive' }], migrations: [migration({ to: 'fr-legacy/esquive' })] })),
    ).toMatchObject([{ ruleId: 'migrations/bad-target', expected: 'a new record id of en-2020; a rule that moved edition is a crosswalk row, not a rename' }]));
});
