/**
 * SPIKE: pdfkit's browser build (fflate for deflate), loaded in Node, with the
 * Helvetica metrics registered as the Node build does by itself. What the CLI
 * would import under the proposal of docs/design/site-cards.md: the same
 * pdfkit code, so the same deflate, on both sides. The package's exports map
 * gives Node the Node build (zlib), so the file is imported by its path.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
// @ts-expect-error untyped data module (the Helvetica AFM)
import Helvetica from 'pdfkit/standard-fonts/Helvetica';

const main = createRequire(import.meta.url).resolve('pdfkit');
const browserBuild = (await import(pathToFileURL(join(dirname(main), 'pdfkit.browser.mjs')).href)) as { default: unknown; registerStdFonts: (...fonts: unknown[]) => void };
browserBuild.registerStdFonts(Helvetica);

export default browserBuild.default;
