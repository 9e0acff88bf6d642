/** Blank-line separated blocks of a text, with their 1-based line ranges. */
export interface Block {
  first: number;
  last: number;
  lines: string[];
}

export function splitBlocks(lines: readonly string[], from = 0): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  for (let i = from; i < lines.length; i++) {
    const text = lines[i]!;
    if (text.trim() === '') {
      current = null;
      continue;
    }
    if (!current) {
      current = { first: i + 1, last: i + 1, lines: [] };
      blocks.push(current);
    }
    current.lines.push(text);
    current.last = i + 1;
  }
  return blocks;
}

/**
 * Join hard-wrapped lines into paragraphs: a line continues the previous one
 * unless the previous ends a sentence and this one starts with a capital.
 */
export function joinWrapped(lines: readonly string[]): string[] {
  const paragraphs: string[] = [];
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) continue;
    const previous = paragraphs.at(-1);
    const endsSentence = previous !== undefined && /[.!?»:]$/.test(previous);
    const startsSentence = /^[\p{Lu}«"(]/u.test(line);
    if (previous !== undefined && !(endsSentence && startsSentence)) paragraphs[paragraphs.length - 1] = `${previous} ${line}`;
    else paragraphs.push(line);
  }
  return paragraphs;
}
