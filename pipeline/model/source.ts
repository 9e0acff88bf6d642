import type { ManifestSource } from './schema-types.ts';

/** A raw source as the parse stage receives it: manifest entry + text after errata. */
export interface SourceInput {
  manifest: ManifestSource;
  /** Lines after recorded errata, index 0 = line 1. */
  lines: readonly string[];
  /** Erratum ids applied, by 1-based line. */
  errata: ReadonlyMap<number, string[]>;
}
