/**
 * The mdast-to-PDF text renderer, without the PDF: rule text (mdast from the
 * records' Markdown) becomes blocks of styled runs, then lines laid out at a
 * body width with the fonts' real widths (the fit, and the split over
 * continuation cards, are continuation.ts's). Pure: the drawing (layout.ts) only places the lines computed here.
 *
 * Lines are broken here rather than by pdfkit's `heightOfString`, because a
 * card mixes bold, italic and regular runs on one line, and a continuation
 * needs to know exactly which line is the last that fits; the widths are
 * pdfkit's own (`widthOfString` of the embedded font), so the height measured
 * is the height drawn.
 */
import type { List, ListItem, PhrasingContent, Root, RootContent } from 'mdast';
import type { Face, Fonts, TextOrigin, UsedText } from './fonts.ts';

export interface Run {
  text: string;
  face: Face;
}

/** A paragraph: runs, a left indent (list depth) and an optional list marker. */
export interface Block {
  runs: Run[];
  depth: number;
  marker: string | null;
  /** Space above, in body-size units (0 for the first block). */
  spaceBefore: number;
  /** Text line (1-based) of the record's Markdown the block comes from, for errors. */
  textLine: number;
  /** Line in the source file, when known (inducement abilities and spells); else the record's first line is reported. */
  sourceLine?: number;
  /** A heading (a player's skill, an ability, a spell): a card never ends on it. */
  keepWithNext?: boolean;
  /** A heading's name as a card that continues its section repeats it ("Fend" of "Fend (compulsory)"); else its text. */
  name?: string;
}

interface Segment {
  text: string;
  face: Face;
  /** Offset from the line's left, in points. */
  x: number;
}

export interface Line {
  /** Top of the line from the top of the body, in points. */
  top: number;
  /** Left indent in points. */
  indent: number;
  segments: Segment[];
  /** List marker drawn left of the indent, on the first line of an item. */
  marker: { text: string; x: number } | null;
}

export interface Laid {
  size: number;
  lineHeight: number;
  lines: Line[];
  height: number;
}

/** The body's sizes, largest first: no text on a card is under 7 pt (a text that does not fit continues on another card). */
export const BODY_SIZES = [9, 8.5, 8, 7.5, 7] as const;
export const FLOOR_SIZE = 7;
export const LINE_HEIGHT = 1.2;
const PARAGRAPH_SPACE = 0.45;
const ITEM_SPACE = 0.12;
/** Indent per list level, in body-size units. */
const LIST_INDENT = 1.25;

function face(bold: boolean, italic: boolean): Face {
  return bold ? (italic ? 'boldItalic' : 'bold') : italic ? 'italic' : 'regular';
}

function inlineRuns(nodes: readonly PhrasingContent[], bold = false, italic = false, out: Run[] = []): Run[] {
  for (const node of nodes) {
    if (node.type === 'strong') inlineRuns(node.children, true, italic, out);
    else if (node.type === 'emphasis') inlineRuns(node.children, bold, true, out);
    else if (node.type === 'break') out.push({ text: ' ', face: face(bold, italic) });
    else if ('children' in node) inlineRuns(node.children as PhrasingContent[], bold, italic, out);
    // Text, inline code and inline HTML: their text as written, in the face around them (an image has none).
    else if ('value' in node) out.push({ text: node.value, face: face(bold, italic) });
  }
  return out;
}

/** Blocks from mdast: paragraphs, headings (bold), bullet and numbered lists at any depth. */
export function blocksOf(root: Root): Block[] {
  const blocks: Block[] = [];
  // `marker` is a list item's, drawn on its first paragraph only; its other blocks have paragraph space.
  const walk = (nodes: readonly RootContent[], depth: number, marker: string | null): void => {
    let pendingMarker = marker;
    for (const node of nodes) {
      const line = node.position?.start.line ?? 1;
      if (node.type === 'paragraph' || node.type === 'heading') {
        const runs = node.type === 'heading' ? inlineRuns(node.children, true) : inlineRuns(node.children);
        const first = blocks.length === 0;
        blocks.push({
          runs,
          depth,
          marker: pendingMarker,
          spaceBefore: first ? 0 : pendingMarker !== null ? ITEM_SPACE : PARAGRAPH_SPACE,
          textLine: line,
        });
        pendingMarker = null;
      } else if (node.type === 'list') {
        walkList(node, depth, line);
      } else if (node.type === 'blockquote') {
        walk(node.children, depth + 1, null);
      } else if ('value' in node) {
        // A code or HTML block: its text as written (a thematic break or a link definition draws nothing).
        blocks.push({ runs: [{ text: node.value, face: 'regular' }], depth, marker: null, spaceBefore: blocks.length ? PARAGRAPH_SPACE : 0, textLine: line });
      }
    }
  };
  const walkList = (list: List, depth: number, _line: number): void => {
    list.children.forEach((item: ListItem, n: number) => {
      const marker = list.ordered ? `${(list.start ?? 1) + n}.` : depth % 2 === 0 ? '•' : '–';
      walk(item.children, depth + 1, marker);
    });
  };
  walk(root.children, 0, null);
  return blocks;
}

/** Every string the blocks will draw, with its face, for the glyph check. */
export function usedTextOf(blocks: readonly Block[], origin: TextOrigin): UsedText[] {
  return blocks.flatMap((block) => {
    const at = block.sourceLine === undefined ? origin : { ...origin, line: block.sourceLine };
    return [
      ...block.runs.map((run) => ({ text: run.text, face: run.face, origin: at, where: `text line ${block.textLine}` })),
      ...(block.marker ? [{ text: block.marker, face: 'regular' as Face, origin: at, where: `text line ${block.textLine}` }] : []),
    ];
  });
}

interface Word {
  pieces: Run[];
  /** Width at `size` (set per layout). */
  width: number;
  /** Width of each piece at 1 pt (measured once per block). */
  unit: number[];
}

/** Words of each block, measured once at 1 pt: the fit lays a block out at up to seven sizes. */
const measured = new WeakMap<Block, { fonts: Fonts; words: Word[] }>();

function measuredWords(block: Block, fonts: Fonts): Word[] {
  const hit = measured.get(block);
  if (hit && hit.fonts === fonts) return hit.words;
  const words = wordsOf(block.runs).map((pieces) => ({ pieces, width: 0, unit: pieces.map((p) => fonts.width(p.text, p.face, 1)) }));
  measured.set(block, { fonts, words });
  return words;
}

/** Words of a block, each its pieces: runs between spaces (a bold word followed by a comma is one word). */
function wordsOf(runs: readonly Run[]): Run[][] {
  const words: Run[][] = [];
  let current: Run[] = [];
  const flush = () => {
    if (current.length) words.push(current);
    current = [];
  };
  for (const run of runs) {
    // Between two parts was a space, a tab or a line break (never a no-break space); several in a row leave empty parts.
    run.text.split(/[ \t\n\r]/).forEach((part, i) => {
      if (i > 0) flush();
      if (part === '') return;
      // A word whose runs share a face is one piece, measured whole (kerning across the join).
      const last = current.at(-1);
      if (last && last.face === run.face) last.text += part;
      else current.push({ text: part, face: run.face });
    });
  }
  flush();
  return words;
}

/** Lay blocks out at `width` points and `size` pt. */
export function layoutBlocks(blocks: readonly Block[], width: number, size: number, fonts: Fonts): Laid {
  const lineHeight = size * LINE_HEIGHT;
  const lines: Line[] = [];
  let y = 0;
  for (const block of blocks) {
    if (lines.length) y += block.spaceBefore * size;
    const indent = block.depth * LIST_INDENT * size;
    const avail = width - indent;
    const space = (f: Face) => fonts.width(' ', f, size);
    const words = measuredWords(block, fonts);
    for (const word of words) word.width = word.unit.reduce((w, u) => w + u * size, 0);
    let line: Segment[] = [];
    let x = 0;
    let first = true;
    const push = () => {
      lines.push({
        top: y,
        indent,
        segments: line,
        marker: first && block.marker ? { text: block.marker, x: indent - LIST_INDENT * size * 0.85 } : null,
      });
      first = false;
      y += lineHeight;
      line = [];
      x = 0;
    };
    for (const word of splitLongWords(words, avail, size, fonts)) {
      const hasContent = line.length > 0;
      let gap = hasContent ? space(word.pieces[0]!.face) : 0;
      if (hasContent && x + gap + word.width > avail + 0.01) {
        push();
        gap = 0;
      }
      let at = x + gap;
      word.pieces.forEach((piece, i) => {
        const last = line.at(-1);
        // Only a word's first piece can share the face of the segment before it (a word's pieces alternate faces): a space joins them.
        if (last && last.face === piece.face) last.text += ` ${piece.text}`;
        else line.push({ text: piece.text, face: piece.face, x: at });
        at += word.unit[i] === undefined ? fonts.width(piece.text, piece.face, size) : word.unit[i]! * size;
      });
      x = at;
    }
    // The last line (a block with no words still takes one): the loop leaves it holding the last word.
    push();
  }
  return { size, lineHeight, lines, height: lines.length ? y : 0 };
}

/** Words wider than the line are cut into pieces that fit (never drawn past the edge). */
function splitLongWords(words: readonly Word[], avail: number, size: number, fonts: Fonts): Word[] {
  const out: Word[] = [];
  for (const word of words) {
    if (word.width <= avail) {
      out.push(word);
      continue;
    }
    let pieces: Run[] = [];
    let width = 0;
    for (const piece of word.pieces) {
      for (const char of piece.text) {
        const w = fonts.width(char, piece.face, size);
        if (width + w > avail && width > 0) {
          out.push({ pieces, width, unit: [] });
          pieces = [];
          width = 0;
        }
        const last = pieces.at(-1);
        if (last && last.face === piece.face) last.text += char;
        else pieces.push({ text: char, face: piece.face });
        width += w;
      }
    }
    out.push({ pieces, width, unit: [] }); // a word has a character, so the last piece holds one
  }
  return out;
}
