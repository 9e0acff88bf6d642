/**
 * Suggestions: rank candidate concepts for a record, with the evidence that
 * drove each score. Three signals, all surviving translation:
 *  - name similarity: character trigrams of the names (folded by model/fold.ts), after
 *    the glossary turned French game terms into English ones;
 *  - text similarity: TF-IDF cosine of the rule texts, French texts first put
 *    through the glossary;
 *  - mechanics fingerprint: dice (D6, 2D6, D3), numbers and thresholds (4+,
 *    +1, -2), and game terms (Tackle Zone, Knocked Down, re-roll, …).
 * Pure and deterministic; used by the build (top-3 in a missing-link error)
 * and by `nuffle suggest`.
 */
import type { GlossaryTerm, Lang } from '../model/schema-types.ts';
import { compare } from '../model/order.ts';
import { foldCharacters } from '../model/fold.ts';

export interface Candidate {
  concept: string;
  /** Names of the concept in every language and edition. */
  names: readonly string[];
  /** Plain texts of its records, with their language and edition. */
  texts: readonly { text: string; lang: Lang; edition: string }[];
}

export interface Query {
  name: string | null;
  text: string;
  lang: Lang;
  /** Edition of the record: a concept holds at most one record per edition. */
  edition: string;
}

export interface Suggestion {
  concept: string;
  score: number;
  name: number;
  text: number;
  mechanics: number;
  /** Shared terms and mechanics that drove the score, strongest first. */
  evidence: string[];
}

const STOP = new Set(
  (
    'a an and any are as at be been before but by can cannot do does during each either even for from had has have if in into is it its may more must no not of on once one only or other over per player players roll rolled same should so such than that the their them then there these they this those to under until up upon use used using was were when whenever which while who will with would you your ' +
    'au aux avec ce cette ces comme dans de des du elle en est et il ils la le les leur lors lorsque mais même ne ni ou par pas peut peuvent plus pour qu que qui sa se ses si son sont sur un une à été être joueur joueurs cas'
  ).split(' '),
);

/** The mechanics vocabulary: English game terms counted in fingerprints. */
export const GAME_TERMS = [
  'tackle zone',
  'knocked down',
  'placed prone',
  'prone',
  'stunned',
  'casualty',
  'injury',
  'armour',
  'turnover',
  're-roll',
  'team re-roll',
  'block',
  'blitz',
  'foul',
  'sent-off',
  'dodge',
  'pass',
  'catch',
  'interception',
  'intercept',
  'interfere',
  'rush',
  'going for it',
  'leap',
  'jump',
  'push back',
  'pushed back',
  'follow-up',
  'follow up',
  'throw team-mate',
  'thrown',
  'bomb',
  'kick-off',
  'hand-off',
  'pick up',
  'stand up',
  'strength',
  'agility',
  'movement',
  'ball',
  'fumble',
  'scatter',
  'bounce',
  'apothecary',
  'regeneration',
  'secret weapon',
  'chainsaw',
  'crowd',
  'both down',
  'touchdown',
  'reserves',
  'star player points',
  'ko',
  'team-mate',
  'opponent',
  'opposition',
];

const fold = foldCharacters;

export function createSuggester(candidates: readonly Candidate[], glossary: readonly GlossaryTerm[]): (query: Query) => Suggestion[] {
  // Translations and features depend only on the text, its language and the glossary: memoised per glossary.
  const cache = glossaryCache(glossary);
  const translate = (text: string, lang: Lang) => translateWith(cache, text, lang);
  const features = (text: string, lang: Lang) => featuresWith(cache, text, lang);

  // Each concept is represented by each of its records: a query is compared with every
  // member and keeps the best match, so a French member does not dilute an English one.
  const members = candidates.flatMap((candidate, index) => candidate.texts.map((t) => ({ index, edition: t.edition, ...features(t.text, t.lang) })));
  // Document frequencies by interned term id: terms no member has (0) are left out of the vectors.
  const df = new Int32Array(cache.ids.size);
  for (const member of members) for (const id of member.ids) df[id]!++;
  const idfs = new Float64Array(df.length); // 0: not computed yet (an idf is ≥ 1)
  const idf = (id: number) => (idfs[id] ||= Math.log((members.length + 1) / (df[id]! + 1)) + 1);
  const weigh = (features: Features) => {
    const vector = new Map<string, number>();
    const { terms, ids, tf } = features;
    for (let i = 0; i < terms.length; i++) {
      const id = ids[i]!;
      if (id < df.length && df[id]! > 0) vector.set(terms[i]!, tf[i]! * idf(id));
    }
    return vector;
  };
  const vectors = members.map(weigh);
  const norms = vectors.map(norm);
  const names = candidates.map((candidate) => candidate.names.map((name) => fold(translate(name, 'fr')).trim()));

  return (query) => {
    const queryFeatures = features(query.text, query.lang);
    const vector = weigh(queryFeatures);
    const queryName = query.name === null ? null : fold(translate(query.name, query.lang)).trim();
    const { best, taken } = bestMembers(
      members,
      vectors,
      norms,
      { vector, norm: norm(vector), mechanics: queryFeatures.mechanics, edition: query.edition },
      candidates.length,
    );
    const results = candidates.map((candidate, index) => scoreCandidate(candidate, best[index]!, taken.has(index), names[index]!, queryName, query.edition));
    return results.sort((a, b) => b.score - a.score || compare(a.concept, b.concept));
  };
}

/** What a query is compared with each member by: its weighted terms, their norm, its mechanics, its edition. */
interface QueryVector {
  vector: Map<string, number>;
  norm: number;
  mechanics: Set<string>;
  edition: string;
}

/** A concept's best text and mechanics match among its members, with what they share. */
interface BestMatch {
  text: number;
  mechanics: number;
  shared: string[];
  sharedMechanics: string[];
}

/**
 * Each candidate's best match among its members, and the candidates already
 * taken: a concept holds one record per edition, so a member of the query's
 * own edition is not evidence for the concept but a sign that it is taken.
 */
export function bestMembers(
  members: readonly { index: number; edition: string; mechanics: Set<string> }[],
  vectors: readonly Map<string, number>[],
  norms: readonly number[],
  query: QueryVector,
  candidates: number,
): { best: BestMatch[]; taken: Set<number> } {
  const best = Array.from({ length: candidates }, (): BestMatch => ({ text: 0, mechanics: 0, shared: [], sharedMechanics: [] }));
  const taken = new Set<number>();
  members.forEach((member, m) => {
    if (member.edition === query.edition) {
      taken.add(member.index);
      return;
    }
    const score = cosine(query.vector, query.norm, vectors[m]!, norms[m]!);
    const mech = jaccard(query.mechanics, member.mechanics);
    const slot = best[member.index]!;
    if (score > slot.text) {
      slot.text = score;
      slot.shared = sharedTerms(query.vector, vectors[m]!);
    }
    if (mech > slot.mechanics) {
      slot.mechanics = mech;
      slot.sharedMechanics = [...query.mechanics].filter((x) => member.mechanics.has(x));
    }
  });
  return { best, taken };
}

/** One candidate's suggestion: its name likeness (a real cognate only), text and mechanics weighed into a score, with the evidence. */
export function scoreCandidate(
  candidate: Candidate,
  match: BestMatch,
  taken: boolean,
  names: readonly string[],
  queryName: string | null,
  edition: string,
): Suggestion {
  const { text, mechanics: mech, shared, sharedMechanics } = match;
  // Weak name likeness across languages is noise; only a real cognate counts.
  const likeness = queryName === null ? 0 : Math.max(0, ...names.map((n) => nameSimilarity(queryName, n)));
  const name = likeness >= NAME_FLOOR ? likeness : 0;
  const raw = queryName === null ? 0.7 * text + 0.3 * mech : 0.4 * name + 0.4 * text + 0.2 * mech;
  const score = taken ? raw * TAKEN_PENALTY : raw;
  const evidence = [
    ...(taken ? [`already has a ${edition} record`] : []),
    ...(queryName !== null && name >= 0.3 ? [`name ~ ${candidate.names[0]} (${name.toFixed(2)})`] : []),
    ...shared.slice(0, 4).map((term) => `text: ${term}`),
    ...sharedMechanics
      .filter((x) => /\d/.test(x))
      .slice(0, 4)
      .map((x) => `mechanics: ${x}`),
  ];
  return { concept: candidate.concept, score: round(score), name: round(name), text: round(text), mechanics: round(mech), evidence };
}

/** A text folded and, in French, its glossary terms put in English (memoised in the glossary's cache). */
function translateWith(cache: GlossaryCache, text: string, lang: Lang): string {
  const key = `${lang}\u0000${text}`;
  let out = cache.translated.get(key);
  if (out === undefined) {
    out = ` ${fold(text)} `;
    if (lang === 'fr') for (const { pattern, en } of cache.terms) out = out.replace(pattern, ` ${en} `);
    cache.translated.set(key, out);
  }
  return out;
}

/** The words of a translated text that carry meaning: no stop word, number or one letter; elisions and plural `s` off. */
export function tokens(text: string): string[] {
  return (text.match(/[\p{L}\p{N}][\p{L}\p{N}'+-]*/gu) ?? [])
    .map((t) => t.replace(/^[ld]'/, '').replace(/(?<![-'])[-']+$/, ''))
    .filter((t) => t.length > 1 && !STOP.has(t) && !/^\d+$/.test(t))
    .map((t) => (t.length > 4 && t.endsWith('s') ? t.slice(0, -1) : t));
}

/** The game facts of a text: dice (`2d6`), thresholds (`4+`), modifiers (`+1`), bare numbers (`#3`) and game terms. */
export function mechanics(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/\b(\d?)d(3|6|8|12)\b/g)) out.add(`${m[1] || '1'}d${m[2]}`);
  for (const m of text.matchAll(/(?<![\p{L}\d])([+\-−]?)(\d{1,2})(\+?)(?![\p{L}\d])/gu)) {
    const n = Number(m[2]);
    if (n > 12) continue;
    // `4+` (a threshold), `+1`/`-2` (a modifier) and a bare number are different facts.
    out.add(m[3] ? `${n}+` : m[1] ? `${m[1] === '+' ? '+' : '-'}${n}` : `#${n}`);
  }
  for (const { term, pattern } of gameTermPatterns()) if (pattern.test(text)) out.add(term);
  return out;
}

/** A text's features (memoised in the glossary's cache): mechanics, and its terms and bigrams with interned ids and log term frequencies. */
function featuresWith(cache: GlossaryCache, text: string, lang: Lang): Features {
  const key = `${lang}\u0000${text}`;
  let found = cache.features.get(key);
  if (!found) {
    const translated = translateWith(cache, text, lang);
    const words = tokens(translated);
    const grams = [...words, ...words.slice(1).map((w, i) => `${words[i]} ${w}`)];
    const counts = count(grams);
    const terms = [...counts.keys()];
    found = {
      mechanics: mechanics(translated),
      terms,
      ids: Int32Array.from(terms, (term) => intern(cache, term)),
      tf: Float64Array.from(counts.values(), (n) => 1 + Math.log(n)),
    };
    cache.features.set(key, found);
  }
  return found;
}

interface Features {
  mechanics: Set<string>;
  /** The counted terms in order, their interned ids and their weights before idf (1 + ln n). */
  terms: string[];
  ids: Int32Array;
  tf: Float64Array;
}
interface GlossaryCache {
  /** The glossary's French terms, longest first, each compiled once (a French plural, `relances`, takes the same English term). */
  terms: { pattern: RegExp; en: string }[];
  /** `lang NUL text` → the folded, translated text. */
  translated: Map<string, string>;
  /** `lang NUL text` → its features. */
  features: Map<string, Features>;
  /** Term → a small integer, for document frequencies in typed arrays. */
  ids: Map<string, number>;
}
const intern = (cache: GlossaryCache, term: string): number => {
  let id = cache.ids.get(term);
  if (id === undefined) cache.ids.set(term, (id = cache.ids.size));
  return id;
};
const glossaryCaches = new WeakMap<readonly GlossaryTerm[], GlossaryCache>();
/**
 * One cache per glossary array: the same glossary gives the same translation
 * and features for the same text, so leave-one-out rankings and every
 * suggester of a build share them (each term expression costs ~0.5 ms to compile).
 */
function glossaryCache(glossary: readonly GlossaryTerm[]): GlossaryCache {
  let cache = glossaryCaches.get(glossary);
  if (!cache) {
    const terms = [...glossary]
      .map((term) => ({ fr: fold(term.fr), en: fold(term.en) }))
      .sort((a, b) => b.fr.length - a.fr.length || compare(a.fr, b.fr))
      .map(({ fr, en }) => ({ pattern: new RegExp(glossaryTermPattern(fr), 'gu'), en }));
    cache = { terms, translated: new Map(), features: new Map(), ids: new Map() };
    glossaryCaches.set(glossary, cache);
  }
  return cache;
}

let gameTerms: { term: string; pattern: RegExp }[] | undefined;
/** The mechanics vocabulary's expressions, compiled on first use. */
const gameTermPatterns = () => (gameTerms ??= GAME_TERMS.map((term) => ({ term, pattern: new RegExp(gameTermPattern(term), 'u') })));

/** A glossary term's expression source (its text escaped, a plural ending, word bounds): checked by test/redos.test.ts. */
export const glossaryTermPattern = (term: string): string => `(?<![\\p{L}\\p{N}])${escapeRegExp(term)}[sx]?(?![\\p{L}\\p{N}])`;
/** A mechanics term's expression source: checked by test/redos.test.ts. */
export const gameTermPattern = (term: string): string => `(?<![\\p{L}])${escapeRegExp(term)}(?![\\p{L}])`;

/** Name likeness below this is ignored (trigram Dice coefficient). */
const NAME_FLOOR = 0.45;

/** Score factor for a concept that already has a record of the query's edition. */
const TAKEN_PENALTY = 0.5;

const round = (n: number) => Math.round(n * 1000) / 1000;
const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function count(tokens: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const t of tokens) out.set(t, (out.get(t) ?? 0) + 1);
  return out;
}

/** Cosine of two weighted vectors, their norms given. */
function cosine(a: Map<string, number>, normA: number, b: Map<string, number>, normB: number): number {
  let dot = 0;
  for (const [term, weight] of a) {
    const other = b.get(term);
    if (other !== undefined) dot += weight * other;
  }
  const denominator = normA * normB;
  return denominator ? dot / denominator : 0;
}

const norm = (v: Map<string, number>) => Math.sqrt([...v.values()].reduce((s, x) => s + x * x, 0));

/** The terms two vectors share, by their part of the dot product, strongest first. */
function sharedTerms(a: Map<string, number>, b: Map<string, number>): string[] {
  const contributions: [string, number][] = [];
  for (const [term, weight] of a) {
    const other = b.get(term);
    if (other !== undefined) contributions.push([term, weight * other]);
  }
  return contributions.sort((x, y) => y[1] - x[1] || compare(x[0], y[0])).map(([term]) => term);
}

function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  return inter / (a.size + b.size - inter);
}

/** Dice coefficient of character trigrams, with word-level exact matches counted in. */
export function nameSimilarity(a: string, b: string): number {
  const grams = (s: string) => {
    const padded = `  ${s.replace(/[^\p{L}\p{N}]+/gu, ' ').trim()} `;
    const out = new Map<string, number>();
    for (let i = 0; i < padded.length - 2; i++) {
      const g = padded.slice(i, i + 3);
      out.set(g, (out.get(g) ?? 0) + 1);
    }
    return out;
  };
  const ga = grams(a);
  const gb = grams(b);
  let inter = 0;
  let total = 0;
  for (const [g, n] of ga) {
    inter += Math.min(n, gb.get(g) ?? 0);
    total += n;
  }
  for (const n of gb.values()) total += n;
  return total ? (2 * inter) / total : 0;
}
