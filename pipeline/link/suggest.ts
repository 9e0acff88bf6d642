/**
 * Suggestions: rank candidate concepts for a record, with the evidence that
 * drove each score. Three signals, all surviving translation:
 *  - name similarity: character trigrams of the names (accents folded), after
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
const GAME_TERMS = [
  'tackle zone', 'knocked down', 'placed prone', 'prone', 'stunned', 'casualty', 'injury', 'armour', 'turnover', 're-roll', 'team re-roll',
  'block', 'blitz', 'foul', 'sent-off', 'dodge', 'pass', 'catch', 'interception', 'intercept', 'interfere', 'rush', 'going for it', 'leap', 'jump',
  'push back', 'pushed back', 'follow-up', 'follow up', 'throw team-mate', 'thrown', 'bomb', 'kick-off', 'hand-off', 'pick up', 'stand up',
  'strength', 'agility', 'movement', 'ball', 'fumble', 'scatter', 'bounce', 'apothecary', 'regeneration', 'secret weapon', 'chainsaw', 'crowd',
  'both down', 'touchdown', 'reserves', 'star player points', 'ko', 'team-mate', 'opponent', 'opposition',
];

const fold = (value: string) => value.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[’']/g, "'");

export function createSuggester(candidates: readonly Candidate[], glossary: readonly GlossaryTerm[]): (query: Query) => Suggestion[] {
  const terms = [...glossary]
    .map((term) => ({ fr: fold(term.fr), en: fold(term.en) }))
    .sort((a, b) => b.fr.length - a.fr.length || compare(a.fr, b.fr));
  const translate = (text: string, lang: Lang): string => {
    let out = ` ${fold(text)} `;
    if (lang === 'fr') {
      for (const { fr, en } of terms) {
        // A French plural (`relances`, `cases`) takes the same English term.
        out = out.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escape(fr)}[sx]?(?![\\p{L}\\p{N}])`, 'gu'), ` ${en} `);
      }
    }
    return out;
  };
  const tokens = (text: string): string[] =>
    (text.match(/[\p{L}\p{N}][\p{L}\p{N}'+-]*/gu) ?? [])
      .map((t) => t.replace(/^[ld]'/, '').replace(/[-']+$/, ''))
      .filter((t) => t.length > 1 && !STOP.has(t) && !/^\d+$/.test(t))
      .map((t) => (t.length > 4 && t.endsWith('s') ? t.slice(0, -1) : t));
  const mechanics = (text: string): Set<string> => {
    const out = new Set<string>();
    for (const m of text.matchAll(/\b(\d?)d(3|6|8|12)\b/g)) out.add(`${m[1] || '1'}d${m[2]}`);
    for (const m of text.matchAll(/(?<![\p{L}\d])([+\-−]?)(\d{1,2})(\+?)(?![\p{L}\d])/gu)) {
      const n = Number(m[2]);
      if (n > 12) continue;
      // `4+` (a threshold), `+1`/`-2` (a modifier) and a bare number are different facts.
      out.add(m[3] ? `${n}+` : m[1] ? `${m[1] === '+' ? '+' : '-'}${n}` : `#${n}`);
    }
    for (const term of GAME_TERMS) if (new RegExp(`(?<![\\p{L}])${escape(term)}(?![\\p{L}])`, 'u').test(text)) out.add(term);
    return out;
  };
  // Features depend only on the text, its language and the glossary: memoised per suggester family.
  const cache = featureCache(glossary);
  const features = (text: string, lang: Lang) => {
    const key = `${lang}\u0000${text}`;
    let found = cache.get(key);
    if (!found) {
      const translated = translate(text, lang);
      const words = tokens(translated);
      const grams = [...words, ...words.slice(1).map((w, i) => `${words[i]} ${w}`)];
      found = { counts: count(grams), mechanics: mechanics(translated) };
      cache.set(key, found);
    }
    return found;
  };

  // Each concept is represented by each of its records: a query is compared with every
  // member and keeps the best match, so a French member does not dilute an English one.
  const members = candidates.flatMap((candidate, index) =>
    candidate.texts.map((t) => ({ index, edition: t.edition, ...features(t.text, t.lang) })),
  );
  const df = new Map<string, number>();
  for (const member of members) for (const term of member.counts.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  const idf = (term: string) => Math.log((members.length + 1) / ((df.get(term) ?? 0) + 1)) + 1;
  const weigh = (counts: Map<string, number>) => {
    const vector = new Map<string, number>();
    for (const [term, n] of counts) if (df.has(term)) vector.set(term, (1 + Math.log(n)) * idf(term));
    return vector;
  };
  const vectors = members.map((member) => weigh(member.counts));
  const names = candidates.map((candidate) => candidate.names.map((name) => fold(translate(name, 'fr')).trim()));

  return (query) => {
    const { counts, mechanics: queryMechanics } = features(query.text, query.lang);
    const vector = weigh(counts);
    const queryName = query.name === null ? null : fold(translate(query.name, query.lang)).trim();
    const best = candidates.map(() => ({ text: 0, mechanics: 0, shared: [] as string[], sharedMechanics: [] as string[] }));
    const taken = new Set<number>();
    members.forEach((member, m) => {
      // A concept holds one record per edition: a member of the query's own edition is
      // not evidence for the concept but a sign that the concept is taken.
      if (member.edition === query.edition) {
        taken.add(member.index);
        return;
      }
      const { score, shared } = cosine(vector, vectors[m]!);
      const mech = jaccard(queryMechanics, member.mechanics);
      const slot = best[member.index]!;
      if (score > slot.text) {
        slot.text = score;
        slot.shared = shared;
      }
      if (mech > slot.mechanics) {
        slot.mechanics = mech;
        slot.sharedMechanics = [...queryMechanics].filter((x) => member.mechanics.has(x));
      }
    });
    const results = candidates.map((candidate, index) => {
      const { text, mechanics: mech, shared, sharedMechanics } = best[index]!;
      // Weak name likeness across languages is noise; only a real cognate counts.
      const likeness = queryName === null ? 0 : Math.max(0, ...names[index]!.map((n) => nameSimilarity(queryName, n)));
      const name = likeness >= NAME_FLOOR ? likeness : 0;
      const raw = queryName === null ? 0.7 * text + 0.3 * mech : 0.4 * name + 0.4 * text + 0.2 * mech;
      const score = taken.has(index) ? raw * TAKEN_PENALTY : raw;
      const evidence = [
        ...(taken.has(index) ? [`already has a ${query.edition} record`] : []),
        ...(queryName !== null && name >= 0.3 ? [`name ~ ${candidate.names[0]} (${name.toFixed(2)})`] : []),
        ...shared.slice(0, 4).map((term) => `text: ${term}`),
        ...sharedMechanics.filter((x) => /\d/.test(x)).slice(0, 4).map((x) => `mechanics: ${x}`),
      ];
      return { concept: candidate.concept, score: round(score), name: round(name), text: round(text), mechanics: round(mech), evidence };
    });
    return results.sort((a, b) => b.score - a.score || compare(a.concept, b.concept));
  };
}

type Features = { counts: Map<string, number>; mechanics: Set<string> };
const featureCaches = new WeakMap<readonly GlossaryTerm[], Map<string, Features>>();
/** One cache per glossary array: the same glossary gives the same features for the same text. */
function featureCache(glossary: readonly GlossaryTerm[]): Map<string, Features> {
  let cache = featureCaches.get(glossary);
  if (!cache) {
    cache = new Map();
    featureCaches.set(glossary, cache);
  }
  return cache;
}

/** Name likeness below this is ignored (trigram Dice coefficient). */
const NAME_FLOOR = 0.45;

/** Score factor for a concept that already has a record of the query's edition. */
const TAKEN_PENALTY = 0.5;

const round = (n: number) => Math.round(n * 1000) / 1000;
const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function count(tokens: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const t of tokens) out.set(t, (out.get(t) ?? 0) + 1);
  return out;
}

function cosine(a: Map<string, number>, b: Map<string, number>): { score: number; shared: string[] } {
  let dot = 0;
  const contributions: [string, number][] = [];
  for (const [term, weight] of a) {
    const other = b.get(term);
    if (other !== undefined) {
      dot += weight * other;
      contributions.push([term, weight * other]);
    }
  }
  const norm = (v: Map<string, number>) => Math.sqrt([...v.values()].reduce((s, x) => s + x * x, 0));
  const denominator = norm(a) * norm(b);
  return {
    score: denominator ? dot / denominator : 0,
    shared: contributions.sort((x, y) => y[1] - x[1] || compare(x[0], y[0])).map(([term]) => term),
  };
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
