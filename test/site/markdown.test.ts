import { describe, expect, it } from 'vitest';
import { wordDiff } from '../../site/src/lib/diff.ts';
import { guardHtml, plainText, renderMarkdown } from '../../site/src/lib/markdown.ts';

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

describe('the HTML guard, on hast trees written out here', () => {
  type Node = import('hast').ElementContent | import('hast').Doctype | { type: 'raw'; value: string };
  const text = (value: string) => ({ type: 'text' as const, value });
  const element = (tagName: string, properties: Record<string, unknown>, children: Node[] = [text(tagName)]) =>
    ({ type: 'element', tagName, properties, children }) as import('hast').Element;
  const guarded = (...children: Node[]) => {
    const tree = { type: 'root', children } as import('hast').Root;
    guardHtml(tree);
    return tree.children;
  };

  it('drops raw HTML', () => expect(guarded({ type: 'raw', value: '<script>alert(1)</script>' }, text('a'))).toEqual([text('a')]));
  it('drops a doctype', () => expect(guarded({ type: 'doctype' }, text('a'))).toEqual([text('a')]));
  it('keeps text and comments as they are', () =>
    expect(guarded(text('a'), { type: 'comment', value: 'b' })).toEqual([text('a'), { type: 'comment', value: 'b' }]));
  it('drops event-handler properties, whatever their case, and keeps the others', () =>
    expect(guarded(element('p', { onClick: 'x()', ONMOUSEOVER: 'y()', content: 'c', className: ['d'] }))).toEqual([
      element('p', { content: 'c', className: ['d'] }),
    ]));
  it('guards the children of a kept element', () =>
    expect(guarded(element('p', {}, [element('a', { href: 'javascript:x()' }, [text('t')]), { type: 'raw', value: '<b>' }]))).toEqual([
      element('p', {}, [text('t')]),
    ]));
  it.each(['href', 'action', 'formAction', 'xLinkHref'])('keeps only the text of an element whose %s is unsafe', (attribute) =>
    expect(guarded(element('x', { [attribute]: 'javascript:alert(1)' }, [text('t'), element('em', {}, [text('u')])]))).toEqual([
      text('t'),
      element('em', {}, [text('u')]),
    ]),
  );
  it('drops an image with an unsafe source, whole', () => expect(guarded(element('img', { src: 'data:text/html,x' }, [text('alt')]))).toEqual([]));
  it('drops a link whose target hides javascript: behind a tab or a control character', () =>
    expect(guarded(element('a', { href: 'java\tscript:alert(1)' }), element('a', { href: '\u0001javascript:alert(1)' }))).toEqual([text('a'), text('a')]));
  it('drops a relative link that a tab turns into another host (/\\t/host)', () =>
    expect(guarded(element('a', { href: '/\t/evil.example/' }))).toEqual([text('a')]));
  it('keeps a safe target after a leading space, as browsers read it', () =>
    expect(guarded(element('a', { href: ' https://example.org/' }))).toEqual([element('a', { href: ' https://example.org/' })]));
  it('checks every attribute, not only the first', () => expect(guarded(element('a', { href: '#top', src: 'javascript:alert(1)' }))).toEqual([text('a')]));
});
