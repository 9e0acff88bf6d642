/**
 * The round-trip check of rule text (markdown/round-trip) accepts what
 * CommonMark + GFM read back with the same words, and refuses what changes
 * the structure.
 */
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { linesToMdast, markdownToMdast, mdastToMarkdown, structureOf } from '../pipeline/model/markdown.ts';

const roundTrips = (...lines: string[]) => {
  const tree = linesToMdast(lines.map((text, n) => ({ line: n + 1, text })));
  return isDeepStrictEqual(structureOf(markdownToMdast(mdastToMarkdown(tree)).children), structureOf(tree.children));
};

describe('the Markdown round trip of rule text', () => {
  it('accepts bare URLs and e-mail addresses, which GFM reads back as links with the same words', () => {
    expect(roundTrips('See https://www.example.org/faq for the errata.')).toBe(true);
    expect(roundTrips('Write to rules@example.org or visit www.example.org today.')).toBe(true);
  });

  it('accepts the source’s paragraphs and bullets', () => {
    expect(roundTrips('When this player performs this Special action:', '  • Place the template.', '  • Roll a D6.')).toBe(true);
  });

  it('refuses a bullet with no text, which reads back as something else', () => {
    expect(roundTrips('A rule:', '  • ')).toBe(false);
  });
});
