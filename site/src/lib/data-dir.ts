import { readdirSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
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

/** Every file of the dataset folder, relative paths with forward slashes, sorted. */
export function listDataFiles(): string[] {
  const base = dataDir();
  const walk = (dir: string): string[] =>
    // Stryker disable next-line MethodExpression: the whole paths are sorted again below, so the order a folder is walked in never shows
    readdirSync(dir)
      .sort()
      .flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [relative(base, join(dir, name)).split(sep).join('/')]));
  return walk(base).sort();
}

/** Whether the static API (`<out>/api`, served under /api/) is part of this build. */
export function apiAvailable(): boolean {
  return process.env.NUFFLE_API === '1';
}
