/**
 * What every parser returns (parse/<format>.ts): the contract between the
 * parse stage and the link and validate stages.
 */
import type { Diagnostic } from './diagnostic.ts';
import type { Game, Ruling, Skill } from './schema-types.ts';
import type { UnnamedRecord } from './source.ts';

export interface ParseResult {
  records: Skill[];
  /** Records the source gives no name; the link stage names them from annotations. */
  unnamed: UnnamedRecord[];
  /** Unnamed blocks of the inducement notes; the link stage names and structures them. */
  notes?: NoteBlock[];
  rulings: Ruling[];
  /** Line of each random-table marker that gives a slot, for located table errors. */
  slotLines: SlotLine[];
  diagnostics: Diagnostic[];
}

/** A random-table marker line: which record it gives a slot, in which game. */
export interface SlotLine {
  record: string;
  game: Game;
  line: number;
}

export interface NoteLine {
  line: number;
  text: string;
  bullet: boolean;
}

export interface NoteBlock {
  first: number;
  last: number;
  /** The block's lines, bullets without their `•`. */
  lines: NoteLine[];
  /** Whitespace-folded text of the whole block, bullets kept: what annotations' opening words are matched against. */
  flat: string;
}
