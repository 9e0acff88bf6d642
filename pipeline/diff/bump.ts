/**
 * The version bump a release's changes call for, in the spirit of changesets
 * and semver for data: an app that stored an id must be told when it breaks.
 * - major: an id withdrawn or migrated (editions, records, concepts, rulings,
 *   inducements, leagues removed; a record merged into another; a migration
 *   added). An edition's id names its records' edition and its files
 *   (`skills/<edition>.json`, the API's `records/<edition>/`): gone, it breaks
 *   an app that stored it, whether or not records went with it;
 * - minor: something new or moved (editions, records, concepts, rulings,
 *   inducements or leagues added; crosswalk rows, slots, prices, concepts,
 *   leagues changed; fields other than wording changed). An edition whose
 *   `status` moved (another edition gives the current rules: a new rules
 *   revision), or whose year, label or language moved, is minor: every id
 *   still names what it named, but an app that shows "the current rules" or
 *   sorts by year shows something else (DATA.md, "Stability");
 * - patch: wording only (rule text, ruling questions and answers, inducement
 *   text, crosswalk rationale, an edition's note).
 * Pure: a Changelog in, a bump out.
 */
import type { MetaFile } from '../model/schema-types.ts';
import type { Change, Changelog } from './compare.ts';

export type Bump = 'major' | 'minor' | 'patch';

const BREAKING = new Set([
  'edition-removed',
  'record-removed',
  'record-merged',
  'concept-removed',
  'ruling-removed',
  'inducement-removed',
  'league-removed',
  'migration-added',
]);
/** Fields whose change is wording only, by change kind. */
const WORDING: Partial<Record<Change['kind'], ReadonlySet<string>>> = {
  'edition-changed': new Set(['note']),
  'record-changed': new Set(['text']),
  'ruling-changed': new Set(['question', 'answer']),
  'inducement-changed': new Set(['text']),
  'crosswalk-changed': new Set(['rationale', 'summary', 'summaryFr']),
};

/** Why a release is of each level, in the words the release prints. */
export const BUMP_REASONS: Record<Bump, string> = {
  major: 'an id apps may have stored was retired (removed, merged into another or migrated); they follow migrations.json',
  minor: 'something was added or moved',
  patch: 'only wording changed',
};

/** The level of one change. */
export function bumpOf(change: Change): Bump {
  if (BREAKING.has(change.kind)) return 'major';
  const wording = WORDING[change.kind];
  // A reworded ruling question gives the ruling a new id: apps that stored the old one follow its migration.
  if (change.kind === 'ruling-changed' && change.previous !== null) return 'major';
  // Anything added (no kind of addition has wording fields), or changed beyond its wording, is minor.
  return wording && change.fields.every((f) => wording.has(f.field)) ? 'patch' : 'minor';
}

/** The bump for a whole changelog, with the changes that decided it; null when nothing changed. */
export function proposeBump(log: Changelog): { bump: Bump; because: Change[] } | null {
  for (const level of ['major', 'minor', 'patch'] as const) {
    const because = log.changes.filter((c) => bumpOf(c) === level);
    if (because.length) return { bump: level, because };
  }
  return null;
}

/** `1.4.2` bumped: major → `2.0.0`, minor → `1.5.0`, patch → `1.4.3` (a pre-release tag is dropped). */
export function nextVersion(version: string, bump: Bump): string {
  const [major = 0, minor = 0, patch = 0] = version.split('-')[0]!.split('.').map(Number);
  if (bump === 'major') return `${major + 1}.0.0`;
  if (bump === 'minor') return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}

/**
 * The bump the published files call for beyond their data: a new contract
 * (`schemaVersion`) bumps as much as it did (major or minor), and any other
 * published byte that moved (a schema's description, the types) is a patch.
 * Null when every file is byte-identical.
 */
export function filesBump(before: MetaFile, after: MetaFile): Bump | null {
  const [a, b] = [before.schemaVersion.split('.').map(Number), after.schemaVersion.split('.').map(Number)];
  if (a[0] !== b[0]) return 'major';
  if (a[1] !== b[1]) return 'minor';
  const digest = (meta: MetaFile) => JSON.stringify(meta.files.filter((f) => f.path !== 'meta.json').map((f) => [f.path, f.sha256]));
  return a[2] !== b[2] || digest(before) !== digest(after) ? 'patch' : null;
}

/** The larger of two bumps (null is none). */
export function largerBump(a: Bump | null, b: Bump | null): Bump | null {
  const order: (Bump | null)[] = [null, 'patch', 'minor', 'major'];
  return order[Math.max(order.indexOf(a), order.indexOf(b))]!;
}
