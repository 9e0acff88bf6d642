/**
 * Measure the suggestion engine against the curated crosswalk, leave-one-out:
 * for each editor-declared row, hide the record, rank the concepts (each
 * represented by its other records) and see where the curated concept lands.
 * Records whose concept has no other record (new, removed, replaced) cannot
 * be found this way; they are counted apart.
 */
import type { Concept, CrosswalkRow, GlossaryTerm, Skill } from '../model/schema-types.ts';
import { plainTextOfMarkdown } from '../model/markdown.ts';
import { createSuggesterFor } from './crosswalk.ts';
import { compare } from '../model/order.ts';

export interface SourceEvaluation {
  source: string;
  /** Editor rows of the source. */
  rows: number;
  /** Rows whose concept has another record, so it can be found. */
  evaluated: number;
  /** Rows whose concept is the record's own (new, removed, replaced): not rankable. */
  ownConcept: number;
  top1: number;
  top3: number;
  misses: { record: string; expected: string; ranked: string[] }[];
}

export function evaluateSuggestions(
  records: readonly Skill[],
  rows: readonly CrosswalkRow[],
  concepts: readonly Concept[],
  glossary: readonly GlossaryTerm[],
  unnamedSources: ReadonlySet<string>,
): SourceEvaluation[] {
  const rowByRecord = new Map(rows.map((r) => [r.record, r]));
  const bySource = new Map<string, SourceEvaluation>();
  for (const record of records) {
    const row = rowByRecord.get(record.id);
    if (row?.declaredBy !== 'editor') continue;
    let result = bySource.get(record.source.id);
    if (!result) {
      result = { source: record.source.id, rows: 0, evaluated: 0, ownConcept: 0, top1: 0, top3: 0, misses: [] };
      bySource.set(record.source.id, result);
    }
    result.rows++;
    const others = concepts.find((c) => c.id === row.concept)!.records.filter((id) => id !== record.id);
    if (others.length === 0) {
      result.ownConcept++;
      continue;
    }
    result.evaluated++;
    const suggest = createSuggesterFor(concepts, records, rowByRecord, glossary, new Set([record.id]));
    const ranked = suggest({
      // A source that gives no names is ranked on its text alone, as `nuffle suggest` would.
      name: unnamedSources.has(record.source.id) ? null : record.name,
      text: plainTextOfMarkdown(record.text),
      lang: record.lang,
      edition: record.edition,
    }).map((s) => s.concept);
    const rank = ranked.indexOf(row.concept);
    if (rank === 0) result.top1++;
    if (rank >= 0 && rank < 3) result.top3++;
    if (rank !== 0) result.misses.push({ record: record.id, expected: row.concept, ranked: ranked.slice(0, 3) });
  }
  return [...bySource.values()].sort((a, b) => compare(a.source, b.source));
}
