/**
 * What the commands that read the sources share (build, check, suggest,
 * release): reading the project from disk (`readProject`, every read through
 * io.ts's guard), running the stages with the stage memo (`compileProject`),
 * and printing a build's diagnostics and summary (`report`).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildInput, BuildResult } from '../build.ts';
import { codeFingerprint, readStageMemo, writeStageMemo } from '../cache/build-cache.ts';
import { OutsideProject, readGuard, readSchemaFiles, repoRoot } from '../io.ts';
import { foldCascades, formatFolded } from '../model/cascades.ts';
import { formatDiagnostic, type Diagnostic } from '../model/diagnostic.ts';
import { diagnosticDelta, formatDelta } from './diagnostic-delta.ts';
import {
  COMPULSORY_PATH,
  CROSSWALK_PATH,
  ERRATA_PATH,
  GLOSSARY_PATH,
  INDUCEMENTS_PATH,
  LOCK_PATH,
  MANIFEST_PATH,
  MENTIONS_PATH,
  MIGRATIONS_PATH,
  ALIASES_PATH,
  RANDOM_TABLES_PATH,
  RELEASES_DIR,
} from '../model/paths.ts';

export function readProject(root: string, options: { strict?: boolean } = {}): BuildInput {
  // Every read goes through the guard: a file whose real path leaves the project is refused, never read.
  const guard = readGuard(root);
  const text = (path: string) => ({ path, text: guard.inside(path) ? readFileSync(join(root, path), 'utf8') : '' });
  const raw = new Map<string, Uint8Array>();
  const rawDir = join(root, 'sources/raw');
  if (existsSync(rawDir) && guard.inside('sources/raw')) {
    for (const entry of readdirSync(rawDir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.isFile()) raw.set(`sources/raw/${entry.name}`, readFileSync(join(rawDir, entry.name)));
    }
  }
  const input: BuildInput = {
    manifest: text(MANIFEST_PATH),
    raw,
    annotations: {
      errata: text(ERRATA_PATH),
      mentions: text(MENTIONS_PATH),
      crosswalk: text(CROSSWALK_PATH),
      glossary: text(GLOSSARY_PATH),
      inducements: text(INDUCEMENTS_PATH),
      compulsory: text(COMPULSORY_PATH),
      migrations: text(MIGRATIONS_PATH),
      ...(existsSync(join(root, ALIASES_PATH)) ? { aliases: text(ALIASES_PATH) } : {}),
      ...(existsSync(join(root, RANDOM_TABLES_PATH)) ? { randomTables: text(RANDOM_TABLES_PATH) } : {}),
    },
    releases:
      existsSync(join(root, RELEASES_DIR)) && guard.inside(RELEASES_DIR)
        ? readdirSync(join(root, RELEASES_DIR))
            .filter((name) => name.endsWith('.json'))
            .sort()
            .map((name) => text(`${RELEASES_DIR}/${name}`))
        : [],
    lock: existsSync(join(root, LOCK_PATH)) ? text(LOCK_PATH) : null,
    packageVersion: packageVersion(root),
    schemas: readSchemaFiles(root, guard.inside),
    strict: options.strict === true,
  };
  guard.check();
  return input;
}

/** The project at `root`, or null after printing why it could not be read (the refused files' diagnostics, or the error's message). */
export function readProjectOrReport(root: string, options: { strict?: boolean } = {}): BuildInput | null {
  try {
    return readProject(root, options);
  } catch (cause) {
    if (cause instanceof OutsideProject) for (const d of cause.diagnostics) console.error(formatDiagnostic(d));
    else console.error(`nuffle: cannot read the project at ${root}: ${(cause as Error).message}`);
    return null;
  }
}

/** The `version` of `<root>/package.json`, or null when the root has none (or it is not JSON with a version). */
function packageVersion(root: string): string | null {
  try {
    const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version?: unknown }).version;
    return typeof version === 'string' ? version : null;
  } catch {
    return null;
  }
}

/**
 * The stages, loaded now (a replayed build never loads them), with the stage
 * memo when the cache is on: the files an edit left alone are recalled. The
 * memo is stored again, whatever became of the build (its entries are
 * per-file results), unless the code changed while the build ran: a checkout
 * meanwhile would file the new code's results under the old fingerprint.
 * `stored` says whether it was.
 */
export async function compileProject(input: BuildInput, cache: { dir: string; code: string } | null): Promise<{ result: BuildResult; stored: boolean }> {
  const memo = cache ? readStageMemo(cache.dir, cache.code) : undefined;
  const result = (await import('../build.ts')).buildDataset(memo ? { ...input, memo } : input);
  const stored =
    !!cache &&
    !!memo &&
    codeFingerprint(repoRoot, { fresh: true }) === cache.code &&
    writeStageMemo(cache.dir, cache.code, memo, { keepStored: result.summary === null });
  return { result, stored };
}

/**
 * A build's errors (stderr), warnings and summary (stdout), or its error
 * count when it failed. `since`: the warnings of the build before, in a
 * watching process; then only the warnings that changed are printed
 * (commands/diagnostic-delta.ts). Errors are always printed whole.
 */
export function report(result: BuildResult, command: string, since?: readonly Diagnostic[]): void {
  const errors = result.diagnostics.filter((d) => d.fatal);
  const warnings = result.diagnostics.filter((d) => !d.fatal);
  // A root cause first, its cascades under it (model/cascades.ts).
  for (const folded of foldCascades(errors)) console.error(formatFolded(folded));
  if (since) for (const line of formatDelta(diagnosticDelta(since, warnings))) console.log(line);
  else if (warnings.length) {
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
