/**
 * Where in schema/ the keyword an ajv error names sits, `$ref`s followed.
 * ajv's `schemaPath` is relative to the code it ran: `#/…` from the top of
 * the schema validated or of a `$ref`'d schema it calls as a function (one
 * that has `$ref`s of its own), or the `$ref` as written, then the path
 * inside, when it inlines the schema referred to
 * (`common.schema.json#/$defs/lang/enum`). Neither names the file, so the
 * place is found again by walking the schemas along the value's path. No
 * Node module: the site's card page uses it.
 */

/** A place in schema/: a file's path under it and a JSON pointer (`''` for the whole file). */
export interface SchemaPlace {
  file: string;
  pointer: string;
}

/** A schema of schema/ by its path there (`input/roster.schema.json`); undefined when there is none. */
export type SchemaLookup = (path: string) => unknown;

/** Where an error's keyword is, and the `$ref` that led there from another file (null when none did). */
export interface KeywordPlace {
  at: SchemaPlace;
  via: SchemaPlace | null;
}

/** A schema ajv may have run as its own code: its place, the prefix ajv writes for it, the `$ref` that led to it. */
interface Root {
  prefix: string;
  at: SchemaPlace;
  via: SchemaPlace | null;
}

/** The keyword's place, or null when the walk finds none that exists. */
export function locateKeyword(problem: { instancePath: string; schemaPath: string }, top: string, schemas: SchemaLookup): KeywordPlace | null {
  const roots: Root[] = [{ prefix: '#', at: { file: top, pointer: '' }, via: null }];
  let at: SchemaPlace | null = roots[0]!.at;
  for (const part of problem.instancePath.split('/').slice(1).map(fromPointer)) {
    at = childOf(follow(at, roots, schemas), part, schemas);
    if (!at) break;
  }
  if (at) follow(at, roots, schemas);
  // The deepest schema first: a `#/…` path belongs to the last function called.
  for (const root of roots.reverse()) {
    const { schemaPath } = problem;
    // ajv always writes the keyword after the prefix.
    if (!schemaPath.startsWith(`${root.prefix}/`)) continue;
    const place = { file: root.at.file, pointer: root.at.pointer + schemaPath.slice(root.prefix.length) };
    if (valueAt(place, schemas) !== undefined) return { at: place, via: root.via };
  }
  return null;
}

/** `file#/pointer`, as a schema path is written. */
export const placeText = (place: SchemaPlace) => `${place.file}#${place.pointer}`;

/** The schema a `$ref` chain starting at `at` ends in, each step recorded as a root. */
function follow(at: SchemaPlace, roots: Root[], schemas: SchemaLookup): SchemaPlace {
  let current = at;
  // A chain longer than this is a loop (`$ref: '#'` in the schema it names).
  // Stryker disable next-line EqualityOperator: one step more of a loop changes nothing
  for (let step = 0; step < 32; step++) {
    const schema = valueAt(current, schemas);
    if (!isObject(schema) || typeof schema.$ref !== 'string') return current;
    const target = resolveRef(current, schema.$ref);
    const via = target.file === top(roots) ? null : current;
    // Called, its errors start at `#`; inlined, at the `$ref` as written. Either way, from its target.
    roots.push({ prefix: '#', at: target, via }, { prefix: schema.$ref, at: target, via });
    current = target;
  }
  return current;
}

const top = (roots: readonly Root[]) => roots[0]!.at.file;

/** The schema of one step of a value's path: an item of an array, a property of an object. */
function childOf(at: SchemaPlace, part: string, schemas: SchemaLookup): SchemaPlace | null {
  const schema = valueAt(at, schemas);
  if (!isObject(schema)) return null;
  const below = (...parts: string[]) => ({ file: at.file, pointer: `${at.pointer}/${parts.map(toPointer).join('/')}` });
  // A schema with items is one of an array (an object's error would be its type), so `part` is an index.
  if (Array.isArray(schema.prefixItems) || isObject(schema.items)) {
    return Array.isArray(schema.prefixItems) && Number(part) < schema.prefixItems.length ? below('prefixItems', part) : below('items');
  }
  if (isObject(schema.properties) && isObject(schema.properties[part])) return below('properties', part);
  if (isObject(schema.additionalProperties)) return below('additionalProperties');
  return null;
}

/** A `$ref` against the schema it is in: a file beside it (`../common.schema.json`), a published `$id`, or a pointer in the same file. */
function resolveRef(from: SchemaPlace, ref: string): SchemaPlace {
  const url = new URL(ref, `${LOCAL}${from.file}`);
  const path = url.pathname.split('/').slice(1);
  // A local file, or a published id (`https://nuffle-codex.dev/schema/<version>/<path>`).
  const file = url.origin === new URL(LOCAL).origin ? path.join('/') : path.slice(2).join('/');
  return { file: decodeURIComponent(file), pointer: decodeURIComponent(url.hash.slice(1)) };
}

/** A base no real schema has, to resolve relative references against. */
const LOCAL = 'https://schema.invalid/';

function valueAt(place: SchemaPlace, schemas: SchemaLookup): unknown {
  let current = schemas(place.file);
  for (const part of place.pointer.split('/').slice(1).map(fromPointer)) current = isObject(current) ? current[part] : undefined;
  return current;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const fromPointer = (part: string) => part.replace(/~1/g, '/').replace(/~0/g, '~');
const toPointer = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');
