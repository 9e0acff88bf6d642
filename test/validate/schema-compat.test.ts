/**
 * compareSchemas on literal schema pairs, each change written out whole:
 * its bump, its place (`x.schema.json#/…`) and what it says.
 */
import { describe, expect, it } from 'vitest';
import { bumpSuffices, compareSchemas, requiredBump } from '../../pipeline/validate/schema-compat.ts';

const X = 'x.schema.json';
/** The changes from one literal schema of x.schema.json to another. */
const diff = (before: unknown, after: unknown) => compareSchemas({ [X]: before }, { [X]: after });

describe('compareSchemas, change by change', () => {
  it.each([
    ['a bound added', { maxLength: 3 }, { bump: 'minor', what: 'maxLength 3 added' }],
    ['a bound removed', {}, { bump: 'major', what: 'maxLength removed' }],
    ['a bound that is not a number', { maxLength: 'x' }, { bump: 'major', what: 'maxLength 5 → "x"' }],
    ['an upper bound lowered', { maxLength: 4 }, { bump: 'minor', what: 'maxLength 5 → 4' }],
    ['an upper bound kept', { maxLength: 5 }, null],
    ['an upper bound raised', { maxLength: 6 }, { bump: 'major', what: 'maxLength 5 → 6' }],
  ] as const)('%s', (_, after, change) => {
    const before = _ === 'a bound added' ? {} : { maxLength: 5 };
    expect(diff(before, after)).toEqual(change ? [{ ...change, at: `${X}#/maxLength` }] : []);
  });
  it.each([
    ['raised', 2, 'minor'],
    ['kept', 1, null],
    ['lowered', 0, 'major'],
  ] as const)('a lower bound %s', (_, minimum, bump) =>
    expect(diff({ minimum: 1 }, { minimum })).toEqual(bump ? [{ bump, at: `${X}#/minimum`, what: `minimum 1 → ${minimum}` }] : []),
  );
  it('a bound added that is not a number', () =>
    expect(diff({}, { maxLength: 'x' })).toEqual([{ bump: 'major', at: `${X}#/maxLength`, what: 'maxLength "x" added' }]));
  it('a bound that was not a number, made one', () =>
    expect(diff({ minimum: 'x' }, { minimum: 1 })).toEqual([{ bump: 'major', at: `${X}#/minimum`, what: 'minimum "x" → 1' }]));
  it('a property removed, a property added, a definition removed, a definition added', () =>
    expect(diff({ properties: { a: {} }, $defs: { d: {} } }, { properties: { b: {} }, $defs: { e: {} } })).toEqual([
      { bump: 'major', at: `${X}#/properties/a`, what: 'property removed' },
      { bump: 'minor', at: `${X}#/properties/b`, what: 'property added' },
      { bump: 'major', at: `${X}#/$defs/d`, what: 'definition removed' },
      { bump: 'minor', at: `${X}#/$defs/e`, what: 'definition added' },
    ]));
  it('reads properties that are not an object as none', () =>
    expect(diff({ properties: true }, { properties: { a: {} } })).toEqual([{ bump: 'minor', at: `${X}#/properties/a`, what: 'property added' }]));
  it('$id, $ref and $schema changed beyond their version', () =>
    expect(
      diff(
        { $id: 'https://h/schema/v2/x', $ref: 'https://h/schema/2.1.0/a', $schema: 's1' },
        { $id: 'https://h/schema/v3/y', $ref: 'https://h/schema/3.0.10/b', $schema: 's2' },
      ),
    ).toEqual([
      { bump: 'major', at: `${X}#/$id`, what: '$id https://h/schema/v2/x → https://h/schema/v3/y' },
      { bump: 'major', at: `${X}#/$ref`, what: '$ref https://h/schema/2.1.0/a → https://h/schema/3.0.10/b' },
      { bump: 'major', at: `${X}#/$schema`, what: '$schema s1 → s2' },
    ]));
  it('$id and $ref that differ only by a version of several digits', () =>
    expect(
      diff({ $id: 'https://h/schema/v2/x', $ref: 'https://h/schema/12.34.56/a' }, { $id: 'https://h/schema/v10/x', $ref: 'https://h/schema/3.0.0/a' }),
    ).toEqual([]));
  it('a $ref compared as a string, not as a subschema', () =>
    expect(diff({ items: { $ref: 'a' } }, { items: { $ref: 'b' } })).toEqual([{ bump: 'major', at: `${X}#/items/$ref`, what: '$ref a → b' }]));
  it('documentation changed', () =>
    expect(diff({ title: 'A', description: 'a', examples: [1], $comment: 'c' }, { title: 'B', description: 'b', examples: [2], $comment: 'd' })).toEqual(
      ['title', 'description', 'examples', '$comment'].map((key) => ({ bump: 'patch', at: `${X}#/${key}`, what: 'documentation changed' })),
    ));
  it('required: one no longer required, an existing one now required, a new one required', () =>
    expect(diff({ properties: { a: {}, b: {} }, required: ['a'] }, { properties: { a: {}, b: {}, c: {} }, required: ['b', 'c'] })).toEqual([
      { bump: 'minor', at: `${X}#/properties/c`, what: 'property added' },
      { bump: 'major', at: `${X}#/required`, what: 'a no longer required' },
      { bump: 'major', at: `${X}#/required`, what: 'existing b now required' },
    ]));
  it('required added or removed whole', () => {
    expect(diff({ properties: { a: {} } }, { properties: { a: {} }, required: ['a'] })).toEqual([
      { bump: 'major', at: `${X}#/required`, what: 'existing a now required' },
    ]);
    expect(diff({ required: ['a'] }, {})).toEqual([{ bump: 'major', at: `${X}#/required`, what: 'a no longer required' }]);
  });
  it('an enum value removed and one added, an enum added or removed whole', () => {
    expect(diff({ enum: ['x', 1] }, { enum: [1, 'y'] })).toEqual([
      { bump: 'major', at: `${X}#/enum`, what: 'value "x" removed' },
      { bump: 'minor', at: `${X}#/enum`, what: 'value "y" added' },
    ]);
    expect(diff({}, { enum: ['x'] })).toEqual([{ bump: 'minor', at: `${X}#/enum`, what: 'value "x" added' }]);
    expect(diff({ enum: ['x'] }, {})).toEqual([{ bump: 'major', at: `${X}#/enum`, what: 'value "x" removed' }]);
  });
  it('another keyword added, removed or changed', () =>
    expect(diff({ type: 'string', format: 'uri' }, { type: 'integer', pattern: '^a' })).toEqual([
      { bump: 'major', at: `${X}#/type`, what: 'type "string" → "integer"' },
      { bump: 'major', at: `${X}#/format`, what: 'format removed' },
      { bump: 'major', at: `${X}#/pattern`, what: 'pattern added' },
    ]));
  it('a subschema compared keyword by keyword', () =>
    expect(diff({ items: { type: 'string' } }, { items: { type: 'integer' } })).toEqual([
      { bump: 'major', at: `${X}#/items/type`, what: 'type "string" → "integer"' },
    ]));
  it('a subschema against a value that is not one', () =>
    expect(diff({ items: { type: 'string' } }, { items: true })).toEqual([{ bump: 'major', at: `${X}#/items`, what: 'items {"type":"string"} → true' }]));
  it.each(['anyOf', 'oneOf', 'allOf', 'prefixItems'])('%s of the same length, item by item', (key) =>
    expect(diff({ [key]: [{ type: 'string' }, { type: 'null' }] }, { [key]: [{ type: 'string', title: 't' }, { type: 'integer' }] })).toEqual([
      { bump: 'patch', at: `${X}#/${key}/0/title`, what: 'documentation changed' },
      { bump: 'major', at: `${X}#/${key}/1/type`, what: 'type "null" → "integer"' },
    ]),
  );
  it('a list of subschemas of another length, whole', () =>
    expect(diff({ anyOf: [{ type: 'string' }] }, { anyOf: [{ type: 'string' }, { type: 'null' }] })).toEqual([
      { bump: 'major', at: `${X}#/anyOf`, what: 'anyOf [{"type":"string"}] → [{"type":"string"},{"type":"null"}]' },
    ]));
  it('another list keyword, whole', () =>
    expect(diff({ type: ['string', 'null'] }, { type: ['null', 'string'] })).toEqual([
      { bump: 'major', at: `${X}#/type`, what: 'type ["string","null"] → ["null","string"]' },
    ]));
  it('the same list keyword, no change', () => expect(diff({ type: ['string', 'null'], anyOf: [{}] }, { type: ['string', 'null'], anyOf: [{}] })).toEqual([]));
  it('a whole schema that is not an object, changed', () => expect(diff(true, false)).toEqual([{ bump: 'major', at: `${X}#`, what: 'changed' }]));
  it('a whole schema that is not an object, kept', () => expect(diff(true, true)).toEqual([]));
  it('a schema file removed, and one added', () =>
    expect(compareSchemas({ 'a.schema.json': {} }, { 'b.schema.json': {} })).toEqual([
      { bump: 'major', at: 'a.schema.json', what: 'schema removed' },
      { bump: 'minor', at: 'b.schema.json', what: 'schema added' },
    ]));
});

describe('requiredBump and bumpSuffices', () => {
  const change = (bump: 'major' | 'minor' | 'patch') => ({ bump, at: X, what: 'w' });
  it('takes the largest bump, whatever the order', () => {
    expect(requiredBump([change('patch'), change('major'), change('minor')])).toBe('major');
    expect(requiredBump([change('minor'), change('patch')])).toBe('minor');
    expect(requiredBump([])).toBe('none');
  });
  it('is enough when the version moves as far as the changes need, or further', () => {
    expect(bumpSuffices([change('minor')], '1.0.0', '1.1.0')).toBe(true);
    expect(bumpSuffices([change('minor')], '1.0.0', '2.0.0')).toBe(true);
    expect(bumpSuffices([change('minor')], '1.0.0', '1.0.1')).toBe(false);
  });
});
