/**
 * A new text, linked with the engine's help: a small new source under a new
 * edition id fails `check` with suggestions; `suggest --write` drafts the
 * rows (the file's bytes kept, drafts appended); `build` then succeeds with
 * warnings, and the records are linked to the right concepts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CrosswalkAnnotations, CrosswalkRow, Skill } from '../../pipeline/model/schema-types.ts';
import { type CliRun, copyProject, runCli } from '../helpers.ts';

const root = copyProject();
const crosswalkPath = join(root, 'sources/annotations/crosswalk.yaml');
let original: string;
let check: CliRun;
let write: CliRun;
let build: CliRun;

beforeAll(async () => {
  // Three 2020 traits, reworded, one paragraph each, no names (the second wording's format).
  writeFileSync(
    join(root, 'sources/raw/house-rules.txt'),
    [
      'Skills',
      '',
      'Each time this player is activated, and even if they are Prone or have lost their Tackle Zone, roll a D6 once they have declared their action. On a roll of 1, this player loses their Tackle Zone and may do nothing else this turn; on a 2 or more, they carry on as normal. Bone headed players are easy to spot.',
      '',
      'A player with this trait must roll a D6 when activated, adding 2 if a team-mate who is not Really Stupid is standing next to them. On 4 or more they act as normal; otherwise they lose their activation and their Tackle Zone until they are activated again.',
      '',
      'When this player wants to use a team re-roll, roll a D6 first. If the result is lower than the number in brackets, the re-roll is wasted but it is still used up. This player is a Loner.',
      '',
    ].join('\n'),
  );
  const manifest = join(root, 'sources/manifest.yaml');
  writeFileSync(
    manifest,
    readFileSync(manifest, 'utf8').replace(
      /\n {2}- id: fr-legacy-skills\n/,
      "\n  - id: house-rules\n    file: sources/raw/house-rules.txt\n    lang: en\n    edition:\n      id: en-house\n      label: House rules (English)\n      year: 2020\n      status: superseded\n    parser: traits-alt\n    games: [blood-bowl]\n    note: A league's own wording of three traits.\n\n  - id: fr-legacy-skills\n",
    ),
  );
  original = readFileSync(crosswalkPath, 'utf8');
  check = await runCli(['check', '--root', root]);
  write = await runCli(['suggest', '--write', '--root', root]);
  build = await runCli(['build', '--only', 'data', '--root', root]);
}, 120_000);

describe('a new source', () => {
  it('fails check with a missing link and ranked suggestions for each paragraph', () => {
    expect(check.status).toBe(1);
    const missing = check.stderr.split('\n').filter((l) => l.includes('[crosswalk/missing-link]'));
    expect(missing).toHaveLength(3);
    expect(missing[0]).toMatch(/^sources\/raw\/house-rules\.txt:3:1 error/);
    expect(check.stderr).toMatch(/top suggestions: 1\. bone-head/);
  });

  it('suggest --write appends one draft per record and keeps every byte of the file before', () => {
    expect(write.status, write.stderr).toBe(0);
    expect(write.stdout).toContain('3 draft rows appended to sources/annotations/crosswalk.yaml');
    const now = readFileSync(crosswalkPath, 'utf8');
    expect(now.startsWith(original)).toBe(true);
    const links = (parseYaml(now) as CrosswalkAnnotations).links.slice(-3);
    expect(links.map((l) => [l.source, l.name, l.concept, l.declaredBy, l.confidence])).toEqual([
      ['house-rules', 'Bone Head', 'bone-head', 'suggestion', 'low'],
      ['house-rules', 'Really Stupid', 'really-stupid', 'suggestion', 'low'],
      ['house-rules', 'Loner', 'loner', 'suggestion', 'low'],
    ]);
    for (const link of links) {
      expect(link.score).toBeGreaterThan(0);
      expect(link.evidence!.length).toBeGreaterThan(0);
      expect(link.match!.length).toBeGreaterThanOrEqual(12);
    }
    expect(now.slice(original.length)).toMatch(/# sources\/raw\/house-rules\.txt:3 the unnamed paragraph "Each time this player is activated/);
  });

  it('then builds, with a warning per draft until someone reviews it, and links the right concepts', () => {
    expect(build.status, build.stderr).toBe(0);
    const drafts = build.stdout.split('\n').filter((l) => l.includes('[crosswalk/unreviewed-suggestion]'));
    expect(drafts).toHaveLength(3);
    expect(drafts[0]).toMatch(/^sources\/annotations\/crosswalk\.yaml:\d+:\d+ warning The row for en-house\/bone-head is a suggestion nobody reviewed yet/);
    const skills = JSON.parse(readFileSync(join(root, 'dist/data/skills.json'), 'utf8')) as Skill[];
    expect(skills.filter((s) => s.edition === 'en-house').map((s) => [s.id, s.concept])).toEqual([
      ['en-house/bone-head', 'bone-head'],
      ['en-house/loner', 'loner'],
      ['en-house/really-stupid', 'really-stupid'],
    ]);
    const rows = JSON.parse(readFileSync(join(root, 'dist/data/crosswalk.json'), 'utf8')) as CrosswalkRow[];
    expect(rows.filter((r) => r.record.startsWith('en-house/')).every((r) => r.declaredBy === 'suggestion')).toBe(true);
  });

  it('--strict turns unreviewed drafts into errors', async () => {
    const strict = await runCli(['check', '--strict', '--root', root]);
    expect(strict.status).toBe(1);
    expect(strict.stderr.split('\n').filter((l) => l.includes('error') && l.includes('[crosswalk/unreviewed-suggestion]'))).toHaveLength(3);
  });
});
