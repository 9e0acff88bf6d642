/**
 * Rule text on a card: Markdown (mdast) → blocks of styled runs, and blocks →
 * lines at a width, with a monospaced literal font (a regular character is
 * half the size wide, a bold one 0.6), so each line break is counted by hand.
 */
import { describe, expect, it } from 'vitest';
import { markdownToMdast } from '../../pipeline/model/markdown-tree.ts';
import type { Root } from 'mdast';
import { blocksOf, layoutBlocks, usedTextOf, type Block } from '../../pipeline/emit/cards/rich-text.ts';
import type { Fonts } from '../../pipeline/emit/cards/fonts.ts';
import { block, monoFonts, run } from './literal.ts';

const blocks = (markdown: string) => blocksOf(markdownToMdast(markdown));
const fonts = monoFonts();
/** The text of each laid-out line, segments joined. */
const lineTexts = (laid: ReturnType<typeof layoutBlocks>) => laid.lines.map((l) => l.segments.map((s) => s.text).join('|'));

/**
 * monoFonts with kerning: each pair of neighbouring characters in one string
 * is 0.05 of the size closer, so a word measured whole is narrower than the
 * sum of its letters (as a real font's kerned width is).
 */
function kernedFonts(): Fonts {
  const mono = monoFonts();
  return { ...mono, width: (text, f, size) => mono.width(text, f, size) - Math.max(0, [...text].length - 1) * 0.05 * size };
}

describe('mdast → runs', () => {
  it('a paragraph is one block of regular text, at depth 0 with no marker or space above', () => {
    expect(blocks('A player may move.')).toEqual([{ runs: [run('A player may move.')], depth: 0, marker: null, spaceBefore: 0, textLine: 1 }]);
  });

  it('strong is bold, emphasis italic, both bold italic', () => {
    expect(blocks('a **b** *c* ***d***')[0]!.runs).toEqual([run('a '), run('b', 'bold'), run(' '), run('c', 'italic'), run(' '), run('d', 'boldItalic')]);
  });

  it('emphasis inside strong, and strong inside emphasis, are bold italic', () => {
    expect(blocks('**a *b***')[0]!.runs).toEqual([run('a ', 'bold'), run('b', 'boldItalic')]);
    expect(blocks('*a **b***')[0]!.runs).toEqual([run('a ', 'italic'), run('b', 'boldItalic')]);
  });

  it('inline code keeps the face around it; a link keeps its text; a hard break is a space', () => {
    expect(blocks('**`x`** [the rule](https://example.org) a\\\nb')[0]!.runs).toEqual([
      run('x', 'bold'),
      run(' '),
      run('the rule'),
      run(' a'),
      run(' '),
      run('b'),
    ]);
  });

  it('inline HTML is kept as its text, in the face around it', () => {
    expect(blocks('*a <b>x</b>*')[0]!.runs).toEqual([run('a ', 'italic'), run('<b>', 'italic'), run('x', 'italic'), run('</b>', 'italic')]);
  });

  it('a heading is bold', () => {
    expect(blocks('# Dodge *now*')[0]!.runs).toEqual([run('Dodge ', 'bold'), run('now', 'boldItalic')]);
  });

  it('each block after the first has paragraph space above, and knows its text line', () => {
    expect(blocks('One.\n\nTwo.\n\n\nThree.').map((b) => [b.spaceBefore, b.textLine])).toEqual([
      [0, 1],
      [0.45, 3],
      [0.45, 6],
    ]);
  });

  it('a bullet list: each item a block at depth 1 with a bullet and item space above', () => {
    expect(blocks('Intro.\n\n- one\n- two').map((b) => [b.runs[0]!.text, b.depth, b.marker, b.spaceBefore])).toEqual([
      ['Intro.', 0, null, 0],
      ['one', 1, '•', 0.12],
      ['two', 1, '•', 0.12],
    ]);
  });

  it('a list first in the text has no space above its first item', () => {
    expect(blocks('- one\n- two').map((b) => b.spaceBefore)).toEqual([0, 0.12]);
  });

  it('a nested list goes one level deeper with a dash', () => {
    expect(blocks('- one\n  - inner\n- two').map((b) => [b.runs[0]!.text, b.depth, b.marker])).toEqual([
      ['one', 1, '•'],
      ['inner', 2, '–'],
      ['two', 1, '•'],
    ]);
  });

  it('a numbered list counts from its start', () => {
    expect(blocks('3. three\n4. four').map((b) => b.marker)).toEqual(['3.', '4.']);
    expect(blocks('1) one\n1) two').map((b) => b.marker)).toEqual(['1.', '2.']);
  });

  it("an item's second paragraph has no marker and paragraph space", () => {
    expect(blocks('- first\n\n  second').map((b) => [b.runs[0]!.text, b.depth, b.marker, b.spaceBefore])).toEqual([
      ['first', 1, '•', 0],
      ['second', 1, null, 0.45],
    ]);
  });

  it('a block quote is indented one level, with no marker', () => {
    expect(blocks('Intro.\n\n> quoted').map((b) => [b.runs[0]!.text, b.depth, b.marker])).toEqual([
      ['Intro.', 0, null],
      ['quoted', 1, null],
    ]);
  });

  it('a code block or an HTML block is a paragraph of its regular text', () => {
    expect(blocks('```\nroll 2D6\n```\n\n<div>raw</div>').map((b) => [b.runs, b.spaceBefore, b.textLine])).toEqual([
      [[run('roll 2D6')], 0, 1],
      [[run('<div>raw</div>')], 0.45, 5],
    ]);
  });

  it('a third list level has a bullet again', () => {
    expect(blocks('- one\n  - two\n    - three').map((b) => [b.depth, b.marker])).toEqual([
      [1, '•'],
      [2, '–'],
      [3, '•'],
    ]);
  });

  it('a thematic break, a link definition and an image draw nothing', () => {
    expect(blocks('One.\n\n---\n\n[rule]: https://example.org\n\nTwo ![a die](die.png).').map((b) => b.runs)).toEqual([[run('One.')], [run('Two '), run('.')]]);
  });

  it('a tree without positions puts every block on text line 1', () => {
    const root: Root = {
      type: 'root',
      children: [
        { type: 'paragraph', children: [{ type: 'text', value: 'One.' }] },
        { type: 'list', ordered: false, children: [{ type: 'listItem', children: [{ type: 'paragraph', children: [{ type: 'text', value: 'two' }] }] }] },
      ],
    };
    expect(blocksOf(root).map((b) => [b.runs[0]!.text, b.textLine])).toEqual([
      ['One.', 1],
      ['two', 1],
    ]);
  });

  it('an empty text has no block', () => {
    expect(blocks('')).toEqual([]);
  });
});

describe('the text a card draws', () => {
  const origin = { record: 'en-2020/dodge', file: 'sources/raw/en.txt', line: 12 };

  it('lists each run with its face and text line, and the list marker in regular', () => {
    expect(usedTextOf([block([run('Hi', 'bold'), run(' there')], { marker: '•', textLine: 3 })], origin)).toEqual([
      { text: 'Hi', face: 'bold', origin, where: 'text line 3' },
      { text: ' there', face: 'regular', origin, where: 'text line 3' },
      { text: '•', face: 'regular', origin, where: 'text line 3' },
    ]);
  });

  it("a block from a known source line reports that line, the record's file kept", () => {
    expect(usedTextOf([block('x', { sourceLine: 40 })], origin)[0]!.origin).toEqual({ ...origin, line: 40 });
  });
});

describe('line breaking', () => {
  // At 10 pt a regular character is 5 pt wide: 20 characters to a 100 pt line.
  it('words fill a line up to the width, the next word starting a new line', () => {
    const laid = layoutBlocks([block('aaaa bbbb cccc dddd eeee')], 100, 10, fonts);
    expect(lineTexts(laid)).toEqual(['aaaa bbbb cccc dddd', 'eeee']);
    expect(laid.lines.map((l) => l.top)).toEqual([0, 12]);
    expect([laid.size, laid.lineHeight, laid.height]).toEqual([10, 12, 24]);
  });

  it('a line exactly as wide as the body still holds its last word', () => {
    expect(lineTexts(layoutBlocks([block('aaaaaaaaa bbbbbbbbbb')], 100, 10, fonts))).toEqual(['aaaaaaaaa bbbbbbbbbb']);
    expect(lineTexts(layoutBlocks([block('aaaaaaaaa bbbbbbbbbbb')], 100, 10, fonts))).toEqual(['aaaaaaaaa', 'bbbbbbbbbbb']);
  });

  it('runs of several spaces, tabs or newlines are one space', () => {
    expect(lineTexts(layoutBlocks([block('a  b\tc\nd')], 100, 10, fonts))).toEqual(['a b c d']);
  });

  it('each face is its own segment, placed where the previous one ends', () => {
    const laid = layoutBlocks([block([run('Dodge', 'bold'), run(': the player moves')])], 200, 10, fonts);
    expect(laid.lines[0]!.segments).toEqual([
      { text: 'Dodge', face: 'bold', x: 0 },
      { text: ': the player moves', face: 'regular', x: 30 },
    ]);
  });

  it('a bold word after a regular one starts one regular space later', () => {
    const laid = layoutBlocks([block([run('may '), run('Block', 'bold')])], 200, 10, fonts);
    expect(laid.lines[0]!.segments).toEqual([
      { text: 'may', face: 'regular', x: 0 },
      { text: 'Block', face: 'bold', x: 21 },
    ]);
  });

  it('a second line starts at the left edge', () => {
    const laid = layoutBlocks([block([run('aaaa', 'bold'), run(' bbbbbbbbbbbbbbbbbbb')])], 100, 10, fonts);
    expect(laid.lines.map((l) => l.segments)).toEqual([[{ text: 'aaaa', face: 'bold', x: 0 }], [{ text: 'bbbbbbbbbbbbbbbbbbb', face: 'regular', x: 0 }]]);
  });

  it('a word wider than the line is cut into pieces that fit', () => {
    expect(lineTexts(layoutBlocks([block('a'.repeat(45))], 100, 10, fonts))).toEqual(['a'.repeat(20), 'a'.repeat(20), 'a'.repeat(5)]);
  });

  it('a long word of two faces is cut between characters and keeps its faces', () => {
    const laid = layoutBlocks([block([run('b'.repeat(10), 'bold'), run('r'.repeat(15))])], 100, 10, fonts);
    expect(laid.lines.map((l) => l.segments.map((s) => [s.text, s.face, s.x]))).toEqual([
      [
        ['b'.repeat(10), 'bold', 0],
        ['r'.repeat(8), 'regular', 60],
      ],
      [['r'.repeat(7), 'regular', 0]],
    ]);
  });

  it('a no-break space joins two words', () => {
    expect(lineTexts(layoutBlocks([block('aaaa bbbb cccc\u00a0dddd')], 50, 10, fonts))).toEqual(['aaaa bbbb', 'cccc\u00a0dddd']);
  });

  it('a word after a cut word starts where the cut piece ends', () => {
    const laid = layoutBlocks([block([run('a'.repeat(25)), run(' b', 'bold')])], 100, 10, fonts);
    expect(laid.lines.map((l) => l.segments.map((s) => [s.text, s.face, s.x]))).toEqual([
      [['a'.repeat(20), 'regular', 0]],
      [
        ['a'.repeat(5), 'regular', 0],
        ['b', 'bold', 31],
      ],
    ]);
  });

  it('a character wider than the line is alone on its line', () => {
    // A regular x is 5 pt, a bold B 6 pt, the line 5.5 pt.
    expect(lineTexts(layoutBlocks([block([run('x '), run('BB', 'bold'), run(' x')])], 5.5, 10, fonts))).toEqual(['x', 'B', 'B', 'x']);
  });

  it('a word as wide as the line is not cut, though its letters one by one are wider (kerning)', () => {
    // Twenty letters: 100 pt apart, 100 - 19 × 0.5 = 90.5 pt kerned.
    expect(lineTexts(layoutBlocks([block('a'.repeat(20))], 90.5, 10, kernedFonts()))).toEqual(['a'.repeat(20)]);
  });

  it('a word written in two runs of one face is measured whole (kerned across the join)', () => {
    // "ab" + "cd" kerned whole is 20 - 1.5 = 18.5 pt; measured as two pieces, 19 pt.
    const laid = layoutBlocks([block([run('ab'), run('cd'), run(' e', 'bold')])], 100, 10, kernedFonts());
    expect(laid.lines[0]!.segments.map((s) => [s.text, s.x])).toEqual([
      ['abcd', 0],
      ['e', 18.5 + 6],
    ]);
  });

  it('a line up to 0.01 pt over the width (a rounding) still holds its last word', () => {
    expect(lineTexts(layoutBlocks([block('aaaaaaaaa bbbbbbbbbb')], 99.99, 10, fonts))).toEqual(['aaaaaaaaa bbbbbbbbbb']);
  });

  it('the pieces of a cut word are measured whole (kerned), and the next word starts where they end', () => {
    // The second line: five letters kerned, 25 - 4 × 0.5 = 23 pt, then a bold space of 6 pt.
    const laid = layoutBlocks([block([run('a'.repeat(25)), run(' b', 'bold')])], 100, 10, kernedFonts());
    expect(laid.lines[1]!.segments.map((s) => [s.text, s.x])).toEqual([
      ['aaaaa', 0],
      ['b', 29],
    ]);
  });

  it('a block laid out at every size measures its words once', () => {
    const calls: { text: string; size: number }[] = [];
    const counted: Fonts = {
      ...fonts,
      width: (text, f, size) => {
        calls.push({ text, size });
        return fonts.width(text, f, size);
      },
    };
    const shared = block([run('Dodge', 'bold'), run(': the player moves')]);
    for (const size of [9, 8, 7, 6]) layoutBlocks([shared], 200, size, counted);
    // Five pieces ("Dodge" and ":" are one word of two faces), each measured at 1 pt once; then only spaces, at each size.
    expect(calls.filter((c) => c.text !== ' ').map((c) => c.size)).toEqual([1, 1, 1, 1, 1]);
  });

  it('the space above a block is in body-size units, and none above the first', () => {
    const laid = layoutBlocks([block('one', { spaceBefore: 0.5 }), block('two', { spaceBefore: 0.5 })], 100, 10, fonts);
    expect(laid.lines.map((l) => l.top)).toEqual([0, 17]);
    expect(laid.height).toBe(29);
  });

  it('a list block is indented 1.25 sizes per level, its marker on its first line only', () => {
    const laid = layoutBlocks([block('aaaa bbbb cccc dddd', { depth: 1, marker: '•' })], 100, 10, fonts);
    expect(laid.lines.map((l) => [l.indent, l.marker])).toEqual([
      [12.5, { text: '•', x: 12.5 - 12.5 * 0.85 }],
      [12.5, null],
    ]);
    expect(lineTexts(laid)).toEqual(['aaaa bbbb cccc', 'dddd']);
  });

  it('a block with no words still takes a line; no blocks take no height', () => {
    expect(layoutBlocks([block('')], 100, 10, fonts).lines).toEqual([{ top: 0, indent: 0, segments: [], marker: null }]);
    expect(layoutBlocks([block(' ', { marker: '•' })], 100, 10, fonts).lines[0]!.marker?.text).toBe('•');
    expect(layoutBlocks([], 100, 10, fonts)).toEqual({ size: 10, lineHeight: 12, lines: [], height: 0 });
  });

  it('the same block laid out at another size, or with other fonts, is measured again', () => {
    const shared: Block = block('aaaa bbbb cccc dddd');
    expect(lineTexts(layoutBlocks([shared], 100, 10, fonts))).toEqual(['aaaa bbbb cccc dddd']);
    expect(lineTexts(layoutBlocks([shared], 100, 20, fonts))).toEqual(['aaaa bbbb', 'cccc dddd']);
    expect(lineTexts(layoutBlocks([shared], 100, 10, monoFonts({ regular: 1 })))).toEqual(['aaaa bbbb', 'cccc dddd']);
  });
});
