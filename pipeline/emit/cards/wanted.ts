/**
 * One name an organiser asked for (a `--skills` item, a roster's skill or
 * inducement), with where it was written: what the selection (select.ts) and
 * the inducements' resolver (resolve-inducements.ts) both read. Its own
 * module, so that neither imports the other for it.
 */

/** One name as asked for, with where it was written (for errors). */
export interface Wanted {
  /** As written: `Mighty Blow (+2)`. */
  text: string;
  /** Without its parameter, trimmed: `Mighty Blow`. */
  name: string;
  parameter: string | null;
  file: string;
  line: number | null;
  /** The roster's player who has it (numbered from 1), named in messages. */
  player?: { number: number; name: string };
}
