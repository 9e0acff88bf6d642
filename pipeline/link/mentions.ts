/**
 * Find the skills and traits a piece of English text names: `the Claws and
 * Mighty Blow ( +X) skills`, `Dump-off`/`Dumpoff`, `Ball & Chain`. Names that
 * are also ordinary game words (`Block action`, `to Dodge`, `Tackle Zone`) count
 * only when followed by skill/trait/mutation.
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

const QUALIFIER = String.raw`\s+(?:[Ss]kills?|[Tt]raits?|[Mm]utations?)\b`;

/**
 * Regex source for a name: spaces/hyphens optional between parts, `and` ~ `&`.
 * The first letter keeps its case (texts capitalise the names of skills:
 * `Wrestle` is the skill, `wrestle` a verb); the other letters match any case
 * (`Dump-off`, `Pick-me-up`, `Very long legs`).
 */
function namePattern(name: string): string {
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

export function createMentionFinder(targets: readonly NamedTarget[]): (text: string) => Mention[] {
  const patterns = targets
    .flatMap((target) => target.names.map((name) => ({ target, name })))
    // Longest names first, so `Diving Catch` wins over `Catch` and `Kick Team-mate` over `Kick`.
    .sort((a, b) => b.name.length - a.name.length || compare(a.name, b.name))
    .map(({ target, name }) => ({
      target,
      regex: new RegExp(
        String.raw`(?<![\p{L}\p{N}-])${namePattern(name)}(?![\p{L}\p{N}]|-[\p{L}\p{N}])${target.qualifiedOnly ? `(?=${QUALIFIER})` : ''}`,
        'gu',
      ),
    }));
  return (text) => {
    const taken: [number, number][] = [];
    const out: Mention[] = [];
    for (const { target, regex } of patterns) {
      for (const match of text.matchAll(regex)) {
        const start = match.index;
        const end = start + match[0].length;
        if (taken.some(([a, b]) => start < b && end > a)) continue;
        taken.push([start, end]);
        out.push({ id: target.id, index: start, match: match[0] });
      }
    }
    return out.sort((a, b) => a.index - b.index);
  };
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
  return createMentionFinder(
    targets.map(({ id, name }) => ({
      id,
      names: [name, ...rules.aliases.filter((a) => a.name === name).map((a) => a.alias)],
      qualifiedOnly: qualified.has(name),
    })),
  );
}
