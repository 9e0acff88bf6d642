/**
 * Rich text: raw rule lines → mdast → Markdown, and Markdown → mdast.
 * mdast is the one rich-text model: the site and the cards render from it.
 * Text is always built as `text` nodes and serialised by remark-stringify,
 * so nothing in a source can become HTML, emphasis or a link.
 */
import type { List, ListItem, Paragraph, Root, RootContent } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';

export interface SourceLine {
  /** 1-based line number in the raw file. */
  line: number;
  text: string;
}

/** `•`, `-` or `1.` items, indented by any number of spaces. */
const LIST_ITEM = /^(\s*)(•|-|\d+\.)\s+(.*)$/;

/**
 * Build mdast from rule lines. Each non-list line is a paragraph (the raw
 * texts put one paragraph per line); bullet and numbered lines become real
 * lists, nested by indentation. Blank lines end lists.
 */
export function linesToMdast(lines: readonly SourceLine[]): Root {
  const root: Root = { type: 'root', children: [] };
  let stack: { indent: number; list: List }[] = [];
  for (const { text } of lines) {
    if (text.trim() === '') {
      stack = [];
      continue;
    }
    const item = LIST_ITEM.exec(text);
    if (!item) {
      stack = [];
      root.children.push(paragraph(text.trim()));
      continue;
    }
    const indent = item[1]!.length;
    const marker = item[2]!;
    const ordered = /\d/.test(marker);
    while (stack.length > 0 && stack.at(-1)!.indent > indent) stack.pop();
    let top = stack.at(-1);
    if (top && top.indent === indent && top.list.ordered !== ordered) {
      stack.pop();
      top = stack.at(-1);
    }
    if (!top || top.indent < indent) {
      const list: List = { type: 'list', ordered, start: ordered ? Number.parseInt(marker, 10) : null, spread: false, children: [] };
      const parent = top ? (top.list.children.at(-1) as ListItem) : root;
      (parent.children as RootContent[]).push(list);
      stack.push({ indent, list });
      top = stack.at(-1)!;
    }
    const listItem: ListItem = { type: 'listItem', spread: false, checked: null, children: [paragraph(item[3]!.trim())] };
    top.list.children.push(listItem);
  }
  return root;
}

const paragraph = (value: string): Paragraph => ({ type: 'paragraph', children: [{ type: 'text', value }] });

const stringifier = unified().use(remarkGfm).use(remarkStringify, {
  bullet: '-',
  listItemIndent: 'one',
  rule: '-',
  emphasis: '_',
  strong: '*',
  fences: true,
});

const parser = unified().use(remarkParse).use(remarkGfm);

export function mdastToMarkdown(root: Root): string {
  return stringifier.stringify(root);
}

export function markdownToMdast(markdown: string): Root {
  return parser.runSync(parser.parse(markdown)) as Root;
}

/**
 * The shape of a tree without positions or presentational flags: what must
 * survive a Markdown round trip. Used to prove that `text` says what the
 * source said.
 */
export function structureOf(node: unknown): unknown {
  if (Array.isArray(node)) return mergeText(node.map(structureOf));
  if (!node || typeof node !== 'object') return node;
  // A bare URL in the text reads back as a GFM autolink literal, whose text is the URL
  // itself: the words are the same, so it counts as text.
  const literal = autolinkLiteralText(node as Record<string, unknown>);
  if (literal !== null) return { type: 'text', value: literal };
  const { type, value, ordered, start, children } = node as Record<string, unknown>;
  const out: Record<string, unknown> = { type };
  if (value !== undefined) out.value = value;
  if (type === 'list') {
    out.ordered = ordered;
    if (ordered) out.start = start;
  }
  if (children !== undefined) out.children = structureOf(children);
  return out;
}

function autolinkLiteralText(node: Record<string, unknown>): string | null {
  if (node.type !== 'link' || !Array.isArray(node.children) || node.children.length !== 1) return null;
  const child = node.children[0] as Record<string, unknown>;
  if (child.type !== 'text' || typeof child.value !== 'string' || typeof node.url !== 'string') return null;
  return node.url === child.value || node.url === `http://${child.value}` || node.url === `mailto:${child.value}` ? child.value : null;
}

/** Adjacent text nodes as one (what an unfolded autolink leaves). */
function mergeText(nodes: unknown[]): unknown[] {
  const out: unknown[] = [];
  for (const node of nodes) {
    const last = out.at(-1) as { type?: string; value?: string } | undefined;
    const current = node as { type?: string; value?: string };
    if (last?.type === 'text' && current?.type === 'text' && Object.keys(last).length === 2 && Object.keys(current).length === 2) out[out.length - 1] = { type: 'text', value: `${last.value}${current.value}` };
    else out.push(node);
  }
  return out;
}

const plainCache = new Map<string, string>();
/**
 * Plain text of a Markdown string (`plainText(markdownToMdast(markdown))`),
 * memoised: the build, suggestions and their evaluation read the same texts
 * many times, and a watching process rebuilds mostly unchanged ones.
 */
export function plainTextOfMarkdown(markdown: string): string {
  let text = plainCache.get(markdown);
  if (text === undefined) {
    text = plainText(markdownToMdast(markdown));
    plainCache.set(markdown, text);
  }
  return text;
}

/** Plain text of a tree, block by block. */
export function plainText(root: Root): string {
  const out: string[] = [];
  const visit = (node: { type: string; value?: string; children?: unknown[] }): void => {
    if (node.type === 'text' || node.type === 'inlineCode') out.push(node.value ?? '');
    for (const child of (node.children ?? []) as (typeof node)[]) visit(child);
    if (node.type === 'paragraph') out.push('\n');
  };
  visit(root);
  return out.join('');
}
