/**
 * The runtime API of the `nuffle-codex` npm package: typed answers to the
 * common questions, over the published data only. Compiled by the `api` build
 * target into dist/lib/index.js (+ index.d.ts), next to dist/data; it has no
 * dependency, and each function loads only the data files it needs, once
 * (JSON modules imported on first use, through static specifiers: see data.ts).
 *
 *   import { getConcept, findByName } from 'nuffle-codex';
 *   (await findByName('chataigne', { lang: 'fr' }))[0]?.concept  // 'mighty-blow'
 */
import type {
  Concept,
  ConceptRelation,
  CrosswalkRow,
  Edition,
  Game,
  IdKind,
  Lang,
  RandomCategory,
  Roll,
  Ruling,
  Skill,
  Vacancy,
} from '../model/schema-types.ts';
import { editDistance, foldWords, fuzzyBound, splitParameter } from '../model/fold.ts';
import { findIn, resolveIn, type NameData, type NameMatch, type ResolveOptions } from './names.ts';
import { CATEGORIES, GAMES, LANGS, checkOneOf, checkOptions, checkString, shown } from './checks.ts';
import { rollSlot, type Rng } from './dice.ts';
import {
  loadConcepts,
  loadCrosswalk,
  loadEditions,
  loadInducements,
  loadLeagues,
  loadMigrations,
  loadNames,
  loadRandomTables,
  loadRulings,
  loadSkills,
} from './data.ts';
import { loadEditionSkills } from './edition-data.ts';

export type * from '../model/schema-types.ts';

export type { Rng } from './dice.ts';

/**
 * Case, accents, punctuation, `&`/"and"/"et" and a parameter folded, words
 * kept apart: `Châtaigne`, `chataigne`, `Mighty Blow (+1)` → `mighty blow`.
 * Matching compares these words run together (names.json `folded`).
 */
const ID_KINDS: readonly IdKind[] = ['concept', 'record', 'ruling', 'inducement', 'spell', 'league'];
export function foldName(name: string): string {
  checkString(name, 'name');
  return foldWords(splitParameter(name).name).join(' ');
}

export interface ResolvedId {
  /** The id to use now: the id itself, or where its migrations lead; null when it was deleted. */
  id: string | null;
  /** The id asked for, when it was retired (renamed, merged or deleted); null when it is current. */
  movedFrom: string | null;
}

/**
 * What a stored id names now, through migrations.json: `resolveId('en-2020/sidestep')`
 * after a rename is `{ id: 'en-2020/side-step', movedFrom: 'en-2020/sidestep' }`. A
 * current id resolves to itself. Chains of migrations are followed. An id the
 * data never had, current or retired, is a RangeError naming the closest id
 * of its kind (`resolveId('en-2020/dodgee')`: did you mean "en-2020/dodge"?),
 * so an app can check the ids it stored. `kind` says what the id names; by
 * default an id with a `/` is a record's, one without a concept's.
 */
export async function resolveId(id: string, kind?: IdKind): Promise<ResolvedId> {
  checkString(id, 'id');
  if (kind !== undefined) checkOneOf(kind, 'kind', ID_KINDS);
  const wanted = kind ?? (id.includes('/') ? 'record' : 'concept');
  const migrations = (await loadMigrations()).filter((m) => m.kind === wanted);
  const byId = new Map(migrations.map((m) => [m.id, m]));
  if (!byId.has(id)) {
    await checkCurrent(wanted, id);
    return { id, movedFrom: null };
  }
  let to: string | null = id;
  const seen = new Set<string>();
  // Stryker disable next-line ConditionalExpression: no migration has the id null, so byId.has(to) ends the loop at a deletion too
  while (to !== null && byId.has(to) && !seen.has(to)) {
    seen.add(to);
    to = byId.get(to)!.to;
  }
  return { id: to, movedFrom: id };
}

/** The id's edition: what comes before its first `/` (`en-2020/dodge` → `en-2020`). */
const editionOf = (id: string): string => id.slice(0, Math.max(id.indexOf('/'), 0));

/**
 * Nothing when `id` is a current id of `kind`; otherwise the RangeError
 * naming the closest ids of that kind. A record is looked for in its
 * edition's records only (the others are read for the suggestion alone).
 */
async function checkCurrent(kind: IdKind, id: string): Promise<void> {
  if (kind === 'record') {
    if ((await loadEditionSkills(editionOf(id))).some((record) => record.id === id)) return;
    throw unknownId('record', id, recordCandidates(await loadSkills()), (candidate) => editionOf(candidate) === editionOf(id));
  }
  const candidates = await idCandidates(kind);
  if (!candidates.some(([candidate]) => candidate === id)) throw unknownId(kind, id, candidates);
}

/** Every current id of a kind (but records), each with its id and its name as labels. */
async function idCandidates(kind: Exclude<IdKind, 'record'>): Promise<(readonly [string, string])[]> {
  const pairs = <T>(items: readonly T[], id: (item: T) => string, name: (item: T) => string) =>
    items.flatMap((item) => [[id(item), id(item)] as const, [id(item), name(item)] as const]);
  switch (kind) {
    case 'concept':
      return (await loadConcepts()).flatMap((c) => [[c.id, c.id] as const, ...Object.values(c.names).map((name) => [c.id, name] as const)]);
    case 'ruling':
      return pairs(
        await loadRulings(),
        (r) => r.id,
        (r) => r.id,
      );
    case 'inducement':
      return pairs(
        await loadInducements(),
        (i) => i.id,
        (i) => i.name,
      );
    case 'spell':
      return pairs(
        (await loadInducements()).flatMap((i) => i.spells),
        (s) => s.id,
        (s) => s.name,
      );
    case 'league':
      return pairs(
        await loadLeagues(),
        (l) => l.id,
        (l) => l.name,
      );
  }
}

/** Records as candidates for an unknown record id, each by its id and its name. */
const recordCandidates = (skills: readonly Skill[]): (readonly [string, string])[] => skills.flatMap((r) => [[r.id, r.id] as const, [r.id, r.name] as const]);

/**
 * The concept with this id (`mighty-blow`). A retired id is followed through
 * its migrations, and the concept says so (`movedFrom`). An id the data never
 * had throws a RangeError naming the id it most likely meant
 * (`getConcept('Mighty Blow')`: did you mean "mighty-blow"?), as does a
 * deleted one (with the migration's note).
 */
export async function getConcept(id: string): Promise<Concept & { movedFrom?: string }> {
  checkString(id, 'id');
  const concepts = await loadConcepts();
  const found = concepts.find((concept) => concept.id === id);
  if (found) return found;
  const resolved = await resolveId(id, 'concept');
  // Stryker disable next-line ConditionalExpression,LogicalOperator: the guard only spares a search that finds nothing (no concept has the id null, and a current id was not found above)
  const moved = resolved.id === null || resolved.movedFrom === null ? undefined : concepts.find((concept) => concept.id === resolved.id);
  if (moved) return { ...moved, movedFrom: id };
  if (resolved.movedFrom !== null)
    throw new RangeError(
      `concept ${shown(id)} was deleted: ${(await loadMigrations()).find((m) => m.kind === 'concept' && m.id === id)?.note ?? 'see migrations.json'}`,
    );
  throw unknownId(
    'concept',
    id,
    concepts.flatMap((c) => [[c.id, c.id] as const, ...Object.values(c.names).map((name) => [c.id, name] as const)]),
  );
}

/**
 * The RangeError for an id the data does not have: it names the ids whose id
 * or name folds to the same words (`Mighty Blow`, `mighty_blow` → `mighty-blow`),
 * else those that start like it, else the closest within a few edits
 * (`dodgee` → `dodge`), at most three; those `preferred` (a record of the
 * id's own edition) when there are any.
 */
function unknownId(
  kind: string,
  id: string,
  candidates: readonly (readonly [id: string, label: string])[],
  preferred: (candidate: string) => boolean = () => true,
): RangeError {
  const key = (text: string) => foldName(text.replace(/^.*\//, ''));
  const wanted = key(id);
  const same = candidates.filter(([candidate, label]) => foldName(label) === wanted || key(candidate) === wanted);
  const near = same.length ? same : wanted ? candidates.filter(([, label]) => foldName(label).startsWith(wanted)) : [];
  const found = [...new Set((near.length ? near : closest(wanted, candidates)).map(([candidate]) => candidate))];
  const ids = (found.some(preferred) ? found.filter(preferred) : found).slice(0, 3);
  const hint = ids.length ? `; did you mean ${ids.map((x) => JSON.stringify(x)).join(' or ')}?` : '';
  return new RangeError(`unknown ${kind} id ${shown(id)}${hint}`);
}

/** The candidates whose id or label is fewest edits from `wanted` (folded, spaces dropped), within the bound a name look-up allows. */
function closest(wanted: string, candidates: readonly (readonly [id: string, label: string])[]): (readonly [string, string])[] {
  const flat = (text: string) => foldName(text.replace(/^.*\//, '')).replaceAll(' ', '');
  const target = wanted.replaceAll(' ', '');
  if (!target) return [];
  const bound = fuzzyBound(target);
  const scored = candidates.map((c) => [c, Math.min(editDistance(target, flat(c[1]), bound), editDistance(target, flat(c[0]), bound))] as const);
  const best = Math.min(...scored.map(([, d]) => d));
  return best > bound ? [] : scored.filter(([, d]) => d === best).map(([c]) => c);
}

/** The record with this id, followed through its migrations; a RangeError (with the likely id) when the data never had it. */
async function knownRecord(id: string): Promise<string> {
  const resolved = await resolveId(id, 'record');
  // Stryker disable next-line ConditionalExpression: no record has the id null, so the search alone refuses a deletion
  if (resolved.id !== null && (await loadEditionSkills(editionOf(resolved.id))).some((record) => record.id === resolved.id)) return resolved.id;
  return id;
}

export interface FindOptions {
  /** Only records in this language. */
  lang?: Lang;
}

/**
 * Records the name names, sorted by id: any spelling of names.json (a record's
 * name in any edition, a concept's name in any language, a reviewed alias, a
 * retired id), folded as `resolveName` folds it, with its parameter dropped
 * (`Loner (4+)` finds Loner). `lang` keeps one language:
 * `findByName('chataigne', { lang: 'fr' })`. No typo correction: see `resolveName`.
 */
export async function findByName(name: string, options: FindOptions = {}): Promise<Skill[]> {
  checkString(name, 'name');
  checkOptions(options, 'options');
  if (options.lang !== undefined) checkOneOf(options.lang, 'options.lang', LANGS);
  return findIn(await nameData(), name, (options as FindOptions).lang);
}

export type { NameMatch, ResolveOptions };

/**
 * Every reading of a name, best first. Exact matches of any spelling in
 * names.json come first (`exact: true`, score 1); when there is none, the
 * names within a few edits (`exact: false`, a lower score the more edits).
 * Each match names the concept, the record of `edition` (or the one record
 * in `lang`) when asked for, and the parameter as written:
 * `resolveName('Chataigne +1', { edition: 'en-2020' })` →
 * `[{ concept: 'mighty-blow', record: 'en-2020/mighty-blow', parameter: '+1', exact: true, score: 1, alias: 'Châtaigne' }]`.
 */
export async function resolveName(text: string, options: ResolveOptions = {}): Promise<NameMatch[]> {
  checkString(text, 'text');
  checkOptions(options, 'options');
  if (options.lang !== undefined) checkOneOf(options.lang, 'options.lang', LANGS);
  if (options.edition !== undefined) checkString(options.edition, 'options.edition');
  return resolveIn(await nameData(), text, options as ResolveOptions);
}

/** The records with these ids, sorted by id, read from their editions' records only. */
async function recordsWithIds(ids: readonly string[]): Promise<Skill[]> {
  const wanted = new Set(ids);
  const editions = [...new Set(ids.map(editionOf))].sort();
  const records = (await Promise.all(editions.map(loadEditionSkills))).flat().filter((record) => wanted.has(record.id));
  return records.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

async function nameData(): Promise<NameData> {
  const [names, skills, migrations] = await Promise.all([loadNames(), loadSkills(), loadMigrations()]);
  return { names, skills, migrations };
}

/** Every record of a concept, in every edition and language, sorted by id; a RangeError for an unknown concept id (see getConcept). */
export async function recordsOf(conceptId: string): Promise<Skill[]> {
  checkString(conceptId, 'conceptId');
  return recordsWithIds((await getConcept(conceptId)).records);
}

/**
 * The FAQ rulings about a record (`en-2020/dodge`: those it is printed under
 * or named in) or a concept (`dodge`: those of any of its records), sorted by
 * id: an empty list for a known id that has none, a RangeError naming the
 * likely id for one the data does not have (`rulingsFor('Dodge')`).
 */
export async function rulingsFor(id: string): Promise<Ruling[]> {
  checkString(id, 'id');
  const records = new Set(id.includes('/') ? [await knownRecord(id)] : (await getConcept(id)).records);
  return (await loadRulings()).filter((ruling) => ruling.records.some((record) => records.has(record)));
}

/**
 * Every edition (one per compiled source), the reference first (the English
 * 2020 rules, whose records define the concepts), then the others by id: the
 * order the site compares them in.
 */
export async function editions(): Promise<Edition[]> {
  const list = await loadEditions();
  const reference = list.filter((edition) => edition.id === REFERENCE_EDITION);
  return [...reference, ...list.filter((edition) => edition.id !== REFERENCE_EDITION)];
}

/** The edition whose records define the concepts (`declaredBy: source`) and carry the random-skill tables. */
const REFERENCE_EDITION = 'en-2020';

export interface RandomSkillOptions {
  /** The edition whose tables to read (default `en-2020`, the one with tables). */
  edition?: string;
}

/** What one slot of a random-skill table gives: a record, or (a withdrawn skill's slot) a vacancy. */
export interface RandomSlot {
  /** The skill the roll gives; null when the slot is vacant or re-rolled. */
  record: Skill | null;
  /** Null when a record holds the slot; `vacant` (the roll gives no skill) or `re-roll` (roll again on the same table). */
  vacancy: Vacancy | null;
}

/**
 * What a random-skill roll gives: `randomSlot('blood-bowl', 'agility', '1-3', 4)`
 * is the slot in the 1-3 column, row 4 of the Blood Bowl agility table — its
 * record, or its vacancy when no record holds it (`{ record: null, vacancy: 're-roll' }`).
 * Undefined when the edition has no such table; a roll outside the table, or
 * an edition the data does not have, throws a RangeError.
 */
export async function randomSlot(
  game: Game,
  category: RandomCategory,
  roll: Roll,
  d6: number,
  options: RandomSkillOptions = {},
): Promise<RandomSlot | undefined> {
  checkOneOf(game, 'game', GAMES);
  checkOneOf(category, 'category', CATEGORIES);
  checkString(roll, 'roll');
  if (typeof d6 !== 'number') throw new TypeError(`d6 must be a number; got ${shown(d6)}`);
  checkOptions(options, 'options');
  if (options.edition !== undefined) checkString(options.edition, 'options.edition');
  if (roll !== '1-3' && roll !== '4-6') throw new RangeError(`roll must be "1-3" or "4-6"; got ${shown(roll)}`);
  if (!Number.isInteger(d6) || d6 < 1 || d6 > 6) throw new RangeError(`d6 must be a whole number from 1 to 6; got ${d6}`);
  const edition = options.edition ?? REFERENCE_EDITION;
  // Stryker disable next-line ConditionalExpression: without options.edition it is the reference edition, which every dataset has
  if (options.edition !== undefined && !(await loadEditions()).some((e) => e.id === edition)) {
    throw unknownId(
      'edition',
      edition,
      (await loadEditions()).flatMap(
        (e) =>
          [
            [e.id, e.id],
            [e.id, e.label],
          ] as const,
      ),
    );
  }
  const table = (await loadRandomTables()).find((t) => t.id === `${edition}/${game}/${category}`);
  const slot = table?.slots.find((s) => s.roll === roll && s.d6 === d6);
  if (!slot) return undefined;
  if (slot.record === null) return { record: null, vacancy: slot.vacancy };
  return { record: (await loadEditionSkills(edition)).find((record) => record.id === slot.record) ?? null, vacancy: null };
}

/**
 * The record a random-skill roll gives: `randomSkill('blood-bowl', 'agility', '1-3', 4)`
 * is the skill in the 1-3 column, row 4 of the Blood Bowl agility table.
 * Undefined when the edition has no such table, or when no record holds the
 * slot (vacant or re-roll: `randomSlot` says which); a roll outside the table,
 * or an edition the data does not have, throws a RangeError. `roll()` rolls
 * the dice too.
 */
export async function randomSkill(game: Game, category: RandomCategory, roll: Roll, d6: number, options: RandomSkillOptions = {}): Promise<Skill | undefined> {
  return (await randomSlot(game, category, roll, d6, options))?.record ?? undefined;
}

/**
 * What a roll gave, by `slot`: `skill` (its `record`), `vacant` (the rules
 * leave the slot empty: the roll gives no skill), `re-roll` (roll again on
 * the same table), or `no-table` (the edition has no such table). Narrow on
 * `slot` to read `record`.
 */
export type RolledSkill = { roll: Roll; d6: number } & (
  | { slot: 'skill'; record: Skill; vacancy: null }
  | { slot: Vacancy; record: null; vacancy: Vacancy }
  | { slot: 'no-table'; record: null; vacancy: null }
);

/**
 * Roll a random skill as the rules do: a D6 for the column (1-3 or 4-6), a D6
 * for the row, and what that slot gives (`options.edition` as for
 * randomSkill): its record, or what a slot no record holds does (`slot`:
 * `vacant`, `re-roll`). `rng` is the random source, `Math.random` by default:
 * pass a seeded generator for repeatable rolls.
 */
export async function roll(game: Game, category: RandomCategory, rng: Rng = Math.random, options: RandomSkillOptions = {}): Promise<RolledSkill> {
  checkOneOf(game, 'game', GAMES);
  checkOneOf(category, 'category', CATEGORIES);
  if (typeof rng !== 'function') throw new TypeError(`rng must be a function; got ${shown(rng)}`);
  checkOptions(options, 'options');
  const dice = rollSlot(rng);
  const slot = await randomSlot(game, category, dice.roll, dice.d6, options);
  if (slot === undefined || (slot.record === null && slot.vacancy === null)) return { ...dice, slot: 'no-table', record: null, vacancy: null };
  if (slot.record !== null) return { ...dice, slot: 'skill', record: slot.record, vacancy: null };
  return { ...dice, slot: slot.vacancy!, record: null, vacancy: slot.vacancy! };
}

export interface ConceptCrosswalk {
  concept: Concept;
  /** One row per record of the concept (sorted by record id): its relation to the English 2020 rules, and for readers, what changed (`summary`, in French `summaryFr`). */
  rows: (CrosswalkRow & { edition: string; name: string })[];
  /** The concepts this one is linked to (`replaced-by`, `replaces`, `split-into`, `split-from`), each with its name. */
  relations: (ConceptRelation & { name: string })[];
}

/**
 * How a concept reads across editions and languages: each record's crosswalk
 * row (relation, confidence, the reader-facing `summary` of what changed),
 * with the record's edition and name, and the concepts it is linked to.
 * A RangeError for an unknown concept id (see getConcept).
 */
export async function crosswalkOf(conceptId: string): Promise<ConceptCrosswalk> {
  checkString(conceptId, 'conceptId');
  const concept = await getConcept(conceptId);
  const [rows, skills, concepts] = await Promise.all([loadCrosswalk(), recordsWithIds(concept.records), loadConcepts()]);
  const record = new Map(skills.map((r) => [r.id, r]));
  const members = new Set(concept.records);
  return {
    concept,
    rows: rows
      .filter((row) => members.has(row.record))
      .map((row) => ({ ...row, edition: record.get(row.record)!.edition, name: record.get(row.record)!.name })),
    relations: concept.relations.map((relation) => ({ ...relation, name: concepts.find((c) => c.id === relation.concept)?.name ?? relation.concept })),
  };
}
