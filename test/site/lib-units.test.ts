/**
 * More of the site's TypeScript (site/src/lib) on literal inputs, one
 * behaviour each: deployment settings from the environment, head entries,
 * locale paths and edition names.
 */
import { describe, expect, it } from 'vitest';
import { renderHead } from '../../site/src/lib/html.ts';
import { editionLang, editionName, fileHref, href, localeParam } from '../../site/src/lib/i18n.ts';
import { reportUrl, siteUrl } from '../../site/src/lib/site-config.ts';

describe('siteUrl', () => {
  it('is undefined without NUFFLE_SITE_URL', () => expect(siteUrl({})).toBeUndefined());
  it('is undefined for a blank NUFFLE_SITE_URL', () => expect(siteUrl({ NUFFLE_SITE_URL: '  ' })).toBeUndefined());
  it('is the origin, normalised with a final slash', () =>
    expect(siteUrl({ NUFFLE_SITE_URL: ' https://rules.example.org ' })).toBe('https://rules.example.org/'));
  it('takes http too', () => expect(siteUrl({ NUFFLE_SITE_URL: 'http://localhost:4321' })).toBe('http://localhost:4321/'));
  it('refuses a javascript: URL', () =>
    expect(() => siteUrl({ NUFFLE_SITE_URL: 'javascript:alert(1)' })).toThrow('NUFFLE_SITE_URL must be an http(s) URL, not "javascript:alert(1)"'));
});

describe('reportUrl', () => {
  it('is undefined without NUFFLE_REPORT_URL', () => expect(reportUrl('/concepts/dodge/', {})).toBeUndefined());
  it('is undefined for a blank NUFFLE_REPORT_URL', () => expect(reportUrl('/concepts/dodge/', { NUFFLE_REPORT_URL: ' ' })).toBeUndefined());
  it('adds the page as ?page=', () =>
    expect(reportUrl('/concepts/dodge/', { NUFFLE_REPORT_URL: 'https://example.org/report' })).toBe('https://example.org/report?page=%2Fconcepts%2Fdodge%2F'));
  it('keeps the query it has', () =>
    expect(reportUrl('/a/', { NUFFLE_REPORT_URL: 'https://example.org/r?x=1' })).toBe('https://example.org/r?x=1&page=%2Fa%2F'));
  it('puts the page where {page} says, once', () =>
    expect(reportUrl('/a b/', { NUFFLE_REPORT_URL: 'https://example.org/new?title={page}' })).toBe('https://example.org/new?title=%2Fa%20b%2F'));
  it('leaves a mailto: URL without ?page=', () => expect(reportUrl('/a/', { NUFFLE_REPORT_URL: 'mailto:rules@example.org' })).toBe('mailto:rules@example.org'));
  it('fills {page} in a mailto: URL', () =>
    expect(reportUrl('/a/', { NUFFLE_REPORT_URL: 'mailto:rules@example.org?subject={page}' })).toBe('mailto:rules@example.org?subject=%2Fa%2F'));
  it('refuses a data: URL', () =>
    expect(() => reportUrl('/a/', { NUFFLE_REPORT_URL: 'data:text/html,x' })).toThrow(
      'NUFFLE_REPORT_URL must be an http(s) or mailto: URL, not "data:text/html,x"',
    ));
});

describe('renderHead', () => {
  it('writes a void tag without a closing tag', () =>
    expect(renderHead([{ tag: 'meta', attrs: { name: 'x', content: 'y' } }])).toBe('<meta name="x" content="y">'));
  it('lowercases the tag name', () => expect(renderHead([{ tag: 'LINK', attrs: { rel: 'icon' } }])).toBe('<link rel="icon">'));
  it('closes a tag with content, escaped', () => expect(renderHead([{ tag: 'title', content: 'A & <B>' }])).toBe('<title>A &amp; &lt;B&gt;</title>'));
  it('closes a tag without content', () => expect(renderHead([{ tag: 'title' }])).toBe('<title></title>'));
  it('escapes attribute values', () =>
    expect(renderHead([{ tag: 'meta', attrs: { content: '"><script>' } }])).toBe('<meta content="&quot;&gt;&lt;script&gt;">'));
  it('writes a true attribute bare', () => expect(renderHead([{ tag: 'link', attrs: { async: true } }])).toBe('<link async>'));
  it('leaves out false and undefined attributes', () => expect(renderHead([{ tag: 'link', attrs: { a: false, b: undefined, c: 'd' } }])).toBe('<link c="d">'));
  it('joins the entries in order', () => expect(renderHead([{ tag: 'meta' }, { tag: 'base' }])).toBe('<meta><base>'));
  it('refuses a bad tag name', () => expect(() => renderHead([{ tag: 'img src=x' }])).toThrow('head entry with a bad tag name: "img src=x"'));
  it('refuses a tag name that starts with a digit', () => expect(() => renderHead([{ tag: '1meta' }])).toThrow('bad tag name'));
  it('refuses a bad attribute name', () =>
    expect(() => renderHead([{ tag: 'meta', attrs: { 'onload x': 'y' } }])).toThrow('<meta> head entry with a bad attribute name: "onload x"'));
  it.each(['script', 'style', 'noscript', 'template', 'iframe', 'noembed', 'noframes', 'xmp', 'textarea'])('refuses inline content in <%s>', (tag) =>
    expect(() => renderHead([{ tag, content: 'x' }])).toThrow(`a <${tag}> head entry has inline content`),
  );
  it('refuses content in a void tag', () => expect(() => renderHead([{ tag: 'meta', content: 'x' }])).toThrow('a <meta> head entry has inline content'));
  it('takes an empty <script> that loads a file', () => expect(renderHead([{ tag: 'script', attrs: { src: '/a.js' } }])).toBe('<script src="/a.js"></script>'));
});

describe('locale paths', () => {
  it('an English path is the path', () => expect(href('en', '/concepts/dodge/')).toBe('/concepts/dodge/'));
  it('a French path is under /fr', () => expect(href('fr', '/concepts/dodge/')).toBe('/fr/concepts/dodge/'));
  it('refuses a path with two slashes together', () => expect(() => href('en', '//evil.example/')).toThrow('not a site path made of ids: "//evil.example/"'));
  it('refuses a path that is not rooted', () => expect(() => href('en', 'concepts/')).toThrow('not a site path'));
  it('refuses a path with a capital or a dot', () => expect(() => href('en', '/Concepts/a.b/')).toThrow('not a site path'));
  it('refuses a path with text after a line break', () => expect(() => href('en', '/a/\njavascript:x')).toThrow('not a site path'));
  it('encodes each segment of a file link', () => expect(fileHref('data', 'api/a b/c#d.json')).toBe('/data/api/a%20b/c%23d.json'));
  it('links cards under /cards/', () => expect(fileHref('cards', 'en-2020.pdf')).toBe('/cards/en-2020.pdf'));
  it('English is the root locale', () => expect(localeParam('en')).toBeUndefined());
  it('French is the fr route', () => expect(localeParam('fr')).toBe('fr'));
});

describe('edition names', () => {
  const english = { id: 'en-2020', label: 'Blood Bowl 2020 (English)', lang: 'en' };
  const french = { id: 'fr-legacy', label: 'Compétences (français)', lang: 'fr' };
  const other = { id: 'en-2030', label: 'Blood Bowl 2030 (English)', lang: 'en' };

  it('an English page keeps the label', () => expect(editionName(english, 'en')).toBe('Blood Bowl 2020 (English)'));
  it('a French page names a known English edition in French', () => expect(editionName(english, 'fr')).toBe('Blood Bowl 2020 (anglais)'));
  it('a French page keeps a French edition’s own label', () => expect(editionName(french, 'fr')).toBe('Compétences (français)'));
  it('a French page names the language of an unknown English edition in French', () => expect(editionName(other, 'fr')).toBe('Blood Bowl 2030 (anglais)'));
  it('the name is French on a French page', () => expect(editionLang(english, 'fr')).toBe('fr'));
  it('the name is in the edition’s language on an English page', () => expect(editionLang(french, 'en')).toBe('fr'));
});
