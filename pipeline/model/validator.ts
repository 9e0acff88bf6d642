/**
 * What checks a value against a schema of schema/: the build's validator
 * (validate/schemas.ts, ajv or the precompiled functions) and the card
 * selection's, which only need this shape.
 */
import type { Diagnostic, Place } from './diagnostic.ts';

/**
 * One thing a value breaks in its schema, as data (ajv's keyword, the value's
 * path, the keyword's parameters): for a surface that words its own messages,
 * as the card roster does in the organiser's language.
 */
export interface SchemaProblem {
  keyword: string;
  /** Where in the value: `['players', 0, 'skils']` is `players[0].skils`. */
  path: (string | number)[];
  params: Record<string, unknown>;
  /** ajv's path to the keyword (`#/properties/players/type`; under `/anyOf/` for a branch of an anyOf, which its own problem sums up). */
  schemaPath: string;
}

export interface Validator {
  /**
   * Validate `value` against `schema/<schemaPath>`. `file` names the data in
   * messages; `locate` maps an instance path to a source line when known.
   */
  validate: (schemaPath: string, value: unknown, file: string, locate?: (path: (string | number)[]) => Place | null) => Diagnostic[];
}

/** A validator that also gives its problems as data (both of this repository's: validate/schemas.ts and the roster's). */
export interface ProblemValidator extends Validator {
  /** What `value` breaks in `schema/<schemaPath>`, as data; empty when it fits. */
  problems: (schemaPath: string, value: unknown) => SchemaProblem[];
}
