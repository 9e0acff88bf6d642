/**
 * The `api` build target: from the published dataset only, write
 * - dist/api: the static JSON API (pipeline/emit/api.ts), every endpoint
 *   validated against its published schema (dist/data/schema/api/);
 * - dist/lib: the package's runtime API (pipeline/consumer/index.ts), compiled
 *   by TypeScript to index.js and index.d.ts, whose types point at
 *   dist/data/types.d.ts.
 * Each folder is swapped in atomically; on any error neither moves.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { API_SCHEMAS, apiTexts, emitApi } from '../emit/api.ts';
import { dataDirReader, repoRoot, writeTreeAtomically } from '../io.ts';
import type { DataBundle } from '../model/dataset.ts';
import { readBundle } from '../validate/data-bundle.ts';
import { formatDiagnostic, type Diagnostic } from '../model/diagnostic.ts';
import type { Validator } from '../validate/schemas.ts';
import type { TargetContext } from './context.ts';

export async function buildApiTarget(context: TargetContext): Promise<number> {
  const loaded = loadCheckedBundle(context.dataDir, 'api');
  if (!loaded) return 1;
  const { bundle, validator } = loaded;
  const files = emitApi(bundle);
  const diagnostics: Diagnostic[] = files.flatMap((file) => validator.validate(API_SCHEMAS[file.kind], file.value, `dist/api/${file.path}`));
  if (diagnostics.length) {
    for (const d of diagnostics.slice(0, 20)) console.error(formatDiagnostic(d));
    console.error(`nuffle build: ${diagnostics.length} API endpoint${diagnostics.length === 1 ? '' : 's'} break their schema`);
    return 1;
  }
  let lib: Map<string, string>;
  try {
    lib = compileRuntime();
  } catch (cause) {
    console.error(`nuffle build: cannot compile the runtime API (pipeline/consumer/index.ts): ${(cause as Error).message}`);
    return 1;
  }
  try {
    writeTreeAtomically(context.outDir, apiTexts(files));
    writeTreeAtomically(join(dirname(context.outDir), 'lib'), lib);
  } catch (cause) {
    console.error(`nuffle build: cannot write ${context.outDir}: ${(cause as Error).message}`);
    return 1;
  }
  console.log(`api: ${files.length} endpoints in ${context.outDir}; runtime API in ${join(dirname(context.outDir), 'lib')}`);
  return 0;
}

/**
 * The dataset in `dataDir`, checked against its published schemas (and those
 * schemas' validator, for the endpoints); null after printing every problem,
 * located, when it cannot be used.
 */
function loadCheckedBundle(dataDir: string, target: string): { bundle: DataBundle; validator: Validator } | null {
  let result;
  let validator: Validator | undefined;
  try {
    result = readBundle(dataDirReader(dataDir));
    validator = result.validator;
  } catch (cause) {
    console.error(`nuffle build: cannot read the dataset in ${dataDir}: ${(cause as Error).message}`);
    return null;
  }
  if (!result.bundle || !validator) {
    for (const d of result.diagnostics.slice(0, 20)) console.error(formatDiagnostic(d));
    console.error(`nuffle build: the ${target} target reads ${dataDir}, which has ${result.diagnostics.length} problem${result.diagnostics.length === 1 ? '' : 's'}; build the data again (nuffle build --only data)`);
    return null;
  }
  return { bundle: result.bundle, validator };
}

/**
 * pipeline/consumer/index.ts → index.js + index.d.ts, through the project's
 * TypeScript; the types import `../data/types.js` (dist/data/types.d.ts).
 */
export function compileRuntime(): Map<string, string> {
  const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin/tsc');
  const out = mkdtempSync(join(tmpdir(), 'nuffle-lib-'));
  try {
    const result = spawnSync(
      process.execPath,
      [
        tsc,
        '--ignoreConfig',
        join(repoRoot, 'pipeline/consumer/index.ts'),
        ...['--outDir', out, '--rootDir', join(repoRoot, 'pipeline'), '--declaration', '--target', 'es2024', '--lib', 'es2024', '--module', 'nodenext'],
        ...['--moduleResolution', 'nodenext', '--strict', '--skipLibCheck', '--types', 'node', '--newLine', 'lf', '--rewriteRelativeImportExtensions'],
      ],
      { encoding: 'utf8', cwd: repoRoot },
    );
    if (result.status !== 0) throw new Error(`${result.stdout}${result.stderr}`.trim() || `tsc exited with ${result.status}`);
    return runtimeFiles(out);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/**
 * tsc's output as dist/lib lays it out: consumer/* at the top, the shared
 * model modules it imports (the name resolver) under model/, their types
 * importing the published dist/data/types.d.ts instead of schema-types.
 */
function runtimeFiles(out: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const [folder, prefix, types] of [
    ['consumer', '', '../data/types.js'],
    ['model', 'model/', '../../data/types.js'],
  ] as const) {
    const dir = join(out, folder);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).sort()) {
      if (name.startsWith('schema-types.') || !/\.(?:js|d\.ts)$/.test(name)) continue;
      const text = readFileSync(join(dir, name), 'utf8')
        .replace(/(['"])(?:\.\.\/model\/|\.\/)schema-types\.(?:ts|js)\1/g, `'${types}'`)
        .replace(/(['"])\.\.\/model\//g, '$1./model/');
      files.set(`${prefix}${name}`, text);
    }
  }
  return files;
}
