/**
 * Each surface's answer to a spelling, as its user meets it: the cards'
 * selection (a roster line), the runtime API of the built package, and the
 * SQLite file (the `aliases` table, and full-text `search` queried the way
 * docs/DATA.md shows). Each returns the concept found, or null.
 */
import { DatabaseSync } from 'node:sqlite';
import type { DataBundle } from '../../pipeline/model/dataset.ts';
import { nameKey, splitParameter } from '../../pipeline/model/fold.ts';
import type { Skill } from '../../pipeline/model/schema-types.ts';
import type { Spelling } from './spellings.ts';

interface CardResolver {
  resolve(wanted: { text: string; name: string; parameter: string | null; file: string; line: number | null }): {
    selected: { record: Skill } | null;
    diagnostics: { reason: string }[];
  };
}
type CreateResolver = (bundle: DataBundle, filter: { edition: string | null; lang: 'en' | 'fr' | null }) => CardResolver;
type ParseWanted = (
  text: string,
  file: string,
  line: number | null,
) => { text: string; name: string; parameter: string | null; file: string; line: number | null };

/** The edition a roster asking for this concept would name: en-2020 when the concept has a record there. */
function rosterEdition(bundle: DataBundle, concept: string): string | null {
  const editions = bundle.skills.filter((r) => r.concept === concept).map((r) => r.edition);
  return editions.includes('en-2020') ? 'en-2020' : (editions.sort()[0] ?? null);
}

/** The first name an unknown-name message suggests (`did you mean: A, B` or `closest: A, B`). */
const firstSuggestion = (reason: string): string | null => /(?:did you mean|closest): ([^,;]+)/.exec(reason)?.[1]?.replace(/\?$/, '').trim() || null;

export function cardsConcept(bundle: DataBundle, createResolver: CreateResolver, parseWanted: ParseWanted, row: Spelling): string | null {
  const resolver = createResolver(bundle, { edition: rosterEdition(bundle, row.concept), lang: null });
  const result = resolver.resolve(parseWanted(row.text, 'roster.yaml', 1));
  if (row.exact !== false) return result.selected?.record.concept ?? null;
  const suggestion = firstSuggestion(result.diagnostics.map((d) => d.reason).join('\n'));
  if (suggestion === null) return null;
  // The suggestion is a name: which concept it names, through the same selection.
  return (
    createResolver(bundle, { edition: null, lang: null }).resolve(parseWanted(suggestion, 'roster.yaml', 1)).selected?.record.concept ??
    bundle.concepts.find((c) => c.name === suggestion || Object.values(c.names).includes(suggestion))?.id ??
    null
  );
}

interface Api {
  findByName(name: string): Promise<Skill[]>;
  resolveName?: (text: string) => Promise<{ concept: string; exact: boolean }[]>;
}

export async function apiConcept(api: Api, row: Spelling): Promise<string | null> {
  if (row.exact === false) {
    const first = (await api.resolveName?.(row.text))?.[0];
    return first && !first.exact ? first.concept : null;
  }
  const concepts = [...new Set((await api.findByName(row.text)).map((r) => r.concept))];
  return concepts.length === 1 ? concepts[0]! : null;
}

/** An exact look-up: an id (skills, concepts), else the folded name in the `aliases` table. */
export function sqliteAliasConcept(db: DatabaseSync, row: Spelling): string | null {
  const text = row.text.trim();
  try {
    const byId = (
      db.prepare('SELECT concept FROM skills WHERE id = ? UNION SELECT id FROM concepts WHERE id = ?').get(text, text) as { concept: string } | undefined
    )?.concept;
    if (byId) return byId;
    const folded = nameKey(splitParameter(text).name);
    const rows = db.prepare('SELECT DISTINCT concept FROM aliases WHERE folded = ?').all(folded) as { concept: string }[];
    return rows.length === 1 ? rows[0]!.concept : null;
  } catch {
    return null;
  }
}

/**
 * Full-text search as docs/DATA.md shows it: each word quoted (a quote inside
 * doubled), any of them or all of them run together, in the name and alias
 * columns; concepts only, best rank first.
 */
export function searchQuery(text: string): string | null {
  const words = text.match(/[\p{L}\p{N}]+/gu) ?? [];
  const terms = [...new Set([...words, words.join('')])].map((w) => `"${w.replace(/"/g, '""')}"`);
  return words.length ? `{name aliases} : (${terms.join(' OR ')})` : null;
}

export function sqliteSearchConcept(db: DatabaseSync, row: Spelling): string | null {
  const query = searchQuery(row.text);
  if (query === null) return null;
  try {
    const hit = db.prepare("SELECT id FROM search WHERE search MATCH ? AND kind = 'concept' ORDER BY rank LIMIT 1").get(query) as { id: string } | undefined;
    return hit?.id ?? null;
  } catch {
    return null;
  }
}

export const openDatabase = (path: string): DatabaseSync => new DatabaseSync(path, { readOnly: true });
