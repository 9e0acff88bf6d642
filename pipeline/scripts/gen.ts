// `npm run gen`: regenerate what is derived from schema/ — the TypeScript types
// (pipeline/model/schema-types.ts), the reference section of docs/DATA.md and
// the ahead-of-time validators (pipeline/validate/generated/validators.js, and
// roster-validator.js for the site's card page).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateDataReference, spliceDataReference } from '../model/generate-data-doc.ts';
import { generateTypes } from '../model/generate-types.ts';
import { readSchemaFiles, repoRoot } from '../io.ts';
import { GENERATED_ROSTER_VALIDATOR, GENERATED_VALIDATORS, generateRosterValidator, generateValidators } from '../validate/generate-validators.ts';

const schemas = readSchemaFiles(repoRoot);
const types = join(repoRoot, 'pipeline/model/schema-types.ts');
writeFileSync(types, generateTypes(schemas));
console.log(`wrote ${types}`);
const doc = join(repoRoot, 'docs/DATA.md');
writeFileSync(doc, spliceDataReference(readFileSync(doc, 'utf8'), generateDataReference(schemas)));
console.log(`wrote ${doc}`);
const validators = join(repoRoot, GENERATED_VALIDATORS);
writeFileSync(validators, generateValidators(schemas));
console.log(`wrote ${validators}`);
const rosterValidator = join(repoRoot, GENERATED_ROSTER_VALIDATOR);
writeFileSync(rosterValidator, generateRosterValidator(schemas));
console.log(`wrote ${rosterValidator}`);
