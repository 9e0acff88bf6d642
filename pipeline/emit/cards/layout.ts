/// <reference types="pdfkit" />
/**
 * Drawing: fitted cards onto pages with pdfkit — the card boxes (name band,
 * badge and kind line, body, footer), the crop marks, the bleed, the TrimBox
 * and BleedBox of each page, and the backs (mirrored for the duplex edge,
 * never with marks). Positions come from geometry.ts (millimetres); the lines
 * of text were laid out by rich-text.ts and continuation.ts. Every text is
 * drawn in pure black (CMYK 0/0/0/100), a tint of it, or white. The PDF is
 * built in memory and returned as bytes: deterministic (fixed dates, an /ID
 * from the metadata, font subset tags from the file's own content).
 */
import { error, type Diagnostic } from '../../model/diagnostic.ts';
import { CARD, CARD_LAYOUT, backSlot, pdfBox, pt, withBleed, type CardDimensions, type Rect, type Sheet } from './geometry.ts';
import { FACES, documentFaces, retagSubsets, type Face, type Fonts } from './fonts.ts';
import { CODEX_NAME, LABELS, partLabel, type CardSpec } from './card-specs.ts';
import { MAX_PARTS, fitBlocks, leastCards } from './continuation.ts';
import { FLOOR_SIZE, layoutBlocks, type Block, type Line } from './rich-text.ts';
import type { CardsOptions, Ink } from './options.ts';
import { DOT_RADIUS, patternMarks } from './band-pattern.ts';
import { K, patternShade, type CardColour, type Cmyk } from './colours.ts';

/** One physical card: a spec and the part of its text this card carries. */
export interface FittedCard {
  spec: CardSpec;
  part: number;
  parts: number;
  size: number;
  lineHeight: number;
  /** The part's blocks, to lay out again at another size (empty when it was cut at a line). */
  blocks: Block[];
  lines: Line[];
}

/** The smallest type on a card, anywhere: a text that does not fit continues on another card instead. */
export const MIN_TEXT = FLOOR_SIZE;
/** The second row of a kind line whose random slots do not fit beside the kind, in millimetres. */
const KIND_ROW = 3.2;

/** The body box of a card of `card`'s size, in millimetres from its top-left corner, under a kind line of `rows`. */
export const bodyBox = (card: CardDimensions, rows = 1): Rect => ({
  x: CARD_LAYOUT.padding,
  y: CARD_LAYOUT.band + CARD_LAYOUT.kindLine + (rows - 1) * KIND_ROW + CARD_LAYOUT.gap,
  width: card.width - 2 * CARD_LAYOUT.padding,
  height: card.height - CARD_LAYOUT.band - CARD_LAYOUT.kindLine - (rows - 1) * KIND_ROW - CARD_LAYOUT.footer - 2 * CARD_LAYOUT.gap,
});

/** The "continued on the next card" line. */
const CONT_SIZE = MIN_TEXT;
/** The footer's type, the kind line's, the marker's, the random slots' and the badge's. */
const SMALL_SIZE = MIN_TEXT;
const BADGE_RADIUS = 1.65;
/** The name's baseline under the top of its line, per point of its size (DejaVu's ascent). */
const TITLE_BASELINE = 0.93;
/** Space kept between the kind and the random slots, in millimetres. */
const KIND_GAP = 2;
/** Room kept at the foot of every card of a chain but the last, for the "continued" line. */
const reserve = () => CONT_SIZE * 1.6;

const BLACK = K(100);
const GREY = K(65);
const WHITE = K(0);
/** Line width of a band's pattern, in points. */
const PATTERN_LINE = 0.4;
/** A colour as pdfkit takes it: four numbers, DeviceCMYK (never a `#rrggbb`, which is RGB). */
const cmyk = (c: Cmyk): [number, number, number, number] => [c[0], c[1], c[2], c[3]];

/**
 * The lines of the corner (random slots, a player's profile) under the kind:
 * none when the badge, the kind (at 7 pt) and the corner fit across one row;
 * else the corner on rows of its own, broken at its " · " where it is wider
 * than the card.
 */
function cornerLines(spec: CardSpec, card: CardDimensions, fonts: Fonts): string[] {
  if (!spec.corner) return [];
  const inner = pt(card.width - 2 * CARD_LAYOUT.padding);
  const badge = spec.badge ? pt(2 * BADGE_RADIUS + 1.2) : 0;
  const width = (text: string, face: Face = spec.cornerFace ?? 'bold') => fonts.width(text, face, SMALL_SIZE);
  if (width(spec.kindLabel, 'bold') <= inner - badge - pt(KIND_GAP) - width(spec.corner)) return [];
  const lines: string[] = [];
  for (const piece of spec.corner.split(' · ')) {
    const joined = lines.length ? `${lines.at(-1)} · ${piece}` : piece;
    if (lines.length && width(joined) <= inner) lines[lines.length - 1] = joined;
    else lines.push(piece);
  }
  return lines;
}

/**
 * The rows of a card's kind line: one, and a row for each line of the corner
 * that does not fit beside the kind, and one for a marker that fits nowhere
 * else without cutting the subtitle short.
 */
export const kindRows = (spec: CardSpec, card: CardDimensions, fonts: Fonts): number =>
  1 + cornerLines(spec, card, fonts).length + (markerPlace(spec, card, fonts) === 'row' ? 1 : 0);

/** The marker's box and the space after it, in points (0 without a marker). */
const markerBoxWidth = (marker: string | null, fonts: Fonts): number => (marker ? fonts.width(marker, 'bold', SMALL_SIZE) + pt(2.2 + 1.5) : 0);

/**
 * Where the marker goes: at the band's foot, beside the subtitle; when the
 * two do not fit there at 7 pt, beside a one-line name that leaves it room,
 * else at the right of a kind line with no random slots that leaves it room;
 * else on a row of its own under the kind line (and the corner's rows), so
 * a subtitle that fits the band ("EN: Bone Head" on a narrow French card) is
 * never cut short; one wider than the band stays at the foot, cut short.
 */
export function markerPlace(spec: CardSpec, card: CardDimensions, fonts: Fonts): 'foot' | 'name' | 'kind' | 'row' {
  const inner = pt(card.width - 2 * CARD_LAYOUT.padding);
  const box = markerBoxWidth(spec.marker, fonts);
  if (!spec.marker || !spec.subtitle || fonts.width(spec.subtitle, 'italic', MIN_TEXT) <= inner - box) return 'foot';
  const title = fitTitle(spec.title, inner, fonts);
  if (title.lines.length === 1 && fonts.width(title.lines[0]!, 'bold', title.size) <= inner - box) return 'name';
  const badge = spec.badge ? pt(2 * BADGE_RADIUS + 1.2) : 0;
  if (!spec.corner && fonts.width(spec.kindLabel, 'bold', SMALL_SIZE) <= inner - badge - box) return 'kind';
  return fonts.width(spec.subtitle, 'italic', MIN_TEXT) <= inner ? 'row' : 'foot';
}

/** The continued heading of a section: its name, "(continued)" in the card's language. */
function continuedHeading(spec: CardSpec): (heading: Block) => Block {
  return (heading) => ({
    ...heading,
    runs: [{ text: `${heading.name ?? heading.runs.map((r) => r.text).join('')} (${LABELS[spec.lang].continued})`, face: 'bold' }],
  });
}

/**
 * Fit a spec's body on cards of `card`'s size: one FittedCard per card it
 * needs. A rule that would need more than MAX_PARTS poker cards is an error
 * (at any card size, so a deck fails or prints alike); a player's card
 * continues on as many cards as it needs.
 */
export function fitCard(spec: CardSpec, fonts: Fonts, card: CardDimensions = CARD): { cards: FittedCard[]; diagnostic: Diagnostic | null } {
  const player = spec.key.startsWith('player:');
  if (!player) {
    const poker = bodyBox(CARD, kindRows(spec, CARD, fonts));
    const needed = leastCards(spec.body, pt(poker.width), pt(poker.height), fonts, reserve);
    if (needed > MAX_PARTS) return { cards: [], diagnostic: tooLong(spec, needed) };
  }
  const body = bodyBox(card, kindRows(spec, card, fonts));
  const fit = fitBlocks(spec.body, pt(body.width), pt(body.height), fonts, reserve, { maxParts: null, continued: continuedHeading(spec) });
  if ('needed' in fit) return { cards: [], diagnostic: tooLong(spec, fit.needed) };
  const cards = fit.parts.map((part, n) => ({
    spec,
    part: n,
    parts: fit.parts.length,
    size: fit.size,
    lineHeight: fit.lineHeight,
    blocks: part.blocks,
    lines: part.lines,
  }));
  return { cards, diagnostic: null };
}

function tooLong(spec: CardSpec, needed: number): Diagnostic {
  return error({
    reason: `${spec.key}: the text needs ${needed} poker cards at ${FLOOR_SIZE} pt; a card continues on at most ${MAX_PARTS}`,
    file: spec.origin.file,
    place: { line: spec.origin.line },
    ruleId: 'cards/text-too-long',
    source: 'emit',
    note: 'the source text is far longer than a rule: check it for a pasted duplicate, or shorten it with an erratum',
  });
}

/**
 * `--size uniform`: every card of a page at the smallest of their sizes, the
 * largest that fits them all (a part cut at a line keeps its size).
 */
export function uniformSizes(cards: readonly FittedCard[], perPage: number, fonts: Fonts, size: CardDimensions = CARD): FittedCard[] {
  // Stryker disable next-line ArithmeticOperator: the body's width is the same under one row of kind line or two
  const width = pt(bodyBox(size).width);
  const out: FittedCard[] = [];
  for (let start = 0; start < cards.length; start += perPage) {
    const page = cards.slice(start, start + perPage);
    const size = Math.min(...page.map((c) => c.size));
    for (const card of page) {
      if (card.size === size || !card.blocks.length) out.push(card);
      else {
        const laid = layoutBlocks(card.blocks, width, size, fonts);
        out.push({ ...card, size, lineHeight: laid.lineHeight, lines: laid.lines });
      }
    }
  }
  return out;
}

export interface DocumentMeta {
  title: string;
  subject: string;
  datasetVersion: string;
  creationDate: Date;
  lang: string;
}

type Doc = PDFKit.PDFDocument;

function createDocument(meta: DocumentMeta, fonts: Fonts): Doc {
  const doc = new fonts.pdf({
    font: null,
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
  const faces = documentFaces(fonts);
  for (const face of FACES) doc.registerFont(face, faces[face] as unknown as Buffer);
  return doc;
}

/** Render the cards to a PDF, a sheet's worth to a page, with a back page after each front page when asked. */
export async function drawDocument(
  cards: readonly FittedCard[],
  sheet: Sheet,
  fonts: Fonts,
  meta: DocumentMeta,
  options: Pick<CardsOptions, 'backs' | 'duplex' | 'ink'>,
): Promise<{ bytes: Uint8Array; pages: number }> {
  const doc = createDocument(meta, fonts);
  const chunks: Uint8Array[] = [];
  doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
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
  const draw = new Drawing(doc, fonts, sheet, options.ink);
  for (let start = 0; start < cards.length; start += sheet.slots.length) {
    const page = cards.slice(start, start + sheet.slots.length);
    newPage();
    page.forEach((card, slot) => {
      draw.front(card, sheet.slots[slot]!);
    });
    drawMarks(doc, sheet);
    if (options.backs) {
      newPage();
      page.forEach((card, slot) => {
        draw.back(card.spec, sheet.slots[backSlot(sheet, slot, options.duplex)]!);
      });
    }
  }
  doc.end();
  await done;
  return { bytes: retagSubsets(concatBytes(chunks)), pages };
}

/** The PDF's chunks as one array (what Buffer.concat did, without Node). */
function concatBytes(chunks: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

function drawMarks(doc: Doc, sheet: Sheet): void {
  doc.lineWidth(0.3).strokeColor(cmyk(BLACK));
  for (const m of sheet.marks) doc.moveTo(pt(m.x1), pt(m.y1)).lineTo(pt(m.x2), pt(m.y2)).stroke();
}

/** The largest size from `max` down to `min` at which `value` fits `width` (at `min` it is the caller's limit). */
function fitSize(value: string, face: Face, max: number, min: number, width: number, fonts: Fonts): number {
  for (let size = max; size > min; size -= 0.25) if (fonts.width(value, face, size) <= width) return size;
  return min;
}

/** `value` cut with an ellipsis to fit `width` at `size`. */
function clip(value: string, face: Face, size: number, width: number, fonts: Fonts): string {
  if (fonts.width(value, face, size) <= width) return value;
  let cut = value;
  while (cut.length > 1 && fonts.width(`${cut}…`, face, size) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/** `title` laid out in bold at `size` over lines of `width`. */
function titleLines(title: string, width: number, size: number, fonts: Fonts): string[] {
  const laid = layoutBlocks([{ runs: [{ text: title, face: 'bold' }], depth: 0, marker: null, spaceBefore: 0, textLine: 1 }], width, size, fonts);
  // Stryker disable next-line StringLiteral: a title is one face, so each of its lines is one segment and the separator is never written
  return laid.lines.map((l) => l.segments.map((s) => s.text).join(''));
}

/**
 * The name: one line from 10.5 pt down to 8 pt, else two lines from 8.5 pt
 * down to 7 pt; a name longer than that (a roster allows 200 characters)
 * keeps two lines at 7 pt, the second cut with an ellipsis, on the band.
 */
function fitTitle(title: string, width: number, fonts: Fonts): { size: number; lines: string[] } {
  for (let size = 10.5; size >= 8; size -= 0.25) if (fonts.width(title, 'bold', size) <= width) return { size, lines: [title] };
  for (let size = 8.5; size > MIN_TEXT; size -= 0.25) {
    const lines = titleLines(title, width, size, fonts);
    if (lines.length <= 2) return { size, lines };
  }
  const lines = titleLines(title, width, MIN_TEXT, fonts);
  return { size: MIN_TEXT, lines: [lines[0]!, clip(lines.slice(1).join(' '), 'bold', MIN_TEXT, width, fonts)] };
}

/** Draws the parts of a card on one document, in full colour or low ink. */
class Drawing {
  private readonly low: boolean;
  private readonly doc: Doc;
  private readonly fonts: Fonts;
  private readonly sheet: Sheet;
  /** The size of the cards. */
  private readonly card: CardDimensions;
  constructor(doc: Doc, fonts: Fonts, sheet: Sheet, ink: Ink) {
    this.doc = doc;
    this.fonts = fonts;
    this.sheet = sheet;
    this.card = sheet.card;
    this.low = ink === 'low';
  }

  private text(value: string, face: Face, size: number, colour: Cmyk, x: number, y: number): void {
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: every text is cut to its card, which lies on the page, so pdfkit's wrap at the page's right edge never breaks one (the same bytes for every sheet, bleed, ink and the single layout); it stays as a guard against a page added mid-card
    this.doc.font(face).fontSize(size).fillColor(cmyk(colour)).text(value, x, y, { lineBreak: false });
  }

  private rule(x1: number, y: number, x2: number, width: number, colour: Cmyk): void {
    this.doc.moveTo(x1, y).lineTo(x2, y).lineWidth(width).strokeColor(cmyk(colour)).stroke();
  }

  /** A band in its category's colour, with its pattern over it in the darker shade (`rect` in millimetres). */
  private patterned(rect: Rect, colour: CardColour): void {
    this.doc.rect(pt(rect.x), pt(rect.y), pt(rect.width), pt(rect.height)).fill(cmyk(colour.ink));
    const marks = patternMarks(rect, colour.pattern);
    const shade = cmyk(patternShade(colour.ink));
    if (marks.lines.length) {
      for (const l of marks.lines) this.doc.moveTo(pt(l.x1), pt(l.y1)).lineTo(pt(l.x2), pt(l.y2));
      this.doc.lineWidth(PATTERN_LINE).strokeColor(shade).stroke();
    }
    if (marks.dots.length) {
      for (const d of marks.dots) this.doc.circle(pt(d.x), pt(d.y), pt(DOT_RADIUS));
      this.doc.fill(shade);
    }
  }

  front(card: FittedCard, rect: Rect): void {
    const at = { X: (mm: number) => pt(rect.x + mm), Y: (mm: number) => pt(rect.y + mm) };
    this.band(card, rect, at);
    const rows = kindRows(card.spec, this.card, this.fonts);
    this.kindLine(card.spec, rows, at);
    this.body(card, bodyBox(this.card, rows), at);
    this.footer(card.spec, at);
  }

  private band(card: FittedCard, rect: Rect, { X, Y }: At): void {
    const { spec } = card;
    const inner = pt(this.card.width - 2 * CARD_LAYOUT.padding);
    if (this.low) {
      this.doc
        .roundedRect(X(1.2), Y(1.2), pt(this.card.width - 2.4), pt(CARD_LAYOUT.band - 1.2), pt(1.2))
        .lineWidth(1)
        .strokeColor(cmyk(spec.colour.ink))
        .stroke();
    } else {
      this.patterned(withBleed(this.sheet, { ...rect, height: CARD_LAYOUT.band }, { top: true, bottom: false }), spec.colour);
    }
    const ink = this.low ? BLACK : WHITE;
    const title = card.parts > 1 ? `${spec.title} ${partLabel(card.part, card.parts)}` : spec.title;
    const fitted = fitTitle(title, inner, this.fonts);
    fitted.lines.forEach((line, n) => {
      this.text(line, 'bold', fitted.size, ink, X(CARD_LAYOUT.padding), Y(2.4) + n * fitted.size * 1.08);
    });
    const place = markerPlace(spec, this.card, this.fonts);
    // Its box's foot: a little under the name's baseline, or the band's foot (on the kind line, kindLine draws it).
    if (spec.marker && place === 'name') this.marker(spec.marker, X, Y(2.4) + fitted.size * TITLE_BASELINE + pt(0.6));
    if (spec.marker && place === 'foot') this.marker(spec.marker, X, Y(CARD_LAYOUT.band - 1.3));
    if (spec.subtitle) {
      const room = place === 'foot' ? inner - markerBoxWidth(spec.marker, this.fonts) : inner;
      const size = fitSize(spec.subtitle, 'italic', 7.5, MIN_TEXT, room, this.fonts);
      const subtitle = clip(spec.subtitle, 'italic', size, room, this.fonts);
      this.text(subtitle, 'italic', size, this.low ? GREY : WHITE, X(CARD_LAYOUT.padding), Y(CARD_LAYOUT.band - 1.4) - size * 1.05);
    }
  }

  /** "COMPULSORY" in a white box (an outlined one in low ink, or on the kind line), at the card's right, its foot at `foot` (points). */
  private marker(value: string, X: (mm: number) => number, foot: number, outlined = this.low): void {
    const size = SMALL_SIZE;
    const w = this.fonts.width(value, 'bold', size) + pt(2.2);
    const h = pt(3.3);
    const x = X(this.card.width - CARD_LAYOUT.padding) - w;
    const y = foot - h;
    if (outlined) this.doc.roundedRect(x, y, w, h, pt(0.8)).lineWidth(0.6).strokeColor(cmyk(BLACK)).stroke();
    else this.doc.roundedRect(x, y, w, h, pt(0.8)).fill(cmyk(WHITE));
    this.text(value, 'bold', size, BLACK, x + pt(1.1), y + (h - size) / 2 - size * 0.02);
  }

  /**
   * The category's letter badge, the kind and category, the corner (random
   * slots, a player's profile; on rows of its own when it does not fit beside
   * the kind), and a rule in the category's colour.
   */
  private kindLine(spec: CardSpec, rows: number, { X, Y }: At): void {
    const inner = pt(this.card.width - 2 * CARD_LAYOUT.padding);
    const top = CARD_LAYOUT.band + 1.2;
    let left = CARD_LAYOUT.padding;
    if (spec.badge) {
      const r = BADGE_RADIUS;
      const [cx, cy] = [X(left + r), Y(top + r - 0.1)];
      if (this.low) this.doc.circle(cx, cy, pt(r)).lineWidth(0.8).strokeColor(cmyk(spec.colour.ink)).stroke();
      else this.doc.circle(cx, cy, pt(r)).fill(cmyk(spec.colour.ink));
      const size = SMALL_SIZE;
      this.text(spec.badge, 'bold', size, this.low ? BLACK : WHITE, cx - this.fonts.width(spec.badge, 'bold', size) / 2, cy - size * 0.56);
      left += 2 * r + 1.2;
    }
    let cornerWidth = 0;
    const below = cornerLines(spec, this.card, this.fonts);
    const place = spec.marker ? markerPlace(spec, this.card, this.fonts) : null;
    // Outlined, its foot at the foot of the kind's row, or of its own row under the corner's.
    const markerRow = place === 'kind' ? 0 : place === 'row' ? below.length + 1 : null;
    if (spec.marker && markerRow !== null) this.marker(spec.marker, X, Y(CARD_LAYOUT.band + CARD_LAYOUT.kindLine - 0.4 + markerRow * KIND_ROW), true);
    if (place === 'kind') cornerWidth = markerBoxWidth(spec.marker, this.fonts);
    // Random slots at the right, grey; a player's profile on its own rows reads from the left, in black.
    const face = spec.cornerFace ?? 'bold';
    const right = (text: string, row: number) => {
      const width = this.fonts.width(text, face, SMALL_SIZE);
      const x = face === 'regular' && row > 0 ? X(CARD_LAYOUT.padding) : X(this.card.width - CARD_LAYOUT.padding) - width;
      this.text(text, face, SMALL_SIZE, face === 'bold' ? GREY : BLACK, x, Y(top + row * KIND_ROW + 0.3));
      return width;
    };
    if (spec.corner && !below.length) cornerWidth = right(spec.corner, 0) + pt(KIND_GAP);
    below.forEach((line, n) => {
      right(line, n + 1);
    });
    const room = inner - pt(left - CARD_LAYOUT.padding) - cornerWidth;
    const kindSize = fitSize(spec.kindLabel, 'bold', 7.5, SMALL_SIZE, room, this.fonts);
    this.text(clip(spec.kindLabel, 'bold', kindSize, room, this.fonts), 'bold', kindSize, BLACK, X(left), Y(top + 0.3));
    const ruleY = CARD_LAYOUT.band + CARD_LAYOUT.kindLine + (rows - 1) * KIND_ROW;
    this.rule(X(CARD_LAYOUT.padding), Y(ruleY), X(this.card.width - CARD_LAYOUT.padding), 0.6, spec.colour.ink);
  }

  private body(card: FittedCard, box: Rect, { X, Y }: At): void {
    const [bodyX, bodyY] = [X(box.x), Y(box.y)];
    for (const line of card.lines) {
      const y = bodyY + line.top;
      if (line.marker) this.text(line.marker.text, 'regular', card.size, BLACK, bodyX + line.marker.x, y);
      for (const segment of line.segments) this.text(segment.text, segment.face, card.size, BLACK, bodyX + line.indent + segment.x, y);
    }
    if (card.part < card.parts - 1) {
      const next = LABELS[card.spec.lang].contNext;
      const w = this.fonts.width(next, 'italic', CONT_SIZE);
      this.text(next, 'italic', CONT_SIZE, GREY, bodyX + pt(box.width) - w, Y(box.y + box.height) - CONT_SIZE * 1.25);
    }
  }

  /** Two lines of 7 pt: the team (or the edition), then the edition and the record id. */
  private footer(spec: CardSpec, { X, Y }: At): void {
    const top = this.card.height - CARD_LAYOUT.footer;
    const inner = pt(this.card.width - 2 * CARD_LAYOUT.padding);
    this.rule(X(CARD_LAYOUT.padding), Y(top + 0.4), X(this.card.width - CARD_LAYOUT.padding), 0.3, K(40));
    const [first, second] = spec.team ? [spec.team, [spec.footerLeft, spec.footerRight].filter(Boolean).join(' · ')] : [spec.footerLeft, spec.footerRight];
    const face: Face = spec.team ? 'bold' : 'regular';
    this.text(clip(first, face, SMALL_SIZE, inner, this.fonts), face, SMALL_SIZE, spec.team ? BLACK : GREY, X(CARD_LAYOUT.padding), Y(top + 1.0));
    if (second) this.text(clip(second, 'regular', SMALL_SIZE, inner, this.fonts), 'regular', SMALL_SIZE, GREY, X(CARD_LAYOUT.padding), Y(top + 3.9));
  }

  /** The back: the category's colour to the bleed (plain in low ink), the codex, the category and the team. */
  back(spec: CardSpec, rect: Rect): void {
    const inset = 3.2;
    if (!this.low) {
      const full = withBleed(this.sheet, rect, { top: true, bottom: true });
      this.doc.rect(pt(full.x), pt(full.y), pt(full.width), pt(full.height)).fill(cmyk(spec.colour.ink));
    }
    const ink = this.low ? BLACK : WHITE;
    this.doc
      .roundedRect(pt(rect.x + inset), pt(rect.y + inset), pt(this.card.width - 2 * inset), pt(this.card.height - 2 * inset), pt(2))
      .lineWidth(this.low ? 0.6 : 0.8)
      .strokeColor(cmyk(this.low ? spec.colour.ink : WHITE))
      .stroke();
    const centre = (value: string, face: Face, size: number, yMm: number) => {
      const w = this.fonts.width(value, face, size);
      this.text(value, face, size, ink, pt(rect.x + this.card.width / 2) - w / 2, pt(rect.y + yMm) - size / 2);
    };
    const mid = this.card.height / 2;
    centre(CODEX_NAME.toUpperCase(), 'bold', 13, mid - 4);
    this.rule(pt(rect.x + this.card.width / 2 - 12), pt(rect.y + mid + 0.5), pt(rect.x + this.card.width / 2 + 12), 0.6, this.low ? spec.colour.ink : WHITE);
    const width = pt(this.card.width - 12);
    centre(spec.backLabel, 'bold', fitSize(spec.backLabel, 'bold', 10, MIN_TEXT, width, this.fonts), mid + 5);
    if (spec.team) centre(clip(spec.team, 'italic', 8, width, this.fonts), 'italic', 8, mid + 12);
  }
}

interface At {
  X: (mm: number) => number;
  Y: (mm: number) => number;
}
