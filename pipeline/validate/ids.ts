/**
 * Ids that never break. sources/ids.lock lists every published id, one
 * `<kind> <id>` per line. A locked id the build no longer produces is an error
 * (`ids/missing`, at its lock line, with the migration to write) unless
 * sources/annotations/migrations.yaml says what became of it. New ids are
 * reported (`ids/not-locked`) until `nuffle build --update-lock` adds them:
 * the lock only ever grows.
 */
import { error, warning, type Diagnostic, type Place } from '../model/diagnostic.ts';
import { compare } from '../model/order.ts';
import type { IdKind, Migration } from '../model/schema-types.ts';

export const ID_KINDS: readonly IdKind[] = ['concept', 'record', 'ruling', 'inducement', 'spell', 'league'];

export interface LockedId {
  kind: IdKind;
  id: string;
  line: number;
}

export interface PublishedId {
  kind: IdKind;
  id: string;
}

export const LOCK_HEADER = `# Every id Nuffle Codex has published, one "<kind> <id>" per line (kinds: ${ID_KINDS.join(', ')}).
# The build fails when one of them disappears without an entry in sources/annotations/migrations.yaml.
# Generated: \`nuffle build --update-lock\` adds new ids and never removes one. Review the diff.
`;

/** The lock file's entries, and a diagnostic for every line that is not `<kind> <id>`. */
export function parseLock(text: string, file: string): { entries: LockedId[]; diagnostics: Diagnostic[] } {
  const entries: LockedId[] = [];
  const diagnostics: Diagnostic[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const match = /^(\S+) (\S+)$/.exec(line);
    if (!match || !ID_KINDS.includes(match[1] as IdKind)) {
      diagnostics.push(
        error({
          reason: `Not a lock line: "${line.slice(0, 80)}"`,
          file,
          place: { line: index + 1 },
          ruleId: 'ids/bad-lock-line',
          source: 'validate',
          expected: `"<kind> <id>" with a kind among ${ID_KINDS.join(', ')}`,
        }),
      );
      return;
    }
    entries.push({ kind: match[1] as IdKind, id: match[2]!, line: index + 1 });
  });
  return { entries, diagnostics };
}

export interface IdCheckInput {
  /** null when the project has no lock yet. */
  lock: { file: string; entries: readonly LockedId[] } | null;
  published: readonly PublishedId[];
  migrations: readonly Migration[];
  migrationsFile: string;
  locateMigration: (index: number, key?: string) => Place | null;
  datasetVersion: string;
}

const key = (kind: string, id: string) => `${kind} ${id}`;

export function checkIds(input: IdCheckInput): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const now = new Set(input.published.map((p) => key(p.kind, p.id)));
  const locked = new Set((input.lock?.entries ?? []).map((e) => key(e.kind, e.id)));
  const migrated = new Map<string, number>();
  input.migrations.forEach((m, index) => {
    const k = key(m.kind, m.id);
    if (migrated.has(k)) {
      diagnostics.push(error({ reason: `${m.kind} ${m.id} has two migrations`, file: input.migrationsFile, place: input.locateMigration(index), ruleId: 'migrations/duplicate', source: 'validate' }));
    }
    migrated.set(k, index);
    if (now.has(k)) {
      diagnostics.push(
        error({
          reason: `A migration retires ${m.kind} ${m.id}, but the data still has it`,
          file: input.migrationsFile,
          place: input.locateMigration(index, 'id'),
          ruleId: 'migrations/stale',
          source: 'validate',
          expected: 'migrations only for ids the data no longer has; remove this one',
        }),
      );
    }
    if ((m.action === 'deleted') !== (m.to === null)) {
      diagnostics.push(error({ reason: `Migration of ${m.id}: \`to\` is null for deleted ids, and only for them`, file: input.migrationsFile, place: input.locateMigration(index, 'to'), ruleId: 'migrations/bad-target', source: 'validate' }));
    } else if (m.to !== null && !now.has(key(m.kind, m.to))) {
      diagnostics.push(
        error({
          reason: `Migration of ${m.id}: ${m.action} to ${m.kind} ${m.to}, which the data does not have`,
          file: input.migrationsFile,
          place: input.locateMigration(index, 'to'),
          ruleId: 'migrations/bad-target',
          source: 'validate',
          expected: `an existing ${m.kind} id`,
        }),
      );
    }
  });
  if (!input.lock) {
    diagnostics.push(warning({ reason: 'No id lock: published ids are not protected', file: 'sources/ids.lock', ruleId: 'ids/no-lock', source: 'validate', expected: 'run nuffle build --update-lock and commit sources/ids.lock' }));
    return diagnostics;
  }
  for (const entry of input.lock.entries) {
    const k = key(entry.kind, entry.id);
    if (now.has(k) || migrated.has(k)) continue;
    diagnostics.push(
      error({
        reason: `Published ${entry.kind} id ${entry.id} is gone`,
        file: input.lock.file,
        place: { line: entry.line },
        ruleId: 'ids/missing',
        source: 'validate',
        expected: `the id back, or a migration in ${input.migrationsFile}:\n    - id: ${entry.id}\n      kind: ${entry.kind}\n      action: renamed   # or merged, deleted\n      to: <new id>      # null when deleted\n      since: ${input.datasetVersion}\n      note: <why, in one line>`,
      }),
    );
  }
  const fresh = input.published.filter((p) => !locked.has(key(p.kind, p.id)));
  if (fresh.length) {
    const shown = fresh.slice(0, 8).map((p) => `${p.kind} ${p.id}`);
    diagnostics.push(
      warning({
        reason: `${fresh.length} new id${fresh.length === 1 ? ' is' : 's are'} not in the lock: ${shown.join(', ')}${fresh.length > shown.length ? ', …' : ''}`,
        file: input.lock.file,
        ruleId: 'ids/not-locked',
        source: 'validate',
        expected: 'review them, then nuffle build --update-lock',
      }),
    );
  }
  return diagnostics;
}

/** The lock after `--update-lock`: every locked id (the lock never shrinks) and every published one, sorted. */
export function lockText(locked: readonly LockedId[], published: readonly PublishedId[]): string {
  const all = new Map<string, PublishedId>();
  for (const p of [...locked, ...published]) all.set(key(p.kind, p.id), { kind: p.kind, id: p.id });
  const lines = [...all.values()].sort((a, b) => ID_KINDS.indexOf(a.kind) - ID_KINDS.indexOf(b.kind) || compare(a.id, b.id)).map((p) => key(p.kind, p.id));
  return `${LOCK_HEADER}${lines.join('\n')}\n`;
}
