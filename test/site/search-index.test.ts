/**
 * Search indexes what readers see (issue 36): the collapsed "For maintainers"
 * and "Sources" sections (rationales, confidence, notes, source lines, file
 * names) are on the page but out of Pagefind's index, on the real built site.
 * Pagefind's fragments (`pagefind/fragment/*.pf_fragment`: gzip of
 * `pagefind_dcd` + JSON) are read back and compared with each page's HTML.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedBuild } from '../shared-build.ts';
import { listFiles, textOf } from './helpers.ts';

let site: string;
/** Page URL → the text Pagefind indexed for it. */
const indexed = new Map<string, string>();

beforeAll(() => {
  site = join(sharedBuild('site'), 'site');
  const folder = join(site, 'pagefind/fragment');
  for (const file of readdirSync(folder)) {
    const text = gunzipSync(readFileSync(join(folder, file))).toString('utf8');
    const fragment = JSON.parse(text.slice(text.indexOf('{'))) as { url: string; content: string };
    indexed.set(fragment.url, collapse(fragment.content));
  }
}, 600_000);

const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** The collapsed sections a page keeps out of search: each `<details class="maintainers|sources">` element, whole. */
const PRIVATE = /<details class="(?:maintainers|sources)"[^>]*>[\s\S]*?<\/details>/g;

/** The texts (between tags) of a page's collapsed sections that the rest of its body does not also show. */
function privateTexts(html: string): string[] {
  const body = html.slice(html.indexOf('data-pagefind-body'));
  const sections = body.match(PRIVATE) ?? [];
  const rest = collapse(textOf(body.replace(PRIVATE, ' ')));
  return sections
    .flatMap((section) => section.split(/<[^>]*>/).map((piece) => collapse(textOf(piece))))
    .filter((piece) => piece.length >= 8 && !rest.includes(piece));
}

describe('the search index', () => {
  it('has the fragments of both locales', () => {
    expect([...indexed.keys()].some((url) => url.startsWith('/fr/concepts/'))).toBe(true);
    expect([...indexed.keys()].some((url) => url.startsWith('/concepts/'))).toBe(true);
  });

  it('keeps every collapsed "For maintainers" and "Sources" section of every indexed page out of Pagefind, in both locales', () => {
    let checked = 0;
    for (const page of listFiles(site).filter((f) => f.endsWith('.html') && !/^(data|api|cards|pagefind)\//.test(f))) {
      const html = readFileSync(join(site, page), 'utf8');
      if (!html.includes('data-pagefind-body')) continue;
      const url = `/${page.replace(/index\.html$/, '')}`;
      const content = indexed.get(url);
      expect(content, `${url} is not in the index`).toBeDefined();
      for (const text of privateTexts(html)) {
        checked++;
        expect(content!.includes(text), `${url} indexes "${text}"`).toBe(false);
      }
    }
    // Concept and inducement pages carry such sections: the test saw them.
    expect(checked).toBeGreaterThan(100);
  });
});
