/**
 * Ids that never break: sources/ids.lock, migrations, --update-lock, and
 * ruling ids that survive edits elsewhere.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import type { Changelog } from '../../pipeline/diff/compare.ts';
import type { Ruling } from '../../pipeline/model/schema-types.ts';
import { checkIds, lockText, parseLock } from '../../pipeline/validate/ids.ts';
import { addMigrations, copyProject, realBuild, repoRoot, rulingToWithdraw, runCli, treeDigest, withoutRuling } from '../helpers.ts';

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

  it('fails the build when a published id disappears, at its lock line, with the migration to write; dist/ stays', () => {
    const root = copyProject();
    expect(build(root).status).toBe(0);
    const before = treeDigest(join(root, 'dist'));
    const gone = rulingToWithdraw(rulingsOf(join(root, 'dist')));
    edit(join(root, 'sources/raw/en-2020-skills-traits.txt'), (t) => withoutRuling(t, gone));
    const result = build(root);
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
    expect(build(root).status).toBe(0);
    const published = JSON.parse(read(join(root, 'dist/data/migrations.json'))) as unknown[];
    expect(published).toContainEqual(migration);
    expect(published).toHaveLength(released.length + 1);
  });

  it('refuses a migration to an id that does not exist, and one for an id that still exists', () => {
    const root = copyProject();
    addMigrations(root, [
      { id: 'en-2020/dodge', kind: 'record', action: 'deleted', to: null, since: VERSION, note: 'Still here.' },
      { id: 'en-2020/old-name', kind: 'record', action: 'renamed', to: 'en-2020/no-such-record', since: VERSION, note: 'Renamed.' },
    ]);
    const result = build(root);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /sources\/annotations\/migrations\.yaml:\d+:\d+ error A migration retires record en-2020\/dodge, but the data still has it \[migrations\/stale\]/,
    );
    expect(result.stderr).toMatch(
      /sources\/annotations\/migrations\.yaml:\d+:\d+ error Migration of en-2020\/old-name: renamed to record en-2020\/no-such-record, which the data does not have \[migrations\/bad-target\]/,
    );
  });

  it('adds new ids only with --update-lock, and never drops one', () => {
    const root = copyProject();
    edit(
      join(root, 'sources/raw/en-2020-skills-traits.txt'),
      (t) =>
        t
          .replace(
            /(Sure Feet skill can only be used during that player’s activation\.\n\n)Bloodbowlrandom skill: 1d6 "\(4-6\)" \+ 1d6 "6"\nDungeonbowl\n/,
            '$1Dungeonbowlrandom skill: 1d6 "(4-6)" + 1d6 "6"\n\n',
          )
          .replace(/\n*$/, '\n') +
        'Sure Stance\nAgility\nWhen this player would be Knocked Down, roll a D6. On a 6, they remain Standing instead.\nBloodbowlrandom skill: 1d6 "(4-6)" + 1d6 "6"\n',
    );
    const lock = join(root, 'sources/ids.lock');
    const before = read(lock);
    const plain = build(root);
    expect(plain.status).toBe(0);
    expect(plain.stdout).toContain('2 new ids are not in the lock: concept sure-stance, record en-2020/sure-stance [ids/not-locked]');
    expect(read(lock)).toBe(before);
    const updated = build(root, '--update-lock');
    expect(updated.stdout).toContain('sources/ids.lock: 2 new ids locked; review and commit it');
    const added = read(lock)
      .split('\n')
      .filter((l) => !before.split('\n').includes(l));
    // Each new id is stamped with the dataset version that first publishes it.
    expect(added).toEqual([`concept sure-stance ${VERSION}`, `record en-2020/sure-stance ${VERSION}`]);
    for (const line of before.split('\n')) expect(read(lock).split('\n')).toContain(line);
    expect(build(root, '--update-lock').stdout).toContain('every published id is locked already');
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
      ['ids/no-lock', false, 'sources/ids.lock', 'run nuffle build --update-lock and commit sources/ids.lock'],
    ]);
  });
});

describe('ruling ids', () => {
  it('survive edits elsewhere: another entry reworded, a ruling moved down, a typo fixed in an answer', () => {
    const root = copyProject();
    expect(build(root).status).toBe(0);
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
    expect(build(root, '--out', join(root, 'after')).status).toBe(0);
    const after = rulingsOf(join(root, 'after'));
    expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id));
    const moved = after.find((r) => r.question.startsWith('Can any of the Passing skills'))!;
    expect(moved.source.lines[0]).toBe(before.find((r) => r.id === moved.id)!.source.lines[0] + 2);
    const diff = runCli(['diff', join(root, 'dist/data'), join(root, 'after/data'), '--out', join(root, 'changes')]);
    const log = JSON.parse(read(join(root, 'changes/changes.json'))) as Changelog;
    expect(diff.status).toBe(0);
    expect(log.changes.filter((c) => c.kind.startsWith('ruling-')).map((c) => [c.kind, c.fields.map((f) => f.field)])).toEqual([
      ['ruling-changed', ['answer']],
    ]);
  });

  it('a reworded question is reported as a changed ruling, not removed and added; its new id needs a migration', () => {
    const root = copyProject();
    expect(build(root).status).toBe(0);
    const old = rulingsOf(join(root, 'dist')).find((r) => r.question.startsWith('Can the Sure Feet skill be used on moves outside'))!;
    edit(join(root, 'sources/raw/en-2020-skills-traits.txt'), (t) =>
      t.replace(
        'Q: Can the Sure Feet skill be used on moves outside of a player’s activation',
        'Q: May the Sure Feet skill be used on moves made outside of a player’s activation',
      ),
    );
    const failed = build(root, '--out', join(root, 'after'));
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain(`Published ruling id ${old.id} is gone [ids/missing]`);
    // The new id, as a build without the lock gives it.
    const probe = copyProject();
    writeFileSync(join(probe, 'sources/raw/en-2020-skills-traits.txt'), read(join(root, 'sources/raw/en-2020-skills-traits.txt')));
    writeFileSync(join(probe, 'sources/ids.lock'), '');
    expect(build(probe).status).toBe(0);
    const renamed = rulingsOf(join(probe, 'dist')).find((r) => r.question.startsWith('May the Sure Feet skill'))!;
    // The maintainer records the rename; the build passes and the diff pairs the two ids.
    expect(renamed.id).not.toBe(old.id);
    addMigrations(root, [{ id: old.id, kind: 'ruling', action: 'renamed', to: renamed.id, since: VERSION, note: 'The question was reworded.' }]);
    expect(build(root, '--out', join(root, 'after')).status).toBe(0);
    runCli(['diff', join(root, 'dist/data'), join(root, 'after/data'), '--out', join(root, 'changes')]);
    const log = JSON.parse(read(join(root, 'changes/changes.json'))) as Changelog;
    const rulings = log.changes.filter((c) => c.kind.startsWith('ruling-'));
    expect(rulings.map((c) => [c.kind, c.id, c.previous, c.fields.map((f) => f.field)])).toEqual([['ruling-changed', renamed.id, old.id, ['question']]]);
    expect(rulings[0]!.summary).toContain('question reworded');
  });
});
