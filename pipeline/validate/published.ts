/**
 * The published dataset as an output target finds it. Before the site renders
 * from `dist/data`, it must be the dataset the data target wrote: every file's
 * bytes match its `.sha256` and its entry in meta.json, no file was added, and
 * every record fits the compiler's schemas and refers only to records that
 * exist. Pure: the caller reads the folder (`files`, paths relative to it) and
 * names it (`dir`, as diagnostics print it).
 */
import { createHash } from 'node:crypto';
import { BUNDLE_FILES } from '../model/dataset.ts';
import { error, type Diagnostic, type Place } from '../model/diagnostic.ts';
import type { Concept, CrosswalkRow, MetaFile, Migration, Ruling, Skill } from '../model/schema-types.ts';
import { checkIntegrity, checkMigrationIds } from './integrity.ts';
import type { Validator } from '../model/validator.ts';

const DIGEST_SUFFIX = '.sha256';
/** The list of every file's digest at the root (`sha256sum -c SHA256SUMS`). */
const DIGEST_LIST = 'SHA256SUMS';
/** Files meta.json does not list: itself, its minified copy and the digest files. */
const UNLISTED = new Set(['meta.json', 'meta.min.json']);
/** The files whose records are checked against `schema/<name>.schema.json`, besides the bundle's. */
const EXTRA_SCHEMA_FILES = ['datapackage.json'];

const digestOf = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
const REBUILD = 'rebuild the dataset with `nuffle build --only data`; dist/data is never edited by hand';

export function checkPublishedData(files: ReadonlyMap<string, Uint8Array | null>, validator: Validator, dir: string): Diagnostic[] {
  const at = (path: string) => `${dir}/${path}`;
  const problem = (path: string, ruleId: string, reason: string, extra: Partial<Diagnostic> = {}) =>
    error({ reason, file: at(path), ruleId, source: 'validate', note: REBUILD, ...extra });
  const diagnostics: Diagnostic[] = [];
  for (const [path, bytes] of files) {
    if (bytes === null)
      diagnostics.push(
        problem(path, 'data/unlisted-file', `${path} is not a regular file (a link or a special file); the data target writes plain files only`),
      );
  }
  const metaBytes = files.get('meta.json');
  if (!metaBytes) return [...diagnostics, problem('meta.json', 'data/missing-file', 'meta.json is missing: nothing says which files the dataset holds')];
  const meta = parseJson(metaBytes, 'meta.json', diagnostics, problem) as MetaFile | undefined;
  if (meta === undefined) return diagnostics;
  const metaSchema = validator.validate('meta.schema.json', meta, at('meta.json'));
  if (metaSchema.length) return [...diagnostics, ...metaSchema];

  const bad = checkDigests(files, meta, problem, diagnostics);
  const values = new Map<string, unknown>();
  for (const file of [...Object.values(BUNDLE_FILES), ...EXTRA_SCHEMA_FILES]) {
    for (const path of [file, file.replace(/\.json$/, '.min.json')]) {
      const bytes = files.get(path);
      if (!bytes || bad.has(path)) continue;
      const value = parseJson(bytes, path, diagnostics, problem);
      if (value === undefined) continue;
      const schema = `${file.replace(/\.json$/, '')}.schema.json`;
      const found = validator.validate(schema, value, at(path), recordLocator(new TextDecoder().decode(bytes)));
      diagnostics.push(...found);
      if (!found.length && path === file) values.set(file, value);
    }
  }
  if (diagnostics.length) return diagnostics;
  const list = <T>(file: string) => (values.get(file) ?? []) as T[];
  return [
    ...checkIntegrity(
      list<Skill>(BUNDLE_FILES.skills),
      list<Ruling>(BUNDLE_FILES.rulings),
      list<Concept>(BUNDLE_FILES.concepts),
      list<CrosswalkRow>(BUNDLE_FILES.crosswalk),
    ).map((d) => ({ ...d, file: dir })),
    ...checkMigrationIds(list<Migration>(BUNDLE_FILES.migrations), at(BUNDLE_FILES.migrations)),
  ];
}

type Problem = (path: string, ruleId: string, reason: string, extra?: Partial<Diagnostic>) => Diagnostic;

/**
 * Every file against what claims its digest (its `.sha256` file, its meta.json
 * entry): one diagnostic per file that differs, is missing or is not claimed.
 * Returns the paths whose bytes are not the published ones.
 */
function checkDigests(files: ReadonlyMap<string, Uint8Array | null>, meta: MetaFile, problem: Problem, diagnostics: Diagnostic[]): Set<string> {
  const bad = new Set<string>();
  const listed = new Map(meta.files.map((f) => [f.path, f.sha256]));
  const summed = digestList(files.get(DIGEST_LIST));
  for (const path of listed.keys()) {
    if (!files.has(path)) {
      diagnostics.push(problem(path, 'data/missing-file', `${path} is missing, though meta.json lists it`));
      bad.add(path);
    }
  }
  for (const [path, bytes] of files) {
    if (bytes === null || path.endsWith(DIGEST_SUFFIX) || path === DIGEST_LIST) continue;
    if (!listed.has(path) && !UNLISTED.has(path)) {
      diagnostics.push(
        problem(path, 'data/unlisted-file', `${path} is not a file of the dataset: meta.json does not list it`, {
          note: `a file added to dist/data would be served under /data/ as if it were published; ${REBUILD}`,
        }),
      );
      bad.add(path);
      continue;
    }
    const claims: { by: string; sha256: string }[] = [];
    const sidecar = files.get(path + DIGEST_SUFFIX);
    if (sidecar) {
      const match = /^([0-9a-f]{64}) {2}(.+)\n?$/.exec(new TextDecoder().decode(sidecar));
      claims.push({ by: path + DIGEST_SUFFIX, sha256: match && match[2] === path ? match[1]! : `(not "<sha256>  ${path}")` });
    } else if (!path.includes('/')) {
      // Every top-level file has its digest beside it; the schema folder's are in meta.json only.
      diagnostics.push(problem(path, 'data/missing-digest', `${path} has no ${path}${DIGEST_SUFFIX} beside it`));
      bad.add(path);
    }
    if (listed.has(path)) claims.push({ by: 'meta.json', sha256: listed.get(path)! });
    if (summed?.has(path)) claims.push({ by: DIGEST_LIST, sha256: summed.get(path)! });
    const actual = digestOf(bytes);
    const wrong = claims.filter((claim) => claim.sha256 !== actual);
    if (wrong.length) {
      diagnostics.push(
        problem(
          path,
          'data/digest-mismatch',
          `${path} changed after it was published: its SHA-256 is not the one ${wrong.map((w) => w.by).join(' and ')} give${wrong.length === 1 ? 's' : ''}`,
          {
            expected: wrong.map((w) => `${w.sha256} (${w.by})`).join(', '),
            actual,
          },
        ),
      );
      bad.add(path);
    }
  }
  for (const path of files.keys()) {
    // A listed file that is missing was reported above, once.
    if (path.endsWith(DIGEST_SUFFIX) && !files.has(path.slice(0, -DIGEST_SUFFIX.length)) && !listed.has(path.slice(0, -DIGEST_SUFFIX.length))) {
      diagnostics.push(problem(path, 'data/missing-file', `${path} gives the digest of ${path.slice(0, -DIGEST_SUFFIX.length)}, which is missing`));
    }
  }
  return bad;
}

/** SHA256SUMS as path → digest; a line that is not `<sha256>  <path>` gives nothing, so the file it meant to cover is then checked by its other claims only. */
function digestList(bytes: Uint8Array | null | undefined): Map<string, string> | null {
  if (!bytes) return null;
  const digests = new Map<string, string>();
  for (const line of new TextDecoder().decode(bytes).split('\n')) {
    const match = /^([0-9a-f]{64}) {2}(\S.*)$/.exec(line);
    if (match) digests.set(match[2]!, match[1]!);
  }
  return digests;
}

function parseJson(bytes: Uint8Array, path: string, diagnostics: Diagnostic[], problem: Problem): unknown {
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as unknown;
  } catch (cause) {
    diagnostics.push(problem(path, 'data/unreadable', `${path} is not JSON: ${(cause as Error).message}`));
    return undefined;
  }
}

/**
 * Where the record at a schema error's path starts in a pretty-printed file
 * (`JSON.stringify(value, null, 2)`, as the data target writes it): the line
 * of its opening brace. Null for other layouts.
 */
function recordLocator(text: string): (path: (string | number)[]) => Place | null {
  let starts: number[] | undefined;
  return (path) => {
    if (typeof path[0] !== 'number') return null;
    starts ??= text.split('\n').flatMap((line, index) => (line === '  {' ? [index + 1] : []));
    const line = starts[path[0]];
    return line === undefined ? null : { line, column: 3 };
  };
}
