/**
 * The dataset as the pages use it, from the entries of the content layer's
 * collections (one list per published file): every list sorted, with the
 * look-ups the pages need (record by id, concept by id, crosswalk row by
 * record, rulings by concept, …). A pure function of the entries, so that it
 * is tested on literal data; site/src/lib/dataset.ts reads the collections
 * (`astro:content`) and hands them here. Types are the published ones
 * (dist/data/types.d.ts, the same file as pipeline/model/schema-types.ts).
 */
import { BASE_PARSER, type DataBundle } from '../../../pipeline/model/dataset.ts';
import { nameKey } from '../../../pipeline/model/fold.ts';
import { byId, compare } from '../../../pipeline/model/order.ts';
import type { Concept, CrosswalkRow, Edition, League, MetaFile, NameEntry, Ruling, Skill } from '../../../pipeline/model/schema-types.ts';

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

/** The collections' entries, in any order: one list per published file the pages read; meta.json is a list of its one entry. */
export interface DatasetEntries extends Omit<DataBundle, 'migrations' | 'meta'> {
  meta: readonly MetaFile[];
}

/** A look-up by id that fails the build, naming what is missing, when a page asks for an id the dataset lacks. */
function index<T>(items: readonly T[], key: (item: T) => string, what: string): (id: string) => T {
  const map = new Map(items.map((item) => [key(item), item]));
  return (id) => {
    const found = map.get(id);
    if (!found) throw new Error(`no ${what} ${id} in the dataset`);
    return found;
  };
}

/** Each ruling's concepts (through its records, sorted), and each concept's rulings (in ruling order). */
function rulingLinks(rulings: readonly Ruling[], skill: (id: string) => Skill) {
  const conceptsOf = new Map<string, string[]>();
  const rulingsOf = new Map<string, Ruling[]>();
  for (const ruling of rulings) {
    const ids = [...new Set(ruling.records.map((r) => skill(r).concept).filter((c): c is string => c !== null))].sort(compare);
    conceptsOf.set(ruling.id, ids);
    for (const id of ids) rulingsOf.set(id, [...(rulingsOf.get(id) ?? []), ruling]);
  }
  return { rulingConcepts: (ruling: Ruling) => conceptsOf.get(ruling.id) ?? [], conceptRulings: (id: string) => rulingsOf.get(id) ?? [] };
}

/** The dataset the pages read, from the collections' entries (which it does not change). */
export function indexDataset(entries: DatasetEntries): Dataset {
  const [editions, skills, rulings, randomTables, concepts, inducements, leagues] = [
    [...entries.editions].sort(byId),
    [...entries.skills].sort(byId),
    [...entries.rulings].sort(byId),
    [...entries.randomTables].sort(byId),
    [...entries.concepts].sort(byId),
    [...entries.inducements].sort(byId),
    [...entries.leagues].sort(byId),
  ];
  const crosswalk = [...entries.crosswalk].sort((a, b) => compare(a.record, b.record));
  const meta = entries.meta[0];
  if (!meta) throw new Error('meta.json: no dataset metadata');
  const skill = index(skills, (s) => s.id, 'record');
  const rows = new Map(crosswalk.map((r) => [r.record, r]));
  const leaguesById = new Map(leagues.map((l) => [l.id, l]));
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
    names: entries.names,
    aliasesOf: aliasesOf(concepts, entries.names),
    skill,
    concept: index(concepts, (c) => c.id, 'concept'),
    edition: index(editions, (e) => e.id, 'edition'),
    editionBySource: (id) => sources.get(id),
    row: (id) => rows.get(id),
    ruling: index(rulings, (r) => r.id, 'ruling'),
    league: (id) => leaguesById.get(id),
    ...rulingLinks(rulings, skill),
    baseEdition: base.id,
    skillEditions: editions.filter((e) => withRecords.has(e.id)),
  };
}

/**
 * A concept's other spellings for readers and the search index: record names
 * of every edition, reviewed aliases and abbreviations, one per matching key, never a key its
 * English or French name already has, and never a retired id.
 */
function aliasesOf(concepts: readonly Concept[], names: readonly NameEntry[]): (conceptId: string) => string[] {
  const keys = new Map(concepts.map((c) => [c.id, new Set([c.names.en, c.names.fr].filter((n): n is string => !!n).map(nameKey))]));
  const byConcept = new Map<string, string[]>();
  // Names the sources print before reviewed aliases, and those before abbreviations.
  const ordered = (['record', 'curated', 'abbreviation'] as const).flatMap((source) => names.filter((n) => n.source === source));
  for (const entry of ordered) {
    const taken = keys.get(entry.concept);
    if (!taken || taken.has(entry.folded) || entry.alias.includes('(')) continue;
    taken.add(entry.folded);
    byConcept.set(entry.concept, [...(byConcept.get(entry.concept) ?? []), entry.alias]);
  }
  return (id) => byConcept.get(id) ?? [];
}
