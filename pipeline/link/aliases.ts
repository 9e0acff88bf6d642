/**
 * The alias index (dist/data/names.json): every name the data gives a concept
 * and the reviewed aliases of sources/annotations/aliases.yaml, through the
 * one resolver (model/resolve-names.ts). A reviewed alias must name a concept
 * that exists; a spelling two concepts share fails the build unless the file
 * says which one wins. A retired id's words yield to a living concept's name
 * (model/resolve-names.ts): when two retired spellings still clash, the error
 * sits at the migration that brought the second one, with the entry to paste.
 */
import { subject } from '../model/cascades.ts';
import { followMigrations } from '../model/migrations.ts';
import { error, type Diagnostic, type Place } from '../model/diagnostic.ts';
import { buildNameIndex, nameKey, type AliasCollision, type NameSources } from '../model/resolve-names.ts';
import type { AliasAnnotations, Migration, NameEntry } from '../model/schema-types.ts';

type Locate = (path: readonly (string | number)[]) => Place | null;

export interface AliasInput extends Omit<NameSources, 'curated' | 'winners'> {
  annotations: AliasAnnotations;
  file: string;
  locate: Locate;
  /** Where the migrations are, for a collision a retired id's spelling brings (default: at the aliases file). */
  migrationsAt?: { file: string; locate: Locate };
}

export function linkNames(input: AliasInput): { names: NameEntry[]; diagnostics: Diagnostic[] } {
  const known = new Set(input.concepts.map((c) => c.id));
  // A concept renamed or merged keeps its reviewed spellings: an entry naming its retired id follows the migrations.
  const current = (concept: string): string => (known.has(concept) ? concept : (followMigrations(input.migrations, 'concept', concept)?.to ?? concept));
  const annotations: AliasAnnotations = {
    ...input.annotations,
    aliases: input.annotations.aliases.map((a) => ({ ...a, concept: current(a.concept) })),
    ...(input.annotations.winners ? { winners: input.annotations.winners.map((w) => ({ ...w, concept: current(w.concept) })) } : {}),
  };
  const diagnostics: Diagnostic[] = [];
  const unknown = (list: 'aliases' | 'winners', index: number, concept: string, alias: string) =>
    error({
      reason: `the alias "${alias}" names the concept ${concept}, which the data does not have`,
      file: input.file,
      place: input.locate([list, index, 'concept']),
      ruleId: 'names/unknown-concept',
      source: 'link',
      about: [subject.concept(concept)],
      expected: 'a concept id of dist/data/concepts.json (the slug of its English name)',
    });
  annotations.aliases.forEach((a, index) => {
    known.has(a.concept) || diagnostics.push(unknown('aliases', index, a.concept, a.alias));
  });
  const winners = annotations.winners ?? [];
  winners.forEach((w, index) => {
    known.has(w.concept) || diagnostics.push(unknown('winners', index, w.concept, w.alias));
  });
  const { names, collisions } = buildNameIndex({
    ...input,
    curated: annotations.aliases.filter((a) => known.has(a.concept)),
    winners: winners.filter((w) => known.has(w.concept)),
  });
  for (const collision of collisions) diagnostics.push(collisionError(collision, input));
  return { names, diagnostics };
}

/** The line that brought a colliding spelling: the last migration whose retired id gives it, the reviewed alias, or the aliases file's `winners`. */
function collisionPlace(collision: AliasCollision, input: AliasInput): { file: string; place: Place | null } {
  const retired = collision.aliases.some((a) => a.source === 'retired');
  const migration = retired ? lastIndex(input.migrations, (m) => retiredKeys(m).includes(collision.folded)) : -1;
  if (migration >= 0 && input.migrationsAt) return { file: input.migrationsAt.file, place: input.migrationsAt.locate(['migrations', migration]) };
  const curated = input.annotations.aliases.findIndex((a) => nameKey(a.alias) === collision.folded);
  const place = curated >= 0 ? input.locate(['aliases', curated]) : (input.locate(['winners']) ?? { line: 1 });
  return { file: input.file, place };
}

/** The keys a migration's retired id is spelt under: the id, and its words. */
const retiredKeys = (m: Migration): string[] => [nameKey(m.id), nameKey((m.id.slice(m.id.indexOf('/') + 1) || m.id).replace(/-/g, ' '))];

function lastIndex<T>(list: readonly T[], test: (item: T) => boolean): number {
  for (let i = list.length - 1; i >= 0; i--) if (test(list[i]!)) return i;
  return -1;
}

function collisionError(collision: AliasCollision, input: AliasInput): Diagnostic {
  const spellings = [...new Set(collision.aliases.map((a) => `"${a.alias}" (${a.concept}, ${a.record ?? a.source})`))].join(', ');
  const [first, ...others] = collision.concepts;
  return error({
    reason: `one spelling names two concepts: ${spellings}`,
    ...collisionPlace(collision, input),
    ruleId: 'names/alias-collision',
    source: 'link',
    expected: [
      `the concept that keeps the spelling, under winners: in ${input.file} (or a different spelling):`,
      `    - alias: ${JSON.stringify(collision.aliases[0]!.alias)}`,
      `      concept: ${first}   # or ${others.join(', ')}`,
      `      note: <why, in one line>`,
    ].join('\n'),
  });
}
