/**
 * The marks of a band's pattern (colours.ts), in millimetres: the lines and
 * dots that tile a rectangle, each cut to it, so nothing is drawn outside
 * the band and no clipping path is needed. Anchored at the rectangle's
 * top-left corner, so every card of a category looks the same. Pure.
 */
import type { BandPattern } from './colours.ts';
import type { Rect } from './geometry.ts';

/** Distance between two lines (or dots) of a pattern. */
const PATTERN_SPACING = 1.8;
/** Radius of a dot. */
export const DOT_RADIUS = 0.3;

export interface PatternMarks {
  lines: { x1: number; y1: number; x2: number; y2: number }[];
  dots: { x: number; y: number }[];
}

/** Parallel lines of one direction across `r`, PATTERN_SPACING apart (measured across them). */
function family(r: Rect, direction: 'horizontal' | 'vertical' | 'rising' | 'falling'): PatternMarks['lines'] {
  const s = PATTERN_SPACING;
  const [x0, y0, x1, y1] = [r.x, r.y, r.x + r.width, r.y + r.height];
  const lines: PatternMarks['lines'] = [];
  if (direction === 'horizontal') for (let y = y0 + s / 2; y < y1; y += s) lines.push({ x1: x0, y1: y, x2: x1, y2: y });
  if (direction === 'vertical') for (let x = x0 + s / 2; x < x1; x += s) lines.push({ x1: x, y1: y0, x2: x, y2: y1 });
  const step = s * Math.SQRT2;
  if (direction === 'rising') {
    // x + y = c, from the bottom-left up to the right (y grows downwards).
    for (let c = x0 + y0 + step / 2; c < x1 + y1; c += step) {
      const [from, to] = [Math.max(x0, c - y1), Math.min(x1, c - y0)];
      if (to - from > 1e-9) lines.push({ x1: from, y1: c - from, x2: to, y2: c - to });
    }
  }
  if (direction === 'falling') {
    // y - x = c, from the top-left down to the right.
    for (let c = y0 - x1 + step / 2; c < y1 - x0; c += step) {
      const [from, to] = [Math.max(x0, y0 - c), Math.min(x1, y1 - c)];
      if (to - from > 1e-9) lines.push({ x1: from, y1: from + c, x2: to, y2: to + c });
    }
  }
  return lines;
}

/** The marks of `pattern` over `rect`. */
export function patternMarks(rect: Rect, pattern: BandPattern): PatternMarks {
  const none: PatternMarks = { lines: [], dots: [] };
  if (pattern === 'none') return none;
  if (pattern === 'grid') return { lines: [...family(rect, 'horizontal'), ...family(rect, 'vertical')], dots: [] };
  if (pattern === 'cross') return { lines: [...family(rect, 'rising'), ...family(rect, 'falling')], dots: [] };
  if (pattern !== 'dots') return { lines: family(rect, pattern), dots: [] };
  const dots: PatternMarks['dots'] = [];
  const s = PATTERN_SPACING;
  // Rows half a step apart, every other one shifted: a staggered grid, each dot whole inside the rectangle.
  for (let row = 0, y = rect.y + s / 2; y + DOT_RADIUS <= rect.y + rect.height; row++, y += s / 2) {
    for (let x = rect.x + (row % 2 ? s : s / 2); x + DOT_RADIUS <= rect.x + rect.width; x += s) dots.push({ x, y });
  }
  return { lines: [], dots };
}
