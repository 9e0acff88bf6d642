/**
 * Every relation a reader sees comes with a reader summary. The schema asks
 * one of every `reworked`, `renamed` and `replaced` row (and the French one
 * with every English one); what it cannot see is a `same` (or `split`) row
 * whose record says the rule in other words than its concept's English 2020
 * record, in the same language: the concept page shows the two wordings as a
 * word diff, red and green, and a reader needs one line saying whether the
 * new words change anything. A translation (another language) is not a
 * rewording: its page shows no diff.
 */
import { error, type Diagnostic, type Place } from '../model/diagnostic.ts';
import type { CrosswalkLink, Skill } from '../model/schema-types.ts';

export interface SummaryInput {
  links: readonly CrosswalkLink[];
  /** Record id → index of its row in `links`. */
  linkIndex: ReadonlyMap<string, number>;
  records: readonly Skill[];
  /** The English 2020 record that defines a concept, if any. */
  baseRecordOf: (conceptId: string) => Skill | null;
  file: string;
  locate: (path: readonly (string | number)[]) => Place | null;
}

/** Two wordings differ when their words do: spacing and line breaks aside. */
const words = (text: string): string => text.split(/\s+/u).filter(Boolean).join(' ');

/** The record's words differ from its concept's English 2020 wording, in the same language. */
export function rewordsBase(record: Skill, base: Skill | null): boolean {
  return base !== null && base.id !== record.id && base.lang === record.lang && words(base.text) !== words(record.text);
}

export function checkReaderSummaries(input: SummaryInput): Diagnostic[] {
  const recordById = new Map(input.records.map((r) => [r.id, r]));
  const diagnostics: Diagnostic[] = [];
  for (const [recordId, index] of [...input.linkIndex].sort(([, a], [, b]) => a - b)) {
    const link = input.links[index]!;
    const record = recordById.get(recordId);
    // A draft is reported as unreviewed (crosswalk/unreviewed-suggestion); its summary is written when it is reviewed.
    if (!record || link.declaredBy === 'suggestion' || link.concept === undefined || link.summary !== undefined) continue;
    const base = input.baseRecordOf(link.concept);
    if (!base || !rewordsBase(record, base)) continue;
    diagnostics.push(
      error({
        reason: `The row for ${record.id} (${link.relation}) has no reader summary, but its words differ from the English 2020 wording of ${base.name}: readers see a word diff with nothing to say what it changes`,
        file: input.file,
        place: input.locate(['links', index, 'relation']) ?? input.locate(['links', index]),
        ruleId: 'crosswalk/missing-summary',
        source: 'validate',
        expected: `add to the row one line for readers in English and in French, from the two texts: summary: "Wording only: …" (what the new words say differently, and that the rule plays the same) or what the change does for a player, and summaryFr: the same in French`,
        note: 'docs/CROSSWALK.md, "Summary", says how to write both',
      }),
    );
  }
  return diagnostics;
}
