/**
 * Resolve a skill or trait name as a text prints it — `Loner(5+)`,
 * `Throw Teammate`, `Very long legs`, `Bomber` — to a concept id. Case,
 * spaces, hyphens and `&`/`and` are folded (model/fold.ts); parameters are dropped; other
 * spellings go through the aliases of sources/annotations/mentions.yaml.
 */
import type { Concept, MentionRules, Skill } from '../model/schema-types.ts';
import { nameKey, splitParameter } from '../model/fold.ts';

const key = (name: string) => nameKey(splitParameter(name).name);

export function createNameResolver(concepts: readonly Concept[], records: readonly Skill[], rules: MentionRules): (name: string) => string | null {
  const byKey = new Map<string, string>();
  for (const concept of concepts) byKey.set(key(concept.name), concept.id);
  for (const record of records) if (record.concept && record.lang === 'en' && !byKey.has(key(record.name))) byKey.set(key(record.name), record.concept);
  for (const { alias, name } of rules.aliases) {
    const concept = byKey.get(key(name));
    if (concept) byKey.set(key(alias), concept);
  }
  return (name) => byKey.get(key(name)) ?? null;
}
