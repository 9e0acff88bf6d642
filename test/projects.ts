/**
 * Which vitest project runs a test file (docs/TESTING.md, "Three projects").
 * The rule reads the file's imports, so a new file lands in its project with
 * no list to edit and no renaming:
 *
 * - `browser`: it imports playwright-core or axe, or `launchChromium`;
 * - `build`: it imports a real-build helper (`BUILD` below: the shared
 *   build, the in-memory real build, a copy of the project, a project read
 *   from disk and built, the CLI, a child process, the package or the site
 *   built by a helper);
 * - `unit`: everything else. Its setup (test/setup/unit.ts) makes those
 *   helpers throw, so a slow test cannot hide in it.
 *
 * Read by vitest.config.ts; `node test/projects.ts` prints each file's project and why.
 */
import { globSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export type ProjectName = 'unit' | 'build' | 'browser';

const ROOT = resolve(import.meta.dirname, '..');

/** Module (repo-relative path or package name) → the imported names that put a file in the project; `*` is any import of it. */
type Markers = Readonly<Record<string, readonly string[]>>;

const BROWSER: Markers = {
  'playwright-core': ['*'],
  '@axe-core/playwright': ['*'],
  'test/site/helpers.ts': ['launchChromium'],
};

const BUILD: Markers = {
  'test/shared-build.ts': ['*'],
  'test/helpers.ts': ['realBuild', 'realData', 'skills', 'rulings', 'record', 'copyProject', 'runCli', 'runCliProcess', 'withFileChanged'],
  'test/cards/helpers.ts': ['realBundle'],
  'test/site/helpers.ts': ['buildInto'],
  'test/site/hostile-project.ts': ['*'],
  'test/site/retired-ids-project.ts': ['*'],
  'test/consumer/pack.ts': ['*'],
  'pipeline/cli.ts': ['main', 'runNuffle', 'readProject', 'buildOnce'],
  'pipeline/commands/project.ts': ['readProject', 'readProjectOrReport', 'compileProject'],
  'pipeline/commands/build.ts': ['*'],
  'pipeline/scripts/bench-dev.ts': ['*'],
  'node:child_process': ['*'],
};

interface Import {
  /** Repo-relative path for a relative import, else the specifier as written. */
  module: string;
  /** The imported names (`*` for a namespace, default or side-effect import). */
  names: string[];
}

const IMPORT = /(?:^|\n)\s*import\s+'([^']+)'|(?:^|\n)\s*import\s+(type\s+)?([^'"]*?)\s+from\s+'([^']+)'|(?<!typeof\s+)\bimport\(\s*'([^']+)'\s*\)/g;

/** The static and dynamic imports of a module's text, type-only ones (`import type`, `type X`, `typeof import(…)`) left out. */
export function importsOf(text: string, file: string): Import[] {
  const out: Import[] = [];
  const where = (spec: string) =>
    spec.startsWith('.')
      ? relative(ROOT, resolve(ROOT, dirname(file), spec))
          .split('\\')
          .join('/')
      : spec;
  for (const m of text.matchAll(IMPORT)) {
    if (m[2] !== undefined) continue;
    const clause = m[3];
    const spec = m[1] ?? m[4] ?? m[5]!;
    if (clause === undefined) {
      out.push({ module: where(spec), names: ['*'] });
      continue;
    }
    const braces = /\{([^}]*)\}/.exec(clause);
    const names = braces
      ? braces[1]!
          .split(',')
          .map((n) => n.trim())
          .filter((n) => n !== '' && !n.startsWith('type '))
          .map((n) => n.split(/\s+as\s+/)[0]!)
      : [];
    // `import x from`, `import * as x from`, or `import x, { … } from`.
    if (clause.replace(/\{[^}]*\}/, '').replace(/[\s,]/g, '') !== '') names.push('*');
    if (names.length) out.push({ module: where(spec), names });
  }
  return out;
}

/** The first import of `imports` that `markers` names, as `name from module`. */
function marked(imports: readonly Import[], markers: Markers): string | null {
  for (const { module, names } of imports) {
    const wanted = markers[module];
    if (!wanted) continue;
    const hit = names.find((n) => wanted.includes('*') || wanted.includes(n));
    if (hit !== undefined) return `${hit === '*' ? 'imports' : hit} from ${module}`;
  }
  return null;
}

/** The project of a test file (repo-relative path) and the import that decided it. */
export function classify(file: string, text = readFileSync(join(ROOT, file), 'utf8')): { project: ProjectName; because: string } {
  const imports = importsOf(text, file);
  const browser = marked(imports, BROWSER);
  if (browser) return { project: 'browser', because: browser };
  const build = marked(imports, BUILD);
  if (build) return { project: 'build', because: build };
  return { project: 'unit', because: 'no real-build or browser import' };
}

/** Every test file of the suite, repo-relative, sorted. */
export const TEST_GLOB = 'test/**/*.test.ts';

/** The test files of each project. */
export function projectFiles(): Record<ProjectName, string[]> {
  const out: Record<ProjectName, string[]> = { unit: [], build: [], browser: [] };
  for (const file of globSync(TEST_GLOB, { cwd: ROOT }).sort()) out[classify(file).project].push(file);
  return out;
}

if (process.argv[1] === import.meta.filename) {
  for (const file of globSync(TEST_GLOB, { cwd: ROOT }).sort()) {
    const { project, because } = classify(file);
    console.log(`${project.padEnd(8)}${file}  (${because})`);
  }
}
