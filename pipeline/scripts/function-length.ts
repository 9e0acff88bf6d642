/**
 * `npm run lint` (part): no function in pipeline/ or site/src/ is longer than
 * `--max N` lines (default MAX_LINES), unless it is marked as a data table.
 * Reads the code with the TypeScript parser; prints each long function as
 * file:line and exits 1; `--top N` lists the N longest instead (for the
 * closing notes).
 *
 * The marker: a comment holding `function-length: table` in the comment
 * block right above the function (or above the declaration that holds it),
 * saying why it is data. Only a function that is a table of data written as
 * code deserves it (one returned object of labels, a list of rows); a long
 * function of logic is split, never marked:
 *
 *     // function-length: table — one row per schema field, nothing else.
 *     export function fieldRows(): Row[] {
 *
 * The lines of a function are its own: nested functions count in their
 * parent too, since they are written inside it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from '@babel/parser';
import { repoRoot } from '../io.ts';

export const MAX_LINES = 80;
/** The marker that exempts a data table, in the comment block right above it. */
export const TABLE_MARKER = 'function-length: table';
const FOLDERS = ['pipeline', 'site/src'];
const SKIP = /(^|\/)(generated|node_modules)\/|schema-types\.ts$|\.d\.ts$/;
const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression', 'ObjectMethod', 'ClassMethod', 'ClassPrivateMethod']);

export interface FunctionLength {
  file: string;
  line: number;
  name: string;
  lines: number;
  table: boolean;
}

interface Node {
  type: string;
  loc?: { start: { line: number }; end: { line: number } };
  [key: string]: unknown;
}

/** Every function of a TypeScript text (or the frontmatter of an .astro component), with its length in lines. */
export function functionLengths(file: string, text: string): FunctionLength[] {
  const lines = text.split('\n');
  const ast = parse(text, { sourceType: 'module', plugins: ['typescript'], errorRecovery: true }) as unknown as Node;
  const found: FunctionLength[] = [];
  const visit = (node: Node, parent: Node | null): void => {
    if (FUNCTIONS.has(node.type) && node.loc) {
      found.push({
        file,
        line: node.loc.start.line,
        name: nameOf(node, parent),
        lines: node.loc.end.line - node.loc.start.line + 1,
        table: markedAsTable(lines, node.loc.start.line),
      });
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments') continue;
      for (const child of Array.isArray(value) ? value : [value])
        if (child && typeof child === 'object' && typeof (child as Node).type === 'string') visit(child as Node, node);
    }
  };
  visit(ast, null);
  return found;
}

const identifier = (node: unknown): string | null => (node && typeof node === 'object' && 'name' in node && typeof node.name === 'string' ? node.name : null);

function nameOf(node: Node, parent: Node | null): string {
  const own = identifier(node.id) ?? identifier(node.key);
  if (own) return own;
  if (parent?.type === 'VariableDeclarator') return identifier(parent.id) ?? '(anonymous)';
  if (parent?.type === 'ObjectProperty') return identifier(parent.key) ?? '(anonymous)';
  if (parent?.type === 'CallExpression') return `${identifier(parent.callee) ?? identifier((parent.callee as Node).property) ?? 'a call'}(…) callback`;
  return '(anonymous)';
}

/**
 * Whether the comment block right above line `line` (1-based), or above the
 * declaration that line continues, holds the table marker. Walks up over
 * comment lines and the lines of a declaration head (`export const x =`).
 */
export function markedAsTable(lines: readonly string[], line: number): boolean {
  for (let i = line - 2; i >= 0; i--) {
    const text = lines[i]!.trim();
    if (text.includes(TABLE_MARKER)) return true;
    const comment = text.startsWith('//') || text.startsWith('/*') || text.startsWith('*');
    if (!comment) return false;
  }
  return false;
}

/** The frontmatter of an .astro component: the part between the `---` fences. */
function astroScript(text: string): string {
  const match = /^---\n([\s\S]*?)\n---/.exec(text);
  return match ? match[1]! : '';
}

export function projectFunctions(root = repoRoot): FunctionLength[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      const rel = relative(root, full);
      if (SKIP.test(rel)) continue;
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|mts|astro)$/.test(entry.name)) files.push(rel);
    }
  };
  for (const folder of FOLDERS) walk(join(root, folder));
  return files.sort().flatMap((file) => {
    const text = readFileSync(join(root, file), 'utf8');
    // In an .astro file, line numbers count from the line after the opening fence.
    return file.endsWith('.astro') ? functionLengths(file, astroScript(text)).map((f) => ({ ...f, line: f.line + 1 })) : functionLengths(file, text);
  });
}

/** The value of `--name N` in argv, or `fallback`; a value that is not a whole number ≥ 1 is refused. */
function numberOption(argv: readonly string[], name: string, fallback: number): number {
  const at = argv.indexOf(name);
  if (at === -1) return fallback;
  const value = Number(argv[at + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} takes a whole number ≥ 1; got "${argv[at + 1] ?? ''}"`);
  return value;
}

if (import.meta.main) {
  const all = projectFunctions();
  const max = numberOption(process.argv, '--max', MAX_LINES);
  const top = process.argv.indexOf('--top');
  if (top !== -1) {
    const n = numberOption(process.argv, '--top', 10);
    for (const f of [...all].sort((a, b) => b.lines - a.lines).slice(0, n))
      console.log(`${String(f.lines).padStart(4)}  ${f.name} (${f.file}:${f.line})${f.table ? ' [table]' : ''}`);
  } else {
    const long = all.filter((f) => f.lines > max && !f.table);
    for (const f of long)
      console.error(
        `${f.file}:${f.line}:1 error ${f.name} is ${f.lines} lines long; split it (at most ${max} lines; a data table may be marked "${TABLE_MARKER}") [lint/function-length]`,
      );
    console.log(`${all.length} functions, ${long.length} longer than ${max} lines`);
    process.exitCode = long.length ? 1 : 0;
  }
}
