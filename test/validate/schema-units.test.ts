/**
 * Schema errors as located diagnostics, the schema digest, and the roster
 * validator, on literal values.
 */
import { describe, expect, it } from 'vitest';
import type { ErrorObject } from 'ajv/dist/2020.js';
import { createRosterValidator, ROSTER_SCHEMA } from '../../pipeline/validate/roster-validator.ts';
import { toDiagnostic } from '../../pipeline/validate/schema-diagnostic.ts';
import { AJV_OPTIONS, SCHEMA_BASE, schemaDigest } from '../../pipeline/validate/schema-digest.ts';

const problem = (fields: Partial<ErrorObject>): ErrorObject => ({
  keyword: 'type',
  instancePath: '/1/name',
  schemaPath: '#/items/properties/name/type',
  params: {},
  message: 'must be string',
  ...fields,
});
const VALUE = [
  { id: 'en-2020/dodge', name: 'Dodge' },
  { id: 'en-2020/leap', name: 7 },
  { record: 'fr-legacy/esquive', 'a/b~c': { 0: 'x' } },
];

describe('toDiagnostic', () => {
  it('names the record, the path and what the schema expected, at the place located', () =>
    expect(toDiagnostic(problem({}), VALUE, 'skills.schema.json', 'dist/data/skills.json', (path) => ({ line: path.length, column: Number(path[0]) }))).toEqual(
      {
        reason: 'en-2020/leap: /1/name must be string',
        file: 'dist/data/skills.json',
        place: { line: 2, column: 1 },
        ruleId: 'schema/invalid',
        source: 'validate',
        fatal: true,
        expected: 'skills.schema.json#/items/properties/name/type',
        actual: '7',
      },
    ));
  it('reads a crosswalk row’s record as its name, and unescapes ~1 and ~0 in the path', () => {
    const paths: unknown[] = [];
    const d = toDiagnostic(problem({ instancePath: '/2/a~1b~0c/0' }), VALUE, 's.json', 'f', (path) => {
      paths.push(path);
      return null;
    });
    expect(paths).toEqual([[2, 'a/b~c', 0]]);
    expect(d.reason).toBe('fr-legacy/esquive: /2/a~1b~0c/0 must be string');
    expect(d.actual).toBe('"x"');
    expect(d.place).toBeNull();
  });
  it('says (root) for the whole value, names no record, and has no place without a locator', () => {
    const d = toDiagnostic(problem({ instancePath: '', message: 'must be array' }), { a: 1 }, 's.json', 'f');
    expect(d.reason).toBe('(root) must be array');
    expect(d.actual).toBe('{"a":1}');
    expect(d.place).toBeNull();
  });
  it('names an unknown key', () =>
    expect(toDiagnostic(problem({ keyword: 'additionalProperties', instancePath: '/0', params: { additionalProperty: 'nmae' } }), VALUE, 's', 'f').reason).toBe(
      'en-2020/dodge: /0 unknown key "nmae"',
    ));
  it('lists the allowed values of an enum', () =>
    expect(
      toDiagnostic(
        problem({ keyword: 'enum', instancePath: '/0/name', message: 'must be equal to one of the allowed values', params: { allowedValues: ['en', 'fr'] } }),
        VALUE,
        's',
        'f',
      ).reason,
    ).toBe('en-2020/dodge: /0/name must be equal to one of the allowed values: "en", "fr"'));
  it('falls back on the keyword without a message', () =>
    expect(toDiagnostic(problem({ message: undefined, instancePath: '/x' }), {}, 's', 'f').reason).toBe('/x type'));
  it('says undefined for a value that is not there, and names no record at a path inside a non-object', () => {
    const d = toDiagnostic(problem({ instancePath: '/0/gone/deeper' }), ['text'], 's', 'f');
    expect(d.actual).toBe('undefined');
    expect(d.reason).toBe('/0/gone/deeper must be string');
  });
  it('names no record whose id is not a string', () =>
    expect(toDiagnostic(problem({ instancePath: '/0/name' }), [{ id: 3, name: 1 }], 's', 'f').reason).toBe('/0/name must be string'));
  it('cuts the value it quotes to 160 characters', () =>
    expect(toDiagnostic(problem({ instancePath: '/0' }), ['y'.repeat(300)], 's', 'f').actual).toBe(`"${'y'.repeat(159)}`));
});

describe('schemaDigest', () => {
  const schemas = [{ path: 'a.schema.json', schema: { type: 'object' } }];
  it('is the SHA-256 of the paths and values as read', () => expect(schemaDigest(schemas)).toMatch(/^[0-9a-f]{64}$/));
  it('changes with a path or a value', () => {
    expect(schemaDigest([{ path: 'b.schema.json', schema: { type: 'object' } }])).not.toBe(schemaDigest(schemas));
    expect(schemaDigest([{ path: 'a.schema.json', schema: { type: 'array' } }])).not.toBe(schemaDigest(schemas));
  });
  it('ignores the text a schema was read from', () => expect(schemaDigest([{ ...schemas[0]!, text: '{ }' }])).toBe(schemaDigest(schemas)));
  it('names the schema base and the strict options', () => {
    expect(SCHEMA_BASE).toBe('https://nuffle-codex.dev/schema/v3/');
    expect(AJV_OPTIONS).toEqual({ strict: true, allErrors: true, allowUnionTypes: true });
  });
});

describe('the roster validator', () => {
  const validator = createRosterValidator();
  it('accepts a roster with players', () =>
    expect(validator.validate(ROSTER_SCHEMA, { players: [{ name: 'Griff', skills: ['Dodge'] }] }, 'team.yaml')).toEqual([]));
  it('reports a misspelt key at the place located, as the CLI does', () => {
    const [d] = validator.validate(ROSTER_SCHEMA, { players: [{ name: 'Griff', skills: ['Dodge'] }], plyers: [] }, 'team.yaml', () => ({ line: 3 }));
    expect(d).toMatchObject({ reason: '(root) unknown key "plyers"', file: 'team.yaml', place: { line: 3 }, ruleId: 'schema/invalid' });
    expect(d!.expected).toMatch(/^input\/roster\.schema\.json#/);
  });
  it('checks rosters only', () =>
    expect(() => validator.validate('skills.schema.json', [], 'f')).toThrow(/checks input\/roster\.schema\.json only, not skills\.schema\.json/));
  it('knows the roster schema’s path', () => expect(ROSTER_SCHEMA).toBe('input/roster.schema.json'));
});
