/**
 * A league's whole team on cards (issue 34, items 1 to 4), on a small literal
 * bundle: inducements in the team's deck, French decks that print an English
 * text (marked) instead of refusing, names that choose the cards' language,
 * and roster problems in the organiser's words, in English and French, for
 * the CLI and for the card page (no flag there).
 */
import { describe, expect, it } from 'vitest';
import { planSelection, type SelectionInput } from '../../pipeline/emit/cards/plan-selection.ts';
import { splitCount } from '../../pipeline/emit/cards/resolve-inducements.ts';
import { parseRoster } from '../../pipeline/emit/cards/select.ts';
import type { Speaker } from '../../pipeline/emit/cards/words.ts';
import { readSchemaFiles } from '../../pipeline/io.ts';
import type { DataBundle } from '../../pipeline/model/dataset.ts';
import type { Diagnostic } from '../../pipeline/model/diagnostic.ts';
import { buildNameIndex } from '../../pipeline/model/resolve-names.ts';
import type { Edition } from '../../pipeline/model/schema-types.ts';
import { createValidator } from '../../pipeline/validate/schemas.ts';
import { repoRoot } from '../helpers.ts';
import { cardBundle, coach, concept, record } from './literal.ts';

const validator = createValidator(readSchemaFiles(repoRoot));
const PAGE_EN: Speaker = { lang: 'en', menus: { edition: 'Edition', language: 'Language of the cards' } };
const PAGE_FR: Speaker = { lang: 'fr', menus: { edition: 'Édition', language: 'Langue des cartes' } };

const edition = (id: string, label: string, lang: Edition['lang'], parser: string): Edition => ({
  id,
  label,
  year: 2020,
  circa: false,
  status: 'superseded',
  lang,
  source: `${id}-source`,
  file: `sources/raw/${id}.txt`,
  sha256: '0'.repeat(64),
  parser,
  note: 'a literal edition',
  records: 0,
  rulings: 0,
});

/**
 * The literal bundle, with what a team meets: Sprint spelt alike in the
 * English and French lists, Leap also in a later English wording and with a
 * reviewed French alias (Saut) but no French record, a French-only skill
 * (Griffes), and the inducements a team buys (and a price list, which it does not).
 */
function teamBundle(): DataBundle {
  const d = cardBundle();
  d.editions = [
    edition('en-2020', 'Blood Bowl 2020 (English)', 'en', 'en-2020'),
    edition('fr-legacy', 'Règles françaises (français)', 'fr', 'fr-legacy'),
    edition('en-later', 'Later wording (English)', 'en', 'traits-alt'),
    edition('notes', 'Inducement notes (English)', 'en', 'inducements'),
  ];
  const french = { edition: 'fr-legacy', lang: 'fr' as const };
  d.skills.push(
    record('sprint-fr', { ...french, id: 'fr-legacy/sprint', name: 'Sprint', displayName: 'Sprint', concept: 'sprint', text: 'Le joueur sprinte.' }),
    record('leap-later', { id: 'en-later/leap', edition: 'en-later', name: 'leap', displayName: 'leap', concept: 'leap', text: 'Leap, later wording.' }),
    record('griffes', { ...french, id: 'fr-legacy/griffes', name: 'Griffes', displayName: 'Griffes', concept: 'griffes', text: 'Des griffes.' }),
  );
  // Sprint is spelt alike in both lists, as in the real ones.
  Object.assign(d.skills.find((r) => r.id === 'en-2020/sprint')!, { name: 'Sprint', displayName: 'Sprint' });
  Object.assign(d.concepts.find((c) => c.id === 'sprint')!, { name: 'Sprint', names: { en: 'Sprint', fr: 'Sprint' } });
  d.concepts.push({ ...concept('griffes'), name: 'Griffes', names: { en: 'Griffes', fr: 'Griffes' }, records: ['fr-legacy/griffes'] });
  d.inducements = [
    coach({ id: 'notes/bribes', name: 'Bribes', kind: 'inducement', text: 'Buy up to three bribes.', limits: { max: 3, oncePerGame: false } }),
    coach({ id: 'notes/wandering-apothecaries', name: 'Wandering Apothecaries', kind: 'inducement', text: 'Up to two apothecaries.', abilities: [] }),
    coach({
      id: 'notes/sports-wizard',
      name: 'Hireling Sports-Wizard',
      kind: 'wizard',
      abilities: [],
      spells: [{ id: 'notes/sports-wizard/fireball', name: 'FIREBALL', text: 'Boom.', line: 9, mentions: [] }],
    }),
    coach({ id: 'notes/price-list', name: 'Mercenary price list', kind: 'price-list' }),
  ];
  d.names = buildNameIndex({ ...d, curated: [{ alias: 'Saut', concept: 'leap', lang: 'fr' }] }).names;
  return d;
}

const input = (roster: string, extra: Partial<SelectionInput> = {}): SelectionInput => ({
  skills: null,
  edition: null,
  lang: null,
  roster: { text: roster, file: 'team.yaml' },
  perPlayer: false,
  ...extra,
});

function plan(roster: string, extra: Partial<SelectionInput> = {}, speaker?: Speaker, d = teamBundle()) {
  const result = planSelection(d, input(roster, extra), validator, speaker);
  if ('usage' in result) throw new Error(result.usage);
  return result;
}

const team = (skills: string, more = '') => `team: Orcs\nplayers:\n  - name: Gork\n    skills: [${skills}]\n${more}`;
const texts = (spec: { body: { runs: { text: string }[] }[] }) => spec.body.map((b) => b.runs.map((r) => r.text).join(''));
const rules = (diagnostics: readonly Diagnostic[]) => diagnostics.map((d) => d.ruleId);

describe('inducements in a team deck (issue 34, item 1)', () => {
  it('lists inducements as coaches write them (a count, the singular), after the skill cards, with the team', () => {
    const { plan: p, diagnostics } = plan(team('Dodge', 'inducements: [2 Bribes, Wandering Apothecary, hireling sports wizard]\n'));
    expect(diagnostics).toEqual([]);
    expect(p.specs.map((s) => [s.key, s.title, s.team])).toEqual([
      ['en-2020/dodge', 'dodge', 'Orcs'],
      ['notes/bribes', 'Bribes ×2', 'Orcs'],
      ['notes/wandering-apothecaries', 'Wandering Apothecaries', 'Orcs'],
      ['notes/sports-wizard', 'Hireling Sports-Wizard', 'Orcs'],
    ]);
    expect(p.specs[3]!.kindLabel).toBe('Inducement · Wizard');
  });

  it('reads a comma-separated string too, adds a repeated one up, and warns past the limit (the card still printed)', () => {
    const { plan: p, diagnostics } = plan(team('Dodge', 'inducements: Bribes x2, bribes (2)\n'));
    expect(p.specs.map((s) => s.title)).toEqual(['dodge', 'Bribes ×4']);
    expect(diagnostics.map((d) => [d.ruleId, d.fatal, d.place?.line, d.reason])).toEqual([
      ['cards/inducement-count', false, 5, '4 × Bribes: a team may have at most 3'],
    ]);
  });

  it('suggests inducements only for a misspelt one, never a skill', () => {
    const { diagnostics } = plan(team('Dodge', 'inducements: [Bribs]\n'));
    expect(rules(diagnostics)).toEqual(['cards/unknown-inducement']);
    const suggested = /did you mean: (.*)\?$/.exec(diagnostics[0]!.reason)![1]!.split(', ');
    expect(suggested[0]).toBe('Bribes');
    for (const name of suggested) expect(['Bribes', 'Wandering Apothecaries', 'Hireling Sports-Wizard']).toContain(name);
  });

  it('says which list a name goes in: an inducement among skills, a skill among inducements; a price list is no inducement', () => {
    expect(plan(team('Dodge, Bribes')).diagnostics.map((d) => [d.ruleId, d.reason])).toEqual([
      ['cards/unknown-name', '"Bribes" is an inducement, not a skill or trait: list it under `inducements:`, not under a player (player 1, Gork)'],
    ]);
    expect(plan(team('Dodge', 'inducements: [Sprint]\n')).diagnostics.map((d) => [d.ruleId, d.reason])).toEqual([
      ['cards/unknown-inducement', '"Sprint" is a skill or trait, not an inducement: list it under a player\'s `skills:`'],
    ]);
    expect(rules(plan(team('Dodge', 'inducements: [Mercenary price list]\n')).diagnostics)).toEqual(['cards/unknown-inducement']);
  });

  it('a roster of inducements alone prints their cards', () => {
    const { plan: p, diagnostics } = plan('team: Orcs\nplayers:\n  - name: Gork\ninducements: [Bribes]\n');
    expect([diagnostics, p.specs.map((s) => s.key)]).toEqual([[], ['notes/bribes']]);
  });

  it('on a French deck, an inducement card has French labels and says its text is English', () => {
    const { plan: p } = plan(team('Esquive', 'inducements: [Bribes]\n'));
    const bribes = p.specs.find((s) => s.key === 'notes/bribes')!;
    expect([bribes.lang, bribes.kindLabel, bribes.marker, texts(bribes)[0]]).toEqual([
      'fr',
      'Coup de pouce',
      '0-3',
      'Texte anglais, Inducement notes : aucune version française dans les sources',
    ]);
  });

  it.each([
    ['2 Bribes', 'Bribes', 2],
    ['2x Bribes', 'Bribes', 2],
    ['Bribes x2', 'Bribes', 2],
    ['Bribes ×3', 'Bribes', 3],
    ['Bribes (2)', 'Bribes', 2],
    ['Bribes 2', 'Bribes', 2],
    ['Bribes', 'Bribes', 1],
    ['0 Bribes', '0 Bribes', 1],
    ['Team2', 'Team2', 1],
    ['123 Bribes', '123 Bribes', 1],
  ])('reads the count of %j', (text, name, count) => {
    expect(splitCount(text)).toEqual({ name, count });
  });
});

describe('a French deck never refuses a skill the data knows (issue 34, item 2)', () => {
  it('prints the English wording, under its reviewed French name, marked as English text; the run counts them', () => {
    const { plan: p, diagnostics } = plan(team('Esquive, Saut, Sure Feet'), { edition: 'fr-legacy' });
    expect(p.specs.map((s) => [s.key, s.lang, s.title, s.subtitle])).toEqual([
      ['fr-legacy/esquive', 'fr', 'Esquive', 'EN: dodge'],
      ['en-2020/leap', 'fr', 'Saut', 'EN: leap'],
      ['en-2020/sure-feet', 'fr', 'sure-feet', null],
    ]);
    expect(texts(p.specs[1]!).slice(0, 2)).toEqual(['Joueurs : Gork', 'Texte anglais, Blood Bowl 2020 : aucune version française dans les sources']);
    expect(p.specs[1]!.body[1]!.runs[0]!.face).toBe('italic');
    expect(p.specs[1]!.kindLabel).toBe('Compétence · Agilité');
    expect(diagnostics.map((d) => [d.ruleId, d.fatal, d.reason])).toEqual([
      [
        'cards/english-text',
        false,
        '2 texts are printed in English (Blood Bowl 2020), the French sources having no wording of them (or none that takes the value given): Saut, sure-feet',
      ],
    ]);
  });

  it('prints the English wording of the edition asked for: --edition en-2020 --lang fr gives 2020 texts, French names', () => {
    const { plan: p, diagnostics } = plan(team('Dodge, Sprint'), { edition: 'en-2020', lang: 'fr' });
    expect(p.specs.map((s) => [s.key, s.lang, s.title])).toEqual([
      ['en-2020/dodge', 'fr', 'Esquive'],
      ['en-2020/sprint', 'fr', 'Sprint'],
    ]);
    expect(rules(diagnostics)).toEqual(['cards/english-text']);
  });

  it('says the count in French on the French page', () => {
    const { diagnostics } = plan(team('Esquive, Saut'), {}, PAGE_FR);
    expect(diagnostics[0]!.reason).toBe(
      '1 texte est imprimé en anglais (Blood Bowl 2020), les sources françaises n’en ayant aucune version (ou aucune qui prenne la valeur donnée) : Saut',
    );
  });

  it('per player, a French card marks each English text under its French name', () => {
    const { plan: p } = plan(team('Esquive, Saut'), { perPlayer: true });
    expect(texts(p.specs[0]!)).toEqual([
      'Esquive',
      'Le joueur esquive.',
      'Saut',
      'Texte anglais, Blood Bowl 2020 : aucune version française dans les sources',
      'leap text, the rule as printed.',
    ]);
  });
});

describe('names choose the cards’ language (issue 34, item 3)', () => {
  it('a roster in English prints English cards, the base edition’s record first: Dodge and Sprint just work', () => {
    const { plan: p, diagnostics } = plan(team('Dodge, Sprint, Leap'));
    expect([diagnostics, p.specs.map((s) => s.key)]).toEqual([[], ['en-2020/dodge', 'en-2020/sprint', 'en-2020/leap']]);
  });

  it('an abbreviation names its concept in the roster’s language and casts no vote: a French roster with `SP` prints French cards', () => {
    const d = teamBundle();
    d.names = buildNameIndex({ ...d, curated: [{ alias: 'SP', concept: 'sprint', lang: 'en', kind: 'abbreviation' }] }).names;
    const { plan: p, diagnostics } = plan(team('Esquive, sp'), {}, undefined, d);
    expect([diagnostics, p.specs.map((s) => s.key)]).toEqual([[], ['fr-legacy/esquive', 'fr-legacy/sprint']]);
  });

  it('a roster in French prints the French list (a name spelt alike in both, Sprint, goes with the others)', () => {
    const { plan: p, diagnostics } = plan(team('Sprint, Esquive'));
    expect([diagnostics, p.specs.map((s) => s.key)]).toEqual([[], ['fr-legacy/sprint', 'fr-legacy/esquive']]);
  });

  it('a roster that mixes both asks, at the odd name, naming one of each', () => {
    const text = 'players:\n  - name: Gork\n    skills: [Dodge, Leap]\n  - name: Mork\n    skills: [Esquive]\n';
    const { plan: p, diagnostics } = plan(text);
    expect(p.specs).toEqual([]);
    expect(diagnostics.map((d) => [d.ruleId, d.place?.line, d.reason, d.expected])).toEqual([
      [
        'cards/mixed-languages',
        5,
        'this roster mixes English names ("Dodge", line 3) and French names ("Esquive", line 5), so the cards\' language is not clear',
        'add `edition: en-2020` (English) or `edition: fr-legacy` (French) to the roster, or --lang en or --lang fr',
      ],
    ]);
    expect(plan(text, { lang: 'fr' }).diagnostics.map((d) => d.ruleId)).toEqual(['cards/english-text']);
  });

  it('a list of names asked one by one (--skills) prints each in its own language', () => {
    const result = planSelection(teamBundle(), { ...input(''), roster: null, skills: 'Dodge, Esquive, Sprint' }, validator);
    expect('plan' in result && [result.diagnostics, result.plan.specs.map((s) => s.key)]).toEqual([
      [],
      ['en-2020/dodge', 'fr-legacy/esquive', 'en-2020/sprint'],
    ]);
  });
});

describe('roster problems in the organiser’s words (issue 34, item 4)', () => {
  const problems = (text: string, speaker?: Speaker) => parseRoster(text, 'team.yaml', validator, speaker ? { speaker } : {}).diagnostics;
  const JARGON = /must be (array|object|string)|\(root\)|schema\.json|#\/|Implicit|additionalProperties|\/players\/\d/;

  it.each([
    [
      'a misspelt key, its list on the lines below',
      'team: Orcs\nplayers:\n  - name: Gork\n  - name: Mork\n    skils:\n      - Block\n',
      5,
      'player 2 (Mork): `skils:` is not a key of a player; did you mean `skills:`?',
    ],
    ['a misspelt roster key', 'tema: Orcs\nplayers:\n  - name: Gork\n', 1, 'the roster: `tema:` is not a key of a roster; did you mean `team:`?'],
    ['a French key', 'team: Orcs\njoueurs:\n  - name: Gork\n', 2, 'the roster: `joueurs:` is not a key of a roster; did you mean `players:`?'],
    ['a dash with no space', 'players:\n  -name: Gork\n', 2, 'player 1: `-name:` needs a space after its dash: `- name:`'],
    ['players that are not a list', 'team: Orcs\nplayers: Gork\n', 2, '`players:` must be a list: one `- name:` line per player, each indented under it'],
    ['text that is no roster', 'just some words\n', 1, 'this is not a roster: a roster has `team:`, then `players:` with one `- name:` line per player'],
    ['a missing colon', 'team Orcs\nplayers:\n  - name: Gork\n', 1, 'no colon after `team`: write `team: Orcs`'],
    ['a missing colon in a player', 'players:\n  - name: Gork\n    skills [Block]\n', 3, 'no colon after `skills`: write `skills: [Block]`'],
    ['no space after a colon', 'team:Orcs\nplayers:\n  - name: Gork\n', 1, 'a colon needs a space after it: write `team: Orcs`'],
    ['a tab', 'players:\n\t- name: Gork\n', 2, 'this line is indented with a tab: indent with spaces'],
    ['a missing colon in a last player', 'players:\n  - name: Gork\n  - name Mork\n', 3, 'no colon after `name`: write `name: Mork`'],
  ])('%s', (_what, text, line, reason) => {
    const found = problems(text);
    expect(found.map((d) => [d.ruleId, d.place?.line, d.reason])).toEqual([['cards/bad-roster', line, reason]]);
    for (const d of found) expect([d.reason, d.expected ?? '', d.note ?? ''].join('\n')).not.toMatch(JARGON);
  });

  it('says it in French on the French page, and names the page, not the command, for a whole roster', () => {
    expect(problems('team: Orcs\nplayers:\n  - name: Gork\n    skils: [Block]\n', PAGE_FR).map((d) => [d.reason, d.note])).toEqual([
      [
        'joueur 1 (Gork) : `skils:` n’est pas une clé de joueur ; vouliez-vous dire `skills:` ?',
        'chaque joueur commence par `- name:`, avec `skills:` dessous ; « Coller un exemple » montre une feuille entière',
      ],
    ]);
    expect(problems('team Orcs\nplayers:\n  - name: Gork\n', PAGE_FR)[0]!.reason).toBe('il manque les deux-points après `team` : écrivez `team: Orcs`');
  });

  it('never names a command-line option on the page: the menus instead', () => {
    const mixed = 'players:\n  - name: Gork\n    skills: [Dodge, Esquive, Leap]\n';
    const cases: [string, Partial<SelectionInput>][] = [
      [mixed, {}],
      [team('Griffes'), { edition: 'en-2020', lang: 'en' }],
      [team('Esquive'), { edition: 'fr-legacy', lang: 'en' }],
      ['team: Orcs\nedition: 2020\nplayers:\n  - name: Gork\n', {}],
      [team('Nope'), {}],
    ];
    for (const speaker of [PAGE_EN, PAGE_FR])
      for (const [text, extra] of cases) {
        const { diagnostics } = plan(text, extra, speaker);
        expect(diagnostics.length).toBeGreaterThan(0);
        for (const d of diagnostics) expect([d.reason, d.expected ?? '', d.note ?? ''].join('\n')).not.toMatch(/--[a-z]/);
      }
    expect(plan(team('Esquive'), { edition: 'fr-legacy', lang: 'en' }, PAGE_FR).diagnostics[0]!.expected).toBe(
      'Blood Bowl 2020 (anglais) dans le menu « Édition », ou français dans le menu « Langue des cartes », ou une compétence qui s’y trouve',
    );
    expect(plan(mixed, {}, PAGE_EN).diagnostics[0]!.expected).toBe(
      'choose the language in the "Language of the cards" menu, or write `edition: en-2020` (English) or `edition: fr-legacy` (French) in the roster',
    );
  });
});

describe('advice that never repeats what was asked (issue 34, item 11)', () => {
  it('--edition fr-legacy --lang en: a wording only the French list has is advised by language or another edition, never the edition given', () => {
    const { diagnostics } = plan(team('Esquive'), { edition: 'fr-legacy', lang: 'en' });
    expect(diagnostics.map((d) => [d.ruleId, d.expected])).toEqual([
      ['cards/unknown-name', '--edition en-2020, or --lang fr, or a skill that edition fr-legacy, language en has'],
    ]);
  });

  it('--edition en-2020 --lang fr: a skill 2020 lacks is advised elsewhere, never --edition en-2020', () => {
    const { diagnostics } = plan(team('Griffes'), { edition: 'en-2020', lang: 'fr' });
    expect(diagnostics.map((d) => [d.ruleId, d.expected])).toEqual([
      ['cards/unknown-name', '--edition fr-legacy, or a skill that edition en-2020, language fr has'],
    ]);
    expect(diagnostics[0]!.reason).not.toMatch(/that edition has no/);
  });
});
