/**
 * Where a schema error's keyword is, `$ref`s followed, on literal schemas:
 * ajv writes a path relative to the code it ran (the `$ref` as written when
 * it inlines a schema, `#` when it calls one), and the diagnostic names the
 * file and pointer of the keyword itself.
 */
import { describe, expect, it } from 'vitest';
import type { SchemaFile } from '../../pipeline/model/generate-types.ts';
import { createValidator } from '../../pipeline/validate/schemas.ts';
import { toDiagnostic } from '../../pipeline/validate/schema-diagnostic.ts';
import { locateKeyword, type SchemaLookup } from '../../pipeline/validate/schema-location.ts';
import { SCHEMA_BASE } from '../../pipeline/validate/schema-digest.ts';

const id = (path: string) => `${SCHEMA_BASE}${path}`;
const file = (path: string, schema: Record<string, unknown>): SchemaFile => ({ path, schema: { $id: id(path), ...schema } });

/** A shared definition file, as common.schema.json is. */
const common = file('common.schema.json', { $defs: { lang: { enum: ['en', 'fr'] }, code: { type: 'string', pattern: '^[a-z]+$' } } });
/** Records whose `lang` is common's: an item `$ref`'d inside the file, itself with a `$ref` to another file. */
const records = file('records.schema.json', {
  type: 'array',
  items: { $ref: '#/$defs/record' },
  $defs: { record: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, lang: { $ref: 'common.schema.json#/$defs/lang' } } } },
});
/** A file in a folder whose items are another file's whole schema. */
const item = file('item.schema.json', { type: 'object', properties: { n: { type: 'integer' } } });
const list = file('api/list.schema.json', { type: 'array', items: { $ref: '../item.schema.json' } });

const expected = (schemas: SchemaFile[], top: string, value: unknown) =>
  createValidator(schemas)
    .validate(top, value, 'f')
    .map((d) => d.expected);

describe('the schema path of an error, $refs followed', () => {
  it('names the shared file and pointer of an error inside a $ref to another file, and the $ref that led there', () =>
    expect(expected([records, common], 'records.schema.json', [{ id: 'a', lang: 'de' }])).toEqual([
      'common.schema.json#/$defs/lang/enum (by the $ref at records.schema.json#/$defs/record/properties/lang)',
    ]));
  it('resolves a $ref from a folder to a file above it', () =>
    expect(expected([list, item], 'api/list.schema.json', [{ n: 'x' }])).toEqual([
      'item.schema.json#/properties/n/type (by the $ref at api/list.schema.json#/items)',
    ]));
  it('names the definition, not the file’s top, for an error in a $ref’d definition ajv calls', () =>
    expect(expected([records, common], 'records.schema.json', [{ lang: 'en' }])).toEqual(['records.schema.json#/$defs/record/required']));
  it('keeps a path that starts at the top of the file validated', () =>
    expect(expected([records, common], 'records.schema.json', {})).toEqual(['records.schema.json#/type']));
});

describe('toDiagnostic without the schemas', () => {
  const problem = { keyword: 'type', instancePath: '/0/n', params: {}, message: 'must be integer' };
  it('says which $ref an inlined path starts with, instead of gluing it to the file', () =>
    expect(toDiagnostic({ ...problem, schemaPath: '../item.schema.json/properties/n/type' }, [{ n: 'x' }], 'api/list.schema.json', 'f').expected).toBe(
      '../item.schema.json/properties/n/type (by a $ref in api/list.schema.json)',
    ));
  it('writes a path from the top after the file', () =>
    expect(toDiagnostic({ ...problem, schemaPath: '#/items/type' }, [{ n: 'x' }], 'api/list.schema.json', 'f').expected).toBe(
      'api/list.schema.json#/items/type',
    ));
  it('falls back on the same when the schemas do not hold the path', () =>
    expect(toDiagnostic({ ...problem, schemaPath: '#/items/type' }, [{ n: 'x' }], 'api/list.schema.json', 'f', undefined, () => undefined).expected).toBe(
      'api/list.schema.json#/items/type',
    ));
});

describe('locateKeyword', () => {
  const lookup =
    (...schemas: SchemaFile[]): SchemaLookup =>
    (path) =>
      schemas.find((s) => s.path === path)?.schema;
  it('follows a $ref by its published id', () => {
    const top = file('top.schema.json', { properties: { c: { $ref: 'https://nuffle-codex.dev/schema/3.1.0/common.schema.json#/$defs/code' } } });
    expect(
      locateKeyword(
        { instancePath: '/c', schemaPath: 'https://nuffle-codex.dev/schema/3.1.0/common.schema.json#/$defs/code/pattern' },
        'top.schema.json',
        lookup(top, common),
      ),
    ).toEqual({ at: { file: 'common.schema.json', pointer: '/$defs/code/pattern' }, via: { file: 'top.schema.json', pointer: '/properties/c' } });
  });
  it('walks a tuple’s own item, then the rest', () => {
    const top = file('t.schema.json', {
      type: 'array',
      prefixItems: [{ $ref: '#/$defs/first' }],
      items: { $ref: '#/$defs/rest' },
      $defs: { first: { type: 'string' }, rest: { type: 'integer' } },
    });
    const at = (instancePath: string) => locateKeyword({ instancePath, schemaPath: '#/type' }, 't.schema.json', lookup(top))?.at.pointer;
    expect(at('/0')).toBe('/$defs/first/type');
    expect(at('/1')).toBe('/$defs/rest/type');
  });
  it('keeps an error at a keyword beside a $ref in the schema that has it', () => {
    const top = file('s.schema.json', { type: 'object', properties: { a: { $ref: '#/$defs/x', maxLength: 3 } }, $defs: { x: { type: 'string' } } });
    expect(locateKeyword({ instancePath: '/a', schemaPath: '#/properties/a/maxLength' }, 's.schema.json', lookup(top))).toEqual({
      at: { file: 's.schema.json', pointer: '/properties/a/maxLength' },
      via: null,
    });
  });
  it('reads a pointer with an escaped space', () => {
    const top = file('s.schema.json', {
      properties: { a: { $ref: '#/$defs/two%20words' } },
      $defs: { 'two words': { $ref: 'common.schema.json#/$defs/code' } },
    });
    expect(locateKeyword({ instancePath: '/a', schemaPath: '#/pattern' }, 's.schema.json', lookup(top, common))?.at).toEqual({
      file: 'common.schema.json',
      pointer: '/$defs/code/pattern',
    });
  });
  it('walks an unlisted key into additionalProperties and a listed one into its property, ~ and / escaped', () => {
    const top = file('m.schema.json', {
      properties: { 'a/b~c': { $ref: '#/$defs/x' } },
      additionalProperties: { $ref: '#/$defs/y' },
      $defs: { x: { type: 'string' }, y: { type: 'integer' } },
    });
    const via = (instancePath: string) => locateKeyword({ instancePath, schemaPath: '#/type' }, 'm.schema.json', lookup(top));
    // An inlined $defs schema would read `#/$defs/x/type`; `#/type` is what ajv writes for one it calls.
    expect(via('/a~1b~0c')?.at.pointer).toBe('/$defs/x/type');
    expect(via('/other')?.at.pointer).toBe('/$defs/y/type');
  });
  it('stops at a $ref that names its own schema', () => {
    const top = file('loop.schema.json', { $defs: { a: { $ref: '#/$defs/a' } }, properties: { p: { $ref: '#/$defs/a' } } });
    expect(locateKeyword({ instancePath: '/p', schemaPath: '#/$defs/a/type' }, 'loop.schema.json', lookup(top))).toBeNull();
  });
  it('is null for a path no schema on the way holds', () =>
    expect(locateKeyword({ instancePath: '/x/y', schemaPath: '#/nowhere' }, 'item.schema.json', lookup(item))).toBeNull());
});
