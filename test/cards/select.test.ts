/**
 * Card selection errors a league meets: a roster that is not a roster, and a
 * parameter given to a skill that takes none. Each is located and named.
 */
import { describe, expect, it } from 'vitest';
import { createResolver, parseRoster, parseSkillList, resolveAll } from '../../pipeline/emit/cards/select.ts';
import { readDataBundle } from '../../pipeline/io.ts';
import { runCli } from '../helpers.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const out = mkdtempSync(join(tmpdir(), 'nuffle-select-'));

describe('card selection errors', () => {
  it('cards/bad-roster: a file that is not YAML, or not a roster, at its line', () => {
    const broken = parseRoster('team: Reavers\nplayers: [\n  { name: Gork, skills: [Block\n', 'team.yaml');
    expect(broken.roster).toBeNull();
    expect(broken.diagnostics).toMatchObject([{ ruleId: 'cards/bad-roster', file: 'team.yaml', place: { line: 3 } }]);
    const shapeless = parseRoster('team: Reavers\nplayers:\n  - name: Gork\n    skills: 42\n', 'team.yaml');
    expect(shapeless.diagnostics).toMatchObject([{ ruleId: 'cards/bad-roster', file: 'team.yaml', place: { line: 4 } }]);
  });

  it('cards/unexpected-parameter: a parameter for a skill that takes none', () => {
    expect(runCli(['build', '--only', 'data', '--out', out]).status).toBe(0);
    const bundle = readDataBundle(join(out, 'data'));
    const result = resolveAll(parseSkillList('Dodge (+1), Mighty Blow (+2)'), createResolver(bundle, { edition: 'en-2020', lang: null }));
    expect(result.diagnostics.map((d) => [d.ruleId, d.reason])).toEqual([['cards/unexpected-parameter', '"Dodge (+1)": Dodge (en-2020/dodge) takes no parameter']]);
  });
});
