/**
 * What each change says (`nuffle diff` prints it and CHANGES.md lists it), on
 * small literal bundles: the summary line, the fields that moved with their
 * values and word diffs, the previous id, and what is left out (provenance,
 * fields another change reports), one behaviour each.
 */
import { describe, expect, it } from 'vitest';
import { type Change, compareBundles, FAIL_ON, namesWord, withoutProvenance, wordDiff } from '../../pipeline/diff/compare.ts';
import type { DataBundle } from '../../pipeline/model/dataset.ts';
import { at, bundle, concept, type Edit, edition, inducement, league, ruling, skill } from './bundle.ts';

const changesOf = (edit: Edit, base: () => DataBundle = bundle): Change[] => {
  const after = base();
  edit(after);
  return compareBundles(base(), after).changes;
};
const only = (edit: Edit): Change => {
  const changes = changesOf(edit);
  expect(changes).toHaveLength(1);
  return changes[0]!;
};
const field = (name: string, before: unknown, after: unknown, words: ReturnType<typeof wordDiff> | null = null) => ({ field: name, before, after, words });

describe('records', () => {
  it('an added record names its edition, name, kind and category', () =>
    expect(only((d) => void d.skills.push({ ...skill('jump-up'), displayName: 'Jump Up' }))).toEqual({
      kind: 'record-added',
      id: 'en-2020/jump-up',
      summary: 'en-2020: Jump Up added (skill, agility)',
      fields: [],
      previous: null,
    }));
  it('a removed record names its edition and name', () =>
    expect(only((d) => void d.skills.splice(1, 1))).toMatchObject({ kind: 'record-removed', id: 'en-2020/leap', summary: 'en-2020: leap removed' }));
  it('a reworded record carries its old and new text and their word diff', () =>
    expect(only((d) => void (at(d.skills, 'en-2020/dodge').text = 'dodge text, the rule as reprinted.'))).toEqual({
      kind: 'record-changed',
      id: 'en-2020/dodge',
      summary: 'en-2020: dodge: text changed',
      fields: [
        field(
          'text',
          'dodge text, the rule as printed.',
          'dodge text, the rule as reprinted.',
          wordDiff('dodge text, the rule as printed.', 'dodge text, the rule as reprinted.'),
        ),
      ],
      previous: null,
    }));
  it('lists every field that moved, in the schema’s order, and gives a word diff to text only', () =>
    expect(
      only((d) => {
        const r = at(d.skills, 'en-2020/dodge');
        Object.assign(r, { displayName: 'Dodge!', category: 'general', games: ['blood-bowl', 'dungeon-bowl'] });
      }),
    ).toMatchObject({
      summary: 'en-2020: Dodge!: displayName, category, games changed',
      fields: [
        field('displayName', 'dodge', 'Dodge!'),
        field('category', 'agility', 'general'),
        field('games', ['blood-bowl'], ['blood-bowl', 'dungeon-bowl']),
      ],
    }));
  it.each([
    ['parameter', (d: DataBundle) => void (at(d.skills, 'en-2020/dodge').parameter = '+1')],
    ['compulsory', (d: DataBundle) => void (at(d.skills, 'en-2020/dodge').compulsory = true)],
    ['kind', (d: DataBundle) => void (at(d.skills, 'en-2020/dodge').kind = 'trait')],
  ])('reports a record whose %s moved', (name, edit) => expect(only(edit).fields.map((f) => f.field)).toEqual([name]));
  it.each([
    ['its concept (the crosswalk reports it)', (d: DataBundle) => void (at(d.skills, 'en-2020/dodge').concept = 'leap')],
    [
      'its random slots (the table reports them)',
      (d: DataBundle) => void (at(d.skills, 'en-2020/dodge').randomSlots = [{ game: 'blood-bowl', category: 'agility', roll: '1-3', d6: 1 }] as never),
    ],
    ['its rulings (the rulings report them)', (d: DataBundle) => void (at(d.skills, 'en-2020/dodge').rulings = ['en-2020/dodge/q-1'] as never)],
    ['its provenance', (d: DataBundle) => void (at(d.skills, 'en-2020/dodge').source = { id: 'other', lines: [9, 9], errata: [] })],
  ])('reports no record change for %s', (_, edit) => expect(changesOf(edit)).toEqual([]));
});

describe('renames', () => {
  it('a record renamed to a new id through its migration names both ids, its fields and the old id', () => {
    const changes = changesOf((d) => {
      const old = at(d.skills, 'en-2020/side-step');
      Object.assign(old, { id: 'en-2020/sidestep', name: 'Sidestep', displayName: 'Sidestep' });
      d.crosswalk.find((r) => r.record === 'en-2020/side-step')!.record = 'en-2020/sidestep';
      d.migrations.push({ id: 'en-2020/side-step', kind: 'record', action: 'renamed', to: 'en-2020/sidestep', since: '1.1.0', note: 'One word.' });
    });
    expect(changes).toEqual([
      {
        kind: 'record-renamed',
        id: 'en-2020/sidestep',
        summary: 'en-2020: side-step → Sidestep (en-2020/side-step → en-2020/sidestep)',
        fields: [field('name', 'side-step', 'Sidestep'), field('displayName', 'side-step', 'Sidestep')],
        previous: 'en-2020/side-step',
      },
    ]);
  });
  it('a record removed and another added are no rename without a migration', () =>
    expect(
      changesOf((d) => {
        Object.assign(at(d.skills, 'en-2020/side-step'), { id: 'en-2020/sidestep', name: 'Sidestep' });
      }).map((c) => c.kind),
    ).toEqual(['record-added', 'record-removed']));
  it('a migration published before is not a new rename', () => {
    const base = () => {
      const d = bundle();
      d.migrations.push({ id: 'en-2020/side-step', kind: 'record', action: 'renamed', to: 'en-2020/sidestep', since: '1.0.0', note: 'old' });
      return d;
    };
    expect(
      changesOf((d) => void Object.assign(at(d.skills, 'en-2020/side-step'), { id: 'en-2020/sidestep', name: 'Sidestep' }), base).map((c) => c.kind),
    ).toEqual(['record-added', 'record-removed']);
  });
  it('a deletion migration is no rename', () =>
    expect(
      changesOf((d) => {
        d.skills = d.skills.filter((s) => s.id !== 'en-2020/side-step');
        d.migrations.push({ id: 'en-2020/side-step', kind: 'record', action: 'deleted', to: null, since: '1.1.0', note: 'gone' });
      }).map((c) => c.kind),
    ).toEqual(['record-removed', 'migration-added']));
  it('a concept migration is no record rename', () =>
    expect(
      changesOf((d) => {
        Object.assign(at(d.skills, 'en-2020/side-step'), { id: 'en-2020/sidestep', name: 'Sidestep' });
        d.migrations.push({ id: 'en-2020/side-step', kind: 'concept', action: 'renamed', to: 'en-2020/sidestep', since: '1.1.0', note: 'x' });
      }).map((c) => c.kind),
    ).toEqual(['record-added', 'record-removed', 'migration-added']));
  it('a slot that passed to the renamed record did not move', () =>
    expect(
      changesOf((d) => {
        Object.assign(at(d.skills, 'en-2020/side-step'), { id: 'en-2020/sidestep', name: 'Sidestep' });
        for (const slot of d.randomTables[0]!.slots) if (slot.record === 'en-2020/side-step') slot.record = 'en-2020/sidestep';
        d.migrations.push({ id: 'en-2020/side-step', kind: 'record', action: 'renamed', to: 'en-2020/sidestep', since: '1.1.0', note: 'x' });
      }).map((c) => c.kind),
    ).toEqual(['record-renamed']));
  it('warns about a ruling whose answer names a removed record, by whole word only', () => {
    const base = () => {
      const d = bundle();
      d.rulings.push(ruling('en-2020/r-1', 'Does sprinting help?', 'en-2020/leap'), ruling('en-2020/r-2', 'Twice?', 'en-2020/leap'));
      d.rulings[2]!.answer = 'Use sprint.';
      return d;
    };
    const after = base();
    after.skills = after.skills.filter((s) => s.id !== 'en-2020/sprint');
    expect(compareBundles(base(), after).warnings).toEqual(['ruling en-2020/r-2 still names "sprint", which was removed']);
  });
});

describe('concepts', () => {
  it('an added concept names its id and name', () =>
    expect(only((d) => void d.concepts.push({ ...concept('jump-up'), name: 'Jump Up' }))).toEqual({
      kind: 'concept-added',
      id: 'jump-up',
      summary: 'concept jump-up (Jump Up) added',
      fields: [],
      previous: null,
    }));
  it('a removed concept names its id and name', () => expect(only((d) => void d.concepts.splice(2, 1)).summary).toBe('concept sprint (sprint) removed'));
  it('a changed concept names the fields that moved', () =>
    expect(only((d) => void Object.assign(d.concepts[0]!, { kind: 'trait', compulsory: true, compulsoryFrom: null }))).toMatchObject({
      summary: 'concept dodge: kind, compulsory, compulsoryFrom changed',
      fields: [field('kind', 'skill', 'trait'), field('compulsory', false, true), field('compulsoryFrom', 'en-2020/dodge', null)],
    }));
  it('a concept whose records or relations moved is no concept change (the crosswalk says it)', () =>
    expect(
      changesOf((d) => void Object.assign(d.concepts[0]!, { records: [], relations: [{ type: 'same', concept: 'leap', record: 'en-2020/leap' }] })),
    ).toEqual([]));
});

describe('crosswalk rows', () => {
  it('an added row names its record, concept, relation and confidence', () =>
    expect(
      only((d) => void d.crosswalk.push({ ...d.crosswalk[0]!, record: 'en-2020/jump-up', concept: 'leap', relation: 'reworked', confidence: 'low' })),
    ).toEqual({
      kind: 'crosswalk-added',
      id: 'en-2020/jump-up',
      summary: 'en-2020/jump-up → leap (reworked, low)',
      fields: [],
      previous: null,
    }));
  it('a changed row shows each field’s values', () =>
    expect(only((d) => void Object.assign(d.crosswalk[0]!, { relation: 'reworked', confidence: 'medium' }))).toMatchObject({
      kind: 'crosswalk-changed',
      id: 'en-2020/dodge',
      summary: 'en-2020/dodge: relation "same" → "reworked"; confidence "high" → "medium"',
      fields: [field('relation', 'same', 'reworked'), field('confidence', 'high', 'medium')],
    }));
  it('a reworded rationale carries its word diff', () =>
    expect(only((d) => void (d.crosswalk[0]!.rationale = 'defines the idea')).fields).toEqual([
      field('rationale', 'defines the concept', 'defines the idea', wordDiff('defines the concept', 'defines the idea')),
    ]));
  it('a summary written where there was none has no word diff', () =>
    expect(only((d) => void (d.crosswalk[0]!.summary = 'Dodge, as in 2020.')).fields).toEqual([field('summary', null, 'Dodge, as in 2020.')]));
  it('a summary dropped has no word diff', () => {
    const base = () => {
      const d = bundle();
      d.crosswalk[0]!.summary = 'Dodge, as in 2020.';
      return d;
    };
    expect(changesOf((d) => void (d.crosswalk[0]!.summary = null), base)[0]?.fields).toEqual([field('summary', 'Dodge, as in 2020.', null)]);
  });
  it.each([
    ['related', (d: DataBundle) => void (d.crosswalk[0]!.related = ['leap'] as never)],
    ['falseFriend', (d: DataBundle) => void (d.crosswalk[0]!.falseFriend = 'leap' as never)],
    ['declaredBy', (d: DataBundle) => void (d.crosswalk[0]!.declaredBy = 'annotation' as never)],
  ])('reports a row whose %s moved', (name, edit) => expect(only(edit).fields.map((f) => f.field)).toEqual([name]));
});

describe('rulings', () => {
  it('an added ruling names the records it is printed under and its question', () =>
    expect(only((d) => void d.rulings.push(ruling('en-2020/leap/q-1', 'Does Leap need a free square?', 'en-2020/leap')))).toEqual({
      kind: 'ruling-added',
      id: 'en-2020/leap/q-1',
      summary: 'ruling added under en-2020/leap: "Does Leap need a free square?"',
      fields: [],
      previous: null,
    }));
  it('a removed ruling names its records and question', () =>
    expect(only((d) => void d.rulings.pop()).summary).toBe('ruling removed from en-2020/dodge: "Can a player Dodge out of a Tackle Zone twice in one turn?"'));
  it('a re-answered ruling says so, with its word diff', () =>
    expect(only((d) => void (d.rulings[0]!.answer = 'No.'))).toEqual({
      kind: 'ruling-changed',
      id: 'en-2020/dodge/q-1',
      summary: 'ruling en-2020/dodge/q-1: re-answered',
      fields: [field('answer', 'Yes.', 'No.', wordDiff('Yes.', 'No.'))],
      previous: null,
    }));
  it('a ruling linked to other records names the field', () =>
    expect(only((d) => void (d.rulings[0]!.records = ['en-2020/dodge', 'en-2020/leap'])).summary).toBe('ruling en-2020/dodge/q-1: records changed'));
  it('a reworded question pairs the old and new ids, and gives the previous one', () =>
    expect(
      only((d) => void (d.rulings[0] = { ...d.rulings[0]!, id: 'en-2020/dodge/q-2', question: 'Can a player Dodge out of a Tackle Zone twice in a turn?' })),
    ).toMatchObject({
      id: 'en-2020/dodge/q-2',
      summary: 'ruling en-2020/dodge/q-1 → en-2020/dodge/q-2: question reworded',
      previous: 'en-2020/dodge/q-1',
    }));
  it('pairs a new question with the same answer under the same record', () =>
    expect(only((d) => void (d.rulings[0] = { ...d.rulings[0]!, id: 'en-2020/dodge/q-2', question: 'Twice?' })).kind).toBe('ruling-changed'));
  it('does not pair a new question printed under another record', () =>
    expect(
      changesOf(
        (d) =>
          void (d.rulings[0] = {
            ...d.rulings[0]!,
            id: 'en-2020/dodge/q-2',
            question: 'Twice?',
            answer: 'No.',
            occurrences: [{ record: 'en-2020/leap', lines: [2, 3] }],
          }),
      ).map((c) => c.kind),
    ).toEqual(['ruling-added', 'ruling-removed']));
  it('does not pair a question that shares few words and another answer', () =>
    expect(
      changesOf((d) => void (d.rulings[0] = { ...d.rulings[0]!, id: 'en-2020/dodge/q-2', question: 'Is Leap a move?', answer: 'No.' })).map((c) => c.kind),
    ).toEqual(['ruling-added', 'ruling-removed']));
});

describe('random-table slots', () => {
  it('a moved slot names the table, the roll and both records, and gives the old record', () =>
    expect(only((d) => void (d.randomTables[0]!.slots[3]!.record = 'en-2020/dodge'))).toEqual({
      kind: 'slot-moved',
      id: 'en-2020/blood-bowl/agility 1-3·4',
      summary: 'slot en-2020/blood-bowl/agility 1-3·4: en-2020/sure-feet → en-2020/dodge',
      fields: [field('record', 'en-2020/sure-feet', 'en-2020/dodge')],
      previous: 'en-2020/sure-feet',
    }));
  it('a slot that is gone reads as empty', () =>
    expect(only((d) => void d.randomTables[0]!.slots.pop()).summary).toBe('slot en-2020/blood-bowl/agility 4-6·6: en-2020/diving-tackle → empty'));
  it('a new slot reads as empty before', () =>
    expect(only((d) => void d.randomTables[0]!.slots.push({ roll: '4-6', d6: 7 as never, record: 'en-2020/dodge', vacancy: null })).summary).toBe(
      'slot en-2020/blood-bowl/agility 4-6·7: empty → en-2020/dodge',
    ));
  it('lists moved slots in slot order', () =>
    expect(
      changesOf((d) => {
        d.randomTables[0]!.slots[5]!.record = 'en-2020/dodge';
        d.randomTables[0]!.slots[1]!.record = 'en-2020/dodge';
      }).map((c) => c.id),
    ).toEqual(['en-2020/blood-bowl/agility 1-3·2', 'en-2020/blood-bowl/agility 1-3·6']));
});

describe('inducements and price lists', () => {
  it('an added inducement names it', () =>
    expect(only((d) => void d.inducements.push(inducement('wandering-apothecary')))).toMatchObject({
      kind: 'inducement-added',
      summary: 'inducement wandering-apothecary added',
    }));
  it('a removed inducement names it', () => expect(only((d) => void d.inducements.shift()).summary).toBe('inducement bribe removed'));
  it('a reworded inducement carries its word diff', () =>
    expect(only((d) => void (d.inducements[0]!.text = 'bribe: up to 3 per game.'))).toEqual({
      kind: 'inducement-changed',
      id: 'notes/bribe',
      summary: 'inducement bribe: text changed',
      fields: [field('text', 'bribe: up to 2 per game.', 'bribe: up to 3 per game.', wordDiff('bribe: up to 2 per game.', 'bribe: up to 3 per game.'))],
      previous: null,
    }));
  it('a price list’s text is compared item by item, not as text', () =>
    expect(changesOf((d) => void (d.inducements[1]!.text = 'another wording of the list'))).toEqual([]));
  it('an inducement that becomes a price list is compared item by item', () =>
    expect(
      changesOf((d) => {
        d.inducements[0]!.text = 'new text';
        d.inducements[0]!.priceList = { minimumCost: null, items: [] };
      }),
    ).toEqual([]));
  it('a price list that becomes a plain inducement is compared item by item, not as text', () =>
    expect(
      changesOf((d) => {
        d.inducements[1]!.text = 'new text';
        d.inducements[1]!.priceList = null;
      }).filter((c) => c.kind !== 'price-changed'),
    ).toEqual([]));
  it('reports a price list whose name moved', () =>
    expect(
      changesOf((d) => void (d.inducements[1]!.name = 'Mercenary prices'))
        .filter((c) => c.kind === 'inducement-changed')
        .map((c) => c.fields.map((f) => f.field)),
    ).toEqual([['name']]));
  it.each(['name', 'kind', 'abilities', 'spells', 'costs', 'mentions', 'confidence', 'note'] as const)('reports an inducement whose %s moved', (name) =>
    expect(
      only(
        (d) =>
          void ((d.inducements[0] as unknown as Record<string, unknown>)[name] =
            name === 'name' ? 'Bribes' : name === 'kind' ? 'price-list' : name === 'confidence' || name === 'note' ? 'low' : ['x']),
      ).fields.map((f) => f.field),
    ).toEqual([name]),
  );
  it('a changed price names the list, the item, its text and both values', () =>
    expect(only((d) => void (d.inducements[1]!.priceList!.items[1]!.cost = 35_000))).toEqual({
      kind: 'price-changed',
      id: 'notes/mercenary-prices#2',
      summary: 'mercenary-prices, item 2 ("One agility skill : +30K"): cost 21000 → 35000',
      fields: [field('cost', 21_000, 35_000)],
      previous: null,
    }));
  it('a reworded item carries its word diff', () =>
    expect(only((d) => void (d.inducements[1]!.priceList!.items[0]!.text = 'One general skill : +25K')).fields).toEqual([
      field('text', 'One general skill : +20K', 'One general skill : +25K', wordDiff('One general skill : +20K', 'One general skill : +25K')),
    ]));
  it('a removed item is named by its place in the previous list', () =>
    expect(only((d) => void d.inducements[1]!.priceList!.items.splice(4, 1))).toMatchObject({
      id: 'notes/mercenary-prices#5-removed',
      summary: 'mercenary-prices, item 5 of the previous list ("One mutation : +30K"): removed',
    }));
  it('a new minimum cost names both values', () =>
    expect(only((d) => void (d.inducements[1]!.priceList!.minimumCost = 50_000))).toEqual({
      kind: 'price-changed',
      id: 'notes/mercenary-prices#minimum',
      summary: 'mercenary-prices: minimum cost none → 50000',
      fields: [field('minimumCost', null, 50_000)],
      previous: null,
    }));
  it('a minimum cost dropped reads as none', () => {
    const base = () => {
      const d = bundle();
      d.inducements[1]!.priceList!.minimumCost = 50_000;
      return d;
    };
    expect(changesOf((d) => void (d.inducements[1]!.priceList!.minimumCost = null), base)[0]?.summary).toBe('mercenary-prices: minimum cost 50000 → none');
  });
});

describe('leagues and migrations', () => {
  it('an added league names it', () =>
    expect(only((d) => void d.leagues.push(league('sylvanian', 'Sylvanian Spotlight'))).summary).toBe('league Sylvanian Spotlight added'));
  it('a removed league names it', () => expect(only((d) => void d.leagues.pop()).summary).toBe('league Old World Classic removed'));
  it('a renamed league names its new name and the fields', () =>
    expect(only((d) => void (d.leagues[0]!.name = 'Old World')).summary).toBe('league Old World: name changed'));
  it('a league spelling on another line is no change', () => expect(changesOf((d) => void (d.leagues[0]!.aliases[0]!.lines = [40]))).toEqual([]));
  it('a new migration names its kind, id, action, target and note', () =>
    expect(
      only((d) => void d.migrations.push({ id: 'en-2020/old', kind: 'record', action: 'merged', to: 'en-2020/dodge', since: '1.1.0', note: 'Folded in.' })),
    ).toEqual({
      kind: 'migration-added',
      id: 'en-2020/old',
      summary: 'record en-2020/old merged → en-2020/dodge: Folded in.',
      fields: [],
      previous: null,
    }));
  it('a deletion names no target', () =>
    expect(only((d) => void d.migrations.push({ id: 'old', kind: 'concept', action: 'deleted', to: null, since: '1.1.0', note: 'Gone.' })).summary).toBe(
      'concept old deleted: Gone.',
    ));
});

describe('editions', () => {
  const current = (d: DataBundle) => at(d.editions, 'en-traits-alt');
  const rules2020 = (d: DataBundle) => at(d.editions, 'en-2020');
  const french = (d: DataBundle) => at(d.editions, 'fr-legacy');

  it('the current rules passing from one edition to another are two lines, each edition’s standing before and after', () =>
    expect(
      changesOf((d) => {
        current(d).status = 'superseded';
        rules2020(d).status = 'current';
      }),
    ).toEqual([
      {
        kind: 'edition-changed',
        id: 'en-2020',
        summary: 'en-2020: Blood Bowl 2020 (English) is now the current rules (was superseded)',
        fields: [field('status', 'superseded', 'current')],
        previous: null,
      },
      {
        kind: 'edition-changed',
        id: 'en-traits-alt',
        summary: 'en-traits-alt: Blood Bowl 2025 traits (English) is now superseded: an older edition (was the current rules)',
        fields: [field('status', 'current', 'superseded')],
        previous: null,
      },
    ]));
  it('a new rules revision added as current, the edition it replaces superseded: the new edition first, then the old one’s standing', () =>
    expect(
      changesOf((d) => {
        d.editions.push(edition('en-2028', 'Blood Bowl 2028 (English)', 2028, 'current'));
        current(d).status = 'superseded';
      }).map((c) => [c.kind, c.summary]),
    ).toEqual([
      ['edition-added', 'en-2028: Blood Bowl 2028 (English) added (2028, the current rules)'],
      ['edition-changed', 'en-traits-alt: Blood Bowl 2025 traits (English) is now superseded: an older edition (was the current rules)'],
    ]));
  it('an added edition says its year, approximate or not, and its standing', () =>
    expect(only((d) => void d.editions.push(edition('fr-1994', 'Ancienne liste', 1994, 'superseded', true)))).toEqual({
      kind: 'edition-added',
      id: 'fr-1994',
      summary: 'fr-1994: Ancienne liste added (c. 1994, superseded: an older edition)',
      fields: [],
      previous: null,
    }));
  it('a removed edition that gave the current rules says so', () =>
    expect(only((d) => void (d.editions = d.editions.filter((e) => e.id !== 'en-traits-alt')))).toEqual({
      kind: 'edition-removed',
      id: 'en-traits-alt',
      summary: 'en-traits-alt: Blood Bowl 2025 traits (English) removed (it gave the current rules)',
      fields: [],
      previous: null,
    }));
  it('a removed older edition names it only', () =>
    expect(only((d) => void d.editions.pop()).summary).toBe('fr-legacy: Compétences, édition ancienne (français) removed'));
  it('a relabelled edition names its new label and the one it had', () =>
    expect(only((d) => void (current(d).label = 'Blood Bowl 2025 traits (English, third season)'))).toEqual({
      kind: 'edition-changed',
      id: 'en-traits-alt',
      summary: 'en-traits-alt: Blood Bowl 2025 traits (English, third season): relabelled from "Blood Bowl 2025 traits (English)"',
      fields: [field('label', 'Blood Bowl 2025 traits (English)', 'Blood Bowl 2025 traits (English, third season)')],
      previous: null,
    }));
  it('an edition re-dated says its year before and after', () =>
    expect(only((d) => void (rules2020(d).year = 2021))).toMatchObject({
      summary: 'en-2020: Blood Bowl 2020 (English): year 2020 → 2021',
      fields: [field('year', 2020, 2021)],
    }));
  it('an approximate year made exact reads as a year change, its circa the field that moved', () =>
    expect(only((d) => void (french(d).circa = false))).toMatchObject({
      summary: 'fr-legacy: Compétences, édition ancienne (français): year c. 2006 → 2006',
      fields: [field('circa', true, false)],
    }));
  it('an exact year made approximate likewise', () =>
    expect(only((d) => void (rules2020(d).circa = true)).summary).toBe('en-2020: Blood Bowl 2020 (English): year 2020 → c. 2020'));
  it('an edition found to be another revision: re-dated, relabelled and made current, in one line, its standing first', () =>
    expect(only((d) => Object.assign(french(d), { label: 'Blood Bowl 2025 (français)', year: 2025, circa: false, status: 'current' }))).toMatchObject({
      summary:
        'fr-legacy: Blood Bowl 2025 (français) is now the current rules (was superseded); year c. 2006 → 2025; relabelled from "Compétences, édition ancienne (français)"',
      fields: [
        field('label', 'Compétences, édition ancienne (français)', 'Blood Bowl 2025 (français)'),
        field('year', 2006, 2025),
        field('circa', true, false),
        field('status', 'superseded', 'current'),
      ],
    }));
  it('an edition of another language says both', () =>
    expect(only((d) => void (french(d).lang = 'en')).summary).toBe('fr-legacy: Compétences, édition ancienne (français): language fr → en'));
  it('a reworded note carries its word diff', () =>
    expect(only((d) => void (rules2020(d).note = 'The Blood Bowl 2020 (English) text, second season.'))).toMatchObject({
      summary: 'en-2020: Blood Bowl 2020 (English): note reworded',
      fields: [
        field(
          'note',
          'The Blood Bowl 2020 (English) text.',
          'The Blood Bowl 2020 (English) text, second season.',
          wordDiff('The Blood Bowl 2020 (English) text.', 'The Blood Bowl 2020 (English) text, second season.'),
        ),
      ],
    }));
  it('an edition whose source file, digest, parser and counts moved has not changed for a reader', () =>
    expect(
      changesOf((d) =>
        Object.assign(rules2020(d), { source: 'other', file: 'sources/raw/other.txt', sha256: 'f'.repeat(64), parser: 'traits-alt', records: 7, rulings: 3 }),
      ),
    ).toEqual([]));
  it('a release before schema 4.1.0 stated no year or status: the first that does says each edition’s standing, not "was"', () => {
    const older = () => {
      const d = bundle();
      d.editions = d.editions.map(({ year: _year, circa: _circa, status: _status, ...rest }) => rest as (typeof d.editions)[number]);
      return d;
    };
    const changes = compareBundles(older(), bundle()).changes;
    expect(changes.map((c) => c.summary)).toEqual([
      'en-2020: Blood Bowl 2020 (English) is superseded: an older edition (not stated before); year 2020',
      'en-traits-alt: Blood Bowl 2025 traits (English) is the current rules (not stated before); year 2025',
      'fr-legacy: Compétences, édition ancienne (français) is superseded: an older edition (not stated before); year c. 2006',
    ]);
    expect(changes[1]!.fields).toEqual([field('year', null, 2025), field('circa', null, false), field('status', null, 'current')]);
  });
  it('come before every other change', () =>
    expect(
      changesOf((d) => {
        d.skills.push(skill('aaa'));
        current(d).status = 'superseded';
      }).map((c) => c.kind),
    ).toEqual(['edition-changed', 'record-added']));
});

describe('the changelog', () => {
  it('carries both versions', () => {
    const after = bundle();
    after.meta = { ...after.meta, datasetVersion: '1.1.0', schemaVersion: '2.2.0' };
    expect(compareBundles(bundle(), after)).toMatchObject({
      from: { datasetVersion: '1.0.0', schemaVersion: '2.1.0' },
      to: { datasetVersion: '1.1.0', schemaVersion: '2.2.0' },
    });
  });
  it('orders changes by kind, then by id', () =>
    expect(
      changesOf((d) => {
        d.leagues.pop();
        d.skills.push(skill('zap'), skill('block'));
      }).map((c) => c.id),
    ).toEqual(['en-2020/block', 'en-2020/zap', 'old-world']));
});

describe('--fail-on text', () => {
  it('catches a renamed record whose text moved too', () =>
    expect(FAIL_ON.text!({ kind: 'record-renamed', id: 'x', summary: '', fields: [field('name', 'a', 'b'), field('text', 'a', 'b')], previous: null })).toBe(
      true,
    ));
  it('does not catch a renamed record whose text stayed', () =>
    expect(FAIL_ON.text!({ kind: 'record-renamed', id: 'x', summary: '', fields: [field('name', 'a', 'b')], previous: null })).toBe(false));
  it('does not catch a reworded inducement', () =>
    expect(FAIL_ON.text!({ kind: 'inducement-changed', id: 'x', summary: '', fields: [field('text', 'a', 'b')], previous: null })).toBe(false));
  it.each(['relation', 'concept', 'confidence'])('catches a crosswalk row whose %s moved among other fields', (name) =>
    expect(
      FAIL_ON[name]!({ kind: 'crosswalk-changed', id: 'x', summary: '', fields: [field('rationale', 'a', 'b'), field(name, 'a', 'b')], previous: null }),
    ).toBe(true),
  );
});

describe('helpers', () => {
  it('withoutProvenance drops source, line and lines at any depth', () =>
    expect(withoutProvenance([{ a: 1, source: 's', line: 2, lines: [3], b: { lines: [4], c: [{ line: 5, d: 6 }] } }])).toEqual([
      { a: 1, b: { c: [{ d: 6 }] } },
    ]));
  it('withoutProvenance keeps other values', () => expect(withoutProvenance('line')).toBe('line'));
  it('wordDiff marks kept, removed and added words', () =>
    expect(wordDiff('a b', 'a c')).toEqual([
      { value: 'a ', op: 'same' },
      { value: 'b', op: 'removed' },
      { value: 'c', op: 'added' },
    ]));
  it('namesWord finds a whole word', () => expect(namesWord('Use Sprint now', 'Sprint')).toBe(true));
  it('namesWord finds a word at the start and the end', () => expect(namesWord('Sprint', 'Sprint')).toBe(true));
  it('namesWord skips a word inside another', () => expect(namesWord('Sprinting', 'Sprint')).toBe(false));
  it('namesWord skips a word after a letter', () => expect(namesWord('ReSprint', 'Sprint')).toBe(false));
  it('namesWord skips a word after a digit', () => expect(namesWord('2Sprint', 'Sprint')).toBe(false));
  it('namesWord finds a later whole occurrence', () => expect(namesWord('Sprinting, then Sprint.', 'Sprint')).toBe(true));
  it('namesWord takes punctuation as a boundary', () => expect(namesWord('(Sprint)', 'Sprint')).toBe(true));
  it('namesWord takes an accented letter as part of a word', () => expect(namesWord('Sprinté', 'Sprint')).toBe(false));
});

describe('a reworded question, paired with its old self', () => {
  const reask = (d: DataBundle, id: string, question: string, answer = 'No.') => void (d.rulings[0] = { ...d.rulings[0]!, id, question, answer });
  const kinds = (edit: Edit) => changesOf(edit).map((c) => c.kind);

  it('pairs by shared words when the answer changed too', () =>
    expect(kinds((d) => reask(d, 'en-2020/dodge/q-2', 'Can a player Dodge out of a Tackle Zone twice in a turn?'))).toEqual(['ruling-changed']));
  it('pairs at exactly half the words shared', () => {
    const base = () => {
      const d = bundle();
      d.rulings[0]!.question = 'Dodge Leap Block?';
      return d;
    };
    expect(changesOf((d) => reask(d, 'en-2020/dodge/q-2', 'Dodge Leap Block Frenzy Guard Wrestle?'), base).map((c) => c.kind)).toEqual(['ruling-changed']);
  });
  it('does not pair words that only share letters', () => {
    const base = () => {
      const d = bundle();
      d.rulings[0]!.question = 'Dodge stop';
      return d;
    };
    expect(changesOf((d) => reask(d, 'en-2020/dodge/q-2', 'Godde stop'), base).map((c) => c.kind)).toEqual(['ruling-added', 'ruling-removed']);
  });
  it('reads a number as one word', () => {
    const base = () => {
      const d = bundle();
      d.rulings[0]!.question = '12 rolls';
      return d;
    };
    expect(changesOf((d) => reask(d, 'en-2020/dodge/q-2', '21 rolls'), base).map((c) => c.kind)).toEqual(['ruling-added', 'ruling-removed']);
  });
  it('reads words between punctuation one by one', () => {
    const base = () => {
      const d = bundle();
      d.rulings[0]!.question = 'Dodge, then Leap?';
      return d;
    };
    expect(changesOf((d) => reask(d, 'en-2020/dodge/q-2', 'Dodge, then Leap twice?'), base).map((c) => c.kind)).toEqual(['ruling-changed']);
  });
  it('pairs whatever the order of the records it is printed under', () => {
    const base = () => {
      const d = bundle();
      d.rulings[0]!.occurrences = [
        { record: 'en-2020/dodge', lines: [2, 3] },
        { record: 'en-2020/leap', lines: [4, 5] },
      ];
      return d;
    };
    const edit: Edit = (d) =>
      void (d.rulings[0] = { ...d.rulings[0]!, id: 'en-2020/dodge/q-2', question: 'Twice?', occurrences: [...d.rulings[0]!.occurrences].reverse() });
    expect(changesOf(edit, base).map((c) => c.kind)).toEqual(['ruling-changed']);
  });
  it.each([
    ['second', 'en-2020/dodge/q-a', 'en-2020/dodge/q-b'],
    ['first', 'en-2020/dodge/q-b', 'en-2020/dodge/q-a'],
  ])('pairs the closest of two new questions, listed %s', (where, loose, close) => {
    const edit: Edit = (d) => {
      const old = d.rulings[0]!;
      const questions = [
        { ...old, id: loose, question: 'Can a player Dodge out of a Tackle Zone?', answer: 'No.' },
        { ...old, id: close, question: 'Can a player Dodge out of a Tackle Zone twice in a turn?', answer: 'No.' },
      ];
      d.rulings = where === 'first' ? questions.reverse() : questions;
    };
    expect(changesOf(edit).map((c) => [c.kind, c.id])).toEqual([
      ['ruling-added', loose],
      ['ruling-changed', close],
    ]);
  });
  it('lists every record an added ruling is printed under', () =>
    expect(
      only(
        (d) =>
          void d.rulings.push({
            ...ruling('en-2020/r-9', 'Both?', 'en-2020/leap'),
            occurrences: [
              { record: 'en-2020/leap', lines: [1, 1] },
              { record: 'en-2020/dodge', lines: [2, 2] },
            ],
          }),
      ).summary,
    ).toBe('ruling added under en-2020/leap, en-2020/dodge: "Both?"'));
  it('lists every record a removed ruling was printed under', () => {
    const base = () => {
      const d = bundle();
      d.rulings[0]!.occurrences.push({ record: 'en-2020/leap', lines: [4, 4] });
      return d;
    };
    expect(changesOf((d) => void d.rulings.pop(), base)[0]?.summary).toBe(
      'ruling removed from en-2020/dodge, en-2020/leap: "Can a player Dodge out of a Tackle Zone twice in one turn?"',
    );
  });
  it('names every way a ruling changed', () =>
    expect(only((d) => void Object.assign(d.rulings[0]!, { answer: 'No.', pages: [12] })).summary).toBe(
      'ruling en-2020/dodge/q-1: re-answered, pages changed',
    ));
});

describe('price-list items, more', () => {
  const list = (d: DataBundle) => d.inducements[1]!.priceList!;
  it('gives no word diff to an item field other than its text', () =>
    expect(only((d) => void (list(d).items[0]!.category = 'agility')).fields).toEqual([field('category', 'general', 'agility')]));
  it('an item removed at the start and one added at the end are two changes, not one item changed', () =>
    expect(
      changesOf((d) => {
        const [first, ...rest] = list(d).items;
        list(d).items = [...rest, { ...first!, text: 'One extraordinary skill : +50K', cost: 50_000 }];
      }).map((c) => c.id),
    ).toEqual(['notes/mercenary-prices#1-removed', 'notes/mercenary-prices#5']));
  it('an inducement that becomes a price list with a minimum cost says so', () =>
    expect(changesOf((d) => void (d.inducements[0]!.priceList = { minimumCost: 50_000, items: [] })).map((c) => c.summary)).toContain(
      'bribe: minimum cost none → 50000',
    ));
  it('a price list dropped with its minimum cost says so', () => {
    const base = () => {
      const d = bundle();
      list(d).minimumCost = 50_000;
      return d;
    };
    expect(changesOf((d) => void (d.inducements[1]!.priceList = null), base).map((c) => c.summary)).toContain('mercenary-prices: minimum cost 50000 → none');
  });
});

describe('renames, more', () => {
  const rename = (d: DataBundle) => {
    Object.assign(at(d.skills, 'en-2020/side-step'), { id: 'en-2020/sidestep', name: 'Sidestep', displayName: 'Sidestep', concept: 'sidestep' });
    d.crosswalk.find((r) => r.record === 'en-2020/side-step')!.record = 'en-2020/sidestep';
    d.migrations.push({ id: 'en-2020/side-step', kind: 'record', action: 'renamed', to: 'en-2020/sidestep', since: '1.1.0', note: 'x' });
  };
  it('a renamed record’s concept, renamed with its migration, is not reported again', () =>
    expect(
      changesOf((d) => {
        rename(d);
        Object.assign(at(d.concepts, 'side-step'), { id: 'sidestep' });
        d.migrations.push({ id: 'side-step', kind: 'concept', action: 'renamed', to: 'sidestep', since: '1.1.0', note: 'x' });
      }).map((c) => c.kind),
    ).toEqual(['record-renamed']));
  it('warns once about a ruling naming a renamed record, as renamed', () => {
    const base = () => {
      const d = bundle();
      d.rulings[0]!.answer = 'Use side-step.';
      return d;
    };
    const after = base();
    rename(after);
    expect(compareBundles(base(), after).warnings).toEqual(['ruling en-2020/dodge/q-1 still names "side-step", renamed to "Sidestep"']);
  });
  it('sorts the warnings by ruling', () => {
    const base = () => {
      const d = bundle();
      d.rulings.push({ ...ruling('en-2020/r-b', 'Is leap fine?', 'en-2020/dodge') }, { ...ruling('en-2020/r-a', 'Is sprint fine?', 'en-2020/dodge') });
      return d;
    };
    const after = base();
    after.skills = after.skills.filter((s) => s.id !== 'en-2020/leap' && s.id !== 'en-2020/sprint');
    expect(compareBundles(base(), after).warnings).toEqual([
      'ruling en-2020/r-a still names "sprint", which was removed',
      'ruling en-2020/r-b still names "leap", which was removed',
    ]);
  });
  it('orders changes of many kinds by kind', () =>
    expect(
      changesOf((d) => {
        d.migrations.push({ id: 'x', kind: 'concept', action: 'deleted', to: null, since: '1.1.0', note: 'x' });
        d.leagues.pop();
        d.concepts.push(concept('zzz'));
        d.skills.push(skill('aaa'));
        d.rulings.pop();
      }).map((c) => c.kind),
    ).toEqual(['record-added', 'concept-added', 'ruling-removed', 'league-removed', 'migration-added']));
});

describe('--fail-on on literal changes', () => {
  const c = (kind: Change['kind'], ...names: string[]): Change => ({
    kind,
    id: 'x',
    summary: '',
    fields: names.map((n) => field(n, 'a', 'b')),
    previous: null,
  });
  it.each([
    ['relation', c('record-changed', 'relation')],
    ['confidence', c('record-changed', 'confidence')],
    ['concept', c('record-changed', 'concept')],
    ['relation', c('crosswalk-changed', 'rationale')],
    ['confidence', c('crosswalk-changed', 'rationale')],
    ['concept', c('crosswalk-changed', 'rationale')],
  ] as const)('--fail-on %s does not catch %j', (word, change) => expect(FAIL_ON[word]!(change)).toBe(false));
});

describe('provenance and reworded texts', () => {
  it('a reworded summary carries its word diff', () => {
    const base = () => {
      const d = bundle();
      d.crosswalk[0]!.summary = 'Dodge, as in 2020.';
      return d;
    };
    const changes = changesOf((d) => void (d.crosswalk[0]!.summary = 'Dodge, once per turn.'), base);
    expect(changes.map((c) => c.fields)).toEqual([
      [field('summary', 'Dodge, as in 2020.', 'Dodge, once per turn.', wordDiff('Dodge, as in 2020.', 'Dodge, once per turn.'))],
    ]);
  });
  it('a reworded question carries its word diff', () =>
    expect(only((d) => void (d.rulings[0]!.question = 'Can a player Dodge twice?')).fields.find((f) => f.field === 'question')?.words).toEqual(
      wordDiff('Can a player Dodge out of a Tackle Zone twice in one turn?', 'Can a player Dodge twice?'),
    ));
  it('an inducement whose lines moved in its source is no change', () =>
    expect(changesOf((d) => void (d.inducements[0]!.source = { ...d.inducements[0]!.source, lines: [40, 41] }))).toEqual([]));
  it('a ruling whose lines moved in its source is no change', () =>
    expect(
      changesOf((d) => {
        d.rulings[0]!.source = { ...d.rulings[0]!.source, lines: [40, 41] };
        d.rulings[0]!.occurrences = d.rulings[0]!.occurrences.map((o) => ({ ...o, lines: [40, 41] as [number, number] }));
      }),
    ).toEqual([]));
});

describe('vacant slots', () => {
  it('a vacant slot that becomes a re-roll moves, with its vacancy before and after', () => {
    const vacant = (vacancy: 'vacant' | 're-roll') => () => {
      const d = bundle();
      d.randomTables[0]!.slots[0] = { ...d.randomTables[0]!.slots[0]!, record: null, vacancy };
      return d;
    };
    expect(compareBundles(vacant('vacant')(), vacant('re-roll')()).changes).toEqual([
      {
        kind: 'slot-moved',
        id: 'en-2020/blood-bowl/agility 1-3·1',
        summary: 'slot en-2020/blood-bowl/agility 1-3·1: vacant → re-roll',
        fields: [field('vacancy', 'vacant', 're-roll')],
        previous: null,
      },
    ]);
  });
});

describe('what a rename silences, and what it does not', () => {
  const renameSideStep = (d: DataBundle) => {
    Object.assign(at(d.skills, 'en-2020/side-step'), { id: 'en-2020/sidestep', name: 'Sidestep', displayName: 'Sidestep', concept: 'sidestep' });
    d.crosswalk.find((r) => r.record === 'en-2020/side-step')!.record = 'en-2020/sidestep';
    Object.assign(at(d.concepts, 'side-step'), { id: 'sidestep' });
    d.migrations.push(
      { id: 'en-2020/side-step', kind: 'record', action: 'renamed', to: 'en-2020/sidestep', since: '1.1.0', note: 'x' },
      { id: 'side-step', kind: 'concept', action: 'renamed', to: 'sidestep', since: '1.1.0', note: 'x' },
    );
  };
  const kinds = (edit: Edit) => changesOf(edit).map((c) => [c.kind, c.id]);

  it('a record merged into a new record is no rename: the new record is added, the old one merged into it', () =>
    expect(
      kinds((d) => {
        Object.assign(at(d.skills, 'en-2020/side-step'), { id: 'en-2020/sure-step', name: 'Sure Step' });
        d.migrations.push({ id: 'en-2020/side-step', kind: 'record', action: 'merged', to: 'en-2020/sure-step', since: '1.1.0', note: 'x' });
      }),
    ).toEqual([
      ['record-added', 'en-2020/sure-step'],
      ['record-merged', 'en-2020/sure-step'],
    ]));
  it('another record’s migration in the same release is still reported', () =>
    expect(
      kinds((d) => {
        renameSideStep(d);
        d.skills = d.skills.filter((s) => s.id !== 'en-2020/leap');
        d.migrations.push({ id: 'en-2020/leap', kind: 'record', action: 'deleted', to: null, since: '1.1.0', note: 'gone' });
      }),
    ).toEqual([
      ['record-removed', 'en-2020/leap'],
      ['record-renamed', 'en-2020/sidestep'],
      ['migration-added', 'en-2020/leap'],
    ]));
  it('another concept’s migration in the same release is still reported', () =>
    expect(
      kinds((d) => {
        renameSideStep(d);
        d.concepts = d.concepts.filter((c) => c.id !== 'leap');
        d.migrations.push({ id: 'leap', kind: 'concept', action: 'deleted', to: null, since: '1.1.0', note: 'gone' });
      }),
    ).toEqual([
      ['record-renamed', 'en-2020/sidestep'],
      ['concept-removed', 'leap'],
      ['migration-added', 'leap'],
    ]));
  it('a ruling’s migration is still reported when its id is the renamed record’s', () =>
    expect(
      kinds((d) => {
        renameSideStep(d);
        d.migrations.push({ id: 'en-2020/side-step', kind: 'ruling', action: 'deleted', to: null, since: '1.1.0', note: 'gone' });
      }),
    ).toEqual([
      ['record-renamed', 'en-2020/sidestep'],
      ['migration-added', 'en-2020/side-step'],
    ]));
  it('a league’s migration is still reported when its id is the renamed concept’s', () =>
    expect(
      kinds((d) => {
        renameSideStep(d);
        d.migrations.push({ id: 'side-step', kind: 'league', action: 'deleted', to: null, since: '1.1.0', note: 'gone' });
      }),
    ).toEqual([
      ['record-renamed', 'en-2020/sidestep'],
      ['migration-added', 'side-step'],
    ]));
});

describe('rulings paired only under the same records', () => {
  it('pairs a reworded question printed under records listed out of order', () => {
    const base = () => {
      const d = bundle();
      d.rulings[0]!.occurrences = [
        { record: 'en-2020/leap', lines: [4, 5] },
        { record: 'en-2020/dodge', lines: [2, 3] },
      ];
      return d;
    };
    expect(changesOf((d) => void (d.rulings[0] = { ...d.rulings[0]!, id: 'en-2020/dodge/q-2', question: 'Twice?' }), base).map((c) => c.kind)).toEqual([
      'ruling-changed',
    ]);
  });
  it('does not pair the same question and answer printed under another record', () =>
    expect(
      changesOf(
        (d) =>
          void (d.rulings[0] = {
            ...d.rulings[0]!,
            id: 'en-2020/leap/q-1',
            records: ['en-2020/leap'],
            occurrences: [{ record: 'en-2020/leap', lines: [2, 3] }],
          }),
      ).map((c) => [c.kind, c.id]),
    ).toEqual([
      ['ruling-added', 'en-2020/leap/q-1'],
      ['ruling-removed', 'en-2020/dodge/q-1'],
    ]));
  it('pairs a new question with the first old one that shares its record, each once', () => {
    const base = () => {
      const d = bundle();
      d.rulings.push({ ...d.rulings[0]!, id: 'en-2020/dodge/q-9', question: 'Can a player Dodge out of a Tackle Zone twice in one game?' });
      return d;
    };
    const edit: Edit = (d) =>
      void (d.rulings = [{ ...d.rulings[0]!, id: 'en-2020/dodge/q-2', question: 'Can a player Dodge out of a Tackle Zone twice in a turn?', answer: 'No.' }]);
    expect(changesOf(edit, base).map((c) => [c.kind, c.id, c.previous])).toEqual([
      ['ruling-removed', 'en-2020/dodge/q-9', null],
      ['ruling-changed', 'en-2020/dodge/q-2', 'en-2020/dodge/q-1'],
    ]);
  });
});

describe('price items and questions, field by field', () => {
  const list = (d: DataBundle) => d.inducements[1]!.priceList!;
  it('an item whose text and cost moved lists both, one after the other', () =>
    expect(only((d) => void Object.assign(list(d).items[0]!, { text: 'One general skill : +25K', cost: 25_000 })).summary).toBe(
      'mercenary-prices, item 1 ("One general skill : +25K"): text "One general skill : +20K" → "One general skill : +25K"; cost 20000 → 25000',
    ));
  it('a minimum cost raised carries both values in its field', () => {
    const base = () => {
      const d = bundle();
      list(d).minimumCost = 50_000;
      return d;
    };
    expect(changesOf((d) => void (list(d).minimumCost = 60_000), base).map((c) => c.fields)).toEqual([[field('minimumCost', 50_000, 60_000)]]);
  });
  it('two questions without a word share none: reworded with another answer, they are not paired', () => {
    const base = () => {
      const d = bundle();
      d.rulings[0]!.question = '?';
      return d;
    };
    expect(
      changesOf((d) => void (d.rulings[0] = { ...d.rulings[0]!, id: 'en-2020/dodge/q-2', question: '…?', answer: 'No.' }), base).map((c) => c.kind),
    ).toEqual(['ruling-added', 'ruling-removed']);
  });
});
