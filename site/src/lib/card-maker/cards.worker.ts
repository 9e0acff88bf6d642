/**
 * The card page's worker, loaded only when the organiser asks for a PDF: the
 * project's own card stage (pipeline/emit/cards/) with pdfkit's browser
 * build and the embedded DejaVu faces (hashed assets of this site). It draws
 * the plan the page already made with the CLI's own selection code
 * (check.ts: the roster's YAML, its schema, the names and the rule texts'
 * Markdown are read on the page, which has those parsers loaded), so it
 * bundles neither yaml nor remark: only the fitting and drawing of
 * `nuffle cards`, with the same pdfkit build, so the same bytes. Posts the
 * PDF back, or the CLI's messages.
 */
import PDFDocument from 'pdfkit';
import regular from 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf?url';
import bold from 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf?url';
import italic from 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Oblique.ttf?url';
import boldItalic from 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed-BoldOblique.ttf?url';
import { renderDocuments, type CardDocumentPlan } from '../../../../pipeline/emit/cards/emit-cards.ts';
import { FACES, loadFonts, type Face, type FontBytes, type Fonts, type PdfDocumentClass } from '../../../../pipeline/emit/cards/fonts.ts';
import type { CardsOptions } from '../../../../pipeline/emit/cards/options.ts';
import type { Lang } from '../../../../pipeline/model/schema-types.ts';
import { messagesOf, type Message } from './messages.ts';

export interface MakeRequest {
  /** The deck as planned by the CLI's planSelection on the page (check.ts), the Markdown texts already blocks. */
  plan: CardDocumentPlan;
  /** The print options of `nuffle cards` (deck-state.ts printOptions). */
  options: CardsOptions;
  /** The dataset's version, written in the PDF's metadata (all renderDocuments reads of the dataset). */
  datasetVersion: string;
  /** The page's language, for its messages. */
  lang: Lang;
}

export type MakeReply =
  | { ok: true; bytes: Uint8Array; cards: number; records: number; pages: number; continued: string[] }
  | { ok: false; messages: Message[]; summary: string | null };

const FONT_URLS: Record<Face, string> = { regular, bold, italic, boldItalic };

let fonts: Promise<Fonts> | undefined;

async function loadFaces(): Promise<Fonts> {
  const bytes = {} as FontBytes;
  await Promise.all(
    FACES.map(async (face) => {
      // Against this module's URL: the worker's own base is the page's blob: (page.ts startWorker).
      const response = await fetch(new URL(FONT_URLS[face], import.meta.url));
      if (!response.ok) throw new Error(`${FONT_URLS[face]}: HTTP ${response.status}`);
      bytes[face] = new Uint8Array(await response.arrayBuffer());
    }),
  );
  return loadFonts(bytes, PDFDocument as unknown as PdfDocumentClass);
}

async function make({ plan, options, datasetVersion, lang }: MakeRequest): Promise<MakeReply> {
  const result = await renderDocuments([plan], { meta: { datasetVersion } }, options, await (fonts ??= loadFaces()));
  if (result.diagnostics.length) return { ok: false, ...messagesOf(result.diagnostics, lang) };
  const d = result.documents[0]!;
  return { ok: true, bytes: d.bytes, cards: d.cards, records: d.records, pages: d.pages, continued: d.continued };
}

self.addEventListener('message', (event: MessageEvent<MakeRequest>) => {
  make(event.data).then(
    (reply) => self.postMessage(reply, { transfer: reply.ok ? [reply.bytes.buffer as ArrayBuffer] : [] }),
    (cause: unknown) => {
      fonts = undefined;
      self.postMessage({
        ok: false,
        messages: [{ text: String((cause as Error)?.message ?? cause), fatal: true, line: null, file: '' }],
        summary: null,
      } satisfies MakeReply);
    },
  );
});
