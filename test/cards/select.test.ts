/**
 * Card selection errors a league meets: a roster that is not a roster, and a
 * parameter given to a skill that takes none. Each is located and named.
 */
import { describe, expect, it } from 'vitest';
import { createResolver, parseRoster, parseSkillList, resolveAll } from '../../pipeline/emit/cards/select.ts';
import { readDataBundle, readSchemaFiles } from '../../pipeline/io.ts';
import { planSelection } from '../../pipeline/emit/cards/plan-selection.ts';
import { createValidator } from '../../pipeline/validate/schemas.ts';
import { realBundle } from './helpers.ts';
import { repoRoot, runCli } from '../helpers.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const out = mkdtempSync(join(tmpdir(), 'nuffle-select-'));
const validator = createValidator(readSchemaFiles(repoRoot));

describe('card selection errors', () => {
  it('cards/bad-roster: a file that is not YAML, or not a roster, at its line', () => {
    const broken = parseRoster('team: Reavers\nplayers: [\n  { name: Gork, skills: [Block\n', 'team.yaml', validator);
    expect(broken.roster).toBeNull();
    expect(broken.diagnostics).toMatchObject([{ ruleId: 'cards/bad-roster', file: 'team.yaml', place: { line: 3 } }]);
    const shapeless = parseRoster('team: Reavers\nplayers:\n  - name: Gork\n    skills: 42\n', 'team.yaml', validator);
    expect(shapeless.diagnostics).toMatchObject([{ ruleId: 'cards/bad-roster', file: 'team.yaml', place: { line: 4 } }]);
  });

  it.each([
    ['a misspelt skills: key', 'team: Reavers\nplayers:\n  - name: Gork\n    skils: [Block]\n', 3, /unknown key "skils"/],
    ['a player with no name', 'players:\n  - name: Gork\n    skills: [Block]\n  - position: Lineman\n    skills: [Dodge]\n', 4, /must have required property 'name'/],
    ['a blank name', 'players:\n  - name: "  "\n    skills: [Block]\n', 2, /\/players\/0\/name must match pattern/],
    ['an empty list of players', 'team: Reavers\nplayers: []\n', 2, /must NOT have fewer than 1 items/],
    ['a bare list with a misspelt key', '- name: Gork\n  skill: Block\n', 1, /unknown key "skill"/],
  ])('cards/bad-roster: %s is refused by schema/input/roster.schema.json at its line', (_what, text, line, reason) => {
    const parsed = parseRoster(text, 'team.yaml', validator);
    expect(parsed.roster).toBeNull();
    expect(parsed.diagnostics).toHaveLength(1);
    expect(parsed.diagnostics[0]).toMatchObject({ ruleId: 'cards/bad-roster', file: 'team.yaml', place: { line } });
    expect(parsed.diagnostics[0]!.reason).toMatch(reason);
  });

  it('a roster as the schema has it is read, bare list or not', () => {
    expect(parseRoster('team: Reavers\nplayers:\n  - name: Gork\n    position: Blitzer\n    skills: [Block, Dodge]\n', 'team.yaml', validator).roster?.players[0]?.skills.map((s) => s.name)).toEqual(['Block', 'Dodge']);
    expect(parseRoster('- name: Gork\n  skills: Block, Dodge\n', 'team.yaml', validator).roster?.players).toHaveLength(1);
  });

  it('cards/empty-selection: a roster whose players list no skill, or a filter with no card, prints nothing', () => {
    const bundle = realBundle();
    const select = (input: Partial<Parameters<typeof planSelection>[1]>) =>
      planSelection(bundle, { skills: null, edition: null, lang: null, roster: null, perPlayer: false, ...input }, validator);
    for (const perPlayer of [false, true]) {
      const planned = select({ roster: { text: 'players:\n  - name: Gork\n  - name: Mork\n    skills: []\n', file: 'team.yaml' }, perPlayer });
      expect('diagnostics' in planned && planned.diagnostics.map((d) => [d.ruleId, d.file])).toEqual([['cards/empty-selection', 'team.yaml']]);
    }
    const filtered = select({ edition: 'fr-legacy', lang: 'en' });
    expect('diagnostics' in filtered && filtered.diagnostics.map((d) => d.ruleId)).toEqual(['cards/empty-selection']);
    const some = select({ edition: 'en-2020' });
    expect('diagnostics' in some && some.diagnostics).toEqual([]);
  });

  it('cards/unexpected-parameter: a parameter for a skill that takes none', () => {
    expect(runCli(['build', '--only', 'data', '--out', out]).status).toBe(0);
    const bundle = readDataBundle(join(out, 'data'));
    const result = resolveAll(parseSkillList('Dodge (+1), Mighty Blow (+2)'), createResolver(bundle, { edition: 'en-2020', lang: null }));
    expect(result.diagnostics.map((d) => [d.ruleId, d.reason])).toEqual([['cards/unexpected-parameter', '"Dodge (+1)": Dodge (en-2020/dodge) takes no parameter']]);
  });
});
