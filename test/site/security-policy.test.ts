/**
 * The site's policy on literal pages (site/src/lib/security-policy.ts): which
 * inline scripts and styles are hashed, and how; where the meta tags go; what
 * the header says that a meta tag cannot. security.test.ts checks the built
 * site in Chromium.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseHeaders, writeHeaders } from '../../pipeline/model/host-rules.ts';
import { contentSecurityPolicy, inlineHashes, mergeHashes, siteHeaderRule, withPolicyMeta } from '../../site/src/lib/security-policy.ts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const PAGE = [
  '<!DOCTYPE html><html><head><meta charset="utf-8"><title>t</title>',
  '<script>\n\ttheme();\n</script>',
  '<script type="module" src="/_astro/a.js"></script>',
  '<script type="module">import "/_astro/b.js";</script>',
  '<style>#x { display: none; }</style>',
  '</head><body><script>\n\ttheme();\n</script></body></html>',
].join('');

describe('the hashes of a page', () => {
  it('are those of each inline script’s and style’s raw text, once each; a script with src is not hashed', () => {
    expect(inlineHashes(PAGE)).toEqual({
      scripts: [sha('\n\ttheme();\n'), sha('import "/_astro/b.js";')],
      styles: [sha('#x { display: none; }')],
    });
    expect(inlineHashes('<p>no script</p>')).toEqual({ scripts: [], styles: [] });
  });

  it('read tags in any case, and only whole tag names', () => {
    const page = '<SCRIPT>a()</Script ><scripts>not a script</scripts><Script Src="/x.js"></script><STYLE media="print">p{}</style >';
    expect(inlineHashes(page)).toEqual({ scripts: [sha('a()')], styles: [sha('p{}')] });
  });

  it('end a script at its first closing tag, as the HTML parser does', () =>
    expect(inlineHashes('<script>a("</p>")</script><p>b</p>')).toEqual({ scripts: [sha('a("</p>")')], styles: [] }));

  it('merge across pages, sorted, once each', () => {
    const merged = mergeHashes([inlineHashes(PAGE), inlineHashes('<script>b()</script><script>\n\ttheme();\n</script>')]);
    expect(merged.scripts).toEqual([sha('\n\ttheme();\n'), sha('import "/_astro/b.js";'), sha('b()')].sort());
  });
});

describe('the policy', () => {
  const hashes = inlineHashes(PAGE);

  it('runs scripts of this origin and the hashed inline ones only, and never unsafe-inline or eval', () => {
    for (const place of ['header', 'meta'] as const) {
      const policy = contentSecurityPolicy(hashes, place);
      expect(policy).toContain(`script-src 'self' 'wasm-unsafe-eval' ${hashes.scripts.join(' ')};`);
      expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      expect(policy).toContain("object-src 'none'");
    }
  });

  it('forbids framing in the header only: a meta tag cannot carry frame-ancestors', () => {
    expect(contentSecurityPolicy(hashes, 'header')).toMatch(/; frame-ancestors 'none'$/);
    expect(contentSecurityPolicy(hashes, 'meta')).not.toContain('frame-ancestors');
  });

  it('goes into _headers for every path with the referrer, frame and sniffing headers, through the host-rules writer', () => {
    const rule = siteHeaderRule(hashes);
    expect(parseHeaders(writeHeaders([rule]))).toEqual([rule]);
    expect(rule.path).toBe('/*');
    expect(new Map(rule.headers)).toEqual(
      new Map([
        ['Content-Security-Policy', contentSecurityPolicy(hashes, 'header')],
        ['X-Frame-Options', 'DENY'],
        ['Referrer-Policy', 'no-referrer'],
        ['X-Content-Type-Options', 'nosniff'],
      ]),
    );
  });
});

describe('the page with its meta tags', () => {
  it('has them right after its charset, before any script, and is otherwise unchanged', () => {
    const html = withPolicyMeta(PAGE, '/index.html');
    const meta = `<meta http-equiv="content-security-policy" content="${contentSecurityPolicy(inlineHashes(PAGE), 'meta')}"><meta name="referrer" content="no-referrer">`;
    expect(html).toBe(PAGE.replace('<meta charset="utf-8">', `<meta charset="utf-8">${meta}`));
    expect(html.indexOf('content-security-policy')).toBeLessThan(html.indexOf('<script'));
    // The meta tags change no hash.
    expect(inlineHashes(html)).toEqual(inlineHashes(PAGE));
  });

  it('is refused when it has no charset to follow, naming the page', () => {
    expect(() => withPolicyMeta('<html><head><script>x()</script></head></html>', '/a/index.html')).toThrow(/^\/a\/index\.html: no <meta charset/);
  });
});
