/**
 * Unmarked obligations: a record of a source that marks compulsory names with
 * `*` (its `compulsory` is true or false, never null) whose text obliges
 * ("must", "the only action they may", "cannot choose not to") but whose name
 * has no `*`. Each obliging sentence is a warning for a maintainer to review:
 * either the mark is missing (add an erratum) or the obligation is a
 * condition of an optional rule (record the review in
 * sources/annotations/compulsory.yaml, which silences that sentence only).
 */
import { error, warning, type Diagnostic, type Place } from '../model/diagnostic.ts';
import type { CompulsoryReview, Skill } from '../model/schema-types.ts';
import { plainTextOfMarkdown } from '../model/markdown.ts';
import { foldQuotes, foldSpaces } from '../model/fold.ts';

/** Words that make a sentence an obligation. */
const OBLIGATION = /\b(?:must|cannot choose not to|the only actions? (?:they|this player|the player) (?:may|can))\b/giu;

export interface ObligationInput {
  records: readonly Skill[];
  /** Patched lines of a source, to place each warning on its line. */
  linesOf: (sourceId: string) => readonly string[] | undefined;
  fileOf: (sourceId: string) => string;
  reviews: readonly CompulsoryReview[];
  reviewFile: string;
  locateReview: (index: number) => Place | null;
}

export interface Obligation {
  record: string;
  /** The sentence as plain text. */
  sentence: string;
  /** The obliging words, as printed. */
  words: string[];
  line: number;
}

const fold = (text: string): string => foldSpaces(foldQuotes(text));

/** Sentences of a record's text: plain text split at full stops and paragraph ends. */
function sentencesOf(markdown: string): string[] {
  return plainTextOfMarkdown(markdown)
    .split(/\n+|(?<=[.!?])\s+(?=[A-Z"“(-])/u)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/** Every obliging sentence of the records a marking source leaves unmarked. */
export function findObligations(records: readonly Skill[], linesOf: ObligationInput['linesOf']): Obligation[] {
  const out: Obligation[] = [];
  for (const record of records) {
    if (record.compulsory !== false) continue;
    const lines = linesOf(record.source.id) ?? [];
    const [first, last] = record.source.lines;
    for (const sentence of sentencesOf(record.text)) {
      const words = [...sentence.matchAll(OBLIGATION)].map((m) => m[0]);
      if (!words.length) continue;
      // The raw line that holds the sentence's opening words (else the record's first line).
      const opening = fold(sentence).slice(0, 40);
      let line = first;
      for (let n = first; n <= last; n++) {
        if (fold(lines[n - 1] ?? '').includes(opening)) {
          line = n;
          break;
        }
      }
      out.push({ record: record.id, sentence, words, line });
    }
  }
  return out;
}

const excerpt = (text: string, max = 140): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function checkObligations(input: ObligationInput): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const obligations = findObligations(input.records, input.linesOf);
  const used = new Set<number>();
  const sourceOf = new Map(input.records.map((r) => [r.id, r.source.id]));
  for (const obligation of obligations) {
    const folded = fold(obligation.sentence);
    const review = input.reviews.findIndex((r) => r.record === obligation.record && folded.includes(fold(r.sentence)));
    if (review >= 0) {
      used.add(review);
      continue;
    }
    diagnostics.push(
      warning({
        reason: `${obligation.record} has no compulsory mark, but its text obliges (${obligation.words.map((w) => `"${w}"`).join(', ')}): "${excerpt(obligation.sentence)}"`,
        file: input.fileOf(sourceOf.get(obligation.record)!),
        place: { line: obligation.line },
        ruleId: 'compulsory/unmarked-obligation',
        source: 'validate',
        expected: `a "*" on the name (add an erratum to sources/annotations/errata.yaml), or a review of this sentence in ${input.reviewFile}`,
      }),
    );
  }
  input.reviews.forEach((review, index) => {
    if (used.has(index)) return;
    if (!sourceOf.has(review.record)) {
      diagnostics.push(
        error({
          reason: `A review names ${review.record}, which the data does not have`,
          file: input.reviewFile,
          place: input.locateReview(index),
          ruleId: 'compulsory/unknown-record',
          source: 'validate',
          expected: 'the id of a record of dist/data/skills.json',
          note: 'correct the id, or remove the review if the record is gone',
        }),
      );
      return;
    }
    diagnostics.push(
      warning({
        reason: `The review of ${review.record} ("${excerpt(review.sentence, 60)}") matches no unmarked obliging sentence`,
        file: input.reviewFile,
        place: input.locateReview(index),
        ruleId: 'compulsory/stale-review',
        source: 'validate',
        expected: 'words of an obliging sentence of a record without "*"; remove the review if the record is now marked or reworded',
      }),
    );
  });
  return diagnostics;
}
