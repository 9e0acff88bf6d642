/**
 * Rulings: a question printed under several entries is one ruling with one
 * occurrence per printing. Ids are a hash of the question, so they hold
 * wherever it is printed.
 */
import { foldSpaces } from '../../model/fold.ts';
import { createHash } from 'node:crypto';
import { error } from '../../model/diagnostic.ts';
import { byId as byIdOrder, compare } from '../../model/order.ts';
import type { Ruling } from '../../model/schema-types.ts';
import { errataWithin } from '../../model/source.ts';
import type { Context, DraftRuling } from './context.ts';

const normalise = foldSpaces;

/** First 8 hex digits of the SHA-256 of the normalised question: stable wherever the ruling is printed. */
export function rulingHash(question: string): string {
  return createHash('sha256').update(normalise(question)).digest('hex').slice(0, 8);
}

/** `75 & 78` → [75, 78]; `41 & p.81` → [41, 81]; `71, dungeon bowl` → [71] + note. */
export function parsePages(inner: string | null): { pages: number[]; pageNote: string | null } {
  if (inner === null) return { pages: [], pageNote: null };
  const pages: number[] = [];
  const notes: string[] = [];
  for (const part of inner.split(/(?<!\s)\s*(?:&|,|\band\b)\s*/)) {
    const value = part.replace(/^p\.\s*/, '').trim();
    if (value === '') continue;
    if (/^\d+$/.test(value)) pages.push(Number(value));
    else notes.push(value);
  }
  return { pages: [...new Set(pages)].sort((a, b) => a - b), pageNote: notes.length ? notes.join(', ') : null };
}

/**
 * The drafts as rulings, sorted by id, each with its records sorted: the same
 * question printed again adds an occurrence (and its record); printed again
 * with another answer or page reference, or a hash shared by two questions,
 * is an error and the later printing is left out.
 */
export function mergeRulings(context: Context, all: readonly DraftRuling[]): Ruling[] {
  const byId = new Map<string, Ruling>();
  /** The normalised question each id was made from: two different questions must never share an id. */
  const questionOf = new Map<string, string>();
  for (const draft of all) {
    const id = `${context.edition}/r-${rulingHash(draft.question)}`;
    const existing = byId.get(id);
    if (existing && questionOf.get(id) !== normalise(draft.question)) {
      context.diagnostics.push(
        error({
          reason: `Two different questions hash to the same ruling id ${id} (the other is on line ${existing.source.lines[0]})`,
          file: context.file,
          place: { line: draft.lines[0] },
          ruleId: 'en2020/ruling-id-collision',
          source: 'parse',
          note: 'Ruling ids must stay stable; lengthen the hash in rulingHash() and record the change in the data contract.',
        }),
      );
    } else if (existing) {
      addOccurrence(context, existing, draft);
    } else {
      questionOf.set(id, normalise(draft.question));
      byId.set(id, newRuling(context, id, draft));
    }
  }
  return [...byId.values()].map((ruling) => ({ ...ruling, records: [...ruling.records].sort(compare) })).sort(byIdOrder);
}

function newRuling(context: Context, id: string, draft: DraftRuling): Ruling {
  return {
    id,
    edition: context.edition,
    question: draft.question,
    answer: draft.answer,
    pages: draft.pages,
    pageNote: draft.pageNote,
    records: [draft.record],
    occurrences: [{ record: draft.record, lines: draft.lines }],
    source: { id: context.input.manifest.id, lines: draft.lines, errata: errataWithin(context.input.errata, draft.lines[0], draft.lines[1]) },
  };
}

/** Another printing of the question of `existing`: one more occurrence, or an error when it says something else. */
function addOccurrence(context: Context, existing: Ruling, draft: DraftRuling): void {
  const samePages = JSON.stringify(existing.pages) === JSON.stringify(draft.pages) && existing.pageNote === draft.pageNote;
  if (normalise(existing.answer) !== normalise(draft.answer) || !samePages) {
    context.diagnostics.push(
      error({
        reason: `The same question is printed here and on line ${existing.source.lines[0]} with a different ${samePages ? 'answer' : 'page reference'}`,
        file: context.file,
        place: { line: draft.lines[0] },
        ruleId: 'en2020/conflicting-ruling',
        source: 'parse',
        expected: samePages ? JSON.stringify(existing.answer) : JSON.stringify(existing.pages),
        actual: samePages ? JSON.stringify(draft.answer) : JSON.stringify(draft.pages),
      }),
    );
    return;
  }
  existing.occurrences.push({ record: draft.record, lines: draft.lines });
  if (!existing.records.includes(draft.record)) existing.records.push(draft.record);
}
