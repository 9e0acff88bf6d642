/**
 * Root causes and their cascades. One broken line can raise many errors: an
 * entry of the 2020 text renamed to a name another entry has is dropped
 * (`en2020/duplicate-entry`), and then its id is missing from the lock, its
 * concept is unknown to the crosswalk row that links to it, its random-table
 * slot is empty… Each of those messages gives advice for its own symptom,
 * and wrong advice for this cause. So a diagnostic names its subjects as
 * keys:
 *
 *   causes   what a root cause takes away (`entry:en-2020`: an entry of that edition is lost)
 *   about    what a problem is about; a problem about something a root cause took away is its cascade
 *   implies  what is also gone when this problem's subject is (a lost record takes its concept along)
 *
 * and `foldCascades` puts every cascade under its root, the roots first. The
 * build's list of diagnostics stays whole (nothing is dropped); only how it
 * is shown changes.
 */
import { formatDiagnostic, type Diagnostic } from './diagnostic.ts';

/** The subject keys, made in one place so that a cause and its cascades spell them alike. */
export const subject = {
  /** An entry (a record) of this edition, whichever. */
  entry: (edition: string): string => `entry:${edition}`,
  /** The concept with this id. */
  concept: (id: string): string => `concept:${id}`,
};

/** The edition of a record or ruling id (`en-2020/dodge` → `en-2020`), or '' for an id with none. */
export const editionOfId = (id: string): string => (id.includes('/') ? id.slice(0, id.indexOf('/')) : '');

/** A diagnostic shown with the problems it caused. */
export interface Folded {
  diagnostic: Diagnostic;
  cascades: Diagnostic[];
}

/**
 * Every diagnostic once, in order, except that each error about something a
 * root cause (an error with `causes`) took away is listed under that root,
 * and the roots that have cascades come first. An error caused by a cascade
 * (what its `implies` takes away) joins the same root. Warnings are never
 * folded. Linear: each key is owned by the first root that loses it.
 */
export function foldCascades(diagnostics: readonly Diagnostic[]): Folded[] {
  const owner = new Map<string, Diagnostic>();
  for (const d of diagnostics) if (d.fatal) for (const key of d.causes ?? []) if (!owner.has(key)) owner.set(key, d);
  const waiting = new Map<string, Diagnostic[]>();
  for (const d of diagnostics) if (d.fatal && !d.causes?.length) for (const key of d.about ?? []) waiting.set(key, [...(waiting.get(key) ?? []), d]);
  const rootOf = new Map<Diagnostic, Diagnostic>();
  const queue = [...owner.keys()];
  while (queue.length) {
    const key = queue.pop()!;
    const root = owner.get(key)!;
    for (const d of waiting.get(key) ?? []) {
      if (rootOf.has(d)) continue;
      rootOf.set(d, root);
      for (const implied of d.implies ?? []) {
        if (owner.has(implied)) continue;
        owner.set(implied, root);
        queue.push(implied);
      }
    }
    waiting.delete(key);
  }
  const cascades = new Map<Diagnostic, Diagnostic[]>();
  for (const d of diagnostics) {
    const root = rootOf.get(d);
    if (root) cascades.set(root, [...(cascades.get(root) ?? []), d]);
  }
  const shown = diagnostics.filter((d) => !rootOf.has(d)).map((d) => ({ diagnostic: d, cascades: cascades.get(d) ?? [] }));
  return [...shown.filter((f) => f.cascades.length), ...shown.filter((f) => !f.cascades.length)];
}

/**
 * A root cause as printed: the diagnostic, then its cascades, one line each
 * (their own advice left out: it treats a symptom).
 */
export function formatFolded({ diagnostic, cascades }: Folded): string {
  const lines = [formatDiagnostic(diagnostic)];
  if (cascades.length) {
    lines.push(`  and ${cascades.length} more caused by this (fix it first, then check again):`);
    for (const cascade of cascades) lines.push(`    ${formatDiagnostic(cascade).split('\n')[0]}`);
  }
  return lines.join('\n');
}
