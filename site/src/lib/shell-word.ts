/**
 * The one function that makes a value a shell word: one word that POSIX sh
 * (dash), bash, zsh, fish and PowerShell all read as exactly that value, the
 * way a reader pastes it, interactively (history expansion on). Each shell
 * quotes differently, so a word takes the one form all five agree on:
 *
 * - bare, when it is a word of letters, digits, `_ . -` that starts with a
 *   letter or `_`, or an option's name (`--roster`): no glob, no `~`, no `=`
 *   (zsh expands `=cmd`), no `,` (a list to PowerShell), no number for
 *   PowerShell to parse, no `-a.b` that Windows PowerShell splits in two;
 * - in single quotes, when it holds no `'`, no `\` (fish reads `\'` and `\\`
 *   inside single quotes) and none of PowerShell's typographic single quotes
 *   (‘ ’ ‚ ‛ end a PowerShell string);
 * - in double quotes, when it holds a single quote but none of `$`, `` ` ``,
 *   `\`, `!` (history expansion in bash and zsh) and PowerShell's typographic
 *   double quotes (“ ” „).
 *
 * No form carries a control character (a line break runs the rest as a new
 * command when pasted), a `"` (Windows PowerShell 5.1 passes it to a program
 * unescaped) or nothing at all (5.1 drops an empty argument): for such a
 * value, and one that fits no form, it returns null, and the caller shows no
 * command rather than a wrong one. test/site/shell-word.test.ts runs the
 * words in dash, bash, zsh and fish.
 */

const BARE = /^(?:[A-Za-z_][A-Za-z0-9_.-]*|--?[A-Za-z][A-Za-z0-9-]*)$/;
/** Never in any form: control characters (C0, DEL, C1), the line and paragraph separators, `"`. */
const NEVER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029"]/;
/** What ends or escapes a single-quoted word in one of the shells. */
const NOT_IN_SINGLE = /['\\\u2018-\u201b]/;
/** What expands, escapes or ends a double-quoted word in one of the shells. */
const NOT_IN_DOUBLE = /[$`\\!\u201c-\u201e]/;

/** `value` as one word every shell shown reads as exactly `value`; null when no spelling does. */
export function shellWord(value: string): string | null {
  if (value === '' || NEVER.test(value)) return null;
  if (BARE.test(value)) return value;
  if (!NOT_IN_SINGLE.test(value)) return `'${value}'`;
  if (!NOT_IN_DOUBLE.test(value)) return `"${value}"`;
  return null;
}
