/**
 * The card PDFs the cards target wrote (`<out>/cards/index.json`), read
 * defensively: the site lists what is there and says so when nothing is.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cardsDir } from './data-dir.ts';

export interface CardFile {
  file: string;
  label: string | null;
  edition: string | null;
  lang: string | null;
  cards: number | null;
  pages: number | null;
}

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const count = (...values: unknown[]): number | null => {
  for (const v of values) if (typeof v === 'number') return v;
  return null;
};

export function readCardIndex(): CardFile[] {
  const dir = cardsDir();
  if (!dir || !existsSync(join(dir, 'index.json'))) return [];
  const value = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as unknown;
  const list = Array.isArray(value)
    ? value
    : ((value as Record<string, unknown>).files ?? (value as Record<string, unknown>).decks ?? (value as Record<string, unknown>).cards ?? []);
  if (!Array.isArray(list)) return [];
  return list
    .map((entry: Record<string, unknown>) => ({
      file: text(entry.file) ?? text(entry.path) ?? '',
      label: text(entry.label) ?? text(entry.title) ?? text(entry.name),
      edition: text(entry.edition),
      lang: text(entry.lang) ?? text(entry.language),
      cards: count(entry.cards, entry.cardCount, entry.count),
      pages: count(entry.pages, entry.pageCount),
    }))
    .filter((entry) => entry.file.endsWith('.pdf') && !entry.file.includes('..') && existsSync(join(dir, entry.file)));
}
