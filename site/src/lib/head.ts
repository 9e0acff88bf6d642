/**
 * What the site writes into a page's <head>, and the one rule for it: every
 * head entry's content is text. Starlight renders head entries with
 * `set:html`, and a page title comes from the dataset (a skill's or an
 * inducement's name), so a raw title could close <title> and open <script>.
 * Attributes are escaped by Astro; `headText` is what makes contents text.
 * Inline script or style in a head entry is refused: the site's own scripts
 * are bundled files and components, never strings built from data.
 */
export interface HeadEntry {
  tag: string;
  attrs?: Record<string, string | boolean | undefined>;
  content?: string;
}

const RAW_TEXT_TAGS = new Set(['script', 'style', 'noscript', 'template', 'iframe', 'noembed', 'noframes', 'xmp']);

/** The content of a head entry, checked: text for Astro to escape, or an error naming the tag. */
export function headText(entry: HeadEntry): string {
  const content = entry.content ?? '';
  if (content !== '' && RAW_TEXT_TAGS.has(entry.tag.toLowerCase())) {
    throw new Error(`a <${entry.tag}> head entry has inline content; the site only loads bundled scripts and styles (site/astro.config.mjs "head")`);
  }
  return content;
}
