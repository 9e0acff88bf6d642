/**
 * `npm run lint` (part): no function in pipeline/ or site/src/ is longer than
 * MAX_LINES, unless it is a table (a function whose body is one returned or
 * assigned object or array literal, or a `switch` of returns). Reads the code
 * with the TypeScript parser; prints each long function as file:line and
 * exits 1; `--top N` lists the N longest instead (for the closing notes).
 *
 * The lines of a function are its own: nested functions count in their
 * parent too, since they are written inside it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from '@babel/parser';
import { repoRoot } from '../io.ts';

export const MAX_LINES = 80;
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
  const ast = parse(text, { sourceType: 'module', plugins: ['typescript'], errorRecovery: true }) as unknown as Node;
  const found: FunctionLength[] = [];
  const visit = (node: Node, parent: Node | null): void => {
    if (FUNCTIONS.has(node.type) && node.loc) {
      found.push({ file, line: node.loc.start.line, name: nameOf(node, parent), lines: node.loc.end.line - node.loc.start.line + 1, table: isTable(node.body as Node) });
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments') continue;
      for (const child of Array.isArray(value) ? value : [value]) if (child && typeof child === 'object' && typeof (child as Node).type === 'string') visit(child as Node, node);
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

/** A body that is one literal (returned, or the arrow's expression): data written as code. */
function isTable(body: Node): boolean {
  const literal = (e: Node | null | undefined): boolean => !!e && (e.type === 'ObjectExpression' || e.type === 'ArrayExpression' || (e.type === 'TSAsExpression' && literal(e.expression as Node)));
  if (body.type !== 'BlockStatement') return literal(body);
  const statements = body.body as Node[];
  return statements.length === 1 && statements[0]!.type === 'ReturnStatement' && literal(statements[0]!.argument as Node);
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

if (import.meta.main) {
  const all = projectFunctions();
  const top = process.argv.indexOf('--top');
  if (top !== -1) {
    const n = Number(process.argv[top + 1] ?? 10);
    for (const f of [...all].sort((a, b) => b.lines - a.lines).slice(0, n)) console.log(`${String(f.lines).padStart(4)}  ${f.name} (${f.file}:${f.line})${f.table ? ' [table]' : ''}`);
  } else {
    const long = all.filter((f) => f.lines > MAX_LINES && !f.table);
    for (const f of long) console.error(`${f.file}:${f.line}:1 error ${f.name} is ${f.lines} lines long; split it (at most ${MAX_LINES} lines, tables excepted) [lint/function-length]`);
    console.log(`${all.length} functions, ${long.length} longer than ${MAX_LINES} lines`);
    process.exitCode = long.length ? 1 : 0;
  }
}
