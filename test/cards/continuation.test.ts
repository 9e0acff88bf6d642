/**
 * Text that does not fit one card, on literal blocks and the monospaced
 * literal font: the largest size that fits, the split over continuation
 * cards at sentence and paragraph ends, balanced (at words when sentences
 * cannot be), never after a heading, a heading repeated on a card that
 * continues its section, the cut between words for one sentence longer than
 * a card, and the refusal past four cards (none for a player). Each sentence
 * below is 20 characters: one line at any body size in a 100 pt body (no two
 * sentences share a line).
 */
import { describe, expect, it } from 'vitest';
import { fitBlocks, MAX_PARTS, sentenceUnits, type Fit, type TooLong } from '../../pipeline/emit/cards/continuation.ts';
import type { Block } from '../../pipeline/emit/cards/rich-text.ts';
import { block, monoFonts, run } from './literal.ts';

const fonts = monoFonts();
const none = () => 0;
const round = (n: number) => Math.round(n * 1000) / 1000;
/** Sentence n: one word of 20 characters, a capital first (two never share a line at 7 pt: 41 characters). */
const sentence = (n: number) => `S${String(n).padStart(18, '0')}.`;
const sentences = (from: number, count: number) => Array.from({ length: count }, (_, i) => sentence(from + i)).join(' ');
const fitIn = (blocks: Block[], height: number, reserve = none): Fit | TooLong => fitBlocks(blocks, 100, height, fonts, reserve);
const asFit = (result: Fit | TooLong): Fit => {
  if ('needed' in result) throw new Error(`needs ${result.needed} cards`);
  return result;
};
/** Each part's text, its lines joined by a space. */
const partTexts = (result: Fit | TooLong) => asFit(result).parts.map((p) => p.lines.map((l) => l.segments.map((s) => s.text).join('')).join(' '));

describe('one card', () => {
  it('a text that fits at 9 pt is drawn at 9 pt on one card', () => {
    const result = asFit(fitIn([block('A short rule.')], 50));
    expect([result.size, result.parts.length]).toEqual([9, 1]);
    expect(result.lineHeight).toBeCloseTo(10.8, 9);
    expect(result.parts[0]!.lines.map((l) => l.top)).toEqual([0]);
  });

  it('a text too long for 9 pt takes the largest smaller size that fits', () => {
    // 20 words of 3 letters: 4 lines at 9 pt (43.2 pt), 4 at 8, 3 at 7 (25.2 pt).
    const result = asFit(fitIn([block(Array(20).fill('aaa').join(' '))], 30));
    expect([result.size, result.parts.length]).toEqual([7, 1]);
    expect(result.parts[0]!.lines).toHaveLength(3);
  });

  it('a text that fills the body exactly still fits', () => {
    expect(asFit(fitIn([block(sentences(1, 3))], 32.4)).size).toBe(9);
  });

  it('the one part keeps the blocks, to lay out again at another size', () => {
    const blocks = [block('One.'), block('Two.', { spaceBefore: 0.45 })];
    expect(asFit(fitIn(blocks, 50)).parts[0]!.blocks).toEqual(blocks);
  });
});

describe('continuation cards', () => {
  it('four lines where a card holds two at 9 pt: two cards of two sentences each, at 9 pt', () => {
    const result = asFit(fitIn([block(sentences(1, 4))], 25));
    expect(result.size).toBe(9);
    expect(partTexts(result)).toEqual([`${sentence(1)} ${sentence(2)}`, `${sentence(3)} ${sentence(4)}`]);
  });

  it('each card of a chain starts its lines at the top of the body', () => {
    const result = asFit(fitIn([block(sentences(1, 4))], 25));
    expect(result.parts.map((p) => p.lines.map((l) => round(l.top)))).toEqual([
      [0, 10.8],
      [0, 10.8],
    ]);
  });

  it('the chain is at the largest size at which its cards hold the text, never under 7 pt', () => {
    // Five lines on two cards: three lines fit 26 pt at 7 pt (25.2), not at 7.5 (27).
    const result = asFit(fitIn([block(sentences(1, 5))], 26));
    expect([result.size, result.lineHeight]).toEqual([7, 7 * 1.2]);
    expect(result.parts).toHaveLength(2);
    // At 25 pt two lines of 7 pt fit a card, not three: three cards, not a smaller size.
    expect(asFit(fitIn([block(sentences(1, 5))], 25)).parts.map((p) => p.lines.length)).toEqual([2, 2, 1]);
  });

  it('uses as few cards as the text needs', () => {
    expect(asFit(fitIn([block(sentences(1, 6))], 26)).parts).toHaveLength(2);
    expect(asFit(fitIn([block(sentences(1, 7))], 26)).parts).toHaveLength(3);
  });

  it('a text that needs four cards is split at sentences, its blocks kept to lay out again', () => {
    // Eight lines; a card of 17 pt holds two lines of 7 pt (16.8), one of any larger size.
    const result = asFit(fitIn([block(sentences(1, 8))], 17));
    expect([result.size, result.parts.length]).toEqual([7, 4]);
    expect(result.parts.map((p) => p.blocks.length)).toEqual([1, 1, 1, 1]);
  });

  it('every card but the last keeps room for the "continued" line', () => {
    // Four lines on two cards of 22 pt: two lines of 9 pt (21.6) fit each; with 5 pt kept free only two of 7 pt (16.8).
    expect(asFit(fitIn([block(sentences(1, 4))], 22)).size).toBe(9);
    const reserved = asFit(fitIn([block(sentences(1, 4))], 22, () => 5));
    expect([reserved.size, reserved.parts.length]).toEqual([7, 2]);
  });

  it('a card never ends on a heading: the heading goes with the text under it', () => {
    const blocks = [block(sentences(1, 2)), block('Heading', { keepWithNext: true, spaceBefore: 0 }), block(sentences(3, 1))];
    const result = asFit(fitIn(blocks, 25));
    expect(partTexts(result)).toEqual([`${sentence(1)} ${sentence(2)}`, `Heading ${sentence(3)}`]);
  });

  it('a heading a card would best end on moves to the next card with its text', () => {
    // Without the rule, one sentence and the heading on the first card, two sentences on the second, at 9 pt.
    const blocks = [block(sentences(1, 1)), block('Heading', { keepWithNext: true }), block(sentences(2, 2))];
    const result = asFit(fitIn(blocks, 26));
    expect(partTexts(result)).toEqual([sentence(1), `Heading ${sentence(2)} ${sentence(3)}`]);
    expect(result.size).toBe(7);
  });

  it('a paragraph cut between cards goes on without its list marker or the space above it', () => {
    const result = asFit(fitIn([block(sentences(1, 4), { marker: '•', depth: 1, spaceBefore: 0.45 })], 25));
    const [first, second] = result.parts;
    expect(first!.blocks.map((b) => [b.marker, b.spaceBefore])).toEqual([['•', 0]]);
    expect(second!.blocks.map((b) => [b.marker, b.spaceBefore])).toEqual([[null, 0]]);
    expect(second!.lines[0]!.marker).toBeNull();
  });

  it('a later paragraph in a part keeps its own space above', () => {
    const blocks = [block(sentences(1, 1)), block(sentences(2, 1), { spaceBefore: 0.5 }), block(sentences(3, 2), { spaceBefore: 0.5 })];
    const result = asFit(fitIn(blocks, 28));
    expect(result.parts.map((p) => p.blocks.map((b) => b.spaceBefore))).toEqual([[0, 0.5], [0]]);
  });

  it('cards end where the text splits most evenly, counting a paragraph end a line and a half nearer', () => {
    // Two paragraphs of 4 and 5 sentences; 6 lines of 9 pt to a card: 4 + 5 ends the paragraph, 5 + 4 is one line more even.
    const blocks = [block(sentences(1, 4)), block(sentences(5, 5), { spaceBefore: 0.45 })];
    const result = asFit(fitIn(blocks, 75));
    expect(result.size).toBe(9);
    expect(partTexts(result)).toEqual([sentences(1, 4), sentences(5, 5)]);
  });

  it('a paragraph end that leaves the first card much emptier than the last gives way to an even cut', () => {
    // Paragraphs of 3 and 5 sentences, 5 lines of 9 pt to a card: 3 + 5 would leave the first card two lines short.
    const blocks = [block(sentences(1, 3)), block(sentences(4, 5))];
    const result = asFit(fitIn(blocks, 55));
    expect(result.size).toBe(9);
    expect(partTexts(result)).toEqual([sentences(1, 4), sentences(5, 4)]);
  });

  it('without a paragraph end near, the cut is at the even sentence', () => {
    const result = asFit(fitIn([block(sentences(1, 8))], 55));
    expect(partTexts(result)).toEqual([sentences(1, 4), sentences(5, 4)]);
  });

  it('when the even split leaves too much for the last card, each card is filled in turn', () => {
    // A paragraph of one sentence, then three; two lines to a card at 9 pt. The even split ends after the paragraph,
    // which leaves three lines for the last card: the cards are filled instead.
    const result = asFit(fitIn([block(sentences(1, 1)), block(sentences(2, 3))], 25));
    expect(result.size).toBe(9);
    expect(partTexts(result)).toEqual([`${sentence(1)} ${sentence(2)}`, `${sentence(3)} ${sentence(4)}`]);
  });
});

describe('a sentence longer than a card', () => {
  // One sentence of 64 words of 3 letters: 7 words to a 7 pt line, 10 lines of 8.4 pt.
  const text = Array(64).fill('aaa').join(' ');
  const long = block(text);
  const words = (result: Fit | TooLong) => partTexts(result).map((t) => t.split(' ').length);
  const fitAll = (height: number, reserve = none) => fitBlocks([long], 100, height, fonts, reserve, { maxParts: null });

  it('is cut between words, at 7 pt, each card as full as the next', () => {
    const result = asFit(fitAll(25));
    expect(result.size).toBe(7);
    expect(result.parts.map((p) => p.lines.length)).toEqual([2, 2, 2, 2, 2]);
    expect(partTexts(result).join(' ')).toBe(text);
    expect(result.parts.map((p) => p.lines.map((l) => round(l.top)))).toEqual(result.parts.map((p) => p.lines.map((_, n) => round(n * 8.4))));
    expect(result.parts.every((p) => p.blocks.length === 1)).toBe(true);
  });

  it('keeps room for the "continued" line on every card but the last', () => {
    const result = asFit(fitAll(25, () => 8.4));
    expect(result.parts.slice(0, -1).every((p) => p.lines.length === 1)).toBe(true);
    expect(words(result).reduce((a, b) => a + b)).toBe(64);
  });

  it('a last card that holds all that is left takes it whole, without the reserve', () => {
    const result = asFit(fitAll(34, () => 8.4));
    expect(result.parts.at(-1)!.lines.length).toBeGreaterThan(result.parts[0]!.lines.length);
    expect(words(result).reduce((a, b) => a + b)).toBe(64);
  });

  it('a word longer than a card is cut into pieces that join up again', () => {
    const word = 'x'.repeat(400);
    const result = asFit(fitBlocks([block(word)], 100, 25, fonts, none, { maxParts: null }));
    expect(result.parts.length).toBeGreaterThan(1);
    expect(
      asFit(result)
        .parts.flatMap((p) => p.lines.flatMap((l) => l.segments.map((seg) => seg.text)))
        .join(''),
    ).toBe(word);
  });
});

describe('too long', () => {
  it(`a text that needs more than ${MAX_PARTS} cards at 7 pt says how many it would need`, () => {
    // 400 words of 3 letters: 58 lines at 7 pt, 487.2 pt; 30 pt to a card.
    expect(fitIn([block(Array(400).fill('aaa').join(' '))], 30)).toEqual({ needed: 17 });
  });

  it('counts the reserve of each card but the last in the cards needed', () => {
    // (487.2 − 6) / (30 − 6): 21 cards.
    expect(fitIn([block(Array(400).fill('aaa').join(' '))], 30, () => 6)).toEqual({ needed: 21 });
  });

  it('with no limit, any length continues on as many cards as it needs, each card but the last full', () => {
    // 58 lines, three to a card of 30 pt at 7 pt: 20 cards.
    const text = Array(400).fill('aaa').join(' ');
    const result = asFit(fitBlocks([block(text)], 100, 30, fonts, none, { maxParts: null }));
    expect(result.parts.length).toBe(20);
    expect(result.parts.slice(0, -1).every((p) => p.lines.length === 3)).toBe(true);
    expect(partTexts(result).join(' ')).toBe(text);
  });
});

describe('a card that continues a section', () => {
  const continued = (heading: Block): Block => ({ ...heading, runs: [run(`${heading.name ?? 'x'} (continued)`, 'bold')] });
  const section = [block('Fend (compulsory)', { keepWithNext: true, name: 'Fend' }), block(sentences(1, 4), { spaceBefore: 0.1 })];

  it("opens with the section's heading, continued, in bold, and the text a little under it", () => {
    const result = asFit(fitBlocks(section, 100, 35, fonts, none, { continued }));
    expect(partTexts(result)).toEqual([`Fend (compulsory) ${sentences(1, 2)}`, `Fend (continued) ${sentences(3, 2)}`]);
    const [heading, text] = result.parts[1]!.blocks;
    expect([heading!.runs, heading!.keepWithNext, heading!.spaceBefore, text!.spaceBefore]).toEqual([[run('Fend (continued)', 'bold')], true, 0, 0.1]);
  });

  it('a card that starts at a heading, or a text with no heading, repeats none', () => {
    const two = [...section, block('Guard', { keepWithNext: true, name: 'Guard', spaceBefore: 0.7 }), block(sentences(5, 2), { spaceBefore: 0.1 })];
    const result = asFit(fitBlocks(two, 100, 60, fonts, none, { continued }));
    expect(partTexts(result).map((t) => t.split(' ')[0])).toEqual(['Fend', 'Guard']);
    expect(partTexts(asFit(fitBlocks([block(sentences(1, 4))], 100, 25, fonts, none, { continued })))[1]).toBe(sentences(3, 2));
  });

  it('without a way to continue, a heading is not repeated', () => {
    expect(partTexts(asFit(fitBlocks(section, 100, 35, fonts, none)))[1]).toBe(sentences(3, 2));
  });
});

describe('sentence ends', () => {
  const units = (text: string) => sentenceUnits([block(text)]).map((u) => u.runs.map((r) => r.text).join(''));

  it('a sentence ends at a full stop, an exclamation or question mark, or an ellipsis', () => {
    expect(units('One! Two? Three… Four. Five')).toEqual(['One! ', 'Two? ', 'Three… ', 'Four. ', 'Five']);
  });

  it('closing brackets and quotes after the mark stay with the sentence', () => {
    expect(units('A (b.) C "d." E «f.» G “h.” I ‘j.’ K \'l.\' M')).toEqual(['A (b.) ', 'C "d." ', 'E «f.» ', 'G “h.” ', 'I ‘j.’ ', "K 'l.' ", 'M']);
  });

  it('a new line, a tab or a carriage return after the mark ends a sentence too, however many', () => {
    expect(units('One.\nTwo.\tThree.\r\nFour.  Five.')).toEqual(['One.\n', 'Two.\t', 'Three.\r\n', 'Four.  ', 'Five.']);
  });

  it('the next sentence may open with a capital, a digit, a bracket or a quote', () => {
    expect(units('Go. (b) go. «c» go. "d" go. “e” go. 6 go. Élan.')).toEqual(['Go. ', '(b) go. ', '«c» go. ', '"d" go. ', '“e” go. ', '6 go. ', 'Élan.']);
  });

  it('no end inside a word, before a lower-case word, at the end of the text, or before other marks', () => {
    expect(units('a.b a. b a.')).toEqual(['a.b a. b a.']);
    expect(units('a. [b] a. -c a. ’d')).toEqual(['a. [b] a. -c a. ’d']);
  });

  it('a sentence that ends with its run leaves no empty run behind', () => {
    const cut = sentenceUnits([block([run('One. '), run('Two.', 'bold'), run(' Three.')])]).map((u) => u.runs);
    expect(cut).toEqual([[run('One. ')], [run('Two.', 'bold'), run(' ')], [run('Three.')]]);
  });
});
