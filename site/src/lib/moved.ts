/**
 * Pages at retired ids' old URLs: a concept or an inducement whose id was
 * migrated (migrations.json) keeps a page at its old address that leads to
 * the page of the id it became (a meta refresh, a canonical link and a
 * visible link), or says it was withdrawn. Never indexed (noindex, no
 * Pagefind body, not in the sitemap).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { followMigrations } from '../../../pipeline/model/migrations.ts';
import type { Migration } from '../../../pipeline/model/schema-types.ts';
import { dataDir } from './data-dir.ts';
import { href, LOCALES } from './i18n.ts';

export interface MovedPage {
  /** The retired id's path segment (a concept id, an inducement slug). */
  param: string;
  /** The id it leads to now, or null when it was withdrawn. */
  to: string | null;
  /** Whether it was merged into another (its rule lives on there) rather than renamed. */
  merged: boolean;
  migration: Migration;
}

/** A rule merged into a concept's: the retired id, its edition (a record's; null for a concept), its words, and when. */
export interface MergedIn {
  id: string;
  edition: string | null;
  /** The words of the retired id (`en-traits-alt/insignificant` → `insignificant`): the name it went under. */
  words: string;
  since: string;
}

let read: { text: string; migrations: Migration[] } | undefined;
/** migrations.json of the dataset the site renders ([] for a dataset without it), parsed again only when its text changed (in `nuffle dev`). */
function migrations(): Migration[] {
  let text: string;
  try {
    text = readFileSync(join(dataDir(), 'migrations.json'), 'utf8');
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw cause;
  }
  if (read?.text !== text) read = { text, migrations: JSON.parse(text) as Migration[] };
  return read.migrations;
}

/**
 * A page for every retired id of `kind` whose old address no live page holds:
 * `param` turns an id into its path segment; `live` are the segments of the
 * pages the site has. A chain of migrations is followed to its end; an end
 * that no live page holds is treated as withdrawn.
 */
export function movedPages(kind: 'concept' | 'inducement', param: (id: string) => string, live: ReadonlySet<string>): MovedPage[] {
  const all = migrations();
  return all
    .filter((m) => m.kind === kind && !live.has(param(m.id)))
    .map((m) => {
      const to = followMigrations(all, kind, m.id)?.to ?? null;
      const lands = to !== null && live.has(param(to));
      return { param: param(m.id), to: lands ? to : null, merged: lands && m.action === 'merged', migration: m };
    });
}

/**
 * The rules merged into a concept: every `merged` migration whose chain ends
 * at one of its records (a record merged) or at the concept itself (a concept
 * merged, unless a record of the same words already says it), in id order.
 */
export function mergesInto(migrations: readonly Migration[], concept: { id: string; records: readonly string[] }): MergedIn[] {
  const words = (id: string) => (id.slice(id.indexOf('/') + 1) || id).replace(/-/g, ' ');
  const lands = (m: Migration) => {
    const to = followMigrations(migrations, m.kind, m.id)?.to ?? null;
    return m.kind === 'record' ? to !== null && concept.records.includes(to) : to === concept.id;
  };
  const records = migrations.filter((m) => m.action === 'merged' && m.kind === 'record' && lands(m));
  const concepts = migrations.filter((m) => m.action === 'merged' && m.kind === 'concept' && lands(m) && !records.some((r) => words(r.id) === words(m.id)));
  return [...records, ...concepts]
    .map((m) => ({ id: m.id, edition: m.kind === 'record' ? m.id.slice(0, m.id.indexOf('/')) : null, words: words(m.id), since: m.since }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

const merged = new WeakMap<readonly Migration[], Map<string, MergedIn[]>>();
/** The rules merged into a concept, from the migrations.json of the dataset the site renders: once per concept, not once per page that shows it. */
export function mergedInto(concept: { id: string; records: readonly string[] }): MergedIn[] {
  const all = migrations();
  const known = merged.get(all) ?? new Map<string, MergedIn[]>();
  merged.set(all, known);
  const key = `${concept.id}\u0000${concept.records.join('\u0000')}`;
  let list = known.get(key);
  if (list === undefined) known.set(key, (list = mergesInto(all, concept)));
  return list;
}

/**
 * The site paths of every retired id's page, in every locale
 * (`/concepts/sidestep/`, `/fr/concepts/sidestep/`): the sitemap leaves them
 * out, as they are never indexed.
 */
export function movedPaths(): Set<string> {
  const ids = (file: string) => (JSON.parse(readFileSync(join(dataDir(), file), 'utf8')) as { id: string }[]).map((r) => r.id);
  const slugOf = (id: string) => id.slice(id.indexOf('/') + 1);
  const paths = [
    ...movedPages('concept', (id) => id, new Set(ids('concepts.json'))).map((m) => `/concepts/${m.param}/`),
    ...movedPages('inducement', slugOf, new Set(ids('inducements.json').map(slugOf))).map((m) => `/inducements/${m.param}/`),
  ];
  return new Set(LOCALES.flatMap((locale) => paths.map((path) => href(locale, path))));
}
