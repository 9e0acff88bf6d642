// Types of the generated module next to this file (`npm run gen`).
import type { ValidateFunction } from 'ajv';

/** The ajv standalone validator of schema/input/roster.schema.json. */
export declare const validateRoster: ValidateFunction;
