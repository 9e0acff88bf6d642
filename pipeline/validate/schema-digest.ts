/**
 * What ties the generated validators to the schemas they were compiled from:
 * the ajv options and a digest of the schemas as read. Light on purpose: the
 * build imports it, ajv stays unloaded.
 */
import { createHash } from 'node:crypto';
import type { SchemaFile } from '../model/generate-types.ts';

/** Every schema's `$id` is this base + its path under schema/. */
export const SCHEMA_BASE = 'https://nuffle-codex.dev/schema/v4/';

/** The options every validator is compiled with, ahead of time or at run time. */
export const AJV_OPTIONS = { strict: true, allErrors: true, allowUnionTypes: true } as const;

/** Digest of the schemas as read (paths and parsed values): what the generated module must match. */
export function schemaDigest(schemas: readonly SchemaFile[]): string {
  return createHash('sha256')
    .update(JSON.stringify(schemas.map(({ path, schema }) => [path, schema])))
    .digest('hex');
}
