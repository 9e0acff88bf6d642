/**
 * What goes on each card, before layout, from literal records: the name with
 * its parameter, the kind and category line, the compulsory marker, the
 * random-table corner, the badge, the footer, the back, the players of a team
 * deck, a roster player's card, an inducement's card, and the strings the
 * glyph check reads.
 */
import { describe, expect, it } from 'vitest';
import {
  COLOURS,
  LABELS,
  partLabel,
  playerCardSpec,
  type PlayerSkill,
  skillCardSpec,
  specContextOf,
  usedTextOfSpec,
} from '../../pipeline/emit/cards/card-specs.ts';
import { inducementCardSpec, isCardInducement } from '../../pipeline/emit/cards/inducement-cards.ts';
import type { Inducement } from '../../pipeline/model/schema-types.ts';
import { cardBundle, coach, record, run } from './literal.ts';

const data = cardBundle();
// Looked up inside each test: a context made when the file loads would count as every test's (Stryker's per-test coverage).
const contextOf = () => specContextOf(data);
const spec = (extra: Parameters<typeof record>[1] = {}, parameter: string | null = null) => skillCardSpec(record('dodge', extra), parameter, contextOf());
const french = () => skillCardSpec(data.skills.find((r) => r.id === 'fr-legacy/esquive')!, null, contextOf());

describe('a skill card', () => {
  it('is keyed and titled by the record, in its language', () => {
    expect([spec().key, spec().title, spec().lang]).toEqual(['en-2020/dodge', 'dodge', 'en']);
  });

  it("the parameter asked for is in the title and the key; else the record's own", () => {
    const mighty = { name: 'Mighty Blow', parameter: '+1' };
    expect([spec(mighty).title, spec(mighty).key]).toEqual(['Mighty Blow (+1)', 'en-2020/dodge']);
    expect([spec(mighty, '+2').title, spec(mighty, '+2').key]).toEqual(['Mighty Blow (+2)', 'en-2020/dodge(+2)']);
  });

  it('the kind line names the kind and the category; a trait only its kind', () => {
    expect(spec().kindLabel).toBe('Skill · Agility');
    expect(spec({ kind: 'trait', category: 'trait' }).kindLabel).toBe('Trait');
    expect(french().kindLabel).toBe('Compétence · Agilité');
  });

  it("the badge is the category's letter in the card's language", () => {
    expect(spec({ category: 'strength' }).badge).toBe('S');
    expect(skillCardSpec(record('x', { lang: 'fr', category: 'strength' }), null, contextOf()).badge).toBe('F');
  });

  it('the colour and the back are the category’s', () => {
    expect([spec({ category: 'strength' }).colour, spec({ category: 'strength' }).backLabel]).toEqual([COLOURS.strength, 'Strength']);
    expect(spec({ kind: 'trait', category: 'trait' }).colour.ink).toEqual([0, 0, 0, 75]);
  });

  it('a French card has the English name in small type; an English card none', () => {
    expect(french().subtitle).toBe('EN: dodge');
    expect(spec().subtitle).toBeNull();
  });

  it('a French card of a rule no English text has carries no English line, never the concept’s own (French) name as one', () => {
    const d = cardBundle();
    d.concepts[0]!.names = { fr: 'Esquive' };
    d.concepts[0]!.name = 'Esquive';
    expect(skillCardSpec(d.skills.find((r) => r.id === 'fr-legacy/esquive')!, null, specContextOf(d)).subtitle).toBeNull();
  });

  it('a French card of no concept has no subtitle', () => {
    expect(skillCardSpec(record('x', { lang: 'fr', concept: null }), null, contextOf()).subtitle).toBeNull();
  });

  it('the compulsory marker: the record’s own, else the 2020 value of its concept naming the edition', () => {
    expect(spec({ compulsory: true }).marker).toBe('COMPULSORY');
    expect(spec({ compulsory: false }).marker).toBeNull();
    const d = cardBundle();
    d.concepts[0]!.compulsory = true;
    const withConcept = (compulsory: boolean | null) => skillCardSpec(record('dodge', { compulsory } as never), null, specContextOf(d)).marker;
    expect([withConcept(null), withConcept(false)]).toEqual(['COMPULSORY IN 2020', null]);
    expect(spec({ compulsory: null } as never).marker).toBeNull();
    expect(skillCardSpec(record('x', { lang: 'fr', compulsory: true }), null, contextOf()).marker).toBe('OBLIGATOIRE');
  });

  it('a record of no concept and no compulsory value of its own has no marker', () => {
    expect(spec({ compulsory: null, concept: null } as never).marker).toBeNull();
  });

  it('the corner lists the random-table slots of both games', () => {
    expect(spec().corner).toBeNull();
    const slots = [
      { game: 'blood-bowl', roll: '1-3', d6: 4 },
      { game: 'dungeon-bowl', roll: '4-6', d6: 1 },
    ];
    expect(spec({ randomSlots: slots } as never).corner).toBe('BB 1-3·4 · DB 4-6·1');
  });

  it("the footer: the edition's label and the record id; the edition id when it has no label", () => {
    expect([spec().footerLeft, spec().footerRight]).toEqual(['Blood Bowl 2020', 'en-2020/dodge']);
    expect(spec({ edition: 'unlisted' }).footerLeft).toBe('unlisted');
  });

  it("errors point at the edition's file and the record's first line, else at its source id", () => {
    expect(spec({ source: { id: 'src', lines: [7, 9], errata: [] } }).origin).toEqual({ record: 'en-2020/dodge', file: 'sources/raw/en-2020.txt', line: 7 });
    expect(spec({ edition: 'unlisted', source: { id: 'src', lines: [7, 9], errata: [] } }).origin.file).toBe('src');
  });

  it('the body is the rule text as blocks; no team and no players outside a deck', () => {
    const card = spec({ text: 'One.\n\n**Two.**' });
    expect(card.body.map((b) => b.runs)).toEqual([[run('One.')], [run('Two.', 'bold')]]);
    expect(card.team).toBeNull();
  });
});

describe('a team deck card', () => {
  const deck = (players: string[]) => skillCardSpec(record('dodge', { text: 'One.' }), null, contextOf(), { team: 'Reikland Reavers', players });

  it('carries the team', () => {
    expect(deck([]).team).toBe('Reikland Reavers');
  });

  it('names the players who have the skill first, then the rule a little lower', () => {
    expect(deck(['Griff', 'Jo']).body.map((b) => [b.runs, b.spaceBefore])).toEqual([
      [[run('Players: ', 'bold'), run('Griff, Jo', 'italic')], 0],
      [[run('One.')], 0.6],
    ]);
  });

  it('with no players, the rule alone at the top', () => {
    expect(deck([]).body.map((b) => b.spaceBefore)).toEqual([0]);
  });

  it('French players are « Joueurs : »', () => {
    const card = skillCardSpec(record('x', { lang: 'fr', text: 'Un.' }), null, contextOf(), { team: null, players: ['Gork'] });
    expect(card.body[0]!.runs[0]).toEqual(run('Joueurs : ', 'bold'));
  });
});

describe("a roster player's card", () => {
  const dodge = record('dodge', { name: 'Dodge', text: 'Move away.' });
  const loner = record('loner', { name: 'Loner', parameter: '4+', compulsory: true, text: 'Alone.\n\nStill alone.', edition: 'notes' });
  const player = (
    skills: PlayerSkill[] = [
      { record: dodge, parameter: null },
      { record: loner, parameter: null },
    ],
    position: string | null = 'Blitzer',
  ) => playerCardSpec({ name: 'Griff', position, skills }, 'Reavers', 'team.yaml', contextOf());

  it('is titled by the player, keyed by the player, with position and team in small type', () => {
    const card = player();
    expect([card.key, card.title, card.subtitle, card.team]).toEqual(['player:Griff', 'Griff', 'Blitzer · Reavers', 'Reavers']);
  });

  it('with no position, the team alone; with neither, no subtitle', () => {
    expect(player(undefined, null).subtitle).toBe('Reavers');
    expect(playerCardSpec({ name: 'Griff', position: null, skills: [] }, null, 'team.yaml', contextOf()).subtitle).toBeNull();
  });

  it('each skill is a bold heading that never ends a card, then its text', () => {
    expect(player().body.map((b) => [b.runs.map((r) => `${r.face}:${r.text}`).join(''), b.spaceBefore, b.keepWithNext ?? false])).toEqual([
      ['bold:Dodge', 0, true],
      ['regular:Move away.', 0.1, false],
      ['bold:Loner (4+) (compulsory)', 0.7, true],
      ['regular:Alone.', 0.1, false],
      ['regular:Still alone.', 0.45, false],
    ]);
  });

  it('counts the skills on the kind line, in the skills’ language', () => {
    expect(player().kindLabel).toBe('Player · 2 skills');
    expect(player([{ record: dodge, parameter: null }]).kindLabel).toBe('Player · 1 skill');
    const fr = record('esquive', { lang: 'fr', name: 'Esquive' });
    expect(player([{ record: fr, parameter: null }]).kindLabel).toBe('Joueur · 1 compétence');
    expect(player([]).kindLabel).toBe('Player · 0 skills');
  });

  it('lists each edition of its skills once in the footer, and has no id, corner, badge or marker', () => {
    const card = player([
      { record: dodge, parameter: null },
      { record: loner, parameter: null },
      { record: dodge, parameter: '+1' },
    ]);
    expect([card.footerLeft, card.footerRight, card.corner, card.badge, card.marker]).toEqual(['Blood Bowl 2020, Inducement notes', '', null, null, null]);
  });

  it("a skill with no compulsory value of its own takes its concept's, naming 2020", () => {
    const d = cardBundle();
    d.concepts[0]!.compulsory = true;
    const own = record('dodge', { name: 'Dodge', compulsory: null } as never);
    const card = playerCardSpec({ name: 'Griff', position: null, skills: [{ record: own, parameter: null }] }, null, 'team.yaml', specContextOf(d));
    expect(card.body[0]!.runs[0]!.text).toBe('Dodge (compulsory in 2020)');
  });

  it("a parameter asked for is in the skill's heading", () => {
    expect(player([{ record: loner, parameter: '3+' }]).body[0]!.runs[0]!.text).toBe('Loner (3+) (compulsory)');
  });

  it('is the player colour, backed "Player", its errors at the roster’s first line', () => {
    const card = player();
    expect([card.colour, card.backLabel, card.origin]).toEqual([COLOURS.player, 'Player', { record: 'player Griff', file: 'team.yaml', line: 1 }]);
  });
});

describe('an inducement card', () => {
  const wizard = (extra: Partial<Inducement> = {}) =>
    coach({
      id: 'notes/wizard',
      name: 'Wizard',
      kind: 'wizard',
      text: '',
      abilities: [],
      spells: [
        { id: 'notes/wizard/fireball', name: 'Fireball', text: 'Burns.\n\nHard.', line: 50 },
        { id: 'notes/wizard/zap', name: 'Zap', text: 'Frogs.', line: 60 },
      ],
      limits: { max: null, oncePerGame: true },
      ...extra,
    } as Partial<Inducement>);

  it('only coaching staff and wizards get a card', () => {
    expect(['coaching-staff', 'wizard', 'inducement', 'referee', 'price-list'].map((kind) => isCardInducement(coach({ kind } as Partial<Inducement>)))).toEqual(
      [true, true, false, false, false],
    );
  });

  it('the text, then each ability as a bold heading and its text, at the source line of the ability', () => {
    const card = inducementCardSpec(coach() as Inducement & { kind: 'coaching-staff' }, contextOf());
    expect(card.body.map((b) => [b.runs.map((r) => `${r.face}:${r.text}`).join(''), b.spaceBefore, b.sourceLine, b.keepWithNext ?? false])).toEqual([
      ['regular:A coach of renown.', 0, undefined, false],
      ['bold:MASSAGE THERAPY', 0.7, 40, true],
      ['regular:Heals a player.', 0.1, 40, false],
    ]);
  });

  it('coaching staff with no text of their own start with their first ability, with no space above it', () => {
    const card = inducementCardSpec(coach({ text: ' \n' }) as Inducement & { kind: 'coaching-staff' }, contextOf());
    expect(card.body.map((b) => [b.runs[0]!.text, b.spaceBefore])).toEqual([
      ['MASSAGE THERAPY', 0],
      ['Heals a player.', 0.1],
    ]);
  });

  it('a wizard with no text of its own starts with its first spell; later paragraphs of a spell keep their space', () => {
    const card = inducementCardSpec(wizard() as Inducement & { kind: 'wizard' }, contextOf());
    expect(card.body.map((b) => [b.runs[0]!.text, b.spaceBefore, b.sourceLine])).toEqual([
      ['Fireball', 0, 50],
      ['Burns.', 0.1, 50],
      ['Hard.', 0.45, 50],
      ['Zap', 0.7, 60],
      ['Frogs.', 0.1, 60],
    ]);
  });

  it('counts the spells in small type, and writes the limits as the marker', () => {
    const card = inducementCardSpec(wizard() as Inducement & { kind: 'wizard' }, contextOf());
    expect([card.subtitle, card.marker]).toEqual(['2 spells', 'ONCE PER GAME']);
    const one = inducementCardSpec(
      wizard({ spells: [wizard().spells[0]!], limits: { max: 2, oncePerGame: true } }) as Inducement & { kind: 'wizard' },
      contextOf(),
    );
    expect([one.subtitle, one.marker]).toEqual(['1 spell', '0-2 · ONCE PER GAME']);
    const coachCard = inducementCardSpec(coach() as Inducement & { kind: 'coaching-staff' }, contextOf());
    expect([coachCard.subtitle, coachCard.marker]).toEqual([null, '0-1']);
    const free = inducementCardSpec(coach({ limits: { max: null, oncePerGame: false } }) as Inducement & { kind: 'coaching-staff' }, contextOf());
    expect(free.marker).toBeNull();
  });

  it('names its kind, colour and back; keyed and footed by its id and edition', () => {
    const card = inducementCardSpec(coach() as Inducement & { kind: 'coaching-staff' }, contextOf());
    expect([card.key, card.lang, card.title, card.kindLabel, card.colour, card.backLabel, card.footerLeft, card.footerRight]).toEqual([
      'notes/ayleen-andar',
      'en',
      'Ayleen Andar',
      'Inducement · Infamous coaching staff',
      COLOURS['coaching-staff'],
      'Coaching staff',
      'Inducement notes',
      'notes/ayleen-andar',
    ]);
    const w = inducementCardSpec(wizard() as Inducement & { kind: 'wizard' }, contextOf());
    expect([w.kindLabel, w.colour, w.backLabel]).toEqual(['Inducement · Wizard', COLOURS.wizard, 'Wizard']);
    expect([card.corner, card.badge, card.team]).toEqual([null, null, null]);
  });

  it("errors point at the edition's file and the inducement's first line, else its source", () => {
    const card = inducementCardSpec(coach() as Inducement & { kind: 'coaching-staff' }, contextOf());
    expect(card.origin).toEqual({ record: 'notes/ayleen-andar', file: 'sources/raw/notes.txt', line: 38 });
    const elsewhere = inducementCardSpec(coach({ edition: 'unlisted' }) as Inducement & { kind: 'coaching-staff' }, contextOf());
    expect([elsewhere.origin.file, elsewhere.footerLeft]).toEqual(['notes-source', 'unlisted']);
  });
});

describe('labels and the glyph check', () => {
  it('a continuation card is headed (part/parts), counting from 1', () => {
    expect([partLabel(0, 2), partLabel(2, 3)]).toEqual(['(1/2)', '(3/3)']);
  });

  it('the continuation line is in the card’s language', () => {
    expect([LABELS.en.contNext, LABELS.fr.contNext]).toEqual(['continued on the next card →', 'suite sur la carte suivante →']);
  });

  it('lists every string a card draws with its face and where, blanks left out', () => {
    const card = spec({ text: 'Go **far**.', compulsory: true });
    const used = usedTextOfSpec(card).map((u) => [u.text, u.face, u.where]);
    expect(used).toEqual([
      ['dodge', 'bold', 'name'],
      ['Skill · Agility', 'bold', 'kind'],
      ['COMPULSORY', 'bold', 'marker'],
      ['A', 'bold', 'badge'],
      ['Blood Bowl 2020', 'regular', 'footer'],
      ['en-2020/dodge', 'regular', 'footer'],
      ['Agility', 'bold', 'back'],
      ['Nuffle Codex', 'bold', 'back'],
      ['(0123456789/)', 'bold', 'name'],
      ['continued on the next card →', 'italic', 'text'],
      ['continued', 'bold', 'text'],
      ['Go ', 'regular', 'text line 1'],
      ['far', 'bold', 'text line 1'],
      ['.', 'regular', 'text line 1'],
    ]);
    expect(usedTextOfSpec(card).every((u) => u.origin === card.origin)).toBe(true);
  });

  it('lists the subtitle, the corner and the team when a card has them', () => {
    const card = { ...french(), corner: 'BB 1-3·4', team: 'Reavers' };
    const used = usedTextOfSpec(card).map((u) => [u.text, u.face, u.where]);
    expect(used).toContainEqual(['EN: dodge', 'italic', 'name']);
    expect(used).toContainEqual(['BB 1-3·4', 'bold', 'random slots']);
    expect(used).toContainEqual(['Reavers', 'bold', 'footer']);
    expect(used).toContainEqual(['suite sur la carte suivante →', 'italic', 'text']);
    expect(used).toContainEqual(['suite', 'bold', 'text']);
  });
});
