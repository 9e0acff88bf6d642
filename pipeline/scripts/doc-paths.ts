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
/** Code spans, and the targets of Markdown links. */
const CODE_SPAN = /`([^`\n]+)`/g;
const LINK_TARGET = /\]\(([^)\s]+)\)/g;
/** A diagram's words: what a fenced block without a language holds. */
const DIAGRAM_WORD = /[\w.@[\]-]+(?:\/[\w.@[\]-]+)+\/?|[\w.@-]+\.(?:ts|mjs|md|json|yaml|astro|css|txt)\b/g;

/** A word stripped of what follows a path in prose or a message: punctuation, a `:line:column`, an `#anchor`. */
const bare = (word: string): string =>
  word
    .replace(/^[("']+/, '')
    .replace(/[)"',;.]+$/, '')
    .replace(/(?::\d+)+$/, '')
    .replace(/#.*$/, '');

/** Every path a Markdown text names, with its line. */
export function namedPaths(file: string, text: string): NamedPath[] {
  const found: NamedPath[] = [];
  let fence: string | null = null;
  for (const [index, line] of text.split('\n').entries()) {
    const opening = /^\s*(```+|~~~+)(.*)$/.exec(line);
    if (opening && fence === null) {
      fence = opening[2]!.trim();
      continue;
    }
    if (opening) {
      fence = null;
      continue;
    }
    const add = (path: string, relative = false) => found.push({ file, line: index + 1, path, relative });
    // A fenced block: only a diagram (no language) names paths; code is the reader's to run.
    if (fence !== null) {
      if (fence === '') for (const match of line.matchAll(DIAGRAM_WORD)) add(bare(match[0]));
      continue;
    }
    for (const match of line.matchAll(CODE_SPAN)) for (const word of match[1]!.split(/\s+/)) add(bare(word));
    for (const match of line.matchAll(LINK_TARGET)) if (!ADDRESS_OR_ANCHOR.test(match[1]!)) add(bare(match[1]!), true);
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
