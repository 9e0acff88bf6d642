/**
 * Find the skills and traits a piece of English text names: `the Claws and
 * Mighty Blow ( +X) skills`, `Dump-off`/`Dumpoff`, `Ball & Chain`. Names that
 * are also ordinary game words (`Block action`, `to Dodge`, `Tackle Zone`) count
 * only when followed by skill/trait/mutation.
 *
 * One pass over the text: a trie of every name, folded (lower case, no spaces
 * or hyphens, `and` ~ `&`), proposes the names that may start at each
 * position; each proposal is then confirmed by that name's own regular
 * expression, anchored there. The cost grows with the text, not with names ×
 * texts, and the rules stay those of the expressions.
 */
import { compare } from '../model/order.ts';

export interface NamedTarget {
  /** What a match resolves to (record id, concept id, …). */
  id: string;
  /** The name and its aliases. */
  names: readonly string[];
  /** Only `<name> skill|trait|mutation` counts as a mention. */
  qualifiedOnly: boolean;
}

export interface Mention {
  id: string;
  /** Offset of the match in the text. */
  index: number;
  match: string;
}

/**
 * Regex source for a name: spaces/hyphens optional between parts, `and` ~ `&`.
 * The first letter keeps its case (texts capitalise the names of skills:
 * `Wrestle` is the skill, `wrestle` a verb); the other letters match any case
 * (`Dump-off`, `Pick-me-up`, `Very long legs`).
 */
export function namePattern(name: string): string {
  return name
    .trim()
    .split(/[\s-]+/)
    .map((part, index) => (part.toLowerCase() === 'and' || part === '&' ? '(?:and|&)' : anyCase(part, index === 0 ? 1 : 0)))
    .join('[\\s-]?');
}

/** `part` with every letter from `from` on matching either case. */
function anyCase(part: string, from: number): string {
  return [...part]
    .map((char, index) => {
      const lower = char.toLowerCase();
      const upper = char.toUpperCase();
      if (index >= from && lower !== upper) return `[${lower}${upper}]`;
      return char.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    })
    .join('');
}

/** Where a name's match may end: no letter or digit, nor a hyphen and one, after it. */
const ENDS = /(?![\p{L}\p{N}]|-[\p{L}\p{N}])/uy;
/** The same, then `skill`, `trait` or `mutation`. */
const ENDS_QUALIFIED = /(?![\p{L}\p{N}]|-[\p{L}\p{N}])(?=\s+(?:[Ss]kills?|[Tt]raits?|[Mm]utations?)\b)/uy;
const BEFORE = String.raw`(?<![\p{L}\p{N}-])`;
const AFTER = ENDS.source;

/**
 * The source of the expression for one name, to scan a text (`gu`); a
 * qualified-only name's qualifier is tested after each match (ENDS_QUALIFIED),
 * not inside the expression, where its `\s+` was retried from every word of a
 * long name. Exported for test/redos.test.ts, which checks it for every name and alias.
 */
export function mentionPattern(name: string): string {
  return `${BEFORE}${namePattern(name)}${AFTER}`;
}

/** Every match of a scanning expression (`gu`); for a qualified-only name, those a qualifier follows. */
function scanMatches(scan: RegExp, qualifiedOnly: boolean, text: string): [number, string][] {
  const matches: [number, string][] = [];
  scan.lastIndex = 0;
  for (let match = scan.exec(text); match; match = scan.exec(text)) {
    const end = match.index + match[0].length;
    ENDS_QUALIFIED.lastIndex = end;
    if (!qualifiedOnly || ENDS_QUALIFIED.test(text)) matches.push([match.index, match[0]]);
    // The next try starts after this match, or (a match not qualified) on the next character, as a look-ahead in the expression would.
    else scan.lastIndex = match.index + ((text.codePointAt(match.index) ?? 0) > 0xffff ? 2 : 1);
    if (match[0] === '') scan.lastIndex = Math.max(scan.lastIndex, match.index + 1);
  }
  return matches;
}

/**
 * The same expression split in three for testing at a proposed start: the
 * look-behind is the `starts` scan's own, the name alone (sticky), then its
 * end tested by one shared expression. A name's pattern matches at most one
 * length at a given start (each optional separator is followed by a part
 * that is not one), so the split finds exactly what the whole would; and the
 * name expressions no longer compile Unicode property classes, ~0.6 ms each.
 */
const nameAt = (name: string): RegExp => new RegExp(namePattern(name), 'uy');

/** Marks `and`/`&` in a folded key: a code unit no name or text folds to. */
const AND = '\u0000';
const SEPARATOR = /[\s-]/;

/** Case fold of one code unit, or null when it is not a plain one-to-one letter (then the name is matched by scanning). */
function foldUnit(char: string): string | null {
  const folded = char.toUpperCase().toLowerCase();
  if (folded.length !== 1) return null;
  for (const variant of [char.toLowerCase(), char.toUpperCase()]) {
    if (variant.length !== 1 || variant.toUpperCase().toLowerCase() !== folded) return null;
  }
  return folded;
}

/**
 * A name as the trie reads it: the parts folded and joined without
 * separators, `and`/`&` as one mark. Null when the name has characters whose
 * case variants are not single code units (surrogates, `ß`): those names are
 * scanned with their expression instead, as before.
 */
function foldedKey(name: string): string | null {
  const parts = name.trim().split(/[\s-]+/);
  // A leading hyphen leaves the first part empty: the name may start on its separator or its second part.
  // A trailing one leaves the last part empty: its optional separator could match two lengths (see nameAt).
  if (parts[0] === '' || parts.at(-1) === '') return null;
  let key = '';
  for (const part of parts) {
    if (part.toLowerCase() === 'and' || part === '&') {
      key += AND;
      continue;
    }
    for (const char of part) {
      // Surrogates and the mark itself: scanned instead.
      if (char.length !== 1 || char === AND || (char >= '\ud800' && char <= '\udfff')) return null;
      const folded = foldUnit(char);
      if (folded === null) return null;
      key += folded;
    }
  }
  return key;
}

interface TrieNode {
  next: Map<string, TrieNode>;
  /** Ranks of the names that end here. */
  ends: number[];
}

interface Pattern {
  id: string;
  name: string;
  qualifiedOnly: boolean;
  /** Compiled on first use: a large corpus has many names, few of them in any one text. */
  sticky: RegExp | null;
}

export function createMentionFinder(targets: readonly NamedTarget[]): (text: string) => Mention[] {
  // Longest names first, so `Diving Catch` wins over `Catch` and `Kick Team-mate` over `Kick`.
  const patterns: Pattern[] = targets
    .flatMap((target) => target.names.map((name) => ({ target, name })))
    .sort((a, b) => b.name.length - a.name.length || compare(a.name, b.name))
    .map(({ target, name }) => ({ id: target.id, name, qualifiedOnly: target.qualifiedOnly, sticky: null }));
  const { root, scanned, firsts } = buildTrie(patterns);
  // Where a name may start: after no letter, digit or hyphen (the look-behind), on a first letter some name has (exact case).
  const starts = new RegExp(startsPattern(firsts), 'gu');

  return (text) => {
    // Proposals by rank, then each name's matches in the order its scan would find them.
    const found = new Map<number, number[]>();
    if (firsts.size) for (const start of text.matchAll(starts)) propose(root, text, start.index, found);
    const ranks = [...new Set([...found.keys(), ...scanned.keys()])].sort((a, b) => a - b);
    const taken: [number, number][] = [];
    const out: Mention[] = [];
    for (const rank of ranks) {
      const pattern = patterns[rank]!;
      const scan = scanned.get(rank);
      const matches = scan ? scanMatches(scan, pattern.qualifiedOnly, text) : stickyMatches(pattern, found.get(rank)!, text);
      for (const [start, match] of matches) {
        const end = start + match.length;
        if (taken.some(([a, b]) => start < b && end > a)) continue;
        taken.push([start, end]);
        out.push({ id: pattern.id, index: start, match });
      }
    }
    return out.sort((a, b) => a.index - b.index);
  };
}

/** The trie of the names' folded keys (leaves hold ranks), the names it cannot fold with their scanning expressions, and the first letters of names. */
function buildTrie(patterns: readonly Pattern[]): { root: TrieNode; scanned: Map<number, RegExp>; firsts: Set<string> } {
  const root: TrieNode = { next: new Map(), ends: [] };
  const scanned = new Map<number, RegExp>();
  const firsts = new Set<string>();
  patterns.forEach((pattern, rank) => {
    const key = foldedKey(pattern.name);
    if (key === null) {
      scanned.set(rank, new RegExp(mentionPattern(pattern.name), 'gu'));
      return;
    }
    let node = root;
    for (const unit of key) {
      let child = node.next.get(unit);
      if (!child) {
        child = { next: new Map(), ends: [] };
        node.next.set(unit, child);
      }
      node = child;
    }
    node.ends.push(rank);
    const first = pattern.name.trim()[0]!;
    firsts.add(key[0] === AND ? '&a' : first);
  });
  return { root, scanned, firsts };
}

/** Every rank whose folded name the text spells from `start` on (a superset of the real matches), added to `found`. */
function propose(root: TrieNode, text: string, start: number, found: Map<number, number[]>): void {
  const walk = (node: TrieNode, at: number): void => {
    for (const rank of node.ends) {
      let starts = found.get(rank);
      if (!starts) found.set(rank, (starts = []));
      if (starts.at(-1) !== start) starts.push(start);
    }
    if (node.next.size === 0) return;
    let i = at;
    while (i < text.length && SEPARATOR.test(text[i]!)) i++;
    if (i >= text.length) return;
    const and = node.next.get(AND);
    if (and) {
      if (text[i] === '&') walk(and, i + 1);
      else if (text.startsWith('and', i)) walk(and, i + 3);
    }
    const unit = text[i]!.toUpperCase().toLowerCase();
    const child = unit.length === 1 ? node.next.get(unit) : undefined;
    if (child) walk(child, i + 1);
  };
  walk(root, start);
}

/** A name's real matches at its proposed starts: its sticky expression matches there and a name may end where it does; no overlap with its own earlier match. */
function stickyMatches(pattern: Pattern, proposed: number[], text: string): [number, string][] {
  const matches: [number, string][] = [];
  const sticky = (pattern.sticky ??= nameAt(pattern.name));
  const ends = pattern.qualifiedOnly ? ENDS_QUALIFIED : ENDS;
  let next = 0;
  for (const start of proposed.sort((a, b) => a - b)) {
    if (start < next) continue;
    sticky.lastIndex = start;
    const match = sticky.exec(text);
    if (!match) continue;
    ends.lastIndex = start + match[0].length;
    if (!ends.test(text)) continue;
    matches.push([start, match[0]]);
    next = start + match[0].length;
  }
  return matches;
}

/** Where a name may start: after no letter, digit or hyphen, on one of `firsts` (one character class: linear). */
export function startsPattern(firsts: Iterable<string>): string {
  return String.raw`(?<![\p{L}\p{N}-])[${[...firsts].join('').replace(/[\\\]^-]/g, '\\$&')}]`;
}

/**
 * A finder over named targets with the reviewed rules of
 * sources/annotations/mentions.yaml applied: each name gets its aliases, and
 * names that are also game words count only when qualified.
 */
export function createFinderWithRules(
  targets: readonly { id: string; name: string }[],
  rules: { qualifiedOnly: readonly string[]; aliases: readonly { alias: string; name: string }[] },
): (text: string) => Mention[] {
  const qualified = new Set(rules.qualifiedOnly);
  const aliases = new Map<string, string[]>();
  // Each alias is added to its name's list in place (a copy per alias was quadratic in the aliases of one name).
  for (const { alias, name } of rules.aliases) {
    const list = aliases.get(name);
    if (list) list.push(alias);
    else aliases.set(name, [alias]);
  }
  return createMentionFinder(
    targets.map(({ id, name }) => ({
      id,
      names: [name, ...(aliases.get(name) ?? [])],
      qualifiedOnly: qualified.has(name),
    })),
  );
}
