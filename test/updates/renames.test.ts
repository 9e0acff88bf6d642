/**
 * A renamed record keeps its published id (or is migrated on purpose), and
 * every migration is checked against the release being built.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { buildDataset } from '../../pipeline/build.ts';
import { readProject } from '../../pipeline/cli.ts';
import type { Concept, Migration, Skill } from '../../pipeline/model/schema-types.ts';
import { checkMigrations, compareVersions, likelyRename, type RecordShape } from '../../pipeline/validate/ids.ts';
import { addMigrations, copyProject, realData, repoRoot, runCli } from '../helpers.ts';
import { editYamlFile, setField } from '../yaml-edit.ts';

const read = (path: string) => readFileSync(path, 'utf8');
const VERSION = (parseYaml(read(join(repoRoot, 'sources/manifest.yaml'))) as { dataset: { version: string } }).dataset.version;
const build = (root: string, ...extra: string[]) => runCli(['build', '--only', 'data', '--root', root, ...extra]);
const edit = (path: string, change: (text: string) => string) => {
  const before = read(path);
  const after = change(before);
  if (after === before) throw new Error(`the edit changed nothing in ${path}`);
  writeFileSync(path, after);
};
const renameSidestep = (root: string) => edit(join(root, 'sources/raw/en-2020-skills-traits.txt'), (t) => t.replace(/^Sidestep$/m, 'Side Step'));

describe('a renamed record', () => {
  it('is reported as a likely rename, with both fixes to paste; keeping the id keeps the record and its concept', async () => {
    const root = copyProject();
    expect((await build(root)).status).toBe(0);
    renameSidestep(root);
    const failed = await build(root);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toMatch(
      /Published record id en-2020\/sidestep is gone; it looks like a rename to en-2020\/side-step \(the same random-table slots\) \[ids\/missing\]/,
    );
    expect(failed.stderr).toContain('keep:\n      - id: en-2020/sidestep\n        name: "Side Step"');
    expect(failed.stderr).toContain('action: renamed\n        to: en-2020/side-step');

    // The first fix, pasted as printed.
    addMigrations(root, [{ id: 'en-2020/sidestep', name: 'Side Step', since: VERSION, note: 'Spelt as two words.' }], 'keep');
    const kept = await build(root);
    expect(kept.status, kept.stderr).toBe(0);
    const skills = JSON.parse(read(join(root, 'dist/data/skills.json'))) as Skill[];
    const sidestep = skills.find((s) => s.id === 'en-2020/sidestep')!;
    expect(sidestep.name).toBe('Side Step');
    expect(skills.some((s) => s.id === 'en-2020/side-step')).toBe(false);
    const concepts = JSON.parse(read(join(root, 'dist/data/concepts.json'))) as Concept[];
    expect(concepts.find((c) => c.id === 'sidestep')).toMatchObject({ name: 'Side Step', records: expect.arrayContaining(['en-2020/sidestep']) });
    expect(kept.stdout).not.toContain('ids/not-locked');
  });

  it('can be migrated to the new id instead: the migration is published', async () => {
    const root = copyProject();
    renameSidestep(root);
    addMigrations(root, [
      { id: 'en-2020/sidestep', kind: 'record', action: 'renamed', to: 'en-2020/side-step', since: VERSION, note: 'Spelt as two words.' },
      { id: 'sidestep', kind: 'concept', action: 'renamed', to: 'side-step', since: VERSION, note: 'Spelt as two words.' },
    ]);
    // Rows of other editions that linked to the old concept id follow it.
    editYamlFile(join(root, 'sources/annotations/crosswalk.yaml'), (t) => setField(t, ['links'], { concept: 'sidestep' }, 'concept', 'side-step'));
    const result = await build(root);
    expect(result.status, result.stderr).toBe(0);
    const published = (JSON.parse(read(join(root, 'dist/data/migrations.json'))) as Migration[]).map((m) => [m.id, m.to]);
    expect(published).toEqual(
      expect.arrayContaining([
        ['en-2020/sidestep', 'en-2020/side-step'],
        ['sidestep', 'side-step'],
      ]),
    );
    expect(published).toHaveLength(realData<Migration[]>('migrations.json').length + 2);
  });

  it('refuses a migration to an id that was published before: Sidestep never became Sure Feet', async () => {
    const root = copyProject();
    renameSidestep(root);
    addMigrations(root, [{ id: 'en-2020/sidestep', kind: 'record', action: 'renamed', to: 'en-2020/sure-feet', since: VERSION, note: 'Wrong id pasted.' }]);
    const result = await build(root);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /migrations\.yaml:\d+:\d+ error Migration of en-2020\/sidestep: renamed to en-2020\/sure-feet, which was published before this release.*\[migrations\/bad-target\]/,
    );
  });

  it('a keep entry that names no record, and one whose old spelling is still there, are errors at the entry', async () => {
    const root = copyProject();
    addMigrations(
      root,
      [
        { id: 'en-2020/sidestep', name: 'Side Steps', since: VERSION, note: 'Typo in the name.' },
        { id: 'en-2020/dodge', name: 'Sidestep', since: VERSION, note: 'Kept over a record that still has its id.' },
      ],
      'keep',
    );
    const result = await build(root);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/migrations\.yaml:\d+:\d+ error keep: no record of en-2020 is named "Side Steps".*\[ids\/keep-unmatched\]/);
    expect(result.stderr).toMatch(/migrations\.yaml:\d+:\d+ error keep: en-2020\/dodge would name two records.*\[ids\/keep-conflict\]/);
  });
});

describe('migration checks', () => {
  const published = [
    { kind: 'record' as const, id: 'en-2020/sure-feet' },
    { kind: 'record' as const, id: 'en-2020/side-step' },
    { kind: 'record' as const, id: 'fr-legacy/pas-de-cote' },
  ];
  const lock = {
    file: 'ids.lock',
    entries: [
      { kind: 'record' as const, id: 'en-2020/sure-feet', line: 4 },
      { kind: 'record' as const, id: 'en-2020/sidestep', line: 5 },
      { kind: 'record' as const, id: 'en-2020/side-step', line: 6, since: '0.3.0' },
    ],
  };
  const check = (m: Partial<Migration>) =>
    checkMigrations({
      lock,
      published,
      migrations: [{ id: 'en-2020/sidestep', kind: 'record', action: 'renamed', to: 'en-2020/side-step', since: '0.3.0', note: 'n', ...m }],
      migrationsFile: 'm.yaml',
      locateMigration: () => null,
      datasetVersion: '0.3.0',
    }).map((d) => d.ruleId);

  it('accepts a rename to an id new in this release, of the same edition', () => expect(check({})).toEqual([]));
  it('refuses a rename to an id locked before this release', () => expect(check({ to: 'en-2020/sure-feet' })).toEqual(['migrations/bad-target']));
  it('refuses a rename to another edition', () => expect(check({ to: 'fr-legacy/pas-de-cote' })).toEqual(['migrations/bad-target']));
  it('accepts a merge into a surviving id published before', () => expect(check({ action: 'merged', to: 'en-2020/sure-feet' })).toEqual([]));
  it('refuses a merge into an id the data does not have', () => expect(check({ action: 'merged', to: 'en-2020/gone' })).toEqual(['migrations/bad-target']));
  it('refuses a deletion that points somewhere', () => expect(check({ action: 'deleted' })).toEqual(['migrations/bad-target']));
  it('refuses a since later than the version being built', () =>
    expect(check({ action: 'deleted', to: null, since: '0.4.0' })).toEqual(['migrations/bad-since']));
  it('refuses a rename to an id new in this release dated to an earlier one', () => expect(check({ since: '0.2.0' })).toEqual(['migrations/bad-since']));
  it('accepts an old deletion with an earlier since', () => expect(check({ action: 'deleted', to: null, since: '0.1.0' })).toEqual([]));
});

describe('rename detection', () => {
  const shape = (name: string, text: string, slots: string[] = []): RecordShape => ({ name, kind: 'skill', text, slots });
  const fresh = [
    { kind: 'record' as const, id: 'en-2020/side-step' },
    { kind: 'record' as const, id: 'en-2020/stand-firm' },
  ];
  const now = new Map([
    ['en-2020/side-step', shape('Side Step', 'This player may choose the square they are pushed into.', ['blood-bowl agility 4-6·4'])],
    ['en-2020/stand-firm', shape('Stand Firm', 'This player may choose not to be pushed back.', ['blood-bowl strength 4-6·5'])],
  ]);

  it('pairs through the same random-table slots', () =>
    expect(
      likelyRename('en-2020/sidestep', fresh, {
        now,
        before: new Map([['en-2020/sidestep', shape('Sidestep', 'Entirely different words.', ['blood-bowl agility 4-6·4'])]]),
      })?.id,
    ).toBe('en-2020/side-step'));
  it('pairs through mostly the same text', () =>
    expect(
      likelyRename('en-2020/firm', fresh, { now, before: new Map([['en-2020/firm', shape('Firm', 'This player may choose not to be pushed back at all.')]]) })
        ?.id,
    ).toBe('en-2020/stand-firm'));
  it('pairs through the same letters without a previous build', () => expect(likelyRename('en-2020/sidestep', fresh, { now })?.id).toBe('en-2020/side-step'));
  it('pairs nothing across editions, or when nothing looks alike', () => {
    expect(likelyRename('fr-legacy/sidestep', fresh, { now })).toBeNull();
    expect(likelyRename('en-2020/dodge', fresh, { now })).toBeNull();
  });
});

describe('versions', () => {
  it('orders versions as semver does', () => {
    expect(compareVersions('0.10.0', '0.9.9')).toBeGreaterThan(0);
    expect(compareVersions('1.0.0-rc.1', '1.0.0')).toBeLessThan(0);
    expect(compareVersions('0.3.0', '0.3.0')).toBe(0);
  });

  it('the package and the manifest must say the same version', () => {
    const input = readProject(repoRoot);
    const result = buildDataset({ ...input, packageVersion: '9.9.9' });
    expect(result.summary).toBeNull();
    expect(result.diagnostics).toContainEqual(expect.objectContaining({ ruleId: 'manifest/version-mismatch', file: 'sources/manifest.yaml' }));
    expect(buildDataset(input).diagnostics.filter((d) => d.ruleId === 'manifest/version-mismatch')).toEqual([]);
  });
});
