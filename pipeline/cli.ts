#!/usr/bin/env node
/**
 * `nuffle` — the command line. Parses arguments, reads the project from disk,
 * runs the pure pipeline, prints diagnostics and writes dist/ atomically.
 * All file and process I/O lives here (and in io.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildDataset, ERRATA_PATH, MANIFEST_PATH, MENTIONS_PATH, type BuildInput, type BuildResult } from './build.ts';
import { formatDiagnostic } from './model/diagnostic.ts';
import { readSchemaFiles, repoRoot, writeTreeAtomically } from './io.ts';

const TARGETS = ['data', 'site', 'cards'] as const;
type Target = (typeof TARGETS)[number];
/** Targets this version can build; the others arrive with their issues. */
const AVAILABLE: readonly Target[] = ['data'];

const HELP: Record<string, string> = {
  main: `nuffle — compile Blood Bowl rule texts into datasets, a docs site and skill cards

Usage: nuffle <command> [options]

Commands:
  build    Parse, link, validate and write dist/ (atomically; a failed build leaves dist/ as it was)
  check    Parse, link and validate; write nothing

Options:
  --root DIR   Project root (default: this repository)
  -h, --help   Help for a command: nuffle build --help

Exit codes: 0 success, 1 the sources have errors, 2 bad usage.`,
  build: `nuffle build — compile sources/ into dist/

Usage: nuffle build [--only data|site|cards] [--root DIR] [--out DIR]

Options:
  --only TARGET  Build one target: data (dist/data), site (dist/site), cards (dist/cards).
                 Default: every available target. Available now: ${AVAILABLE.join(', ')}.
  --root DIR     Project root to read sources/ and schema/ from (default: this repository)
  --out DIR      Output folder (default: <root>/dist)
  -h, --help     This help

Each target is built in a staging folder and swapped into place only when every
stage succeeded. Errors are printed as file:line:column, with a stable code.`,
  check: `nuffle check — parse, link and validate the sources; write nothing

Usage: nuffle check [--root DIR]

Prints every error and warning, then a summary. Exit code 1 if any error.`,
};

export function main(argv: readonly string[]): number {
  const [command, ...rest] = argv;
  if (!command || command === '-h' || command === '--help' || command === 'help') {
    console.log(HELP.main);
    return command ? 0 : 2;
  }
  if (!(command in HELP) || command === 'main') {
    console.error(`nuffle: unknown command "${command}"\n\n${HELP.main}`);
    return 2;
  }
  let values: { only?: string; root?: string; out?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...rest],
      options: {
        only: { type: 'string' },
        root: { type: 'string' },
        out: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (cause) {
    console.error(`nuffle ${command}: ${(cause as Error).message}\n\n${HELP[command]}`);
    return 2;
  }
  if (values.help) {
    console.log(HELP[command]);
    return 0;
  }
  if (command === 'check' && (values.only || values.out)) {
    console.error(`nuffle check: --only and --out belong to build\n\n${HELP.check}`);
    return 2;
  }
  const root = resolve(values.root ?? repoRoot);
  let targets: readonly Target[] = AVAILABLE;
  if (values.only !== undefined) {
    if (!TARGETS.includes(values.only as Target)) {
      console.error(`nuffle build: --only takes one of ${TARGETS.join(', ')}; got "${values.only}"`);
      return 2;
    }
    if (!AVAILABLE.includes(values.only as Target)) {
      console.error(`nuffle build: the ${values.only} target is not available yet (available: ${AVAILABLE.join(', ')})`);
      return 2;
    }
    targets = [values.only as Target];
  }

  let input: BuildInput;
  try {
    input = readProject(root);
  } catch (cause) {
    console.error(`nuffle: cannot read the project at ${root}: ${(cause as Error).message}`);
    return 1;
  }
  const started = performance.now();
  const result = buildDataset(input);
  report(result, command);
  if (result.summary === null) {
    console.error(`nuffle ${command}: failed; ${command === 'build' ? 'dist/ was left as it was' : 'nothing was written'}`);
    return 1;
  }
  if (command === 'build') {
    const out = resolve(values.out ?? join(root, 'dist'));
    if (targets.includes('data')) writeTreeAtomically(join(out, 'data'), result.files);
    console.log(`wrote ${join(out, 'data')} (${result.files.size} files) in ${Math.round(performance.now() - started)} ms`);
  }
  return 0;
}

export function readProject(root: string): BuildInput {
  const text = (path: string) => ({ path, text: readFileSync(join(root, path), 'utf8') });
  const raw = new Map<string, string>();
  const rawDir = join(root, 'sources/raw');
  if (existsSync(rawDir)) {
    for (const name of readdirSync(rawDir).sort()) raw.set(`sources/raw/${name}`, readFileSync(join(rawDir, name), 'utf8'));
  }
  return {
    manifest: text(MANIFEST_PATH),
    raw,
    annotations: { errata: text(ERRATA_PATH), mentions: text(MENTIONS_PATH) },
    schemas: readSchemaFiles(root),
  };
}

function report(result: BuildResult, command: string): void {
  const errors = result.diagnostics.filter((d) => d.fatal);
  const warnings = result.diagnostics.filter((d) => !d.fatal);
  for (const d of errors) console.error(formatDiagnostic(d));
  if (warnings.length) {
    console.log(`${warnings.length} warning${warnings.length === 1 ? '' : 's'}:`);
    for (const d of warnings) console.log(formatDiagnostic(d));
  }
  if (result.summary) {
    for (const edition of result.summary.editions) {
      console.log(`${edition.id}: ${edition.records} records, ${edition.rulings} rulings (${edition.file})`);
    }
    console.log(`${result.summary.randomTables} random tables; ${errors.length} errors, ${warnings.length} warnings`);
  } else {
    console.error(`nuffle ${command}: ${errors.length} error${errors.length === 1 ? '' : 's'}, ${warnings.length} warning${warnings.length === 1 ? '' : 's'}`);
  }
}

if (import.meta.main) process.exitCode = main(process.argv.slice(2));
