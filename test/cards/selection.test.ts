/**
 * A league's selection on the small literal bundle (six English skills, a
 * French Dodge, a coach): names and ids resolved through the one name
 * resolver, the errors a league meets (unknown, ambiguous, no wording in the
 * edition, a parameter for a skill that takes none), retired ids and names,
 * rosters, and the one document each selection plans.
 */
import { describe, expect, it } from 'vitest';
import { readSchemaFiles } from '../../pipeline/io.ts';
import { planSelection, type SelectionInput } from '../../pipeline/emit/cards/plan-selection.ts';
import { createResolver, parseRoster, parseSkillList, parseWanted, resolveAll, type Filter } from '../../pipeline/emit/cards/select.ts';
import { createValidator } from '../../pipeline/validate/schemas.ts';
import type { DataBundle } from '../../pipeline/model/dataset.ts';
import { repoRoot } from '../helpers.ts';
import { cardBundle, concept, record } from './literal.ts';

const validator = createValidator(readSchemaFiles(repoRoot));
const any: Filter = { edition: null, lang: null };
const en2020: Filter = { edition: 'en-2020', lang: null };
const select = (text: string, filter: Filter = en2020, data: DataBundle = cardBundle()) => resolveAll(parseSkillList(text), createResolver(data, filter));
const ids = (result: ReturnType<typeof select>) => result.selected.map((s) => [s.record.id, s.parameter]);
const reasons = (result: { diagnostics: { reason: string }[] }) => result.diagnostics.map((d) => d.reason);

/** The literal bundle with a strength skill taking a parameter, and a French-only concept. */
function data(): DataBundle {
  const d = cardBundle();
  d.skills.push(record('mighty-blow', { name: 'Mighty Blow', displayName: 'Mighty Blow (+X)', parameter: '+X', category: 'strength' }));
  d.concepts.push({ ...concept('mighty-blow'), category: 'strength', name: 'Mighty Blow', names: { en: 'Mighty Blow' } });
  d.skills.push(
    record('chataigne', { id: 'fr-legacy/chataigne', edition: 'fr-legacy', lang: 'fr', name: 'Châtaigne', concept: 'mighty-blow', category: 'strength' }),
  );
  return d;
}

describe('the skills list', () => {
  it('splits on commas, semicolons and new lines, dropping blanks, each with its parameter', () => {
    expect(parseSkillList('Dodge, Mighty Blow (+2);Leap\n\n ,Sprint +1').map((w) => [w.text, w.name, w.parameter, w.file, w.line])).toEqual([
      ['Dodge', 'Dodge', null, '--skills', null],
      ['Mighty Blow (+2)', 'Mighty Blow', '+2', '--skills', null],
      ['Leap', 'Leap', null, '--skills', null],
      ['Sprint +1', 'Sprint', '+1', '--skills', null],
    ]);
  });

  it('a wanted name keeps its text trimmed, its file and line', () => {
    expect(parseWanted('  Loner (4+)* ', 'team.yaml', 3)).toEqual({ text: 'Loner (4+)*', name: 'Loner', parameter: '4+', file: 'team.yaml', line: 3 });
  });
});

describe('resolving names', () => {
  it('a name of any spelling selects the record of the edition asked for, in the order asked', () => {
    expect(ids(select('LEAP, dodge, Sure Feet'))).toEqual([
      ['en-2020/leap', null],
      ['en-2020/dodge', null],
      ['en-2020/sure-feet', null],
    ]);
  });

  it("a French name selects the English edition's record of its concept", () => {
    expect(ids(select('Châtaigne', en2020, data()))).toEqual([['en-2020/mighty-blow', null]]);
    expect(ids(select('Mighty Blow', { edition: 'fr-legacy', lang: null }, data()))).toEqual([['fr-legacy/chataigne', null]]);
  });

  it('a language filter selects that language’s record', () => {
    expect(ids(select('Dodge', { edition: null, lang: 'fr' }))).toEqual([['fr-legacy/esquive', null]]);
  });

  it('an id selects its own record whatever the filter', () => {
    expect(ids(select('fr-legacy/esquive'))).toEqual([['fr-legacy/esquive', null]]);
    expect(
      createResolver(cardBundle(), en2020)
        .lookup(parseWanted(' en-2020/leap ', 'x', null))
        .map((r) => r.id),
    ).toEqual(['en-2020/leap']);
  });

  it('a parameter is kept; the same record with another parameter is another card; a repeat is dropped', () => {
    expect(ids(select('Mighty Blow (+2), Mighty Blow +1, Mighty Blow (+2), Châtaigne', en2020, data()))).toEqual([
      ['en-2020/mighty-blow', '+2'],
      ['en-2020/mighty-blow', '+1'],
      ['en-2020/mighty-blow', null],
    ]);
  });

  it("the record's own parameter written out asks for no particular value", () => {
    expect(ids(select('Mighty Blow (+X)', en2020, data()))).toEqual([['en-2020/mighty-blow', null]]);
  });

  it('cards/unexpected-parameter: a parameter for a skill that takes none, at its line', () => {
    const result = resolveAll([parseWanted('Dodge (+1)', 'team.yaml', 4)], createResolver(cardBundle(), en2020));
    expect(result.selected).toEqual([]);
    expect(result.diagnostics.map((d) => [d.ruleId, d.source, d.fatal, d.file, d.place, d.reason])).toEqual([
      ['cards/unexpected-parameter', 'select', true, 'team.yaml', { line: 4 }, '"Dodge (+1)": dodge (en-2020/dodge) takes no parameter'],
    ]);
  });

  it('cards/ambiguous-name: a name two records of the filter answer, each listed with its edition', () => {
    const result = select('Dodge', any);
    expect(result.selected).toEqual([]);
    expect(result.diagnostics.map((d) => [d.ruleId, d.source, d.place, d.reason, d.note])).toEqual([
      [
        'cards/ambiguous-name',
        'select',
        null,
        '"Dodge" is ambiguous: en-2020/dodge (Blood Bowl 2020), fr-legacy/esquive (Règles françaises)',
        'choose with --edition en-2020 or --edition fr-legacy, or write the id',
      ],
    ]);
  });

  it('an alias of one record of the concept selects that record alone', () => {
    const d = cardBundle();
    d.names = [
      { alias: 'Esquive', folded: 'esquive', concept: 'dodge', lang: 'fr', source: 'record', record: 'fr-legacy/esquive' },
      { alias: 'dodge', folded: 'dodge', concept: 'dodge', lang: 'en', source: 'record', record: 'en-2020/dodge' },
    ] as DataBundle['names'];
    expect(ids(select('Esquive', any, d))).toEqual([['fr-legacy/esquive', null]]);
  });

  it('cards/unknown-name: an unknown name suggests up to three names, in the scope asked', () => {
    const result = select('Sprnt');
    expect(result.diagnostics.map((d) => [d.ruleId, d.source, d.fatal, d.note])).toEqual([
      ['cards/unknown-name', 'select', true, 'names and ids of any edition or language are accepted: "Mighty Blow (+2)", "Châtaigne", "en-2020/block"'],
    ]);
    expect(reasons(result)[0]).toMatch(/^unknown skill or trait "Sprnt" in edition en-2020; did you mean: sprint(, [\w-]+){0,2}\?$/);
    expect(reasons(select('zzzzqqqq', any))[0]).toMatch(/^unknown skill or trait "zzzzqqqq"; did you mean: [\w-]+(, [\w-]+){0,2}\?$/);
    expect(reasons(select('zzzzqqqq', { edition: 'en-2020', lang: 'en' }))[0]).toMatch(/ in edition en-2020, language en; /);
  });

  it('a known name with no wording in the edition says where it is', () => {
    expect(reasons(select('Leap', { edition: 'fr-legacy', lang: null }))).toEqual(['leap has no wording in edition fr-legacy (leap is in en-2020)']);
    const result = select('Leap', { edition: null, lang: 'fr' });
    expect(result.diagnostics[0]!.expected).toBe('--lang en, or a skill that language fr has');
  });

  it('…and that the edition has no skill of its category at all', () => {
    const d = data();
    d.skills = d.skills.filter((r) => r.id !== 'fr-legacy/chataigne');
    expect(reasons(select('Mighty Blow', { edition: 'fr-legacy', lang: null }, d))).toEqual([
      'Mighty Blow has no wording in edition fr-legacy: that edition has no Strength skills (Mighty Blow is in en-2020)',
    ]);
    expect(reasons(select('Mighty Blow', { edition: null, lang: 'fr' }, d))).toEqual([
      'Mighty Blow has no wording in language fr: that language has no Strength skills (Mighty Blow is in en-2020)',
    ]);
  });

  it('a retired record id prints the record it became, with a warning naming the migration', () => {
    const d = cardBundle();
    d.migrations = [{ id: 'en-2020/jump', kind: 'record', action: 'renamed', to: 'en-2020/leap', since: '1.1.0', note: 'renamed' }];
    const result = select('en-2020/jump (+1)', en2020, d);
    expect(ids(result)).toEqual([['en-2020/leap', '+1']]);
    expect(result.diagnostics.map((x) => [x.ruleId, x.source, x.fatal, x.reason, x.expected])).toEqual([
      [
        'cards/retired-id',
        'select',
        false,
        'en-2020/jump was renamed in 1.1.0: printing leap (en-2020/leap)',
        'en-2020/leap in the roster or the list, so it no longer depends on the migration',
      ],
    ]);
  });

  it('a retired id whose record is outside the filter, or deleted, is not followed', () => {
    const d = cardBundle();
    d.migrations = [
      { id: 'en-2020/jump', kind: 'record', action: 'renamed', to: 'en-2020/leap', since: '1.1.0', note: 'renamed' },
      { id: 'en-2020/gone', kind: 'record', action: 'deleted', to: null, since: '1.1.0', note: 'deleted' },
    ];
    // The migration still names the concept: the error says where it has a wording.
    expect(select('en-2020/jump', { edition: 'fr-legacy', lang: null }, d).diagnostics.map((x) => [x.ruleId, x.reason])).toEqual([
      ['cards/unknown-name', 'leap has no wording in edition fr-legacy (leap is in en-2020)'],
    ]);
    expect(select('en-2020/gone', en2020, d).diagnostics.map((x) => x.ruleId)).toEqual(['cards/unknown-name']);
  });

  it('a name only a retired alias spells prints its record with a warning; a live spelling none', () => {
    const d = cardBundle();
    d.names = [
      { alias: 'Jump', folded: 'jump', concept: 'leap', lang: null, source: 'retired', record: null },
      { alias: 'leap', folded: 'leap', concept: 'leap', lang: 'en', source: 'record', record: 'en-2020/leap' },
    ] as DataBundle['names'];
    const result = select('Jump (+1), Leap', en2020, d);
    expect(ids(result)).toEqual([
      ['en-2020/leap', '+1'],
      ['en-2020/leap', null],
    ]);
    expect(result.diagnostics.map((x) => [x.ruleId, x.source, x.fatal, x.reason, x.expected])).toEqual([
      ['cards/retired-id', 'select', false, '"Jump" is a retired name: printing leap (en-2020/leap)', 'leap or en-2020/leap in the roster or the list'],
    ]);
  });
});

describe('resolving names: the messages', () => {
  /** The literal bundle with four strength skills a letter apart (Stab, Stac, Stad, Stae), records in no order. */
  function fourStabs(): DataBundle {
    const d = cardBundle();
    for (const last of ['e', 'c', 'b', 'd']) {
      const slug = `sta${last}`;
      d.skills.push(record(slug, { name: `Sta${last}`, category: 'strength' }));
      d.concepts.push({ ...concept(slug), name: `Sta${last}`, names: { en: `Sta${last}` }, category: 'strength' });
    }
    return d;
  }

  it('a name with no wording in the edition lists every edition that has one, in order', () => {
    const d = data();
    d.skills.reverse();
    const result = select('Mighty Blow', { edition: 'notes', lang: null }, d);
    expect(result.diagnostics.map((x) => [x.source, x.reason, x.expected])).toEqual([
      [
        'select',
        'Mighty Blow has no wording in edition notes: that edition has no Strength skills (Mighty Blow is in en-2020, fr-legacy)',
        '--edition en-2020 or --edition fr-legacy, or a skill that edition notes has',
      ],
    ]);
  });

  it('an ambiguous name lists its records and editions in order, whatever the order of the data', () => {
    const d = cardBundle();
    d.skills.reverse();
    expect(select('Dodge', any, d).diagnostics.map((x) => [x.reason, x.note])).toEqual([
      [
        '"Dodge" is ambiguous: en-2020/dodge (Blood Bowl 2020), fr-legacy/esquive (Règles françaises)',
        'choose with --edition en-2020 or --edition fr-legacy, or write the id',
      ],
    ]);
  });

  it('a misspelt name suggests the names of the concepts it is near, not the spelling it is near', () => {
    expect(reasons(select('Chataign', en2020, data()))).toEqual(['unknown skill or trait "Chataign" in edition en-2020; did you mean: Mighty Blow?']);
  });

  it('a misspelt name near more than three concepts suggests the three nearest', () => {
    expect(reasons(select('Staa', en2020, fourStabs()))).toEqual(['unknown skill or trait "Staa" in edition en-2020; did you mean: Stab, Stac, Stad?']);
  });

  it('a name of a concept the data lacks is unknown, with suggestions', () => {
    const d = cardBundle();
    d.names = [
      { alias: 'Jump', folded: 'jump', concept: 'jump', lang: 'en', source: 'concept', record: null },
      { alias: 'leap', folded: 'leap', concept: 'leap', lang: 'en', source: 'record', record: 'en-2020/leap' },
    ] as DataBundle['names'];
    const result = select('Jump', en2020, d);
    expect(result.diagnostics.map((x) => x.ruleId)).toEqual(['cards/unknown-name']);
    expect(reasons(result)[0]).toMatch(/^unknown skill or trait "Jump" in edition en-2020; did you mean: /);
  });

  it('an id selects a record of no concept, with no warning', () => {
    const d = cardBundle();
    d.skills.push(record('odd', { concept: null }));
    d.names = [{ alias: 'leap', folded: 'leap', concept: 'leap', lang: 'en', source: 'record', record: 'en-2020/leap' }] as DataBundle['names'];
    const result = select('en-2020/odd', en2020, d);
    expect([ids(result), result.diagnostics]).toEqual([[['en-2020/odd', null]], []]);
  });

  it('a spelling both retired and live is no retired name', () => {
    const d = cardBundle();
    d.names = [
      { alias: 'Jump', folded: 'jump', concept: 'leap', lang: null, source: 'retired', record: null },
      { alias: 'Jump', folded: 'jump', concept: 'leap', lang: 'en', source: 'curated', record: null },
    ] as DataBundle['names'];
    const result = select('Jump', en2020, d);
    expect([ids(result), result.diagnostics]).toEqual([[['en-2020/leap', null]], []]);
  });

  it('a retired id names.json does not list is followed through migrations.json', () => {
    const d = cardBundle();
    d.names = [{ alias: 'leap', folded: 'leap', concept: 'leap', lang: 'en', source: 'record', record: 'en-2020/leap' }] as DataBundle['names'];
    d.migrations = [{ id: 'en-2020/jump', kind: 'record', action: 'renamed', to: 'en-2020/leap', since: '1.1.0', note: 'renamed' }];
    expect(reasons(select('en-2020/jump', { edition: 'fr-legacy', lang: null }, d))).toEqual(['leap has no wording in edition fr-legacy (leap is in en-2020)']);
  });

  it('a release without names.json resolves through the index rebuilt from its data', () => {
    const d = data();
    d.names = [];
    expect(ids(select('Châtaigne', en2020, d))).toEqual([['en-2020/mighty-blow', null]]);
  });
});

describe('a roster', () => {
  it('reads the team, the edition and its line, each player with position and skills at their lines', () => {
    const text =
      'team: Reavers\nedition: en-2020\nplayers:\n  - name: Griff\n    position: Blitzer\n    skills: [Dodge, Leap]\n  - name: Jo\n    skills: Sprint, Sure Feet\n';
    const { roster, diagnostics } = parseRoster(text, 'team.yaml', validator);
    expect(diagnostics).toEqual([]);
    expect([roster!.team, roster!.edition, roster!.editionLine]).toEqual(['Reavers', 'en-2020', 2]);
    expect(roster!.players.map((p) => [p.name, p.position, p.skills.map((s) => [s.name, s.file, s.line])])).toEqual([
      [
        'Griff',
        'Blitzer',
        [
          ['Dodge', 'team.yaml', 6],
          ['Leap', 'team.yaml', 6],
        ],
      ],
      [
        'Jo',
        null,
        [
          ['Sprint', 'team.yaml', 8],
          ['Sure Feet', 'team.yaml', 8],
        ],
      ],
    ]);
  });

  it('a skills list over several lines keeps each line', () => {
    const { roster } = parseRoster('players:\n  - name: Griff\n    skills:\n      - Dodge\n      - Leap\n', 'team.yaml', validator);
    expect(roster!.players[0]!.skills.map((s) => s.line)).toEqual([4, 5]);
  });

  it('`name:` names the team when there is no `team:`; `team:` wins', () => {
    expect(parseRoster('name: Reavers\nplayers:\n  - name: Griff\n', 'team.yaml', validator).roster!.team).toBe('Reavers');
    expect(parseRoster('team: A\nname: B\nplayers:\n  - name: Griff\n', 'team.yaml', validator).roster!.team).toBe('A');
  });

  it('no team, no edition and a player without skills read as nothing', () => {
    const { roster } = parseRoster('team: null\nedition: null\nplayers:\n  - name: Griff\n    skills: null\n', 'team.yaml', validator);
    expect([roster!.team, roster!.edition, roster!.editionLine, roster!.players[0]!.skills]).toEqual([null, null, null, []]);
  });

  it('JSON is read too, a bare list of players as the players', () => {
    const { roster } = parseRoster('[{"name": "Griff", "skills": ["Dodge"]}]', 'team.json', validator);
    expect([roster!.team, roster!.players.map((p) => p.name)]).toEqual([null, ['Griff']]);
  });

  it('a YAML alias reads as the list or the player it names, at the line of the alias', () => {
    const text = 'players:\n  - &griff\n    name: Griff\n    skills: &both [Dodge, Leap]\n  - name: Jo\n    skills: *both\n  - *griff\n';
    const { roster, diagnostics } = parseRoster(text, 'team.yaml', validator);
    expect(diagnostics).toEqual([]);
    expect(roster!.players.map((p) => [p.name, p.skills.map((s) => [s.name, s.line])])).toEqual([
      [
        'Griff',
        [
          ['Dodge', 4],
          ['Leap', 4],
        ],
      ],
      [
        'Jo',
        [
          ['Dodge', 6],
          ['Leap', 6],
        ],
      ],
      [
        'Griff',
        [
          ['Dodge', 7],
          ['Leap', 7],
        ],
      ],
    ]);
  });

  it('a skills string skips the blanks between its commas', () => {
    const { roster } = parseRoster('players:\n  - name: Griff\n    skills: " , Dodge,,  Leap , "\n', 'team.yaml', validator);
    expect(roster!.players[0]!.skills.map((s) => s.text)).toEqual(['Dodge', 'Leap']);
  });

  it('a null team gives way to `name:`', () => {
    expect(parseRoster('team: null\nname: Reavers\nplayers:\n  - name: Griff\n', 'team.yaml', validator).roster!.team).toBe('Reavers');
  });

  it("a bare list's skills and errors are at their own lines", () => {
    const { roster } = parseRoster('- name: Gork\n- name: Griff\n  skills:\n    - Dodge\n', 'team.yaml', validator);
    expect(roster!.players[1]!.skills.map((s) => s.line)).toEqual([4]);
    const bad = parseRoster('- name: Gork\n- name: Griff\n  skill: Dodge\n', 'team.yaml', validator);
    expect(bad.diagnostics.map((d) => [d.ruleId, d.place?.line])).toEqual([['cards/bad-roster', 3]]);
  });

  it('cards/bad-roster: a shape the schema refuses is one error from the select stage, with the roster format', () => {
    const { roster, diagnostics } = parseRoster('players:\n  - name: Gork\n    skills: 42\n', 'team.yaml', validator);
    expect(roster).toBeNull();
    expect(diagnostics.map((d) => [d.ruleId, d.source, d.fatal, d.file, d.place?.line, d.reason, d.note])).toEqual([
      [
        'cards/bad-roster',
        'select',
        true,
        'team.yaml',
        3,
        'player 1 (Gork), `skills:` must be names in brackets, [Block, Dodge], or one line of names separated by commas',
        'each player starts with `- name:`, with `skills:` under it; docs/LEAGUES.md ("Write a roster") shows a whole one',
      ],
    ]);
  });

  it('cards/bad-roster: an empty file is refused at line 1', () => {
    for (const text of ['', '# no players yet\n']) {
      const { roster, diagnostics } = parseRoster(text, 'team.yaml', validator);
      expect(roster).toBeNull();
      expect(diagnostics.map((d) => [d.ruleId, d.place])).toEqual([['cards/bad-roster', { line: 1 }]]);
    }
  });

  it('cards/bad-roster: not YAML, at the line of the fault', () => {
    const { roster, diagnostics } = parseRoster('players: [\n  { name: Gork\n', 'team.yaml', validator);
    expect(roster).toBeNull();
    expect(diagnostics.map((d) => [d.ruleId, d.source, d.file, d.place?.line, d.reason])).toEqual([
      ['cards/bad-roster', 'select', 'team.yaml', 2, 'this "{" is never closed: close it with "}" on the same line'],
    ]);
  });
});

describe('planning a selection', () => {
  const input = (extra: Partial<SelectionInput> = {}): SelectionInput => ({
    skills: null,
    edition: null,
    lang: null,
    roster: null,
    perPlayer: false,
    ...extra,
  });
  const plan = (extra: Partial<SelectionInput>, d: DataBundle = data()) => {
    const result = planSelection(d, input(extra), validator);
    if ('usage' in result) throw new Error(result.usage);
    return result;
  };
  const roster = (text: string) => ({ text, file: 'team.yaml' });

  it('a skills list is one cards.pdf of those cards, titled by their editions', () => {
    const { plan: p, diagnostics } = plan({ skills: 'Leap, Dodge', edition: 'en-2020' });
    expect(diagnostics).toEqual([]);
    expect([p.file, p.edition, p.label, p.language, p.title]).toEqual(['cards.pdf', 'en-2020', 'Blood Bowl 2020', 'en', 'skill cards (Blood Bowl 2020)']);
    expect(p.specs.map((s) => [s.key, s.team])).toEqual([
      ['en-2020/leap', null],
      ['en-2020/dodge', null],
    ]);
  });

  it('with no edition the plan is a "selection", its label every edition on it; several languages fall back on English', () => {
    const { plan: p } = plan({ skills: 'en-2020/leap, fr-legacy/esquive' });
    expect([p.edition, p.label, p.language, p.title]).toEqual([
      'selection',
      'Blood Bowl 2020, Règles françaises',
      'en',
      'skill cards (Blood Bowl 2020, Règles françaises)',
    ]);
    expect(plan({ skills: 'en-2020/leap, fr-legacy/esquive', lang: 'fr' }).plan.language).toBe('fr');
    expect(plan({ skills: 'fr-legacy/esquive' }).plan.language).toBe('fr');
  });

  it('--team names the team on the title and every card', () => {
    const { plan: p } = plan({ skills: 'Leap', edition: 'en-2020', team: 'Reavers' });
    expect(p.title).toBe('Reavers: skill cards (Blood Bowl 2020)');
    expect(p.specs.map((s) => s.team)).toEqual(['Reavers']);
  });

  it('an edition or a language alone selects every record of it, by edition and name', () => {
    expect(plan({ lang: 'fr' }).plan.specs.map((s) => s.key)).toEqual(['fr-legacy/chataigne', 'fr-legacy/esquive']);
    expect(
      plan({ edition: 'en-2020' })
        .plan.specs.map((s) => s.key)
        .slice(0, 3),
    ).toEqual(['en-2020/mighty-blow', 'en-2020/diving-tackle', 'en-2020/dodge']);
    // A French deck of an English edition: its every record, each an English text on a French card.
    const french = plan({ edition: 'en-2020', lang: 'fr' }).plan.specs;
    expect(french.map((s) => [s.key, s.lang])).toEqual(plan({ edition: 'en-2020' }).plan.specs.map((s) => [s.key, 'fr']));
    expect(plan({ edition: 'fr-legacy', lang: 'en' }).plan.specs).toEqual([]);
    expect(
      plan({})
        .plan.specs.map((s) => s.key)
        .slice(-2),
    ).toEqual(['fr-legacy/chataigne', 'fr-legacy/esquive']);
  });

  it('an unknown --edition is a usage error listing the editions with cards', () => {
    expect(planSelection(data(), input({ edition: 'en-1987' }), validator)).toEqual({
      usage: 'unknown edition "en-1987"; the editions with cards are en-2020, fr-legacy',
    });
  });

  it('cards/empty-selection: a filter with no card prints nothing', () => {
    const { diagnostics } = plan({ edition: 'fr-legacy', lang: 'en' });
    expect(diagnostics.map((d) => [d.ruleId, d.file, d.place, d.reason])).toEqual([
      ['cards/empty-selection', '--edition/--lang', null, 'no card is in edition fr-legacy, language en'],
    ]);
    expect(plan({ skills: ' , ' }).diagnostics.map((d) => [d.file, d.reason])).toEqual([['--skills', 'no card is in the selection']]);
  });

  it('a list whose names all fail gives their errors, not an empty selection too', () => {
    expect(plan({ skills: 'zzzzqqqq', edition: 'en-2020' }).diagnostics.map((d) => d.ruleId)).toEqual(['cards/unknown-name']);
  });

  it("a roster is a team deck: one card per skill, naming the players who have it, with the roster's team and edition", () => {
    const text = 'team: Reavers\nedition: fr-legacy\nplayers:\n  - name: Griff\n    skills: [Dodge, Mighty Blow]\n  - name: Jo\n    skills: [Dodge, Dodge]\n';
    const { plan: p, diagnostics } = plan({ roster: roster(text) });
    expect(diagnostics).toEqual([]);
    expect([p.edition, p.title, p.language]).toEqual(['fr-legacy', 'Reavers: skill cards (Règles françaises)', 'fr']);
    expect(p.specs.map((s) => [s.key, s.team, s.body[0]!.runs.map((r) => r.text).join('')])).toEqual([
      ['fr-legacy/esquive', 'Reavers', 'Joueurs : Griff, Jo'],
      ['fr-legacy/chataigne', 'Reavers', 'Joueurs : Griff'],
    ]);
  });

  it('a team deck names on each parameter’s card only the players who have that parameter', () => {
    const text = 'players:\n  - name: Griff\n    skills: [Mighty Blow (+1)]\n  - name: Jo\n    skills: [Mighty Blow (+2), Mighty Blow (+1)]\n';
    const { plan: p } = plan({ roster: roster(text), edition: 'en-2020' });
    expect(p.specs.map((s) => s.body[0]!.runs.map((r) => r.text).join(''))).toEqual(['Players: Griff, Jo', 'Players: Jo']);
  });

  it('--team wins over the roster’s team; --edition over its edition', () => {
    const text = 'team: Reavers\nedition: fr-legacy\nplayers:\n  - name: Griff\n    skills: [Dodge]\n';
    const { plan: p } = plan({ roster: roster(text), team: 'Orcs', edition: 'en-2020' });
    expect([p.edition, p.title, p.specs.map((s) => [s.key, s.team])]).toEqual(['en-2020', 'Orcs: skill cards (Blood Bowl 2020)', [['en-2020/dodge', 'Orcs']]]);
  });

  it('a roster without a team is titled "roster"; --per-player makes one card per player', () => {
    const text = 'players:\n  - name: Griff\n    position: Blitzer\n    skills: [Dodge, Leap, Nope]\n  - name: Jo\n    skills: [Leap]\n';
    const { plan: p, diagnostics } = plan({ roster: roster(text), perPlayer: true, edition: 'en-2020' });
    expect(p.title).toBe('roster: player cards (Blood Bowl 2020)');
    expect(p.specs.map((s) => [s.key, s.subtitle, s.kindLabel, s.origin.file])).toEqual([
      ['player:Griff', 'Blitzer', 'Player · 2 skills', 'team.yaml'],
      ['player:Jo', null, 'Player · 1 skill', 'team.yaml'],
    ]);
    expect(diagnostics.map((d) => [d.ruleId, d.file, d.place])).toEqual([['cards/unknown-name', 'team.yaml', { line: 4 }]]);
  });

  it("a roster's unknown edition is a roster error at its line, naming the ids", () => {
    const { plan: p, diagnostics } = plan({ roster: roster('team: R\nedition: en-1987\nplayers:\n  - name: Griff\n    skills: [Dodge]\n') });
    expect(p.specs).toEqual([]);
    expect(diagnostics.map((d) => [d.ruleId, d.file, d.place, d.reason, d.expected, d.note])).toEqual([
      [
        'cards/bad-roster',
        'team.yaml',
        { line: 2 },
        'unknown edition "en-1987"; the editions with cards are en-2020, fr-legacy',
        'an edition id: en-2020, fr-legacy',
        'write the id, as in "edition: en-2020", or leave the line out: the names then choose the language (English cards of Blood Bowl 2020 by default)',
      ],
    ]);
  });

  it('`edition: 2020`, a number to YAML, is the same error', () => {
    const { diagnostics } = plan({ roster: roster('players:\n  - name: Griff\n    skills: [Dodge]\nedition: 2020\n') });
    expect(diagnostics.map((d) => [d.ruleId, d.place, d.reason])).toEqual([
      ['cards/bad-roster', { line: 4 }, 'unknown edition "2020"; the editions with cards are en-2020, fr-legacy'],
    ]);
  });

  it('a roster that is not one is refused with its own errors and an empty plan', () => {
    const result = plan({ roster: roster('players: []\n') });
    expect(result.plan).toEqual({ file: 'cards.pdf', edition: '', label: '', language: 'en', title: '', specs: [] });
    expect(result.diagnostics.map((d) => d.ruleId)).toEqual(['cards/bad-roster']);
  });

  it('cards/empty-selection: a roster whose players list no skill names the roster and the players', () => {
    for (const [text, count] of [
      ['players:\n  - name: Griff\n', '1 player'],
      ['players:\n  - name: Griff\n  - name: Jo\n    skills: []\n', '2 players'],
    ] as const) {
      for (const perPlayer of [false, true]) {
        const { diagnostics } = plan({ roster: roster(text), perPlayer });
        expect(diagnostics.map((d) => [d.ruleId, d.file, d.place, d.reason, d.note])).toEqual([
          [
            'cards/empty-selection',
            'team.yaml',
            { line: 1 },
            `the roster's ${count} list no skills, traits or inducements, so there is no card to print`,
            'give each player a skills: list (skills: [Block, Dodge])',
          ],
        ]);
      }
    }
  });
});

describe('planning a selection: the edges', () => {
  const input = (extra: Partial<SelectionInput> = {}): SelectionInput => ({
    skills: null,
    edition: null,
    lang: null,
    roster: null,
    perPlayer: false,
    ...extra,
  });
  const plan = (extra: Partial<SelectionInput>, d: DataBundle = data()) => {
    const result = planSelection(d, input(extra), validator);
    if ('usage' in result) throw new Error(result.usage);
    return result;
  };
  const roster = (text: string) => ({ text, file: 'team.yaml' });

  it('selection errors come from the select stage and say what to do', () => {
    const empty = plan({ edition: 'fr-legacy', lang: 'en' }).diagnostics[0]!;
    expect([empty.source, empty.note]).toEqual([
      'select',
      'choose an edition and a language that have cards together (nuffle cards --help lists the editions)',
    ]);
    expect(plan({ roster: roster('edition: en-1987\nplayers:\n  - name: Griff\n') }).diagnostics[0]!.source).toBe('select');
  });

  it('a plan with no card is titled "none"', () => {
    expect(plan({ edition: 'fr-legacy', lang: 'en' }).plan.title).toBe('skill cards (none)');
  });

  it('--team on a skills list adds no players line', () => {
    const { plan: p } = plan({ skills: 'Leap', edition: 'en-2020', team: 'Reavers' });
    expect(p.specs[0]!.body.map((b) => b.runs.map((r) => r.text).join(''))).toEqual(['leap text, the rule as printed.']);
  });

  it('a team deck skips a name it cannot resolve, and says so', () => {
    const { plan: p, diagnostics } = plan({ roster: roster('players:\n  - name: Griff\n    skills: [Leap, Nope]\n'), edition: 'en-2020' });
    expect(p.specs.map((s) => s.key)).toEqual(['en-2020/leap']);
    expect(diagnostics.map((d) => d.ruleId)).toEqual(['cards/unknown-name']);
  });

  it('the editions with cards are listed in order, whatever the order of the records', () => {
    const d = data();
    d.skills.reverse();
    expect(planSelection(d, input({ edition: 'x' }), validator)).toEqual({ usage: 'unknown edition "x"; the editions with cards are en-2020, fr-legacy' });
  });

  it("--edition wins over a roster's unknown edition", () => {
    const { plan: p, diagnostics } = plan({ roster: roster('edition: en-1987\nplayers:\n  - name: Griff\n    skills: [Dodge]\n'), edition: 'en-2020' });
    expect(diagnostics).toEqual([]);
    expect(p.specs.map((s) => s.key)).toEqual(['en-2020/dodge']);
  });

  it('a roster that is not YAML is a roster error, whatever the edition', () => {
    const { diagnostics } = plan({ roster: roster('players: [\n') });
    expect(diagnostics.map((d) => [d.ruleId, d.file])).toEqual([['cards/bad-roster', 'team.yaml']]);
  });
});
