/**
 * What the inducement linker's phases share (link/inducements.ts for the
 * records, link/inducement-prices.ts for the price lists and leagues): a run
 * of the notes' text with its line, what a phase found, and an error at a
 * line of the notes.
 */
import { error, type Diagnostic } from '../model/diagnostic.ts';
import type { ManifestSource } from '../model/schema-types.ts';

/** A run of text with the line it is on. */
export interface Segment {
  line: number;
  text: string;
  bullet: boolean;
}

/** One use of a league spelling, on a line of the notes. */
export interface LeagueUse {
  league: string;
  spelling: string;
  line: number;
}

/** What a phase found: its value, the concepts it saw named, the league spellings it used, and its diagnostics. */
export interface Found<T> {
  value: T;
  mentions: string[];
  uses: LeagueUse[];
  diagnostics: Diagnostic[];
}

/** An error at a line of the notes. */
export function noteError(
  input: { source: Pick<ManifestSource, 'file'> },
  ruleId: string,
  reason: string,
  line: number,
  extra: Partial<Diagnostic> = {},
): Diagnostic {
  return error({ reason, file: input.source.file, place: { line }, ruleId, source: 'link', ...extra });
}
