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
import type { Concept, Game, Lang, RandomCategory, RandomTable, Roll, Ruling, Skill } from '../model/schema-types.ts';

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
  return withoutParameter(name.normalize('NFD').replace(/\p{M}+/gu, ''))
    .replace(/\*$/u, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The concept with this id (`mighty-blow`), or undefined. */
export async function getConcept(id: string): Promise<Concept | undefined> {
  return (await load<Concept[]>('concepts.json')).find((concept) => concept.id === id);
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
  const wanted = foldName(name);
  if (!wanted) return [];
  return (await load<Skill[]>('skills.json')).filter((record) => foldName(record.name) === wanted && (options.lang === undefined || record.lang === options.lang));
}

/** Every record of a concept, in every edition and language, sorted by id. */
export async function recordsOf(conceptId: string): Promise<Skill[]> {
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
  const rulings = await load<Ruling[]>('rulings.json');
  const records = new Set(id.includes('/') ? [id] : ((await getConcept(id))?.records ?? []));
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
  if (roll !== '1-3' && roll !== '4-6') throw new RangeError(`roll must be "1-3" or "4-6"; got ${JSON.stringify(roll)}`);
  if (!Number.isInteger(d6) || d6 < 1 || d6 > 6) throw new RangeError(`d6 must be a whole number from 1 to 6; got ${d6}`);
  const table = (await load<RandomTable[]>('random-tables.json')).find((t) => t.id === `${options.edition ?? 'en-2020'}/${game}/${category}`);
  const slot = table?.slots.find((s) => s.roll === roll && s.d6 === d6);
  if (!slot) return undefined;
  return (await load<Skill[]>('skills.json')).find((record) => record.id === slot.record);
}
