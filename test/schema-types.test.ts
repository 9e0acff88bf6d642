import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { generateTypes } from '../pipeline/model/generate-types.ts';
import { readSchemaFiles } from '../pipeline/io.ts';
import { repoRoot } from './helpers.ts';

it('pipeline/model/schema-types.ts is what the schemas generate (run `npm run gen` after a schema change)', () => {
  const committed = readFileSync(join(repoRoot, 'pipeline/model/schema-types.ts'), 'utf8');
  expect(generateTypes(readSchemaFiles(repoRoot))).toBe(committed);
});

it('generates object types with required and optional keys, unions, tuples and $refs across files', () => {
  const out = generateTypes([
    {
      path: 'a.schema.json',
      schema: {
        $id: 'x',
        $defs: {
          thing: {
            title: 'Thing',
            description: 'A thing.',
            type: 'object',
            required: ['id'],
            properties: {
              id: { $ref: 'b.schema.json#/$defs/id' },
              note: { description: 'Note.', type: ['string', 'null'] },
              pair: { type: 'array', prefixItems: [{ type: 'integer' }, { type: 'integer' }] },
            },
          },
        },
      },
    },
    { path: 'b.schema.json', schema: { $id: 'y', $defs: { id: { description: 'An id.', type: 'string', enum: ['a', 'b'] } } } },
  ]);
  expect(out).toContain('export type Thing = {\n  id: Id;\n  /** Note. */\n  note?: string | null;\n  pair?: [number, number];\n};');
  expect(out).toContain('export type Id = "a" | "b";');
});

it('docs/DATA.md carries the reference the schemas generate (run `npm run gen` after a schema change)', async () => {
  const { generateDataReference, spliceDataReference } = await import('../pipeline/model/generate-data-doc.ts');
  const committed = readFileSync(join(repoRoot, 'docs/DATA.md'), 'utf8');
  expect(spliceDataReference(committed, generateDataReference(readSchemaFiles(repoRoot)))).toBe(committed);
});
