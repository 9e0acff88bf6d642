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
  likelyRename,
  lockText,
  parseLock,
  type PublishedId,
  type RecordShape,
} from '../../pipeline/validate/ids.ts';

const LOCK = 'sources/ids.lock';

describe('parseLock', () => {
  it('reads "<kind> <id>" with its line', () => expect(parseLock('concept dodge', LOCK).entries).toEqual([{ kind: 'concept', id: 'dodge', line: 1 }]));
  it('reads the version that first published an id', () =>
    expect(parseLock('record en-2020/dodge 0.2.0', LOCK).entries).toEqual([{ kind: 'record', id: 'en-2020/dodge', line: 1, since: '0.2.0' }]));
  it('reads a pre-release version', () => expect(parseLock('concept dodge 1.0.0-rc.1', LOCK).entries[0]?.since).toBe('1.0.0-rc.1'));
  it('skips comments and blank lines, counting them', () =>
    expect(parseLock('# header\n\n  \nconcept dodge\r\nconcept block', LOCK)).toMatchObject({ entries: [{ line: 4 }, { line: 5 }], diagnostics: [] }));
  it('reads versions of several digits', () => expect(parseLock('concept dodge 10.20.30', LOCK).entries[0]?.since).toBe('10.20.30'));
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
        source: 'validate',
        fatal: true,
        expected:
          '"<kind> <id>" or "<kind> <id> <version>" with a kind among concept, record, ruling, inducement, spell, league, and an id of that kind\'s published grammar: correct the line (the lock is written by nuffle release; never drop a line)',
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

const FIELDS = ['id', 'kind', 'action', 'to', 'since'];
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
  // Each field at its own column, the entry at column 1.
  locateMigration: (index, field) => ({ line: 10 + index, column: field === undefined ? 1 : FIELDS.indexOf(field) + 2 }),
  datasetVersion: '0.3.0',
  ...over,
});

const rules = (diagnostics: readonly { ruleId: string }[]) => diagnostics.map((d) => d.ruleId);

describe('checkIds', () => {
  it('warns once, without a lock, that ids are not protected', () =>
    expect(checkIds(input({ lock: null }))).toMatchObject([
      {
        ruleId: 'ids/no-lock',
        fatal: false,
        file: LOCK,
        expected: "nuffle release writes it (a first release locks every id, stamped with the manifest's version); commit it",
      },
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
      { ruleId: 'migrations/duplicate', place: { line: 11, column: 1 }, reason: 'record en-2020/sidestep has two migrations' },
    ]));
  it('refuses a migration of an id the data still has, at its id', () =>
    expect(checkMigrations(input({ migrations: [migration({ id: 'en-2020/dodge', action: 'deleted', to: null })] }))).toMatchObject([
      {
        ruleId: 'migrations/stale',
        place: { line: 10, column: 2 },
        reason: 'A migration retires record en-2020/dodge, but the data still has it',
        expected: 'migrations only for ids the data no longer has; remove this one',
        source: 'validate',
        file: 'sources/annotations/migrations.yaml',
        fatal: true,
      },
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
      {
        ruleId: 'migrations/bad-since',
        place: { line: 10, column: 6 },
        expected: 'since: 0.3.0',
        reason: 'Migration of en-2020/sidestep: since 0.3.1 is later than the dataset version being built (0.3.0)',
      },
    ]));
  it('refuses a rename to another edition, naming the edition', () =>
    expect(
      checkMigrations(input({ published: [{ kind: 'record', id: 'fr-legacy/esquive' }], migrations: [migration({ to: 'fr-legacy/esquive' })] })),
    ).toMatchObject([{ ruleId: 'migrations/bad-target', expected: 'a new record id of en-2020; a rule that moved edition is a crosswalk row, not a rename' }]));
});

describe('checkMigrations: what each problem says, and where', () => {
  const only = (over: Partial<IdCheckInput>) => {
    const found = checkMigrations(input(over));
    expect(found).toHaveLength(1);
    return found[0]!;
  };
  it('a deletion with a target, at its `to`', () =>
    expect(only({ migrations: [migration({ action: 'deleted' })] })).toMatchObject({
      reason: 'Migration of en-2020/sidestep: `to` is null for deleted ids, and only for them',
      place: { line: 10, column: 5 },
      source: 'validate',
    }));
  it('a target the data does not have, at its `to`, with the kind expected', () =>
    expect(only({ migrations: [migration({ to: 'en-2020/nowhere' })] })).toMatchObject({
      reason: 'Migration of en-2020/sidestep: renamed to record en-2020/nowhere, which the data does not have',
      place: { line: 10, column: 5 },
      expected: 'an existing record id',
    }));
  it('a rename to another edition, at its `to`', () =>
    expect(only({ published: [{ kind: 'record', id: 'fr-legacy/esquive' }], migrations: [migration({ to: 'fr-legacy/esquive' })] })).toMatchObject({
      reason: 'Migration of en-2020/sidestep: renamed to fr-legacy/esquive, of another edition',
      place: { line: 10, column: 5 },
    }));
  it('a merge into a record of another edition, at its `to` (a later-wording trait into a 2020 skill)', () =>
    expect(
      only({
        published: [{ kind: 'record', id: 'en-2020/stunty' }],
        migrations: [migration({ id: 'en-traits-alt/breathe-fire', action: 'merged', to: 'en-2020/stunty' })],
      }),
    ).toMatchObject({
      reason: 'Migration of en-traits-alt/breathe-fire: merged into en-2020/stunty, of another edition',
      ruleId: 'migrations/bad-target',
      place: { line: 10, column: 5 },
      expected: 'an existing record id of en-traits-alt; a rule that moved edition is a crosswalk row, not a merge',
    }));
  it('a merge into a concept id as if it were a record: the data has no such record', () =>
    expect(
      only({
        published: [{ kind: 'concept', id: 'stunty' }],
        migrations: [migration({ id: 'en-traits-alt/titchy', action: 'merged', to: 'stunty' })],
      }),
    ).toMatchObject({
      reason: 'Migration of en-traits-alt/titchy: merged into record stunty, which the data does not have',
      expected: 'an existing record id',
    }));
  it('accepts a merge into a surviving record of the same edition, and a concept into a concept', () =>
    expect(
      checkMigrations(
        input({
          published: [
            { kind: 'record', id: 'en-traits-alt/stunty' },
            { kind: 'concept', id: 'stunty' },
          ],
          migrations: [
            migration({ id: 'en-traits-alt/titchy', action: 'merged', to: 'en-traits-alt/stunty' }),
            migration({ kind: 'concept', id: 'insignificant', action: 'merged', to: 'stunty' }),
          ],
        }),
      ),
    ).toEqual([]));
  it('a rename from an id without an edition to one with an edition', () =>
    expect(only({ migrations: [migration({ id: 'sidestep' })] })).toMatchObject({
      reason: 'Migration of sidestep: renamed to en-2020/side-step, of another edition',
      expected: 'a new record id of the same kind; a rule that moved edition is a crosswalk row, not a rename',
    }));
  it('accepts a rename between two ids without an edition', () =>
    expect(
      checkMigrations(
        input({ published: [{ kind: 'concept', id: 'side-step' }], migrations: [migration({ kind: 'concept', id: 'sidestep', to: 'side-step' })] }),
      ),
    ).toEqual([]));
  it('a rename to an id published before, at its `to`, offering a merge', () =>
    expect(
      only({ lock: { file: LOCK, entries: [{ kind: 'record', id: 'en-2020/side-step', line: 1, since: '0.2.0' }] }, migrations: [migration()] }),
    ).toMatchObject({
      reason:
        'Migration of en-2020/sidestep: renamed to en-2020/side-step, which was published before this release: apps would be told that en-2020/sidestep became an existing, different record',
      place: { line: 10, column: 5 },
      expected: 'the new id of the renamed record (one that is new in 0.3.0), or action: merged if en-2020/sidestep was folded into en-2020/side-step',
    }));
  it('a rename to a new id whose since is an earlier version, at its `since`', () =>
    expect(only({ migrations: [migration({ since: '0.2.0' })] })).toEqual({
      reason: 'Migration of en-2020/sidestep: renamed to en-2020/side-step, new in 0.3.0, but since says 0.2.0',
      file: 'sources/annotations/migrations.yaml',
      place: { line: 10, column: 6 },
      ruleId: 'migrations/bad-since',
      source: 'validate',
      fatal: true,
      expected: 'since: 0.3.0',
    }));
  it('a duplicate has no expected text', () => expect(checkMigrations(input({ migrations: [migration(), migration()] }))[0]).not.toHaveProperty('expected'));
});

describe('checkIds: the whole diagnostics', () => {
  it('no lock', () =>
    expect(checkIds(input({ lock: null }))).toEqual([
      {
        reason: 'No id lock: published ids are not protected',
        file: LOCK,
        place: null,
        ruleId: 'ids/no-lock',
        source: 'validate',
        fatal: false,
        expected: "nuffle release writes it (a first release locks every id, stamped with the manifest's version); commit it",
      },
    ]));
  it('new ids not locked', () =>
    expect(checkIds(input())).toEqual([
      {
        reason: '1 new id is not in the lock: record en-2020/side-step',
        file: LOCK,
        place: null,
        ruleId: 'ids/not-locked',
        source: 'validate',
        fatal: false,
        expected: 'nothing to do now: nuffle release locks them, stamped with the version it releases',
      },
    ]));
  it('a locked id gone: the migration to write, in full', () =>
    expect(checkIds(input({ published: [] }))).toEqual([
      {
        reason: 'Published record id en-2020/dodge is gone',
        file: LOCK,
        place: { line: 3 },
        ruleId: 'ids/missing',
        source: 'validate',
        fatal: true,
        // A missing record is about its edition's entries: a cascade of a lost entry (model/cascades.ts).
        about: ['entry:en-2020'],
        expected: [
          'the id back, or a migration in sources/annotations/migrations.yaml:',
          '    - id: en-2020/dodge',
          '      kind: record',
          '      action: renamed   # or merged, deleted',
          '      to: <new id>      # null when deleted',
          '      since: 0.3.0',
          '      note: <why, in one line>',
        ].join('\n'),
      },
    ]));
  it('a likely rename: both fixes, in full', () => {
    const now = new Map([['en-2020/side-step', { name: 'Side Step', kind: 'skill', text: '', slots: [] }]]);
    const [missing] = checkIds(
      input({
        lock: { file: LOCK, entries: [{ kind: 'record', id: 'en-2020/sidestep', line: 1 }] },
        published: [{ kind: 'record', id: 'en-2020/side-step' }],
        records: { now },
      }),
    );
    expect(missing?.expected).toBe(
      [
        'either keep the published id (recommended: apps that stored en-2020/sidestep keep working), in sources/annotations/migrations.yaml:',
        '    keep:',
        '      - id: en-2020/sidestep',
        '        name: "Side Step"',
        '        since: 0.3.0',
        '        note: <why, in one line>',
        '  or migrate it to the new id en-2020/side-step, in sources/annotations/migrations.yaml:',
        '    migrations:',
        '      - id: en-2020/sidestep',
        '        kind: record',
        '        action: renamed',
        '        to: en-2020/side-step',
        '        since: 0.3.0',
        '        note: <why, in one line>',
      ].join('\n'),
    );
  });
  it('no rename hint for a gone concept, even when a new record has its letters', () => {
    const now = new Map([['side-step', { name: 'Side Step', kind: 'skill', text: '', slots: [] }]]);
    const [missing] = checkIds(
      input({
        lock: { file: LOCK, entries: [{ kind: 'concept', id: 'sidestep', line: 1 }] },
        published: [{ kind: 'record', id: 'side-step' }],
        records: { now },
      }),
    );
    expect(missing?.reason).toBe('Published concept id sidestep is gone');
  });
});

describe('likelyRename', () => {
  const shape = (name: string, over: Partial<RecordShape> = {}): RecordShape => ({ name, kind: 'skill', text: '', slots: [], ...over });
  const fresh = (...ids: string[]): PublishedId[] => ids.map((id) => ({ kind: 'record', id }));
  const OLD = 'en-2020/sidestep';
  it('is null without the records', () => expect(likelyRename(OLD, fresh('en-2020/side-step'), undefined)).toBeNull());
  it('takes a name with the same letters', () =>
    expect(likelyRename(OLD, fresh('en-2020/side-step'), { now: new Map([['en-2020/side-step', shape('Side Step')]]) })).toEqual({
      id: 'en-2020/side-step',
      name: 'Side Step',
      evidence: 'the same letters in its name',
    }));
  it('does not take a name with other letters', () =>
    expect(likelyRename(OLD, fresh('en-2020/dodge'), { now: new Map([['en-2020/dodge', shape('Dodge')]]) })).toBeNull());
  it('skips a new id without a record shape, and finds nothing else', () =>
    expect(likelyRename(OLD, fresh('en-2020/side-step'), { now: new Map() })).toBeNull());
  it('takes only records of the same edition', () => {
    const now = new Map([
      ['fr-legacy/side-step', shape('Side Step')],
      ['en-2020/sidestep-x', shape('Sidestep X')],
    ]);
    expect(likelyRename(OLD, [...fresh('fr-legacy/side-step'), { kind: 'concept', id: 'en-2020/side-step' }], { now })).toBeNull();
  });
  it('takes no candidate of another kind of record than before', () => {
    const now = new Map([['en-2020/side-step', shape('Side Step', { kind: 'trait' })]]);
    expect(likelyRename(OLD, fresh('en-2020/side-step'), { now, before: new Map([[OLD, shape('Sidestep')]]) })).toBeNull();
  });
  it('takes the same random-table slots', () => {
    const slots = ['blood-bowl agility 1-3·2'];
    const now = new Map([['en-2020/evade', shape('Evade', { slots })]]);
    expect(likelyRename(OLD, fresh('en-2020/evade'), { now, before: new Map([[OLD, shape('Sidestep', { slots })]]) })?.evidence).toBe(
      'the same random-table slots',
    );
  });
  it('takes no slots as the same slots', () => {
    const now = new Map([['en-2020/evade', shape('Evade')]]);
    expect(likelyRename(OLD, fresh('en-2020/evade'), { now, before: new Map([[OLD, shape('Sidestep')]]) })).toBeNull();
  });
  it('does not take other slots, nor a subset of them', () => {
    const before = new Map([[OLD, shape('Sidestep', { slots: ['blood-bowl agility 1-3·2', 'dungeon-bowl agility 1-3·2'] })]]);
    const now = new Map([
      ['en-2020/evade', shape('Evade', { slots: ['blood-bowl agility 1-3·2'] })],
      ['en-2020/slip', shape('Slip', { slots: ['blood-bowl agility 1-3·2', 'dungeon-bowl agility 4-6·2'] })],
    ]);
    expect(likelyRename(OLD, fresh('en-2020/evade', 'en-2020/slip'), { now, before })).toBeNull();
  });
  it('takes a text with at least 80 % of the words of the longer one, and says how much', () => {
    const before = new Map([[OLD, shape('Sidestep', { text: 'Move one square then roll' })]]);
    const now = new Map([['en-2020/evade', shape('Evade', { text: 'Move one square then' })]]);
    expect(likelyRename(OLD, fresh('en-2020/evade'), { now, before })?.evidence).toBe('80 % of the words of its text');
  });
  it('does not take a text with fewer of the words', () => {
    const before = new Map([[OLD, shape('Sidestep', { text: 'Move one square then roll' })]]);
    const now = new Map([['en-2020/evade', shape('Evade', { text: 'Move one square' })]]);
    expect(likelyRename(OLD, fresh('en-2020/evade'), { now, before })).toBeNull();
  });
  it('counts a repeated word as often as both texts have it, case aside', () => {
    const before = new Map([[OLD, shape('Sidestep', { text: 'Roll a b c d' })]]);
    const now = new Map([
      ['en-2020/evade', shape('Evade', { text: 'roll roll roll roll roll' })],
      ['en-2020/slip', shape('Slip', { text: 'ROLL A B C D' })],
    ]);
    expect(likelyRename(OLD, fresh('en-2020/evade', 'en-2020/slip'), { now, before })).toEqual({
      id: 'en-2020/slip',
      name: 'Slip',
      evidence: '100 % of the words of its text',
    });
  });
  it('compares whole words, not letters', () => {
    const before = new Map([[OLD, shape('Sidestep', { text: 'ab cd' })]]);
    const now = new Map([['en-2020/evade', shape('Evade', { text: 'ba dc' })]]);
    expect(likelyRename(OLD, fresh('en-2020/evade'), { now, before })).toBeNull();
  });
  it('finds no text evidence in two texts without words', () => {
    const before = new Map([[OLD, shape('Sidestep', { text: '…' })]]);
    const now = new Map([['en-2020/evade', shape('Evade', { text: '' })]]);
    expect(likelyRename(OLD, fresh('en-2020/evade'), { now, before })).toBeNull();
  });
  it('prefers the same slots to the same text, and more of the text to less, whatever the order', () => {
    const before = new Map([[OLD, shape('Sidestep', { text: 'a b c d e', slots: ['blood-bowl agility 1-3·2'] })]]);
    const now = new Map([
      ['en-2020/a', shape('A', { text: 'a b c d' })],
      ['en-2020/b', shape('B', { text: 'a b c d e' })],
      ['en-2020/c', shape('C', { text: 'x', slots: ['blood-bowl agility 1-3·2'] })],
    ]);
    expect(likelyRename(OLD, fresh('en-2020/a', 'en-2020/b'), { now, before })?.id).toBe('en-2020/b');
    expect(likelyRename(OLD, fresh('en-2020/a', 'en-2020/b', 'en-2020/c'), { now, before })?.id).toBe('en-2020/c');
    expect(likelyRename(OLD, fresh('en-2020/c', 'en-2020/b', 'en-2020/a'), { now, before })?.id).toBe('en-2020/c');
  });
  it('is null when two candidates fit equally', () => {
    const now = new Map([
      ['en-2020/side-step', shape('Side Step')],
      ['en-2020/side-step-2', shape('Side-Step')],
    ]);
    expect(likelyRename(OLD, fresh('en-2020/side-step', 'en-2020/side-step-2'), { now })).toBeNull();
  });
});

describe('the lock header', () => {
  it('names every kind, comma-separated', () => expect(LOCK_HEADER).toContain('(kinds: concept, record, ruling, inducement, spell, league)'));
  it('is comment lines that parseLock skips', () => expect(parseLock(LOCK_HEADER, LOCK)).toEqual({ entries: [], diagnostics: [] }));
});
