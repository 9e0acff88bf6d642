/// <reference types="pdfkit" />
/**
 * The card fonts: DejaVu Sans Condensed (Bitstream Vera / DejaVu licence,
 * from the `dejavu-fonts-ttf` npm package), four faces, embedded and subset
 * by pdfkit. This module measures text and checks, before anything is drawn,
 * that the faces cover every character a card uses: a missing glyph is an
 * error naming the character, the record and its source line. No standard-14
 * font is ever used.
 */
import { error, type Diagnostic } from '../../model/diagnostic.ts';

export const FACES = ['regular', 'bold', 'italic', 'boldItalic'] as const;
export type Face = (typeof FACES)[number];

export const FONT_FILES: Record<Face, string> = {
  regular: 'DejaVuSansCondensed.ttf',
  bold: 'DejaVuSansCondensed-Bold.ttf',
  italic: 'DejaVuSansCondensed-Oblique.ttf',
  boldItalic: 'DejaVuSansCondensed-BoldOblique.ttf',
};
const FONT_FAMILY = 'DejaVu Sans Condensed';

export type FontBytes = Record<Face, Uint8Array>;

/**
 * The pdfkit document class the cards are measured and drawn with, injected by
 * the edge: pdfkit's browser build on both sides (fflate deflates), so the CLI
 * and the site's card page make the same bytes. `font: null`: no standard-14
 * font is loaded (the browser build has none to load, and none is drawn).
 */
export type PdfDocumentClass = new (options: Omit<PDFKit.PDFDocumentOptions, 'font'> & { font: null }) => PDFKit.PDFDocument;

/** pdfkit's embedded font object and the fontkit font inside it (not in @types/pdfkit). */
interface EmbeddedFont {
  widthOfString(text: string, size: number): number;
  ascender: number;
  font: FontkitFont;
}

/** The parsed font (fontkit), shared by every document so each TTF is read once. */
interface FontkitFont {
  hasGlyphForCodePoint(codePoint: number): boolean;
  layout(text: string): unknown;
  /**
   * fontkit's glyph cache. A glyph keeps the code points of the text that
   * first made it, and pdfkit maps it back to them (the PDF's ToUnicode); a
   * subset makes the parts of a composite glyph with none (É makes E).
   */
  _glyphs: Record<number, unknown>;
}

export interface Fonts {
  /** The pdfkit class that parsed the faces, and draws with them. */
  pdf: PdfDocumentClass;
  bytes: FontBytes;
  /** The parsed faces, for `doc.registerFont` (pdfkit takes a fontkit font as well as bytes). */
  parsed: Record<Face, FontkitFont>;
  /** Width in points of `text` in `face` at `size` (cached per face and string at 1 pt; widths scale linearly). */
  width(text: string, face: Face, size: number): number;
  /** Whether `face` has a glyph for the code point. */
  has(codePoint: number, face: Face): boolean;
  /** Ascender as a fraction of the size (pdfkit puts the baseline there below a text's top). */
  ascent: number;
}

/**
 * The parsed faces for a new document, their glyph cache emptied: what each
 * glyph maps back to comes from this document's own text, never from an
 * earlier document of the process (the card page's worker makes many). A
 * French deck's italic "Écorcheurs" made the E of its É with no code point,
 * and the next deck's "EN: Block" then copied as " N: Block", in other bytes
 * than `nuffle cards` wrote. Measuring keeps its own widths (`width`).
 */
export function documentFaces(fonts: Fonts): Record<Face, FontkitFont> {
  for (const face of FACES) fonts.parsed[face]._glyphs = {};
  return fonts.parsed;
}

/** The faces, ready to measure. The document used here only measures; it is never written. */
export function loadFonts(bytes: FontBytes, pdf: PdfDocumentClass): Fonts {
  const doc = new pdf({ autoFirstPage: false, font: null });
  const embedded = {} as Record<Face, EmbeddedFont>;
  for (const face of FACES) {
    doc.registerFont(face, bytes[face] as unknown as Buffer);
    doc.font(face);
    embedded[face] = (doc as unknown as { _font: EmbeddedFont })._font;
  }
  const widths = new Map<string, number>();
  const glyphs = new Map<string, boolean>();
  return {
    pdf,
    bytes,
    parsed: Object.fromEntries(FACES.map((face) => [face, embedded[face].font])) as Record<Face, FontkitFont>,
    ascent: embedded.regular.ascender / 1000,
    width(text, face, size) {
      const key = `${face}\u0000${text}`;
      let w = widths.get(key);
      // Stryker disable next-line ConditionalExpression: a cache; a width measured again is the same
      if (w === undefined) {
        w = embedded[face].widthOfString(text, 1);
        // Stryker disable next-line CallExpression: a cache; a width measured again is the same
        widths.set(key, w);
      }
      return w * size;
    },
    has(codePoint, face) {
      const key = `${face}:${codePoint}`;
      let ok = glyphs.get(key);
      // Stryker disable next-line ConditionalExpression: a cache; a glyph looked up again is the same
      if (ok === undefined) {
        ok = embedded[face].font.hasGlyphForCodePoint(codePoint);
        // Stryker disable next-line CallExpression: a cache; a glyph looked up again is the same
        glyphs.set(key, ok);
      }
      return ok;
    },
  };
}

/** Where a piece of card text comes from, for the error. */
export interface TextOrigin {
  /** Record (or inducement, or roster) id. */
  record: string;
  /** File the text was read from, relative to the project root. */
  file: string;
  /** Line in that file. */
  line: number;
}

/** A string a card will draw, with its face and where it comes from. */
export interface UsedText {
  text: string;
  face: Face;
  origin: TextOrigin;
  /** Which part of the card: "name", "text line 3", "footer"… */
  where: string;
}

/** Characters drawn but not in the font (control characters of layout such as newlines are not drawn). */
export function checkGlyphs(used: readonly UsedText[], fonts: Fonts): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const piece of used) {
    for (const char of piece.text) {
      const codePoint = char.codePointAt(0)!;
      if (codePoint < 0x20 || fonts.has(codePoint, piece.face)) continue;
      const key = `${piece.origin.record}\u0000${char}\u0000${piece.face}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const hex = `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
      diagnostics.push(
        error({
          reason: `the character '${char}' (${hex}) in ${piece.origin.record} (${piece.where}) has no glyph in ${FONT_FAMILY} ${faceLabel(piece.face)}`,
          file: piece.origin.file,
          place: { line: piece.origin.line },
          ruleId: 'cards/missing-glyph',
          source: 'emit',
          note: 'the cards embed one open-licence font; replace the character in the source (an erratum) or choose a font that has it in pipeline/emit/cards/fonts.ts',
        }),
      );
    }
  }
  return diagnostics;
}

const faceLabel = (face: Face): string => ({ regular: 'Regular', bold: 'Bold', italic: 'Oblique', boldItalic: 'Bold Oblique' })[face];

/** FNV-1a over bytes, from a running state (32 bits). */
function fnv1a(bytes: Uint8Array, state = 0x811c9dc5): number {
  let h = state;
  for (const byte of bytes) h = Math.imul(h ^ byte, 0x01000193) >>> 0;
  return h;
}

// Stryker disable next-line ConditionalExpression: past the end a byte is undefined, and `undefined >= 0x41` is false as well
const isTagLetter = (byte: number | undefined): boolean => byte !== undefined && byte >= 0x41 && byte <= 0x5a;
/** What follows a subset tag in the card PDFs: the faces' PostScript names all begin so. */
const FAMILY_PREFIX = new TextEncoder().encode('+DejaVu');

/** Six capitals from a 32-bit hash, mixed between letters. */
function tagOf(hash: number): string {
  let h = hash >>> 0;
  let tag = '';
  // Stryker disable next-line EqualityOperator: a seventh letter is never written (six bytes are replaced)
  for (let k = 0; k < 6; k++) {
    tag += String.fromCharCode(0x41 + (h % 26));
    h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> 0;
  }
  return tag;
}

/** Whether `/XXXXXX+DejaVu` starts at `at` (the slash). */
function isSubsetName(pdf: Uint8Array, at: number): boolean {
  if (pdf[at] !== 0x2f) return false;
  for (let j = 1; j <= 6; j++) if (!isTagLetter(pdf[at + j])) return false;
  return FAMILY_PREFIX.every((byte, j) => pdf[at + 7 + j] === byte);
}

/**
 * Each font subset tag of a PDF (the six capitals before `+` in `/BaseFont`
 * and `/FontName`) replaced by one derived from the file's own bytes, so two
 * card PDFs merged in a tool never share a tag (pdfkit writes the same
 * `BZZZZZ`, `CZZZZZ`… in every file). Deterministic: the same file gives the
 * same tags. Same length, so the cross-reference offsets stay right.
 */
export function retagSubsets(pdf: Uint8Array): Uint8Array {
  const digest = fnv1a(pdf);
  const out = new Uint8Array(pdf);
  const tags = new Map<string, string>();
  // Stryker disable next-line ArithmeticOperator: scanning further reads bytes past the end, undefined, which match no tag
  for (let at = 0; at + 7 + FAMILY_PREFIX.length <= out.length; at++) {
    if (!isSubsetName(out, at)) continue;
    const old = String.fromCharCode(...out.subarray(at + 1, at + 7));
    let tag = tags.get(old);
    if (!tag) {
      tag = tagOf(fnv1a(out.subarray(at + 1, at + 7), digest));
      while ([...tags.values()].includes(tag)) tag = tagOf(fnv1a(new TextEncoder().encode(tag), digest));
      tags.set(old, tag);
    }
    for (let k = 0; k < 6; k++) out[at + 1 + k] = tag.charCodeAt(k);
  }
  return out;
}
