/**
 * /search-names.json: what the search panel matches a query against
 * (site/src/lib/search-rank.ts), fetched the first time a reader types in the
 * panel. Every matching key of names.json (model/fold.ts folds the query the
 * same way) with its concept, the reviewed abbreviations apart (matched
 * exactly only), and each concept's names in both languages. Small: keys, not texts.
 */
import { dataset } from '../lib/dataset.ts';

export async function GET(): Promise<Response> {
  const d = await dataset();
  const keys = new Map<string, string>();
  const abbreviations = new Map<string, string>();
  for (const entry of d.names) {
    const into = entry.source === 'abbreviation' ? abbreviations : keys;
    if (entry.source !== 'retired' && !into.has(entry.folded)) into.set(entry.folded, entry.concept);
  }
  const sorted = (map: Map<string, string>) => [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const body = {
    // The name (English, or a French-only rule's French name), then the French name.
    concepts: Object.fromEntries(d.concepts.map((c) => [c.id, [c.name, c.names.fr ?? null]])),
    keys: sorted(keys),
    abbreviations: sorted(abbreviations),
  };
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json; charset=utf-8' } });
}
