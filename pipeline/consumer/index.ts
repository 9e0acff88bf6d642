/**
 * The runtime API of the `nuffle-codex` npm package: typed answers to the
 * common questions, over the published data only. Compiled by the `api` build
 * target into dist/lib/index.js (+ index.d.ts), next to dist/data; it has no
 * dependency, and each function loads only the data files it needs, once
 * (JSON modules imported on first use).
 *
 *   import { getConcept, findByName } from 'nuffle-codex';
 *   (await findByName('chataigne', { lang: 'fr' }))[0]?.concept  // 'mighty-blow'
 */
import type { Concept, Game, IdKind, Lang, Migration, RandomCategory, RandomTable, Roll, Ruling, Skill } from '../model/schema-types.ts';

export type * from '../model/schema-types.ts';

const loaded = new Map<string, Promise<unknown>>();

/** A data file of the package (`../data/<file>` from this module), loaded once. */
function load<T>(file: string): Promise<T> {
  let pending = loaded.get(file);
  if (!pending) {
    pending = import(new URL(`../data/${file}`, import.meta.url).href, { with: { type: 'json' } }).then((module: { default: unknown }) => module.default);
    loaded.set(file, pending);
  }
  return pending as Promise<T>;
}

/**
 * Argument checks: every function names the argument it refuses, with a
 * TypeError for a wrong type and a RangeError for a value out of its set, so
 * a caller's mistake never surfaces as an error from inside.
 */
const shown = (value: unknown): string => (typeof value === 'string' ? JSON.stringify(value) : value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value);

function checkString(value: unknown, name: string): asserts value is string {
  if (typeof value !== 'string') throw new TypeError(`${name} must be a string; got ${shown(value)}`);
}

function checkOneOf(value: unknown, name: string, allowed: readonly string[]): void {
  checkString(value, name);
  if (!allowed.includes(value)) throw new RangeError(`${name} must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}; got ${JSON.stringify(value)}`);
}

function checkOptions(value: unknown, name: string): asserts value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new TypeError(`${name} must be an object; got ${shown(value)}`);
}

const LANGS: readonly Lang[] = ['en', 'fr'];
const GAMES: readonly Game[] = ['blood-bowl', 'dungeon-bowl'];
const CATEGORIES: readonly RandomCategory[] = ['agility', 'general', 'mutation', 'passing', 'strength'];
const ID_KINDS: readonly IdKind[] = ['concept', 'record', 'ruling', 'inducement', 'spell', 'league'];

/**
 * The name without a final parameter and its star, `Loner (4+)*` → `Loner`:
 * the last `(…)`, opened after the parenthesis closed before it, read from
 * the end (the pattern `\s*\([^)]*\)\s*\*?\s*$` retried at every `(`).
 */
function withoutParameter(name: string): string {
  let trimmed = name.trimEnd();
  if (trimmed.endsWith('*')) trimmed = trimmed.slice(0, -1).trimEnd();
  if (!trimmed.endsWith(')')) return name;
  const open = trimmed.indexOf('(', trimmed.lastIndexOf(')', trimmed.length - 2) + 1);
  return open >= 0 && open < trimmed.length - 1 ? trimmed.slice(0, open).trimEnd() : name;
}

/** Case, accents, punctuation and a trailing parameter folded: `Châtaigne`, `chataigne`, `Mighty Blow (+1)` → `mighty blow`. */
export function foldName(name: string): string {
  checkString(name, 'name');
  return withoutParameter(name.normalize('NFD').replace(/\p{M}+/gu, ''))
    .replace(/\*$/u, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
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
 * current id resolves to itself; an id the data never had resolves to itself too
 * (the other functions then find nothing). Chains of migrations are followed.
 */
export async function resolveId(id: string, kind?: IdKind): Promise<ResolvedId> {
  checkString(id, 'id');
  if (kind !== undefined) checkOneOf(kind, 'kind', ID_KINDS);
  const wanted = kind ?? (id.includes('/') ? 'record' : 'concept');
  const migrations = (await load<Migration[]>('migrations.json')).filter((m) => m.kind === wanted);
  const byId = new Map(migrations.map((m) => [m.id, m]));
  if (!byId.has(id)) return { id, movedFrom: null };
  let to: string | null = id;
  const seen = new Set<string>();
  while (to !== null && byId.has(to) && !seen.has(to)) {
    seen.add(to);
    to = byId.get(to)!.to;
  }
  return { id: to, movedFrom: id };
}

/**
 * The concept with this id (`mighty-blow`), or undefined. A retired id is
 * followed through its migrations, and the concept says so (`movedFrom`).
 */
export async function getConcept(id: string): Promise<(Concept & { movedFrom?: string }) | undefined> {
  checkString(id, 'id');
  const concepts = await load<Concept[]>('concepts.json');
  const found = concepts.find((concept) => concept.id === id);
  if (found) return found;
  const resolved = await resolveId(id, 'concept');
  const moved = resolved.id === null || resolved.movedFrom === null ? undefined : concepts.find((concept) => concept.id === resolved.id);
  return moved && { ...moved, movedFrom: id };
}

export interface FindOptions {
  /** Only records in this language. */
  lang?: Lang;
}

/**
 * Records whose name matches, ignoring case, accents, punctuation and a
 * parameter (`Loner (4+)` finds Loner), sorted by id. `lang` keeps one
 * language: `findByName('chataigne', { lang: 'fr' })`.
 */
export async function findByName(name: string, options: FindOptions = {}): Promise<Skill[]> {
  checkString(name, 'name');
  checkOptions(options, 'options');
  if (options.lang !== undefined) checkOneOf(options.lang, 'options.lang', LANGS);
  const wanted = foldName(name);
  if (!wanted) return [];
  return (await load<Skill[]>('skills.json')).filter((record) => foldName(record.name) === wanted && (options.lang === undefined || record.lang === options.lang));
}

/** Every record of a concept, in every edition and language, sorted by id. */
export async function recordsOf(conceptId: string): Promise<Skill[]> {
  checkString(conceptId, 'conceptId');
  const concept = await getConcept(conceptId);
  if (!concept) return [];
  const wanted = new Set(concept.records);
  return (await load<Skill[]>('skills.json')).filter((record) => wanted.has(record.id));
}

/**
 * The FAQ rulings about a record (`en-2020/dodge`: those it is printed under
 * or named in) or a concept (`dodge`: those of any of its records), sorted by id.
 */
export async function rulingsFor(id: string): Promise<Ruling[]> {
  checkString(id, 'id');
  const rulings = await load<Ruling[]>('rulings.json');
  const record = id.includes('/') ? ((await resolveId(id, 'record')).id ?? id) : null;
  const records = new Set(record !== null ? [record] : ((await getConcept(id))?.records ?? []));
  return rulings.filter((ruling) => ruling.records.some((record) => records.has(record)));
}

export interface RandomSkillOptions {
  /** The edition whose tables to read (default `en-2020`, the one with tables). */
  edition?: string;
}

/**
 * The record a random-skill roll gives: `randomSkill('blood-bowl', 'agility', '1-3', 4)`
 * is the skill in the 1-3 column, row 4 of the Blood Bowl agility table.
 * Undefined when there is no such table; a roll outside the table throws.
 */
export async function randomSkill(game: Game, category: RandomCategory, roll: Roll, d6: number, options: RandomSkillOptions = {}): Promise<Skill | undefined> {
  checkOneOf(game, 'game', GAMES);
  checkOneOf(category, 'category', CATEGORIES);
  checkString(roll, 'roll');
  if (typeof d6 !== 'number') throw new TypeError(`d6 must be a number; got ${shown(d6)}`);
  checkOptions(options, 'options');
  if (options.edition !== undefined) checkString(options.edition, 'options.edition');
  if (roll !== '1-3' && roll !== '4-6') throw new RangeError(`roll must be "1-3" or "4-6"; got ${JSON.stringify(roll)}`);
  if (!Number.isInteger(d6) || d6 < 1 || d6 > 6) throw new RangeError(`d6 must be a whole number from 1 to 6; got ${d6}`);
  const table = (await load<RandomTable[]>('random-tables.json')).find((t) => t.id === `${options.edition ?? 'en-2020'}/${game}/${category}`);
  const slot = table?.slots.find((s) => s.roll === roll && s.d6 === d6);
  if (!slot) return undefined;
  return (await load<Skill[]>('skills.json')).find((record) => record.id === slot.record);
}
