/**
 * Following a retired id through migrations.json: where a chain of renames
 * and merges leads, or null when it ends in a deletion. Shared by the outputs
 * that accept or serve old ids (the static API's stubs, the cards).
 */
import type { Migration } from './schema-types.ts';

export function followMigrations(migrations: readonly Migration[], kind: Migration['kind'], id: string): { to: string | null; migration: Migration } | null {
  const byId = new Map(migrations.filter((m) => m.kind === kind).map((m) => [m.id, m]));
  const first = byId.get(id);
  if (!first) return null;
  let to: string | null = first.to;
  const seen = new Set([id]);
  while (to !== null && byId.has(to) && !seen.has(to)) {
    seen.add(to);
    to = byId.get(to)!.to;
  }
  return { to, migration: first };
}
