/**
 * Rule text (CommonMark + GFM from the dataset) to HTML, as text only:
 * remark-parse → remark-gfm → remark-rehype (raw HTML dropped, never passed
 * through) → a guard that keeps only safe link targets → rehype-stringify.
 * Nothing in a source can inject markup or script.
 */
import type { Element, ElementContent, Root as HastRoot, RootContent } from 'hast';
import type { Root as MdastRoot, RootContent as MdastContent } from 'mdast';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

const SAFE_URL = /^(https?:|mailto:|#|\/(?!\/)|\.{1,2}\/)/i;

/**
 * The guard every rendered rule text passes: links with a target other than
 * http(s), mailto, a fragment or a relative path keep their text only (as do
 * forms and buttons with such an action); such images go; raw HTML, doctypes
 * and event-handler properties go. remark-rehype (raw HTML off) makes none of
 * the last three: the guard holds even if that changes.
 */
export function guardHtml(tree: HastRoot): void {
  tree.children = clean(tree.children) as HastRoot['children'];
}

function clean(nodes: (RootContent | ElementContent)[]): ElementContent[] {
  return nodes.flatMap((node): ElementContent[] => {
    if (node.type === ('raw' as string)) return [];
    if (node.type !== 'element') return node.type === 'doctype' ? [] : [node as ElementContent];
    const element = node as Element;
    for (const attribute of ['href', 'src', 'action', 'formAction', 'xLinkHref']) {
      const value = element.properties[attribute];
      if (value === undefined) continue;
      // Browsers drop a URL's leading and trailing spaces and controls, and tabs and line breaks anywhere (`java\tscript:`, `/\t/host`): so does the check.
      const url = String(value).replace(/[\u0000-\u0020]/g, '');
      if (!SAFE_URL.test(url)) {
        if (element.tagName === 'img') return [];
        return clean(element.children);
      }
    }
    for (const name of Object.keys(element.properties)) if (/^on/i.test(name)) delete element.properties[name];
    element.children = clean(element.children);
    return [element];
  });
}

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype, { allowDangerousHtml: false })
  .use(() => guardHtml)
  .use(rehypeStringify)
  .freeze();

const trees = new Map<string, MdastRoot>();
/** A rule text's syntax tree, parsed once per site build for both its HTML and its plain words (read, never changed, by both). */
function parsed(text: string): MdastRoot {
  let tree = trees.get(text);
  // Stryker disable next-line ConditionalExpression: parsing again each time gives the same tree (→ true); → false returns nothing and fails every test
  if (tree === undefined) {
    tree = processor.parse(text);
    // Stryker disable next-line CallExpression: the cache only spares a second parse of the same text, which gives the same tree
    trees.set(text, tree);
  }
  return tree;
}

const cache = new Map<string, string>();
export function renderMarkdown(text: string): string {
  let html = cache.get(text);
  // Stryker disable next-line ConditionalExpression: rendering again each time gives the same HTML (→ true); → false returns nothing and fails every test, but is disabled with it
  if (html === undefined) {
    html = processor.stringify(processor.runSync(parsed(text)));
    // Stryker disable next-line CallExpression: the cache only spares a second render of the same text, which gives the same HTML
    cache.set(text, html);
  }
  return html;
}

/** The text of a literal node (text, inline code, code…); undefined for a parent or a void node. */
const literalText = (node: MdastContent): string | undefined => (node as { value?: string }).value;

const plainTexts = new Map<string, string>();
/** The words of a rule text without Markdown syntax: paragraphs and list items on their own lines (each text parsed once per site build). */
export function plainText(text: string): string {
  let plain = plainTexts.get(text);
  // Stryker disable next-line ConditionalExpression: reading the text again each time gives the same words (→ true); → false returns nothing and fails every test
  if (plain === undefined) {
    plain = readPlainText(text);
    // Stryker disable next-line CallExpression: the cache only spares a second parse of the same text, which gives the same words
    plainTexts.set(text, plain);
  }
  return plain;
}

function readPlainText(text: string): string {
  const tree = parsed(text);
  const blocks: string[] = [];
  const inline = (node: MdastContent): string =>
    literalText(node) ?? ('children' in node ? (node.children as MdastContent[]).map(inline).join('') : node.type === 'break' ? ' ' : '');
  const walk = (nodes: MdastContent[], prefix: string): void => {
    for (const node of nodes) {
      if (node.type === 'list') {
        for (const [i, item] of node.children.entries()) walk(item.children, node.ordered ? `${(node.start ?? 1) + i}. ` : '• ');
      } else if (node.type === 'paragraph' || node.type === 'heading') {
        blocks.push(prefix + inline(node));
        prefix = '';
      } else if ('children' in node) {
        walk(node.children as MdastContent[], prefix);
      } else if (literalText(node) !== undefined) {
        blocks.push(prefix + literalText(node));
      }
    }
  };
  walk(tree.children, '');
  return blocks.join('\n');
}
