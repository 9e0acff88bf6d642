/**
 * `nuffle suggest --write`: draft crosswalk rows for unlinked records, appended
 * to sources/annotations/crosswalk.yaml as text, so every existing byte, comment
 * and the order stay as they are. Each draft carries the top candidate, its
 * score and evidence, and `declaredBy: suggestion`, which the build reports
 * until someone reviews the row.
 */
import { stringify } from 'yaml';
import type { CrosswalkLink } from '../model/schema-types.ts';
import type { Suggestion } from './suggest.ts';
import type { UnlinkedRecord } from './crosswalk.ts';

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
  best: Suggestion;
  /** The English name of the candidate concept (names an unnamed paragraph). */
  conceptName: string;
  /** Whether the candidate is an English 2020 concept (then the relation is `same`, else `new`). */
  baseConcept: boolean;
}

export function draftRow({ item, best, conceptName, baseConcept }: DraftInput): CrosswalkLink {
  const evidence = best.evidence.slice(0, 6);
  return {
    source: item.source,
    ...(item.record ? { record: item.record } : { match: openingWords(item.opening ?? ''), name: conceptName }),
    concept: best.concept,
    relation: baseConcept ? 'same' : 'new',
    confidence: 'low',
    rationale: `Suggested by nuffle suggest (score ${best.score.toFixed(2)}); review the concept, the relation and this line.`,
    declaredBy: 'suggestion',
    score: Number(best.score.toFixed(2)),
    evidence,
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
