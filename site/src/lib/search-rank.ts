/**
 * The search panel's order (issue 36), pure: what a query names through the
 * name resolver's keys (`/search-names.json`, folded as model/fold.ts folds
 * every name), and where that concept goes among Pagefind's pages. A query
 * that is a name, an alias or an abbreviation puts its concept first ("Best
 * match"); a typo Pagefind finds no concept for among its first pages gets
 * the nearest name first ("Did you mean"). Pagefind's excerpts are read as
 * text and marks only, never as HTML.
 */
import { editDistance, fuzzyBound, nameKey, splitParameter } from '../../../pipeline/model/fold.ts';

/** `/search-names.json`: each concept's names (the name, then the French one), and the matching keys. */
export interface SearchNames {
  concepts: Record<string, [string, string | null]>;
  /** Key → concept: matched exactly, and as the nearest key to a typo. */
  keys: [string, string][];
  /** Key → concept: reviewed abbreviations (`mb`), matched exactly only. */
  abbreviations: [string, string][];
}

export interface NameLookup {
  exact: ReadonlyMap<string, string>;
  fuzzy: readonly (readonly [string, string])[];
}

/** What a query names: a concept, exactly (any spelling, an abbreviation) or as the nearest name to a typo, so many edits away. */
export interface QueryMatch {
  concept: string;
  exact: boolean;
  distance: number;
}

/** The row the panel puts first: its concept, why, and where Pagefind ranked its page (null: not among them). */
export interface Lead {
  concept: string;
  kind: 'best' | 'did-you-mean';
  at: number | null;
}

/** How many of Pagefind's first pages a typo's answer looks at: a concept among them, and a typo of two edits or more is left to Pagefind. */
export const LEAD_WINDOW = 3;

/** A typo this near a name (one letter off: `doge`, `tenticles`) always leads with it. */
export const SLIP = 1;

export function indexSearchNames(names: SearchNames): NameLookup {
  return { exact: new Map([...names.abbreviations, ...names.keys]), fuzzy: names.keys };
}

/** The concept a query names exactly (a parameter dropped), else the nearest name within the resolver's bound (3 letters or more). */
export function resolveQuery(lookup: NameLookup, query: string): QueryMatch | null {
  const key = nameKey(splitParameter(query).name);
  if (key.length < 2) return null;
  const exact = lookup.exact.get(key);
  if (exact !== undefined) return { concept: exact, exact: true, distance: 0 };
  if (key.length < 3) return null;
  const bound = fuzzyBound(key);
  let best: { concept: string; distance: number } | null = null;
  for (const [candidate, concept] of lookup.fuzzy) {
    const distance = editDistance(key, candidate, bound);
    if (distance <= bound && (best === null || distance < best.distance)) best = { concept, distance };
  }
  return best && { concept: best.concept, exact: false, distance: best.distance };
}

/** The concept a page's path shows (`/concepts/dodge/`, `/fr/concepts/dodge/`), or null for any other page. */
export function conceptOfPath(pathname: string): string | null {
  return /^(?:\/fr)?\/concepts\/([a-z0-9-]+)\/$/.exec(pathname)?.[1] ?? null;
}

/**
 * Where the resolver's concept goes: first when the query names it exactly;
 * first as "Did you mean" when the query is one letter off a name (`SLIP`),
 * or a further typo and Pagefind has no concept page among its first
 * `LEAD_WINDOW`; otherwise nowhere (null).
 * `pages` are the concepts of Pagefind's pages in its order (null: not a concept page).
 */
export function leadOf(match: QueryMatch | null, pages: readonly (string | null)[]): Lead | null {
  if (match === null) return null;
  const found = pages.indexOf(match.concept);
  const at = found < 0 ? null : found;
  if (match.exact) return { concept: match.concept, kind: 'best', at };
  if (match.distance > SLIP && pages.slice(0, LEAD_WINDOW).some((concept) => concept !== null)) return null;
  return { concept: match.concept, kind: 'did-you-mean', at };
}

/** Pagefind's pages with the lead's own page moved first (the others in their order). */
export function orderResults<T>(results: readonly T[], lead: Lead | null): T[] {
  if (lead === null || lead.at === null) return [...results];
  return [results[lead.at]!, ...results.slice(0, lead.at), ...results.slice(lead.at + 1)];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** A Pagefind excerpt (escaped text with `<mark>` around the hits) as runs of text, marked or not; any other tag is dropped. */
export function excerptParts(html: string): { text: string; mark: boolean }[] {
  const parts: { text: string; mark: boolean }[] = [];
  let mark = false;
  for (const piece of html.split(/(<\/?mark>)/)) {
    if (piece === '<mark>' || piece === '</mark>') {
      mark = piece === '<mark>';
      continue;
    }
    const text = decodeEntities(piece.replace(/<[^<>]*>/g, ''));
    if (text !== '') parts.push({ text, mark });
  }
  return parts;
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}
