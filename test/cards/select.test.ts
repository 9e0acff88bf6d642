/**
 * Card selection errors a league meets: a roster that is not a roster, and a
 * parameter given to a skill that takes none. Each is located and named.
 */
import { describe, expect, it } from 'vitest';
import { createResolver, parseRoster, parseSkillList, resolveAll } from '../../pipeline/emit/cards/select.ts';
import { readSchemaFiles } from '../../pipeline/io.ts';
import { planSelection } from '../../pipeline/emit/cards/plan-selection.ts';
import { createValidator } from '../../pipeline/validate/schemas.ts';
import { realBundle } from './helpers.ts';
import { repoRoot } from '../helpers.ts';

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
    [
      'a misspelt skills: key',
      'team: Reavers\nplayers:\n  - name: Gork\n    skils: [Block]\n',
      4,
      'player 1 (Gork): `skils:` is not a key of a player; did you mean `skills:`?',
    ],
    [
      'a player with no name',
      'players:\n  - name: Gork\n    skills: [Block]\n  - position: Lineman\n    skills: [Dodge]\n',
      4,
      'player 2 has no `name:`; every player starts with `- name:`',
    ],
    ['a blank name', 'players:\n  - name: "  "\n    skills: [Block]\n', 2, 'player 1, `name:`: the name is blank'],
    ['an empty list of players', 'team: Reavers\nplayers: []\n', 2, '`players:` lists no player'],
    ['a bare list with a misspelt key', '- name: Gork\n  skill: Block\n', 2, 'player 1 (Gork): `skill:` is not a key of a player; did you mean `skills:`?'],
  ])('cards/bad-roster: %s is refused by schema/input/roster.schema.json at its line, in the organiser’s words', (_what, text, line, reason) => {
    const parsed = parseRoster(text, 'team.yaml', validator);
    expect(parsed.roster).toBeNull();
    expect(parsed.diagnostics).toHaveLength(1);
    expect(parsed.diagnostics[0]).toMatchObject({ ruleId: 'cards/bad-roster', file: 'team.yaml', place: { line } });
    expect(parsed.diagnostics[0]!.reason).toBe(reason);
  });

  it('a roster as the schema has it is read, bare list or not', () => {
    expect(
      parseRoster(
        'team: Reavers\nplayers:\n  - name: Gork\n    position: Blitzer\n    skills: [Block, Dodge]\n',
        'team.yaml',
        validator,
      ).roster?.players[0]?.skills.map((s) => s.name),
    ).toEqual(['Block', 'Dodge']);
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
    const result = resolveAll(parseSkillList('Dodge (+1), Mighty Blow (+2)'), createResolver(realBundle(), { edition: 'en-2020', lang: null }));
    expect(result.diagnostics.map((d) => [d.ruleId, d.reason])).toEqual([
      ['cards/unexpected-parameter', '"Dodge (+1)": Dodge (en-2020/dodge) takes no parameter'],
    ]);
  });
});

describe('card selection through the name resolver', () => {
  const bundle = realBundle;

  it("a French, later-wording or bare-parameter name selects the requested edition's card; an id of any edition its own", () => {
    const d = bundle();
    const en2020 = createResolver(d, { edition: 'en-2020', lang: null });
    const result = resolveAll(parseSkillList('Châtaigne, Ball & Chain, Mighty Blow +2, Pogo, en-traits-alt/breathe-fire'), en2020);
    expect(result.diagnostics).toEqual([]);
    expect(result.selected.map((s) => [s.record.id, s.parameter])).toEqual([
      ['en-2020/mighty-blow', null],
      ['en-2020/ball-and-chain', null],
      ['en-2020/mighty-blow', '+2'],
      ['en-2020/pogo-stick', null],
      ['en-traits-alt/breathe-fire', null],
    ]);
  });

  it('a name only a retired id still spells prints the record it became, with a warning naming it; a live name gives none', () => {
    const d = realBundle();
    // As names.json has it after a rename with a migration: the old spelling, retired, now leads to the kick concept.
    d.names = [...(d.names ?? []), { alias: 'Big Boot', folded: 'bigboot', concept: 'kick', lang: null, source: 'retired', record: null }];
    const en2020 = createResolver(d, { edition: 'en-2020', lang: null });
    const result = resolveAll(parseSkillList('Big Boot, Kick'), en2020);
    expect(result.selected.map((s) => s.record.id)).toEqual(['en-2020/kick']);
    expect(result.diagnostics.map((x) => [x.ruleId, x.fatal, x.reason])).toEqual([
      ['cards/retired-id', false, '"Big Boot" is a retired name: printing Kick (en-2020/kick)'],
    ]);
  });

  it('an unknown name lists one to three suggestions, never none; a name with no wording in the edition says so', () => {
    const d = bundle();
    const fr = createResolver(d, { edition: 'fr-legacy', lang: null });
    for (const text of ['Blok', 'zzzzqqqq', '%%%']) {
      const reason = resolveAll(parseSkillList(text), fr).diagnostics[0]!.reason;
      const suggestions = /did you mean: (.+)\?$/.exec(reason)?.[1]?.split(', ') ?? [];
      expect(suggestions.length, reason).toBeGreaterThanOrEqual(1);
      expect(suggestions.length, reason).toBeLessThanOrEqual(3);
    }
    expect(resolveAll(parseSkillList('Block'), fr).diagnostics.map((d) => d.reason)).toEqual([
      'Block has no wording in edition fr-legacy: that edition has no General skills (Block is in en-2020)',
    ]);
  });
});
