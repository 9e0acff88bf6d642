/**
 * Literal records for the unit tests' small datasets: every field of its
 * schema type written out, in the schema's order, with plain values. The diff
 * tests' bundle (test/diff/bundle.ts) is built of them, and so are the plain
 * parts of the emitters' dataset (test/emit/literal-bundle.ts, whose other
 * records spell out values that differ from their neighbours). A field the
 * schema gains is added here once.
 */
import type { Concept, CrosswalkRow, Edition, Inducement, League, PriceItem, Ruling, Skill } from '../pipeline/model/schema-types.ts';

/** An edition of the rules: its id, label, year and status (`circa` for an approximate year); English, with a neutral source. */
export const edition = (id: string, label: string, year: number, status: Edition['status'], circa = false): Edition => ({
  id,
  label,
  year,
  circa,
  status,
  lang: 'en',
  source: `${id}-source`,
  file: `sources/raw/${id}.txt`,
  sha256: '0'.repeat(64),
  parser: 'en-2020',
  note: `The ${label} text.`,
  records: 1,
  rulings: 0,
});

export const source = (line: number) => ({ id: 'test-source', lines: [line, line] as [number, number], errata: [] });

/** An English 2020 agility skill named by its slug, defining the concept of that slug. */
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
  frenchName: null,
  kind: 'skill',
  category: 'agility',
  compulsory: false,
  compulsoryFrom: `en-2020/${slug}`,
  records: [`en-2020/${slug}`],
  relations: [],
});

/** A record's crosswalk row: it defines its concept, as the source says. */
export const row = (slug: string): CrosswalkRow => ({
  record: `en-2020/${slug}`,
  concept: slug,
  relation: 'same',
  confidence: 'high',
  rationale: 'defines the concept',
  summary: null,
  summaryFr: null,
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

/** A price-list item: by default one general skill, one or two of them, for 20,000 gp each. */
export const priceItem = (fields: Partial<PriceItem> = {}): PriceItem => ({
  kind: 'skill-category',
  line: 40,
  text: 'One general skill : +20K',
  category: 'general',
  count: { min: 1, max: 2 },
  except: [],
  skills: [],
  changes: [],
  removes: [],
  cost: 20_000,
  per: 'item',
  minimumCost: null,
  leagues: null,
  ...fields,
});

/** An inducement of the notes; a price list when it has items. */
export const inducement = (slug: string, items: PriceItem[] | null = null): Inducement => ({
  id: `notes/${slug}`,
  edition: 'notes',
  name: slug,
  nameFr: null,
  kind: items ? 'price-list' : 'inducement',
  text: `${slug}: up to 2 per game.`,
  abilities: [],
  spells: [],
  limits: { max: 2, oncePerGame: false },
  costs: [],
  priceList: items ? { minimumCost: null, items } : null,
  priceStated: items !== null && items.length > 0,
  mentions: [],
  confidence: 'high',
  note: 'named by the test',
  blocks: [],
  source: source(1),
});

export const league = (id: string, name: string): League => ({ id, name, aliases: [{ text: name, lines: [1] }] });
