/**
 * The name resolver (issue 21): one alias index of every way a concept is
 * named, and one way to read a name against it, for every surface (the
 * cards' rosters and `--skills`, the runtime API's `resolveName` and
 * `findByName`, the SQLite `aliases` table, the site's "Did you mean").
 * Folding lives in `fold.ts`. Pure and dependency-free: the runtime API
 * compiles this file into the package.
 */
import { editDistance, fuzzyBound, nameKey, parameterKey, splitParameter } from './fold.ts';
import type { Concept, Lang, Migration, NameEntry, Skill } from './schema-types.ts';

export { nameKey } from './fold.ts';

/** What the index is built from: the published data, and the reviewed aliases. */
export interface NameSources {
  concepts: readonly Pick<Concept, 'id' | 'name' | 'names'>[];
  skills: readonly Pick<Skill, 'id' | 'name' | 'displayName' | 'lang' | 'concept'>[];
  migrations: readonly Migration[];
  /** Reviewed aliases (sources/annotations/aliases.yaml `aliases`). */
  curated?: readonly { alias: string; concept: string; lang: Lang; kind?: 'spelling' | 'abbreviation' }[];
  /** Which concept keeps a shared spelling (`winners`). */
  winners?: readonly { alias: string; concept: string }[];
}

/** A key two concepts claim, with every alias that gives it. */
export interface AliasCollision {
  folded: string;
  concepts: string[];
  aliases: NameEntry[];
}

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** A retired id's words, `en-2020/monstrous-maw` → `monstrous maw`: the spelling it was published under. */
const retiredName = (id: string): string => (id.slice(id.indexOf('/') + 1) || id).replace(/-/g, ' ');

/** Every alias the data gives (before winners and de-duplication). */
function collectAliases(sources: NameSources): NameEntry[] {
  const out: NameEntry[] = [];
  const add = (alias: string, concept: string, lang: Lang | null, source: NameEntry['source'], record: string | null) => {
    const folded = nameKey(alias);
    if (folded !== '') out.push({ alias, folded, concept, lang, source, record });
  };
  for (const concept of sources.concepts) {
    // The name is one of `names` (English, or a French-only rule's French name): it carries that language.
    const named = Object.entries(concept.names).find(([, name]) => name === concept.name);
    add(concept.name, concept.id, named ? (named[0] as Lang) : null, 'concept', null);
    for (const [lang, name] of Object.entries(concept.names)) if (typeof name === 'string') add(name, concept.id, lang as Lang, 'concept', null);
  }
  for (const record of sources.skills) {
    if (record.concept === null) continue;
    add(record.name, record.concept, record.lang, 'record', record.id);
    if (nameKey(splitParameter(record.displayName).name) !== nameKey(record.name)) add(record.displayName, record.concept, record.lang, 'record', record.id);
  }
  const conceptOfRecord = new Map(sources.skills.map((r) => [r.id, r.concept]));
  const conceptIds = new Set(sources.concepts.map((c) => c.id));
  for (const migration of sources.migrations) {
    if (migration.kind !== 'concept' && migration.kind !== 'record') continue;
    const to = followTo(sources.migrations, migration);
    const concept = to === null ? null : migration.kind === 'concept' ? (conceptIds.has(to) ? to : null) : (conceptOfRecord.get(to) ?? null);
    if (concept === null) continue;
    add(migration.id, concept, null, 'retired', null);
    if (migration.id.includes('/') || migration.id.includes('-')) add(retiredName(migration.id), concept, null, 'retired', null);
  }
  for (const curated of sources.curated ?? [])
    add(curated.alias, curated.concept, curated.lang, curated.kind === 'abbreviation' ? 'abbreviation' : 'curated', null);
  return out;
}

/** Where a migration's chain of renames and merges leads (null: deleted, or a loop). */
function followTo(migrations: readonly Migration[], first: Migration): string | null {
  const byId = new Map(migrations.filter((m) => m.kind === first.kind).map((m) => [m.id, m]));
  let to = first.to;
  const seen = new Set([first.id]);
  while (to !== null && byId.has(to)) {
    if (seen.has(to)) return null;
    seen.add(to);
    to = byId.get(to)!.to;
  }
  return to;
}

/**
 * A key's aliases without the retired spellings that a living name of another
 * concept shares: a retired id's words (`en-traits-alt/titchy` merged into
 * Stunty) never take a spelling from a concept that still bears it (Titchy).
 */
function yieldRetired(aliases: readonly NameEntry[]): NameEntry[] {
  const living = new Set(aliases.filter((a) => a.source !== 'retired').map((a) => a.concept));
  return living.size === 0 ? [...aliases] : aliases.filter((a) => a.source !== 'retired' || living.has(a.concept));
}

/**
 * The alias index: every spelling of every concept, one entry per (key,
 * concept, alias, lang, source, record), sorted. A retired spelling yields
 * to a living one of another concept; a key two concepts still claim is a
 * collision unless a winner names it; the winner's concept keeps the key.
 */
export function buildNameIndex(sources: NameSources): { names: NameEntry[]; collisions: AliasCollision[] } {
  const winners = new Map((sources.winners ?? []).map((w) => [nameKey(w.alias), w.concept]));
  const byKey = new Map<string, NameEntry[]>();
  for (const alias of collectAliases(sources)) byKey.set(alias.folded, [...(byKey.get(alias.folded) ?? []), alias]);
  const names: NameEntry[] = [];
  const collisions: AliasCollision[] = [];
  for (const [folded, all] of byKey) {
    const winner = winners.get(folded);
    const aliases = winner !== undefined && all.some((a) => a.concept === winner) ? all : yieldRetired(all);
    const concepts = [...new Set(aliases.map((a) => a.concept))].sort(compareText);
    if (concepts.length > 1 && (winner === undefined || !concepts.includes(winner))) collisions.push({ folded, concepts, aliases });
    const kept = concepts.length > 1 && winner !== undefined ? aliases.filter((a) => a.concept === winner) : aliases;
    const seen = new Set<string>();
    for (const alias of kept) {
      const id = JSON.stringify([alias.alias, alias.concept, alias.lang, alias.source, alias.record]);
      if (!seen.has(id)) names.push(alias);
      seen.add(id);
    }
  }
  return { names: names.sort(compareAliases), collisions: collisions.sort((a, b) => compareText(a.folded, b.folded)) };
}

function compareAliases(a: NameEntry, b: NameEntry): number {
  return (
    compareText(a.folded, b.folded) ||
    compareText(a.concept, b.concept) ||
    compareText(a.alias, b.alias) ||
    compareText(a.source, b.source) ||
    compareText(a.lang ?? '', b.lang ?? '') ||
    compareText(a.record ?? '', b.record ?? '')
  );
}

export interface ResolveOptions {
  /** Prefer spellings of this language, and pick the concept's record in it. */
  lang?: Lang;
  /** Pick the concept's record of this edition (`en-2020`). */
  edition?: string;
}

/** One reading of a name, best first in `resolveName`'s answer. */
export interface NameMatch {
  concept: string;
  /** The concept's record for `edition` (or `lang`), when asked for and there is one; null otherwise. */
  record: string | null;
  /** The parameter as written (`+1`, `4+`, `X`, `all team-mates`), or null. */
  parameter: string | null;
  /** True when a spelling of the concept matched exactly (after folding); false for a suggestion. */
  exact: boolean;
  /** 1 for an exact match; below 1 for a suggestion, lower the more edits it needs. */
  score: number;
  /** The spelling that matched (`Châtaigne`, `Mighty Blow`). */
  alias: string;
}

/** The resolver over one alias index and the records, built once. */
export interface NameResolver {
  resolve(text: string, options?: ResolveOptions): NameMatch[];
  /** The closest names, for a message that must suggest something even when nothing is near. */
  closest(text: string, count: number): string[];
}

export interface ResolverData {
  names: readonly NameEntry[];
  skills: readonly Pick<Skill, 'id' | 'edition' | 'lang' | 'concept' | 'name'>[];
  migrations: readonly Migration[];
}

/** The resolver's lookups over one alias index, built once. */
interface ResolverIndex {
  data: ResolverData;
  byKey: Map<string, NameEntry[]>;
  keys: string[];
  recordById: Map<string, ResolverData['skills'][number]>;
  recordsOf: Map<string, ResolverData['skills'][number][]>;
  conceptIds: Set<string>;
}

export function createNameResolver(data: ResolverData): NameResolver {
  const index = indexNames(data);
  return {
    resolve: (text, options = {}) => resolveName(index, text, options),
    closest: (text, count) => closestNames(data.names, text, count),
  };
}

function indexNames(data: ResolverData): ResolverIndex {
  const byKey = new Map<string, NameEntry[]>();
  for (const alias of data.names) byKey.set(alias.folded, [...(byKey.get(alias.folded) ?? []), alias]);
  const recordsOf = new Map<string, ResolverData['skills'][number][]>();
  for (const record of data.skills) if (record.concept !== null) recordsOf.set(record.concept, [...(recordsOf.get(record.concept) ?? []), record]);
  return {
    data,
    byKey,
    // An abbreviation (`MB`) names its concept when written exactly, never as the nearest key to a typo.
    keys: [...byKey].filter(([, aliases]) => aliases.some((a) => a.source !== 'abbreviation')).map(([key]) => key),
    recordById: new Map(data.skills.map((r) => [r.id, r])),
    recordsOf,
    conceptIds: new Set(data.names.map((n) => n.concept)),
  };
}

function resolveName(index: ResolverIndex, text: string, options: ResolveOptions): NameMatch[] {
  const { name, parameter } = splitParameter(text);
  if (text.includes('/') || index.conceptIds.has(text.trim())) {
    const found = byId(index, name, parameter, options);
    if (found.length) return found;
  }
  const key = nameKey(name);
  if (key === '') return [];
  const exact = exactMatches(index, key, parameter, options);
  if (exact.length) return exact;
  // A name whose own spelling ends like a parameter (`Timmm-ber!` never does, but a curated one may).
  const whole = parameter === null ? [] : exactMatches(index, nameKey(text), null, options);
  return whole.length ? whole : fuzzy(index, key, parameter, options);
}

/** The concept's record for the edition or language asked for (its own when the alias names one). */
function pickRecord(index: ResolverIndex, concept: string, options: ResolveOptions, alias: NameEntry | null): string | null {
  if (options.edition === undefined && options.lang === undefined) return null;
  const records = (index.recordsOf.get(concept) ?? []).filter(
    (r) => (options.edition === undefined || r.edition === options.edition) && (options.lang === undefined || r.lang === options.lang),
  );
  const own = alias?.record ? records.find((r) => r.id === alias.record) : undefined;
  return (own ?? (records.length === 1 || options.edition !== undefined ? records[0] : undefined))?.id ?? null;
}

function exactMatches(index: ResolverIndex, key: string, parameter: string | null, options: ResolveOptions): NameMatch[] {
  const aliases = [...(index.byKey.get(key) ?? [])].sort((a, b) => rankAlias(a, options) - rankAlias(b, options));
  const seen = new Set<string>();
  return aliases.flatMap((alias) => {
    if (seen.has(alias.concept)) return [];
    seen.add(alias.concept);
    return [{ concept: alias.concept, record: pickRecord(index, alias.concept, options, alias), parameter, exact: true, score: 1, alias: alias.alias }];
  });
}

/** A record's or concept's id, current or retired. */
function byId(index: ResolverIndex, text: string, parameter: string | null, options: ResolveOptions): NameMatch[] {
  const { data, recordById, conceptIds } = index;
  const id = text.trim();
  const record = recordById.get(id) ?? recordById.get(followId(data.migrations, 'record', id) ?? '');
  if (record?.concept)
    return [
      {
        concept: record.concept,
        record: pickRecord(index, record.concept, options, null) ?? (options.edition === undefined && options.lang === undefined ? record.id : null),
        parameter,
        exact: true,
        score: 1,
        alias: id,
      },
    ];
  const concept = conceptIds.has(id) ? id : followId(data.migrations, 'concept', id);
  return concept !== null && conceptIds.has(concept)
    ? [{ concept, record: pickRecord(index, concept, options, null), parameter, exact: true, score: 1, alias: id }]
    : [];
}

/** Suggestions: the keys within the edit bound, nearest first, one per concept. */
function fuzzy(index: ResolverIndex, key: string, parameter: string | null, options: ResolveOptions): NameMatch[] {
  const bound = fuzzyBound(key);
  const scored = index.keys
    .map((candidate) => ({ candidate, distance: editDistance(key, candidate, bound) }))
    .filter(({ distance }) => distance <= bound)
    .sort((a, b) => a.distance - b.distance || compareText(a.candidate, b.candidate));
  const seen = new Set<string>();
  return scored.flatMap(({ candidate, distance }) =>
    exactMatches(index, candidate, parameter, options)
      .filter((m) => !seen.has(m.concept) && seen.add(m.concept))
      .map((m) => ({ ...m, exact: false, score: round(1 - distance / Math.max(key.length, candidate.length)) })),
  );
}

function closestNames(names: readonly NameEntry[], text: string, count: number): string[] {
  const key = nameKey(splitParameter(text).name);
  const best = new Map<string, { alias: string; distance: number }>();
  for (const alias of names) {
    if (alias.source === 'retired' || alias.source === 'abbreviation') continue;
    // Only a distance up to the count-th best so far can still place: beyond it the count stops early (a long name costs no more than a short one).
    const bound = Math.floor(countThBest(best, count)) + 1;
    const distance = editDistance(key, alias.folded, bound) - (alias.folded.startsWith(key) || key.startsWith(alias.folded) ? 0.5 : 0);
    const previous = best.get(alias.concept);
    if (!previous || distance < previous.distance) best.set(alias.concept, { alias: alias.alias, distance });
  }
  return [...best.values()]
    .sort((a, b) => a.distance - b.distance || compareText(a.alias, b.alias))
    .slice(0, count)
    .map((b) => b.alias);
}

/** The count-th smallest distance among the concepts seen so far; unbounded until there are count of them. */
function countThBest(best: ReadonlyMap<string, { distance: number }>, count: number): number {
  if (best.size < count) return Number.POSITIVE_INFINITY;
  return [...best.values()].map((b) => b.distance).sort((a, b) => a - b)[count - 1]!;
}

/** Lower is better: a spelling of the language asked for, then a concept's name, then a record's. */
function rankAlias(alias: NameEntry, options: ResolveOptions): number {
  const lang = options.lang === undefined || alias.lang === options.lang || alias.lang === null ? 0 : 10;
  return lang + ['concept', 'record', 'curated', 'abbreviation', 'retired'].indexOf(alias.source);
}

function followId(migrations: readonly Migration[], kind: 'record' | 'concept', id: string): string | null {
  const first = migrations.find((m) => m.kind === kind && m.id === id);
  return first ? followTo(migrations, first) : null;
}

const round = (value: number): number => Math.round(value * 1000) / 1000;

/** Parameters compare by their folded key: `(+1)` and `+1`, `4+` and `(4+)`. */
export const sameParameter = (a: string | null, b: string | null): boolean => a !== null && b !== null && parameterKey(a) === parameterKey(b);
