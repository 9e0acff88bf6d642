/**
 * `npm run lint` (part): the site's type check. Every `.astro` component and
 * page of site/ and every TypeScript file under site/src/, under the site's
 * own tsconfig (site/tsconfig.json: strict, the Astro globals), as
 * `astro check` would: a typo in a page fails the lint.
 *
 * `astro check` itself (@astrojs/check) runs on TypeScript 5 or 6 only (its
 * language server needs the JavaScript compiler API, which TypeScript 7 has
 * not); Astro's own answer for TypeScript 7, a content mapper, needs 7.1.
 * So this does what that mapper does, on the pinned TypeScript 7.0: Astro's
 * `astro2tsx` turns each component into TSX (with the `Astro` global typed
 * by the page's Props or getStaticPaths), TypeScript's API reads it from a
 * virtual file `X.astro.tsx` beside `X.astro` (and `X.d.astro.ts`, which a
 * package's `exports` lead to), and each error is mapped back to the line and
 * column of the `.astro` file. Files outside the site (node_modules, the
 * pipeline, which `tsc -p tsconfig.json` checks) are read, not reported.
 *
 *     node pipeline/scripts/check-site.ts [site folder]   # default: site/
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { type ConvertToTsxResult, convertToTsx, DiagnosticSeverity } from '@astrojs/astro2tsx';
import { API, type Diagnostic } from 'typescript/unstable/sync';
import { repoRoot } from '../io.ts';

/** One error, located in the file a reader edits. */
export interface SiteTypeError {
  file: string;
  line: number;
  column: number;
  message: string;
  /** `TS2322`, or `astro` for a component the Astro compiler cannot read. */
  code: string;
}

type Mapping = ConvertToTsxResult['mappings'][number];

/**
 * The offset in the `.astro` source of an offset in its TSX. Inside a mapped
 * span, the same distance from its start (clamped to the source span's
 * length); in generated code between spans, the end of the span before it
 * (or the start of the file).
 */
export function sourceOffset(mappings: readonly Mapping[], generated: number): number {
  let before: Mapping | undefined;
  for (const mapping of mappings) {
    const [start, length, original, originalLength] = mapping;
    if (generated >= start && generated < start + Math.max(length, 1)) return original + Math.min(generated - start, originalLength);
    if (start + length <= generated && (!before || start + length > before[0] + before[1])) before = mapping;
  }
  return before ? before[2] + before[3] : 0;
}

/** 1-based line and column (UTF-16 code units, as an editor counts them) of `offset` in `text`. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const head = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lineStart = head.lastIndexOf('\n') + 1;
  return { line: head.split('\n').length, column: head.length - lineStart + 1 };
}

/** A diagnostic's message: its text and the chain of reasons below it. */
interface Message {
  text: string;
  messageChain?: readonly Message[] | undefined;
}

/** A diagnostic's text with its chain, one indented line per level, as tsc prints it. */
export function messageText(diagnostic: Message, depth = 0): string {
  const own = `${'  '.repeat(depth)}${diagnostic.text}`;
  return [own, ...(diagnostic.messageChain ?? []).map((next) => messageText(next, depth + 1))].join('\n');
}

/** Every `.astro` file under `dir` (node_modules and dot folders left out). */
function astroFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? astroFiles(path) : entry.name.endsWith('.astro') ? [path] : [];
  });
}

/** Components as TSX, converted once each, on demand (the site's and those of packages its imports reach). */
class Components {
  readonly #converted = new Map<string, { source: string; tsx: ConvertToTsxResult }>();

  get(file: string): { source: string; tsx: ConvertToTsxResult } {
    let entry = this.#converted.get(file);
    if (!entry) {
      const source = readFileSync(file, 'utf8');
      entry = { source, tsx: convertToTsx(source, { filename: file, ambientTypes: true }) };
      this.#converted.set(file, entry);
    }
    return entry;
  }

  /** The component a virtual file stands for: `X.astro` for `X.astro.tsx` and `X.d.astro.ts`, if it exists. */
  static sourceOf(virtual: string): string | null {
    const file = virtual.endsWith('.astro.tsx')
      ? virtual.slice(0, -'.tsx'.length)
      : virtual.endsWith('.d.astro.ts')
        ? `${virtual.slice(0, -'.d.astro.ts'.length)}.astro`
        : null;
    return file && existsSync(file) ? file : null;
  }
}

/** What TypeScript reads: each component's TSX beside it, the declaration a package's `exports` lead to, and the check's own tsconfig. */
function virtualFiles(components: Components, config: string, configText: string) {
  const text = (file: string): string | null | undefined => {
    if (file === config) return configText;
    const source = Components.sourceOf(file);
    if (!source) return undefined;
    if (file.endsWith('.tsx')) return components.get(source).tsx.code;
    const tsx = `./${source.slice(source.lastIndexOf('/') + 1)}.tsx`;
    return `export * from '${tsx}';\nexport { default } from '${tsx}';\n`;
  };
  return {
    readFile: text,
    fileExists: (file: string) => (text(file) === undefined ? undefined : true),
  };
}

/** A TypeScript diagnostic on a site file, located in the file as written. */
function locate(diagnostic: Diagnostic, components: Components, config: string): SiteTypeError {
  const fileName = diagnostic.fileName;
  if (!fileName) return { file: config, line: 1, column: 1, message: messageText(diagnostic), code: `TS${diagnostic.code}` };
  const source = Components.sourceOf(fileName);
  const { text, offset } = source
    ? { text: components.get(source).source, offset: sourceOffset(components.get(source).tsx.mappings, diagnostic.pos) }
    : { text: readFileSync(fileName, 'utf8'), offset: diagnostic.pos };
  return { file: source ?? fileName, ...lineColumn(text, offset), message: messageText(diagnostic), code: `TS${diagnostic.code}` };
}

/** What the Astro compiler could not read in a component (best-effort TSX was still checked). */
function parseErrors(file: string, components: Components): SiteTypeError[] {
  const { source, tsx } = components.get(file);
  return tsx.diagnostics
    .filter((d) => d.severity === DiagnosticSeverity.Error)
    .map((d) => ({ file, ...lineColumn(source, d.position.start), message: d.message, code: 'astro' }));
}

/** Every type error of the Astro project in `siteDir`, ordered by file and place. */
export function checkSite(siteDir: string): SiteTypeError[] {
  const root = resolve(siteDir);
  const components = new Components();
  const pages = astroFiles(join(root, 'src'));
  // The site's tsconfig, with every component as a root file (a `.astro` file is not one of TypeScript's extensions, so `include` cannot list
  // it), and `X.d.astro.ts` allowed: TypeScript looks for it first, for `import … from './X.astro'` as for a package's `exports`.
  const config = join(root, 'tsconfig.check-site.json');
  const configText = JSON.stringify({
    extends: './tsconfig.json',
    compilerOptions: { allowArbitraryExtensions: true },
    files: pages.map((file) => `${file}.tsx`),
  });
  const api = new API({ cwd: root, fs: virtualFiles(components, config, configText) });
  try {
    const project = api.updateSnapshot({ openProject: config }).getProject(config);
    if (!project) throw new Error(`TypeScript did not open ${config}`);
    const { program } = project;
    const diagnostics = [
      ...program.getConfigFileParsingDiagnostics(),
      ...program.getProgramDiagnostics(),
      ...program.getSyntacticDiagnostics(),
      ...program.getSemanticDiagnostics(),
    ];
    const inSite = (file: string) => {
      const path = relative(root, file);
      return !path.startsWith('..') && !isAbsolute(path) && !path.split('/').includes('node_modules');
    };
    const errors = diagnostics.filter((d) => d.category === 1 && (d.fileName === undefined || inSite(d.fileName)));
    const located = [...errors.map((d) => locate(d, components, join(root, 'tsconfig.json'))), ...pages.flatMap((file) => parseErrors(file, components))];
    return located.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column));
  } finally {
    api.close();
  }
}

/** One error as the lint prints it: `site/src/pages/index.astro:12:5 error …`, the chain's lines below it. */
export function formatError(error: SiteTypeError, from: string): string {
  const [first, ...rest] = error.message.split('\n');
  return [`${relative(from, error.file) || error.file}:${error.line}:${error.column} error ${first} [${error.code}]`, ...rest.map((line) => `  ${line}`)].join(
    '\n',
  );
}

if (import.meta.main) {
  const errors = checkSite(process.argv[2] ?? join(repoRoot, 'site'));
  for (const error of errors) console.error(formatError(error, process.cwd()));
  if (errors.length > 0) {
    console.error(`\n${errors.length} type error${errors.length === 1 ? '' : 's'} in the site (node pipeline/scripts/check-site.ts)`);
    process.exit(1);
  }
  console.log('site: no type errors');
}
