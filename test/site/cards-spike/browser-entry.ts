/**
 * SPIKE (issue 25 foundation): the browser entry of the lazy card chunk. It
 * runs the project's own card stage, pipeline/emit/cards/, unchanged, with
 * pdfkit's browser build, on the published data and the embedded font
 * fetched from the page's own origin. Bundled by ./build-bundle.ts; driven
 * by test/site/cards-identity.test.ts. Not shipped: the site page of issue 25
 * replaces it (docs/design/site-cards.md).
 */
// @ts-expect-error pdfkit's browser build exports registerStdFonts; @types/pdfkit does not declare it.
import { registerStdFonts } from 'pdfkit';
// @ts-expect-error untyped data module (the Helvetica AFM), only needed while the card code lets pdfkit load its default font.
import Helvetica from 'pdfkit/standard-fonts/Helvetica';
import { BUNDLE_FILES, parseDataBundle } from '../../../pipeline/model/dataset.ts';
import { planAllDocuments, renderDocuments, type CardsOptions } from '../../../pipeline/emit/cards/emit-cards.ts';
import { FACES, FONT_FILES, loadFonts, type FontBytes } from '../../../pipeline/emit/cards/fonts.ts';

// `new PDFDocument()` selects Helvetica as its default font (F1): the CLI's PDFs number
// the DejaVu faces F2 to F5 because of it, so the browser must load it too (it is never drawn).
(registerStdFonts as (...fonts: unknown[]) => void)(Helvetica);

export interface Rendered {
  file: string;
  pages: number;
  cards: number;
  /** The PDF, base64 (what crosses page.evaluate). */
  base64: string;
}

async function fetchText(url: string): Promise<string | null> {
  const response = await fetch(url);
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.text();
}

/** The published dataset and the four faces, from `base` (same origin), then every whole-edition deck's PDF. */
export async function renderFromOrigin(base: string, options: CardsOptions, only: string | null): Promise<Rendered[]> {
  const texts = new Map<string, string | null>();
  await Promise.all(Object.values(BUNDLE_FILES).map(async (file) => texts.set(file, await fetchText(`${base}/data/${file}`))));
  const bundle = parseDataBundle((file) => texts.get(file) ?? null);
  const bytes = {} as FontBytes;
  await Promise.all(FACES.map(async (face) => (bytes[face] = new Uint8Array(await (await fetch(`${base}/fonts/${FONT_FILES[face]}`)).arrayBuffer()))));
  const plans = planAllDocuments(bundle).filter((plan) => only === null || plan.file === only);
  const result = await renderDocuments(plans, bundle, options, loadFonts(bytes));
  if (result.diagnostics.length) throw new Error(result.diagnostics.map((d) => d.reason).join('\n'));
  return result.documents.map((d) => ({ file: d.file, pages: d.pages, cards: d.cards, base64: toBase64(d.bytes) }));
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
