/**
 * What a card PDF draws, read from the file itself: each page's boxes, the
 * straight lines it strokes (with their colour and width), the areas it
 * fills (their bounds and colour) and the texts it shows (position, size and
 * fill colour), in PDF user space (points from the bottom-left corner). A
 * small reader for what pdfkit writes: plain objects, content streams with
 * /FlateDecode, the path operators m, l, c, re, h, S, f with q, Q and cm,
 * the colour operators (cs/CS with sc/scn, rg, k, g) and BT, Tm, Tf, TJ.
 */
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';

export type Box = [number, number, number, number];

/** A colour as drawn: its space and components from 0 to 1. */
export interface Colour {
  space: 'rgb' | 'cmyk' | 'gray';
  values: number[];
}

export interface Stroke {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  /** Stroke colour components (r g b, c m y k or a grey), from 0 to 1. */
  colour: number[];
  space: Colour['space'];
  width: number;
}

interface Fill {
  /** Bounds of the filled path. */
  box: Box;
  colour: Colour;
}

interface Text {
  /** Where the text starts (its baseline origin). */
  x: number;
  y: number;
  size: number;
  colour: Colour;
}

export interface PdfPage {
  mediaBox: Box;
  trimBox: Box;
  bleedBox: Box;
  strokes: Stroke[];
  fills: Fill[];
  texts: Text[];
}

/** Pure black: RGB 0/0/0, grey 0, or CMYK 0/0/0/100. */
export const isPureBlack = (c: { space: Colour['space']; values?: number[]; colour?: number[] }): boolean => {
  const v = c.values ?? c.colour ?? [];
  return c.space === 'cmyk' ? v.join() === '0,0,0,1' : v.length > 0 && v.every((n) => n === 0);
};

/** White: RGB 1/1/1, grey 1, or CMYK 0/0/0/0 (no ink). */
export const isWhite = (c: Colour): boolean => (c.space === 'cmyk' ? c.values.every((n) => n === 0) : c.values.length > 0 && c.values.every((n) => n === 1));

type Matrix = [number, number, number, number, number, number];
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];
const apply = (m: Matrix, x: number, y: number): [number, number] => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];

const SPACES: Record<string, Colour['space']> = { '/DeviceRGB': 'rgb', '/DeviceCMYK': 'cmyk', '/DeviceGray': 'gray' };

interface State {
  ctm: Matrix;
  stroke: Colour;
  fill: Colour;
  width: number;
}

/** What one content stream draws. */
function drawingOf(content: string): { strokes: Stroke[]; fills: Fill[]; texts: Text[] } {
  const strokes: Stroke[] = [];
  const fills: Fill[] = [];
  const texts: Text[] = [];
  let state: State = { ctm: [1, 0, 0, 1, 0, 0], stroke: { space: 'gray', values: [0] }, fill: { space: 'gray', values: [0] }, width: 1 };
  const stack: State[] = [];
  let path: [number, number][][] = [];
  let operands: string[] = [];
  let text = { x: 0, y: 0, size: 0 };
  // Strings and hex strings hold no operators that matter here: drop them.
  const tokens = content
    .replace(/\((?:\\.|[^\\)])*\)|<[0-9a-fA-F\s]*>/g, ' ')
    .split(/[\s[\]]+/)
    .filter(Boolean);
  const nums = (n: number) => operands.slice(-n).map(Number);
  const colour = (space: Colour['space']): Colour => ({ space, values: operands.filter((o) => !o.startsWith('/')).map(Number) });
  const spaceOf = (): Colour['space'] => SPACES[operands.at(-1) ?? ''] ?? 'rgb';
  const ops: Record<string, () => void> = {
    q: () => stack.push({ ...state }),
    Q: () => (state = stack.pop()!),
    cm: () => (state.ctm = multiply(nums(6) as Matrix, state.ctm)),
    w: () => (state.width = nums(1)[0]!),
    CS: () => (state.stroke = { space: spaceOf(), values: [] }),
    cs: () => (state.fill = { space: spaceOf(), values: [] }),
    SC: () => (state.stroke = colour(state.stroke.space)),
    SCN: () => (state.stroke = colour(state.stroke.space)),
    sc: () => (state.fill = colour(state.fill.space)),
    scn: () => (state.fill = colour(state.fill.space)),
    RG: () => (state.stroke = colour('rgb')),
    rg: () => (state.fill = colour('rgb')),
    K: () => (state.stroke = colour('cmyk')),
    k: () => (state.fill = colour('cmyk')),
    G: () => (state.stroke = colour('gray')),
    g: () => (state.fill = colour('gray')),
    m: () => void path.push([apply(state.ctm, ...(nums(2) as [number, number]))]),
    l: () => void path.at(-1)?.push(apply(state.ctm, ...(nums(2) as [number, number]))),
    c: () => void path.at(-1)?.push(apply(state.ctm, ...(nums(2) as [number, number]))),
    re: () => {
      const [x, y, w, h] = nums(4) as [number, number, number, number];
      path.push([apply(state.ctm, x, y), apply(state.ctm, x + w, y), apply(state.ctm, x + w, y + h), apply(state.ctm, x, y + h), apply(state.ctm, x, y)]);
    },
    S: () => {
      for (const sub of path)
        for (let i = 1; i < sub.length; i++)
          strokes.push({
            x1: sub[i - 1]![0],
            y1: sub[i - 1]![1],
            x2: sub[i]![0],
            y2: sub[i]![1],
            colour: state.stroke.values,
            space: state.stroke.space,
            width: state.width,
          });
      path = [];
    },
    f: () => {
      const points = path.flat();
      if (points.length)
        fills.push({
          box: [
            Math.min(...points.map((p) => p[0])),
            Math.min(...points.map((p) => p[1])),
            Math.max(...points.map((p) => p[0])),
            Math.max(...points.map((p) => p[1])),
          ],
          colour: state.fill,
        });
      path = [];
    },
    n: () => (path = []),
    Tf: () => (text.size = nums(1)[0]!),
    Tm: () => {
      const [x, y] = apply(state.ctm, ...(nums(2) as [number, number]));
      text = { ...text, x, y };
    },
    TJ: () => void texts.push({ ...text, colour: state.fill }),
    Tj: () => void texts.push({ ...text, colour: state.fill }),
  };
  for (const alias of ['F', 'f*', 'B', 'b']) ops[alias] = ops.f!;
  ops.s = ops.S!;
  for (const token of tokens) {
    if (/^[-+]?(\d+\.?\d*|\.\d+)$/.test(token) || token.startsWith('/')) {
      operands.push(token);
      continue;
    }
    ops[token]?.();
    operands = [];
  }
  return { strokes, fills, texts };
}

/** Every stream of a PDF, inflated, as text (content streams, fonts, everything): to search for an operator or a name. */
export function pdfStreams(bytes: Uint8Array): string[] {
  const pdf = Buffer.from(bytes).toString('latin1');
  const out: string[] = [];
  const header = /\bstream\r?\n/g;
  for (let found = header.exec(pdf); found; found = header.exec(pdf)) {
    const dict = pdf.slice(pdf.lastIndexOf(' obj', found.index), found.index);
    const length = Number(/\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict)?.[1] ?? 0);
    const stream = Buffer.from(pdf.slice(found.index + found[0].length, found.index + found[0].length + length), 'latin1');
    out.push((/\/FlateDecode/.test(dict) ? inflateSync(stream) : stream).toString('latin1'));
    header.lastIndex = found.index + found[0].length + length;
  }
  return out;
}

/** Every page of a PDF file, in order, with its boxes and strokes. */
export const readPdfPages = (file: string): PdfPage[] => readPdfBytes(readFileSync(file));

/** Every page of a PDF in memory, in order, with its boxes and strokes. */
export function readPdfBytes(bytes: Uint8Array): PdfPage[] {
  const pdf = Buffer.from(bytes).toString('latin1');
  // Objects by id: the dictionary, and the stream's bytes (exactly /Length of them) when there is one.
  const objects = new Map<string, { dict: string; stream: Buffer | null }>();
  const header = /(\d+) 0 obj\b/g;
  for (let found = header.exec(pdf); found; found = header.exec(pdf)) {
    const rest = pdf.slice(found.index + found[0].length);
    const streamAt = rest.search(/\bstream\r?\n/);
    const endAt = rest.indexOf('endobj');
    if (streamAt >= 0 && streamAt < endAt) {
      const dict = rest.slice(0, streamAt);
      const start = streamAt + /\bstream\r?\n/.exec(rest.slice(streamAt))![0].length;
      const length = Number(/\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict)![1]);
      objects.set(found[1]!, { dict, stream: Buffer.from(rest.slice(start, start + length), 'latin1') });
      header.lastIndex = found.index + found[0].length + start + length;
    } else objects.set(found[1]!, { dict: rest.slice(0, endAt), stream: null });
  }
  const streamOf = (id: string): string => {
    const { dict, stream } = objects.get(id)!;
    return (/\/FlateDecode/.test(dict) ? inflateSync(stream!) : stream!).toString('latin1');
  };
  const box = (dict: string, name: string): Box => {
    const found = new RegExp(`/${name}\\s*\\[([^\\]]*)\\]`).exec(dict);
    return found ? (found[1]!.trim().split(/\s+/).map(Number) as Box) : box(dict, 'MediaBox');
  };
  const root = [...objects.values()].map((o) => o.dict).find((d) => /\/Type\s*\/Pages\b/.test(d) && !/\/Parent/.test(d))!;
  const kids = [.../\/Kids\s*\[([^\]]*)\]/.exec(root)![1]!.matchAll(/(\d+) 0 R/g)].map((m) => m[1]!);
  return kids.map((id) => {
    const dict = objects.get(id)!.dict;
    const contents = [.../\/Contents\s*(\[[^\]]*\]|\d+ 0 R)/.exec(dict)![1]!.matchAll(/(\d+) 0 R/g)].map((m) => m[1]!);
    const drawn = contents.map((c) => drawingOf(streamOf(c)));
    return {
      mediaBox: box(dict, 'MediaBox'),
      trimBox: box(dict, 'TrimBox'),
      bleedBox: box(dict, 'BleedBox'),
      strokes: drawn.flatMap((d) => d.strokes),
      fills: drawn.flatMap((d) => d.fills),
      texts: drawn.flatMap((d) => d.texts),
    };
  });
}
