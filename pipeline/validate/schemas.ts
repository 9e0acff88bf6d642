/**
 * JSON Schema validation (ajv, draft 2020-12, strict mode) of every record
 * and every file at stage boundaries. A failure is a build error that names
 * the record and the schema path.
 */
import { createRequire } from 'node:module';
import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';
import type { ProblemValidator } from '../model/validator.ts';
import { toDiagnostic, toProblem } from './schema-diagnostic.ts';
import type { SchemaFile } from '../model/generate-types.ts';
import { AJV_OPTIONS, SCHEMA_BASE, schemaDigest } from './schema-digest.ts';
import * as generated from './generated/validators.js';

/** A schema in schema/ that cannot be used: a developer error, reported with the file. */
export class SchemaError extends Error {
  readonly path: string;
  constructor(path: string, message: string) {
    super(`schema/${path}: ${message}`);
    this.path = path;
  }
}

export function createValidator(schemas: readonly SchemaFile[]): ProblemValidator {
  // The schemas `npm run gen` compiled ahead of time: plain functions, nothing to compile.
  // Other schemas (being edited, or a test's) are compiled by ajv, loaded only then.
  // The generated module compiled each schema by the id SCHEMA_BASE + path, so schemas of its digest have the right $ids.
  // Stryker disable next-line ConditionalExpression: compiling at run time gives the same diagnostics, only later
  const get = schemaDigest(schemas) === generated.digest ? precompiled : compileAtRunTime(schemas);
  const byPath = new Map(schemas.map(({ path, schema }) => [path, schema]));
  const lookup = (path: string) => byPath.get(path);
  return {
    validate(schemaPath, value, file, locate) {
      const fn = get(schemaPath);
      if (fn(value)) return [];
      // Stryker disable next-line ArrayDeclaration: ajv sets `errors` whenever a value fails
      return (fn.errors ?? []).map((problem) => toDiagnostic(problem, value, schemaPath, file, locate, lookup));
    },
    problems(schemaPath, value) {
      const fn = get(schemaPath);
      return fn(value) ? [] : (fn.errors ?? []).map(toProblem);
    },
  };
}

function precompiled(schemaPath: string): ValidateFunction {
  const fn = generated.validators[schemaPath];
  if (!fn) throw new Error(`no schema ${schemaPath}`);
  return fn;
}

/**
 * A schema's `$id` is its path under the base: `…/schema/v4/<path>` in the
 * repository, `…/schema/<schemaVersion>/<path>` as published (each release's
 * schemas have their own ids). Returns the id.
 */
function checkId(path: string, schema: SchemaFile['schema']): string {
  const id = String(schema.$id);
  // Stryker disable next-line Regex: SCHEMA_BASE ends in `v3/`, which every variant of the pattern removes alike
  const root = SCHEMA_BASE.replace(/v\d+\/$/, '');
  const segment = id.startsWith(root) && id.endsWith(`/${path}`) ? id.slice(root.length, id.length - path.length - 1) : null;
  if (segment === null || !/^(?:v\d+|\d+\.\d+\.\d+)$/.test(segment))
    throw new SchemaError(path, `$id must be ${SCHEMA_BASE + path} (or, published, ${root}<schemaVersion>/${path}), found ${id}`);
  return id;
}

function compileAtRunTime(schemas: readonly SchemaFile[]): (schemaPath: string) => ValidateFunction {
  const { Ajv2020: Ajv } = createRequire(import.meta.url)('ajv/dist/2020.js') as { Ajv2020: typeof Ajv2020 };
  const ajv = new Ajv(AJV_OPTIONS);
  const ids = new Map<string, string>();
  for (const { path, schema } of schemas) {
    ids.set(path, checkId(path, schema));
    try {
      ajv.addSchema(schema);
    } catch (cause) {
      throw new SchemaError(path, (cause as Error).message);
    }
  }
  // Compile every schema now, so a broken one is reported by name before any data is read:
  // the top-level schemas first, since those in folders (api/, input/) refer to them.
  const depth = (path: string) => path.split('/').length;
  for (const { path } of [...schemas].sort((a, b) => depth(a.path) - depth(b.path))) {
    try {
      ajv.getSchema(ids.get(path)!);
    } catch (cause) {
      throw new SchemaError(path, (cause as Error).message);
    }
  }
  const compiled = new Map<string, ValidateFunction>();
  return (schemaPath) => {
    let fn = compiled.get(schemaPath);
    // Stryker disable next-line ConditionalExpression: the cache only spares a look-up; ajv.getSchema gives the same function again
    if (!fn) {
      fn = ajv.getSchema(ids.get(schemaPath) ?? SCHEMA_BASE + schemaPath);
      if (!fn) throw new Error(`no schema ${schemaPath}`);
      // Stryker disable next-line all: the cache only spares a look-up
      compiled.set(schemaPath, fn);
    }
    return fn;
  };
}
