/**
 * The alias index (dist/data/names.json): every name the data gives a concept
 * and the reviewed aliases of sources/annotations/aliases.yaml, through the
 * one resolver (model/resolve-names.ts). A reviewed alias must name a concept
 * that exists; a spelling two concepts share fails the build unless the file
 * says which one wins.
 */
import { subject } from '../model/cascades.ts';
import { error, type Diagnostic } from '../model/diagnostic.ts';
import { buildNameIndex, nameKey, type NameSources } from '../model/resolve-names.ts';
import type { AliasAnnotations, NameEntry } from '../model/schema-types.ts';

type Locate = (path: readonly (string | number)[]) => { line: number; column?: number } | null;

export interface AliasInput extends Omit<NameSources, 'curated' | 'winners'> {
  annotations: AliasAnnotations;
  file: string;
  locate: Locate;
}

export function linkNames(input: AliasInput): { names: NameEntry[]; diagnostics: Diagnostic[] } {
  const known = new Set(input.concepts.map((c) => c.id));
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
  input.annotations.aliases.forEach((a, index) => {
    known.has(a.concept) || diagnostics.push(unknown('aliases', index, a.concept, a.alias));
  });
  const winners = input.annotations.winners ?? [];
  winners.forEach((w, index) => {
    known.has(w.concept) || diagnostics.push(unknown('winners', index, w.concept, w.alias));
  });
  const { names, collisions } = buildNameIndex({
    ...input,
    curated: input.annotations.aliases.filter((a) => known.has(a.concept)),
    winners: winners.filter((w) => known.has(w.concept)),
  });
  for (const collision of collisions) {
    const curated = input.annotations.aliases.findIndex((a) => nameKey(a.alias) === collision.folded);
    const spellings = [...new Set(collision.aliases.map((a) => `"${a.alias}" (${a.concept}, ${a.record ?? a.source})`))].join(', ');
    diagnostics.push(
      error({
        reason: `one spelling names two concepts: ${spellings}`,
        file: input.file,
        place: curated >= 0 ? input.locate(['aliases', curated]) : { line: 1 },
        ruleId: 'names/alias-collision',
        source: 'link',
        expected: `an entry under winners: { alias: "${collision.aliases[0]!.alias}", concept: ${collision.concepts.join(' or ')}, note: why }, or a different spelling`,
      }),
    );
  }
  return { names, diagnostics };
}
