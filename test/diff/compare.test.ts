/**
 * `compareBundles` and `--fail-on` on small literal bundles: every change kind,
 * each caught by exactly the `--fail-on` words that name it, and price-list
 * items aligned by content (one bullet added or removed anywhere is one change).
 */
import { describe, expect, it } from 'vitest';
import { CHANGE_KINDS, type Change, type ChangeKind, compareBundles, FAIL_ON } from '../../pipeline/diff/compare.ts';
import { at, bundle, concept, type Edit, edition, inducement, item, ITEMS, league, row, ruling, skill, source } from './bundle.ts';
import { bumpOf } from '../../pipeline/diff/bump.ts';
import type { DataBundle } from '../../pipeline/model/dataset.ts';
import type { PriceItem } from '../../pipeline/model/schema-types.ts';

/**
 * One row per change: how the data moves, the kind it is reported as, and
 * every `--fail-on` word that must catch it (every other word must not).
 */
const TABLE: { what: string; kind: ChangeKind; failOn: string[]; edit: Edit }[] = [
  {
    what: 'an edition added',
    kind: 'edition-added',
    failOn: ['added', 'edition'],
    edit: (d) => void d.editions.push(edition('en-2028', 'Blood Bowl 2028 (English)', 2028, 'superseded')),
  },
  { what: 'an edition removed', kind: 'edition-removed', failOn: ['removed', 'edition'], edit: (d) => void d.editions.pop() },
  {
    what: 'an edition no longer the current rules',
    kind: 'edition-changed',
    failOn: ['changed', 'edition'],
    edit: (d) => void (at(d.editions, 'en-traits-alt').status = 'superseded'),
  },
  { what: 'a record added', kind: 'record-added', failOn: ['added'], edit: (d) => void d.skills.push(skill('jump-up')) },
  { what: 'a record removed', kind: 'record-removed', failOn: ['removed'], edit: (d) => void d.skills.splice(1, 1) },
  {
    what: 'a record reworded',
    kind: 'record-changed',
    failOn: ['changed', 'text'],
    edit: (d) => void (at(d.skills, 'en-2020/dodge').text = 'dodge text, the rule as reprinted.'),
  },
  { what: 'a record renamed in place', kind: 'record-changed', failOn: ['changed'], edit: (d) => void (at(d.skills, 'en-2020/dodge').displayName = 'Dodge!') },
  {
    what: 'a record renamed, its id kept',
    kind: 'record-renamed',
    failOn: ['renamed'],
    edit: (d) => void Object.assign(at(d.skills, 'en-2020/side-step'), { name: 'Side Step', displayName: 'Side Step' }),
  },
  {
    what: 'a record renamed to a new id, with its migration',
    kind: 'record-renamed',
    failOn: ['renamed'],
    edit: (d) => {
      const old = at(d.skills, 'en-2020/side-step');
      Object.assign(old, { id: 'en-2020/sidestep', name: 'Sidestep', displayName: 'Sidestep' });
      d.crosswalk.find((r) => r.record === 'en-2020/side-step')!.record = 'en-2020/sidestep';
      for (const slot of d.randomTables[0]!.slots) if (slot.record === 'en-2020/side-step') slot.record = 'en-2020/sidestep';
      d.migrations.push({ id: 'en-2020/side-step', kind: 'record', action: 'renamed', to: 'en-2020/sidestep', since: '1.1.0', note: 'One word.' });
    },
  },
  {
    what: 'a record merged into another, its slots and its concept going with it',
    kind: 'record-merged',
    failOn: ['merged'],
    edit: (d) => {
      d.skills = d.skills.filter((s) => s.id !== 'en-2020/sprint');
      d.crosswalk = d.crosswalk.filter((r) => r.record !== 'en-2020/sprint');
      d.concepts = d.concepts.filter((c) => c.id !== 'sprint');
      for (const slot of d.randomTables[0]!.slots) if (slot.record === 'en-2020/sprint') slot.record = 'en-2020/dodge';
      d.migrations.push(
        { id: 'en-2020/sprint', kind: 'record', action: 'merged', to: 'en-2020/dodge', since: '1.1.0', note: 'Folded into Dodge.' },
        { id: 'sprint', kind: 'concept', action: 'merged', to: 'dodge', since: '1.1.0', note: 'Folded into Dodge.' },
      );
    },
  },
  { what: 'a crosswalk row added', kind: 'crosswalk-added', failOn: ['added'], edit: (d) => void d.crosswalk.push(row('jump-up')) },
  {
    what: 'a crosswalk relation changed',
    kind: 'crosswalk-changed',
    failOn: ['changed', 'relation'],
    edit: (d) => void (d.crosswalk[0]!.relation = 'reworked'),
  },
  {
    what: 'a record linked to another concept',
    kind: 'crosswalk-changed',
    failOn: ['changed', 'concept'],
    edit: (d) => void (d.crosswalk[0]!.concept = 'leap'),
  },
  {
    what: 'a crosswalk confidence lowered',
    kind: 'crosswalk-changed',
    failOn: ['changed', 'confidence'],
    edit: (d) => void (d.crosswalk[0]!.confidence = 'medium'),
  },
  {
    what: 'a crosswalk rationale reworded',
    kind: 'crosswalk-changed',
    failOn: ['changed'],
    edit: (d) => void (d.crosswalk[0]!.rationale = 'same rule, same words'),
  },
  { what: 'a concept added', kind: 'concept-added', failOn: ['added', 'concept'], edit: (d) => void d.concepts.push(concept('jump-up')) },
  { what: 'a concept removed', kind: 'concept-removed', failOn: ['removed', 'concept'], edit: (d) => void d.concepts.splice(2, 1) },
  {
    what: 'a concept given a French name',
    kind: 'concept-changed',
    failOn: ['changed', 'concept'],
    edit: (d) => void (d.concepts[0]!.names = { en: 'dodge', fr: 'Esquive' }),
  },
  {
    what: 'a ruling added',
    kind: 'ruling-added',
    failOn: ['added', 'ruling'],
    edit: (d) => void d.rulings.push(ruling('en-2020/leap/q-1', 'Does Leap need a free square to land in?', 'en-2020/leap')),
  },
  { what: 'a ruling removed', kind: 'ruling-removed', failOn: ['removed', 'ruling'], edit: (d) => void d.rulings.pop() },
  { what: 'a ruling re-answered', kind: 'ruling-changed', failOn: ['changed', 'ruling'], edit: (d) => void (d.rulings[0]!.answer = 'No.') },
  {
    what: 'a ruling whose question was reworded (new id)',
    kind: 'ruling-changed',
    failOn: ['changed', 'ruling'],
    edit: (d) => void (d.rulings[0] = { ...d.rulings[0]!, id: 'en-2020/dodge/q-2', question: 'Can a player Dodge out of a Tackle Zone twice in a turn?' }),
  },
  {
    what: 'a random-table slot given another record',
    kind: 'slot-moved',
    failOn: ['changed', 'slot'],
    edit: (d) => void (d.randomTables[0]!.slots[3]!.record = 'en-2020/dodge'),
  },
  {
    what: 'an inducement added',
    kind: 'inducement-added',
    failOn: ['added', 'inducement'],
    edit: (d) => void d.inducements.push(inducement('wandering-apothecary')),
  },
  { what: 'an inducement removed', kind: 'inducement-removed', failOn: ['removed', 'inducement'], edit: (d) => void d.inducements.shift() },
  {
    what: 'an inducement limit changed',
    kind: 'inducement-changed',
    failOn: ['changed', 'inducement'],
    edit: (d) => void (d.inducements[0]!.limits = { max: 3, oncePerGame: false }),
  },
  {
    what: 'a price changed',
    kind: 'price-changed',
    failOn: ['changed', 'price', 'inducement'],
    edit: (d) => void (d.inducements[1]!.priceList!.items[1]!.cost = 35_000),
  },
  { what: 'a league added', kind: 'league-added', failOn: ['added'], edit: (d) => void d.leagues.push(league('sylvanian', 'Sylvanian Spotlight')) },
  { what: 'a league removed', kind: 'league-removed', failOn: ['removed'], edit: (d) => void d.leagues.pop() },
  { what: 'a league renamed', kind: 'league-changed', failOn: ['changed'], edit: (d) => void (d.leagues[0]!.name = 'Old World Classic League') },
  {
    what: 'an id migrated',
    kind: 'migration-added',
    failOn: ['added'],
    edit: (d) =>
      void d.migrations.push({ id: 'en-2020/jump-up', kind: 'record', action: 'deleted', to: null, since: '1.1.0', note: 'Withdrawn before it was printed.' }),
  },
];

const changesOf = (edit: Edit): Change[] => {
  const after = bundle();
  edit(after);
  return compareBundles(bundle(), after).changes;
};

describe('compareBundles against --fail-on', () => {
  it('has a row for every change kind and one catching every --fail-on word, and names only --fail-on words that exist', () => {
    expect([...new Set(TABLE.map((r) => r.kind))].sort()).toEqual([...CHANGE_KINDS].sort());
    for (const r of TABLE) for (const word of r.failOn) expect(Object.keys(FAIL_ON), r.what).toContain(word);
    expect(Object.keys(FAIL_ON).filter((word) => !TABLE.some((r) => r.failOn.includes(word)))).toEqual([]);
  });

  it('reports two identical bundles as no changes', () => {
    expect(compareBundles(bundle(), bundle())).toMatchObject({ changes: [], counts: {} });
  });

  it.each(TABLE)('reports $what as one $kind change, caught by --fail-on $failOn and no other word', ({ kind, failOn, edit }) => {
    const changes = changesOf(edit);
    expect(changes.map((c) => c.kind)).toEqual([kind]);
    const caughtBy = Object.keys(FAIL_ON).filter((word) => FAIL_ON[word]!(changes[0]!));
    expect(caughtBy.sort()).toEqual([...failOn].sort());
  });

  it('counts each change kind as often as it is reported', () => {
    const after = bundle();
    for (const r of TABLE.filter((x) => x.kind === 'crosswalk-changed' || x.kind === 'record-added')) r.edit(after);
    const log = compareBundles(bundle(), after);
    expect(log.counts).toEqual({ 'record-added': 1, 'crosswalk-changed': 1 });
    expect(
      log.changes
        .find((c) => c.kind === 'crosswalk-changed')!
        .fields.map((f) => f.field)
        .sort(),
    ).toEqual(['concept', 'confidence', 'rationale', 'relation']);
  });

  it('leaves provenance out: line numbers moved by an edit above are no change', () => {
    const changes = changesOf((d) => {
      for (const s of d.skills) s.source = source(40);
      d.rulings[0]!.occurrences[0]!.lines = [41, 42];
      d.inducements[1]!.priceList!.items.forEach((x, i) => {
        x.line = 50 + i;
      });
    });
    expect(changes).toEqual([]);
  });
});

describe('renames', () => {
  it('warns when a ruling still names a record that was renamed or removed', () => {
    const before = bundle();
    before.rulings.push(
      ruling('en-2020/r-0000000a', 'Can side-step be used with Leap?', 'en-2020/leap'),
      ruling('en-2020/r-0000000b', 'Does sprint add a square?', 'en-2020/leap'),
    );
    const after = structuredClone(before);
    Object.assign(at(after.skills, 'en-2020/side-step'), { name: 'Side Step', displayName: 'Side Step' });
    after.skills = after.skills.filter((s) => s.id !== 'en-2020/sprint');
    const log = compareBundles(before, after);
    expect(log.warnings).toEqual([
      'ruling en-2020/r-0000000a still names "side-step", renamed to "Side Step"',
      'ruling en-2020/r-0000000b still names "sprint", which was removed',
    ]);
  });

  it('a kept id renamed reports the old and new name in one line, and nothing for its concept', () => {
    const after = bundle();
    Object.assign(at(after.skills, 'en-2020/side-step'), { name: 'Side Step', displayName: 'Side Step' });
    Object.assign(at(after.concepts, 'side-step'), { name: 'Side Step', names: { en: 'Side Step' } });
    const log = compareBundles(bundle(), after);
    expect(log.changes.map((c) => [c.kind, c.summary])).toEqual([['record-renamed', 'en-2020: side-step → Side Step (id en-2020/side-step kept)']]);
  });
});

describe('merges', () => {
  /** Sprint folded into Dodge: its record and row gone, its migration; `concept` also retires its concept into Dodge's. */
  const mergeSprint = (d: DataBundle, options: { concept: boolean }) => {
    d.skills = d.skills.filter((s) => s.id !== 'en-2020/sprint');
    d.crosswalk = d.crosswalk.filter((r) => r.record !== 'en-2020/sprint');
    d.migrations.push({ id: 'en-2020/sprint', kind: 'record', action: 'merged', to: 'en-2020/dodge', since: '1.1.0', note: 'Folded into Dodge.' });
    if (!options.concept) return;
    d.concepts = d.concepts.filter((c) => c.id !== 'sprint');
    d.migrations.push({ id: 'sprint', kind: 'concept', action: 'merged', to: 'dodge', since: '1.1.0', note: 'Folded into Dodge.' });
  };

  it('says what went and where, with the concept that went with it, in one line whose previous id is the merged one', () =>
    expect(changesOf((d) => mergeSprint(d, { concept: true }))).toEqual([
      {
        kind: 'record-merged',
        id: 'en-2020/dodge',
        summary: 'en-2020: sprint merged into dodge (en-2020/sprint → en-2020/dodge; concept sprint merged into dodge)',
        fields: [],
        previous: 'en-2020/sprint',
      },
    ]));

  it('keeps reporting what the survivor itself changed: its text, as a change of its own', () =>
    expect(
      changesOf((d) => {
        mergeSprint(d, { concept: false });
        at(d.skills, 'en-2020/dodge').text = 'dodge text, and sprint text.';
      }).map((c) => [c.kind, c.id]),
    ).toEqual([
      ['record-changed', 'en-2020/dodge'],
      ['record-merged', 'en-2020/dodge'],
    ]));

  it('is not a removal for --fail-on removed, and is major for the release', () => {
    const [merged] = changesOf((d) => mergeSprint(d, { concept: true }));
    expect(FAIL_ON.removed!(merged!)).toBe(false);
    expect(bumpOf(merged!)).toBe('major');
  });

  it('a merge whose migration was published by the release before is no change', () => {
    const before = bundle();
    mergeSprint(before, { concept: true });
    expect(compareBundles(before, structuredClone(before)).changes).toEqual([]);
  });

  it('warns that a ruling still names the merged record, and where it went', () => {
    const before = bundle();
    before.rulings.push(ruling('en-2020/r-0000000c', 'Does sprint stack with Dodge?', 'en-2020/dodge'));
    const after = structuredClone(before);
    mergeSprint(after, { concept: true });
    expect(compareBundles(before, after).warnings).toContain('ruling en-2020/r-0000000c still names "sprint", merged into "dodge"');
  });

  it("asks for a review of the survivor's crosswalk row when it is as it was before the merge, and not once it moved", () => {
    const before = bundle();
    for (const r of before.crosswalk) r.declaredBy = 'editor';
    const after = structuredClone(before);
    mergeSprint(after, { concept: true });
    expect(compareBundles(before, after).warnings).toEqual([
      'en-2020/dodge took in en-2020/sprint, but its crosswalk row (rationale and summary) is as it was before the merge: review it',
    ]);
    after.crosswalk.find((r) => r.record === 'en-2020/dodge')!.summary = 'Dodge now also lets the player Sprint.';
    expect(compareBundles(before, after).warnings).toEqual([]);
  });

  it('a merge into a record of neither build, or from a record the previous build lacked, stays a removal and a migration', () =>
    expect(
      changesOf((d) => {
        d.skills = d.skills.filter((s) => s.id !== 'en-2020/sprint');
        d.migrations.push({ id: 'en-2020/sprint', kind: 'record', action: 'merged', to: 'en-2020/nowhere', since: '1.1.0', note: 'x' });
      }).map((c) => c.kind),
    ).toEqual(['record-removed', 'migration-added']));
});

/** The price-list changes when the list's items become `items`. */
const priceChanges = (items: (list: PriceItem[]) => PriceItem[]): Change[] =>
  changesOf((d) => {
    const list = d.inducements[1]!.priceList!;
    // Every line moves, as it does when a bullet is inserted above.
    list.items = items(list.items.map((x) => ({ ...x }))).map((x, i) => ({ ...x, line: 100 + i }));
  });

const NEW = item('One extraordinary skill : +50K', 50_000);
const POSITIONS = { start: 0, middle: Math.floor(ITEMS.length / 2), end: ITEMS.length } as const;

describe('price-list items, aligned by content', () => {
  it.each(Object.entries(POSITIONS))('reports one item inserted at the %s as one added item, and nothing else', (_where, index) => {
    const changes = priceChanges((list) => [...list.slice(0, index), NEW, ...list.slice(index)]);
    expect(changes).toHaveLength(1);
    expect(changes[0]!.kind).toBe('price-changed');
    expect(changes[0]!.fields).toEqual([{ field: 'item', before: null, after: expect.objectContaining({ text: NEW.text, cost: NEW.cost }), words: null }]);
    expect(changes[0]!.summary).toMatch(new RegExp(`item ${index + 1} \\("${NEW.text.replace(/[+]/g, '\\+')}"\\): added$`));
  });

  it.each(Object.entries(POSITIONS).map(([where, index]) => [where, Math.min(index, ITEMS.length - 1)] as const))(
    'reports one item removed at the %s as one removed item, and nothing else',
    (_where, index) => {
      const gone = ITEMS[index]!;
      const changes = priceChanges((list) => list.filter((_, i) => i !== index));
      expect(changes).toHaveLength(1);
      expect(changes[0]!.fields).toEqual([{ field: 'item', before: expect.objectContaining({ text: gone.text, cost: gone.cost }), after: null, words: null }]);
      expect(changes[0]!.summary).toMatch(/\): removed$/);
      expect(changes[0]!.summary).toContain(gone.text);
    },
  );

  it('reports a cost changed in place as one change of that item, with its old and new cost', () => {
    const changes = priceChanges((list) => list.map((x, i) => (i === 2 ? { ...x, cost: 45_000, text: 'One strength skill : +45K' } : x)));
    expect(changes).toHaveLength(1);
    expect(changes[0]!.fields.find((f) => f.field === 'cost')).toEqual({ field: 'cost', before: ITEMS[2]!.cost, after: 45_000, words: null });
    expect(changes[0]!.summary).toContain('+45K');
  });

  it('reports an item inserted and another changed in one list as exactly those two changes', () => {
    const changes = priceChanges((list) => [list[0]!, NEW, list[1]!, list[2]!, { ...list[3]!, cost: 99_000 }, list[4]!]);
    expect(changes.map((c) => c.fields.map((f) => f.field))).toEqual(expect.arrayContaining([['item'], ['cost']]));
    expect(changes).toHaveLength(2);
  });

  it('reports a bullet inserted right above a price that changed as one item added and one cost changed', () => {
    const strength = { ...NEW, text: 'One only strength skill : +50K', category: 'strength' as const };
    const changes = priceChanges((list) => [
      list[0]!,
      list[1]!,
      strength,
      { ...list[2]!, cost: 45_000, text: 'One strength skill : +45K' },
      list[3]!,
      list[4]!,
    ]);
    expect(changes.map((c) => c.fields.map((f) => f.field))).toEqual([['item'], ['text', 'cost']]);
    expect(changes[0]!.fields[0]!.after).toEqual(expect.objectContaining({ text: strength.text }));
    expect(changes[1]!.fields.find((f) => f.field === 'cost')).toEqual({ field: 'cost', before: ITEMS[2]!.cost, after: 45_000, words: null });
  });

  it('reports a list that became empty as every item removed, and a new list as every item added', () => {
    expect(priceChanges(() => []).map((c) => c.fields[0]!.after)).toEqual(ITEMS.map(() => null));
    const empty = bundle();
    empty.inducements[1]!.priceList!.items = [];
    const added = compareBundles(empty, bundle()).changes;
    expect(added.map((c) => (c.fields[0]!.after as PriceItem).text)).toEqual(ITEMS.map((x) => x.text));
  });

  it('gives each reported item a distinct id, even a removed item at the position of an added one', () => {
    // Two added at 2 and 3, and the old third item removed.
    const changes = priceChanges((list) => [list[0]!, NEW, { ...NEW, text: 'One more', cost: 1 }, list[1]!, ...list.slice(3)]);
    expect(changes.map((c) => c.fields[0]!.field)).toEqual(['item', 'item', 'item']);
    expect(new Set(changes.map((c) => c.id)).size).toBe(3);
  });
});
