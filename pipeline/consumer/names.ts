/**
 * Names in the runtime API (issue 21): `resolveName` and `findByName` over the
 * published alias index (names.json), through the one resolver of
 * model/resolve-names.ts. index.ts checks the arguments and loads the files;
 * this module answers from them.
 */
import { createNameResolver, type NameMatch, type NameResolver, type ResolveOptions } from '../model/resolve-names.ts';
import type { Lang, Migration, NameEntry, Skill } from '../model/schema-types.ts';

export type { NameMatch, ResolveOptions };

export interface NameData {
  names: readonly NameEntry[];
  skills: readonly Skill[];
  migrations: readonly Migration[];
}

const resolvers = new WeakMap<readonly NameEntry[], NameResolver>();

/** One resolver per loaded index. */
function resolverOf(data: NameData): NameResolver {
  let resolver = resolvers.get(data.names);
  // Stryker disable next-line ConditionalExpression: a cache; a resolver built again answers the same
  if (!resolver) resolvers.set(data.names, (resolver = createNameResolver(data)));
  return resolver;
}

export function resolveIn(data: NameData, text: string, options: ResolveOptions): NameMatch[] {
  return resolverOf(data).resolve(text, options);
}

/**
 * The records an exact match names, sorted by id: the records that print the
 * name when it is a record's (`Loner (4+)` → the records named Loner), else
 * every record of the concept (a concept name, a reviewed alias, an id).
 */
export function findIn(data: NameData, name: string, lang: Lang | undefined): Skill[] {
  const exact = resolveIn(data, name, {}).filter((m) => m.exact);
  const out = new Set<Skill>();
  for (const match of exact) {
    const records = data.skills.filter((r) => r.concept === match.concept);
    const named = records.filter((r) => data.names.some((n) => n.record === r.id && n.alias === match.alias));
    const byId = records.filter((r) => r.id === match.alias);
    for (const record of byId.length ? byId : named.length ? named : records) if (lang === undefined || record.lang === lang) out.add(record);
  }
  // Stryker disable next-line all: skills.json is sorted by id and a key names one concept, so the records arrive in id order already
  return [...out].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
