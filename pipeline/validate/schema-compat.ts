/**
 * Schema compatibility: what a change to the published schemas means for a
 * consumer, by the rules in docs/DATA.md.
 * - major: a schema, property, enum value or type removed; a type, `const`,
 *   `$ref`, `pattern`, bound or `additionalProperties` changed (widening a type
 *   to admit `null` included);
 * - minor: a schema, property or enum value added; a bound that narrows what
 *   the data may hold (a `maxLength` added or lowered, a `minimum` added or
 *   raised, …): every file valid under the new contract is valid under the
 *   old, so no consumer breaks (a bound loosened or removed is major);
 * - patch: only descriptions, titles or examples changed.
 * `$id`s and `$ref`s are compared without their `/v<major>/` segment (or, as
 * published, their `/<schemaVersion>/` one), since a bump moves them.
 */
export type Bump = 'major' | 'minor' | 'patch' | 'none';

export interface SchemaChange {
  bump: Exclude<Bump, 'none'>;
  /** `skills.schema.json#/$defs/skill/properties/compulsory/type` */
  at: string;
  what: string;
}

const DOCS = new Set(['description', 'title', 'examples', '$comment']);
/** Bounds whose lower value narrows, and whose higher value narrows. */
const UPPER_BOUNDS = new Set(['maxLength', 'maxItems', 'maxProperties', 'maximum', 'exclusiveMaximum']);
const LOWER_BOUNDS = new Set(['minLength', 'minItems', 'minProperties', 'minimum', 'exclusiveMinimum']);

/** A bound added, moved or removed: minor when it narrows what the data may hold, major when it widens it. */
function boundChange(key: string, a: unknown, b: unknown): Exclude<Bump, 'none' | 'patch'> {
  if (b === undefined || typeof b !== 'number') return 'major';
  if (a === undefined) return 'minor';
  if (typeof a !== 'number') return 'major';
  return UPPER_BOUNDS.has(key) ? (b <= a ? 'minor' : 'major') : b >= a ? 'minor' : 'major';
}
const RANK: Record<Bump, number> = { none: 0, patch: 1, minor: 2, major: 3 };

const unversioned = (value: unknown): unknown => (typeof value === 'string' ? value.replace(/\/schema\/(?:v\d+|\d+\.\d+\.\d+)\//, '/schema/') : value);
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function compareNode(before: unknown, after: unknown, at: string, out: SchemaChange[]): void {
  if (!isObject(before) || !isObject(after)) {
    if (!same(unversioned(before), unversioned(after))) out.push({ bump: 'major', at, what: 'changed' });
    return;
  }
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const here = `${at}/${key}`;
    const a = before[key];
    const b = after[key];
    if (DOCS.has(key)) {
      if (!same(a, b)) out.push({ bump: 'patch', at: here, what: 'documentation changed' });
      continue;
    }
    if (key === '$id' || key === '$ref' || key === '$schema') {
      if (!same(unversioned(a), unversioned(b))) out.push({ bump: 'major', at: here, what: `${key} ${String(a)} → ${String(b)}` });
      continue;
    }
    if (key === 'properties' || key === '$defs') compareMembers(key, a, b, here, out);
    else if (key === 'required') compareRequired(before, a, b, here, out);
    else if (key === 'enum') compareEnum(a, b, here, out);
    else compareKeyword(key, a, b, here, out);
  }
}

/** `properties` or `$defs`: a member removed is major, added minor; a member in both is compared. */
function compareMembers(key: 'properties' | '$defs', a: unknown, b: unknown, here: string, out: SchemaChange[]): void {
  const pa = isObject(a) ? a : {};
  const pb = isObject(b) ? b : {};
  for (const name of new Set([...Object.keys(pa), ...Object.keys(pb)])) {
    if (!(name in pb)) out.push({ bump: 'major', at: `${here}/${name}`, what: key === 'properties' ? 'property removed' : 'definition removed' });
    else if (!(name in pa)) out.push({ bump: 'minor', at: `${here}/${name}`, what: key === 'properties' ? 'property added' : 'definition added' });
    else compareNode(pa[name], pb[name], `${here}/${name}`, out);
  }
}

/** `required`: a field no longer required, or an existing field now required, is major. */
function compareRequired(before: Record<string, unknown>, a: unknown, b: unknown, here: string, out: SchemaChange[]): void {
  // A new field is required as soon as it exists: adding it is the minor change of compareMembers.
  const ra = new Set((a as string[] | undefined) ?? []);
  const rb = new Set((b as string[] | undefined) ?? []);
  for (const name of ra) if (!rb.has(name)) out.push({ bump: 'major', at: here, what: `${name} no longer required` });
  const added = isObject(before.properties) ? Object.keys(before.properties) : [];
  for (const name of rb) if (!ra.has(name) && added.includes(name)) out.push({ bump: 'major', at: here, what: `existing ${name} now required` });
}

/** `enum`: a value removed is major, added minor. */
function compareEnum(a: unknown, b: unknown, here: string, out: SchemaChange[]): void {
  const ea = (a as unknown[] | undefined) ?? [];
  const eb = (b as unknown[] | undefined) ?? [];
  for (const v of ea) if (!eb.some((x) => same(x, v))) out.push({ bump: 'major', at: here, what: `value ${JSON.stringify(v)} removed` });
  for (const v of eb) if (!ea.some((x) => same(x, v))) out.push({ bump: 'minor', at: here, what: `value ${JSON.stringify(v)} added` });
}

/** Any other keyword: bounds by direction; a subschema or a list of them compared; anything else changed is major. */
function compareKeyword(key: string, a: unknown, b: unknown, here: string, out: SchemaChange[]): void {
  if (UPPER_BOUNDS.has(key) || LOWER_BOUNDS.has(key)) {
    if (!same(a, b))
      out.push({
        bump: boundChange(key, a, b),
        at: here,
        what: a === undefined ? `${key} ${JSON.stringify(b)} added` : b === undefined ? `${key} removed` : `${key} ${JSON.stringify(a)} → ${JSON.stringify(b)}`,
      });
    return;
  }
  if (a === undefined) out.push({ bump: 'major', at: here, what: `${key} added` });
  else if (b === undefined) out.push({ bump: 'major', at: here, what: `${key} removed` });
  else if (isObject(a) && isObject(b)) compareNode(a, b, here, out);
  else if (Array.isArray(a) && Array.isArray(b) && (key === 'anyOf' || key === 'oneOf' || key === 'allOf' || key === 'prefixItems') && a.length === b.length) {
    for (const [i, item] of a.entries()) compareNode(item, b[i], `${here}/${i}`, out);
  } else if (!same(unversioned(a), unversioned(b))) out.push({ bump: 'major', at: here, what: `${key} ${JSON.stringify(a)} → ${JSON.stringify(b)}` });
}

/** Every change between two sets of published schemas (path → schema). */
export function compareSchemas(before: Readonly<Record<string, unknown>>, after: Readonly<Record<string, unknown>>): SchemaChange[] {
  const out: SchemaChange[] = [];
  for (const path of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (!(path in after)) out.push({ bump: 'major', at: path, what: 'schema removed' });
    else if (!(path in before)) out.push({ bump: 'minor', at: path, what: 'schema added' });
    else compareNode(before[path], after[path], `${path}#`, out);
  }
  return out;
}

/** The bump the changes need. */
// Stryker disable next-line EqualityOperator: `>=` replaces a bump by an equal one
export const requiredBump = (changes: readonly SchemaChange[]): Bump => changes.reduce<Bump>((bump, c) => (RANK[c.bump] > RANK[bump] ? c.bump : bump), 'none');

/** The bump from one semver to the next (`2.0.0` → `2.1.0` is minor), or none when not greater. */
export function versionBump(from: string, to: string): Bump {
  const [a, b] = [from, to].map((v) => v.split('.').map(Number)) as [number[], number[]];
  if (b[0]! > a[0]!) return 'major';
  if (b[0]! < a[0]!) return 'none';
  if (b[1]! > a[1]!) return 'minor';
  if (b[1]! < a[1]!) return 'none';
  return b[2]! > a[2]! ? 'patch' : 'none';
}

/** Whether moving from `from` to `to` is enough for these changes. */
export const bumpSuffices = (changes: readonly SchemaChange[], from: string, to: string): boolean => RANK[versionBump(from, to)] >= RANK[requiredBump(changes)];
