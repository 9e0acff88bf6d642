/**
 * The ahead-of-time validators (ajv standalone code, `npm run gen`) are what
 * the schemas generate, and report exactly what ajv reports when it compiles
 * the schemas at run time: same file, line, schema path and message.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { readSchemaFiles } from '../pipeline/io.ts';
import { GENERATED_VALIDATORS, generateValidators } from '../pipeline/validate/generate-validators.ts';
import { schemaDigest } from '../pipeline/validate/schema-digest.ts';
import { createValidator } from '../pipeline/validate/schemas.ts';
import * as generated from '../pipeline/validate/generated/validators.js';
import { realBuild, repoRoot } from './helpers.ts';

it('pipeline/validate/generated/validators.js is what the schemas generate (run `npm run gen` after a schema change)', () => {
  const committed = readFileSync(join(repoRoot, GENERATED_VALIDATORS), 'utf8');
  const fresh = generateValidators(readSchemaFiles(repoRoot));
  expect(committed === fresh, `${GENERATED_VALIDATORS} is stale: run \`npm run gen\``).toBe(true);
  expect(generated.digest).toBe(schemaDigest(readSchemaFiles(repoRoot)));
});

it('the generated validators and ajv compiling at run time report the same problems', () => {
  const schemas = readSchemaFiles(repoRoot);
  // A comment changes the digest but not what validates: the validator compiles with ajv.
  const edited = schemas.map((file, n) => (n === 0 ? { ...file, schema: { ...file.schema, $comment: 'edited' } } : file));
  const precompiled = createValidator(schemas);
  const compiled = createValidator(edited);
  const skills = JSON.parse(realBuild().files.get('skills.json')!) as Record<string, unknown>[];
  const broken = skills
    .slice(0, 3)
    .map((skill, n) => (n === 0 ? { ...skill, extra: 1 } : n === 1 ? { ...skill, lang: 'de', id: 7 } : { ...skill, name: undefined }));
  const cases: [string, unknown][] = [
    ['skills.schema.json', broken],
    ['skills.schema.json', skills],
    ['input/manifest.schema.json', { dataset: { version: 'x' }, sources: [{ id: 'A B' }] }],
    ['input/mentions.schema.json', null],
    ['meta.schema.json', { files: 'no' }],
  ];
  let problems = 0;
  for (const [schema, value] of cases) {
    const locate = (path: (string | number)[]) => ({ line: path.length + 1 });
    const expected = compiled.validate(schema, value, `file-${schema}`, locate);
    problems += expected.length;
    expect(precompiled.validate(schema, value, `file-${schema}`, locate)).toEqual(expected);
  }
  expect(problems).toBeGreaterThan(5);
});
