/**
 * Schema errors as located diagnostics, the schema digest, and the roster
 * validator, on literal values.
 */
import { describe, expect, it } from 'vitest';
import type { ErrorObject } from 'ajv/dist/2020.js';
import { readSchemaFiles } from '../../pipeline/io.ts';
import type { SchemaFile } from '../../pipeline/model/generate-types.ts';
import { createRosterValidator, ROSTER_SCHEMA } from '../../pipeline/validate/roster-validator.ts';
import { createValidator, SchemaError } from '../../pipeline/validate/schemas.ts';
import { toDiagnostic } from '../../pipeline/validate/schema-diagnostic.ts';
import { AJV_OPTIONS, SCHEMA_BASE, schemaDigest } from '../../pipeline/validate/schema-digest.ts';
import { repoRoot } from '../helpers.ts';

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
  it('falls back on the keyword without a message', () => {
    const { message: _, ...bare } = problem({ instancePath: '/x' });
    expect(toDiagnostic(bare, {}, 's', 'f').reason).toBe('/x type');
  });
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
    expect(SCHEMA_BASE).toBe('https://nuffle-codex.dev/schema/v4/');
    expect(AJV_OPTIONS).toEqual({ strict: true, allErrors: true, allowUnionTypes: true });
  });
});

describe('the roster validator', () => {
  const validator = () => createRosterValidator();
  it('accepts a roster with players', () =>
    expect(validator().validate(ROSTER_SCHEMA, { players: [{ name: 'Griff', skills: ['Dodge'] }] }, 'team.yaml')).toEqual([]));
  it('reports a misspelt key at the place located, as the CLI does', () => {
    const [d] = validator().validate(ROSTER_SCHEMA, { players: [{ name: 'Griff', skills: ['Dodge'] }], plyers: [] }, 'team.yaml', () => ({ line: 3 }));
    expect(d).toMatchObject({ reason: '(root) unknown key "plyers"', file: 'team.yaml', place: { line: 3 }, ruleId: 'schema/invalid' });
    expect(d!.expected).toMatch(/^input\/roster\.schema\.json#/);
  });
  it('checks rosters only', () =>
    expect(() => validator().validate('skills.schema.json', [], 'f')).toThrow(/checks input\/roster\.schema\.json only, not skills\.schema\.json/));
  it('knows the roster schema’s path', () => expect(ROSTER_SCHEMA).toBe('input/roster.schema.json'));
});

describe('createValidator', () => {
  const id = (path: string) => `${SCHEMA_BASE}${path}`;
  const own = readSchemaFiles(repoRoot);
  const item: SchemaFile = {
    path: 'item.schema.json',
    schema: { $id: id('item.schema.json'), type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
  };
  const list: SchemaFile = { path: 'api/list.schema.json', schema: { $id: id('api/list.schema.json'), type: 'array', items: { $ref: '../item.schema.json' } } };

  it('compiles schemas the generated validators do not know, and checks a value against one by its path', () => {
    const validator = createValidator([list, item]);
    expect(validator.validate('api/list.schema.json', [{ n: 1 }], 'f')).toEqual([]);
    expect(validator.validate('api/list.schema.json', [{ n: 'x' }], 'list.json').map((d) => d.reason)).toEqual(['/0/n must be integer']);
    expect(validator.validate('item.schema.json', { n: 'x' }, 'item.json', () => ({ line: 4 }))).toEqual([
      {
        reason: '/n must be integer',
        file: 'item.json',
        place: { line: 4 },
        ruleId: 'schema/invalid',
        source: 'validate',
        fatal: true,
        expected: 'item.schema.json#/properties/n/type',
        actual: '"x"',
      },
    ]);
  });
  it('reports every error of a value, not the first only', () =>
    expect(
      createValidator([item]).validate('item.schema.json', [{ n: 'x' }, 3], 'f').length +
        createValidator([item]).validate('item.schema.json', { m: 1, n: 'x' }, 'f').length,
    ).toBe(2));
  it('accepts an $id of a published version', () =>
    expect(() => createValidator([{ ...item, schema: { ...item.schema, $id: 'https://nuffle-codex.dev/schema/3.1.0/item.schema.json' } }])).not.toThrow());
  it('refuses an $id that is not the schema’s path under the base, naming the file and the id expected', () =>
    expect(() => createValidator([{ ...item, schema: { ...item.schema, $id: id('other.schema.json') } }])).toThrow(
      new SchemaError(
        'item.schema.json',
        `$id must be ${id('item.schema.json')} (or, published, https://nuffle-codex.dev/schema/<schemaVersion>/item.schema.json), found ${id('other.schema.json')}`,
      ),
    ));
  it('refuses an $id whose version segment is neither v<major> nor a version', () =>
    expect(() => createValidator([{ ...item, schema: { ...item.schema, $id: 'https://nuffle-codex.dev/schema/latest/item.schema.json' } }])).toThrow(
      /^schema\/item\.schema\.json: \$id must be/,
    ));
  it('names a schema ajv cannot compile (strict mode: an unknown keyword)', () => {
    const error = (() => {
      try {
        createValidator([{ ...item, schema: { ...item.schema, tpye: 'object' } }]);
      } catch (cause) {
        return cause as SchemaError;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(SchemaError);
    expect(error!.path).toBe('item.schema.json');
    expect(error!.message).toMatch(/^schema\/item\.schema\.json: .*tpye/);
  });
  it.each([
    ['on another host of the same length', 'https://nuffle-codex.xyz/schema/v3/item.schema.json'],
    ['of another file whose name is as long', 'https://nuffle-codex.dev/schema/v3/itex.schema.json'],
    ['with a folder after the version', 'https://nuffle-codex.dev/schema/v3/x/item.schema.json'],
    ['with text before the version', 'https://nuffle-codex.dev/schema/xv3/item.schema.json'],
  ])('refuses an $id %s', (_, $id) =>
    expect(() => createValidator([{ ...item, schema: { ...item.schema, $id } }])).toThrow(/^schema\/item\.schema\.json: \$id must be/),
  );
  it.each(['v10', '10.20.30'])('accepts an $id of version %s', (version) =>
    expect(() => createValidator([{ ...item, schema: { ...item.schema, $id: `https://nuffle-codex.dev/schema/${version}/item.schema.json` } }])).not.toThrow(),
  );
  it('names a schema its meta-schema refuses', () =>
    expect(() => createValidator([{ ...item, schema: { ...item.schema, type: 12 as unknown as string } }])).toThrow(
      /^schema\/item\.schema\.json: schema is invalid/,
    ));
  it('names the broken schema, not the one in a folder that refers to it, whatever order they come in', () =>
    expect(() => createValidator([list, { ...item, schema: { ...item.schema, tpye: 'object' } }])).toThrow(/^schema\/item\.schema\.json: /));
  it('names a schema whose reference does not resolve', () =>
    expect(() => createValidator([{ ...list, schema: { ...list.schema, items: { $ref: '../nowhere.schema.json' } } }])).toThrow(
      /^schema\/api\/list\.schema\.json: /,
    ));
  it('refuses a value checked against a schema it does not have', () =>
    expect(() => createValidator([item]).validate('nowhere.schema.json', 1, 'f')).toThrow('no schema nowhere.schema.json'));
  it('uses the generated validators for this project’s own schemas', () => {
    const validator = createValidator(own);
    expect(validator.validate('leagues.schema.json', [{ id: 'x' }], 'leagues.json').map((d) => d.ruleId)).toEqual(['schema/invalid', 'schema/invalid']);
    expect(() => validator.validate('nowhere.schema.json', 1, 'f')).toThrow('no schema nowhere.schema.json');
  });
  it('checks the $ids of the generated validators’ schemas too', () => {
    const renamed = own.map((s) => (s.path === 'leagues.schema.json' ? { ...s, schema: { ...s.schema, $id: id('x.schema.json') } } : s));
    expect(() => createValidator(renamed)).toThrow(/^schema\/leagues\.schema\.json: \$id must be/);
  });
});
