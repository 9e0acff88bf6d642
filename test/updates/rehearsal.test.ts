/**
 * The release rehearsal (issue 19): a copy of the whole project takes a
 * realistic rule update — new FAQ lines near the top of the English text, a
 * rename, a withdrawn skill whose slots go vacant, a new French entry, a
 * price inserted mid-list and one changed — and goes through the loop of
 * docs/MAINTAINING.md and nothing else: check, paste the lines the errors
 * offer, `suggest --write` and its review, build, `diff` against the last
 * release, `release`, then the documented regenerate command for the tests'
 * golden facts. Each step's outcome is asserted as a property of the loop,
 * not of today's counts.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseDocument, parse as parseYaml, type YAMLMap } from 'yaml';
import type { Change, Changelog } from '../../pipeline/diff/compare.ts';
import { nextVersion } from '../../pipeline/diff/bump.ts';
import type { RandomTable, Ruling, Skill } from '../../pipeline/model/schema-types.ts';
import { type CliRun, repoRoot, runCli } from '../helpers.ts';
import { goldenTestFiles } from '../update-golden.ts';
import { pasteEntries, setField } from '../yaml-edit.ts';

const NEW_QUESTION = 'Can the Catch skill be used to catch the ball after a Hail Mary Pass?';
/** The new French entry's name: one the French list does not print yet (a release may have added the first). */
const FRENCH_NAME = ['Perce-nuages', 'Perce-brume', 'Perce-ciel'].find(
  (name) => !readFileSync(join(repoRoot, 'sources/raw/fr-legacy-skills.txt'), 'utf8').includes(`\n${name}\n`),
)!;

let root: string;
const path = (file: string) => join(root, file);
const read = (file: string) => readFileSync(path(file), 'utf8');
const edit = (file: string, change: (text: string) => string) => {
  const before = read(file);
  const after = change(before);
  if (after === before) throw new Error(`the edit changed nothing in ${file}`);
  writeFileSync(path(file), after);
};
const nuffle = (...args: string[]) => runCli([...args, '--root', root]);
const json = <T>(file: string) => JSON.parse(read(file)) as T;
const version = () => (parseYaml(read('sources/manifest.yaml')) as { dataset: { version: string } }).dataset.version;

/** The YAML an error offers under `<lead>`, as printed (indented by four), re-indented by `indent`, with the placeholders a maintainer fills in filled. */
function offered(stderr: string, lead: string, indent: number): string[] {
  const blocks: string[] = [];
  for (let at = stderr.indexOf(lead); at !== -1; at = stderr.indexOf(lead, at + 1)) {
    const lines = stderr.slice(at + lead.length).split('\n');
    const block = lines.slice(
      0,
      lines.findIndex((l) => !l.startsWith('    ')),
    );
    blocks.push(
      block
        .map((l) => `${' '.repeat(indent)}${l.slice(4)}\n`)
        .join('')
        .replace('<why, in one line>', 'the 2026 errata (rehearsal)'),
    );
  }
  return blocks;
}

/** Step 1: the new raw texts, replacing the old ones whole (as a publisher's update would). */
function applyUpdate(): void {
  edit('sources/raw/en-2020-skills-traits.txt', (t) =>
    t
      // New FAQ lines near the top: every line below (and every erratum) moves down.
      .replace(
        'Q: Can the Catch skill be used when attempting to catch a Bomb?',
        `Q: ${NEW_QUESTION} (p.75)\nA: Yes.\n\nQ: Can the Catch skill be used when attempting to catch a Bomb?`,
      )
      // A rename.
      .replace(/^Sidestep$/m, 'Side Step')
      // A withdrawn skill.
      .replace(/\nFumblerooskie\nPassing\n[^\n]*\nBloodbowl[^\n]*\nDungeonbowl[^\n]*\n/, '\n'),
  );
  edit('sources/raw/fr-legacy-skills.txt', (t) =>
    t.replace(
      '\nMain de dieu\n',
      `\n${FRENCH_NAME}\nLorsque ce joueur effectue une passe Longue ou une Bombe, les adversaires ne peuvent pas tenter d'intercepter le ballon.\n\nMain de dieu\n`,
    ),
  );
  edit('sources/raw/inducement-notes.txt', (t) =>
    t
      .replace('• One only pass skill : +20K\n', '• One only pass skill : +20K\n• One only strength skill : +50K\n')
      .replace('• One only mutation : +30K', '• One only mutation : +35K'),
  );
}

let firstCheck: CliRun;
let previous: string;
let released: string;
let log: Changelog;
let releaseRun: CliRun;
let goldenAfter: ReturnType<typeof spawnSync>;
let regenerated: ReturnType<typeof spawnSync>;
let manualSteps = 0;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'nuffle-rehearsal-'));
  for (const entry of ['sources', 'schema', 'pipeline', 'test', 'docs', 'package.json', 'CHANGELOG.md', 'tsconfig.json', 'vitest.config.ts'])
    cpSync(join(repoRoot, entry), path(entry), { recursive: true });
  symlinkSync(join(repoRoot, 'node_modules'), path('node_modules'), 'dir');
  previous = version();

  applyUpdate();
  // 2. Read the errors.
  firstCheck = await nuffle('check');
  // 5. Ids: keep the renamed record's id (the first fix offered); date the withdrawn ones' migrations (`deleted`).
  const keep = offered(
    firstCheck.stderr,
    'either keep the published id (recommended: apps that stored en-2020/sidestep keep working), in sources/annotations/migrations.yaml:\n',
    0,
  );
  edit('sources/annotations/migrations.yaml', (t) => pasteEntries(t, 'keep', keep));
  // Kept, the record's concept keeps its id too: the check after it asks only about the withdrawn ids.
  const secondCheck = await nuffle('check');
  const deleted = offered(secondCheck.stderr, 'the id back, or a migration in sources/annotations/migrations.yaml:\n', 2).map((m) =>
    m.replace(/action: renamed.*/, 'action: deleted').replace(/to: <new id>.*/, 'to: null'),
  );
  edit('sources/annotations/migrations.yaml', (t) => pasteEntries(t, 'migrations', deleted));
  // The withdrawn skill's slots: the entries the table errors offer.
  const slots = offered(firstCheck.stderr, 'under slots: in sources/annotations/random-tables.yaml:\n', 2);
  edit('sources/annotations/random-tables.yaml', (t) => pasteEntries(t, 'slots', slots));
  manualSteps += keep.length + deleted.length + slots.length;
  // 3. Review the suggestions: draft a row for the new French record, then review it as the doc says. Its best
  // score is below the calibrated threshold, so the draft names no concept (issue 33, item 6): the reviewer reads
  // the rule (no interception of a long pass or a bomb) and links Cloud Burster, which `suggest` ranks among the top.
  expect((await nuffle('suggest', '--write')).status).toBe(0);
  const crosswalk = parseDocument(read('sources/annotations/crosswalk.yaml'));
  const draft = crosswalk.getIn(['links', (crosswalk.getIn(['links']) as { items: unknown[] }).items.length - 1]) as YAMLMap;
  for (const key of ['declaredBy', 'score', 'evidence']) draft.delete(key);
  draft.set('concept', 'cloud-burster');
  draft.set('relation', 'same');
  draft.set('confidence', 'medium');
  draft.set('rationale', 'Same rule as the English text it is linked to, in other words (reviewed in the rehearsal).');
  writeFileSync(path('sources/annotations/crosswalk.yaml'), crosswalk.toString({ lineWidth: 0 }));
  // A row below high gets its line in CROSSWALK.md's table of doubts (MAINTAINING, step 3).
  const reviewed = { record: String(draft.get('record')), concept: String(draft.get('concept')), relation: String(draft.get('relation')) };
  edit('docs/CROSSWALK.md', (t) =>
    t.replace(
      /(## Links below high confidence[\s\S]*?\n\| --- \| --- \| --- \|\n)/,
      `$1| ${reviewed.record} | ${reviewed.concept}, ${reviewed.relation} | a new entry of the French list, reviewed in the rehearsal |\n`,
    ),
  );
  manualSteps += 2;
  // 6. Build, then the diff against the last release.
  const build = await nuffle('build', '--only', 'data');
  if (build.status !== 0) throw new Error(build.stderr);
  const diff = await runCli(['diff', path('test/golden/release'), path('dist/data'), '--out', path('changes')]);
  if (diff.status !== 0) throw new Error(diff.stderr);
  log = json<Changelog>('changes/changes.json');
  // 7. Cut the release, then the documented regenerate command for the tests' golden facts (`npm run golden`), then those tests again.
  releaseRun = await nuffle('release');
  released = version();
  // The copy's own pipeline and tests (another checkout's code) run as child processes of their own.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NUFFLE_TEST_PROJECT'));
  regenerated = spawnSync(process.execPath, [path('test/update-golden.ts')], { cwd: root, encoding: 'utf8', env });
  goldenAfter = spawnSync(process.execPath, [join(repoRoot, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter', 'dot', ...goldenTestFiles(root)], {
    cwd: root,
    encoding: 'utf8',
    env,
  });
}, 600_000);

describe('the release rehearsal', () => {
  it('2. the first check reports no errata/* error although every line below the new FAQ moved', () => {
    expect(firstCheck.status).toBe(1);
    expect(firstCheck.stderr).not.toMatch(/\[errata\//);
  });

  it('2. the errors offer every line to paste: the rename (both fixes), the withdrawn ids, the vacant slots', () => {
    expect(firstCheck.stderr).toMatch(/en-2020\/sidestep is gone; it looks like a rename to en-2020\/side-step/);
    expect(firstCheck.stderr).toContain('or migrate it to the new id en-2020/side-step, in sources/annotations/migrations.yaml:');
    expect(offered(firstCheck.stderr, 'under slots: in sources/annotations/random-tables.yaml:\n', 2)).toHaveLength(2);
    expect(manualSteps).toBeLessThanOrEqual(8);
  });

  it('5. the rename kept its published id, under the new name', () => {
    const skills = json<Skill[]>('dist/data/skills.json');
    expect(skills.find((s) => s.id === 'en-2020/sidestep')?.name).toBe('Side Step');
    expect(skills.some((s) => s.id === 'en-2020/side-step')).toBe(false);
    expect(skills.some((s) => s.id === 'en-2020/fumblerooskie')).toBe(false);
  });

  it('6. nuffle diff lists exactly the update, each change once, of the right kind', () => {
    const kinds = (kind: Change['kind']) => log.changes.filter((c) => c.kind === kind);
    expect(kinds('record-renamed').map((c) => c.id)).toEqual(['en-2020/sidestep']);
    expect(kinds('record-removed').map((c) => c.id)).toEqual(['en-2020/fumblerooskie']);
    expect(kinds('concept-removed').map((c) => c.id)).toEqual(['fumblerooskie']);
    expect(kinds('record-added').map((c) => c.id)).toEqual([expect.stringMatching(/^fr-legacy\//)]);
    expect(kinds('crosswalk-added').map((c) => c.id)).toEqual(kinds('record-added').map((c) => c.id));
    const rulings = json<Ruling[]>('dist/data/rulings.json');
    expect(kinds('ruling-added').map((c) => c.id)).toEqual([rulings.find((r) => r.question.startsWith(NEW_QUESTION))!.id]);
    const vacant = json<RandomTable[]>('dist/data/random-tables.json').flatMap((t) =>
      t.slots.filter((s) => s.record === null).map((s) => `${t.id} ${s.roll}·${s.d6}`),
    );
    expect(kinds('slot-moved').map((c) => c.id)).toEqual(vacant);
    expect(vacant).toHaveLength(2);
    expect(
      kinds('migration-added')
        .map((c) => c.id)
        .sort(),
    ).toEqual(['en-2020/fumblerooskie', 'fumblerooskie']);
    // The price list: one item inserted mid-list and one changed, nothing else in it.
    const prices = kinds('price-changed');
    expect(prices.map((c) => c.fields.map((f) => f.field))).toEqual([['item'], ['text', 'cost']]);
    expect(prices[0]!.fields[0]!.after).toEqual(expect.objectContaining({ text: '• One only strength skill : +50K'.slice(2) }));
    expect(prices[1]!.fields.find((f) => f.field === 'cost')).toMatchObject({ before: 30_000, after: 35_000 });
    // The concept the new French record joins gains its French name; a ruling that named the withdrawn record no longer links it.
    const joined = json<{ record: string; concept: string }[]>('dist/data/crosswalk.json').find((r) => r.record === kinds('record-added')[0]!.id)!.concept;
    expect(kinds('concept-changed').map((c) => c.id)).toEqual([joined]);
    for (const c of kinds('ruling-changed'))
      expect(c.fields).toEqual([expect.objectContaining({ field: 'records', before: expect.arrayContaining(['en-2020/fumblerooskie']) })]);
    const expected = [
      'record-renamed',
      'record-removed',
      'concept-removed',
      'record-added',
      'crosswalk-added',
      'ruling-added',
      'ruling-changed',
      'slot-moved',
      'migration-added',
      'price-changed',
      'concept-changed',
    ];
    expect(log.changes.filter((c) => !expected.includes(c.kind))).toEqual([]);
  });

  it('7. nuffle release bumps the major version and writes it everywhere', async () => {
    expect(releaseRun.status, releaseRun.stderr).toBe(0);
    expect(released).toBe(nextVersion(previous, 'major'));
    expect(json<{ version: string }>('package.json').version).toBe(released);
    expect(read('CHANGELOG.md')).toContain(`\n## ${released}\n`);
    expect(json<{ datasetVersion: string }>('test/golden/release/meta.json').datasetVersion).toBe(released);
    expect(read('sources/annotations/migrations.yaml')).toContain(`since: ${released}`);
    expect((await nuffle('release')).stdout).toContain(`nothing changed since ${released}`);
  });

  it('the data-dependent tests pass against the new release after the one regenerate command, which lists what it changed', () => {
    expect(regenerated.status, `${regenerated.stdout}\n${regenerated.stderr}`).toBe(0);
    expect(regenerated.stdout).toMatch(/^ {2}changed {2}test\/golden\/published-ids\.json$/m);
    expect(goldenAfter.status, `${goldenAfter.stdout}\n${goldenAfter.stderr}`).toBe(0);
  });
});

describe('the rename migrated instead (the second fix offered)', () => {
  it('builds with the offered migration, and migrations.json tells apps where the id went', async () => {
    const second = mkdtempSync(join(tmpdir(), 'nuffle-rehearsal-migrate-'));
    for (const entry of ['sources', 'schema']) cpSync(join(repoRoot, entry), join(second, entry), { recursive: true });
    const file = join(second, 'sources/raw/en-2020-skills-traits.txt');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^Sidestep$/m, 'Side Step'));
    const check = await runCli(['check', '--root', second]);
    const migrate = offered(check.stderr, 'or migrate it to the new id en-2020/side-step, in sources/annotations/migrations.yaml:\n', 0);
    expect(migrate.join('')).toContain('to: en-2020/side-step');
    const migrations = join(second, 'sources/annotations/migrations.yaml');
    writeFileSync(migrations, pasteEntries(readFileSync(migrations, 'utf8'), 'migrations', migrate));
    const concept = offered(check.stderr, 'the id back, or a migration in sources/annotations/migrations.yaml:\n', 2).map((m) =>
      m.replace(/to: <new id>.*/, 'to: side-step'),
    );
    writeFileSync(migrations, pasteEntries(readFileSync(migrations, 'utf8'), 'migrations', concept));
    const crosswalk = join(second, 'sources/annotations/crosswalk.yaml');
    writeFileSync(crosswalk, setField(readFileSync(crosswalk, 'utf8'), ['links'], { concept: 'sidestep' }, 'concept', 'side-step'));
    const build = await runCli(['build', '--only', 'data', '--root', second]);
    expect(build.status, build.stderr).toBe(0);
    const published = JSON.parse(readFileSync(join(second, 'dist/data/migrations.json'), 'utf8')) as { id: string; to: string | null }[];
    expect(published).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 'en-2020/sidestep', to: 'en-2020/side-step' }),
        expect.objectContaining({ id: 'sidestep', to: 'side-step' }),
      ]),
    );
  });
});
