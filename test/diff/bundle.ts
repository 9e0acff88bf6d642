/** Small literal bundles for the diff tests: six skills with their concepts and crosswalk rows, a ruling, a table, two inducements (one a price list), a league. */
import type { DataBundle } from '../../pipeline/model/dataset.ts';
import type { Concept, CrosswalkRow, Inducement, League, PriceItem, RandomTable, Ruling, Skill } from '../../pipeline/model/schema-types.ts';

export const source = (line: number) => ({ id: 'test-source', lines: [line, line] as [number, number], errata: [] });

export const skill = (slug: string, text = `${slug} text, the rule as printed.`): Skill => ({
  id: `en-2020/${slug}`,
  edition: 'en-2020',
  lang: 'en',
  name: slug,
  displayName: slug,
  parameter: null,
  compulsory: false,
  kind: 'skill',
  category: 'agility',
  text,
  games: ['blood-bowl'],
  randomSlots: [],
  rulings: [],
  concept: slug,
  source: source(1),
});

export const concept = (slug: string): Concept => ({
  id: slug,
  name: slug,
  names: { en: slug },
  kind: 'skill',
  category: 'agility',
  compulsory: false,
  compulsoryFrom: `en-2020/${slug}`,
  records: [`en-2020/${slug}`],
  relations: [],
});

export const row = (slug: string): CrosswalkRow => ({
  record: `en-2020/${slug}`,
  concept: slug,
  relation: 'same',
  confidence: 'high',
  rationale: 'defines the concept',
  summary: null,
  declaredBy: 'source',
  related: [],
  falseFriend: null,
});

export const ruling = (id: string, question: string, record: string): Ruling => ({
  id,
  edition: 'en-2020',
  question,
  answer: 'Yes.',
  pages: [],
  pageNote: null,
  records: [record],
  occurrences: [{ record, lines: [2, 3] }],
  source: source(2),
});

const table = (records: readonly string[]): RandomTable => ({
  id: 'en-2020/blood-bowl/agility',
  edition: 'en-2020',
  game: 'blood-bowl',
  category: 'agility',
  slots: records.map((record, i) => ({ roll: i < 6 ? '1-3' : '4-6', d6: (i % 6) + 1, record, vacancy: null })),
});

export const item = (text: string, cost: number, line = 1): PriceItem => ({
  kind: 'skill-category',
  line,
  text,
  category: 'general',
  count: { min: 1, max: 1 },
  except: [],
  skills: [],
  changes: [],
  removes: [],
  cost,
  per: 'item',
  minimumCost: null,
  leagues: null,
});

export const inducement = (slug: string, items: PriceItem[] | null = null): Inducement => ({
  id: `notes/${slug}`,
  edition: 'notes',
  name: slug,
  kind: items ? 'price-list' : 'inducement',
  text: `${slug}: up to 2 per game.`,
  abilities: [],
  spells: [],
  limits: { max: 2, oncePerGame: false },
  costs: [],
  priceList: items ? { minimumCost: null, items } : null,
  mentions: [],
  confidence: 'high',
  note: 'named by the test',
  blocks: [],
  source: source(1),
});

export const league = (id: string, name: string): League => ({ id, name, aliases: [{ text: name, lines: [1] }] });

export const ITEMS = [
  'One general skill : +20K',
  'One agility skill : +30K',
  'One strength skill : +40K',
  'One passing skill : +25K',
  'One mutation : +30K',
].map((text, i) => item(text, 20_000 + i * 1000, 10 + i));

/** A small dataset: two skills with concepts and crosswalk rows, a ruling, a table, an inducement, a price list, a league. */
export function bundle(): DataBundle {
  const slugs = ['dodge', 'leap', 'sprint', 'sure-feet', 'side-step', 'diving-tackle'];
  return {
    meta: { datasetVersion: '1.0.0', schemaVersion: '2.1.0', sources: [], files: [] },
    editions: [],
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
