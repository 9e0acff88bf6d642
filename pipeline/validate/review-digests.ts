/**
 * A reviewed crosswalk row's rationale and summary were written for two
 * texts: its record's, and its concept's English 2020 text. When either
 * changes, the row may no longer be true, whatever the schemas say. Each
 * reviewed row keeps the digest of the texts it was reviewed against
 * (`textDigest`, model/review-digest.ts); a row without one, or whose texts
 * changed since, is reported with the line to paste once it is re-read.
 */
import { error, warning, type Diagnostic, type Place } from '../model/diagnostic.ts';
import { changedTexts, reviewDigest } from '../model/review-digest.ts';
import type { CrosswalkLink, Skill } from '../model/schema-types.ts';

export interface ReviewInput {
  links: readonly CrosswalkLink[];
  /** Record id → index of its row in `links`. */
  linkIndex: ReadonlyMap<string, number>;
  records: readonly Skill[];
  /** The English 2020 record that defines a concept, if any. */
  baseRecordOf: (conceptId: string) => Skill | null;
  /** The file of a record's source. */
  fileOf: (sourceId: string) => string;
  file: string;
  locate: (path: readonly (string | number)[]) => Place | null;
  /** `--strict`: errors, not warnings. */
  strict: boolean;
}

export function checkReviewDigests(input: ReviewInput): Diagnostic[] {
  const recordById = new Map(input.records.map((r) => [r.id, r]));
  const diagnostics: Diagnostic[] = [];
  for (const [recordId, index] of [...input.linkIndex].sort(([, a], [, b]) => a - b)) {
    const link = input.links[index]!;
    const record = recordById.get(recordId);
    // A draft is reported as unreviewed (crosswalk/unreviewed-suggestion); it has nothing to stamp yet.
    if (!record || link.declaredBy === 'suggestion' || link.concept === undefined) continue;
    const base = input.baseRecordOf(link.concept);
    const digest = reviewDigest(record.text, base && base.id !== record.id ? base.text : null);
    if (link.textDigest === digest) continue;
    diagnostics.push(reviewProblem(link, index, record, base, digest, input));
  }
  return diagnostics;
}

/** A row never stamped, or stamped for texts that changed since. */
function reviewProblem(link: CrosswalkLink, index: number, record: Skill, base: Skill | null, digest: string, input: ReviewInput): Diagnostic {
  const what = link.summary === undefined ? 'rationale' : 'rationale and summary';
  const were = link.summary === undefined ? 'was' : 'were';
  const where = (r: Skill) => `${input.fileOf(r.source.id)}:${r.source.lines[0]}`;
  const texts = `the text of ${record.id} (${where(record)})${base ? ` and the English 2020 text of ${base.name} (${where(base)})` : ''}`;
  const report = input.strict ? error : warning;
  if (link.textDigest === undefined)
    return report({
      reason: `The ${what} of the row for ${record.id} ${link.summary === undefined ? 'carries' : 'carry'} no digest of the texts ${link.summary === undefined ? 'it was' : 'they were'} reviewed against`,
      file: input.file,
      place: input.locate(['links', index]),
      ruleId: 'crosswalk/review-unstamped',
      source: 'validate',
      expected: `once the ${what} ${link.summary === undefined ? 'holds' : 'hold'} for ${texts}, add to the row: textDigest: "${digest}"`,
    });
  const changed = changedTexts(link.textDigest, digest);
  const which = [
    changed.record ? `the text of ${record.id} (${where(record)})` : '',
    changed.base && base ? `the English 2020 text of ${base.name} (${where(base)})` : '',
  ]
    .filter(Boolean)
    .join(' and ');
  return report({
    reason: `The ${what} of the row for ${record.id} ${were} reviewed against other text: ${which || texts} changed since`,
    file: input.file,
    place: input.locate(['links', index, 'textDigest']),
    ruleId: 'crosswalk/review-outdated',
    source: 'validate',
    expected: `re-read the ${what} against ${texts}; correct what no longer holds, then set textDigest: "${digest}"`,
  });
}
