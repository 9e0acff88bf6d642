/**
 * A release's changes as data (issue 35.5): `nuffle release` records what
 * `nuffle diff` computes in sources/releases/<version>.json, and every build
 * publishes each one as dist/data/changes/<version>.json (the dataset
 * version's own also as changes.json), typed, checked against
 * changes.schema.json and listed in meta.json. And the release's date
 * (dataset.released), which the release writes and meta.json publishes.
 */
import { describe, expect, it } from 'vitest';
import { buildDataset } from '../pipeline/build.ts';
import { compareBundles } from '../pipeline/diff/compare.ts';
import { CHANGES_FILE, changesPath, emitReleaseChanges } from '../pipeline/emit/changes.ts';
import { readSchemaFiles } from '../pipeline/io.ts';
import type { Changelog, MetaFile } from '../pipeline/model/schema-types.ts';
import { setReleased } from '../pipeline/release/prepare.ts';
import { createValidator } from '../pipeline/validate/schemas.ts';
import { repoRoot } from './helpers.ts';
import { literalProject } from './literal-project.ts';
import { bundle } from './diff/bundle.ts';
import { edition } from './literal-fixtures.ts';

const validator = createValidator(readSchemaFiles(repoRoot));
const validate = (schema: string, value: unknown, file: string) => validator.validate(schema, value, file);

/** A changelog as `nuffle diff` writes it: a merge, a rename and a changed text, between `from` and `to`. */
const changelog = (from: string, to: string): Changelog => ({
  from: { datasetVersion: from, schemaVersion: '4.0.0' },
  to: { datasetVersion: to, schemaVersion: '4.0.0' },
  counts: { 'record-merged': 1, 'record-renamed': 1, 'record-changed': 1 },
  changes: [
    {
      kind: 'record-changed',
      id: 'en-2020/dodge',
      summary: 'en-2020: Dodge: text changed',
      fields: [{ field: 'text', before: 'Old.', after: 'New.', words: [{ value: 'New.', op: 'added' }] }],
      previous: null,
    },
    { kind: 'record-merged', id: 'en-2020/stunty', summary: 'en-2020: Titchy merged into Stunty', fields: [], previous: 'en-2020/titchy' },
    { kind: 'record-renamed', id: 'en-2020/side-step', summary: 'en-2020: Sidestep renamed Side Step', fields: [], previous: 'en-2020/sidestep' },
  ],
  warnings: [],
});
const file = (version: string, value: unknown = changelog('0.9.0', version)) => ({
  path: `sources/releases/${version}.json`,
  text: typeof value === 'string' ? value : `${JSON.stringify(value, null, 2)}\n`,
});

describe('the changes of each release, as data', () => {
  it('publishes every release’s file under changes/, the dataset version’s also as changes.json, each with its declaration', () => {
    const { files, diagnostics } = emitReleaseChanges([file('0.9.0', changelog('0.8.0', '0.9.0')), file('1.0.0')], '1.0.0', validate);
    expect(diagnostics).toEqual([]);
    expect([...files.keys()].sort()).toEqual(
      [CHANGES_FILE, `${CHANGES_FILE}.d.ts`, changesPath('0.9.0'), `${changesPath('0.9.0')}.d.ts`, changesPath('1.0.0'), `${changesPath('1.0.0')}.d.ts`].sort(),
    );
    expect(JSON.parse(files.get(CHANGES_FILE)!)).toEqual(changelog('0.9.0', '1.0.0'));
    expect(JSON.parse(files.get(changesPath('0.9.0'))!)).toEqual(changelog('0.8.0', '0.9.0'));
    expect(files.get(`${changesPath('1.0.0')}.d.ts`)).toContain("import type { Changelog } from '../types.js';");
  });

  it('publishes no changes.json when the dataset version has no recorded release yet', () =>
    expect(emitReleaseChanges([file('0.9.0', changelog('0.8.0', '0.9.0'))], '1.0.0', validate).files.has(CHANGES_FILE)).toBe(false));

  it.each([
    ['a file not named after a version', { path: 'sources/releases/latest.json', text: '{}' }, 'releases/bad-name'],
    ['a file that is not JSON', file('1.0.0', '{"from": '), 'releases/invalid-json'],
    ['a file that names the changes to another version', file('1.0.0', changelog('0.8.0', '0.9.0')), 'releases/version-mismatch'],
  ])('refuses %s, at the file, and publishes nothing of it', (_, release, ruleId) => {
    const { files, diagnostics } = emitReleaseChanges([release], '1.0.0', validate);
    expect(files.size).toBe(0);
    expect(diagnostics.map((d) => [d.ruleId, d.file, d.fatal])).toEqual([[ruleId, release.path, true]]);
  });

  it('publishes the changes of a new rules revision, as nuffle diff computes them: an edition added, one removed, one changed', () => {
    const after = bundle();
    after.meta = { ...after.meta, datasetVersion: '1.0.0' };
    after.editions = [...after.editions.filter((e) => e.id !== 'fr-legacy'), edition('en-2028', 'Blood Bowl 2028 (English)', 2028, 'current')];
    Object.assign(after.editions.find((e) => e.id === 'en-traits-alt')!, { status: 'superseded', note: 'The 2025 traits, replaced by the 2028 rules.' });
    const log = compareBundles({ ...bundle(), meta: { ...bundle().meta, datasetVersion: '0.9.0' } }, after);
    expect(log.changes.map((c) => c.kind)).toEqual(['edition-added', 'edition-removed', 'edition-changed']);
    const { files, diagnostics } = emitReleaseChanges([file('1.0.0', log)], '1.0.0', validate);
    expect(diagnostics).toEqual([]);
    expect(JSON.parse(files.get(CHANGES_FILE)!)).toEqual(log);
  });

  it('refuses a file that breaks changes.schema.json, naming the field', () => {
    const broken = { ...changelog('0.9.0', '1.0.0'), changes: [{ kind: 'record-vanished', id: 'x', summary: 'x', fields: [], previous: null }] };
    const { files, diagnostics } = emitReleaseChanges([file('1.0.0', broken)], '1.0.0', validate);
    expect(files.size).toBe(0);
    expect(diagnostics.length).toBeGreaterThan(0);
    expect(diagnostics.every((d) => d.file === 'sources/releases/1.0.0.json' && d.fatal)).toBe(true);
  });

  it('a build of a project with recorded releases publishes them, listed in meta.json with their digests', () => {
    const project = literalProject();
    const result = buildDataset({ ...project, releases: [file('1.0.0', changelog('0.9.0', '1.0.0'))] });
    expect(result.diagnostics.filter((d) => d.fatal)).toEqual([]);
    expect(JSON.parse(result.files.get(CHANGES_FILE) as string)).toEqual(changelog('0.9.0', '1.0.0'));
    const meta = JSON.parse(result.files.get('meta.json') as string) as MetaFile;
    expect(meta.files.map((f) => f.path)).toEqual(expect.arrayContaining([CHANGES_FILE, changesPath('1.0.0'), `${changesPath('1.0.0')}.d.ts`]));
    expect(result.files.get('SHA256SUMS')).toContain(`  ${changesPath('1.0.0')}\n`);
  });
});

describe('the release’s date', () => {
  const manifest = 'dataset:\n  version: 1.0.0        # bump it\n  schemaVersion: 4.0.0\n';

  it('is added under the version, with its indent, every other byte kept', () =>
    expect(setReleased(manifest, 2, undefined, '2026-11-30')).toBe(
      "dataset:\n  version: 1.0.0        # bump it\n  released: 2026-11-30  # the release's date (nuffle release writes it)\n  schemaVersion: 4.0.0\n",
    ));
  it('replaces the date already there', () =>
    expect(setReleased('dataset:\n  version: 1.0.0\n  released: 2025-01-01  # kept\n', 2, 3, '2026-11-30')).toBe(
      'dataset:\n  version: 1.0.0\n  released: 2026-11-30  # kept\n',
    ));
  it('refuses a date that is not YYYY-MM-DD', () => expect(() => setReleased(manifest, 2, undefined, '30/11/2026')).toThrow(/YYYY-MM-DD/));

  it('is published in meta.json from the manifest, and is null before a release dates it', () => {
    const dated = literalProject();
    const text = dated.manifest.text.replace(/^(\s+)version: (.*)$/m, '$1version: $2\n$1released: 2026-11-30');
    const meta = (input: typeof dated) => JSON.parse(buildDataset(input).files.get('meta.json') as string) as MetaFile;
    expect(meta({ ...dated, manifest: { ...dated.manifest, text } }).releaseDate).toBe('2026-11-30');
    expect(meta(literalProject()).releaseDate).toBeNull();
  });
});
