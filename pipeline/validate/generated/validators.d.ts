// Types of the generated module next to this file (`npm run gen`).
import type { ValidateFunction } from 'ajv';

/** Digest of the schemas the validators were generated from (see schemaDigest). */
export declare const digest: string;
/** One validator per schema, by path relative to schema/. */
export declare const validators: Readonly<Record<string, ValidateFunction>>;
