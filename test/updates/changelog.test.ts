/**
 * A rule update, end to end: build, apply a realistic update to a copy of the
 * raw sources (a reworded skill, a new skill taking a slot, a withdrawn FAQ
 * question with its migration, a changed price), rebuild, and read the
 * changelog: it says exactly that, and nothing else.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Changelog } from '../../pipeline/diff/compare.ts';
import type { Migration, Ruling } from '../../pipeline/model/schema-types.ts';
import { addMigrations, copyProject, rulingToWithdraw, runCli, withoutRuling } from '../helpers.ts';
import { setValue } from '../yaml-edit.ts';

const root = copyProject();
const raw = (name: string) => join(root, 'sources/raw', name);
const edit = (path: string, change: (text: string) => string) => {
  const before = readFileSync(path, 'utf8');
  const after = change(before);
  if (after === before) throw new Error(`the edit changed nothing in ${path}`);
  writeFileSync(path, after);
};
let withdrawn: Ruling;
let log: Changelog;
/** The dataset version of the sources, and the release after it (the next patch): the test survives a release. */
const [current, next] = (() => {
  const version = /\n {2}version: (\d+)\.(\d+)\.(\d+)/.exec(readFileSync(join(root, 'sources/manifest.yaml'), 'utf8'))!;
  return [`${version[1]}.${version[2]}.${version[3]}`, `${version[1]}.${version[2]}.${Number(version[3]) + 1}`];
})();
let printed: string;
let markdown: string;

beforeAll(async () => {
  const first = await runCli(['build', '--only', 'data', '--root', root, '--out', join(root, 'old')]);
  if (first.status !== 0) throw new Error(first.stderr);
  const rulings = JSON.parse(readFileSync(join(root, 'old/data/rulings.json'), 'utf8')) as Ruling[];
  // A FAQ ruling the other edits leave alone (the first, in text order).
  withdrawn = rulingToWithdraw(rulings, ['Dodge', 'Sure Feet']);
  edit(raw('en-2020-skills-traits.txt'), (t) => withoutRuling(t, withdrawn));

  // 1. Dodge reworded.
  edit(raw('en-2020-skills-traits.txt'), (t) =>
    t.replace(
      'this player may re-roll a failed Agility test when attempting to Dodge',
      'this player may re-roll one failed Agility test when attempting to Dodge',
    ),
  );
  // 2. A new Blood Bowl skill takes Sure Feet's slot on the agility table; Sure Feet stays in
  //    Dungeon Bowl only (as Kick is Blood Bowl only). Line count kept, so no erratum moves.
  edit(raw('en-2020-skills-traits.txt'), (t) =>
    t
      .replace(
        /(Sure Feet skill can only be used during that player’s activation\.\n\n)Bloodbowlrandom skill: 1d6 "\(4-6\)" \+ 1d6 "6"\nDungeonbowl\n/,
        '$1Dungeonbowlrandom skill: 1d6 "(4-6)" + 1d6 "6"\n\n',
      )
      .replace(/\n*$/, '\n')
      .concat(
        'Sure Stance\nAgility\nWhen this player would be Knocked Down, roll a D6. On a 6, they remain Standing instead.\nBloodbowlrandom skill: 1d6 "(4-6)" + 1d6 "6"\n',
      ),
  );
  // 3. The FAQ question withdrawn above (first, while its lines are those of the build): its published id migrated.
  addMigrations(root, [{ id: withdrawn.id, kind: 'ruling', action: 'deleted', to: null, since: next, note: 'The FAQ withdrew the question.' }]);
  // 4. A price changed.
  edit(raw('inducement-notes.txt'), (t) => t.replace('• One only mutation : +30K', '• One only mutation : +35K'));
  edit(join(root, 'sources/manifest.yaml'), (t) => setValue(t, ['dataset', 'version'], next));

  const second = await runCli(['build', '--only', 'data', '--root', root, '--out', join(root, 'new')]);
  if (second.status !== 0) throw new Error(second.stderr);
  const diff = await runCli(['diff', join(root, 'old/data'), join(root, 'new/data'), '--out', join(root, 'changes')]);
  if (diff.status !== 0) throw new Error(diff.stderr);
  printed = diff.stdout;
  log = JSON.parse(readFileSync(join(root, 'changes/changes.json'), 'utf8')) as Changelog;
  markdown = readFileSync(join(root, 'changes/CHANGES.md'), 'utf8');
}, 120_000);

describe('the changelog of a rule update', () => {
  it('lists exactly the update, nothing else', () => {
    const priceList = log.changes.find((c) => c.kind === 'price-changed')!;
    expect(log.changes.map((c) => [c.kind, c.id])).toEqual([
      ['record-added', 'en-2020/sure-stance'],
      ['record-changed', 'en-2020/dodge'],
      ['record-changed', 'en-2020/sure-feet'],
      ['crosswalk-added', 'en-2020/sure-stance'],
      ['concept-added', 'sure-stance'],
      ['ruling-removed', withdrawn.id],
      ['slot-moved', 'en-2020/blood-bowl/agility 4-6·6'],
      ['price-changed', priceList.id],
      ['migration-added', withdrawn.id],
    ]);
    expect(log.from.datasetVersion).not.toBe(log.to.datasetVersion);
  });

  it('gives the reworded text as a word diff', () => {
    const dodge = log.changes.find((c) => c.id === 'en-2020/dodge')!;
    expect(dodge.fields.map((f) => f.field)).toEqual(['text']);
    const words = dodge.fields[0]!.words!;
    expect(words.filter((w) => w.op === 'removed').map((w) => w.value.trim())).toEqual(['a']);
    expect(words.filter((w) => w.op === 'added').map((w) => w.value.trim())).toEqual(['one']);
    expect(markdown).toContain('may re-roll ~~a~~ **one** failed Agility test');
  });

  it('says which slot moved, from what to what, and that Sure Feet left Blood Bowl', () => {
    const slot = log.changes.find((x) => x.kind === 'slot-moved')!;
    expect(slot.fields).toEqual([{ field: 'record', before: 'en-2020/sure-feet', after: 'en-2020/sure-stance', words: null }]);
    const sureFeet = log.changes.find((x) => x.id === 'en-2020/sure-feet')!;
    expect(sureFeet.fields).toEqual([{ field: 'games', before: ['blood-bowl', 'dungeon-bowl'], after: ['dungeon-bowl'], words: null }]);
  });

  it('gives the price item that changed, and its new cost', () => {
    const price = log.changes.find((c) => c.kind === 'price-changed')!;
    expect(price.fields.find((f) => f.field === 'cost')).toEqual({ field: 'cost', before: 30000, after: 35000, words: null });
    expect(price.summary).toContain('One only mutation : +35K');
  });

  it('names the withdrawn ruling and the migration a downstream app follows', () => {
    expect(log.changes.find((c) => c.kind === 'ruling-removed')!.summary).toContain(withdrawn.question.slice(0, 40));
    const migrations = (file: string) => JSON.parse(readFileSync(join(root, file, 'data/migrations.json'), 'utf8')) as Migration[];
    // The migration published after those of earlier releases.
    expect(migrations('new')).toEqual([
      ...migrations('old'),
      { id: withdrawn.id, kind: 'ruling', action: 'deleted', to: null, since: next, note: 'The FAQ withdrew the question.' },
    ]);
  });

  it('prints a one-line summary, and CHANGES.md reads by kind', () => {
    expect(printed.trim().split('\n').at(-2)).toBe(
      `9 changes (${current} → ${next}): 1 record added, 2 records changed, 1 row added to the crosswalk, 1 concept added, 1 ruling removed, 1 slot moved, 1 price changed, 1 id migrated`,
    );
    expect(markdown.startsWith(`# Changes ${current} → ${next}\n`)).toBe(true);
    for (const heading of ['## Records added', '## Records changed', '## Rulings removed', '## Random-table slots moved', '## Price lists changed'])
      expect(markdown).toContain(heading);
  });

  it('turns chosen kinds of change into exit 1 for a CI gate, and refuses unknown kinds', async () => {
    const gate = (kinds: string) => runCli(['diff', join(root, 'old/data'), join(root, 'new/data'), '--quiet', '--fail-on', kinds]);
    expect((await gate('relation,confidence')).status).toBe(0);
    const removed = await gate('removed');
    expect(removed.status).toBe(1);
    expect(removed.stderr).toContain('1 change of a --fail-on kind (removed)');
    expect((await gate('price')).status).toBe(1);
    expect((await gate('colour')).status).toBe(2);
    expect((await runCli(['diff', join(root, 'old/data'), join(root, 'old/data')])).stdout).toContain(`no record changed (${current} → ${current})`);
  });
});
