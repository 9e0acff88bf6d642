/**
 * The cards target, the I/O edge of the card stage for `nuffle build`: reads
 * the published dataset and the fonts, runs the pure stages of
 * pipeline/emit/cards/, writes dist/cards/ atomically. `nuffle cards …`
 * (pipeline/commands/cards.ts) shares its readers and printers.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { dataDirReader, OUTPUT_MARKER, OUTPUT_MARKER_TEXT, repoRoot, writeTreeAtomically } from '../io.ts';
import type { DataBundle } from '../model/dataset.ts';
import { formatDiagnostic, sortDiagnostics, type Diagnostic } from '../model/diagnostic.ts';
import { indexJson, planAllDocuments, renderDocuments, type RenderedDocument } from '../emit/cards/emit-cards.ts';
import { FACES, FONT_FILES, loadFonts, type FontBytes, type Fonts, type PdfDocumentClass } from '../emit/cards/fonts.ts';
import { cardsOptions, type CardsOptions } from '../emit/cards/options.ts';
import { CLI_SPEAKER, wordsOf } from '../emit/cards/words.ts';
import type { TargetContext } from './context.ts';
import { readBundle } from '../validate/data-bundle.ts';

/** The faces' bytes, from the dejavu-fonts-ttf package as installed with the codex. */
export function readFontBytes(): FontBytes {
  let dir: string;
  try {
    dir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  } catch {
    dir = join(repoRoot, 'node_modules/dejavu-fonts-ttf/ttf');
  }
  return Object.fromEntries(FACES.map((face) => [face, new Uint8Array(readFileSync(join(dir, FONT_FILES[face])))])) as FontBytes;
}

/**
 * pdfkit's browser build (fflate deflates), the one the site's card page runs,
 * so the CLI's PDFs and the page's are the same bytes. The package's exports
 * map gives Node its Node build (node:zlib, whose output depends on the zlib
 * Node bundles) and exports no path to the other, so it is imported by path.
 */
export async function loadPdfKit(): Promise<PdfDocumentClass> {
  const main = createRequire(import.meta.url).resolve('pdfkit');
  return ((await import(pathToFileURL(join(dirname(main), 'pdfkit.browser.mjs')).href)) as { default: PdfDocumentClass }).default;
}

let fontsCache: Promise<Fonts> | undefined;
/** The faces, parsed once by pdfkit's browser build. */
export const cardFonts = (): Promise<Fonts> => (fontsCache ??= loadPdfKit().then((pdf) => loadFonts(readFontBytes(), pdf)));

export function printDiagnostics(diagnostics: readonly Diagnostic[]): void {
  for (const d of sortDiagnostics(diagnostics)) console.error(formatDiagnostic(d));
}

/** The errors that stopped a run, and that nothing was written. */
export function printErrors(diagnostics: readonly Diagnostic[]): void {
  printDiagnostics(diagnostics);
  console.error(wordsOf(CLI_SPEAKER).summary(diagnostics.filter((d) => d.fatal).length));
}

/** The cards whose text continues, with how many cards each takes and the file they are in. */
export function reportContinued(documents: readonly RenderedDocument[], fileName: (d: RenderedDocument) => string = (d) => d.file): void {
  const continued = documents.flatMap((d) => d.continued.map((key) => `${key} (${fileName(d)})`));
  if (continued.length)
    console.log(`${continued.length} text${continued.length === 1 ? '' : 's'} continued on more than one card, headed (1/2), (2/2)…: ${continued.join(', ')}`);
}

/** The dataset in `dataDir`, checked against its published schemas; null after printing every problem, located. */
export function loadBundle(dataDir: string): DataBundle | null {
  let result;
  try {
    result = readBundle(dataDirReader(dataDir));
  } catch (cause) {
    console.error(`nuffle cards: cannot read the dataset in ${dataDir}: ${(cause as Error).message}`);
    return null;
  }
  if (result.bundle) return result.bundle;
  printDiagnostics(result.diagnostics.slice(0, 20));
  console.error(
    `nuffle cards: the dataset in ${dataDir} has ${result.diagnostics.length} problem${result.diagnostics.length === 1 ? '' : 's'}; build it again (nuffle build --only data); nothing was written`,
  );
  return null;
}

/** The full set into `outDir`, from `dataDir`: what `nuffle build` runs. */
export async function buildCardsTarget(context: TargetContext, options: CardsOptions = cardsOptions()): Promise<number> {
  const bundle = loadBundle(context.dataDir);
  if (!bundle) return 1;
  const result = await renderDocuments(planAllDocuments(bundle), bundle, options, await cardFonts());
  if (result.diagnostics.length) {
    printErrors(result.diagnostics);
    return 1;
  }
  const files = new Map<string, Uint8Array | string>(result.documents.map((d) => [d.file, d.bytes]));
  files.set('index.json', indexJson(result.documents, bundle, options));
  files.set(OUTPUT_MARKER, OUTPUT_MARKER_TEXT);
  try {
    writeTreeAtomically(context.outDir, files);
  } catch (cause) {
    console.error(`nuffle cards: cannot write ${context.outDir}: ${(cause as Error).message}`);
    return 1;
  }
  for (const d of result.documents) console.log(`${d.file}: ${d.cards} cards (${d.records} records) on ${d.pages} page${d.pages === 1 ? '' : 's'}`);
  reportContinued(result.documents);
  return 0;
}
