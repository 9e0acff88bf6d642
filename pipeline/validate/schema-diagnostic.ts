/**
 * An ajv error as a located diagnostic: the record it is in, the instance
 * path, what the schema expected. No Node module: the site's card page
 * reports a roster's schema errors with it, as the CLI does.
 */
import type { ErrorObject } from 'ajv/dist/2020.js';
import { error, type Diagnostic, type Place } from '../model/diagnostic.ts';
import type { SchemaProblem } from '../model/validator.ts';
import { locateKeyword, placeText, type SchemaLookup } from './schema-location.ts';

export function toDiagnostic(
  problem: ErrorObject,
  value: unknown,
  schemaPath: string,
  file: string,
  locate?: (path: (string | number)[]) => Place | null,
  schemas?: SchemaLookup,
): Diagnostic {
  const path = instancePath(problem);
  const where = problem.instancePath || '(root)';
  const id = recordIdAt(value, path);
  const detail =
    problem.keyword === 'additionalProperties'
      ? `unknown key "${String(problem.params.additionalProperty)}"`
      : problem.keyword === 'enum'
        ? `${problem.message}: ${(problem.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`
        : (problem.message ?? problem.keyword);
  return error({
    reason: `${id ? `${id}: ` : ''}${where} ${detail}`,
    file,
    place: locate?.(path) ?? null,
    ruleId: 'schema/invalid',
    source: 'validate',
    expected: expectedAt(problem, schemaPath, schemas),
    actual: JSON.stringify(valueAt(value, path))?.slice(0, 160) ?? 'undefined',
  });
}

/**
 * The schema path of the keyword that failed, `file#/pointer`, and the `$ref`
 * that led there from another file. Without the schemas, ajv's path as it is:
 * after the file's name when it starts at `#`, else the `$ref` it starts with.
 */
function expectedAt(problem: ErrorObject, schemaPath: string, schemas: SchemaLookup | undefined): string {
  const found = schemas ? locateKeyword(problem, schemaPath, schemas) : null;
  if (found) return `${placeText(found.at)}${found.via ? ` (by the $ref at ${placeText(found.via)})` : ''}`;
  return problem.schemaPath.startsWith('#') ? `${schemaPath}${problem.schemaPath}` : `${problem.schemaPath} (by a $ref in ${schemaPath})`;
}

function valueAt(value: unknown, path: readonly (string | number)[]): unknown {
  let current = value;
  for (const part of path) current = current && typeof current === 'object' ? (current as Record<string, unknown>)[part] : undefined;
  return current;
}

/** The `id` of the outermost record on the path, to name it in messages. */
function recordIdAt(value: unknown, path: readonly (string | number)[]): string | null {
  if (typeof path[0] !== 'number') return null;
  const record = valueAt(value, path.slice(0, 1));
  // Records name themselves by `id`; crosswalk rows by the `record` they link.
  const fields = record && typeof record === 'object' ? (record as Record<string, unknown>) : {};
  const id = fields.id ?? fields.record;
  return typeof id === 'string' ? id : null;
}

/** An ajv error's instance path as keys and indexes: `/players/0/name` → `['players', 0, 'name']`. */
function instancePath(problem: ErrorObject): (string | number)[] {
  return problem.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** An ajv error as data (`Validator.problems`): its keyword, the value's path, its parameters. */
export const toProblem = (problem: ErrorObject): SchemaProblem => ({
  keyword: problem.keyword,
  path: instancePath(problem),
  params: { ...problem.params },
  schemaPath: problem.schemaPath,
});
