/**
 * The `api` build target: from the published dataset only, write
 * - dist/api: the static JSON API (pipeline/emit/api.ts), every endpoint
 *   validated against its published schema (dist/data/schema/api/);
 * - dist/lib: the package's runtime API (pipeline/consumer/), compiled by
 *   TypeScript to index.js and index.d.ts (and a .js and .d.ts per module),
 *   whose types point at dist/data/types.d.ts.
 * Each folder is swapped in atomically; on any error neither moves.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { API_SCHEMAS, apiPath, apiTexts, emitApi, hostFiles, isDownloadable } from '../emit/api.ts';
import { dataDirReader, outputPath, repoRoot, writeTreeAtomically } from '../io.ts';
import type { DataBundle } from '../model/dataset.ts';
import { readBundle } from '../validate/data-bundle.ts';
import { formatDiagnostic, type Diagnostic } from '../model/diagnostic.ts';
import type { Validator } from '../model/validator.ts';
import type { TargetContext } from './context.ts';

export async function buildApiTarget(context: TargetContext): Promise<number> {
  const loaded = loadCheckedBundle(context.dataDir, 'api');
  if (!loaded) return 1;
  const { bundle, validator } = loaded;
  // The files bulk-data.json offers, copied into the API under their version's folder: it works hosted alone.
  const downloads = new Map(
    readdirSync(context.dataDir)
      .filter(isDownloadable)
      .sort()
      .map((path) => [path, new Uint8Array(readFileSync(join(context.dataDir, path)))] as const),
  );
  const files = emitApi(bundle, downloads);
  const diagnostics: Diagnostic[] = files.flatMap((file) => validator.validate(API_SCHEMAS[file.kind], file.value, `dist/api/${file.path}`));
  if (diagnostics.length) {
    for (const d of diagnostics.slice(0, 20)) console.error(formatDiagnostic(d));
    console.error(`nuffle build: ${diagnostics.length} API endpoint${diagnostics.length === 1 ? '' : 's'} break their schema`);
    return 1;
  }
  let lib: Map<string, string>;
  try {
    lib = compileRuntime(context.dataDir);
  } catch (cause) {
    console.error(`nuffle build: cannot compile the runtime API (pipeline/consumer/): ${(cause as Error).message}`);
    return 1;
  }
  try {
    const copies = [...downloads].map(([path, bytes]) => [apiPath.download(bundle.meta.datasetVersion, path), bytes] as const);
    writeTreeAtomically(context.outDir, new Map<string, string | Uint8Array>([...apiTexts(files), ...hostFiles(files), ...copies]));
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
    console.error(
      `nuffle build: the ${target} target reads ${dataDir}, which has ${result.diagnostics.length} problem${result.diagnostics.length === 1 ? '' : 's'}; build the data again (nuffle build --only data)`,
    );
    return null;
  }
  return { bundle: result.bundle, validator };
}

/**
 * pipeline/consumer/*.ts → dist/lib/*.js + *.d.ts, through the project's
 * TypeScript, compiled in the package's own layout: the modules in lib/, the
 * published data's declarations (`<file>.json.d.ts`, as `<file>.d.json.ts`; types.d.ts) in data/, so
 * each static data import (`../data/skills.json`) is checked against the type
 * of the file it loads. The types import `../data/types.js`
 * (dist/data/types.d.ts).
 */
export function compileRuntime(dataDir: string): Map<string, string> {
  const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin/tsc');
  const stage = mkdtempSync(join(tmpdir(), 'nuffle-lib-'));
  try {
    const modules = readdirSync(join(repoRoot, 'pipeline/consumer'))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
      .sort();
    const shared = sharedModules(modules);
    // The `@ts-ignore` of each data import goes: here the import must resolve, to the file's declared type.
    mkdirSync(join(stage, 'src/lib'), { recursive: true });
    for (const f of modules)
      writeFileSync(
        outputPath(join(stage, 'src/lib'), f),
        readFileSync(join(repoRoot, 'pipeline/consumer', f), 'utf8').replace(/^\/\/ @ts-ignore: resolves in the package.*\n/gm, ''),
      );
    // Each data file's declaration (`skills.json.d.ts`) is copied as TypeScript looks for it beside a relative `.json` import (`skills.d.json.ts`).
    const declarations = readdirSync(dataDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.json.d.ts'));
    for (const [from, to] of [
      ...['schema-types.ts', ...shared].map((f) => [join(repoRoot, 'pipeline/model', f), outputPath(join(stage, 'src/model'), f)]),
      ...['types.d.ts', 'package.json'].map((f) => [join(dataDir, f), outputPath(join(stage, 'src/data'), f)]),
      ...declarations.map((f) => [join(dataDir, f), outputPath(join(stage, 'src/data'), f.replace(/\.json\.d\.ts$/, '.d.json.ts'))]),
    ] as [string, string][]) {
      mkdirSync(dirname(to), { recursive: true });
      cpSync(from, to);
    }
    // The package's edition loaders: one static import per edition file of the dataset.
    writeFileSync(join(stage, 'src/lib/edition-data.ts'), editionDataModule(readdirSync(join(dataDir, 'skills')).filter((f) => f.endsWith('.json'))));
    writeFileSync(join(stage, 'package.json'), '{ "type": "module" }\n');
    const result = spawnSync(
      process.execPath,
      [
        tsc,
        '--ignoreConfig',
        ...modules.map((f) => join(stage, 'src/lib', f)),
        ...['--outDir', join(stage, 'out'), '--rootDir', join(stage, 'src'), '--declaration', '--target', 'es2024', '--lib', 'es2024', '--module', 'nodenext'],
        ...[
          '--moduleResolution',
          'nodenext',
          '--strict',
          '--skipLibCheck',
          '--newLine',
          'lf',
          '--allowArbitraryExtensions',
          '--rewriteRelativeImportExtensions',
        ],
      ],
      { encoding: 'utf8', cwd: stage },
    );
    if (result.status !== 0) throw new Error(`${result.stdout}${result.stderr}`.trim() || `tsc exited with ${result.status}`);
    return runtimeFiles(join(stage, 'out'), modules, shared);
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

/**
 * pipeline/consumer/edition-data.ts as the package has it: a loader per
 * edition file (`skills/en-2020.json`), each a static `import()` a bundler
 * sees and splits into a chunk of its own, so an app loads only the editions
 * its calls read. The edition ids come from the file names the data target
 * wrote (the manifest's ids: lower-case kebab case), checked again here
 * before they become a specifier.
 */
export function editionDataModule(files: readonly string[]): string {
  const entries = [...files].sort().map((file) => {
    if (!/^[a-z0-9]+(?:-[a-z0-9]+)*\.json$/.test(file)) throw new Error(`skills/${file} is not an edition's file (<edition id>.json)`);
    const edition = file.slice(0, -'.json'.length);
    return `  '${edition}': /* @__PURE__ */ once<Skill[]>(() => import('../data/skills/${file}', { with: { type: 'json' } })),`;
  });
  return [
    '// Generated by the api target (pipeline/targets/api.ts editionDataModule): one loader per edition of the dataset.',
    "import type { Skill } from '../model/schema-types.ts';",
    "import { once } from './data.ts';",
    '',
    'const LOADERS: Readonly<Record<string, () => Promise<readonly Skill[]>>> = {',
    ...entries,
    '};',
    '',
    '/** The records of `edition`, sorted by id; an empty list for an edition the data does not have. */',
    'export async function loadEditionSkills(edition: string): Promise<readonly Skill[]> {',
    '  return Object.hasOwn(LOADERS, edition) ? LOADERS[edition]!() : [];',
    '}',
    '',
  ].join('\n');
}

/** The model modules (pipeline/model/*.ts) the runtime imports, directly or through each other; schema-types aside (the published types.d.ts). */
function sharedModules(modules: readonly string[]): string[] {
  const found = new Set<string>();
  const visit = (text: string, pattern: RegExp) => {
    for (const [, name] of text.matchAll(pattern)) {
      const file = `${name}.ts`;
      if (file === 'schema-types.ts' || found.has(file)) continue;
      found.add(file);
      visit(readFileSync(join(repoRoot, 'pipeline/model', file), 'utf8'), /from '\.\/([\w-]+)\.ts'/g);
    }
  };
  for (const f of modules) visit(readFileSync(join(repoRoot, 'pipeline/consumer', f), 'utf8'), /from '\.\.\/model\/([\w-]+)\.ts'/g);
  return [...found].sort();
}

/**
 * tsc's output as dist/lib lays it out: the runtime's modules at the top, the
 * model modules they share with the pipeline (the name resolver) under
 * model/, their types importing the published dist/data/types.d.ts instead of
 * schema-types. Declarations keep the specifiers as written: `./dice.ts`
 * becomes `./dice.js` there too.
 */
function runtimeFiles(out: string, modules: readonly string[], shared: readonly string[]): Map<string, string> {
  const js = (text: string) => text.replace(/(['"]\.{1,2}\/[\w/-]+)\.ts(['"])/g, '$1.js$2');
  const lib = (text: string) =>
    js(text.replace(/(['"])\.\.\/model\/schema-types\.(?:ts|js)\1/g, "'../data/types.js'").replace(/(['"])\.\.\/model\//g, '$1./model/'));
  const model = (text: string) => js(text.replace(/(['"])\.\/schema-types\.(?:ts|js)\1/g, "'../../data/types.js'"));
  const outputs = (f: string) => [f.replace(/\.ts$/, '.js'), f.replace(/\.ts$/, '.d.ts')];
  return new Map([
    ...modules.flatMap(outputs).map((f) => [f, lib(readFileSync(join(out, 'lib', f), 'utf8'))] as const),
    ...shared.flatMap(outputs).map((f) => [`model/${f}`, model(readFileSync(join(out, 'model', f), 'utf8'))] as const),
  ]);
}
