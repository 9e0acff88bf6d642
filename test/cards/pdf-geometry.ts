/**
 * What a card PDF draws, read from the file itself: each page's boxes and the
 * straight lines it strokes, with their colour and width, in PDF user space
 * (points from the bottom-left corner). A small reader for what pdfkit writes:
 * plain objects, content streams with /FlateDecode, and the path operators
 * m, l, re, S with q, Q and cm.
 */
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';

export type Box = [number, number, number, number];

export interface Stroke {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  /** Stroke colour, r g b from 0 to 1. */
  colour: number[];
  width: number;
}

export interface PdfPage {
  mediaBox: Box;
  trimBox: Box;
  bleedBox: Box;
  strokes: Stroke[];
}

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

/** The straight strokes of one content stream. */
export function strokesOf(content: string): Stroke[] {
  const strokes: Stroke[] = [];
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  const stack: { ctm: Matrix; colour: number[]; width: number }[] = [];
  let colour = [0, 0, 0];
  let width = 1;
  let path: [number, number][][] = [];
  let operands: string[] = [];
  // Strings and hex strings hold no operators that matter here: drop them (and names).
  const tokens = content.replace(/\((?:\\.|[^\\)])*\)|<[0-9a-fA-F\s]*>/g, ' ').split(/[\s[\]]+/).filter(Boolean);
  const nums = (n: number) => operands.slice(-n).map(Number);
  for (const token of tokens) {
    if (/^[-+]?(\d+\.?\d*|\.\d+)$/.test(token) || token.startsWith('/')) {
      operands.push(token);
      continue;
    }
    switch (token) {
      case 'q':
        stack.push({ ctm, colour, width });
        break;
      case 'Q':
        ({ ctm, colour, width } = stack.pop()!);
        break;
      case 'cm':
        ctm = multiply(nums(6) as Matrix, ctm);
        break;
      case 'w':
        width = nums(1)[0]!;
        break;
      case 'RG':
      case 'SCN':
      case 'SC':
        colour = operands.filter((o) => !o.startsWith('/')).map(Number);
        break;
      case 'G':
        colour = [nums(1)[0]!, nums(1)[0]!, nums(1)[0]!];
        break;
      case 'm':
        path.push([apply(ctm, ...(nums(2) as [number, number]))]);
        break;
      case 'l':
        path.at(-1)?.push(apply(ctm, ...(nums(2) as [number, number])));
        break;
      case 're': {
        const [x, y, w, h] = nums(4) as [number, number, number, number];
        path.push([apply(ctm, x, y), apply(ctm, x + w, y), apply(ctm, x + w, y + h), apply(ctm, x, y + h), apply(ctm, x, y)]);
        break;
      }
      case 'S':
      case 's':
        for (const sub of path) for (let i = 1; i < sub.length; i++) strokes.push({ x1: sub[i - 1]![0], y1: sub[i - 1]![1], x2: sub[i]![0], y2: sub[i]![1], colour, width });
        path = [];
        break;
      case 'f':
      case 'F':
      case 'f*':
      case 'B':
      case 'b':
      case 'n':
      case 'W':
        if (token !== 'W') path = [];
        break;
      default:
        break;
    }
    operands = [];
  }
  return strokes;
}

/** Every page of a PDF, in order, with its boxes and strokes. */
export function readPdfPages(file: string): PdfPage[] {
  const pdf = readFileSync(file).toString('latin1');
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
    return { mediaBox: box(dict, 'MediaBox'), trimBox: box(dict, 'TrimBox'), bleedBox: box(dict, 'BleedBox'), strokes: contents.flatMap((c) => strokesOf(streamOf(c))) };
  });
}
