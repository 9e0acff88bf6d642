/**
 * The inducement linker's phases (link/inducements.ts, and its price-list
 * half, link/inducement-prices.ts), each on small literal
 * inputs: league spellings, matching blocks, splitting headings, resolving a
 * price item, league usage. One behaviour per test; the real notes are
 * inducements.test.ts's.
 */
import { describe, expect, it } from 'vitest';
import { leagueSpellings, leagueUsage, resolvePriceItem } from '../pipeline/link/inducement-prices.ts';
import { linkInducements, matchBlocks, mentionsOf, splitHeadings, type InducementInput } from '../pipeline/link/inducements.ts';
import type { Segment } from '../pipeline/link/notes.ts';
import type { NoteBlock } from '../pipeline/model/parse-result.ts';
import type { InducementAnnotation, LeagueAnnotation } from '../pipeline/model/schema-types.ts';

const locate = (path: readonly (string | number)[]) => ({ line: 100 + path.length });
const block = (first: number, text: string, bullet = false): NoteBlock => ({
  first,
  last: first,
  lines: [{ line: first, text, bullet }],
  flat: bullet ? `• ${text}` : text,
});
const record = (id: string, blocks: string[], extra: Partial<InducementAnnotation> = {}): InducementAnnotation => ({
  id,
  name: id,
  kind: 'inducement',
  confidence: 'high',
  note: 'a test',
  blocks,
  ...extra,
});
const league = (id: string, aliases: string[]): LeagueAnnotation => ({ id, name: id, aliases });
const SKILLS: Record<string, string> = { Dodge: 'dodge', 'Dirty Player': 'dirty-player', 'Sneaky Git': 'sneaky-git', Loner: 'loner' };

const input = (blocks: NoteBlock[], records: InducementAnnotation[], leagues: LeagueAnnotation[] = []): InducementInput => ({
  blocks,
  source: {
    id: 'notes',
    file: 'notes.txt',
    lang: 'en',
    edition: { id: 'en-2020-inducements', label: 'Notes', year: 2020, status: 'current' },
    parser: 'inducements',
    note: 'a test',
  },
  errata: new Map(),
  annotations: { characteristics: { MV: 'MA', AG: 'AG' }, leagues, records },
  file: 'inducements.yaml',
  locate,
  resolveSkill: (name) => SKILLS[name.replace(/\s*\(.*\)$/, '')] ?? null,
  findMentions: () => [],
  notNames: [],
});
const context = (leagues: LeagueAnnotation[] = []) => ({ input: input([], [], leagues), leagues: leagueSpellings(leagues, 'inducements.yaml', locate) });
const bullet = (text: string, line = 7): Segment => ({ line, text, bullet: true });

describe('league spellings', () => {
  it('maps every spelling to its league', () => {
    expect([...leagueSpellings([league('lustria', ['Lustrian Superleague', 'Lustria'])], 'f', locate).leagueOf]).toEqual([
      ['Lustrian Superleague', 'lustria'],
      ['Lustria', 'lustria'],
    ]);
  });
  it('reports a spelling two leagues list', () => {
    expect(leagueSpellings([league('a', ['X']), league('b', ['X'])], 'f', locate).diagnostics.map((d) => d.ruleId)).toEqual(['inducements/duplicate-alias']);
  });
});

describe('matching blocks', () => {
  it('gives a record the block its opening starts, case and spacing folded', () => {
    const [matched] = matchBlocks([record('wizard', ['a  WIZARD'])], [block(3, 'A wizard casts spells.')], 'f', locate).records;
    expect(matched!.blocks!.map((b) => b.block.first)).toEqual([3]);
  });
  it('puts a record’s blocks in text order, whatever the order of its openings', () => {
    const [matched] = matchBlocks([record('r', ['Second', 'First'])], [block(1, 'First part.'), block(5, 'Second part.')], 'f', locate).records;
    expect(matched!.blocks!.map((b) => b.opening)).toEqual(['First', 'Second']);
  });
  it('reports an opening no block starts with, and leaves the record without blocks', () => {
    const [matched] = matchBlocks([record('r', ['Nothing'])], [block(1, 'Something.')], 'f', locate).records;
    expect([matched!.blocks, matched!.diagnostics.map((d) => d.ruleId)]).toEqual([null, ['inducements/block-not-found']]);
  });
  it('reports an opening several blocks start with, with their lines', () => {
    const [matched] = matchBlocks([record('r', ['A'])], [block(1, 'A one.'), block(4, 'A two.')], 'f', locate).records;
    expect(matched!.diagnostics.map((d) => [d.ruleId, d.reason])).toEqual([['inducements/ambiguous-block', '2 blocks open with "A" (lines 1, 4)']]);
  });
  it('reports a block two records claim', () => {
    const { records } = matchBlocks([record('r', ['A'])].concat(record('s', ['A one'])), [block(1, 'A one.')], 'f', locate);
    expect(records[1]!.diagnostics.map((d) => d.reason)).toEqual(['The block on line 1 already belongs to r']);
  });
  it('reports a record id used twice', () => {
    const { records } = matchBlocks([record('r', ['A']), record('r', ['B'])], [block(1, 'A.'), block(2, 'B.')], 'f', locate);
    expect(records[1]!.diagnostics.map((d) => d.ruleId)).toEqual(['inducements/duplicate-id']);
  });
  it('lists the blocks claimed, by record id', () => {
    const a = block(1, 'A.');
    expect([...matchBlocks([record('r', ['A'])], [a, block(2, 'B.')], 'f', locate).claimed]).toEqual([[a, 'r']]);
  });
});

describe('splitting headings', () => {
  const segments: Segment[] = [
    { line: 1, text: 'A wizard.', bullet: false },
    { line: 2, text: 'FIREBALL You burn them. ZAP! You zap them.', bullet: false },
  ];
  const split = (extra: Partial<InducementAnnotation>) =>
    splitHeadings({ annotation: record('wizard', ['A'], extra), index: 0 }, 'en-2020-inducements/wizard', segments, input([], []));
  it('keeps the text before the first heading as the intro', () => {
    expect(split({ spells: ['FIREBALL', 'ZAP!'] }).value.intro.map((s) => s.text)).toEqual(['A wizard.']);
  });
  it('makes each listed spell a spell with an id under its record', () => {
    expect(split({ spells: ['FIREBALL', 'ZAP!'] }).value.spells.map((s) => s.id)).toEqual([
      'en-2020-inducements/wizard/fireball',
      'en-2020-inducements/wizard/zap',
    ]);
  });
  it('makes each listed ability an ability', () => {
    expect(split({ abilities: ['FIREBALL', 'ZAP!'] }).value.abilities.map((a) => a.name)).toEqual(['FIREBALL', 'ZAP!']);
  });
  it('reports a listed heading the text does not have', () => {
    expect(split({ spells: ['FIREBALL', 'ZAP!', 'FROST'] }).diagnostics.map((d) => d.ruleId)).toEqual(['inducements/heading-not-found']);
  });
  it('warns of a heading in capitals the record does not list', () => {
    expect(split({ spells: ['FIREBALL'] }).diagnostics.map((d) => [d.ruleId, d.fatal])).toEqual([['inducements/undeclared-heading', false]]);
  });
});

describe('what the notes name', () => {
  it('resolves a name presented as a skill', () => {
    expect([...mentionsOf([{ line: 1, text: 'He has the Dodge skill.', bullet: false }], input([], [])).value]).toEqual(['dodge']);
  });
  it('reports a name presented as a skill that matches no concept', () => {
    expect(mentionsOf([{ line: 1, text: 'He has the Flying skill.', bullet: false }], input([], [])).diagnostics.map((d) => [d.ruleId, d.place])).toEqual([
      ['inducements/unknown-skill', { line: 1 }],
    ]);
  });
});

describe('resolving a price item', () => {
  it('reads a skill-category bullet', () => {
    expect(resolvePriceItem(bullet('1 agility skill : +10K'), context()).value).toMatchObject({
      kind: 'skill-category',
      category: 'agility',
      cost: 10000,
      per: 'item',
      leagues: null,
    });
  });
  it('resolves the characteristic of a change through the alias table', () => {
    expect(resolvePriceItem(bullet('+1MV : +30K'), context()).value!.changes).toEqual([{ stat: 'MA', delta: 1, as: '+1MV' }]);
  });
  it('reports a characteristic the table does not have', () => {
    expect(resolvePriceItem(bullet('+1XY : +30K'), context()).diagnostics.map((d) => d.ruleId)).toEqual(['inducements/unknown-characteristic']);
  });
  it('resolves a package’s skills to concepts, and names them', () => {
    const found = resolvePriceItem(bullet('Dirty Player (+1) + Sneaky Git : +50K'), context());
    expect([found.value!.skills.map((s) => s.concept), found.mentions]).toEqual([
      ['dirty-player', 'sneaky-git'],
      ['dirty-player', 'sneaky-git'],
    ]);
  });
  it('reports a skill that matches no concept, and leaves it out', () => {
    const found = resolvePriceItem(bullet('Flying + Sneaky Git : +50K'), context());
    expect([found.value!.skills.map((s) => s.concept), found.diagnostics.map((d) => d.ruleId)]).toEqual([['sneaky-git'], ['inducements/unknown-skill']]);
  });
  it('resolves league spellings, and returns each use with its line', () => {
    const found = resolvePriceItem(bullet('Dirty Player (+1) : +50K for Lustria.', 9), context([league('lustria', ['Lustria'])]));
    expect([found.value!.leagues, found.uses]).toEqual([['lustria'], [{ league: 'lustria', spelling: 'Lustria', line: 9 }]]);
  });
  it('reports a league spelling not listed', () => {
    expect(resolvePriceItem(bullet('Dirty Player (+1) : +50K for Atlantis.'), context()).diagnostics.map((d) => d.ruleId)).toEqual([
      'inducements/unknown-league',
    ]);
  });
  it('reports a bullet that is not a price, with no item', () => {
    const found = resolvePriceItem(bullet('no price here'), context());
    expect([found.value, found.diagnostics.map((d) => d.ruleId)]).toEqual([null, ['inducements/price-bullet']]);
  });
  it('changes nothing it is given', () => {
    const given = context([league('lustria', ['Lustria'])]);
    resolvePriceItem(bullet('Dirty Player (+1) : +50K for Lustria.'), given);
    expect([...given.leagues.leagueOf]).toEqual([['Lustria', 'lustria']]);
  });
});

describe('league usage', () => {
  it('lists each league’s spellings with the lines they are used on, sorted and once each', () => {
    const uses = [9, 3, 9].map((line) => ({ league: 'lustria', spelling: 'Lustria', line }));
    expect(leagueUsage([league('lustria', ['Lustria'])], uses, 'f', locate).leagues).toEqual([
      { id: 'lustria', name: 'lustria', aliases: [{ text: 'Lustria', lines: [3, 9] }] },
    ]);
  });
  it('warns of a spelling the notes never use', () => {
    expect(
      leagueUsage([league('lustria', ['Lustria', 'Lustr.'])], [{ league: 'lustria', spelling: 'Lustria', line: 1 }], 'f', locate).diagnostics.map(
        (d) => d.reason,
      ),
    ).toEqual(['League alias "Lustr." is not used by the notes']);
  });
});

describe('linking the notes', () => {
  it('reports a block no record claims', () => {
    expect(
      linkInducements(input([block(1, 'A.'), block(3, 'Unclaimed text here.')], [record('r', ['A'])])).diagnostics.map((d) => [d.ruleId, d.place]),
    ).toEqual([['inducements/unnamed-block', { line: 3 }]]);
  });
  it('makes a price list of a price-list record’s bullets, and names the skills they resolve', () => {
    const notes = [block(1, 'Dirty Player (+1) + Sneaky Git : +50K', true)];
    const [inducement] = linkInducements(input(notes, [record('prices', ['• Dirty'], { kind: 'price-list' })])).inducements;
    expect([inducement!.priceList!.items.length, inducement!.mentions]).toEqual([1, ['dirty-player', 'sneaky-git']]);
  });
  it('reads a price written in gold pieces, and states no cost from a price list’s bullets', () => {
    const notes = [block(1, 'Dodge : +20,000 gold pieces', true), block(3, 'Mercenaries cost 30,000 gold pieces more.')];
    const [inducement] = linkInducements(input(notes, [record('prices', ['• Dodge', 'Mercenaries'], { kind: 'price-list' })])).inducements;
    expect([inducement!.priceList!.items.map((i) => i.cost), inducement!.costs.map((c) => c.amount)]).toEqual([[20000], [30000]]);
  });
  it('says, per inducement, whether the notes state a price: unknown is not free (issue 35.12)', () => {
    const notes = [block(1, 'Up to 2 kegs can be bought.'), block(3, 'A coach who costs 10,000 gold pieces more.'), block(5, 'Dodge : +20K', true)];
    const records = [record('kegs', ['Up to 2 kegs']), record('coach', ['A coach']), record('prices', ['• Dodge'], { kind: 'price-list' })];
    const linked = linkInducements(input(notes, records)).inducements;
    expect(linked.map((i) => [i.id.replace(/^.*\//, ''), i.priceStated, i.costs.length])).toEqual([
      ['coach', true, 1],
      ['kegs', false, 0],
      ['prices', true, 0],
    ]);
  });
  it('reports text in a price list that is not a bullet', () => {
    const notes: NoteBlock[] = [
      {
        first: 1,
        last: 2,
        lines: [
          { line: 1, text: 'Prices:', bullet: false },
          { line: 2, text: '+1MV : +30K', bullet: true },
        ],
        flat: 'Prices: • +1MV : +30K',
      },
    ];
    expect(linkInducements(input(notes, [record('prices', ['Prices'], { kind: 'price-list' })])).diagnostics.map((d) => d.ruleId)).toEqual([
      'inducements/price-list-text',
    ]);
  });
});
