// Regenerate pipeline/model/schema-types.ts from schema/. Run: npm run gen:types
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateTypes } from '../model/generate-types.ts';
import { readSchemaFiles, repoRoot } from '../io.ts';

const target = join(repoRoot, 'pipeline/model/schema-types.ts');
writeFileSync(target, generateTypes(readSchemaFiles(repoRoot)));
console.log(`wrote ${target}`);
