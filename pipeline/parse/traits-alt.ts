/**
 * Parser for the second trait wording (sources/raw/traits-alt-wording.txt):
 * a `Skills` title, then one paragraph per trait, separated by blank lines,
 * with no names. Each paragraph becomes an unnamed record; its name, id and
 * concept come from sources/annotations/crosswalk.yaml (link stage), matched
 * by the paragraph's opening words, never by position.
 */
import { error, type Diagnostic } from '../model/diagnostic.ts';
import type { UnnamedRecord } from '../model/source.ts';
import type { SourceInput } from '../model/source.ts';
import { errataWithin } from '../model/source.ts';
import { linesToMdastLocated, mdastToMarkdown } from '../model/markdown.ts';
import { splitBlocks } from './paragraphs.ts';
import type { ParseResult } from '../model/parse-result.ts';

export function parseTraitsAlt(input: SourceInput): ParseResult {
  const { manifest, lines } = input;
  const diagnostics: Diagnostic[] = [];
  const blocks = splitBlocks(lines);
  // A one-word title line (`Skills`) is not a trait.
  if (blocks[0] && blocks[0].lines.length === 1 && /^\p{L}+$/u.test(blocks[0].lines[0]!.trim())) blocks.shift();
  const unnamed: UnnamedRecord[] = [];
  for (const block of blocks) {
    if (block.lines.length > 1) {
      diagnostics.push(
        error({
          reason: `A trait paragraph spans ${block.lines.length} lines; this source has one paragraph per line`,
          file: manifest.file,
          place: { line: block.first },
          ruleId: 'traits-alt/multi-line-paragraph',
          source: 'parse',
          expected: 'a blank line between trait paragraphs',
        }),
      );
    }
    const body = block.lines.map((text, n) => ({ line: block.first + n, text }));
    const { tree, diagnostics: deep } = linesToMdastLocated(body, manifest.file);
    diagnostics.push(...deep);
    unnamed.push({
      opening: block.lines.join(' ').trim(),
      edition: manifest.edition.id,
      lang: manifest.lang,
      kind: 'trait',
      category: 'trait',
      text: mdastToMarkdown(tree),
      games: [...(manifest.games ?? [])],
      source: { id: manifest.id, lines: [block.first, block.last], errata: errataWithin(input.errata, block.first, block.last) },
    });
  }
  return { records: [], unnamed, rulings: [], slotLines: [], diagnostics };
}
