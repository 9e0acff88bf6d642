/**
 * The stages never import each other sideways (docs/ARCHITECTURE.md): a
 * module of a stage imports its own stage's modules and `pipeline/model/`,
 * where every type and helper shared by several stages lives; `model/`
 * imports only itself. The orchestrator (`build/`, `build.ts`), the commands,
 * the targets and the scripts are the edges that join the stages.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const PIPELINE = join(ROOT, 'pipeline');
const STAGES = ['parse', 'link', 'validate', 'emit', 'diff', 'consumer', 'release', 'model'] as const;

/** The relative specifiers a module imports or re-exports, statically or dynamically. */
function relativeImports(text: string): string[] {
  const found: string[] = [];
  for (const pattern of [/\bfrom '(\.{1,2}\/[^']*)'/g, /\bimport\(?\s*'(\.{1,2}\/[^']*)'/g]) {
    for (const match of text.matchAll(pattern)) found.push(match[1]!);
  }
  return found;
}

function modulesOf(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.ts$/.test(file) && !file.startsWith('generated'))
    .map((file) => join(folder, file))
    .sort();
}

/** `pipeline/<top>/…` → `<top>` (a file directly in pipeline/ is its own name). */
const topOf = (file: string): string => relative(PIPELINE, file).split(/[\\/]/)[0]!;

function sidewaysImports(stage: string): string[] {
  const out: string[] = [];
  for (const file of modulesOf(join(PIPELINE, stage))) {
    // Code only: the runtime library's `../data/*.json` is the published package's layout, not a stage.
    for (const specifier of relativeImports(readFileSync(file, 'utf8')).filter((s) => s.endsWith('.ts'))) {
      const target = resolve(dirname(file), specifier);
      const top = topOf(target);
      if (top !== stage && top !== 'model') out.push(`${relative(ROOT, file)} imports ${relative(ROOT, target)}`);
    }
  }
  return out;
}

describe('stage layers', () => {
  it('reads the relative specifiers of static, dynamic and re-exporting imports, not packages', () => {
    const text = [
      "import { a } from './a.ts';",
      "export { b } from '../b.ts';",
      "const c = await import('./c.ts');",
      "import 'vitest';",
      "import x from 'yaml';",
    ].join('\n');
    expect(relativeImports(text)).toEqual(['./a.ts', '../b.ts', './c.ts']);
  });

  for (const stage of STAGES) {
    it(`pipeline/${stage}/ imports only itself${stage === 'model' ? '' : ' and pipeline/model/'}`, () => {
      expect(modulesOf(join(PIPELINE, stage)).length).toBeGreaterThan(0);
      expect(sidewaysImports(stage)).toEqual([]);
    });
  }
});

/** The import graph of `files`: each module's relative `.ts` imports (static, dynamic, type-only and re-exports), resolved. */
function importGraph(files: readonly string[], read: (file: string) => string): Map<string, string[]> {
  return new Map(
    files.map((file) => [
      file,
      relativeImports(read(file))
        .filter((s) => s.endsWith('.ts'))
        .map((s) => resolve(dirname(file), s)),
    ]),
  );
}

/**
 * The import circles of a graph: each group of modules that import each other,
 * directly or through others (a strongly connected component of two or more,
 * or a module that imports itself), its modules sorted (Tarjan's algorithm).
 */
function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const circles: string[][] = [];
  const visit = (module: string): void => {
    index.set(module, index.size);
    low.set(module, index.get(module)!);
    stack.push(module);
    for (const next of graph.get(module) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) visit(next);
      if (stack.includes(next)) low.set(module, Math.min(low.get(module)!, low.get(next)!));
    }
    if (low.get(module) !== index.get(module)) return;
    const group = stack.splice(stack.indexOf(module));
    if (group.length > 1 || graph.get(module)!.includes(module)) circles.push(group.sort());
  };
  for (const module of graph.keys()) if (!index.has(module)) visit(module);
  return circles;
}

describe('imports', () => {
  it('finds a circle, however it is closed: a type import, a dynamic import', () => {
    const texts: Record<string, string> = {
      '/p/a.ts': "import { b } from './b.ts';",
      '/p/b.ts': "const c = await import('./c.ts');",
      '/p/c.ts': "import type { A } from './a.ts';",
      '/p/d.ts': "import { a } from './a.ts';",
    };
    expect(importCircles(importGraph(Object.keys(texts), (f) => texts[f]!))).toEqual([['/p/a.ts', '/p/b.ts', '/p/c.ts']]);
    expect(importCircles(importGraph(['/p/d.ts'], (f) => texts[f]!))).toEqual([]);
  });

  it('form no circle in pipeline/: a module shared by two others lives where neither imports the other (commands/build-options.ts, emit/cards/wanted.ts)', () => {
    const files = modulesOf(PIPELINE);
    const circles = importCircles(importGraph(files, (file) => readFileSync(file, 'utf8')));
    expect(circles.map((c) => c.map((f) => relative(ROOT, f)).join(' → '))).toEqual([]);
  });
});
