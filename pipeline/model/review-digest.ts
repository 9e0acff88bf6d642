/**
 * The digest a reviewed crosswalk row is stamped with (`textDigest`): what
 * its rationale and summary were written against. Eight hex digits of the
 * record's text, then eight of its concept's English 2020 text (`00000000`
 * for a concept with none), each of the plain text with its spaces folded: a
 * change of Markdown rendering or of line wrapping is no change of text.
 */
import { createHash } from 'node:crypto';
import { plainTextOfMarkdown } from './markdown.ts';

const NO_TEXT = '00000000';

/** Eight hex digits of one Markdown text's plain words. */
function textDigest(markdown: string): string {
  const plain = plainTextOfMarkdown(markdown).replace(/\s+/g, ' ').trim();
  return createHash('sha256').update(plain).digest('hex').slice(0, 8);
}

/** The stamp of a row: its record's text, then its concept's English 2020 text (null: none). */
export function reviewDigest(recordText: string, baseText: string | null): string {
  return `${textDigest(recordText)}${baseText === null ? NO_TEXT : textDigest(baseText)}`;
}

/** Which of the two texts a stamp no longer matches. */
export function changedTexts(stamp: string, current: string): { record: boolean; base: boolean } {
  return { record: stamp.slice(0, 8) !== current.slice(0, 8), base: stamp.slice(8) !== current.slice(8) };
}
