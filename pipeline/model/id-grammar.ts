/**
 * The published grammar of every kind of id: the `pattern` and `maxLength`
 * the data contract gives it (schema/common.schema.json, inducements.schema.json,
 * leagues.schema.json, random-tables.schema.json), written here once for the
 * checks that cannot ask a schema (a migration's id, whose kind is in its
 * entry; a lock line). test/id-grammar.test.ts reads each schema and fails
 * when a pattern or a bound here differs from it, so the schemas stay the one
 * source. No Node module: the runtime API may use it too.
 */
import type { IdKind } from './schema-types.ts';

/** Every kind of id a source, an annotation or the lock names. */
export type GrammarKind = IdKind | 'edition' | 'source' | 'erratum' | 'table' | 'slug';

export interface IdGrammar {
  pattern: RegExp;
  /** The schema's maxLength; none for a fixed-length id. */
  maxLength?: number;
  /** What the id looks like, for messages. */
  shape: string;
  /** Where the contract defines it: `<schema file>#<JSON pointer>`. */
  schema: string;
}

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const SLUG_SHAPE = 'lower-case letters and digits in words joined by "-"';

/** The grammar of each kind (the patterns are the schemas', character for character). */
export const ID_GRAMMAR: Readonly<Record<GrammarKind, IdGrammar>> = {
  concept: { pattern: SLUG, maxLength: 120, shape: `${SLUG_SHAPE} (mighty-blow)`, schema: 'common.schema.json#/$defs/conceptId' },
  record: {
    pattern: /^[a-z0-9]+(-[a-z0-9]+)*\/[a-z0-9]+(-[a-z0-9]+)*$/,
    maxLength: 120,
    shape: '<edition>/<slug of the name> (en-2020/mighty-blow)',
    schema: 'common.schema.json#/$defs/recordId',
  },
  ruling: {
    pattern: /^[a-z0-9]+(-[a-z0-9]+)*\/r-[0-9a-f]{8}$/,
    shape: '<edition>/r-<8 hex digits> (en-2020/r-1a2b3c4d)',
    schema: 'common.schema.json#/$defs/rulingId',
  },
  inducement: {
    pattern: /^[a-z0-9]+(-[a-z0-9]+)*\/[a-z0-9]+(-[a-z0-9]+)*$/,
    maxLength: 120,
    shape: '<edition>/<slug> (en-2020-inducements/bloodweiser-kegs)',
    schema: 'inducements.schema.json#/$defs/inducement/properties/id',
  },
  spell: {
    pattern: /^[a-z0-9-]+\/[a-z0-9-]+\/[a-z0-9-]+$/,
    maxLength: 120,
    shape: '<edition>/<inducement slug>/<spell slug> (en-2020-inducements/hireling-sports-wizard/zap)',
    schema: 'inducements.schema.json#/$defs/spell/properties/id',
  },
  league: { pattern: SLUG, maxLength: 120, shape: `${SLUG_SHAPE} (badlands-brawl)`, schema: 'leagues.schema.json#/$defs/league/properties/id' },
  edition: { pattern: SLUG, maxLength: 120, shape: `${SLUG_SHAPE} (en-2020)`, schema: 'common.schema.json#/$defs/editionId' },
  source: { pattern: SLUG, maxLength: 120, shape: `${SLUG_SHAPE} (en-2020-skills-traits)`, schema: 'common.schema.json#/$defs/sourceId' },
  erratum: {
    pattern: /^[a-z0-9]+(-[a-z0-9]+)*\/[a-z0-9]+(-[a-z0-9]+)*$/,
    maxLength: 120,
    shape: '<edition>/<slug> (en-2020/very-long-legs-zero)',
    schema: 'common.schema.json#/$defs/errataId',
  },
  table: {
    pattern: /^[a-z0-9-]+\/(blood-bowl|dungeon-bowl)\/[a-z]+$/,
    shape: '<edition>/<game>/<category> (en-2020/blood-bowl/agility)',
    schema: 'random-tables.schema.json#/$defs/randomTable/properties/id',
  },
  slug: { pattern: SLUG, maxLength: 120, shape: `${SLUG_SHAPE} (bloodweiser-kegs)`, schema: 'input/inducements.schema.json#/$defs/record/properties/id' },
};

/** Why `id` is not an id of `kind` by the published grammar; null when it is. */
export function idGrammarProblem(kind: GrammarKind, id: string): string | null {
  const grammar = ID_GRAMMAR[kind];
  if (grammar.maxLength !== undefined && id.length > grammar.maxLength)
    return `it is ${id.length} characters long; ${kind} ids have at most ${grammar.maxLength}`;
  if (!grammar.pattern.test(id)) return `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind} id reads ${grammar.shape}`;
  return null;
}
