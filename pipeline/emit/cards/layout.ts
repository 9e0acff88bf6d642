/**
 * Drawing: fitted cards onto 3 × 3 sheets with pdfkit — the card boxes (name
 * band, kind line, body, footer), the crop marks, the bleed, the TrimBox and
 * BleedBox of each page, and the backs (mirrored for long-edge duplex).
 * Positions come from geometry.ts (millimetres); the lines of text were laid
 * out by rich-text.ts. The PDF is built in memory and returned as bytes:
 * deterministic (fixed dates, an /ID from the metadata, subset names from
 * font order).
 */
import PDFDocument from 'pdfkit';
import { CARD, CARD_LAYOUT, CARDS_PER_SHEET, bleedEdges, cardRect, pdfBox, pt, type Rect, type Sheet } from './geometry.ts';
import { FACES, type Face, type Fonts } from './fonts.ts';
import { CODEX_NAME, LABELS, type CardSpec } from './card-specs.ts';
import { fitBlocks, layoutBlocks, type Line } from './rich-text.ts';

/** One physical card: a spec and the part of its text this card carries. */
export interface FittedCard {
  spec: CardSpec;
  part: number;
  parts: number;
  size: number;
  lineHeight: number;
  lines: Line[];
}

/** The body box of a card, in millimetres from the card's top-left corner. */
export const BODY = {
  x: CARD_LAYOUT.padding,
  y: CARD_LAYOUT.band + CARD_LAYOUT.kindLine + CARD_LAYOUT.gap,
  width: CARD.width - 2 * CARD_LAYOUT.padding,
  height: CARD.height - CARD_LAYOUT.band - CARD_LAYOUT.kindLine - CARD_LAYOUT.footer - 2 * CARD_LAYOUT.gap,
} as const;

const CONT_SIZE = 5.5;

/** Fit a spec's body; one FittedCard per card it needs. */
export function fitCard(spec: CardSpec, fonts: Fonts): FittedCard[] {
  const fit = fitBlocks(spec.body, pt(BODY.width), pt(BODY.height), fonts, () => CONT_SIZE * 1.6);
  return fit.parts.map((lines, part) => ({ spec, part, parts: fit.parts.length, size: fit.size, lineHeight: fit.lineHeight, lines }));
}

export interface DocumentMeta {
  title: string;
  subject: string;
  datasetVersion: string;
  creationDate: Date;
  lang: string;
}

const INK = '#161616';
const GREY = '#5c5c5c';

/** Render the cards to a PDF, nine to a sheet, with a back page after each front page when `backs`. */
export function drawDocument(cards: readonly FittedCard[], sheet: Sheet, fonts: Fonts, meta: DocumentMeta, backs: boolean): Promise<{ bytes: Uint8Array; pages: number }> {
  const doc = new PDFDocument({
    autoFirstPage: false,
    compress: true,
    lang: meta.lang,
    displayTitle: true,
    info: {
      Title: meta.title,
      Subject: meta.subject,
      Author: CODEX_NAME,
      Keywords: `Blood Bowl; skill cards; dataset ${meta.datasetVersion}`,
      Creator: `${CODEX_NAME} (nuffle cards)`,
      Producer: 'PDFKit',
      CreationDate: meta.creationDate,
      ModDate: meta.creationDate,
      DatasetVersion: meta.datasetVersion,
    } as PDFKit.DocumentInfo,
  });
  for (const face of FACES) doc.registerFont(face, fonts.parsed[face] as unknown as Buffer);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  let pages = 0;
  const newPage = () => {
    doc.addPage({ size: [pt(sheet.width), pt(sheet.height)], margin: 0 });
    const data = (doc.page as unknown as { dictionary: { data: Record<string, unknown> } }).dictionary.data;
    data.TrimBox = pdfBox(sheet, sheet.trim);
    data.BleedBox = pdfBox(sheet, sheet.bleedBox);
    pages++;
  };
  for (let start = 0; start < cards.length; start += CARDS_PER_SHEET) {
    const page = cards.slice(start, start + CARDS_PER_SHEET);
    newPage();
    page.forEach((card, slot) => drawFront(doc, fonts, card, sheet, slot));
    drawMarks(doc, sheet);
    if (backs) {
      newPage();
      page.forEach((card, slot) => drawBack(doc, fonts, card.spec, sheet, slot));
      drawMarks(doc, sheet);
    }
  }
  doc.end();
  return done.then(() => ({ bytes: new Uint8Array(Buffer.concat(chunks)), pages }));
}

type Doc = PDFKit.PDFDocument;

function text(doc: Doc, value: string, face: Face, size: number, colour: string, x: number, y: number): void {
  doc.font(face).fontSize(size).fillColor(colour).text(value, x, y, { lineBreak: false });
}

/** The coloured area of a card, run into the bleed on the grid's outer edges. */
function bleedRect(sheet: Sheet, slot: number, back: boolean, rect: Rect, height: number): Rect {
  const edges = bleedEdges(sheet, slot, back);
  return { x: rect.x - edges.left, y: rect.y - edges.top, width: rect.width + edges.left + edges.right, height: height + edges.top + (height >= rect.height ? edges.bottom : 0) };
}

function fill(doc: Doc, r: Rect, colour: string): void {
  doc.rect(pt(r.x), pt(r.y), pt(r.width), pt(r.height)).fill(colour);
}

function drawFront(doc: Doc, fonts: Fonts, card: FittedCard, sheet: Sheet, slot: number): void {
  const { spec } = card;
  const labels = LABELS[spec.lang];
  const rect = cardRect(sheet, slot);
  const X = (mm: number) => pt(rect.x + mm);
  const Y = (mm: number) => pt(rect.y + mm);
  const inner = pt(CARD.width - 2 * CARD_LAYOUT.padding);

  // Name band
  fill(doc, bleedRect(sheet, slot, false, rect, CARD_LAYOUT.band), spec.colour);
  const title = card.part > 0 ? `${spec.title} ${labels.cont}` : spec.title;
  const titleLines = fitTitle(title, inner, fonts);
  titleLines.lines.forEach((line, n) => text(doc, line, 'bold', titleLines.size, '#ffffff', X(CARD_LAYOUT.padding), Y(1.6) + n * titleLines.size * 1.08));
  const bandBottom = CARD_LAYOUT.band;
  let markerWidth = 0;
  if (spec.marker) {
    const size = 5.2;
    const w = fonts.width(spec.marker, 'bold', size) + pt(2.2);
    const h = pt(3.1);
    const x = X(CARD.width - CARD_LAYOUT.padding) - w;
    const y = Y(bandBottom - 1.1) - h;
    doc.roundedRect(x, y, w, h, pt(0.8)).fill('#ffffff');
    text(doc, spec.marker, 'bold', size, spec.colour, x + pt(1.1), y + (h - size) / 2 - size * 0.02);
    markerWidth = w + pt(1.5);
  }
  if (spec.subtitle) {
    const size = fitSize(spec.subtitle, 'italic', 6.2, 5, inner - markerWidth, fonts);
    text(doc, spec.subtitle, 'italic', size, '#ffffff', X(CARD_LAYOUT.padding), Y(bandBottom - 1.2) - size * 1.05);
  }

  // Kind and category line, random-table slots in the corner
  const kindY = Y(bandBottom + 1.5);
  const kindSize = 6.6;
  let cornerWidth = 0;
  if (spec.corner) {
    const size = 6;
    cornerWidth = fonts.width(spec.corner, 'bold', size);
    text(doc, spec.corner, 'bold', size, GREY, X(CARD.width - CARD_LAYOUT.padding) - cornerWidth, kindY + 0.4);
  }
  text(doc, spec.kindLabel, 'bold', fitSize(spec.kindLabel, 'bold', kindSize, 5, inner - cornerWidth - pt(2), fonts), spec.colour, X(CARD_LAYOUT.padding), kindY);
  doc
    .moveTo(X(CARD_LAYOUT.padding), Y(bandBottom + CARD_LAYOUT.kindLine))
    .lineTo(X(CARD.width - CARD_LAYOUT.padding), Y(bandBottom + CARD_LAYOUT.kindLine))
    .lineWidth(0.5)
    .strokeColor(spec.colour)
    .stroke();

  // Body
  const bodyX = X(BODY.x);
  const bodyY = Y(BODY.y);
  for (const line of card.lines) {
    const y = bodyY + line.top;
    if (line.marker) text(doc, line.marker.text, 'regular', card.size, INK, bodyX + line.marker.x, y);
    for (const segment of line.segments) text(doc, segment.text, segment.face, card.size, INK, bodyX + line.indent + segment.x, y);
  }
  if (card.part < card.parts - 1) {
    const w = fonts.width(labels.contNext, 'italic', CONT_SIZE);
    text(doc, labels.contNext, 'italic', CONT_SIZE, GREY, bodyX + pt(BODY.width) - w, Y(BODY.y + BODY.height) - CONT_SIZE * 1.25);
  }

  // Footer
  const footerTop = CARD.height - CARD_LAYOUT.footer;
  doc
    .moveTo(X(CARD_LAYOUT.padding), Y(footerTop + 0.6))
    .lineTo(X(CARD.width - CARD_LAYOUT.padding), Y(footerTop + 0.6))
    .lineWidth(0.3)
    .strokeColor('#9a9a9a')
    .stroke();
  const footSize = 5.2;
  const pageNote = card.parts > 1 ? `${card.part + 1}/${card.parts}` : '';
  const noteWidth = pageNote ? fonts.width(pageNote, 'bold', footSize) : 0;
  text(doc, spec.footerLeft, 'regular', fitSize(spec.footerLeft, 'regular', footSize, 4, inner - noteWidth - pt(2), fonts), GREY, X(CARD_LAYOUT.padding), Y(footerTop + 1.5));
  text(doc, spec.footerRight, 'regular', fitSize(spec.footerRight, 'regular', footSize, 4, inner - noteWidth - pt(2), fonts), GREY, X(CARD_LAYOUT.padding), Y(footerTop + 3.9));
  if (pageNote) text(doc, pageNote, 'bold', footSize, GREY, X(CARD.width - CARD_LAYOUT.padding) - noteWidth, Y(footerTop + 3.9));
}

/** The largest size from `max` down to `min` at which `value` fits `width` (at `min` it is the caller's limit). */
function fitSize(value: string, face: Face, max: number, min: number, width: number, fonts: Fonts): number {
  for (let size = max; size > min; size -= 0.25) if (fonts.width(value, face, size) <= width) return size;
  return min;
}

/** The name: one line from 10.5 pt down to 8 pt, else two lines (from 8.5 pt down). */
function fitTitle(title: string, width: number, fonts: Fonts): { size: number; lines: string[] } {
  for (let size = 10.5; size >= 8; size -= 0.25) if (fonts.width(title, 'bold', size) <= width) return { size, lines: [title] };
  for (let size = 8.5; size >= 6; size -= 0.25) {
    const laid = layoutBlocks([{ runs: [{ text: title, face: 'bold' }], depth: 0, marker: null, spaceBefore: 0, textLine: 1 }], width, size, fonts);
    if (laid.lines.length <= 2) return { size, lines: laid.lines.map((l) => l.segments.map((s) => s.text).join('')) };
  }
  return { size: 6, lines: [title] };
}

function drawBack(doc: Doc, fonts: Fonts, spec: CardSpec, sheet: Sheet, slot: number): void {
  const rect = cardRect(sheet, slot, true);
  fill(doc, bleedRect(sheet, slot, true, rect, CARD.height), spec.colour);
  const inset = 3.2;
  doc
    .roundedRect(pt(rect.x + inset), pt(rect.y + inset), pt(CARD.width - 2 * inset), pt(CARD.height - 2 * inset), pt(2))
    .lineWidth(0.8)
    .strokeColor('#ffffff')
    .stroke();
  const centre = (value: string, face: Face, size: number, yMm: number) => {
    const w = fonts.width(value, face, size);
    text(doc, value, face, size, '#ffffff', pt(rect.x + CARD.width / 2) - w / 2, pt(rect.y + yMm) - size / 2);
  };
  centre(CODEX_NAME.toUpperCase(), 'bold', 13, CARD.height / 2 - 4);
  doc
    .moveTo(pt(rect.x + CARD.width / 2 - 12), pt(rect.y + CARD.height / 2 + 0.5))
    .lineTo(pt(rect.x + CARD.width / 2 + 12), pt(rect.y + CARD.height / 2 + 0.5))
    .lineWidth(0.6)
    .strokeColor('#ffffff')
    .stroke();
  centre(spec.backLabel, 'bold', fitSize(spec.backLabel, 'bold', 10, 6, pt(CARD.width - 12), fonts), CARD.height / 2 + 5);
}

function drawMarks(doc: Doc, sheet: Sheet): void {
  doc.lineWidth(0.3).strokeColor('#000000');
  for (const m of sheet.marks) doc.moveTo(pt(m.x1), pt(m.y1)).lineTo(pt(m.x2), pt(m.y2)).stroke();
}
