/**
 * Text that does not fit one card, on literal blocks and the monospaced
 * literal font: the largest size that fits, the split over continuation
 * cards at sentence and paragraph ends, balanced, never after a heading, the
 * cut at lines for one sentence longer than a card, and the refusal past four
 * cards. Each sentence below is 20 characters: one line at any body size in
 * a 100 pt body (no two sentences share a line).
 */
import { describe, expect, it } from 'vitest';
import { fitBlocks, MAX_PARTS, sentenceUnits, type Fit, type TooLong } from '../../pipeline/emit/cards/continuation.ts';
import type { Block } from '../../pipeline/emit/cards/rich-text.ts';
import { block, monoFonts, run } from './literal.ts';

const fonts = monoFonts();
const none = () => 0;
const round = (n: number) => Math.round(n * 1000) / 1000;
/** Sentence n: one word of 20 characters, a capital first (two never share a line at 6 pt: 41 characters). */
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

  it('the chain is at the largest size at which its cards hold the text', () => {
    // Five lines on two cards: three lines fit 25 pt at 6.5 pt (23.4), not at 7 (25.2).
    const result = asFit(fitIn([block(sentences(1, 5))], 25));
    expect([result.size, result.lineHeight]).toEqual([6.5, 6.5 * 1.2]);
    expect(result.parts).toHaveLength(2);
  });

  it('uses as few cards as the text needs', () => {
    expect(asFit(fitIn([block(sentences(1, 6))], 25)).parts).toHaveLength(2);
    expect(asFit(fitIn([block(sentences(1, 7))], 25)).parts).toHaveLength(3);
  });

  it('a text that needs four cards is split at sentences, its blocks kept to lay out again', () => {
    // Eight lines; a card of 15 pt holds two lines of 6 pt (14.4), one of any larger size.
    const result = asFit(fitIn([block(sentences(1, 8))], 15));
    expect([result.size, result.parts.length]).toEqual([6, 4]);
    expect(result.parts.map((p) => p.blocks.length)).toEqual([1, 1, 1, 1]);
  });

  it('every card but the last keeps room for the "continued" line', () => {
    // Four lines on two cards of 20 pt: two lines of 8 pt (19.2) fit each; with 5 pt kept free only two of 6 pt (14.4).
    expect(asFit(fitIn([block(sentences(1, 4))], 20)).size).toBe(8);
    const reserved = asFit(fitIn([block(sentences(1, 4))], 20, () => 5));
    expect([reserved.size, reserved.parts.length]).toEqual([6, 2]);
  });

  it('a card never ends on a heading: the heading goes with the text under it', () => {
    const blocks = [block(sentences(1, 2)), block('Heading', { keepWithNext: true, spaceBefore: 0 }), block(sentences(3, 1))];
    const result = asFit(fitIn(blocks, 25));
    expect(partTexts(result)).toEqual([`${sentence(1)} ${sentence(2)}`, `Heading ${sentence(3)}`]);
  });

  it('a heading a card would best end on moves to the next card with its text', () => {
    // Without the rule, one sentence and the heading on the first card, two sentences on the second, at 9 pt.
    const blocks = [block(sentences(1, 1)), block('Heading', { keepWithNext: true }), block(sentences(2, 2))];
    const result = asFit(fitIn(blocks, 25));
    expect(partTexts(result)).toEqual([sentence(1), `Heading ${sentence(2)} ${sentence(3)}`]);
    expect(result.size).toBe(6.5);
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
    // Two paragraphs of 3 and 5 sentences; 5 lines of 9 pt to a card: 3 + 5 ends the paragraph, one line off even.
    const blocks = [block(sentences(1, 3)), block(sentences(4, 5))];
    const result = asFit(fitIn(blocks, 55));
    expect(result.size).toBe(9);
    expect(partTexts(result)).toEqual([sentences(1, 3), sentences(4, 5)]);
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
  // One sentence of 64 words of 3 letters: 8 words to a 6 pt line, 8 lines of 7.2 pt.
  const long = block(Array(64).fill('aaa').join(' '));

  it('is cut at the last line that fits, at 6 pt', () => {
    const result = asFit(fitIn([long], 25));
    expect(result.size).toBe(6);
    expect(result.parts.map((p) => p.lines.length)).toEqual([3, 3, 2]);
    expect(result.parts.map((p) => p.lines.map((l) => round(l.top)))).toEqual([
      [0, 7.2, 14.4],
      [0, 7.2, 14.4],
      [0, 7.2],
    ]);
    expect(result.parts.every((p) => p.blocks.length === 0)).toBe(true);
  });

  it('keeps room for the "continued" line on every card but the last', () => {
    expect(asFit(fitIn([long], 25, () => 7.2)).parts.map((p) => p.lines.length)).toEqual([2, 2, 2, 2]);
  });

  it('a last card that holds all that is left takes it whole, without the reserve', () => {
    expect(asFit(fitIn([long], 29, () => 7.2)).parts.map((p) => p.lines.length)).toEqual([3, 3, 2]);
  });
});

describe('too long', () => {
  it(`a text that needs more than ${MAX_PARTS} cards at 6 pt says how many it would need`, () => {
    // 400 words of 3 letters: 50 lines at 6 pt, 360 pt; 30 pt to a card.
    expect(fitIn([block(Array(400).fill('aaa').join(' '))], 30)).toEqual({ needed: 12 });
  });

  it('counts the reserve of each card in the cards needed', () => {
    expect(fitIn([block(Array(400).fill('aaa').join(' '))], 30, () => 6)).toEqual({ needed: 15 });
  });

  it('a sentence cut at lines that needs more than four cards is refused too', () => {
    // 6 lines of 7.2 pt: 43.2 pt over cards of 14.3 pt would be 4 cards, but a card holds 1 line, the last 2: 5 cards.
    expect(fitIn([block(Array(48).fill('aaa').join(' '))], 15, () => 0.7)).toEqual({ needed: 5 });
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
