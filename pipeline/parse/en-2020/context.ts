/**
 * The state the English 2020 handlers share while they read one file: the
 * lines, where diagnostics go, and what has been read so far.
 */
import { error, type Diagnostic } from '../../model/diagnostic.ts';
import type { Skill } from '../../model/schema-types.ts';
import type { SlotLine } from '../../model/parse-result.ts';
import type { SourceInput } from '../../model/source.ts';
import { kindAt } from './classify.ts';

/** A question and its answer as printed under one entry, before identical printings merge. */
export interface DraftRuling {
  question: string;
  answer: string;
  pages: number[];
  pageNote: string | null;
  lines: [number, number];
  record: string;
}

export interface Context {
  readonly input: SourceInput;
  readonly lines: readonly string[];
  readonly file: string;
  readonly edition: string;
  readonly diagnostics: Diagnostic[];
  readonly records: Skill[];
  readonly slotLines: SlotLine[];
  readonly drafts: DraftRuling[];
  /** Slug → 1-based line of the entry that took it. */
  readonly seen: Map<string, number>;
}

export function createContext(input: SourceInput): Context {
  return {
    input,
    lines: input.lines,
    file: input.manifest.file,
    edition: input.manifest.edition.id,
    diagnostics: [],
    records: [],
    slotLines: [],
    drafts: [],
    seen: new Map(),
  };
}

/** The 1-based place of a 0-based line index. */
export const at = (index: number) => ({ line: index + 1 });

/** The next non-blank line from `index`, quoted, for messages. */
export function nextText(context: Context, index: number): string {
  const { lines } = context;
  let n = index;
  while (n < lines.length && kindAt(lines, n) === 'blank') n++;
  return n < lines.length ? `line ${n + 1}: ${JSON.stringify(lines[n]!.trim().slice(0, 80))}` : 'end of file';
}

export function unexpected(context: Context, index: number, what: string): Diagnostic {
  return error({
    reason: `Unexpected line: ${what}`,
    file: context.file,
    place: at(index),
    ruleId: 'en2020/unexpected-line',
    source: 'parse',
    actual: JSON.stringify(context.lines[index]!.trim().slice(0, 120)),
  });
}
