/**
 * Public API of the Nuffle Codex pipeline. test/api.test.ts pins this list:
 * adding or removing an export is a deliberate change.
 */
export { buildDataset, compileSource, PARSERS, type BuildInput, type BuildResult, type CompiledSource } from './build.ts';
export { parseEn2020, parsePages, rulingHash, EN2020_CATEGORIES } from './parse/en-2020/index.ts';
export { parseTraitsAlt } from './parse/traits-alt.ts';
export { parseFrLegacy, FR_BLOCKS } from './parse/fr-legacy.ts';
export { parseInducementNotes } from './parse/inducements.ts';
export { parsePriceBullet } from './link/price-list.ts';
export { linesToMdast, markdownToMdast, mdastToMarkdown, plainText } from './model/markdown.ts';
export { createMentionFinder, type Mention, type NamedTarget } from './link/mentions.ts';
export { linkRulings } from './link/rulings.ts';
export { linkConcepts } from './link/crosswalk.ts';
export { createSuggester, nameSimilarity, type Suggestion } from './link/suggest.ts';
export { evaluateSuggestions } from './link/evaluate.ts';
export { linkInducements } from './link/inducements.ts';
export { createNameResolver } from './link/names.ts';
export { buildRandomTables } from './validate/random-tables.ts';
export { createValidator } from './validate/schemas.ts';
export { formatDiagnostic, type Diagnostic } from './model/diagnostic.ts';
export { generateTypes } from './model/generate-types.ts';
export { slugify } from './model/slug.ts';
export type * from './model/schema-types.ts';
