/**
 * Text folding, one home for every stage and surface (issue 21): a name as a
 * reader, a roster or an app writes it, and the spacing of a text matched by
 * its opening words. No dependency and no I/O: the runtime API compiles it too.
 *
 * Three levels, each a superset of the one before:
 *  - `foldSpaces`: runs of white space to one space, trimmed, lower case (the
 *    form ruling ids hash: never change it);
 *  - `foldCharacters`: accents off, lower case, typographic apostrophes and
 *    quotes to straight ones (the text the suggestion engine reads);
 *  - `nameKey`: a name's matching key: also `&`/"and"/"et" as one word, any
 *    punctuation, hyphen or space dropped, and a final `*` (`Pick-Me-Up`,
 *    `pick me up` → `pickmeup`; `Chaîne & boulet` → `chaineandboulet`).
 */

/** White space collapsed and trimmed, lower case: `  Foo\n bar` → `foo bar`. */
export function foldSpaces(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

/** Typographic apostrophes and quotes as straight ones: `d’acier` → `d'acier`, `“x”` → `"x"`. */
export function foldQuotes(text: string): string {
  return text.replace(/[’‘‛`´ʼ]/g, "'").replace(/[“”„«»]/g, '"');
}

/** Accents and other combining marks off (NFKD), lower case, straight quotes: `Châtaigne` → `chataigne`. */
export function foldCharacters(text: string): string {
  return foldQuotes(
    text
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase(),
  );
}

/** A final run of `*` (the compulsory mark) and the spaces around it removed, read from the end. */
export function withoutStars(text: string): string {
  let end = text.trimEnd().length;
  while (end > 0 && text[end - 1] === '*') end--;
  return text.slice(0, end).trimEnd();
}

/** The word that means "and" in every language the codex reads. */
const AND_WORDS = new Set(['and', 'et']);

/**
 * The words of a name, folded: `Chaîne & Boulet*` → `chaine and boulet`.
 * Accents, case, quotes and punctuation go; `&` and "et" read as "and".
 */
export function foldWords(name: string): string[] {
  return foldCharacters(withoutStars(name))
    .replace(/&/g, ' and ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '')
    .map((word) => (AND_WORDS.has(word) ? 'and' : word));
}

/** A name's matching key: its folded words run together (`Throw Team-mate`, `throw teammate` → `throwteammate`). */
export function nameKey(name: string): string {
  return foldWords(name).join('');
}

/** A parameter's matching key: `(+1)`, `+1` → `+1`; `4+` → `4+`; `all team-mates` → `allteammates`. */
export function parameterKey(parameter: string): string {
  return foldCharacters(parameter).replace(/[^\p{L}\p{N}+-]+/gu, '');
}

/**
 * A name and its parameter, in every common spelling: `Mighty Blow (+1)`,
 * `Mighty Blow +1`, `Mighty Blow+1`, `Loner (4+)*`, `Loner 4+`, `Animosity (X)`,
 * `Animosity (all team-mates)`, `Bloodlust X+`. Read with string operations
 * from the end (linear on any input); a name with no parameter is returned whole.
 */
export function splitParameter(text: string): { name: string; parameter: string | null } {
  const body = withoutStars(text.trim());
  if (body.endsWith(')')) {
    const open = body.lastIndexOf('(');
    const inner = open < 0 ? '' : body.slice(open + 1, -1).trim();
    if (inner !== '' && !inner.includes(')') && body.slice(0, open).trim() !== '') return { name: body.slice(0, open).trim(), parameter: inner };
    return { name: body, parameter: null };
  }
  let space = body.length - 1;
  while (space >= 0 && !/\s/.test(body[space]!)) space--;
  const last = space < 0 ? body : body.slice(space + 1);
  if (space > 0 && /^(?:[+-]\d{1,2}|\d{1,2}\+|[xX]\+)$/.test(last)) return { name: body.slice(0, space).trim(), parameter: last.toUpperCase() };
  // Glued to the name: `Mighty Blow+1`.
  const glued = /[+-]\d{1,2}$/.exec(body);
  if (glued && glued.index > 0 && /\p{L}/u.test(body[glued.index - 1]!)) return { name: body.slice(0, glued.index).trim(), parameter: glued[0] };
  return { name: body, parameter: null };
}

/**
 * Edit distance (insertions, deletions, substitutions), or `bound + 1` as soon
 * as it must exceed `bound`: rows are cut off early, so a far name costs little.
 */
export function editDistance(a: string, b: string, bound = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > bound) return bound + 1;
  let row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      next.push(cost);
      if (cost < best) best = cost;
    }
    if (best > bound) return bound + 1;
    row = next;
  }
  return row[b.length]!;
}

/** How many edits a fuzzy match may need: 1 up to 4 letters, 2 up to 8, 3 beyond (the bound grows with length). */
export function fuzzyBound(key: string): number {
  return key.length <= 4 ? 1 : key.length <= 8 ? 2 : 3;
}
