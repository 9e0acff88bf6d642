/**
 * The dataset as the pages use it: every collection loaded once, with the
 * look-ups the pages need (record by id, concept by id, crosswalk row by
 * record, rulings by concept, …). Types are the published ones
 * (dist/data/types.d.ts, the same file as pipeline/model/schema-types.ts).
 */
import { getCollection } from 'astro:content';
import { nameKey } from '../../../pipeline/model/fold.ts';
import { BASE_PARSER, type DataBundle } from '../../../pipeline/model/dataset.ts';
import type {
  Concept,
  CrosswalkRow,
  Edition,
  Inducement,
  League,
  MetaFile,
  NameEntry,
  RandomTable,
  Ruling,
  Skill,
} from '../../../pipeline/model/schema-types.ts';

export type { Concept, Inducement, Skill };

/** The published files the pages read (every one but migrations.json), with look-ups. */
export interface Dataset extends Omit<DataBundle, 'migrations'> {
  /** Other spellings of a concept (names.json), one per matching key, without its names in either language: what readers may search for. */
  aliasesOf: (conceptId: string) => string[];
  skill: (id: string) => Skill;
  concept: (id: string) => Concept;
  edition: (id: string) => Edition;
  editionBySource: (sourceId: string) => Edition | undefined;
  row: (recordId: string) => CrosswalkRow | undefined;
  ruling: (id: string) => Ruling;
  league: (id: string) => League | undefined;
  /** The concepts a ruling is about (through its records), sorted by id. */
  rulingConcepts: (ruling: Ruling) => string[];
  /** Rulings about a concept, sorted by id. */
  conceptRulings: (conceptId: string) => Ruling[];
  /** The id of the reference edition of the crosswalk (the one pipeline/model/dataset.ts BASE_PARSER reads: English 2020). */
  baseEdition: string;
  /** Skill editions (those with records), in id order. */
  skillEditions: Edition[];
}

// The collections have no zod schema (the loader validates against the
// published JSON Schemas), so their entries are typed here.
async function load<T>(name: string): Promise<T[]> {
  return ((await getCollection(name as never)) as { data: unknown }[]).map((entry) => entry.data as T);
}

function index<T>(items: readonly T[], key: (item: T) => string, what: string): (id: string) => T {
  const map = new Map(items.map((item) => [key(item), item]));
  return (id) => {
    const found = map.get(id);
    if (!found) throw new Error(`no ${what} ${id} in the dataset`);
    return found;
  };
}

const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

let cached: Promise<Dataset> | undefined;
/** The dataset, built once per site build; in dev (`nuffle dev`) per page, so a reloaded file shows at once. */
export function dataset(): Promise<Dataset> {
  if ((import.meta as { env?: { DEV?: boolean } }).env?.DEV) return build();
  cached ??= build();
  return cached;
}

async function build(): Promise<Dataset> {
  const [metaList, editions, skills, rulings, randomTables, concepts, crosswalk, inducements, leagues, names] = await Promise.all([
    load<MetaFile>('meta'),
    load<Edition>('editions'),
    load<Skill>('skills'),
    load<Ruling>('rulings'),
    load<RandomTable>('randomTables'),
    load<Concept>('concepts'),
    load<CrosswalkRow>('crosswalk'),
    load<Inducement>('inducements'),
    load<League>('leagues'),
    load<NameEntry>('names'),
  ]);
  for (const list of [editions, skills, rulings, randomTables, concepts, inducements, leagues] as { id: string }[][]) list.sort(byId);
  crosswalk.sort((a, b) => (a.record < b.record ? -1 : 1));
  const meta = metaList[0];
  if (!meta) throw new Error('meta.json: no dataset metadata');
  const skill = index(skills, (s) => s.id, 'record');
  const rows = new Map(crosswalk.map((r) => [r.record, r]));
  const rulingConceptsMap = new Map<string, string[]>();
  const conceptRulingsMap = new Map<string, Ruling[]>();
  for (const ruling of rulings) {
    const ids = [...new Set(ruling.records.map((r) => skill(r).concept).filter((c): c is string => c !== null))].sort();
    rulingConceptsMap.set(ruling.id, ids);
    for (const id of ids) conceptRulingsMap.set(id, [...(conceptRulingsMap.get(id) ?? []), ruling]);
  }
  const leaguesMap = new Map(leagues.map((l) => [l.id, l]));
  const sources = new Map(editions.map((e) => [e.source, e]));
  const base = editions.find((e) => e.parser === BASE_PARSER);
  if (!base) throw new Error(`editions.json: no edition read by the ${BASE_PARSER} parser, the crosswalk's reference`);
  const withRecords = new Set(skills.map((s) => s.edition));
  return {
    meta,
    editions,
    skills,
    rulings,
    randomTables,
    concepts,
    crosswalk,
    inducements,
    leagues,
    names,
    aliasesOf: aliasesOf(concepts, names),
    skill,
    concept: index(concepts, (c) => c.id, 'concept'),
    edition: index(editions, (e) => e.id, 'edition'),
    editionBySource: (id) => sources.get(id),
    row: (id) => rows.get(id),
    ruling: index(rulings, (r) => r.id, 'ruling'),
    league: (id) => leaguesMap.get(id),
    rulingConcepts: (ruling) => rulingConceptsMap.get(ruling.id) ?? [],
    conceptRulings: (id) => conceptRulingsMap.get(id) ?? [],
    baseEdition: base.id,
    skillEditions: editions.filter((e) => withRecords.has(e.id)),
  };
}

/**
 * A concept's other spellings for readers and the search index: record names
 * of every edition and reviewed aliases, one per matching key, never a key its
 * English or French name already has, and never a retired id.
 */
function aliasesOf(concepts: readonly Concept[], names: readonly NameEntry[]): (conceptId: string) => string[] {
  const keys = new Map(concepts.map((c) => [c.id, new Set([c.names.en, c.names.fr].filter((n): n is string => !!n).map(nameKey))]));
  const byConcept = new Map<string, string[]>();
  // Names the sources print before reviewed aliases.
  const ordered = [...names.filter((n) => n.source === 'record'), ...names.filter((n) => n.source === 'curated')];
  for (const entry of ordered) {
    const taken = keys.get(entry.concept);
    if (!taken || taken.has(entry.folded) || entry.alias.includes('(')) continue;
    taken.add(entry.folded);
    byConcept.set(entry.concept, [...(byConcept.get(entry.concept) ?? []), entry.alias]);
  }
  return (id) => byConcept.get(id) ?? [];
}
