import type { Concept, FrenchName, Lang, NameEntry } from './schema-types.ts';

/** `Mighty Blow (+1)*` → name `Mighty Blow`, parameter `+1`, compulsory. */
export function splitDisplayName(displayName: string): { name: string; parameter: string | null; compulsory: boolean } {
  // String operations, not a lazy regular expression: linear on a line of any length, and any character (U+2028 too).
  let body = displayName.trim();
  const compulsory = body.endsWith('*');
  if (compulsory) body = body.slice(0, -1);
  if (body.endsWith(')')) {
    const open = body.lastIndexOf('(');
    const inner = open < 0 ? '' : body.slice(open + 1, -1);
    if (inner !== '' && !/[()]/.test(inner)) return { name: body.slice(0, open).trim(), parameter: inner.trim(), compulsory };
  }
  return { name: body.trim(), parameter: null, compulsory };
}

/**
 * A concept's name in `lang` when the rule has one there, else in the
 * language it has (English first), with that language: a rule only the
 * French list has is named in French wherever it is shown, never under an
 * invented English name.
 */
export function conceptNameIn(concept: { name: string; names: { en?: string; fr?: string } }, lang: Lang): { name: string; lang: Lang } {
  const own = concept.names[lang];
  if (own !== undefined) return { name: own, lang };
  if (concept.names.en !== undefined) return { name: concept.names.en, lang: 'en' };
  return concept.names.fr !== undefined ? { name: concept.names.fr, lang: 'fr' } : { name: concept.name, lang: 'en' };
}

/**
 * A concept's name in a language, with where it comes from: its own name
 * there (`source`: concepts.json `names`, a source of that language names
 * it), else a reviewed alias of that language (`reviewed`:
 * annotations/aliases.yaml, as names.json gives it: the first in its order;
 * `Blocage` for Block); null when it has neither. The one rule: the link
 * stage sets concepts.json `frenchName` with it (build/stages.ts
 * linkAliases), from which getConcept, the static API and SQLite and CSV
 * `name_fr` with `name_fr_source` give it; the cards read it too.
 */
export function sourcedNameIn(
  concept: Pick<Concept, 'id' | 'names'>,
  names: readonly Pick<NameEntry, 'alias' | 'concept' | 'lang' | 'source'>[],
  lang: Lang,
): { name: string; from: FrenchName['from'] } | null {
  const own = concept.names[lang];
  if (own) return { name: own, from: 'source' };
  const reviewed = names.find((n) => n.concept === concept.id && n.lang === lang && n.source === 'curated');
  return reviewed ? { name: reviewed.alias, from: 'reviewed' } : null;
}

/**
 * A concept's name in a language for a card or a resolver: its name there,
 * from a source or reviewed (`sourcedNameIn`), else its name in the language
 * it has (`conceptNameIn`).
 */
export function reviewedNameIn(
  concept: Pick<Concept, 'id' | 'name' | 'names'>,
  names: readonly Pick<NameEntry, 'alias' | 'concept' | 'lang' | 'source'>[],
  lang: Lang,
): string {
  return sourcedNameIn(concept, names, lang)?.name ?? conceptNameIn(concept, lang).name;
}
