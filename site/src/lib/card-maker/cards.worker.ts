/**
 * The card page's worker, loaded only when the organiser asks for a PDF: the
 * project's own card stage (pipeline/emit/cards/) with pdfkit's browser
 * build, the embedded DejaVu faces (hashed assets of this site) and the
 * dataset the page already read. The same code and pdfkit build as
 * `nuffle cards`, so the same bytes. Posts the PDF back, or the CLI's messages.
 */
import PDFDocument from 'pdfkit';
import regular from 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf?url';
import bold from 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf?url';
import italic from 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Oblique.ttf?url';
import boldItalic from 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed-BoldOblique.ttf?url';
import { parseDataBundle, type DataBundle } from '../../../../pipeline/model/dataset.ts';
import { renderDocuments } from '../../../../pipeline/emit/cards/emit-cards.ts';
import { FACES, loadFonts, type Face, type FontBytes, type Fonts, type PdfDocumentClass } from '../../../../pipeline/emit/cards/fonts.ts';
import { checkDeck, messagesOf, type Message } from './check.ts';
import { printOptions, type DeckState } from './deck-state.ts';

export interface MakeRequest {
  /** The dataset files' texts by name (what the page fetched from /data/). */
  texts: Record<string, string | null>;
  state: DeckState;
}

export type MakeReply =
  | { ok: true; bytes: Uint8Array; cards: number; records: number; pages: number; continued: string[] }
  | { ok: false; messages: Message[]; summary: string | null };

const FONT_URLS: Record<Face, string> = { regular, bold, italic, boldItalic };

let fonts: Promise<Fonts> | undefined;
/** The dataset of the page's visit, parsed once. */
let bundle: DataBundle | undefined;

async function loadFaces(): Promise<Fonts> {
  const bytes = {} as FontBytes;
  await Promise.all(
    FACES.map(async (face) => {
      const response = await fetch(FONT_URLS[face]);
      if (!response.ok) throw new Error(`${FONT_URLS[face]}: HTTP ${response.status}`);
      bytes[face] = new Uint8Array(await response.arrayBuffer());
    }),
  );
  return loadFonts(bytes, PDFDocument as unknown as PdfDocumentClass);
}

async function make({ texts, state }: MakeRequest): Promise<MakeReply> {
  bundle ??= parseDataBundle((file) => texts[file] ?? null);
  const checked = checkDeck(bundle, state);
  if (!checked.plan) return { ok: false, messages: checked.messages, summary: checked.summary };
  const result = await renderDocuments([checked.plan], bundle, printOptions(state), await (fonts ??= loadFaces()));
  if (result.diagnostics.length) return { ok: false, ...messagesOf(result.diagnostics) };
  const d = result.documents[0]!;
  return { ok: true, bytes: d.bytes, cards: d.cards, records: d.records, pages: d.pages, continued: d.continued };
}

self.addEventListener('message', (event: MessageEvent<MakeRequest>) => {
  make(event.data).then(
    (reply) => self.postMessage(reply, reply.ok ? [reply.bytes.buffer as ArrayBuffer] : []),
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
