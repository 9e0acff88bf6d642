/**
 * Resolve a skill or trait name as a text prints it — `Loner(5+)`,
 * `Throw Teammate`, `Very long legs`, `Bomber` — to a concept id. Case,
 * spaces, hyphens and `&`/`and` are folded; parameters are dropped; other
 * spellings go through the aliases of sources/annotations/mentions.yaml.
 */
import type { Concept, MentionRules, Skill } from '../model/schema-types.ts';

/**
 * The name without a final parameter, `Loner (4+)` → `Loner`: read from the
 * end (the pattern `\s*\([^()]*\)\s*$` retried at every space of a long run).
 */
function withoutParameter(name: string): string {
  const trimmed = name.trimEnd();
  const open = trimmed.lastIndexOf('(');
  if (!trimmed.endsWith(')') || open < 0 || trimmed.indexOf(')', open) !== trimmed.length - 1) return name;
  return trimmed.slice(0, open).trimEnd();
}

const key = (name: string) =>
  withoutParameter(name)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]/g, '');

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
