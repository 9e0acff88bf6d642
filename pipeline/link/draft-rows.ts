/**
 * `nuffle suggest --write`: draft crosswalk rows for unlinked records, appended
 * to sources/annotations/crosswalk.yaml as text, so every existing byte, comment
 * and the order stay as they are. Each draft carries the top candidate, its
 * score and evidence, and `declaredBy: suggestion`, which the build reports
 * until someone reviews the row. Below the threshold `suggest --evaluate`
 * calibrates, a draft names no concept: a rule of its own, saying why.
 */
import { stringify } from 'yaml';
import type { CrosswalkLink } from '../model/schema-types.ts';
import type { Suggestion } from './suggest.ts';
import type { UnlinkedRecord } from './crosswalk.ts';
import { CALIBRATION_PRECISION } from './evaluate.ts';

/** Opening words that start an unnamed paragraph: enough words for 40 characters, at most 12 words. */
function openingWords(text: string): string {
  const words = text.replace(/\s+/g, ' ').trim().split(' ');
  const out: string[] = [];
  for (const word of words) {
    out.push(word);
    if (out.join(' ').length >= 40 || out.length >= 12) break;
  }
  return out.join(' ');
}

export interface DraftInput {
  item: UnlinkedRecord;
  /** The top candidate, if any concept was ranked at all. */
  best: Suggestion | undefined;
  /** The English name of the candidate concept (names an unnamed paragraph). */
  conceptName: string;
  /** Whether the candidate is an English 2020 concept (then the relation is `same`, else `new`). */
  baseConcept: boolean;
  /** The score from which a draft links its top candidate (evaluate.ts calibrateThreshold for the item's source); null: none earns a link. */
  threshold: number | null;
}

/** What a draft of a rule of its own names an unnamed paragraph: a placeholder the reviewer replaces (the build reports the draft until then), one per line. */
const unnamedDraft = (line: number) => `<name of the rule on line ${line}>`;

const round = (score: number) => Number(score.toFixed(2));

export function draftRow(input: DraftInput): CrosswalkLink {
  const { item, best, conceptName, baseConcept, threshold } = input;
  if (!best || threshold === null || best.score < threshold) return ownRuleDraft(item, best, threshold);
  return {
    source: item.source,
    ...(item.record ? { record: item.record } : { match: openingWords(item.opening ?? ''), name: conceptName }),
    concept: best.concept,
    relation: baseConcept ? 'same' : 'new',
    confidence: 'low',
    rationale: `Suggested by nuffle suggest (score ${best.score.toFixed(2)}); review the concept, the relation and this line.`,
    declaredBy: 'suggestion',
    score: round(best.score),
    evidence: best.evidence.slice(0, 6),
  };
}

/**
 * A draft below the threshold claims no equivalence: a rule of its own
 * (`relation: new`, no concept), which says why and which candidate came
 * closest, so the reviewer can still link it if the rule text says so.
 */
function ownRuleDraft(item: UnlinkedRecord, best: Suggestion | undefined, threshold: number | null): CrosswalkLink {
  const bar =
    threshold === null
      ? 'no score has yet earned a link for this source'
      : `below ${threshold.toFixed(2)}, the score from which nuffle suggest --evaluate found the top candidate right in ${Math.round(CALIBRATION_PRECISION * 100)} % of the reviewed rows`;
  const closest = best ? `the closest, ${best.concept}, scores ${best.score.toFixed(2)} (name ${best.name.toFixed(2)})` : 'no concept was ranked';
  return {
    source: item.source,
    ...(item.record ? { record: item.record } : { match: openingWords(item.opening ?? ''), name: unnamedDraft(item.line) }),
    relation: 'new',
    confidence: 'low',
    rationale: `No concept matches: ${closest}, ${bar}. Drafted as a rule of its own: give it a concept, or link the concept the rule text shows it is.`,
    declaredBy: 'suggestion',
    score: best ? round(best.score) : 0,
    evidence: best ? [`closest concept: ${best.concept}`, ...best.evidence.slice(0, 5)] : [],
  };
}

/** The crosswalk file with the drafts appended to its `links` list (which must be the file's last key). */
export function appendDraftRows(text: string, drafts: readonly { row: CrosswalkLink; comment: string }[]): string {
  const lines = text.split('\n');
  const links = lines.findIndex((line) => /^links:\s*$/.test(line));
  if (links < 0 || lines.slice(links + 1).some((line) => /^[a-zA-Z]/.test(line)))
    throw new Error('crosswalk.yaml must end with its `links:` list for drafts to be appended');
  const body = drafts
    .map(({ row, comment }) => {
      const entry = stringify([row], { lineWidth: 0 })
        .trimEnd()
        .split('\n')
        .map((line) => `  ${line}`)
        .join('\n');
      return `  # ${comment}\n${entry}\n`;
    })
    .join('');
  return `${text.endsWith('\n') ? text : `${text}\n`}${body}`;
}
