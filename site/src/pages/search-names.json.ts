/**
 * /search-names.json: what the search panel's "Did you mean …?" matches a
 * query against, fetched only when Pagefind finds no concept. Every matching
 * key of names.json (model/fold.ts folds the query the same way) with its
 * concept, and each concept's names in both languages. Small: keys, not texts.
 */
import { dataset } from '../lib/dataset.ts';

export async function GET(): Promise<Response> {
  const d = await dataset();
  const keys = new Map<string, string>();
  for (const entry of d.names) if (entry.source !== 'retired' && !keys.has(entry.folded)) keys.set(entry.folded, entry.concept);
  const body = {
    // The name (English, or a French-only rule's French name), then the French name.
    concepts: Object.fromEntries(d.concepts.map((c) => [c.id, [c.name, c.names.fr ?? null]])),
    keys: [...keys].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  };
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json; charset=utf-8' } });
}
