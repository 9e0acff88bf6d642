/**
 * A word-level diff of two rule texts (the `diff` package's diffWords on
 * their plain words), as HTML: <ins> and <del>, each with a visually hidden
 * text label, so the change never rests on colour alone.
 */
import { diffWords } from 'diff';
import { escapeHtml } from './html.ts';
import { plainText } from './markdown.ts';

export interface WordDiff {
  html: string;
  insertions: number;
  deletions: number;
}

export function wordDiff(before: string, after: string, labels: { inserted: string; deleted: string }): WordDiff {
  let insertions = 0;
  let deletions = 0;
  const html = diffWords(plainText(before), plainText(after))
    .map((part) => {
      const text = escapeHtml(part.value);
      if (part.added) {
        insertions++;
        return `<ins><span class="sr-only">[${labels.inserted}: </span>${text}<span class="sr-only">]</span></ins>`;
      }
      if (part.removed) {
        deletions++;
        return `<del><span class="sr-only">[${labels.deleted}: </span>${text}<span class="sr-only">]</span></del>`;
      }
      return text;
    })
    .join('');
  return { html, insertions, deletions };
}
