import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The published dataset the site renders: NUFFLE_DATA_DIR (set by
 * pipeline/targets/site.ts), else ../dist/data next to site/.
 */
export function dataDir(): string {
  return process.env.NUFFLE_DATA_DIR ?? resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../dist/data');
}

/** The card PDFs folder (`<out>/cards`), when the cards target has built it. */
export function cardsDir(): string | null {
  return process.env.NUFFLE_CARDS_DIR || null;
}
