import type { Category, EditionId, Game, Kind, Lang, ManifestSource, SourceRef } from './schema-types.ts';

/** A raw source as the parse stage receives it: manifest entry + text after errata. */
export interface SourceInput {
  manifest: ManifestSource;
  /** Lines after recorded errata, index 0 = line 1. */
  lines: readonly string[];
  /** Erratum ids applied, by 1-based line. */
  errata: ReadonlyMap<number, string[]>;
}

/**
 * A record whose source gives no name (the second trait wording). The link
 * stage names it from the crosswalk annotation whose `match` its opening
 * words start with.
 */
export interface UnnamedRecord {
  /** The paragraph's text, whitespace-folded: what an annotation's `match` is compared with. */
  opening: string;
  edition: EditionId;
  lang: Lang;
  kind: Kind;
  category: Category;
  text: string;
  games: Game[];
  source: SourceRef;
}

/** Errata ids applied within a range of lines, in line order, each once. */
export function errataWithin(applied: ReadonlyMap<number, string[]>, first: number, last: number): string[] {
  return [
    ...new Set(
      [...applied]
        .filter(([line]) => line >= first && line <= last)
        .sort(([a], [b]) => a - b)
        .flatMap(([, ids]) => ids),
    ),
  ];
}
