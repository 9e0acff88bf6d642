/**
 * What the pages get from the dataset (site/src/lib/dataset-index.ts), on
 * collections' entries written out here, in the wrong order on purpose: the
 * sorted lists, each look-up, the links between rulings and concepts, and the
 * aliases readers may search for. One behaviour each.
 */
import { describe, expect, it } from 'vitest';
import type { Edition, NameEntry } from '../../pipeline/model/schema-types.ts';
import { type DatasetEntries, indexDataset } from '../../site/src/lib/dataset-index.ts';
import { concept, inducement, league, row, ruling, skill } from '../diff/bundle.ts';

const edition = (id: string, parser: string, source = `${id}-source`): Edition => ({
  id,
  label: id,
  year: 2020,
  circa: false,
  status: 'superseded',
  lang: 'en',
  source,
  file: `sources/raw/${id}.txt`,
  sha256: '0'.repeat(64),
  parser,
  note: 'written by the test',
  records: 0,
  rulings: 0,
});

const name = (alias: string, folded: string, conceptId: string, source: NameEntry['source']): NameEntry => ({
  alias,
  folded,
  concept: conceptId,
  lang: 'en',
  source,
  record: null,
});

const META = { datasetVersion: '1.0.0', schemaVersion: '3.0.0', releaseDate: null, sources: [], files: [] };

/** Two editions (the reference one second), three skills, two rulings, in reverse id order. */
function entries(): DatasetEntries {
  return {
    meta: [META],
    editions: [edition('fr-legacy', 'fr-legacy'), edition('en-2020', 'en-2020'), edition('en-2016', 'en-2016')],
    skills: [skill('sprint'), skill('leap'), skill('dodge')],
    rulings: [ruling('en-2020/q-2', 'Leap?', 'en-2020/leap'), ruling('en-2020/q-1', 'Dodge?', 'en-2020/dodge')],
    randomTables: [
      { id: 'en-2020/blood-bowl/general', edition: 'en-2020', game: 'blood-bowl', category: 'general', slots: [] },
      { id: 'en-2020/blood-bowl/agility', edition: 'en-2020', game: 'blood-bowl', category: 'agility', slots: [] },
    ],
    concepts: [concept('sprint'), concept('leap'), concept('dodge')],
    crosswalk: [row('sprint'), row('leap'), row('dodge')],
    inducements: [inducement('wizard'), inducement('bribe')],
    leagues: [league('sylvanian', 'Sylvanian Spotlight'), league('old-world', 'Old World Classic')],
    names: [],
  };
}
const ids = (list: readonly { id: string }[]) => list.map((x) => x.id);
const withSkills = (skills: DatasetEntries['skills']) => ({ ...entries(), skills, rulings: [] });

describe('the lists', () => {
  it('sorts every list by id', () => {
    const data = indexDataset(entries());
    expect([data.editions, data.skills, data.rulings, data.randomTables, data.concepts, data.inducements, data.leagues].map(ids)).toEqual([
      ['en-2016', 'en-2020', 'fr-legacy'],
      ['en-2020/dodge', 'en-2020/leap', 'en-2020/sprint'],
      ['en-2020/q-1', 'en-2020/q-2'],
      ['en-2020/blood-bowl/agility', 'en-2020/blood-bowl/general'],
      ['dodge', 'leap', 'sprint'],
      ['notes/bribe', 'notes/wizard'],
      ['old-world', 'sylvanian'],
    ]);
  });
  it('sorts the crosswalk by record', () =>
    expect(indexDataset(entries()).crosswalk.map((r) => r.record)).toEqual(['en-2020/dodge', 'en-2020/leap', 'en-2020/sprint']));
  it('sorts by code point, capitals first, as every published list is', () =>
    expect(ids(indexDataset(withSkills([skill('b'), skill('a'), skill('B')])).skills)).toEqual(['en-2020/B', 'en-2020/a', 'en-2020/b']));
  it('leaves the entries it is given in their order', () => {
    const given = entries();
    indexDataset(given);
    expect([ids(given.skills), given.crosswalk.map((r) => r.record)]).toEqual([
      ['en-2020/sprint', 'en-2020/leap', 'en-2020/dodge'],
      ['en-2020/sprint', 'en-2020/leap', 'en-2020/dodge'],
    ]);
  });
  it('gives the names as the collection holds them', () => {
    const names = [name('Sidestep', 'sidestep', 'dodge', 'curated'), name('Ag', 'ag', 'dodge', 'record')];
    expect(indexDataset({ ...entries(), names }).names).toEqual(names);
  });
  it('takes the metadata from the one entry of meta.json', () => expect(indexDataset(entries()).meta).toEqual(META));
  it('fails without the metadata', () => expect(() => indexDataset({ ...entries(), meta: [] })).toThrow('meta.json: no dataset metadata'));
});

describe('the editions', () => {
  it('takes as the reference the edition the en-2020 parser read, wherever it is in the list', () =>
    expect(indexDataset(entries()).baseEdition).toBe('en-2020'));
  it('fails without an edition read by the en-2020 parser', () =>
    expect(() => indexDataset({ ...entries(), editions: [edition('fr-legacy', 'fr-legacy')] })).toThrow(
      "editions.json: no edition read by the en-2020 parser, the crosswalk's reference",
    ));
  it('lists as skill editions only those with records, in id order', () =>
    expect(ids(indexDataset(withSkills([skill('dodge'), { ...skill('esquive'), id: 'fr-legacy/esquive', edition: 'fr-legacy' }])).skillEditions)).toEqual([
      'en-2020',
      'fr-legacy',
    ]));
  it('finds an edition by id', () => expect(indexDataset(entries()).edition('en-2016').parser).toBe('en-2016'));
  it('finds an edition by its source', () => expect(indexDataset(entries()).editionBySource('fr-legacy-source')?.id).toBe('fr-legacy'));
  it('finds no edition for an unknown source', () => expect(indexDataset(entries()).editionBySource('other')).toBeUndefined());
});

describe('the look-ups', () => {
  it('finds a record by id', () => expect(indexDataset(entries()).skill('en-2020/leap').name).toBe('leap'));
  it('finds a concept by id', () => expect(indexDataset(entries()).concept('sprint').name).toBe('sprint'));
  it('finds a ruling by id', () => expect(indexDataset(entries()).ruling('en-2020/q-2').question).toBe('Leap?'));
  it('finds a league by id', () => expect(indexDataset(entries()).league('sylvanian')?.name).toBe('Sylvanian Spotlight'));
  it('finds no league for an unknown id', () => expect(indexDataset(entries()).league('lustria')).toBeUndefined());
  it('finds the crosswalk row of a record', () => expect(indexDataset(entries()).row('en-2020/sprint')?.concept).toBe('sprint'));
  it('finds no crosswalk row for a record without one', () => expect(indexDataset(entries()).row('en-2020/block')).toBeUndefined());
  it.each([
    ['record', (d: ReturnType<typeof indexDataset>) => d.skill('en-2020/block')],
    ['concept', (d: ReturnType<typeof indexDataset>) => d.concept('block')],
    ['edition', (d: ReturnType<typeof indexDataset>) => d.edition('en-2011')],
    ['ruling', (d: ReturnType<typeof indexDataset>) => d.ruling('en-2020/q-9')],
  ])('fails the page that asks for an unknown %s, naming it', (what, lookUp) => {
    const data = indexDataset(entries());
    expect(() => lookUp(data)).toThrow(/^no \S+ \S+ in the dataset$/);
    expect(() => lookUp(data)).toThrow(`no ${what} `);
  });
});

describe('rulings and concepts', () => {
  const linked = () => {
    const data = entries();
    data.skills.push({ ...skill('unlinked'), concept: null });
    data.rulings = [
      { ...ruling('en-2020/q-3', 'Both?', 'en-2020/sprint'), records: ['en-2020/sprint', 'en-2020/unlinked', 'en-2020/dodge', 'en-2020/sprint'] },
      ...data.rulings,
    ];
    return indexDataset(data);
  };
  it('gives the concepts of a ruling through its records, once each, sorted, without a record that has no concept', () => {
    const data = linked();
    expect(data.rulingConcepts(data.ruling('en-2020/q-3'))).toEqual(['dodge', 'sprint']);
  });
  it('gives a concept its rulings in id order', () => expect(ids(linked().conceptRulings('dodge'))).toEqual(['en-2020/q-1', 'en-2020/q-3']));
  it('gives a concept no ruling is about no rulings', () => expect(linked().conceptRulings('block')).toEqual([]));
  it('gives a ruling it does not know no concepts', () => expect(linked().rulingConcepts(ruling('en-2020/q-9', 'New?', 'en-2020/dodge'))).toEqual([]));
  it('fails when a ruling names a record the dataset lacks', () =>
    expect(() => indexDataset({ ...entries(), rulings: [ruling('en-2020/q-1', 'Block?', 'en-2020/block')] })).toThrow(
      'no record en-2020/block in the dataset',
    ));
});

describe('the aliases readers may search for', () => {
  const aliases = (names: NameEntry[], conceptId = 'dodge') => {
    const data = entries();
    data.concepts = [{ ...concept('dodge'), names: { en: 'Dodge', fr: 'Esquive' } }, concept('leap')];
    return indexDataset({ ...data, names }).aliasesOf(conceptId);
  };
  it('lists the names the records print', () => expect(aliases([name('Dodging', 'dodging', 'dodge', 'record')])).toEqual(['Dodging']));
  it('lists reviewed aliases', () => expect(aliases([name('Sidestep', 'sidestep', 'dodge', 'curated')])).toEqual(['Sidestep']));
  it('lists printed names before reviewed aliases', () =>
    expect(aliases([name('Sidestep', 'sidestep', 'dodge', 'curated'), name('Dodging', 'dodging', 'dodge', 'record')])).toEqual(['Dodging', 'Sidestep']));
  it('lists abbreviations, after printed names and reviewed aliases (the "Also written" line: MB)', () =>
    expect(
      aliases([name('DG', 'dg', 'dodge', 'abbreviation'), name('Sidestep', 'sidestep', 'dodge', 'curated'), name('Dodging', 'dodging', 'dodge', 'record')]),
    ).toEqual(['Dodging', 'Sidestep', 'DG']));
  it('keeps one spelling per matching key, the first printed', () =>
    expect(
      aliases([
        name('Side-Step', 'sidestep', 'dodge', 'record'),
        name('Side Step', 'sidestep', 'dodge', 'record'),
        name('Sidestep', 'sidestep', 'dodge', 'curated'),
      ]),
    ).toEqual(['Side-Step']));
  it('leaves out a spelling of its English name', () => expect(aliases([name('DODGE', 'dodge', 'dodge', 'record')])).toEqual([]));
  it('leaves out a spelling of its French name', () => expect(aliases([name('esquive', 'esquive', 'dodge', 'record')])).toEqual([]));
  it('leaves out a spelling with a parameter in brackets', () => expect(aliases([name('Dodge (3+)', 'dodge3', 'dodge', 'record')])).toEqual([]));
  it('leaves out retired ids and the concept names themselves', () =>
    expect(aliases([name('old-dodge', 'olddodge', 'dodge', 'retired'), name('Ausweichen', 'ausweichen', 'dodge', 'concept')])).toEqual([]));
  it('lists each alias under its own concept', () =>
    expect(aliases([name('Jump', 'jump', 'leap', 'record'), name('Dodging', 'dodging', 'dodge', 'record')], 'leap')).toEqual(['Jump']));
  it('lists none for a concept the dataset lacks', () => expect(aliases([name('Blocking', 'blocking', 'block', 'record')], 'block')).toEqual([]));
  it('lists none for a concept without aliases', () => expect(aliases([name('Dodging', 'dodging', 'dodge', 'record')], 'leap')).toEqual([]));
  it('takes the French name as missing when a concept has none', () =>
    expect(aliases([name('Leaping', 'leaping', 'leap', 'record'), name('leap', 'leap', 'leap', 'record')], 'leap')).toEqual(['Leaping']));
});
