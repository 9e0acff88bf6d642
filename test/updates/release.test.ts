/**
 * `nuffle release`: the bump the changes call for, the version written
 * everywhere it lives, the changelog, the lock and the golden files; and
 * never a release from sources with errors.
 */
import { cpSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { bumpOf, filesBump, largerBump, nextVersion, proposeBump } from '../../pipeline/diff/bump.ts';
import type { MetaFile } from '../../pipeline/model/schema-types.ts';
import type { Change, Changelog } from '../../pipeline/diff/compare.ts';
import { afterReleaseText, prependChangelog, setLockVersion, setPackageVersion, setYamlScalar } from '../../pipeline/release/prepare.ts';
import { addMigrations, copyProject, repoRoot, runCli, treeDigest } from '../helpers.ts';
import { removeEntries } from '../yaml-edit.ts';

const read = (path: string) => readFileSync(path, 'utf8');
const edit = (path: string, change: (text: string) => string) => {
  const before = read(path);
  const after = change(before);
  if (after === before) throw new Error(`the edit changed nothing in ${path}`);
  writeFileSync(path, after);
};
const manifestVersion = (root: string) => (parseYaml(read(join(root, 'sources/manifest.yaml'))) as { dataset: { version: string } }).dataset.version;

/** A copy of the project with what a release reads and writes beside sources/: the golden snapshot, package.json, its lock, CHANGELOG.md. */
function releaseProject(): string {
  const root = copyProject();
  cpSync(join(repoRoot, 'test/golden'), join(root, 'test/golden'), { recursive: true });
  for (const file of ['package.json', 'package-lock.json', 'CHANGELOG.md']) cpSync(join(repoRoot, file), join(root, file));
  return root;
}
const release = (root: string, ...extra: string[]) => runCli(['release', '--root', root, ...extra]);

/** The trait Swarming withdrawn from the English text, its compulsory reviews (if any) with it, and its record and concept migrated (`deleted`) as of `since`. */
function withdrawSwarming(root: string, since: string): void {
  edit(join(root, 'sources/raw/en-2020-skills-traits.txt'), (t) => t.replace(/\nSwarming\nTraits\n[\s\S]*?\nBloodbowlnone\nDungeonbowl\n/, '\n'));
  const compulsory = join(root, 'sources/annotations/compulsory.yaml');
  writeFileSync(compulsory, removeEntries(read(compulsory), ['reviewed'], { record: 'en-2020/swarming' }, { ifAny: true }));
  addMigrations(root, [
    { id: 'en-2020/swarming', kind: 'record', action: 'deleted', to: null, since, note: 'Withdrawn.' },
    { id: 'swarming', kind: 'concept', action: 'deleted', to: null, since, note: 'Withdrawn.' },
  ]);
}

describe('nuffle release', () => {
  it('has nothing to release when the sources are the released ones, and writes nothing', async () => {
    const root = releaseProject();
    const before = treeDigest(root);
    const run = await release(root);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(`nothing changed since ${manifestVersion(root)}`);
    expect(treeDigest(root)).toEqual(before);
  });

  it('a wording fix is a patch: the version is written into the manifest, package.json, the changelog and the golden files', async () => {
    const root = releaseProject();
    const from = manifestVersion(root);
    const to = nextVersion(from, 'patch');
    edit(join(root, 'sources/raw/en-2020-skills-traits.txt'), (t) =>
      t.replace('may re-roll a failed Agility test when attempting to Dodge', 'may re-roll one failed Agility test when attempting to Dodge'),
    );
    const run = await release(root);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(`release ${from} → ${to} (patch: only wording changed)`);
    // The published files' schema is named only when it changed.
    expect(run.stdout).not.toContain('the published files: schema');
    // It ends with the steps docs/MAINTAINING.md gives, the golden step first.
    expect(run.stdout.trimEnd().endsWith(afterReleaseText(to))).toBe(true);
    expect(manifestVersion(root)).toBe(to);
    expect(JSON.parse(read(join(root, 'package.json'))).version).toBe(to);
    const lock = JSON.parse(read(join(root, 'package-lock.json'))) as { version: string; packages: Record<string, { version: string }> };
    expect([lock.version, lock.packages['']!.version]).toEqual([to, to]);
    expect(read(join(root, 'CHANGELOG.md'))).toMatch(
      new RegExp(`^# Changelog\\n[\\s\\S]*?\\n## ${to.replace(/\./g, '\\.')}\\n[\\s\\S]*Dodge[\\s\\S]*\\n## ${from.replace(/\./g, '\\.')}\\n`),
    );
    expect(JSON.parse(read(join(root, 'test/golden/release/meta.json'))).datasetVersion).toBe(to);
    expect(JSON.parse(read(join(root, 'test/golden/data-digests.json'))).datasetVersion).toBe(to);
    // The released sources build, and a second release finds nothing new.
    expect((await runCli(['build', '--only', 'data', '--root', root])).status).toBe(0);
    // The recorded digests are those of the data every later build makes: the release's own changes file included.
    const built = JSON.parse(read(join(root, 'dist/data/meta.json'))) as MetaFile;
    expect(built.files.some((f) => f.path === `changes/${to}.json`)).toBe(true);
    expect(JSON.parse(read(join(root, 'test/golden/data-digests.json'))).files).toEqual(Object.fromEntries(built.files.map((f) => [f.path, f.sha256])));
    expect((await release(root)).stdout).toContain(`nothing changed since ${to}`);
  });

  it('a withdrawn trait is a major release: its migrations are dated to it and its new ids locked with it', async () => {
    const root = releaseProject();
    const from = manifestVersion(root);
    const to = nextVersion(from, 'major');
    withdrawSwarming(root, from);
    expect((await runCli(['check', '--root', root])).status).toBe(0);
    const run = await release(root);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(`release ${from} → ${to} (major: an id apps may have stored was retired`);
    expect(run.stdout).toMatch(/record-removed +en-2020/);
    // The two written in this release are dated to it; those of earlier releases keep their dates.
    const migrations = parseYaml(read(join(root, 'sources/annotations/migrations.yaml'))) as { migrations: { id: string; since: string }[] };
    const released = JSON.parse(read(join(repoRoot, 'test/golden/release/migrations.json'))) as { id: string; since: string }[];
    expect(migrations.migrations.slice(-2).map((m) => [m.id, m.since])).toEqual([
      ['en-2020/swarming', to],
      ['swarming', to],
    ]);
    for (const m of released) expect(migrations.migrations.find((n) => n.id === m.id)?.since, m.id).toBe(m.since);
    expect(JSON.parse(read(join(root, 'test/golden/release/migrations.json')))).toHaveLength(migrations.migrations.length);
    expect((await runCli(['build', '--only', 'data', '--root', root])).status).toBe(0);
  });

  it('refuses to release sources that do not check, and writes nothing', async () => {
    const root = releaseProject();
    edit(join(root, 'sources/raw/en-2020-skills-traits.txt'), (t) => t.replace('Dodge\nAgility\n', 'Dodge\nAgilty\n'));
    const before = treeDigest(root);
    const run = await release(root);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('[en2020/unknown-category]');
    expect(run.stderr).toContain('a release needs a clean check');
    expect(treeDigest(root)).toEqual(before);
  });

  it('refuses a smaller bump than the changes call for', async () => {
    const root = releaseProject();
    withdrawSwarming(root, manifestVersion(root));
    const run = await release(root, '--bump', 'patch');
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('the changes call for a major release');
    expect(existsSync(join(root, 'CHANGELOG.md')) && read(join(root, 'CHANGELOG.md'))).toBe(read(join(repoRoot, 'CHANGELOG.md')));
  });

  it('--from DIR: the changelog says what changed since that release, with no snapshot in test/golden', async () => {
    const root = releaseProject();
    const previous = join(root, 'previous-data');
    renameSync(join(root, 'test/golden/release'), previous);
    edit(join(root, 'sources/raw/en-2020-skills-traits.txt'), (t) =>
      t.replace('may re-roll a failed Agility test when attempting to Dodge', 'may re-roll one failed Agility test when attempting to Dodge'),
    );
    const run = await release(root, '--from', previous);
    expect(run.status, run.stderr).toBe(0);
    const to = manifestVersion(root);
    const entry = read(join(root, 'CHANGELOG.md')).split(/\n## /)[1]!;
    expect(entry.startsWith(`${to}\n`)).toBe(true);
    expect(entry).toContain('Dodge');
    expect(JSON.parse(read(join(root, 'test/golden/release/meta.json'))).datasetVersion).toBe(to);
  });

  it('a package-lock.json without a version: one error, and nothing written', async () => {
    const root = releaseProject();
    edit(join(root, 'package-lock.json'), (t) => JSON.stringify({ ...JSON.parse(t), version: undefined }));
    edit(join(root, 'sources/raw/en-2020-skills-traits.txt'), (t) =>
      t.replace('may re-roll a failed Agility test when attempting to Dodge', 'may re-roll one failed Agility test when attempting to Dodge'),
    );
    const before = treeDigest(root);
    const run = await release(root);
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^nuffle release: package-lock\.json: .*no "version".*Nothing was written\.$/)]);
    expect(treeDigest(root)).toEqual(before);
  });
});

describe('the bump a change calls for', () => {
  const change = (kind: Change['kind'], fields: string[] = [], previous: string | null = null): Change => ({
    kind,
    id: 'x',
    summary: kind,
    fields: fields.map((field) => ({ field, before: 1, after: 2, words: null })),
    previous,
  });

  it.each([
    ['record-removed', [], null, 'major'],
    ['migration-added', [], null, 'major'],
    ['ruling-changed', ['question'], 'en-2020/r-00000000', 'major'],
    ['record-added', [], null, 'minor'],
    ['slot-moved', [], null, 'minor'],
    ['price-changed', [], null, 'minor'],
    ['record-changed', ['text', 'category'], null, 'minor'],
    ['record-changed', ['text'], null, 'patch'],
    ['ruling-changed', ['answer'], null, 'patch'],
    ['crosswalk-changed', ['rationale'], null, 'patch'],
  ] as const)('%s %j (previous id %s) is %s', (kind, fields, previous, level) => expect(bumpOf(change(kind, [...fields], previous))).toBe(level));

  it('a changelog takes the largest bump of its changes, and none when empty', () => {
    const log = (changes: Change[]): Changelog => ({
      from: { datasetVersion: '1.0.0', schemaVersion: '2.1.0' },
      to: { datasetVersion: '1.0.0', schemaVersion: '2.1.0' },
      counts: {},
      changes,
      warnings: [],
    });
    expect(proposeBump(log([change('record-changed', ['text']), change('record-added')]))?.bump).toBe('minor');
    expect(proposeBump(log([]))).toBeNull();
  });

  it('bumps versions as semver does', () => {
    expect(nextVersion('0.2.0', 'major')).toBe('1.0.0');
    expect(nextVersion('1.4.2', 'minor')).toBe('1.5.0');
    expect(nextVersion('1.4.2', 'patch')).toBe('1.4.3');
    expect(nextVersion('2.0.0-rc.1', 'patch')).toBe('2.0.1');
  });
});

describe('the bump the published files call for', () => {
  const meta = (schemaVersion: string, sha = 'a'): MetaFile => ({
    datasetVersion: '1.0.0',
    schemaVersion,
    releaseDate: null,
    sources: [],
    files: [{ path: 'schema/x.schema.json', sha256: sha.repeat(64), records: null }],
  });
  it.each([
    ['2.1.0', '3.0.0', 'a', 'major'],
    ['2.1.0', '2.2.0', 'a', 'minor'],
    ['2.1.0', '2.1.1', 'a', 'patch'],
    ['2.1.0', '2.1.0', 'b', 'patch'],
    ['2.1.0', '2.1.0', 'a', null],
  ] as const)('schema %s → %s with a file %s: %s', (from, to, sha, bump) => expect(filesBump(meta(from), meta(to, sha))).toBe(bump));

  it('takes the larger of two bumps', () => {
    expect(largerBump('patch', 'major')).toBe('major');
    expect(largerBump(null, 'patch')).toBe('patch');
    expect(largerBump(null, null)).toBeNull();
  });
});

describe('release texts', () => {
  it('sets a YAML value on its line, keeping the comment and the indent', () => {
    expect(setYamlScalar('dataset:\n  version: 0.2.0        # bump it\n', 2, 'version', '1.0.0')).toBe('dataset:\n  version: 1.0.0        # bump it\n');
    expect(setYamlScalar('a:\n  - since: "0.2.0"\n', 2, 'since', '1.0.0')).toBe('a:\n  - since: 1.0.0\n');
    expect(() => setYamlScalar('version: 1\n', 1, 'since', '1.0.0')).toThrow();
  });

  it('sets the package version and nothing else', () => {
    expect(setPackageVersion('{\n  "name": "x",\n  "version": "0.2.0",\n  "dependencies": { "y": "0.2.0" }\n}\n', '1.0.0')).toBe(
      '{\n  "name": "x",\n  "version": "1.0.0",\n  "dependencies": { "y": "0.2.0" }\n}\n',
    );
  });

  it('sets the lock’s own version, top level and packages[""], and no dependency’s', () => {
    const lock = { name: 'x', version: '0.2.0', lockfileVersion: 3, packages: { '': { name: 'x', version: '0.2.0' }, 'node_modules/y': { version: '0.2.0' } } };
    const written = setLockVersion(`${JSON.stringify(lock, null, 2)}\n`, '1.0.0');
    expect(written).toBe(
      `${JSON.stringify({ ...lock, version: '1.0.0', packages: { '': { name: 'x', version: '1.0.0' }, 'node_modules/y': { version: '0.2.0' } } }, null, 2)}\n`,
    );
  });

  it('puts the new release first, under the title', () => {
    const first = prependChangelog(null, '1.0.0', '# Changes\n\nA.\n');
    expect(first).toMatch(/^# Changelog\n\n.*\n\n## 1\.0\.0\n\nA\.\n$/);
    const second = prependChangelog(first, '1.1.0', '# Changes\n\n## Records added\n\n- B.');
    expect(second).toContain('## 1.1.0\n\n### Records added\n\n- B.\n');
    expect(second.indexOf('## 1.1.0')).toBeLessThan(second.indexOf('## 1.0.0'));
    expect(second.match(/^# Changelog/gm)).toHaveLength(1);
  });
});
