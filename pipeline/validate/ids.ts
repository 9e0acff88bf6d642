/**
 * Ids that never break. sources/ids.lock lists every published id, one
 * `<kind> <id>` per line. A locked id the build no longer produces is an error
 * (`ids/missing`, at its lock line, with the migration to write) unless
 * sources/annotations/migrations.yaml says what became of it. New ids are
 * reported (`ids/not-locked`) until `nuffle release` adds them, stamped with
 * the version it releases: the lock only ever grows.
 */
import { subject } from '../model/cascades.ts';
import { error, warning, type Diagnostic, type Place } from '../model/diagnostic.ts';
import { idGrammarProblem } from '../model/id-grammar.ts';
import { compare } from '../model/order.ts';
import type { IdKind, Migration } from '../model/schema-types.ts';

const ID_KINDS: readonly IdKind[] = ['concept', 'record', 'ruling', 'inducement', 'spell', 'league'];

export interface LockedId {
  kind: IdKind;
  id: string;
  line: number;
  /** The dataset version that first published it, when the lock says (`<kind> <id> <version>`); older lines have none. */
  since?: string;
}

export interface PublishedId {
  kind: IdKind;
  id: string;
}

export const LOCK_HEADER = `# Every id Nuffle Codex has published, one "<kind> <id> [<dataset version that first published it>]" per line (kinds: ${ID_KINDS.join(', ')}).
# The build fails when one of them disappears without an entry in sources/annotations/migrations.yaml.
# Generated: \`nuffle release\` adds new ids, stamped with the version it releases, and never removes one. Review the diff.
`;

/** The lock file's entries, and a diagnostic for every line that is not `<kind> <id>`. */
export function parseLock(text: string, file: string): { entries: LockedId[]; diagnostics: Diagnostic[] } {
  const entries: LockedId[] = [];
  const diagnostics: Diagnostic[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    // `<kind> <id>` or `<kind> <id> <version>`, split on single spaces (a pattern with two `\S+` runs backtracks).
    const [kind, id, since, ...rest] = line.split(' ');
    const ok =
      rest.length === 0 &&
      ID_KINDS.includes(kind as IdKind) &&
      !!id &&
      idGrammarProblem(kind as IdKind, id) === null &&
      (since === undefined || /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/.test(since));
    if (!ok) {
      diagnostics.push(
        error({
          reason: `Not a lock line: "${line.slice(0, 80)}"`,
          file,
          place: { line: index + 1 },
          ruleId: 'ids/bad-lock-line',
          source: 'validate',
          expected: `"<kind> <id>" or "<kind> <id> <version>" with a kind among ${ID_KINDS.join(', ')}, and an id of that kind's published grammar: correct the line (the lock is written by nuffle release; never drop a line)`,
        }),
      );
      return;
    }
    entries.push({ kind: kind as IdKind, id: id!, line: index + 1, ...(since ? { since } : {}) });
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
  /**
   * What a record looks like now and looked like in the previous build (its
   * name, text and random-table slots), by id: evidence that a locked id
   * that disappeared was renamed. Optional; without the previous build, names
   * alone are compared.
   */
  records?: { now: ReadonlyMap<string, RecordShape>; before?: ReadonlyMap<string, RecordShape> };
  /** The concept a record id defines (an English 2020 record's), which goes with it when it is lost: how a cascade is traced (model/cascades.ts). */
  conceptOfRecord?: (id: string) => string | null;
}

/** What rename detection compares of a record. */
export interface RecordShape {
  name: string;
  kind: string;
  text: string;
  /** Random-table slots, as `<game> <category> <d6 range>·<d6>` keys. */
  slots: readonly string[];
}

const key = (kind: string, id: string) => `${kind} ${id}`;

/** The edition part of a record or ruling id (`en-2020/dodge` → `en-2020`); concepts, leagues and inducements have none. */
const editionOf = (id: string) => (id.includes('/') ? id.slice(0, id.indexOf('/')) : '');

export function checkIds(input: IdCheckInput): Diagnostic[] {
  const diagnostics = checkMigrations(input);
  if (!input.lock) {
    diagnostics.push(
      warning({
        reason: 'No id lock: published ids are not protected',
        file: 'sources/ids.lock',
        ruleId: 'ids/no-lock',
        source: 'validate',
        expected: "nuffle release writes it (a first release locks every id, stamped with the manifest's version); commit it",
      }),
    );
    return diagnostics;
  }
  diagnostics.push(...checkLock(input, input.lock));
  return diagnostics;
}

/**
 * Every migration against the data being built: each retires an id the data
 * no longer has, once; `renamed` points to an id new in this release, of the
 * same kind and edition; `merged` to an id that survives, of the same kind
 * and edition; `deleted` to nothing; `since` is never a later version than the one being built, and is
 * this one when the migration's target is new in it.
 */
export function checkMigrations(input: IdCheckInput): Diagnostic[] {
  // Stryker disable next-line ArrayDeclaration: without a lock, a placeholder entry only adds the key "undefined undefined", which no migration's target has
  const lockedSince = new Map((input.lock?.entries ?? []).map((e) => [key(e.kind, e.id), e.since ?? null] as const));
  const context: MigrationContext = {
    now: new Set(input.published.map((p) => key(p.kind, p.id))),
    retired: new Set(input.migrations.map((m) => key(m.kind, m.id))),
    isNew: (k) => !lockedSince.has(k) || lockedSince.get(k) === input.datasetVersion,
    datasetVersion: input.datasetVersion,
  };
  const seen = new Set<string>();
  return input.migrations.flatMap((m, index) => {
    const k = key(m.kind, m.id);
    const duplicate: MigrationProblem[] = seen.has(k) ? [{ reason: `${m.kind} ${m.id} has two migrations`, ruleId: 'migrations/duplicate' }] : [];
    seen.add(k);
    return [...duplicate, ...migrationProblems(m, context)].map(({ reason, ruleId, field, expected }) =>
      error({
        reason,
        file: input.migrationsFile,
        place: input.locateMigration(index, field),
        ruleId,
        source: 'validate',
        ...(expected ? { expected } : {}),
      }),
    );
  });
}

/** What one migration is checked against: the ids built, the ids retired, which ids are new in this release. */
interface MigrationContext {
  now: ReadonlySet<string>;
  retired: ReadonlySet<string>;
  /** New in this release: not locked yet, or locked by this version. */
  isNew: (key: string) => boolean;
  datasetVersion: string;
}

/** A migration's problem, at its field (`id`, `since`, `to`) or at the entry. */
interface MigrationProblem {
  reason: string;
  ruleId: string;
  field?: string;
  expected?: string;
}

/** One migration's problems, in order: a stale id, a later `since`, then its target. */
function migrationProblems(m: Migration, context: MigrationContext): MigrationProblem[] {
  const problems: MigrationProblem[] = [];
  if (context.now.has(key(m.kind, m.id)))
    problems.push({
      reason: `A migration retires ${m.kind} ${m.id}, but the data still has it`,
      ruleId: 'migrations/stale',
      field: 'id',
      expected: 'migrations only for ids the data no longer has; remove this one',
    });
  if (compareVersions(m.since, context.datasetVersion) > 0)
    problems.push({
      reason: `Migration of ${m.id}: since ${m.since} is later than the dataset version being built (${context.datasetVersion})`,
      ruleId: 'migrations/bad-since',
      field: 'since',
      expected: `since: ${context.datasetVersion}`,
    });
  const target = targetProblem(m, context);
  return target ? [...problems, target] : problems;
}

/** `to`: null for a deletion only; an id of the same kind and edition that the data has and keeps; for a rename, a new one, with `since` this version. */
function targetProblem(m: Migration, context: MigrationContext): MigrationProblem | null {
  const { now, retired } = context;
  if ((m.action === 'deleted') !== (m.to === null))
    return { reason: `Migration of ${m.id}: \`to\` is null for deleted ids, and only for them`, ruleId: 'migrations/bad-target', field: 'to' };
  if (m.to === null) return null;
  const target = key(m.kind, m.to);
  const merge = m.action === 'merged';
  const verb = merge ? 'merged into' : `${m.action} to`;
  if (!now.has(target) || retired.has(target))
    return {
      reason: `Migration of ${m.id}: ${verb} ${m.kind} ${m.to}, which the data does not have`,
      ruleId: 'migrations/bad-target',
      field: 'to',
      expected: `an existing ${m.kind} id`,
    };
  if (editionOf(m.to) !== editionOf(m.id))
    return {
      reason: `Migration of ${m.id}: ${verb} ${m.to}, of another edition`,
      ruleId: 'migrations/bad-target',
      field: 'to',
      expected: `a${merge ? 'n existing' : ' new'} ${m.kind} id of ${editionOf(m.id) || 'the same kind'}; a rule that moved edition is a crosswalk row, not a ${merge ? 'merge' : 'rename'}`,
    };
  return m.action === 'renamed' ? renameProblem(m, m.to, context) : null;
}

/** A rename points to an id new in this release, dated this release. */
function renameProblem(m: Migration, to: string, { isNew, datasetVersion }: MigrationContext): MigrationProblem | null {
  const target = key(m.kind, to);
  if (!isNew(target))
    return {
      reason: `Migration of ${m.id}: renamed to ${to}, which was published before this release: apps would be told that ${m.id} became an existing, different ${m.kind}`,
      ruleId: 'migrations/bad-target',
      field: 'to',
      expected: `the new id of the renamed ${m.kind} (one that is new in ${datasetVersion}), or action: merged if ${m.id} was folded into ${to}`,
    };
  if (m.since !== datasetVersion)
    return {
      reason: `Migration of ${m.id}: renamed to ${to}, new in ${datasetVersion}, but since says ${m.since}`,
      ruleId: 'migrations/bad-since',
      field: 'since',
      expected: `since: ${datasetVersion}`,
    };
  return null;
}

/** Locked ids that are gone without a migration (with a rename hint when one looks like it), and new ids not locked yet. */
function checkLock(input: IdCheckInput, lock: { file: string; entries: readonly LockedId[] }): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const now = new Set(input.published.map((p) => key(p.kind, p.id)));
  const locked = new Set(lock.entries.map((e) => key(e.kind, e.id)));
  const migrated = new Set(input.migrations.map((m) => key(m.kind, m.id)));
  const fresh = input.published.filter((p) => !locked.has(key(p.kind, p.id)));
  for (const entry of lock.entries) {
    const k = key(entry.kind, entry.id);
    if (now.has(k) || migrated.has(k)) continue;
    const rename = entry.kind === 'record' ? likelyRename(entry.id, fresh, input.records) : null;
    diagnostics.push(
      error({
        reason: `Published ${entry.kind} id ${entry.id} is gone${rename ? `; it looks like a rename to ${rename.id} (${rename.evidence})` : ''}`,
        file: lock.file,
        place: { line: entry.line },
        ruleId: 'ids/missing',
        source: 'validate',
        expected: rename ? renameFixes(entry.id, rename.id, rename.name, input) : migrationToWrite(entry, input),
        ...lostSubjects(entry, input),
      }),
    );
  }
  if (fresh.length) {
    const shown = fresh.slice(0, 8).map((p) => `${p.kind} ${p.id}`);
    diagnostics.push(
      warning({
        reason: `${fresh.length} new id${fresh.length === 1 ? ' is' : 's are'} not in the lock: ${shown.join(', ')}${fresh.length > shown.length ? ', …' : ''}`,
        file: lock.file,
        ruleId: 'ids/not-locked',
        source: 'validate',
        expected: 'nothing to do now: nuffle release locks them, stamped with the version it releases',
      }),
    );
  }
  return diagnostics;
}

/** What a missing id is about (its edition's entries, or its concept), and the concept a lost defining record takes along. */
function lostSubjects(entry: LockedId, input: IdCheckInput): Pick<Diagnostic, 'about' | 'implies'> {
  if (entry.kind === 'concept') return { about: [subject.concept(entry.id)] };
  const edition = editionOf(entry.id);
  if (!edition) return {};
  const concept = entry.kind === 'record' ? input.conceptOfRecord?.(entry.id) : null;
  return { about: [subject.entry(edition)], ...(concept ? { implies: [subject.concept(concept)] } : {}) };
}

const migrationToWrite = (entry: LockedId, input: IdCheckInput) =>
  `the id back, or a migration in ${input.migrationsFile}:\n    - id: ${entry.id}\n      kind: ${entry.kind}\n      action: renamed   # or merged, deleted\n      to: <new id>      # null when deleted\n      since: ${input.datasetVersion}\n      note: <why, in one line>`;

/** The two fixes for a rename, as the lines to paste: keep the published id (the default), or migrate to the new one. */
function renameFixes(oldId: string, newId: string, name: string, input: IdCheckInput): string {
  return [
    `either keep the published id (recommended: apps that stored ${oldId} keep working), in ${input.migrationsFile}:`,
    `    keep:`,
    `      - id: ${oldId}`,
    `        name: ${JSON.stringify(name)}`,
    `        since: ${input.datasetVersion}`,
    `        note: <why, in one line>`,
    `  or migrate it to the new id ${newId}, in ${input.migrationsFile}:`,
    `    migrations:`,
    `      - id: ${oldId}`,
    `        kind: record`,
    `        action: renamed`,
    `        to: ${newId}`,
    `        since: ${input.datasetVersion}`,
    `        note: <why, in one line>`,
  ].join('\n');
}

/**
 * The new record id a vanished one most likely became: same edition, same
 * kind of record, and the same random-table slots, or mostly the same text,
 * or (without the previous build) the same letters in its name. Null when
 * nothing, or more than one candidate equally, fits.
 */
export function likelyRename(
  oldId: string,
  fresh: readonly PublishedId[],
  records: IdCheckInput['records'],
): { id: string; name: string; evidence: string } | null {
  if (!records) return null;
  const before = records.before?.get(oldId);
  const scored = fresh
    .filter((p) => p.kind === 'record' && editionOf(p.id) === editionOf(oldId))
    .flatMap((p) => {
      const now = records.now.get(p.id);
      if (!now || (before && before.kind !== now.kind)) return [];
      const evidence = renameEvidence(oldId, before, now);
      return evidence ? [{ id: p.id, name: now.name, ...evidence }] : [];
    })
    .sort((a, b) => b.score - a.score);
  if (scored.length === 0 || (scored.length > 1 && scored[1]!.score === scored[0]!.score)) return null;
  return { id: scored[0]!.id, name: scored[0]!.name, evidence: scored[0]!.evidence };
}

function renameEvidence(oldId: string, before: RecordShape | undefined, now: RecordShape): { score: number; evidence: string } | null {
  if (before && before.slots.length > 0 && sameSet(before.slots, now.slots)) return { score: 3, evidence: 'the same random-table slots' };
  if (before) {
    const overlap = wordOverlap(before.text, now.text);
    if (overlap >= 0.8) return { score: 2 + overlap / 10, evidence: `${Math.round(overlap * 100)} % of the words of its text` };
  }
  const letters = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
  const oldSlug = oldId.slice(oldId.indexOf('/') + 1);
  if (letters(oldSlug) === letters(now.name)) return { score: 1, evidence: 'the same letters in its name' };
  return null;
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** Share of the words of the longer text that the other has too (multiset), 0–1. */
function wordOverlap(a: string, b: string): number {
  const words = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const [x, y] = [words(a), words(b)];
  const counts = new Map<string, number>();
  for (const w of x) counts.set(w, (counts.get(w) ?? 0) + 1);
  let shared = 0;
  for (const w of y) {
    const n = counts.get(w) ?? 0;
    if (n > 0) {
      shared++;
      counts.set(w, n - 1);
    }
  }
  // Two texts without words share nothing (0 / 1).
  return shared / Math.max(x.length, y.length, 1);
}

/** Semver order of two `x.y.z` versions (a pre-release sorts before its release). */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) => {
    // Stryker disable next-line StringLiteral: split always gives a first part, so the default is never used
    const [core = '', pre] = v.split('-', 2);
    return { nums: core.split('.').map(Number), pre };
  };
  const [x, y] = [parts(a), parts(b)];
  // Stryker disable next-line EqualityOperator: versions are x.y.z (the schemas' pattern), so a fourth part is 0 on both sides
  for (let i = 0; i < 3; i++) if ((x.nums[i] ?? 0) !== (y.nums[i] ?? 0)) return (x.nums[i] ?? 0) - (y.nums[i] ?? 0);
  if (x.pre === y.pre) return 0;
  // Stryker disable next-line ConditionalExpression: without it, a release against a pre-release reaches `undefined < pre`, false, so 1 all the same
  if (x.pre === undefined) return 1;
  if (y.pre === undefined) return -1;
  // Stryker disable next-line EqualityOperator: equal pre-releases returned 0 above
  return x.pre < y.pre ? -1 : 1;
}

/**
 * The lock `nuffle release` writes: every locked id (the lock never shrinks),
 * and every published one not locked yet, stamped with `version` (the
 * dataset version that first publishes it), sorted.
 */
export function lockText(locked: readonly LockedId[], published: readonly PublishedId[], version?: string): string {
  const all = new Map<string, { kind: IdKind; id: string; since?: string | undefined }>();
  for (const p of locked) all.set(key(p.kind, p.id), { kind: p.kind, id: p.id, since: p.since });
  for (const p of published) if (!all.has(key(p.kind, p.id))) all.set(key(p.kind, p.id), { kind: p.kind, id: p.id, since: version });
  const lines = [...all.values()]
    .sort((a, b) => ID_KINDS.indexOf(a.kind) - ID_KINDS.indexOf(b.kind) || compare(a.id, b.id))
    .map((p) => `${key(p.kind, p.id)}${p.since ? ` ${p.since}` : ''}`);
  return `${LOCK_HEADER}${lines.join('\n')}\n`;
}
