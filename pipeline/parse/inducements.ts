/**
 * Parser for the inducement notes (sources/raw/inducement-notes.txt): blank-
 * line separated blocks, none named. Paragraph blocks (one paragraph per
 * line, often very long) and bullet blocks (`•` lines). A lone lower-case word
 * line (`goblins`) is a stray heading: reported as a warning, not dropped
 * silently. Names, kinds and grouping come from annotations (link stage).
 */
import { warning, type Diagnostic } from '../model/diagnostic.ts';
import type { SourceInput } from '../model/source.ts';
import type { NoteBlock, ParseResult } from '../model/parse-result.ts';
import { splitBlocks } from './paragraphs.ts';

export function parseInducementNotes(input: SourceInput): ParseResult {
  const { manifest } = input;
  const diagnostics: Diagnostic[] = [];
  const blocks: NoteBlock[] = [];
  for (const block of splitBlocks(input.lines)) {
    const texts = block.lines.map((l) => l.trim());
    if (texts.length === 1 && /^\p{Ll}+(?: \p{Ll}+){0,2}$/u.test(texts[0]!)) {
      diagnostics.push(
        warning({
          reason: `Stray heading line "${texts[0]}": not part of any record`,
          file: manifest.file,
          place: { line: block.first },
          ruleId: 'inducements/stray-heading',
          source: 'parse',
          note: 'A lower-case word alone between blank lines; kept out of the data on purpose.',
        }),
      );
      continue;
    }
    blocks.push({
      first: block.first,
      last: block.last,
      lines: texts.map((text, n) => {
        const bullet = /^•\s*/.test(text);
        return { line: block.first + n, text: bullet ? text.replace(/^•\s*/, '') : text, bullet };
      }),
      flat: texts.join(' ').replace(/\s+/g, ' '),
    });
  }
  return { records: [], unnamed: [], rulings: [], slotLines: [], notes: blocks, diagnostics };
}
