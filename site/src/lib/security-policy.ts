/**
 * The site's security headers: a Content-Security-Policy that runs only this
 * site's scripts (its files, and its inline scripts by their SHA-256, never
 * `'unsafe-inline'`), frames nowhere, sends no referrer and sniffs no type.
 * Astro 7's `security.csp` hashes only the scripts Astro bundles: Starlight's
 * `is:inline` scripts (the theme, the sidebar's state, the search shortcut)
 * would be blocked, and its policy is a meta tag only. So after Astro's build
 * every page's inline `<script>` and `<style>` is hashed here: the page gets a
 * `<meta http-equiv="content-security-policy">` with its own hashes (for a
 * host that reads no `_headers`), and `_headers` gets the policy of every page
 * with `frame-ancestors`, which a meta tag cannot carry. Pure; the Astro
 * integration in security-integration.ts does the file I/O.
 */
import { createHash } from 'node:crypto';
import type { HeaderRule } from '../../../pipeline/model/host-rules.ts';

export interface InlineHashes {
  /** `'sha256-…'` of each inline script, in first-seen order, once each. */
  scripts: string[];
  /** `'sha256-…'` of each `<style>` element. */
  styles: string[];
}

const hash = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The hashes of a page's inline scripts (every `<script>` without `src`) and `<style>` elements, as the browser hashes them: the raw text between the tags. */
export function inlineHashes(html: string): InlineHashes {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const { attributes, text } of elementsOf(html, 'script')) if (!hasSrc(attributes)) scripts.add(hash(text));
  for (const { text } of elementsOf(html, 'style')) styles.add(hash(text));
  return { scripts: [...scripts], styles: [...styles] };
}

/** `<tag …>` at `at`, the name ending there (a space, `/` or `>` follows), in any case. */
const opensAt = (html: string, at: number, tag: string): boolean =>
  html.slice(at + 1, at + 1 + tag.length).toLowerCase() === tag && /[\s/>]/.test(html.charAt(at + 1 + tag.length));

/**
 * Each `<tag …>text</tag>` of a page, its attributes' text and its raw text,
 * found by index scans (linear in the page; no backtracking pattern): the text
 * ends at the first `</tag` in any case, as the HTML parser ends a script.
 */
function* elementsOf(html: string, tag: string): Generator<{ attributes: string; text: string }> {
  let at = html.indexOf('<');
  while (at >= 0) {
    if (!opensAt(html, at, tag)) {
      at = html.indexOf('<', at + 1);
      continue;
    }
    const open = html.indexOf('>', at);
    let close = open < 0 ? -1 : html.indexOf('</', open + 1);
    while (close >= 0 && html.slice(close + 2, close + 2 + tag.length).toLowerCase() !== tag) close = html.indexOf('</', close + 1);
    if (close < 0) return;
    yield { attributes: html.slice(at + 1 + tag.length, open), text: html.slice(open + 1, close) };
    at = html.indexOf('<', close + 2);
  }
}

/** Whether a tag's attributes name a `src` (a script loaded from a file, not inline). */
const hasSrc = (attributes: string): boolean =>
  attributes
    .toLowerCase()
    .split(/[\s"']+/)
    .some((word) => word === 'src' || word.startsWith('src='));

/** Several pages' hashes as one set, in a stable (sorted) order. */
export function mergeHashes(pages: readonly InlineHashes[]): InlineHashes {
  return {
    scripts: [...new Set(pages.flatMap((p) => p.scripts))].sort(),
    styles: [...new Set(pages.flatMap((p) => p.styles))].sort(),
  };
}

/**
 * The policy. Scripts: this origin's files, the inline scripts hashed,
 * WebAssembly (Pagefind's search index); workers from this origin and `blob:`
 * (the card page starts its PDF worker from a blob that imports its file).
 * Styles: this origin's and the hashed `<style>` elements; `style="…"`
 * attributes (Starlight's icon sizes and sidebar depths) may stay, scripts may
 * not. Nothing from another origin, no plugin, no `<base>` elsewhere, no form
 * posted elsewhere; `frame-ancestors` only in a header (a meta tag cannot set it).
 */
export function contentSecurityPolicy(hashes: InlineHashes, place: 'header' | 'meta'): string {
  const directives = [
    "default-src 'self'",
    ['script-src', "'self'", "'wasm-unsafe-eval'", ...hashes.scripts].join(' '),
    ['style-src', "'self'", ...hashes.styles].join(' '),
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    ...(place === 'header' ? ["frame-ancestors 'none'"] : []),
  ];
  return directives.join('; ');
}

/** What no page sends: a referrer to another site (a deck link's path, a search). */
const REFERRER_POLICY = 'no-referrer';

/** `_headers`' rule for every path of the site, with the policy of all its pages. */
export function siteHeaderRule(hashes: InlineHashes): HeaderRule {
  return {
    path: '/*',
    headers: [
      ['Content-Security-Policy', contentSecurityPolicy(hashes, 'header')],
      ['X-Frame-Options', 'DENY'],
      ['Referrer-Policy', REFERRER_POLICY],
      ['X-Content-Type-Options', 'nosniff'],
    ],
  };
}

const CHARSET = /<meta charset="?utf-8"?\s*\/?>/i;

/**
 * The page with its policy and referrer policy as meta tags, right after its
 * `<meta charset>` (before any script, so the policy covers them all; the
 * charset stays in the first bytes). A page with no such tag is refused.
 */
export function withPolicyMeta(html: string, page: string): string {
  const charset = CHARSET.exec(html);
  if (!charset) throw new Error(`${page}: no <meta charset="utf-8"> to put the Content-Security-Policy after`);
  const policy = contentSecurityPolicy(inlineHashes(html), 'meta');
  const meta = `<meta http-equiv="content-security-policy" content="${policy}"><meta name="referrer" content="${REFERRER_POLICY}">`;
  const at = charset.index + charset[0].length;
  return `${html.slice(0, at)}${meta}${html.slice(at)}`;
}
