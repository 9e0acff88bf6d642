/**
 * Measure the suggestion engine against the curated crosswalk, leave-one-out:
 * for each editor-declared row, hide the record, rank the concepts (each
 * represented by its other records) and see where the curated concept lands.
 * Records whose concept has no other record (new, removed, replaced) cannot
 * be found this way; they are counted apart, and their best candidate's score
 * (always a wrong one) calibrates, with the others, the threshold below which
 * `suggest --write` drafts a rule of its own instead of a link.
 */
import type { Concept, CrosswalkRow, GlossaryTerm, Skill } from '../model/schema-types.ts';
import { plainTextOfMarkdown } from '../model/markdown.ts';
import { createSuggesterFor } from './crosswalk.ts';
import { compare } from '../model/order.ts';

/** The share of rows at or above the threshold whose top candidate must be the reviewed concept. */
export const CALIBRATION_PRECISION = 0.9;

/** One editor row's top candidate: its score, and whether it is the reviewed concept. */
export interface Outcome {
  score: number;
  right: boolean;
}

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
  /** Every editor row's top candidate (a row whose concept is its own: always wrong). */
  outcomes: Outcome[];
  /** The calibrated threshold (calibrateThreshold) of the source's outcomes. */
  threshold: number | null;
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
      result = { source: record.source.id, rows: 0, evaluated: 0, ownConcept: 0, top1: 0, top3: 0, misses: [], outcomes: [], threshold: null };
      bySource.set(record.source.id, result);
    }
    result.rows++;
    const suggest = createSuggesterFor(concepts, records, rowByRecord, glossary, new Set([record.id]));
    const ranked = suggest({
      // A source that gives no names is ranked on its text alone, as `nuffle suggest` would.
      name: unnamedSources.has(record.source.id) ? null : record.name,
      text: plainTextOfMarkdown(record.text),
      lang: record.lang,
      edition: record.edition,
    });
    result.outcomes.push({ score: ranked[0]?.score ?? 0, right: ranked[0]?.concept === row.concept });
    const others = concepts.find((c) => c.id === row.concept)!.records.filter((id) => id !== record.id);
    if (others.length === 0) {
      result.ownConcept++;
      continue;
    }
    tally(
      result,
      record.id,
      row.concept,
      ranked.map((s) => s.concept),
    );
  }
  return [...bySource.values()].map((r) => ({ ...r, threshold: calibrateThreshold(r.outcomes) })).sort((a, b) => compare(a.source, b.source));
}

/** A rankable row's place in the ranking: top-1, top-3, or a miss. */
function tally(result: SourceEvaluation, record: string, expected: string, ranked: readonly string[]): void {
  result.evaluated++;
  const rank = ranked.indexOf(expected);
  if (rank === 0) result.top1++;
  if (rank >= 0 && rank < 3) result.top3++;
  if (rank !== 0) result.misses.push({ record, expected, ranked: ranked.slice(0, 3) });
}

/**
 * The lowest score from which the top candidate was the reviewed concept in
 * at least `precision` of the rows scoring as much or more: below it, a
 * suggestion claims an equivalence the engine has not earned. Null when no
 * score reaches that precision (then no draft links a concept).
 */
export function calibrateThreshold(outcomes: readonly Outcome[], precision = CALIBRATION_PRECISION): number | null {
  const sorted = [...outcomes].sort((a, b) => b.score - a.score);
  let right = 0;
  let threshold: number | null = null;
  sorted.forEach((outcome, index) => {
    if (outcome.right) right++;
    // Rows of equal score stand or fall together: judge at the last of them.
    if (sorted[index + 1]?.score === outcome.score) return;
    if (right / (index + 1) >= precision) threshold = outcome.score;
  });
  return threshold;
}

/** The threshold `suggest --write` applies to a source: its own, or for a source no editor row reviews yet, the one of every source's rows. */
export function thresholdFor(results: readonly SourceEvaluation[], source: string): number | null {
  const own = results.find((r) => r.source === source);
  return own && own.outcomes.length > 0 ? own.threshold : calibrateThreshold(results.flatMap((r) => r.outcomes));
}
