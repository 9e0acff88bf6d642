/**
 * Where the curated inputs live, relative to the project root. Shared by the
 * orchestrator (build.ts) and the command line, which reads them without
 * loading the stages.
 */
export const MANIFEST_PATH = 'sources/manifest.yaml';
export const ERRATA_PATH = 'sources/annotations/errata.yaml';
export const MENTIONS_PATH = 'sources/annotations/mentions.yaml';
export const CROSSWALK_PATH = 'sources/annotations/crosswalk.yaml';
export const GLOSSARY_PATH = 'sources/annotations/glossary.yaml';
export const INDUCEMENTS_PATH = 'sources/annotations/inducements.yaml';
export const COMPULSORY_PATH = 'sources/annotations/compulsory.yaml';
export const MIGRATIONS_PATH = 'sources/annotations/migrations.yaml';
export const ALIASES_PATH = 'sources/annotations/aliases.yaml';
export const RANDOM_TABLES_PATH = 'sources/annotations/random-tables.yaml';
export const LOCK_PATH = 'sources/ids.lock';
/** Each release's changes (`<version>.json`, what `nuffle diff` computes between it and the release before), written by `nuffle release`. */
export const RELEASES_DIR = 'sources/releases';
