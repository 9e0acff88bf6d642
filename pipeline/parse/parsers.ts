/** The parse stage's modules, by the manifest's `parser` name: one per source format. */
import type { ParseResult } from '../model/parse-result.ts';
import type { SourceInput } from '../model/source.ts';
import { parseEn2020 } from './en-2020/index.ts';
import { parseFrLegacy } from './fr-legacy.ts';
import { parseInducementNotes } from './inducements.ts';
import { parseTraitsAlt } from './traits-alt.ts';

export type Parser = (input: SourceInput) => ParseResult;

/** Parser modules by manifest `parser` name. */
export const PARSERS: Readonly<Record<string, Parser>> = {
  'en-2020': parseEn2020,
  'traits-alt': parseTraitsAlt,
  'fr-legacy': parseFrLegacy,
  inducements: parseInducementNotes,
};
