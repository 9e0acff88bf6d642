/** Small literal bundles for the diff tests: three editions (the 2025 rules current), six skills with their concepts and crosswalk rows, a ruling, a table, two inducements (one a price list), a league. */
import type { DataBundle } from '../../pipeline/model/dataset.ts';
import type { PriceItem, RandomTable } from '../../pipeline/model/schema-types.ts';
import { concept, edition, inducement, league, priceItem, row, ruling, skill } from '../literal-fixtures.ts';

// The records' builders, for the tests that import them from here.
export { concept, edition, inducement, league, row, ruling, skill, source } from '../literal-fixtures.ts';

const table = (records: readonly string[]): RandomTable => ({
  id: 'en-2020/blood-bowl/agility',
  edition: 'en-2020',
  game: 'blood-bowl',
  category: 'agility',
  slots: records.map((record, i) => ({ roll: i < 6 ? '1-3' : '4-6', d6: (i % 6) + 1, record, vacancy: null })),
});

/** One item of the test's price list, one of its kind. */
export const item = (text: string, cost: number, line = 1): PriceItem => priceItem({ line, text, count: { min: 1, max: 1 }, cost });

export const ITEMS = [
  'One general skill : +20K',
  'One agility skill : +30K',
  'One strength skill : +40K',
  'One passing skill : +25K',
  'One mutation : +30K',
].map((text, i) => item(text, 20_000 + i * 1000, 10 + i));

/** A small dataset: three editions, six skills with concepts and crosswalk rows, a ruling, a table, an inducement, a price list, a league. */
export function bundle(): DataBundle {
  const slugs = ['dodge', 'leap', 'sprint', 'sure-feet', 'side-step', 'diving-tackle'];
  return {
    meta: { datasetVersion: '1.0.0', schemaVersion: '2.1.0', releaseDate: null, sources: [], files: [] },
    editions: [
      edition('en-2020', 'Blood Bowl 2020 (English)', 2020, 'superseded'),
      edition('en-traits-alt', 'Blood Bowl 2025 traits (English)', 2025, 'current'),
      { ...edition('fr-legacy', 'Compétences, édition ancienne (français)', 2006, 'superseded', true), lang: 'fr' },
    ],
    skills: slugs.map((s) => skill(s)),
    rulings: [ruling('en-2020/dodge/q-1', 'Can a player Dodge out of a Tackle Zone twice in one turn?', 'en-2020/dodge')],
    randomTables: [table([...slugs, ...slugs].map((slug) => `en-2020/${slug}`))],
    concepts: slugs.map(concept),
    crosswalk: slugs.map(row),
    inducements: [inducement('bribe'), inducement('mercenary-prices', structuredClone(ITEMS))],
    leagues: [league('old-world', 'Old World Classic')],
    migrations: [],
    names: [],
  };
}

export type Edit = (data: DataBundle) => void;
export const at = <T extends { id: string }>(list: T[], id: string): T => list.find((x) => x.id === id)!;
