/**
 * Rich text: raw rule lines → mdast → Markdown, and Markdown → mdast.
 * mdast is the one rich-text model: the site and the cards render from it.
 * Text is always built as `text` nodes and serialised by remark-stringify,
 * so nothing in a source can become HTML, emphasis or a link.
 */
import type { List, ListItem, Paragraph, Root, RootContent } from 'mdast';
import { createRequire } from 'node:module';
import { isDeepStrictEqual } from 'node:util';
import { error, type Diagnostic } from './diagnostic.ts';
import { memoKey, type StageMemo } from './memo.ts';
import type RemarkGfm from 'remark-gfm';
import type RemarkParse from 'remark-parse';
import type RemarkStringify from 'remark-stringify';
import type * as Unified from 'unified';

// remark loads on first use (a synchronous require of its ES modules): a build whose
// sources and plain texts all come from the stage memo never loads the Markdown parser.
const load = createRequire(import.meta.url);
const unified = (): typeof Unified.unified => (load('unified') as typeof Unified).unified;
const plugin = <T>(name: string): T => (load(name) as { default: T }).default;

export interface SourceLine {
  /** 1-based line number in the raw file. */
  line: number;
  text: string;
}

/** `•`, `-` or `1.` items, indented by any number of spaces. */
const LIST_ITEM = /^(\s*)(•|-|\d+\.)\s+((?:\S.*)?)$/;

/**
 * The deepest a list may nest. Rule texts nest two levels at most; a thousand
 * lines each indented one space more would nest a thousand, and every tree
 * walker after (remark's serialiser and parser, the round-trip check) would
 * recurse that deep and overflow the stack with no file or line.
 */
export const LIST_DEPTH_LIMIT = 8;

/**
 * Build mdast from rule lines. Each non-list line is a paragraph (the raw
 * texts put one paragraph per line); bullet and numbered lines become real
 * lists, nested by indentation, at most LIST_DEPTH_LIMIT deep: an item
 * indented deeper joins the deepest list, and `tooDeep` is told its line (so
 * a parser reports it, located). Blank lines end lists.
 */
export function linesToMdast(lines: readonly SourceLine[], tooDeep: (line: SourceLine) => void = () => {}): Root {
  const root: Root = { type: 'root', children: [] };
  let stack: { indent: number; list: List }[] = [];
  for (const source of lines) {
    const { text } = source;
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
    let indent = item[1]!.length;
    const marker = item[2]!;
    if (stack.length >= LIST_DEPTH_LIMIT && indent > stack.at(-1)!.indent) {
      tooDeep(source);
      indent = stack.at(-1)!.indent;
    }
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

/**
 * `linesToMdast` for a parser: the tree, and an error at the first list item
 * nested deeper than LIST_DEPTH_LIMIT (its line and column in `file`), so a
 * staircase of indented lines is a located error, never a stack overflow.
 */
export function linesToMdastLocated(lines: readonly SourceLine[], file: string): { tree: Root; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const tree = linesToMdast(lines, (line) => {
    if (diagnostics.length) return;
    diagnostics.push(
      error({
        reason: `A list is nested more than ${LIST_DEPTH_LIMIT} levels deep: each line indented more than the one before`,
        file,
        place: { line: line.line, column: line.text.search(/\S/) + 1 },
        ruleId: 'markdown/list-too-deep',
        source: 'parse',
        expected: `lists nested at most ${LIST_DEPTH_LIMIT} levels (rule texts nest two)`,
        note: 'the indentation of these lines is probably an accident of the copy: remove it with an erratum',
      }),
    );
  });
  return { tree, diagnostics };
}

let stringifier: ReturnType<typeof createStringifier> | undefined;
const createStringifier = () =>
  unified()().use(plugin<typeof RemarkGfm>('remark-gfm')).use(plugin<typeof RemarkStringify>('remark-stringify'), {
    bullet: '-',
    listItemIndent: 'one',
    rule: '-',
    emphasis: '_',
    strong: '*',
    fences: true,
  });

let parser: ReturnType<typeof createParser> | undefined;
const createParser = () => unified()().use(plugin<typeof RemarkParse>('remark-parse')).use(plugin<typeof RemarkGfm>('remark-gfm'));

let memo: StageMemo | undefined;
/**
 * Run `fn` with a stage memo for Markdown: while it runs, `mdastToMarkdown`
 * and `plainTextOfMarkdown` recall what an earlier build computed (by the
 * tree, by the text) and remember what they compute. The build's stages are
 * synchronous, so one memo at a time is active.
 */
export function withMarkdownMemo<T>(active: StageMemo | undefined, fn: () => T): T {
  const previous = memo;
  memo = active;
  try {
    return fn();
  } finally {
    memo = previous;
  }
}

export function mdastToMarkdown(root: Root): string {
  const key = memo ? memoKey(root) : '';
  const recalled = memo?.recall('markdown', key);
  if (typeof recalled === 'string') return recalled;
  const markdown = (stringifier ??= createStringifier()).stringify(root);
  memo?.remember('markdown', key, markdown);
  return markdown;
}

export function markdownToMdast(markdown: string): Root {
  const p = (parser ??= createParser());
  return p.runSync(p.parse(markdown)) as Root;
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
    if (last?.type === 'text' && current?.type === 'text' && Object.keys(last).length === 2 && Object.keys(current).length === 2)
      out[out.length - 1] = { type: 'text', value: `${last.value}${current.value}` };
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
  const key = memo ? memoKey(markdown) : '';
  if (text === undefined && memo) {
    const recalled = memo.recall('plain', key);
    if (typeof recalled === 'string') text = recalled;
  }
  text ??= plainText(markdownToMdast(markdown));
  plainCache.set(markdown, text);
  memo?.remember('plain', key, text);
  return text;
}

/**
 * `markdownToMdast`, remembering the tree's plain text for
 * `plainTextOfMarkdown`: a parser that reads its own Markdown back (the
 * round-trip check) spares the later stages a second parse of the same text.
 */
function readBackMarkdown(markdown: string): Root {
  const tree = markdownToMdast(markdown);
  if (!plainCache.has(markdown)) plainCache.set(markdown, plainText(tree));
  return tree;
}

/**
 * Whether `markdown`, the Markdown written for `tree`, reads back as the
 * tree's paragraphs, lists and text (`structureOf`): the parsers' proof that
 * `text` says what the source said. Recalled from the active memo by the
 * tree and the text, so a rebuild re-reads only entries that changed.
 */
export function readsBack(tree: Root, markdown: string): boolean {
  const key = memo ? memoKey(tree, markdown) : '';
  const recalled = memo?.recall('readBack', key);
  if (typeof recalled === 'boolean') return recalled;
  const same = isDeepStrictEqual(structureOf(readBackMarkdown(markdown).children), structureOf(tree.children));
  memo?.remember('readBack', key, same);
  return same;
}

/** Forget the plain texts this process has computed (tests: so a memo's recalls are what a build reads). */
export function forgetPlainTexts(): void {
  plainCache.clear();
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
