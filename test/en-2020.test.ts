import type { List, ListItem, Root } from 'mdast';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { markdownToMdast, plainText } from '../pipeline/model/markdown.ts';
import { parsePages } from '../pipeline/parse/en-2020/index.ts';
import type { Erratum, RandomTable } from '../pipeline/model/schema-types.ts';
import { applyErrata } from '../pipeline/parse/errata.ts';
import { corpusFacts, lineOf, rawText, realData, record, repoRoot, rulings, skills } from './helpers.ts';

const raw = rawText('en-2020-skills-traits.txt');
const rawLines = raw.split('\n');
const fact = corpusFacts('en-2020');

describe('English 2020 records', () => {
  // How many entries the text has is a fact of today's corpus (test/golden/corpus/en-2020.json);
  // that a name line and a category line make one record is tested on literal texts in en-2020-parse.test.ts.
  it("records today's number of English 2020 records, in all and by category", () => {
    const en = skills().filter((r) => r.edition === 'en-2020');
    const counts: Record<string, number> = {};
    for (const r of en) counts[r.category] = (counts[r.category] ?? 0) + 1;
    fact('records', en.length);
    fact('records by category', counts);
  });

  it('makes every Traits entry a trait and every other entry a skill', () => {
    for (const r of skills().filter((s) => s.edition === 'en-2020')) expect(r.kind).toBe(r.category === 'trait' ? 'trait' : 'skill');
  });

  // Every name in the text with `*` or brackets, read by hand from the text.
  const marked: [string, string, string, string | null, boolean][] = [
    ['dirty-player', 'Dirty Player (+1)', 'Dirty Player', '+1', false],
    ['frenzy', 'Frenzy*', 'Frenzy', null, true],
    ['disturbing-presence', 'Disturbing Presence*', 'Disturbing Presence', null, true],
    ['foul-appearance', 'Foul Appearance*', 'Foul Appearance', null, true],
    ['mighty-blow', 'Mighty Blow (+1)', 'Mighty Blow', '+1', false],
    ['animal-savagery', 'Animal Savagery*', 'Animal Savagery', null, true],
    ['animosity', 'Animosity (X)*', 'Animosity', 'X', true],
    ['always-hungry', 'Always Hungry*', 'Always Hungry', null, true],
    // marked by the reviewed erratum en-2020/bloodlust-compulsory
    ['bloodlust', 'Bloodlust (X+)*', 'Bloodlust', 'X+', true],
    // marked by the reviewed erratum en-2020/ball-and-chain-compulsory
    ['ball-and-chain', 'Ball and Chain*', 'Ball and Chain', null, true],
    ['bone-head', 'Bone Head*', 'Bone Head', null, true],
    ['chainsaw', 'Chainsaw*', 'Chainsaw', null, true],
    ['decay', 'Decay*', 'Decay', null, true],
    ['drunkard', 'Drunkard*', 'Drunkard', null, true],
    ['loner', 'Loner (X+)*', 'Loner', 'X+', true],
    ['no-hands', 'No Hands*', 'No Hands', null, true],
    ['really-stupid', 'Really Stupid*', 'Really Stupid', null, true],
    ['right-stuff', 'Right Stuff*', 'Right Stuff', null, true],
    ['secret-weapon', 'Secret Weapon*', 'Secret Weapon', null, true],
    ['stunty', 'Stunty*', 'Stunty', null, true],
    ['take-root', 'Take Root*', 'Take Root', null, true],
    ['titchy', 'Titchy*', 'Titchy', null, true],
    ['unchannelled-fury', 'Unchannelled Fury*', 'Unchannelled Fury', null, true],
  ];

  it.each(marked)('%s: display name, name, parameter and compulsory', (slug, displayName, name, parameter, compulsory) => {
    expect(record(`en-2020/${slug}`)).toMatchObject({ displayName, name, parameter, compulsory });
  });

  it('gives every other record no parameter and compulsory false', () => {
    const markedIds = new Set(marked.map(([slug]) => `en-2020/${slug}`));
    const en = skills().filter((r) => r.edition === 'en-2020');
    const others = en.filter((r) => !markedIds.has(r.id));
    expect(others).toHaveLength(en.length - marked.length);
    for (const r of others) expect([r.parameter, r.compulsory, r.displayName]).toEqual([null, false, r.name]);
  });

  it('keeps provenance: source id and the line range of the entry', () => {
    const mightyBlow = record('en-2020/mighty-blow');
    const [first, last] = mightyBlow.source.lines;
    expect(mightyBlow.source).toEqual({ id: 'en-2020-skills-traits', lines: [lineOf(raw, 'Mighty Blow (+1)'), last], errata: [] });
    // The entry ends at its last marker line, the Dungeonbowl one, before the next entry's name.
    expect(rawLines[last - 1]).toMatch(/^Dungeonbowl/);
    expect(rawLines.slice(first, last - 1).some((l) => /^Dungeonbowl/.test(l))).toBe(false);
    fact('Mighty Blow source lines', mightyBlow.source.lines);
  });
});

describe('rule text as Markdown', () => {
  const tree = (id: string): Root => markdownToMdast(record(id).text);
  const lists = (node: { children?: unknown[] }): List[] =>
    ((node.children ?? []) as { type: string; children?: unknown[] }[]).flatMap((child) => (child.type === 'list' ? [child as List] : []));

  it('turns Animal Savagery’s numbered list into a real ordered list with a nested ordered list', () => {
    const root = tree('en-2020/animal-savagery');
    const [outer] = lists(root);
    expect(outer).toMatchObject({ ordered: true, start: 1 });
    expect(outer!.children).toHaveLength(2);
    const nested = lists(outer!.children[0] as ListItem);
    expect(nested).toHaveLength(1);
    expect(nested[0]).toMatchObject({ ordered: true, start: 1 });
    expect(nested[0]!.children).toHaveLength(2);
    expect(plainText({ type: 'root', children: [nested[0]!] })).toContain('One Standing team-mate of your choice');
    expect(plainText({ type: 'root', children: [outer!.children[1]!] }).trim()).toBe(
      'On a roll of 4+, this player continues their activation as normal and completes their declared action.',
    );
  });

  it('turns Ball and Chain’s bullets into bullet lists, nested where the text indents', () => {
    const root = tree('en-2020/ball-and-chain');
    const bulletLists = lists(root);
    expect(bulletLists.map((l) => [l.ordered, l.children.length])).toEqual([
      [false, 5],
      [false, 2],
      [false, 2],
    ]);
    const rush = bulletLists[2]!;
    for (const item of rush.children) {
      const inner = lists(item);
      expect(inner).toHaveLength(1);
      expect(inner[0]!.children).toHaveLength(2);
    }
  });

  it('turns Pro’s dash lines into a bullet list', () => {
    const [list] = lists(tree('en-2020/pro'));
    expect(list).toMatchObject({ ordered: false });
    expect(list!.children).toHaveLength(2);
  });

  it('keeps the words of the text: every body line, after recorded errata, is in the plain text of its record', () => {
    const errata = (parseYaml(readFileSync(join(repoRoot, 'sources/annotations/errata.yaml'), 'utf8')) as { errata: Erratum[] }).errata;
    const patched = applyErrata('en-2020-skills-traits', 'en.txt', raw, errata, 'errata.yaml', () => null).lines;
    const fold = (text: string) => text.replace(/\s+/g, ' ').trim();
    let checked = 0;
    for (const r of skills().filter((s) => s.edition === 'en-2020')) {
      const text = fold(plainText(markdownToMdast(r.text)).replace(/\n/g, ' '));
      for (let i = r.source.lines[0] + 1; i < r.source.lines[1]; i++) {
        const line = patched[i]!;
        if (/^(Q[:.]|A:|Bloodbowl|Dungeonbowl)/.test(line.trim())) break;
        if (!line.trim()) continue;
        expect(text, `${r.id} line ${i + 1}`).toContain(fold(line.replace(/^\s*(•|-|\d+\.)\s+/, '')));
        checked++;
      }
    }
    // Every entry's rule text was checked, line by line.
    expect(checked).toBeGreaterThanOrEqual(skills().filter((s) => s.edition === 'en-2020').length);
  });

  it('never produces HTML nodes', () => {
    for (const r of skills()) expect(JSON.stringify(markdownToMdast(r.text))).not.toContain('"type":"html"');
  });
});

describe('random-skill tables', () => {
  const tables = realData<RandomTable[]>('random-tables.json');

  it('has one complete table per game and category that a record rolls on: 12 slots, each held once', () => {
    const rolled = new Set(skills().flatMap((r) => r.randomSlots.map((s) => `en-2020/${s.game}/${r.category}`)));
    expect(tables.map((t) => t.id).sort()).toEqual([...rolled].sort());
    for (const table of tables) {
      expect(table.slots).toHaveLength(12);
      expect(new Set(table.slots.map((s) => `${s.roll}·${s.d6}`)).size).toBe(12);
      const held = table.slots.flatMap((s) => (s.record === null ? [] : [s.record]));
      expect(new Set(held).size, table.id).toBe(held.length);
    }
    fact(
      'random tables',
      tables.map((t) => t.id),
    );
  });

  it('fills every slot but the declared vacancies, matching the records’ own slots', () => {
    const count = (game: string) =>
      skills()
        .flatMap((r) => r.randomSlots)
        .filter((s) => s.game === game).length;
    const held = (game: string) =>
      tables
        .filter((t) => t.game === game)
        .flatMap((t) => t.slots)
        .filter((s) => s.record !== null).length;
    for (const game of ['blood-bowl', 'dungeon-bowl']) expect(count(game), game).toBe(held(game));
    fact('held slots by game', { 'blood-bowl': count('blood-bowl'), 'dungeon-bowl': count('dungeon-bowl') });
    for (const table of tables) {
      for (const slot of table.slots) {
        if (slot.record === null) continue; // a declared vacancy: random-tables.test.ts
        expect(record(slot.record).randomSlots).toContainEqual({ game: table.game, roll: slot.roll, d6: slot.d6 });
        expect(record(slot.record).category).toBe(table.category);
      }
    }
  });

  it('reads the marker forms: 1d6 "(1-3)" + 1d6 "4" is Blood Bowl 1-3·4', () => {
    expect(record('en-2020/dodge').randomSlots).toEqual([
      { game: 'blood-bowl', roll: '1-3', d6: 4 },
      { game: 'dungeon-bowl', roll: '1-3', d6: 4 },
    ]);
  });

  it('a bare Dungeonbowl line keeps the Blood Bowl slot; a Dungeonbowlrandom line gives its own', () => {
    expect(record('en-2020/accurate').randomSlots).toContainEqual({ game: 'dungeon-bowl', roll: '1-3', d6: 1 });
    expect(record('en-2020/dump-off').randomSlots).toEqual([
      { game: 'blood-bowl', roll: '1-3', d6: 4 },
      { game: 'dungeon-bowl', roll: '1-3', d6: 2 },
    ]);
  });

  it('Bloodbowlnone + Dungeonbowl: in both games, on no table', () => {
    expect(record('en-2020/stunty')).toMatchObject({ games: ['blood-bowl', 'dungeon-bowl'], randomSlots: [] });
  });

  it.each(['kick', 'cannoneer', 'cloud-burster', 'hail-mary-pass'])('%s is not in Dungeon Bowl', (slug) => {
    expect(record(`en-2020/${slug}`).games).toEqual(['blood-bowl']);
  });

  it.each(['portal-navigator', 'give-and-go', 'portal-passer', 'wall-thrower'])('%s is only in Dungeon Bowl', (slug) => {
    const r = record(`en-2020/${slug}`);
    expect(r.games).toEqual(['dungeon-bowl']);
    expect(r.randomSlots.map((s) => s.game)).toEqual(['dungeon-bowl']);
  });

  it('every trait is in both games and every non-trait has a slot in each of its games', () => {
    for (const r of skills().filter((s) => s.edition === 'en-2020')) {
      if (r.kind === 'trait') expect(r.games).toEqual(['blood-bowl', 'dungeon-bowl']);
      else expect(r.randomSlots.map((s) => s.game)).toEqual(r.games);
    }
  });
});

describe('FAQ rulings', () => {
  // How many questions the text prints, and how many distinct ones, are facts of today's corpus;
  // how a printed question becomes an occurrence is tested on literal texts in en-2020-parse.test.ts.
  it("records today's printed questions and distinct rulings; no two rulings share a question", () => {
    const all = rulings();
    fact('printed questions', all.flatMap((r) => r.occurrences).length);
    fact('rulings', all.length);
    expect(new Set(all.map((r) => r.question)).size).toBe(all.length);
  });

  it('reads `Q.` questions and questions without a page reference', () => {
    const dodge = rulings().find((r) => r.question.startsWith('Can the Dodge skill be used on moves outside'))!;
    expect(dodge.pages).toEqual([75]);
    const prone = rulings().find((r) => r.question.startsWith('Will a Prone player that fails its roll for Animal Savagery'))!;
    expect(prone).toMatchObject({ pages: [], answer: 'Yes.' });
  });

  it('reads the answer printed without `A:` (Ball and Chain, Mighty Blow on a Prone player)', () => {
    const ruling = rulings().find((r) => r.question.includes('moves into a square occupied by a Prone or Stunned player, does the resulting Armour roll'))!;
    expect(ruling.answer).toBe('No, as in this instance a Block action wasn’t made.');
    const question = lineOf(raw, /^Q: If a player with the Ball & Chain trait moves into a square occupied by a Prone or Stunned player/);
    expect(rawLines[question]).toBe(ruling.answer);
    expect(ruling.occurrences).toEqual([{ record: 'en-2020/ball-and-chain', lines: [question, question + 1] }]);
  });

  it('splits two questions on one line into two rulings with their answers in order', () => {
    const line = lineOf(raw, /^Q\. Can a player that has been Rooted as per the Take Root trait .* Q: Can a Prone player who becomes Rooted/);
    const onLine = rulings()
      .filter((r) => r.occurrences.some((o) => o.lines[0] === line))
      .sort((a, b) => a.source.lines[1] - b.source.lines[1]);
    expect(onLine.map((r) => [r.question, r.answer, r.pages, r.source.lines])).toEqual([
      [
        'Can a player that has been Rooted as per the Take Root trait use a skill such as Pile Driver or Wrestle in order to place themselves Prone and therefore no longer be rooted?',
        'Yes.',
        [87],
        [line, line + 1],
      ],
      ['Can a Prone player who becomes Rooted still stand up?', 'Yes.', [87], [line, line + 2]],
    ]);
  });

  it('reads the answer when no blank line separates it from the markers (Diving Tackle)', () => {
    const ruling = rulings().find((r) => r.question.includes('can the player with Diving Tackle use this Skill on the re-rolled attempt'))!;
    expect(ruling).toMatchObject({ answer: 'Yes', pages: [75] });
  });

  it.each([
    ['75 & 78', [75, 78], null],
    ['41 & p.81', [41, 81], null],
    ['71, dungeon bowl', [71], 'dungeon bowl'],
    ['5', [5], null],
    ['57 & 80', [57, 80], null],
  ])('parses the page reference (p.%s)', (inner, pages, pageNote) => {
    expect(parsePages(inner)).toEqual({ pages, pageNote });
  });

  it('merges a ruling printed under several entries into one ruling linked to all of them', () => {
    const shared = rulings().filter((r) => r.occurrences.length > 1);
    expect(
      shared
        .map((r) =>
          r.occurrences
            .map((o) => o.record)
            .sort()
            .join(' + '),
        )
        .sort(),
    ).toEqual([
      'en-2020/brawler + en-2020/pro',
      'en-2020/cannoneer + en-2020/hail-mary-pass',
      'en-2020/catch + en-2020/monstrous-mouth',
      'en-2020/claws + en-2020/mighty-blow',
      'en-2020/claws + en-2020/mighty-blow',
      'en-2020/dump-off + en-2020/foul-appearance',
      'en-2020/leap + en-2020/pogo-stick',
      'en-2020/running-pass + en-2020/safe-pass',
    ]);
    for (const ruling of shared) {
      for (const o of ruling.occurrences) {
        expect(ruling.records).toContain(o.record);
        expect(record(o.record).rulings).toContain(ruling.id);
      }
    }
  });

  it('links a ruling to every other entry its question names', () => {
    const linkedTo = (fragment: string) => rulings().find((r) => r.question.includes(fragment))!.records;
    expect(linkedTo('Can a player with both the Claws and Mighty Blow')).toEqual(['en-2020/claws', 'en-2020/mighty-blow']);
    // Printed under Ball and Chain, about Foul Appearance.
    expect(linkedTo('If a player with the Foul Appearance skill is chosen as the target of a Foul action')).toEqual([
      'en-2020/ball-and-chain',
      'en-2020/foul-appearance',
    ]);
    // `Unchanneled` (one l) is a recorded alias; Bone Head is named in brackets.
    expect(linkedTo('such as Bone Head or Unchanneled Fury')).toEqual([
      'en-2020/bone-head',
      'en-2020/dump-off',
      'en-2020/foul-appearance',
      'en-2020/unchannelled-fury',
    ]);
    // `Piledriver` and `Pile Driver` are one name.
    expect(linkedTo('rolls the Piledriver skill as a random Skill')).toContain('en-2020/pile-driver');
  });

  it('does not link game words that are also names (Block action, defensive assists, Passing skills)', () => {
    const guard = rulings().find((r) => r.question.startsWith('Can the Guard skill be used to provide offensive and defensive assists'))!;
    expect(guard.records).toEqual(['en-2020/guard']);
    const timber = rulings().find((r) => r.question.startsWith('Can any of the Passing skills'))!;
    expect(timber.records).toEqual(['en-2020/throw-team-mate', 'en-2020/timmm-ber']);
    const pro = rulings().find((r) => r.question.startsWith('Can a player with the Pro skill use the re-roll outside'))!;
    expect(pro.records).toEqual(['en-2020/pro']);
  });

  it('gives every ruling provenance: first printing, lines of question to answer', () => {
    for (const ruling of rulings()) {
      const [q, a] = ruling.source.lines;
      expect(rawLines[q - 1]).toMatch(/Q[:.]/);
      expect(a).toBeGreaterThanOrEqual(q);
      expect(ruling.occurrences[0]!.lines).toEqual(ruling.source.lines);
    }
  });
});
