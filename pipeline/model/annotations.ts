/** Curated annotations as the stages receive them (validated against schema/input/). */
export type { Erratum, MentionRules, SourceManifest } from './schema-types.ts';
