/**
 * What checks a value against a schema of schema/: the build's validator
 * (validate/schemas.ts, ajv or the precompiled functions) and the card
 * selection's, which only need this shape.
 */
import type { Diagnostic, Place } from './diagnostic.ts';

export interface Validator {
  /**
   * Validate `value` against `schema/<schemaPath>`. `file` names the data in
   * messages; `locate` maps an instance path to a source line when known.
   */
  validate: (schemaPath: string, value: unknown, file: string, locate?: (path: (string | number)[]) => Place | null) => Diagnostic[];
}
