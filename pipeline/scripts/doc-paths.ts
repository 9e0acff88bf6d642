/**
 * `npm run lint` (part): every repository path the docs name exists. Reads
 * the Markdown files at the top of the repository and under docs/, takes
 * each path they name (in a code span, a diagram, or a link), and prints
 * `file:line: <path> names nothing in the repository` for each one that does
 * not resolve; exits 1 if any.
 *
 * A path counts when its first part is an entry of the repository's top
 * (`pipeline/…`, `test/…`, `schema/…`, `package.json`) or of pipeline/ (the
 * docs write `emit/csv.ts` for `pipeline/emit/csv.ts`); a link is resolved
 * from its file's folder. What a build or a run writes (`dist/`,
 * `node_modules/`, `test-artifacts/`), placeholders (`<case>`, `*`),
 * addresses and diagnostic codes (`schema/invalid`: a `ruleId` of the code)
 * are not repository paths.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { repoRoot } from '../io.ts';

/** Folders that a build, a test run or an install writes: named by the docs, never in the repository. */
const WRITTEN = new Set(['dist', 'node_modules', 'test-artifacts', '.stryker-tmp']);

/** A path the docs name, where they name it. */
export interface NamedPath {
  file: string;
  line: number;
  path: string;
  /** Resolved from the doc's folder (a Markdown link), not from the repository's top. */
  relative: boolean;
}

/** A word that may be a path: letters, digits and `._-@[]`, parts joined by `/`; a trailing `/` for a folder. */
const PATH_WORD = /^[\w.@[\]-]+(?:\/[\w.@[\]-]+)*\/?$/;
/** A link target that is no repository path: an address (`https:`, `mailto:`), an anchor, or a path from the site's root. */
const ADDRESS_OR_ANCHOR = /^[a-z]+:|^#|^\//;
/** Code spans. */
const CODE_SPAN = /`([^`\n]+)`/g;
/** What a diagram's word is made of: letters, digits, `._-@[]` and `/`; anything else ends a word. */
const NOT_WORD = /[^\w.@[\]/-]+/;
/** A diagram's word that names a path: parts joined by `/`, or a file name with its extension. */
const DIAGRAM_PATH = /^[\w.@[\]-]+(?:\/[\w.@[\]-]+)+\/?$/;
const FILE_NAME = /^[\w@-][\w.@-]*$/;
const EXTENSIONS = new Set(['ts', 'mjs', 'md', 'json', 'yaml', 'astro', 'css', 'txt']);

// The scanners below read each line once, left to right: no expression that can backtrack over what a doc holds (test/redos.test.ts).

/** The targets of a line's Markdown links: what follows `](` up to the `)`, with no space in it. */
function linkTargets(line: string): string[] {
  const targets: string[] = [];
  for (let at = line.indexOf(']('); at !== -1; ) {
    let end = at + 2;
    while (end < line.length && line[end] !== ')' && !/\s/.test(line[end]!)) end++;
    if (line[end] === ')' && end > at + 2) targets.push(line.slice(at + 2, end));
    // A `](` before `end` would stop where this one did: look after it.
    at = line.indexOf('](', Math.max(end, at + 2));
  }
  return targets;
}

/** A diagram line's words that name a path (`validate/compulsory.ts`, `meta.json`). */
function diagramWords(line: string): string[] {
  return line.split(NOT_WORD).flatMap((run) => {
    const word = run.replace(/^\/+/, '');
    if (DIAGRAM_PATH.test(word)) return [word];
    const dot = word.lastIndexOf('.');
    return dot > 0 && FILE_NAME.test(word) && EXTENSIONS.has(word.slice(dot + 1)) ? [word] : [];
  });
}

/** A fence's info string (`ts`, or empty for a diagram) when the line opens or closes a fenced block; else null. */
function fenceOf(line: string): string | null {
  const text = line.trimStart();
  const mark = text[0];
  if (mark !== '`' && mark !== '~') return null;
  let length = 0;
  while (text[length] === mark) length++;
  return length >= 3 ? text.slice(length).trim() : null;
}

const LEADING = new Set(['(', '"', "'"]);
const TRAILING = new Set([')', '"', "'", ',', ';', '.']);
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

/** A word stripped of what follows a path in prose or a message: punctuation, a `:line:column`, an `#anchor`. */
function bare(word: string): string {
  let start = 0;
  let end = word.length;
  while (start < end && LEADING.has(word[start]!)) start++;
  while (end > start && TRAILING.has(word[end - 1]!)) end--;
  // Each `:digits` at the end, from the last.
  for (;;) {
    let digits = end;
    while (digits > start && isDigit(word[digits - 1])) digits--;
    if (digits === end || digits === start || word[digits - 1] !== ':') break;
    end = digits - 1;
  }
  const path = word.slice(start, end);
  const hash = path.indexOf('#');
  return hash === -1 ? path : path.slice(0, hash);
}

/** Every path a Markdown text names, with its line. */
export function namedPaths(file: string, text: string): NamedPath[] {
  const found: NamedPath[] = [];
  let fence: string | null = null;
  for (const [index, line] of text.split('\n').entries()) {
    const opening = fenceOf(line);
    if (opening !== null) {
      fence = fence === null ? opening : null;
      continue;
    }
    const add = (path: string, relative = false) => found.push({ file, line: index + 1, path, relative });
    // A fenced block: only a diagram (no language) names paths; code is the reader's to run.
    if (fence !== null) {
      if (fence === '') for (const word of diagramWords(line)) add(bare(word));
      continue;
    }
    for (const match of line.matchAll(CODE_SPAN)) for (const word of match[1]!.split(/\s+/)) add(bare(word));
    for (const target of linkTargets(line)) if (!ADDRESS_OR_ANCHOR.test(target)) add(bare(target), true);
  }
  return found.filter((p) => p.path !== '' && PATH_WORD.test(p.path));
}

/**
 * The named paths that name nothing: `exists(path)` says whether a path
 * (relative to the repository, `/`-separated) is there; `roots` are the
 * entries of the repository's top, `pipelineRoots` those of pipeline/,
 * `ruleIds` the diagnostic codes (never paths).
 */
export function missingPaths(
  named: readonly NamedPath[],
  exists: (path: string) => boolean,
  roots: ReadonlySet<string>,
  pipelineRoots: ReadonlySet<string>,
  ruleIds: ReadonlySet<string> = new Set(),
): NamedPath[] {
  return named.filter(({ file, path, relative }) => {
    if (relative) return !exists(posix.normalize(posix.join(posix.dirname(file), path)));
    if (ruleIds.has(path)) return false;
    const first = path.split('/')[0]!;
    if (WRITTEN.has(first)) return false;
    if (roots.has(first)) return !exists(path);
    if (pipelineRoots.has(first)) return !exists(`pipeline/${path}`);
    return false;
  });
}

/** The Markdown files the check reads: the repository's top and docs/ (not the generated reference parts). */
function docFiles(root: string): string[] {
  const top = readdirSync(root).filter((name) => name.endsWith('.md'));
  const docs = readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`);
  return [...top, ...docs].sort();
}

/** The diagnostic codes the pipeline's code writes (`ruleId: 'schema/invalid'`). */
function ruleIdsOf(root: string): Set<string> {
  const ids = new Set<string>();
  for (const file of readdirSync(join(root, 'pipeline'), { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts'))) {
    for (const match of readFileSync(join(root, 'pipeline', file), 'utf8').matchAll(/ruleId:\s'([^'\s]+)'/g)) ids.add(match[1]!);
  }
  return ids;
}

/** The check on the repository at `root`: each missing path as `file:line: …`. */
export function checkDocPaths(root: string): string[] {
  const entries = (folder: string) => new Set(readdirSync(folder).filter((name) => !WRITTEN.has(name) && name !== '.git'));
  const named = docFiles(root).flatMap((file) => namedPaths(file, readFileSync(join(root, file), 'utf8')));
  const missing = missingPaths(named, (path) => existsSync(join(root, path)), entries(root), entries(join(root, 'pipeline')), ruleIdsOf(root));
  return missing.map(({ file, line, path }) => `${file}:${line}: \`${path}\` names nothing in the repository`);
}

if (import.meta.main) {
  const problems = checkDocPaths(repoRoot);
  for (const problem of problems) console.error(problem);
  if (problems.length) {
    console.error(`${problems.length} path${problems.length === 1 ? '' : 's'} the docs name do not exist: fix the doc (or the name)`);
    process.exitCode = 1;
  } else console.log('every repository path the docs name exists');
}
