/** Curated annotations as the stages receive them (validated against schema/input/). */
export type { MentionRules } from './schema-types.ts';
