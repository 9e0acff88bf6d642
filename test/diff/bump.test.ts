/**
 * The version bump `nuffle diff` and `nuffle release` propose, on literal
 * changes: the level of each change kind, the level of a whole changelog,
 * the next version, and the bump the published files call for.
 */
import { describe, expect, it } from 'vitest';
import { bumpOf, filesBump, largerBump, nextVersion, proposeBump } from '../../pipeline/diff/bump.ts';
import { CHANGE_KINDS, type Change, type ChangeKind, type Changelog } from '../../pipeline/diff/compare.ts';
import type { MetaFile } from '../../pipeline/model/schema-types.ts';

const change = (kind: ChangeKind, fields: string[] = [], previous: string | null = null): Change => ({
  kind,
  id: `id-of-${kind}`,
  summary: kind,
  fields: fields.map((field) => ({ field, before: 'a', after: 'b', words: null })),
  previous,
});

const log = (...changes: Change[]): Changelog => ({
  from: { datasetVersion: '0.1.0', schemaVersion: '1.0.0' },
  to: { datasetVersion: '0.2.0', schemaVersion: '1.0.0' },
  counts: {},
  changes,
  warnings: [],
});

describe('bumpOf', () => {
  const MAJOR: ChangeKind[] = [
    'edition-removed',
    'record-removed',
    'record-merged',
    'concept-removed',
    'ruling-removed',
    'inducement-removed',
    'league-removed',
    'migration-added',
  ];
  const ADDED: ChangeKind[] = ['edition-added', 'record-added', 'concept-added', 'ruling-added', 'inducement-added', 'league-added'];

  it.each(MAJOR)('%s is major: an id an app stored is gone', (kind) => expect(bumpOf(change(kind))).toBe('major'));
  it.each(ADDED)('%s is minor', (kind) => expect(bumpOf(change(kind))).toBe('minor'));
  it.each([
    ['record-changed', ['text']],
    ['ruling-changed', ['question']],
    ['ruling-changed', ['answer']],
    ['ruling-changed', ['question', 'answer']],
    ['inducement-changed', ['text']],
    ['crosswalk-changed', ['rationale']],
    ['crosswalk-changed', ['summary']],
    ['edition-changed', ['note']],
  ] as const)('%s of %j is a patch: wording only', (kind, fields) => expect(bumpOf(change(kind, [...fields]))).toBe('patch'));
  it.each([
    ['record-changed', ['text', 'category']],
    ['record-changed', ['name']],
    ['ruling-changed', ['records']],
    ['inducement-changed', ['price']],
    ['crosswalk-changed', ['concept']],
    ['concept-changed', ['text']],
    ['price-changed', ['text']],
    ['slot-moved', []],
    ['record-renamed', []],
    ['crosswalk-added', []],
    ['league-changed', []],
    ['edition-changed', ['status']],
    ['edition-changed', ['year']],
    ['edition-changed', ['circa']],
    ['edition-changed', ['label']],
    ['edition-changed', ['lang']],
    ['edition-changed', ['note', 'status']],
  ] as const)('%s of %j is minor', (kind, fields) => expect(bumpOf(change(kind, [...fields]))).toBe('minor'));
  it('a ruling whose question was reworded (a new id) is major', () =>
    expect(bumpOf(change('ruling-changed', ['question'], 'en-2020/old-ruling'))).toBe('major'));
  it('a record changed with a previous id stays a patch when only its text moved', () =>
    expect(bumpOf(change('record-changed', ['text'], 'en-2020/old'))).toBe('patch'));
  it('gives every change kind a level', () => {
    for (const kind of CHANGE_KINDS) expect(['major', 'minor', 'patch']).toContain(bumpOf(change(kind)));
  });
});

describe('proposeBump', () => {
  it('is null when nothing changed', () => expect(proposeBump(log())).toBeNull());
  it('is minor for a new rules revision (the current rules passing to another edition), with both editions’ changes', () => {
    const [now, was] = [change('edition-changed', ['status']), change('edition-changed', ['status'])];
    expect(proposeBump(log(change('edition-changed', ['note']), now, was))).toEqual({ bump: 'minor', because: [now, was] });
  });
  it('is the highest level, with the changes that decided it', () => {
    const removed = change('record-removed');
    expect(proposeBump(log(change('record-changed', ['text']), removed, change('record-added')))).toEqual({ bump: 'major', because: [removed] });
  });
  it('is minor when the highest change is minor', () => {
    const added = change('record-added');
    expect(proposeBump(log(change('record-changed', ['text']), added))).toEqual({ bump: 'minor', because: [added] });
  });
  it('is a patch for wording only, with every reworded change', () => {
    const a = change('record-changed', ['text']);
    const b = change('inducement-changed', ['text']);
    expect(proposeBump(log(a, b))).toEqual({ bump: 'patch', because: [a, b] });
  });
});

describe('nextVersion', () => {
  it('major resets minor and patch', () => expect(nextVersion('1.4.2', 'major')).toBe('2.0.0'));
  it('minor resets patch', () => expect(nextVersion('1.4.2', 'minor')).toBe('1.5.0'));
  it('patch adds one', () => expect(nextVersion('1.4.2', 'patch')).toBe('1.4.3'));
  it('drops a pre-release tag', () => expect(nextVersion('1.4.2-rc.1', 'patch')).toBe('1.4.3'));
  it('reads a missing part as 0', () => expect(nextVersion('1', 'patch')).toBe('1.0.1'));
  it('reads a missing minor as 0', () => expect(nextVersion('3', 'minor')).toBe('3.1.0'));
});

describe('filesBump', () => {
  const meta = (schemaVersion: string, files: [string, string][]): MetaFile =>
    ({ datasetVersion: '0.1.0', schemaVersion, files: files.map(([path, sha256]) => ({ path, sha256 })) }) as unknown as MetaFile;
  const FILES: [string, string][] = [
    ['skills.json', 'aa'],
    ['meta.json', 'mm'],
  ];

  it('is null when every file is the same', () => expect(filesBump(meta('2.1.0', FILES), meta('2.1.0', FILES))).toBeNull());
  it('is major when the schema major moved', () => expect(filesBump(meta('2.1.0', FILES), meta('3.0.0', FILES))).toBe('major'));
  it('is minor when the schema minor moved', () => expect(filesBump(meta('2.1.0', FILES), meta('2.2.0', FILES))).toBe('minor'));
  it('is a patch when the schema patch moved', () => expect(filesBump(meta('2.1.0', FILES), meta('2.1.1', FILES))).toBe('patch'));
  it('is a patch when a published file other than meta.json moved', () =>
    expect(
      filesBump(
        meta('2.1.0', FILES),
        meta('2.1.0', [
          ['skills.json', 'bb'],
          ['meta.json', 'mm'],
        ]),
      ),
    ).toBe('patch'));
  it('is a patch when a file was added', () => expect(filesBump(meta('2.1.0', FILES), meta('2.1.0', [...FILES, ['types.d.ts', 'tt']]))).toBe('patch'));
  it('ignores meta.json itself', () =>
    expect(
      filesBump(
        meta('2.1.0', FILES),
        meta('2.1.0', [
          ['skills.json', 'aa'],
          ['meta.json', 'other'],
        ]),
      ),
    ).toBeNull());
});

describe('largerBump', () => {
  it.each([
    [null, null, null],
    [null, 'patch', 'patch'],
    ['patch', null, 'patch'],
    ['patch', 'minor', 'minor'],
    ['minor', 'patch', 'minor'],
    ['major', 'minor', 'major'],
    ['minor', 'major', 'major'],
    ['patch', 'patch', 'patch'],
  ] as const)('of %s and %s is %s', (a, b, larger) => expect(largerBump(a, b)).toBe(larger));
});
