/**
 * Markdown → mdast with static imports and no Node module: what the card
 * stage parses record texts with, in the CLI and in the browser (the site's
 * card page) alike. The same parser configuration as model/markdown.ts
 * (remark-parse + remark-gfm), which loads it lazily for the build.
 */
import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

let parser: ReturnType<typeof createParser> | undefined;
const createParser = () => unified().use(remarkParse).use(remarkGfm);

export function markdownToMdast(markdown: string): Root {
  const p = (parser ??= createParser());
  return p.runSync(p.parse(markdown)) as Root;
}
