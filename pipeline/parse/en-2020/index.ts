/**
 * Parser for the English 2020 skills & traits text
 * (sources/raw/en-2020-skills-traits.txt): a table of handlers, one per kind
 * of line (classify.ts says which kind a line is). At the top level a name
 * line opens an entry (entry.ts), which reads its rule text, its FAQ
 * (faq.ts) and its random-table markers (markers.ts); the questions printed
 * under every entry then merge into rulings (rulings.ts).
 *
 * Output: one Skill per entry and one Ruling per distinct question, with
 * provenance. Linking rulings to the entries their questions name happens in
 * the link stage.
 */
import { byId as byIdOrder } from '../../model/order.ts';
import type { ParseResult } from '../../model/parse-result.ts';
import type { SourceInput } from '../../model/source.ts';
import { kindAt, skipTitle, type LineKind } from './classify.ts';
import { createContext, unexpected, type Context } from './context.ts';
import { readEntry } from './entry.ts';
import { mergeRulings } from './rulings.ts';

export { EN2020_CATEGORIES } from './classify.ts';
export { parsePages, rulingHash } from './rulings.ts';

/** Reads from the line at `index`; returns where reading goes on. */
type Handler = (context: Context, index: number) => number;

const strayMarker: Handler = (context, index) => {
  context.diagnostics.push(unexpected(context, index, 'a random-table marker line with no entry before it'));
  return index + 1;
};

/** The top-level handlers: any line that is not blank or a marker opens an entry. */
const handle: Readonly<Record<LineKind, Handler>> = {
  blank: (_context, index) => index + 1,
  marker: strayMarker,
  question: readEntry,
  answer: readEntry,
  category: readEntry,
  text: readEntry,
};

export function parseEn2020(input: SourceInput): ParseResult {
  const context = createContext(input);
  const { lines } = context;
  let i = skipTitle(lines);
  while (i < lines.length) i = handle[kindAt(lines, i)](context, i);
  const rulings = mergeRulings(context, context.drafts);
  return { records: context.records.sort(byIdOrder), unnamed: [], rulings, slotLines: context.slotLines, diagnostics: context.diagnostics };
}
