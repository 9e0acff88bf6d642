import { describe, expect, it } from 'vitest';
import { wordDiff } from '../../site/src/lib/diff.ts';
import { plainText, renderMarkdown } from '../../site/src/lib/markdown.ts';

describe('rule text rendering', () => {
  it('renders lists and emphasis as HTML and escapes what the source escaped', () => {
    expect(renderMarkdown('A *b*\n\n- one\n- two\n')).toBe('<p>A <em>b</em></p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>');
    expect(renderMarkdown('\\<script>alert(1)\\</script>')).toBe('<p>&#x3C;script>alert(1)&#x3C;/script></p>');
  });

  it('drops raw HTML even when a text is not escaped', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\nText <img src=x onerror=alert(1)> and <b onclick="x()">b</b>\n');
    expect(html).not.toMatch(/<script|<img|onerror|onclick|<b\b/);
    expect(html).toContain('Text');
  });

  it('keeps the text of links with unsafe targets and drops such images', () => {
    const html = renderMarkdown(
      '[x](javascript:alert(1)) [y]( JAVASCRIPT:alert(1)) [d](data:text/html,hi) ![i](javascript:alert(1)) [ok](https://example.org/) [rel](/concepts/dodge/)\n',
    );
    expect(html).not.toMatch(/javascript:|data:|<img/i);
    expect(html).toContain('x');
    expect(html).toContain('<a href="https://example.org/">ok</a>');
    expect(html).toContain('<a href="/concepts/dodge/">rel</a>');
  });

  it('diffs plain words with labelled insertions and deletions', () => {
    const diff = wordDiff('Roll a *D6*: on a 4+ it works.\n', 'Roll a D6: on a 3+ it works.\n', { inserted: 'inserted', deleted: 'deleted' });
    expect(plainText('- a\n- b\n')).toBe('• a\n• b');
    expect(diff.insertions).toBe(1);
    expect(diff.deletions).toBe(1);
    expect(diff.html).toBe(
      'Roll a D6: on a <del><span class="sr-only">[deleted: </span>4<span class="sr-only">]</span></del><ins><span class="sr-only">[inserted: </span>3<span class="sr-only">]</span></ins>+ it works.',
    );
  });
});
