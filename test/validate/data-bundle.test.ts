/**
 * A published dataset read back, on literal file texts: each file parsed,
 * each problem one located diagnostic, the schema major checked before the
 * schemas are read, a broken schema named, and the shipped schemas compared
 * with this nuffle's.
 */
import { describe, expect, it } from 'vitest';
import { BUNDLE_FILES } from '../../pipeline/model/dataset.ts';
import type { SchemaFile } from '../../pipeline/model/generate-types.ts';
import { readSchemaFiles } from '../../pipeline/io.ts';
import {
  checkBundle,
  incompatibleSchemaChange,
  jsonErrorPlace,
  majorOf,
  parseBundleFiles,
  readBundle,
  SCHEMA_MAJOR,
} from '../../pipeline/validate/data-bundle.ts';
import type { Validator } from '../../pipeline/model/validator.ts';
import { repoRoot } from '../helpers.ts';

const label = (file: string) => `data/${file}`;
const META = { datasetVersion: '1.0.0', schemaVersion: `${SCHEMA_MAJOR}.1.0`, releaseDate: null, sources: [], files: [] };
/** Every file of an empty dataset, with `edits` replacing some texts (null: absent). */
const texts = (edits: Record<string, string | null> = {}) => {
  const files: Record<string, string | null> = Object.fromEntries(Object.values(BUNDLE_FILES).map((f) => [f, '[]']));
  files['meta.json'] = JSON.stringify(META);
  return { ...files, ...edits };
};
const reader = (edits: Record<string, string | null> = {}, schemas: () => readonly SchemaFile[] = () => []) => {
  const files = texts(edits);
  return { read: (file: string) => files[file] ?? null, label, schemas };
};
const noCheck: Validator = { validate: () => [] };

describe('parseBundleFiles', () => {
  it('parses every file of the bundle by its key', () => {
    const { values, diagnostics } = parseBundleFiles(reader({ 'skills.json': '[{"id":"x"}]' }).read, label);
    expect(diagnostics).toEqual([]);
    expect(values.skills).toEqual([{ id: 'x' }]);
    expect(values.meta).toEqual(META);
    expect(Object.keys(values).sort()).toEqual(Object.keys(BUNDLE_FILES).sort());
  });
  it('refuses a missing file, saying how to get it back', () =>
    expect(parseBundleFiles(reader({ 'rulings.json': null }).read, label).diagnostics).toEqual([
      {
        reason: 'the dataset has no rulings.json',
        file: 'data/rulings.json',
        place: null,
        ruleId: 'data/missing-file',
        source: 'read',
        fatal: true,
        note: 'a dist/data folder holds every file nuffle build writes; build it again (nuffle build --only data)',
      },
    ]));
  it('reads a file a later schema version added as empty when it is absent', () => {
    const { values, diagnostics } = parseBundleFiles(reader({ 'names.json': null }).read, label);
    expect(diagnostics).toEqual([]);
    expect(values.names).toEqual([]);
  });
  it('refuses a file that is not JSON, at the place JSON.parse stopped, without the position in the reason', () =>
    expect(parseBundleFiles(reader({ 'skills.json': '[\n  1 2]' }).read, label).diagnostics).toEqual([
      {
        reason: expect.stringMatching(/^skills\.json is not JSON: (?!.*position)/),
        file: 'data/skills.json',
        place: { line: 2, column: 5 },
        ruleId: 'data/invalid-json',
        source: 'read',
        fatal: true,
        expected: 'the JSON nuffle build wrote',
        note: 'the file was cut off or edited by hand; build the dataset again (nuffle build --only data), or restore the release',
      },
    ]));
  it('says a file cut off ends too soon', () =>
    expect(parseBundleFiles(reader({ 'skills.json': '[\n  1,' }).read, label).diagnostics[0]!.reason).toBe(
      'skills.json is not JSON: the file ends too soon (cut off?)',
    ));
});

describe('checkBundle', () => {
  const values = () => parseBundleFiles(reader().read, label).values;

  it("refuses a migrations.json whose ids are not of their kind's grammar (a forged file: the ids become file names)", () => {
    const forged = [{ id: '../../../../package', kind: 'ruling', action: 'renamed', to: 'en-2020/r-0a1b2c3d', since: '1.0.0', note: 'x' }];
    const { bundle, diagnostics } = checkBundle(
      parseBundleFiles(reader({ 'migrations.json': JSON.stringify(forged) }).read, label).values,
      () => noCheck,
      label,
    );
    expect(bundle).toBeNull();
    expect(diagnostics.map((d) => [d.ruleId, d.file, d.reason])).toEqual([
      [
        'ids/bad-id',
        'data/migrations.json',
        'Migration 1: "../../../../package" is not a valid ruling id: a ruling id reads <edition>/r-<8 hex digits> (en-2020/r-1a2b3c4d)',
      ],
    ]);
  });

  it('gives the bundle when every file fits its schema, each checked against x.schema.json', () => {
    const seen: string[] = [];
    const { bundle, diagnostics } = checkBundle(
      values(),
      () => ({
        validate: (schema, _value, file) => {
          seen.push(`${schema} ${file}`);
          return [];
        },
      }),
      label,
    );
    expect(diagnostics).toEqual([]);
    expect(bundle?.meta).toEqual(META);
    expect(seen).toEqual(Object.values(BUNDLE_FILES).map((f) => `${f.replace('.json', '.schema.json')} data/${f}`));
  });
  it('gives no bundle, and every schema error, when a file does not fit', () => {
    const problem = { reason: 'bad', file: 'x', place: null, ruleId: 'schema/invalid', source: 'validate', fatal: true };
    const { bundle, diagnostics } = checkBundle(values(), () => ({ validate: (schema) => (schema === 'skills.schema.json' ? [problem] : []) }), label);
    expect(bundle).toBeNull();
    expect(diagnostics).toEqual([problem]);
  });
  it('skips a file that could not be parsed', () => {
    const v = values();
    delete v.skills;
    const seen: string[] = [];
    checkBundle(
      v,
      () => ({
        validate: (schema) => {
          seen.push(schema);
          return [];
        },
      }),
      label,
    );
    expect(seen).not.toContain('skills.schema.json');
  });
  it('refuses data of another schema major before reading its schemas, naming both versions', () => {
    const v = { ...values(), meta: { ...META, schemaVersion: `${SCHEMA_MAJOR + 1}.0.0` } };
    expect(
      checkBundle(
        v,
        () => {
          throw new Error('not read');
        },
        label,
      ),
    ).toEqual({
      bundle: null,
      diagnostics: [
        {
          reason: `the dataset's schema version is ${SCHEMA_MAJOR + 1}.0.0; this nuffle reads schema version ${SCHEMA_MAJOR}.x`,
          file: 'data/meta.json',
          place: null,
          ruleId: 'data/schema-major',
          source: 'read',
          fatal: true,
          expected: `schemaVersion ${SCHEMA_MAJOR}.x.y`,
          note: 'a major version changes the shape of the data: use the nuffle of that major, or build the data again with this one',
        },
      ],
    });
  });
  it('quotes a schema version that is not a string as JSON', () =>
    expect(checkBundle({ meta: { schemaVersion: 3 } }, () => noCheck, label).diagnostics[0]!.reason).toBe(
      `the dataset's schema version is 3; this nuffle reads schema version ${SCHEMA_MAJOR}.x`,
    ));
  it('reads the previous major when asked to (the old side of nuffle diff), and only then', () => {
    const v = { ...values(), meta: { ...META, schemaVersion: `${SCHEMA_MAJOR - 1}.4.0` } };
    expect(checkBundle(v, () => noCheck, label, { previousMajor: true }).diagnostics).toEqual([]);
    expect(checkBundle(v, () => noCheck, label).diagnostics.map((d) => d.ruleId)).toEqual(['data/schema-major']);
    const older = { ...values(), meta: { ...META, schemaVersion: `${SCHEMA_MAJOR - 2}.4.0` } };
    expect(checkBundle(older, () => noCheck, label, { previousMajor: true }).diagnostics.map((d) => d.ruleId)).toEqual(['data/schema-major']);
  });
});

describe('readBundle', () => {
  const own = readSchemaFiles(repoRoot);
  it('reads a dataset that fits this nuffle’s schemas, and gives the validator it made', () => {
    const read = readBundle(reader({}, () => own));
    expect(read.diagnostics).toEqual([]);
    expect(read.bundle?.meta).toEqual(META);
    expect(read.validator).toBeDefined();
  });
  it('stops at the files that do not parse, before any schema is read', () => {
    const read = readBundle(
      reader({ 'skills.json': '[' }, () => {
        throw new Error('not read');
      }),
    );
    expect(read.bundle).toBeNull();
    expect(read.diagnostics.map((d) => d.ruleId)).toEqual(['data/invalid-json']);
  });
  it('names a published schema that cannot be used, at its file', () => {
    const broken = own.map((s) => (s.path === 'skills.schema.json' ? { ...s, schema: { ...s.schema, $id: 'https://elsewhere/skills.schema.json' } } : s));
    const read = readBundle(reader({}, () => broken));
    expect(read.bundle).toBeNull();
    expect(read.diagnostics).toEqual([
      {
        reason: expect.stringMatching(/^a published schema of the dataset cannot be used: schema\/skills\.schema\.json: \$id must be /),
        file: 'data/schema/skills.schema.json',
        place: null,
        ruleId: 'schema/broken',
        source: 'read',
        fatal: true,
        note: 'the dataset was cut off or edited by hand; build it again',
      },
    ]);
  });
  it('names the first schema a dataset of this major does not ship, at its file, instead of stopping', () => {
    const read = readBundle(reader({}, () => []));
    expect(read.bundle).toBeNull();
    expect(read.diagnostics).toMatchObject([
      { reason: expect.stringContaining('meta.schema.json'), file: 'data/schema/meta.schema.json', ruleId: 'schema/broken', fatal: true },
    ]);
  });
  it('reads a release of the previous major that ships no schemas as written', () => {
    const old = { ...META, schemaVersion: `${SCHEMA_MAJOR - 1}.0.0` };
    const read = readBundle(reader({ 'meta.json': JSON.stringify(old), 'skills.json': '[{"not":"a skill"}]' }), { previousMajor: true });
    expect(read.diagnostics).toEqual([]);
    expect(read.bundle?.skills).toEqual([{ not: 'a skill' }]);
    expect(read.validator).toBeUndefined();
  });
  it('checks a dataset against its schemas when it ships them', () => {
    const read = readBundle(reader({ 'skills.json': '[{"not":"a skill"}]' }, () => own));
    expect(read.bundle).toBeNull();
    expect(read.diagnostics[0]).toMatchObject({ ruleId: 'schema/invalid', file: 'data/skills.json' });
  });
});

describe('incompatibleSchemaChange', () => {
  const schema = (type: string): SchemaFile => ({
    path: 'a.schema.json',
    schema: { type: 'object', properties: { x: { type } } },
  });
  it('is null for the same schemas, or schemas that differ by additions', () => {
    expect(incompatibleSchemaChange([schema('string')], [schema('string')])).toBeNull();
    expect(incompatibleSchemaChange([schema('string')], [schema('string'), { path: 'b.schema.json', schema: {} }])).toBeNull();
  });
  it('names the first change that is major both ways', () =>
    expect(incompatibleSchemaChange([schema('string')], [schema('integer')])).toBe('a.schema.json#/properties/x/type: type "string" → "integer"'));
  it('prefers a change major both ways to one major one way only (a property removed)', () => {
    const a = (properties: Record<string, Record<string, never>>): SchemaFile => ({ path: 'a.schema.json', schema: { type: 'object', properties } });
    const b = (type: string): SchemaFile => ({ path: 'b.schema.json', schema: { type } });
    expect(incompatibleSchemaChange([a({ x: {}, y: {} }), b('string')], [a({ x: {} }), b('integer')])).toBe('b.schema.json#/type: type "string" → "integer"');
  });
  it('ignores the input schemas', () =>
    expect(
      incompatibleSchemaChange([{ path: 'input/a.schema.json', schema: { type: 'string' } }], [{ path: 'input/a.schema.json', schema: { type: 'integer' } }]),
    ).toBeNull());
});

describe('edges of reading', () => {
  it('reads a line and a column of several digits from JSON.parse', () =>
    expect(jsonErrorPlace('', 'Unexpected token (line 12 column 34)')).toEqual({ line: 12, column: 34 }));
  it('reads a position of several digits', () =>
    expect(jsonErrorPlace(`${'x'.repeat(10)}\nabc`, 'Unexpected token in JSON at position 13')).toEqual({ line: 2, column: 3 }));
  it('takes the major of a version of several digits, and of nothing else', () => {
    expect(majorOf('10.20.30')).toBe(10);
    expect(majorOf('3.x')).toBeNull();
    expect(majorOf(3)).toBeNull();
  });
  it('checks a bundle without meta.json against its schemas, and skips a file that is not there', () => {
    const seen: string[] = [];
    const validator: Validator = {
      validate: (schema) => {
        seen.push(schema);
        return [];
      },
    };
    expect(checkBundle({ skills: [] }, () => validator, label).diagnostics).toEqual([]);
    expect(seen).toEqual(['skills.schema.json']);
  });
  it('quotes a schema version that is an object as JSON', () =>
    expect(checkBundle({ meta: { schemaVersion: { v: 3 } } }, () => noCheck, label).diagnostics[0]!.reason).toBe(
      `the dataset's schema version is {"v":3}; this nuffle reads schema version ${SCHEMA_MAJOR}.x`,
    ));
  it('names a major change of one way when none is major both ways at one place', () => {
    const a = (property: string): SchemaFile => ({ path: 'a.schema.json', schema: { type: 'object', properties: { [property]: {} } } });
    expect(incompatibleSchemaChange([a('p')], [a('q')])).toBe('a.schema.json#/properties/p: property removed');
  });
});
