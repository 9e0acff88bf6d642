/**
 * Ids that never break: sources/ids.lock, migrations, the lock written by nuffle release, and
 * ruling ids that survive edits elsewhere.
 */
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import type { Changelog } from '../../pipeline/diff/compare.ts';
import type { Ruling } from '../../pipeline/model/schema-types.ts';
import { checkIds, lockText, parseLock } from '../../pipeline/validate/ids.ts';
import { addMigrations, copyProject, realBuild, repoRoot, rulingToWithdraw, runCli, treeDigest, withoutRuling } from '../helpers.ts';
import { stampAll, tinyProject } from '../tiny-project.ts';

const read = (path: string) => readFileSync(path, 'utf8');
const edit = (path: string, change: (text: string) => string) => {
  const before = read(path);
  const after = change(before);
  if (after === before) throw new Error(`the edit changed nothing in ${path}`);
  writeFileSync(path, after);
};
const build = (root: string, ...extra: string[]) => runCli(['build', '--only', 'data', '--root', root, ...extra]);
const rulingsOf = (dir: string) => JSON.parse(read(join(dir, 'data/rulings.json'))) as Ruling[];
/** The dataset version being built: what a migration written in this release gives as `since`. */
const VERSION = (parseYaml(read(join(repoRoot, 'sources/manifest.yaml'))) as { dataset: { version: string } }).dataset.version;

describe('sources/ids.lock', () => {
  it('locks every id the data publishes, and nothing is waiting to be locked', () => {
    const text = read(join(repoRoot, 'sources/ids.lock'));
    const { entries, diagnostics } = parseLock(text, 'sources/ids.lock');
    expect(diagnostics).toEqual([]);
    expect(lockText(entries, realBuild().ids.published)).toBe(text);
    expect(realBuild().diagnostics.filter((d) => d.ruleId.startsWith('ids/'))).toEqual([]);
    const golden = JSON.parse(read(join(repoRoot, 'test/golden/published-ids.json'))) as Record<string, Record<string, string>>;
    const locked = new Set(entries.map((e) => e.id));
    for (const ids of Object.values(golden)) for (const id of Object.keys(ids)) expect(locked.has(id), id).toBe(true);
  });

  it('fails the build when a published id disappears, at its lock line, with the migration to write; dist/ stays', async () => {
    const root = copyProject();
    expect((await build(root)).status).toBe(0);
    const before = treeDigest(join(root, 'dist'));
    const gone = rulingToWithdraw(rulingsOf(join(root, 'dist')));
    edit(join(root, 'sources/raw/en-2020-skills-traits.txt'), (t) => withoutRuling(t, gone));
    const result = await build(root);
    expect(result.status).toBe(1);
    const line = read(join(root, 'sources/ids.lock')).split('\n').indexOf(`ruling ${gone.id}`) + 1;
    expect(line).toBeGreaterThan(0);
    expect(result.stderr).toContain(`sources/ids.lock:${line}:1 error Published ruling id ${gone.id} is gone [ids/missing]`);
    expect(result.stderr).toContain(`expected: the id back, or a migration in sources/annotations/migrations.yaml:\n    - id: ${gone.id}\n      kind: ruling`);
    expect(treeDigest(join(root, 'dist'))).toEqual(before);

    // The migration it asked for makes the build pass, and is published beside those released before.
    const migration = { id: gone.id, kind: 'ruling', action: 'deleted', to: null, since: VERSION, note: 'Withdrawn from the FAQ.' };
    const released = JSON.parse(read(join(root, 'dist/data/migrations.json'))) as unknown[];
    addMigrations(root, [migration]);
    expect((await build(root)).status).toBe(0);
    const published = JSON.parse(read(join(root, 'dist/data/migrations.json'))) as unknown[];
    expect(published).toContainEqual(migration);
    expect(published).toHaveLength(released.length + 1);
  });

  it('refuses a migration to an id that does not exist, and one for an id that still exists', async () => {
    const root = copyProject();
    // en-2020/old-name was published once (a migration names an id the lock lists).
    edit(join(root, 'sources/ids.lock'), (t) => `${t}record en-2020/old-name\n`);
    addMigrations(root, [
      { id: 'en-2020/dodge', kind: 'record', action: 'deleted', to: null, since: VERSION, note: 'Still here.' },
      { id: 'en-2020/old-name', kind: 'record', action: 'renamed', to: 'en-2020/no-such-record', since: VERSION, note: 'Renamed.' },
    ]);
    const result = await build(root);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /sources\/annotations\/migrations\.yaml:\d+:\d+ error A migration retires record en-2020\/dodge, but the data still has it \[migrations\/stale\]/,
    );
    expect(result.stderr).toMatch(
      /sources\/annotations\/migrations\.yaml:\d+:\d+ error Migration of en-2020\/old-name: renamed to record en-2020\/no-such-record, which the data does not have \[migrations\/bad-target\]/,
    );
  });

  it('locks new ids one way, through nuffle release, stamped with the version it releases; never drops one', async () => {
    const root = tinyProject();
    stampAll(root);
    const first = await runCli(['release', '--root', root]);
    expect(first.status, first.stderr).toBe(0);
    const lock = join(root, 'sources/ids.lock');
    const before = read(lock);
    expect(before).toContain('concept stunty 1.0.0\n');
    appendFileSync(
      join(root, 'sources/raw/en-2020-skills-traits.txt'),
      '\nSure Stance\nTraits\nThis player stays Standing on a 6.\nBloodbowlnone\nDungeonbowl\n',
    );
    const plain = await build(root);
    expect(plain.status).toBe(0);
    expect(plain.stdout).toContain('2 new ids are not in the lock: concept sure-stance, record en-2020/sure-stance [ids/not-locked]');
    expect(plain.stdout).toContain('expected: nothing to do now: nuffle release locks them, stamped with the version it releases');
    expect(read(lock)).toBe(before);
    const old = await build(root, '--update-lock');
    expect([old.status, old.stderr.split('\n')[0]]).toEqual([
      2,
      'nuffle build: --update-lock is gone: nuffle release locks the new ids, stamped with the version it releases',
    ]);
    const released = await runCli(['release', '--root', root]);
    expect(released.status, released.stderr).toBe(0);
    expect(released.stdout).toContain('release 1.0.0 → 1.1.0 (minor: something was added or moved)');
    const added = read(lock)
      .split('\n')
      .filter((l) => !before.split('\n').includes(l));
    // Stamped with the version being released, never with the one before it.
    expect(added).toEqual(['concept sure-stance 1.1.0', 'record en-2020/sure-stance 1.1.0']);
    for (const line of before.split('\n')) expect(read(lock).split('\n')).toContain(line);
    expect((await build(root)).stdout).not.toContain('ids/not-locked');
  });
});

describe('a project without a lock', () => {
  it('is warned that its published ids are not protected (ids/no-lock)', () => {
    const diagnostics = checkIds({
      lock: null,
      published: [{ kind: 'record', id: 'en-2020/dodge' }],
      migrations: [],
      migrationsFile: 'm.yaml',
      locateMigration: () => null,
      datasetVersion: '0.2.0',
    });
    expect(diagnostics.map((d) => [d.ruleId, d.fatal, d.file, d.expected])).toEqual([
      ['ids/no-lock', false, 'sources/ids.lock', "nuffle release writes it (a first release locks every id, stamped with the manifest's version); commit it"],
    ]);
  });
});

describe('ruling ids', () => {
  it('survive edits elsewhere: another entry reworded, a ruling moved down, a typo fixed in an answer', async () => {
    const root = copyProject();
    expect((await build(root)).status).toBe(0);
    const before = rulingsOf(join(root, 'dist'));
    const raw = join(root, 'sources/raw/en-2020-skills-traits.txt');
    edit(raw, (t) =>
      t
        // reword another entry (Dodge's text)
        .replace('may re-roll a failed Agility test when attempting to Dodge', 'may re-roll one failed Agility test when attempting to Dodge')
        // fix a typo in an answer: the answer to Sure Feet's question
        .replace('A: No. The Sure Feet skill can only be used during', 'A: No. The Sure Feet skill may only be used during')
        // move the last ruling down by two lines (a longer rule text above it)
        .replace('Timmm-ber!\nTraits\n', 'Timmm-ber!\nTraits\nA first new paragraph of rule text.\nA second new paragraph of rule text.\n'),
    );
    expect((await build(root, '--out', join(root, 'after'))).status).toBe(0);
    const after = rulingsOf(join(root, 'after'));
    expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id));
    const moved = after.find((r) => r.question.startsWith('Can any of the Passing skills'))!;
    expect(moved.source.lines[0]).toBe(before.find((r) => r.id === moved.id)!.source.lines[0] + 2);
    const diff = await runCli(['diff', join(root, 'dist/data'), join(root, 'after/data'), '--out', join(root, 'changes')]);
    const log = JSON.parse(read(join(root, 'changes/changes.json'))) as Changelog;
    expect(diff.status).toBe(0);
    expect(log.changes.filter((c) => c.kind.startsWith('ruling-')).map((c) => [c.kind, c.fields.map((f) => f.field)])).toEqual([
      ['ruling-changed', ['answer']],
    ]);
  });

  it('a reworded question is reported as a changed ruling, not removed and added; its new id needs a migration', async () => {
    const root = copyProject();
    expect((await build(root)).status).toBe(0);
    const old = rulingsOf(join(root, 'dist')).find((r) => r.question.startsWith('Can the Sure Feet skill be used on moves outside'))!;
    edit(join(root, 'sources/raw/en-2020-skills-traits.txt'), (t) =>
      t.replace(
        'Q: Can the Sure Feet skill be used on moves outside of a player’s activation',
        'Q: May the Sure Feet skill be used on moves made outside of a player’s activation',
      ),
    );
    const failed = await build(root, '--out', join(root, 'after'));
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain(`Published ruling id ${old.id} is gone [ids/missing]`);
    // The new id, as a build without the lock gives it.
    const probe = copyProject();
    writeFileSync(join(probe, 'sources/raw/en-2020-skills-traits.txt'), read(join(root, 'sources/raw/en-2020-skills-traits.txt')));
    writeFileSync(join(probe, 'sources/ids.lock'), '');
    expect((await build(probe)).status).toBe(0);
    const renamed = rulingsOf(join(probe, 'dist')).find((r) => r.question.startsWith('May the Sure Feet skill'))!;
    // The maintainer records the rename; the build passes and the diff pairs the two ids.
    expect(renamed.id).not.toBe(old.id);
    addMigrations(root, [{ id: old.id, kind: 'ruling', action: 'renamed', to: renamed.id, since: VERSION, note: 'The question was reworded.' }]);
    expect((await build(root, '--out', join(root, 'after'))).status).toBe(0);
    await runCli(['diff', join(root, 'dist/data'), join(root, 'after/data'), '--out', join(root, 'changes')]);
    const log = JSON.parse(read(join(root, 'changes/changes.json'))) as Changelog;
    const rulings = log.changes.filter((c) => c.kind.startsWith('ruling-'));
    expect(rulings.map((c) => [c.kind, c.id, c.previous, c.fields.map((f) => f.field)])).toEqual([['ruling-changed', renamed.id, old.id, ['question']]]);
    expect(rulings[0]!.summary).toContain('question reworded');
  });
});
