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
