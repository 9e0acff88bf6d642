import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vi } from 'vitest';
import { parseDataBundle, BUNDLE_FILES, type DataBundle } from '../../pipeline/model/dataset.ts';
import { runCardsCommand } from '../../pipeline/commands/cards.ts';
import { realBuild } from '../helpers.ts';

/** The real dataset, built in memory from this repository's sources (not dist/). */
export function realBundle(): DataBundle {
  const files = realBuild().files;
  return parseDataBundle((file) => {
    const text = files.get(file);
    if (text === undefined) throw new Error(`build produced no ${file}`);
    return text;
  });
}

export const tempDir = (prefix = 'nuffle-cards-'): string => mkdtempSync(join(tmpdir(), prefix));

/** Write a bundle as a dist/data folder (what `nuffle cards --data` reads). */
export function writeDataDir(bundle: DataBundle): string {
  const dir = join(tempDir(), 'data');
  mkdirSync(dir, { recursive: true });
  for (const [key, file] of Object.entries(BUNDLE_FILES)) writeFileSync(join(dir, file), `${JSON.stringify(bundle[key as keyof DataBundle], null, 2)}\n`);
  return dir;
}

/** `nuffle cards …` in this process, with what it printed. */
export async function cards(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  const error = vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void err.push(a.join(' ')));
  try {
    const code = await runCardsCommand(args);
    return { code, stdout: out.join('\n'), stderr: err.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

/** A poppler tool's output (pdftotext, pdffonts, pdfinfo). */
export function poppler(tool: string, args: readonly string[]): string {
  const result = spawnSync(tool, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${tool} ${args.join(' ')}: ${result.stderr || result.error?.message}`);
  return result.stdout;
}

/** The text of one page, `pdftotext -layout`. */
export const pageText = (file: string, page: number): string => poppler('pdftotext', ['-layout', '-f', String(page), '-l', String(page), file, '-']);

export const pageCount = (file: string): number => Number(/^Pages:\s+(\d+)/m.exec(poppler('pdfinfo', [file]))![1]);

/** Whitespace folded, for names that pdftotext may space out. */
export const squash = (text: string): string => text.replace(/\s+/g, ' ');
