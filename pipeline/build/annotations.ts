/**
 * The curated inputs of a build (the manifest and sources/annotations/*.yaml):
 * a table of file → schema → key, read and validated in one loop.
 */
import type { Diagnostic } from '../model/diagnostic.ts';
import { memoKey, type StageMemo } from '../model/memo.ts';
import type {
  AcceptedCharacter,
  AliasAnnotations,
  RandomTableAnnotations,
  CompulsoryReviews,
  CrosswalkAnnotations,
  Erratum,
  GlossaryTerm,
  InducementAnnotations,
  MentionRules,
  MigrationAnnotations,
  SourceManifest,
} from '../model/schema-types.ts';
import { parseYaml, type ParsedYaml } from '../parse/yaml.ts';
import type { Validator } from '../model/validator.ts';
import type { BuildInput, TextFile } from './types.ts';
import { ALIASES_PATH, RANDOM_TABLES_PATH } from '../model/paths.ts';

type Locate = (path: readonly (string | number)[]) => { line: number; column?: number } | null;

/** A curated file, read and valid: its value, and where each of its nodes is. */
interface Annotation<T> {
  file: TextFile;
  value: T;
  locate: Locate;
}

export interface Annotations {
  manifest: Annotation<SourceManifest>;
  errata: Annotation<{ errata: Erratum[]; accepted?: AcceptedCharacter[] }>;
  mentions: Annotation<MentionRules>;
  crosswalk: Annotation<CrosswalkAnnotations>;
  glossary: Annotation<{ terms: GlossaryTerm[] }>;
  inducements: Annotation<InducementAnnotations>;
  compulsory: Annotation<CompulsoryReviews>;
  migrations: Annotation<MigrationAnnotations>;
  aliases: Annotation<AliasAnnotations>;
  randomTables: Annotation<RandomTableAnnotations>;
}

/** Each curated file: where the build input holds it, and the schema (in schema/) it must meet. In reading order. */
export const ANNOTATION_FILES: {
  readonly [K in keyof Annotations]: { file: (input: BuildInput) => TextFile; schema: string; multiline?: readonly string[] };
} = {
  manifest: { file: (input) => input.manifest, schema: 'input/manifest.schema.json' },
  // `find` and `replace` patch raw lines, so they may span lines: the only strings of the curated files that may.
  errata: { file: (input) => input.annotations.errata, schema: 'input/errata.schema.json', multiline: ['find', 'replace'] },
  mentions: { file: (input) => input.annotations.mentions, schema: 'input/mentions.schema.json' },
  crosswalk: { file: (input) => input.annotations.crosswalk, schema: 'input/crosswalk.schema.json' },
  glossary: { file: (input) => input.annotations.glossary, schema: 'input/glossary.schema.json' },
  inducements: { file: (input) => input.annotations.inducements, schema: 'input/inducements.schema.json' },
  compulsory: { file: (input) => input.annotations.compulsory, schema: 'input/compulsory.schema.json' },
  migrations: { file: (input) => input.annotations.migrations, schema: 'input/migrations.schema.json' },
  // Optional: a project without it has no curated spellings.
  aliases: { file: (input) => input.annotations.aliases ?? NO_ALIASES, schema: 'input/aliases.schema.json' },
  // Optional: a project without it declares no vacant slot.
  randomTables: { file: (input) => input.annotations.randomTables ?? NO_SLOTS, schema: 'input/random-tables.schema.json' },
};

/** What a project without sources/annotations/aliases.yaml reads: no curated spelling. */
const NO_ALIASES: TextFile = { path: ALIASES_PATH, text: 'aliases: []\n' };

/** What a project without sources/annotations/random-tables.yaml reads: no vacant or re-rolled slot. */
const NO_SLOTS: TextFile = { path: RANDOM_TABLES_PATH, text: 'slots: []\n' };

/** Every curated file, read and validated (each one's problems reported, whatever the others'); null if any is wrong. */
export function readAnnotations(input: BuildInput, validator: Validator, diagnostics: Diagnostic[]): Annotations | null {
  const read: Partial<Record<keyof Annotations, Annotation<unknown>>> = {};
  let complete = true;
  for (const [key, { file, schema }] of Object.entries(ANNOTATION_FILES) as [keyof Annotations, (typeof ANNOTATION_FILES)[keyof Annotations]][]) {
    const annotation = readYaml(file(input), schema, validator, diagnostics, input.memo);
    if (annotation) read[key] = annotation;
    else complete = false;
  }
  return complete ? (read as Annotations) : null;
}

/** One YAML file, parsed (or recalled) and validated against its schema; null, with diagnostics, when it is not valid. */
function readYaml(file: TextFile, schema: string, validator: Validator, diagnostics: Diagnostic[], memo?: StageMemo): Annotation<unknown> | null {
  const parsed = readYamlFile(file, memo);
  diagnostics.push(...parsed.diagnostics);
  if (parsed.diagnostics.length) return null;
  // A problem at the root (an empty file) has no node to point at: line 1.
  const problems = validator.validate(schema, parsed.value, file.path, (path) => parsed.locate(path) ?? { line: 1 });
  diagnostics.push(...problems);
  return problems.length ? null : { file, value: parsed.value, locate: parsed.locate };
}

/**
 * A YAML file through the parser, or its value from the memo. A recalled file
 * is parsed again only if a diagnostic asks where one of its nodes is.
 */
function readYamlFile(file: TextFile, memo: StageMemo | undefined): ParsedYaml {
  if (!memo) return parseYaml(file);
  const key = memoKey(file.path, file.text);
  const recalled = memo.recall('yaml', key) as { value: unknown } | undefined;
  if (recalled) {
    let parsed: ParsedYaml | undefined;
    return { value: recalled.value, diagnostics: [], locate: (path) => (parsed ??= parseYaml(file)).locate(path) };
  }
  const parsed = parseYaml(file);
  if (!parsed.diagnostics.length) memo.remember('yaml', key, { value: parsed.value });
  return parsed;
}
