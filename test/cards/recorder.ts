/**
 * The real fonts with a pdfkit class that records what each page draws:
 * every text with its face, size, colour and place, as the drawing tells
 * pdfkit (the PDF's own view is pdf-geometry.ts).
 */
import type { Fonts } from '../../pipeline/emit/cards/fonts.ts';

export interface Drawn {
  value: string;
  face: string;
  size: number;
  colour: unknown;
  x: number;
  y: number;
}

/** The real fonts, with a pdfkit class that records each page's texts and the document's options. */
export function recorder(fonts: Fonts) {
  const pages: Drawn[][] = [];
  const documents: Record<string, unknown>[] = [];
  const Base = fonts.pdf as unknown as new (options: object) => object;
  const base = (fonts.pdf as unknown as { prototype: Record<string, (...a: unknown[]) => unknown> }).prototype;
  class Recording extends Base {
    face = '';
    constructor(options: Record<string, unknown>) {
      super(options);
      documents.push(options);
    }
    font = (name: unknown, ...rest: unknown[]) => {
      this.face = String(name);
      return base.font!.call(this, name, ...rest);
    };
    addPage = (options: unknown) => {
      pages.push([]);
      return base.addPage!.call(this, options);
    };
    text = (value: unknown, x: unknown, y: unknown, options: unknown) => {
      const self = this as unknown as { _fontSize: number; _fillColor?: unknown[] };
      pages.at(-1)!.push({ value: String(value), face: this.face, size: self._fontSize, colour: self._fillColor?.[0], x: Number(x), y: Number(y) });
      return base.text!.call(this, value, x, y, options);
    };
  }
  return { fonts: { ...fonts, pdf: Recording as unknown as Fonts['pdf'] }, pages, documents };
}
