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

/** Links with a target other than http(s), mailto or a relative path keep their text only; such images go. */
function guardUrls() {
  const clean = (nodes: (RootContent | ElementContent)[]): ElementContent[] =>
    nodes.flatMap((node): ElementContent[] => {
      if (node.type === ('raw' as string)) return []; // never emitted with allowDangerousHtml off; belt and braces
      if (node.type !== 'element') return node.type === 'doctype' ? [] : [node as ElementContent];
      const element = node as Element;
      for (const attribute of ['href', 'src', 'action', 'formAction', 'xLinkHref']) {
        const value = element.properties[attribute];
        if (value === undefined) continue;
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
  return (tree: HastRoot) => {
    tree.children = clean(tree.children) as HastRoot['children'];
  };
}

const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype, { allowDangerousHtml: false }).use(guardUrls).use(rehypeStringify).freeze();

const cache = new Map<string, string>();
export function renderMarkdown(text: string): string {
  let html = cache.get(text);
  if (html === undefined) {
    html = String(processor.processSync(text));
    cache.set(text, html);
  }
  return html;
}

/** The words of a rule text without Markdown syntax: paragraphs and list items on their own lines. */
export function plainText(text: string): string {
  const tree = unified().use(remarkParse).use(remarkGfm).parse(text) as MdastRoot;
  const blocks: string[] = [];
  const inline = (node: MdastContent): string =>
    'value' in node && typeof node.value === 'string'
      ? node.value
      : 'children' in node
        ? (node.children as MdastContent[]).map(inline).join('')
        : node.type === 'break'
          ? ' '
          : '';
  const walk = (nodes: MdastContent[], prefix: string): void => {
    for (const node of nodes) {
      if (node.type === 'list') {
        for (const [i, item] of node.children.entries()) walk(item.children, node.ordered ? `${(node.start ?? 1) + i}. ` : '• ');
      } else if (node.type === 'paragraph' || node.type === 'heading') {
        blocks.push(prefix + inline(node));
        prefix = '';
      } else if ('children' in node) {
        walk(node.children as MdastContent[], prefix);
      } else if ('value' in node && typeof node.value === 'string') {
        blocks.push(prefix + node.value);
      }
    }
  };
  walk(tree.children, '');
  return blocks.join('\n');
}
