/**
 * Issue 34, item 7: a roster may give each player's position,
 * characteristics (MA ST AG PA AV, AG and PA as coaches write them: 3+, PA
 * "-"), cost and SPP, all optional; the player's card shows them in one line
 * under the kind, on each of its cards, labels in the card's language. On literal rosters, the
 * schema, and the literal bundle.
 */
import { describe, expect, it } from 'vitest';
import { playerCardSpec, specContextOf } from '../../pipeline/emit/cards/card-specs.ts';
import { planSelection } from '../../pipeline/emit/cards/plan-selection.ts';
import { profileLine, profileOf } from '../../pipeline/emit/cards/player-profile.ts';
import { CARD_SIZES } from '../../pipeline/emit/cards/geometry.ts';
import { kindRows } from '../../pipeline/emit/cards/layout.ts';
import { cardFonts } from '../../pipeline/targets/cards.ts';
import { parseRoster } from '../../pipeline/emit/cards/select.ts';
import { readSchemaFiles } from '../../pipeline/io.ts';
import { createValidator } from '../../pipeline/validate/schemas.ts';
import { repoRoot } from '../helpers.ts';
import { cardBundle, record } from './literal.ts';

const validator = createValidator(readSchemaFiles(repoRoot));
const roster = (player: string) => `team: Reavers\nplayers:\n  - name: Griff\n${player}    skills: [Dodge]\n`;
const text = (block: { runs: { text: string }[] }) => block.runs.map((r) => r.text).join('');

describe('a roster player’s profile', () => {
  it('reads MA, ST, AG, PA, AV, cost and SPP as a coach writes them', () => {
    const { roster: read, diagnostics } = parseRoster(
      roster('    position: Blitzer\n    ma: 7\n    st: 3\n    ag: 3+\n    pa: 4+\n    av: 9+\n    cost: 85k\n    spp: 12\n'),
      'team.yaml',
      validator,
    );
    expect(diagnostics).toEqual([]);
    expect(read!.players[0]!.profile).toEqual({ characteristics: { ma: '7', st: '3', ag: '3+', pa: '4+', av: '9+' }, cost: '85k', spp: 12 });
    expect(read!.players[0]!.position).toBe('Blitzer');
  });

  it('takes a PA of "-" or left empty as none, numbers for AG and AV (older editions), and a cost in gold pieces', () => {
    for (const [lines, expected] of [
      ['    pa: "-"\n', { pa: '-' }],
      ['    pa:\n', { pa: '-' }],
      ['    ag: 3\n    av: 8\n', { ag: '3', av: '8' }],
    ] as const) {
      const { roster: read, diagnostics } = parseRoster(roster(lines), 'team.yaml', validator);
      expect(diagnostics, lines).toEqual([]);
      expect(read!.players[0]!.profile!.characteristics).toEqual(expected);
    }
    expect(profileOf({ name: 'x', cost: 85000 })!.cost).toBe('85k');
    expect(profileOf({ name: 'x', cost: 85500 })!.cost).toBe('85500');
    expect(profileOf({ name: 'x', cost: '140 000' })!.cost).toBe('140 000');
  });

  it('gives no profile for a player with none of them (a position alone stays under the name)', () => {
    expect(profileOf({ name: 'x', position: 'Lineman', skills: ['Block'] })).toBeNull();
    expect(profileOf({ name: 'x', ma: null, st: null })).toBeNull();
    expect(profileOf({ name: 'x', spp: 0 })).toEqual({ characteristics: {}, cost: null, spp: 0 });
  });

  it.each([
    ['    ag: three\n', '`ag:` must be a roll such as 3+', '`ag: 3+`'],
    ['    ag: 3++\n', '`ag:` must be a roll such as 3+', '`ag: 3+`'],
    ['    pa: --\n', '`pa:` must be a roll such as 4+ (1+ to 12+), or "-" in quotes', '`pa: 4+`'],
    ['    av: 13+\n', '`av:` must be a roll such as 9+', '`av: 9+`'],
    ['    ma: 6.5\n', '`ma:` must be a whole number from 0 to 20', '`ma: 7`'],
    ['    st: -1\n', '`st:` must be a whole number from 0 to 20', '`st: 3`'],
    ['    cost: lots\n', '`cost:` must be gold pieces, 85000 or 85k', '`cost: 85k`'],
    ['    spp: -2\n', '`spp:` must be a whole number, 0 or more', '`spp: 12`'],
  ])('refuses %j at its line, in the organiser’s words, with a value as a roster sheet writes it', (lines, reason, expected) => {
    const { roster: read, diagnostics } = parseRoster(roster(lines), 'team.yaml', validator);
    expect(read).toBeNull();
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]!.place).toEqual({ line: 4, column: expect.any(Number) });
    expect(diagnostics[0]!.reason.startsWith(`player 1 (Griff), ${reason}`)).toBe(true);
    expect(diagnostics[0]!.expected).toBe(expected);
    expect(diagnostics[0]!.reason).not.toMatch(/schema|anyOf|must match|\/players\//);
  });

  it('says a French organiser’s wrong value in French', () => {
    const { diagnostics } = parseRoster(roster('    ag: trois\n'), 'team.yaml', validator, { speaker: { lang: 'fr', menus: null } });
    expect(diagnostics.map((d) => [d.reason, d.expected, d.place?.line])).toEqual([
      ['joueur 1 (Griff), `ag:` doit être un jet comme 3+ (de 1+ à 12+), ou un nombre comme l’écrivent les anciennes éditions', '`ag: 3+`', 4],
    ]);
  });

  it.each([
    ['mv', 'ma'],
    ['MV', 'ma'],
    ['mov', 'ma'],
    ['M', 'ma'],
    ['str', 'st'],
    ['F', 'st'],
    ['agi', 'ag'],
    ['CP', 'pa'],
    ['AR', 'av'],
    ['armour', 'av'],
    ['avv', 'av'],
    ['cots', 'cost'],
    ['Coût', 'cost'],
    ['value', 'cost'],
    ['PSP', 'spp'],
    ['sp', 'spp'],
    ['sst', 'st'],
  ])('an unknown key `%s:` is refused at its own line, with "did you mean `%s:`?"', (key, meant) => {
    const text = `team: Reavers\nplayers:\n  - name: Griff\n    position: Blitzer\n    ${key}: 6\n    skills: [Dodge]\n`;
    const { roster: read, diagnostics } = parseRoster(text, 'team.yaml', validator);
    expect(read).toBeNull();
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]!.place).toEqual({ line: 5, column: 5 });
    expect(diagnostics[0]!.reason).toBe(`player 1 (Griff): \`${key}:\` is not a key of a player; did you mean \`${meant}:\`?`);
  });
});

describe('the profile line', () => {
  it('lists the characteristics in a roster sheet’s order, then the cost and the SPP, each label with its value', () => {
    const line = profileLine({ characteristics: { av: '9+', ma: '7', ag: '3+', st: '3', pa: '4+' }, cost: '85k', spp: 12 }, 'en');
    expect(line).toBe('MA\u00a07 ST\u00a03 AG\u00a03+ PA\u00a04+ AV\u00a09+ · 85k · 12\u00a0SPP');
  });

  it('speaks French on a French card: M F AG CP AR, PSP', () => {
    expect(profileLine({ characteristics: { ma: '6', st: '3', ag: '3+', pa: '-', av: '9+' }, cost: null, spp: 3 }, 'fr')).toBe(
      'M\u00a06 F\u00a03 AG\u00a03+ CP\u00a0- AR\u00a09+ · 3\u00a0PSP',
    );
  });

  it('leaves out what the roster does not give', () => {
    expect(profileLine({ characteristics: { st: '5' }, cost: null, spp: null }, 'en')).toBe('ST\u00a05');
    expect(profileLine({ characteristics: {}, cost: '50k', spp: null }, 'en')).toBe('50k');
  });
});

describe('the player’s card', () => {
  const context = specContextOf(cardBundle());
  const skills = [{ record: record('dodge'), parameter: null }];

  it('shows the profile under the kind, on each of its cards; the position and team stay in the small type', async () => {
    const profile = { characteristics: { ma: '7', st: '3', ag: '3+', pa: '4+', av: '9+' }, cost: '85k', spp: 12 };
    const card = playerCardSpec({ name: 'Griff', position: 'Blitzer', skills, profile }, 'Reavers', 'team.yaml', context);
    expect(card.corner).toBe(profileLine(profile, 'en'));
    expect(card.body.map(text)[0]).toBe('dodge');
    expect(card.subtitle).toBe('Blitzer · Reavers');
    expect(playerCardSpec({ name: 'Griff', position: 'Blitzer', skills }, 'Reavers', 'team.yaml', context).corner).toBeNull();
    // One row of its own on a poker card; broken at its " · " on a mini card.
    const fonts = await cardFonts();
    expect(kindRows(card, CARD_SIZES.poker, fonts)).toBe(2);
    expect(kindRows(card, CARD_SIZES.mini, fonts)).toBe(3);
    expect(kindRows({ ...card, corner: '85k' }, CARD_SIZES.poker, fonts)).toBe(1);
  });

  it('a roster’s profile reaches the card through the selection', () => {
    const planned = planSelection(
      cardBundle(),
      { skills: null, edition: 'en-2020', lang: null, roster: { text: roster('    ma: 7\n    pa: "-"\n    spp: 4\n'), file: 'team.yaml' }, perPlayer: true },
      validator,
    );
    if ('usage' in planned) throw new Error(planned.usage);
    expect(planned.diagnostics).toEqual([]);
    expect(planned.plan.specs[0]!.corner).toBe('MA\u00a07 PA\u00a0- · 4\u00a0SPP');
  });
});
