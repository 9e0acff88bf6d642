/**
 * An amount of gold as the inducement notes write it: the one grammar the
 * price lists and the stated costs read.
 *
 *   amount = [sign] ( digits "K" | number ( "gold pieces" | "gp" ) )
 *   sign   = "+" | "-"            (none: an increase)
 *   number = digits | 1-3 digits ( "," 3 digits )+
 *
 * `+20K`, `20K`, `-10K`, `20,000 gold pieces`, `+20,000 gold pieces`,
 * `20,000 gp` and `20000 gp` are all 20,000 (or -10,000). Nothing else is an
 * amount: a bare number (`+1MV`, `4+`) is not.
 */

/** One amount at one place of a text: its value in gold pieces and where it ends. */
interface Amount {
  value: number;
  end: number;
}

/** The grammar, read at one place (`y`): sign, then thousands written `K` or a number of gold pieces. */
const AMOUNT = /([+-]?)(?:(\d+)K|(\d{1,3}(?:,\d{3})+|\d+)\s*(?:gold pieces|gp))(?!\w)/y;

/** The amount that starts exactly at `at`, or null. */
export function readAmount(text: string, at: number): Amount | null {
  AMOUNT.lastIndex = at;
  const match = AMOUNT.exec(text);
  if (!match) return null;
  const gold = match[2] !== undefined ? Number(match[2]) * 1000 : Number(match[3]!.replace(/,/g, ''));
  return { value: (match[1] === '-' ? -1 : 1) * gold, end: AMOUNT.lastIndex };
}

/** A whole text that is one amount (`30K`, `30,000 gold pieces`), or null. */
export function wholeAmount(text: string): number | null {
  const amount = readAmount(text, 0);
  return amount && amount.end === text.length ? amount.value : null;
}

/**
 * Every amount of a text, in order, each read where a number starts (never
 * inside a word or a longer number: `AV10K`, `1,20K`). Each place is tried
 * once: linear in the text.
 */
export function findAmounts(text: string): (Amount & { start: number })[] {
  const out: (Amount & { start: number })[] = [];
  for (let at = 0; at < text.length; at++) {
    if (!startsNumber(text, at)) continue;
    const amount = readAmount(text, at);
    if (!amount) continue;
    out.push({ ...amount, start: at });
    at = amount.end - 1;
  }
  return out;
}

/** What a number cannot follow: a letter, a digit, a comma or a sign (it would be inside a word or a longer number). */
const INSIDE = /[\w,+-]/;

/** A sign or a digit with no letter, digit or comma before it (and a digit after a sign). */
function startsNumber(text: string, at: number): boolean {
  const here = text[at]!;
  const digit = /\d/.test(here) || ((here === '+' || here === '-') && /\d/.test(text[at + 1] ?? ''));
  return digit && !INSIDE.test(text[at - 1] ?? ' ');
}
