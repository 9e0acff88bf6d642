/**
 * SPIKE: `node --import ./test/site/cards-spike/use-pdfkit-browser.ts pipeline/cli.ts cards …`
 * runs the CLI unchanged with `pdfkit` resolved to ./pdfkit-browser.ts.
 */
import { register } from 'node:module';

register('./resolve-pdfkit.ts', import.meta.url);
