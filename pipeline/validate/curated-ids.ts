/**
 * Every id the curated files name (the manifest and sources/annotations/*.yaml).
 * ID_FIELDS is the list of every field of schema/input/ that holds an id
 * (test/curated-ids.test.ts fails when a schema gains one it does not list):
 * the kind of id it holds, and where that id must exist. Checked here, before
 * any source is parsed or any target writes a file named after an id:
 *
 * - the published grammar of its kind (model/id-grammar.ts; a migration's
 *   `id` and `to` take the kind of their entry), whatever the schema says;
 * - an id that must have been published is in sources/ids.lock;
 * - a source is one the manifest declares.
 *
 * An id that must exist in this build (a record, a concept, a table) is
 * checked by the stage that links it; ID_FIELDS names that check's code.
 */
import { error, type Diagnostic, type Place } from '../model/diagnostic.ts';
import { type GrammarKind, ID_GRAMMAR, idGrammarProblem } from '../model/id-grammar.ts';
import type { IdKind } from '../model/schema-types.ts';

/** Where an id must exist: in the lock (published before), in this build, in the manifest; or nowhere, since the field gives a new id. */
type Names = 'lock' | 'build' | 'manifest' | 'defines';

export interface IdField {
  /** The curated file, by its key in the build (build/annotations.ts ANNOTATION_FILES). */
  file: string;
  /** Keys from the file's root; `*` is every item of a list. */
  path: readonly string[];
  /** The kind of id; `entry` when the entry's own `kind` says (a migration). */
  kind: GrammarKind | 'entry';
  names: Names;
  /** The code of the check that refuses an id the field names but the build lacks (`names: build`), raised where it links. */
  unknown?: string;
}

/** Every field of the curated files that holds an id. */
export const ID_FIELDS: readonly IdField[] = [
  { file: 'manifest', path: ['sources', '*', 'id'], kind: 'source', names: 'defines' },
  { file: 'manifest', path: ['sources', '*', 'edition', 'id'], kind: 'edition', names: 'defines' },
  { file: 'errata', path: ['errata', '*', 'id'], kind: 'erratum', names: 'defines' },
  { file: 'errata', path: ['errata', '*', 'source'], kind: 'source', names: 'manifest' },
  { file: 'errata', path: ['errata', '*', 'record'], kind: 'record', names: 'build', unknown: 'errata/unknown-record' },
  { file: 'errata', path: ['accepted', '*', 'source'], kind: 'source', names: 'manifest' },
  { file: 'crosswalk', path: ['concepts', '*', 'id'], kind: 'concept', names: 'defines' },
  { file: 'crosswalk', path: ['links', '*', 'source'], kind: 'source', names: 'manifest' },
  { file: 'crosswalk', path: ['links', '*', 'record'], kind: 'record', names: 'build', unknown: 'crosswalk/unknown-record' },
  { file: 'crosswalk', path: ['links', '*', 'concept'], kind: 'concept', names: 'build', unknown: 'crosswalk/unknown-concept' },
  { file: 'crosswalk', path: ['links', '*', 'related', '*'], kind: 'concept', names: 'build', unknown: 'crosswalk/unknown-concept' },
  { file: 'crosswalk', path: ['categories', '*', 'edition'], kind: 'edition', names: 'build', unknown: 'crosswalk/unknown-edition' },
  { file: 'crosswalk', path: ['categories', '*', 'record'], kind: 'record', names: 'build', unknown: 'crosswalk/unknown-record' },
  { file: 'inducements', path: ['leagues', '*', 'id'], kind: 'league', names: 'defines' },
  { file: 'inducements', path: ['records', '*', 'id'], kind: 'slug', names: 'defines' },
  { file: 'compulsory', path: ['reviewed', '*', 'record'], kind: 'record', names: 'build', unknown: 'compulsory/unknown-record' },
  { file: 'migrations', path: ['keep', '*', 'id'], kind: 'record', names: 'lock' },
  { file: 'migrations', path: ['migrations', '*', 'id'], kind: 'entry', names: 'lock' },
  { file: 'migrations', path: ['migrations', '*', 'to'], kind: 'entry', names: 'build', unknown: 'migrations/bad-target' },
  { file: 'aliases', path: ['aliases', '*', 'concept'], kind: 'concept', names: 'build', unknown: 'names/unknown-concept' },
  { file: 'aliases', path: ['winners', '*', 'concept'], kind: 'concept', names: 'build', unknown: 'names/unknown-concept' },
  { file: 'randomTables', path: ['slots', '*', 'table'], kind: 'table', names: 'build', unknown: 'random-table/unknown-table' },
];

/** A curated file's value, and where its nodes are. */
interface Curated {
  file: string;
  value: unknown;
  locate: (path: readonly (string | number)[]) => Place | null;
}

export interface CuratedIdsInput {
  /** Every curated file, by its key. */
  files: Readonly<Record<string, Curated>>;
  /** `<kind> <id>` of every line of sources/ids.lock; null when the project has no lock (nothing can be checked against it). */
  locked: ReadonlySet<string> | null;
  /** The lock's path, for messages. */
  lockFile: string;
  /** The source ids the manifest declares. */
  sources: ReadonlySet<string>;
}

/** One value a field holds: the value, its path in the file, and the entry (list item) it belongs to. */
interface Found {
  value: unknown;
  at: (string | number)[];
  entry: Record<string, unknown> | null;
}

/** The values of `path` in `value` (`*` walks every item of a list). */
function valuesAt(value: unknown, path: readonly string[], at: (string | number)[] = [], entry: Found['entry'] = null): Found[] {
  if (path.length === 0) return value === undefined ? [] : [{ value, at, entry }];
  const [key, ...rest] = path as [string, ...string[]];
  if (key === '*')
    return Array.isArray(value) ? value.flatMap((item, i) => valuesAt(item, rest, [...at, i], item && typeof item === 'object' ? item : entry)) : [];
  return value && typeof value === 'object' && !Array.isArray(value) ? valuesAt((value as Record<string, unknown>)[key], rest, [...at, key], entry) : [];
}

/** Every id of every curated file against its grammar, the lock and the manifest. */
export function checkCuratedIds(input: CuratedIdsInput): Diagnostic[] {
  return ID_FIELDS.flatMap((field) => {
    const curated = input.files[field.file];
    if (!curated) return [];
    return valuesAt(curated.value, field.path).flatMap((found) => {
      if (found.value === null) return [];
      const kind = field.kind === 'entry' ? (found.entry?.kind as IdKind) : field.kind;
      // A kind the schema refused never gets here: the file was not read.
      if (!(kind in ID_GRAMMAR)) return [];
      const problem = idProblem(field, kind, found.value, input);
      return problem ? [error({ ...problem, file: curated.file, place: curated.locate(found.at), source: 'validate' })] : [];
    });
  });
}

type Problem = Pick<Diagnostic, 'reason' | 'ruleId'> & { expected: string; note: string };

/** What is wrong with one id of a field: its grammar first, then whether it exists where the field says. */
function idProblem(field: IdField, kind: GrammarKind, value: unknown, input: CuratedIdsInput): Problem | null {
  const id = String(value);
  const shown = JSON.stringify(id);
  const grammar = typeof value === 'string' ? idGrammarProblem(kind, id) : 'it is not a string';
  if (grammar)
    return {
      reason: `${field.path.at(-1) === '*' ? field.path.at(-2) : field.path.at(-1)} ${shown} is not a valid ${kind} id: ${grammar}`,
      ruleId: 'ids/bad-id',
      expected: `a ${kind} id, as the data publishes it (the grammar of schema/${ID_GRAMMAR[kind].schema})`,
      note: 'copy the id from sources/ids.lock or dist/data; an id never holds a space, a line break, a "." or a capital',
    };
  if (field.names === 'lock' && input.locked && !input.locked.has(`${kind} ${id}`))
    return {
      reason: `${field.path[0] === 'keep' ? 'keep' : 'A migration'} names ${kind} ${id}, which was never published: ${input.lockFile} does not list it`,
      ruleId: 'ids/never-published',
      expected: `a ${kind} id of ${input.lockFile}: keep and migrations are for ids that apps may have stored`,
      note: 'correct the id as the lock spells it; an id that was never published needs no entry: remove it',
    };
  if (field.names === 'manifest' && !input.sources.has(id))
    return {
      reason: `source ${shown} is not a source of the manifest`,
      ruleId: 'ids/unknown-source',
      expected: `one of ${[...input.sources].join(', ')}`,
      note: 'correct the source id as sources/manifest.yaml declares it',
    };
  return null;
}
