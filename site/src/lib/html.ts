/**
 * The one place the site writes HTML from strings: `escapeHtml` for text and
 * attribute values, and the page head built with it. Starlight renders head
 * entries' contents as raw HTML, and a page title or description comes from
 * the dataset (a skill's or an inducement's name), so a raw title could close
 * <title> and open <script>. Here every content is text and every attribute
 * value is quoted with `& < > " '` escaped: a name from a source shows as the
 * name, in <title>, in `og:title` and anywhere else.
 */

/** Text for an HTML text node or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

export interface HeadEntry {
  tag: string;
  attrs?: Record<string, string | boolean | undefined> | undefined;
  content?: string | undefined;
}

const VOID = new Set(['meta', 'link', 'base']);
/** Tags whose content the browser does not read as text: refused, the site's scripts and styles are bundled files. */
const RAW_TEXT = new Set(['script', 'style', 'noscript', 'template', 'iframe', 'noembed', 'noframes', 'xmp', 'textarea']);
const NAME = /^[a-z][a-z0-9:_-]*$/i;

/** Starlight's head entries as HTML: names checked, attribute values and contents escaped. */
export function renderHead(entries: readonly HeadEntry[]): string {
  return entries.map(renderEntry).join('');
}

function renderEntry({ tag, attrs = {}, content = '' }: HeadEntry): string {
  const name = tag.toLowerCase();
  if (!NAME.test(name)) throw new Error(`head entry with a bad tag name: ${JSON.stringify(tag)}`);
  if (content !== '' && (RAW_TEXT.has(name) || VOID.has(name))) {
    throw new Error(`a <${name}> head entry has inline content; the site loads only bundled scripts and styles (site/astro.config.mjs "head")`);
  }
  const attributes = Object.entries(attrs).flatMap(([key, value]) => {
    if (!NAME.test(key)) throw new Error(`<${name}> head entry with a bad attribute name: ${JSON.stringify(key)}`);
    if (value === undefined || value === false) return [];
    return [value === true ? ` ${key}` : ` ${key}="${escapeHtml(value)}"`];
  });
  const open = `<${name}${attributes.join('')}>`;
  return VOID.has(name) ? open : `${open}${escapeHtml(content)}</${name}>`;
}
