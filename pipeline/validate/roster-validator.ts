/**
 * A `Validator` of rosters only, from the module `npm run gen` writes
 * (generated/roster-validator.js, ajv's standalone code with the options of
 * every other validator): what the site's card page checks a pasted roster
 * with, without ajv or Node. Its diagnostics are the CLI's (schema-diagnostic.ts).
 */
import { validateRoster } from './generated/roster-validator.js';
import { toDiagnostic, toProblem } from './schema-diagnostic.ts';
import type { ProblemValidator } from '../model/validator.ts';

/** The path of the roster's schema under schema/, as `Validator.validate` names it. */
export const ROSTER_SCHEMA = 'input/roster.schema.json';

const only = (schemaPath: string): void => {
  if (schemaPath !== ROSTER_SCHEMA) throw new Error(`the roster validator checks ${ROSTER_SCHEMA} only, not ${schemaPath}`);
};

export function createRosterValidator(): ProblemValidator {
  return {
    validate(schemaPath, value, file, locate) {
      only(schemaPath);
      if (validateRoster(value)) return [];
      return (validateRoster.errors ?? []).map((problem) => toDiagnostic(problem, value, schemaPath, file, locate));
    },
    problems(schemaPath, value) {
      only(schemaPath);
      return validateRoster(value) ? [] : (validateRoster.errors ?? []).map(toProblem);
    },
  };
}
