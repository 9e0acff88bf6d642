/**
 * A published dataset read back (by `nuffle diff`, the api and cards targets):
 * every file parsed and checked against its published schema before anything
 * uses it, so a truncated or hand-edited `dist/data` is one located error
 * (`skills.json:812:3 error … [data/invalid-json]`), never a stack trace or a
 * wrong answer. Pure: the files' texts in, the bundle or the diagnostics out.
 */
import { BUNDLE_FILES, SINCE, type DataBundle } from '../model/dataset.ts';
import type { SchemaFile } from '../model/generate-types.ts';
import { error, type Diagnostic, type Place } from '../model/diagnostic.ts';
import { compareSchemas, requiredBump } from './schema-compat.ts';
import { SCHEMA_BASE } from './schema-digest.ts';
import { createValidator } from './schemas.ts';
import type { Validator } from '../model/validator.ts';
import type { Migration } from '../model/schema-types.ts';
import { checkMigrationIds } from './integrity.ts';

/** The schema major this tool reads and writes (the `/v<major>/` of every `$id`). */
export const SCHEMA_MAJOR = Number(/\/v(\d+)\/$/.exec(SCHEMA_BASE)![1]);

/** Where JSON.parse stopped: its `(line L column C)`, its `position N`, or the end of a text cut short. */
export function jsonErrorPlace(text: string, message: string): Place {
  const lineColumn = /\(line (\d+) column (\d+)\)/.exec(message);
  if (lineColumn) return { line: Number(lineColumn[1]), column: Number(lineColumn[2]) };
  const position = /at position (\d+)/.exec(message);
  const at = position ? Number(position[1]) : text.length;
  const before = text.slice(0, at).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

/** The major of a `2.1.0` version, or null when it is not one. */
export const majorOf = (version: unknown): number | null =>
  typeof version === 'string' && /^\d+\.\d+\.\d+$/.test(version) ? Number(version.split('.')[0]) : null;

/**
 * Parse every file of the bundle: `read(file)` gives a file's text (null when
 * absent), `label(file)` its path for messages. A file a later schema version
 * added may be absent (it is then empty).
 */
export function parseBundleFiles(
  read: (file: string) => string | null,
  label: (file: string) => string,
): { values: Partial<Record<keyof DataBundle, unknown>>; diagnostics: Diagnostic[] } {
  const values: Partial<Record<keyof DataBundle, unknown>> = {};
  const diagnostics: Diagnostic[] = [];
  for (const [key, file] of Object.entries(BUNDLE_FILES) as [keyof DataBundle, string][]) {
    const text = read(file);
    if (text === null) {
      if (key in SINCE) values[key] = [];
      else
        diagnostics.push(
          error({
            reason: `the dataset has no ${file}`,
            file: label(file),
            ruleId: 'data/missing-file',
            source: 'read',
            note: 'a dist/data folder holds every file nuffle build writes; build it again (nuffle build --only data)',
          }),
        );
      continue;
    }
    try {
      values[key] = JSON.parse(text);
    } catch (cause) {
      const message = (cause as Error).message;
      diagnostics.push(
        error({
          reason: `${file} is not JSON: ${jsonProblem(message)}`,
          file: label(file),
          place: jsonErrorPlace(text, message),
          ruleId: 'data/invalid-json',
          source: 'read',
          expected: 'the JSON nuffle build wrote',
          note: 'the file was cut off or edited by hand; build the dataset again (nuffle build --only data), or restore the release',
        }),
      );
    }
  }
  return { values, diagnostics };
}

/**
 * Check the parsed files against the dataset's published schemas (meta.json
 * against meta.schema.json, `x.json` against `x.schema.json`). The schema
 * major must be this tool's (or, with `previousMajor`, the one before: the
 * old side of `nuffle diff` across a new contract): data of another major is
 * refused before its schemas are read.
 */
export function checkBundle(
  values: Partial<Record<keyof DataBundle, unknown>>,
  validator: () => Validator,
  label: (file: string) => string,
  options: { previousMajor?: boolean } = {},
): { bundle: DataBundle | null; diagnostics: Diagnostic[] } {
  const version = (values.meta as { schemaVersion?: unknown } | undefined)?.schemaVersion;
  const major = majorOf(version);
  if (values.meta !== undefined && major !== SCHEMA_MAJOR && !(options.previousMajor && major === SCHEMA_MAJOR - 1)) {
    return {
      bundle: null,
      diagnostics: [
        error({
          reason: `the dataset's schema version is ${typeof version === 'string' ? version : JSON.stringify(version)}; this nuffle reads schema version ${SCHEMA_MAJOR}.x`,
          file: label(BUNDLE_FILES.meta),
          ruleId: 'data/schema-major',
          source: 'read',
          expected: `schemaVersion ${SCHEMA_MAJOR}.x.y`,
          note: 'a major version changes the shape of the data: use the nuffle of that major, or build the data again with this one',
        }),
      ],
    };
  }
  const check = validator();
  const diagnostics = (Object.entries(BUNDLE_FILES) as [keyof DataBundle, string][]).flatMap(([key, file]) =>
    // Stryker disable next-line Regex: a data file's name holds `.json` once, at its end
    values[key] === undefined ? [] : check.validate(file.replace(/\.json$/, '.schema.json'), values[key], label(file)),
  );
  if (!diagnostics.length && values.migrations) diagnostics.push(...checkMigrationIds(values.migrations as Migration[], label(BUNDLE_FILES.migrations)));
  return { bundle: diagnostics.length ? null : (values as DataBundle), diagnostics };
}

/** How to read one dataset folder: its files' texts, their paths for messages, its published schemas. */
export interface DataReader {
  read: (file: string) => string | null;
  label: (file: string) => string;
  schemas: () => readonly SchemaFile[];
}

/** The dataset, parsed and checked against its own published schemas; or every problem found, located. */
export function readBundle(
  reader: DataReader,
  options: { previousMajor?: boolean } = {},
): { bundle: DataBundle | null; diagnostics: Diagnostic[]; validator?: Validator } {
  const parsed = parseBundleFiles(reader.read, reader.label);
  if (parsed.diagnostics.length) return { bundle: null, diagnostics: parsed.diagnostics };
  let problem: Diagnostic | null = null;
  let made: Validator | undefined;
  const validator = (): Validator => {
    const schemas = reader.schemas();
    // A release of the previous major that ships no schemas (the release snapshot): checked when it was released, read as written.
    if (options.previousMajor && schemas.length === 0) return { validate: () => [] };
    const unusable = (cause: unknown, file?: string): Validator => {
      const message = (cause as Error).message;
      problem ??= error({
        reason: `a published schema of the dataset cannot be used: ${message}`,
        file: reader.label(file ?? /^(schema\/\S+?):/.exec(message)?.[1] ?? 'schema'),
        ruleId: 'schema/broken',
        source: 'read',
        note: 'the dataset was cut off or edited by hand; build it again',
      });
      return { validate: () => [] };
    };
    try {
      made = createValidator(schemas);
    } catch (cause) {
      return unusable(cause);
    }
    const own = made;
    // A schema the dataset does not ship (an empty or cut-off schema/ folder) is found only when a file is checked against it.
    return {
      validate: (schemaPath, ...rest) => {
        try {
          return own.validate(schemaPath, ...rest);
        } catch (cause) {
          return unusable(cause, `schema/${schemaPath}`).validate(schemaPath, ...rest);
        }
      },
    };
  };
  const checked = checkBundle(parsed.values, validator, reader.label, options);
  return problem ? { bundle: null, diagnostics: [problem] } : made ? { ...checked, validator: made } : checked;
}

/**
 * The first change between a dataset's shipped schemas and this nuffle's that
 * is major both ways (a type or bound changed, not a property one side added):
 * data whose shipped schemas claim this major but do not keep its contract.
 * Null when they agree up to additions.
 */
export function incompatibleSchemaChange(shipped: readonly SchemaFile[], own: readonly SchemaFile[]): string | null {
  const byPath = (schemas: readonly SchemaFile[]) => Object.fromEntries(schemas.filter((s) => !s.path.startsWith('input/')).map((s) => [s.path, s.schema]));
  const [a, b] = [byPath(shipped), byPath(own)];
  const forward = compareSchemas(a, b);
  const backward = compareSchemas(b, a);
  if (requiredBump(forward) !== 'major' || requiredBump(backward) !== 'major') return null;
  const backwardAt = new Set(backward.filter((c) => c.bump === 'major').map((c) => c.at));
  const both = forward.find((c) => c.bump === 'major' && backwardAt.has(c.at)) ?? forward.find((c) => c.bump === 'major')!;
  return `${both.at}: ${both.what}`;
}

/** A JSON.parse message without its position (the place says where), in plain words for a cut-off file. */
function jsonProblem(message: string): string {
  const at = message.indexOf(' in JSON at position ');
  const bare = at === -1 ? message : message.slice(0, at);
  return bare === 'Unexpected end of JSON input' ? 'the file ends too soon (cut off?)' : bare;
}
