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
  migration: Migration;
}

/** migrations.json of the dataset the site renders ([] for a dataset without it). */
function migrations(): Migration[] {
  try {
    return JSON.parse(readFileSync(join(dataDir(), 'migrations.json'), 'utf8')) as Migration[];
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw cause;
  }
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
      return { param: param(m.id), to: to !== null && live.has(param(to)) ? to : null, migration: m };
    });
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
