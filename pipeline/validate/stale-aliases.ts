/**
 * A reviewed alias exists for a reason: a spelling people write that no
 * source prints (a missing accent, a translation the sources lack). When a
 * source comes to print it, the reason is gone: the alias now only repeats
 * the data, and its note says something false. Two signs, each a warning at
 * the alias: the spelling it makes up for (`printed`) is printed by no
 * record of its concept any more, or the alias itself is now a name the data
 * gives its concept, exactly.
 */
import { warning, type Diagnostic, type Place } from '../model/diagnostic.ts';
import type { CuratedAlias, Skill } from '../model/schema-types.ts';

export interface StaleAliasInput {
  aliases: readonly CuratedAlias[];
  records: readonly Skill[];
  /** Every name the data gives each concept (its names in each language), by concept id. */
  conceptNames: ReadonlyMap<string, readonly string[]>;
  file: string;
  locate: (path: readonly (string | number)[]) => Place | null;
}

export function staleAliases(input: StaleAliasInput): Diagnostic[] {
  const printed = new Map<string, Set<string>>();
  for (const record of input.records) {
    if (record.concept === null) continue;
    const names = printed.get(record.concept) ?? new Set<string>();
    names.add(record.name).add(record.displayName);
    printed.set(record.concept, names);
  }
  return input.aliases.flatMap((alias, index) => {
    const names = printed.get(alias.concept) ?? new Set<string>();
    const stale = (reason: string, key?: string) =>
      warning({
        reason: `The alias "${alias.alias}" (${alias.concept}) is stale: ${reason}`,
        file: input.file,
        place: input.locate(key ? ['aliases', index, key] : ['aliases', index]),
        ruleId: 'names/stale-alias',
        source: 'link',
        expected: 'remove the alias (its note no longer holds), or correct `printed`',
      });
    if (alias.printed !== undefined && !names.has(alias.printed))
      return [stale(`no record of ${alias.concept} prints "${alias.printed}" any more, the spelling it makes up for`, 'printed')];
    if (names.has(alias.alias) || input.conceptNames.get(alias.concept)?.includes(alias.alias))
      return [stale(`the data now gives ${alias.concept} this very name`)];
    return [];
  });
}
