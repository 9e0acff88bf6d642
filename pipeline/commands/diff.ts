/**
 * `nuffle diff OLD NEW [--out DIR] [--fail-on KINDS]`: what changed between
 * two dist/data folders (a release kept anywhere, and the current build).
 * Prints a one-line summary (and the changes, one a line); with --out, writes
 * changes.json (validated against schema/changes.schema.json) and CHANGES.md.
 * Both sides are checked against the schemas they ship first. Exit 0, or 1
 * when a change of a --fail-on kind is found (a CI gate) or the data is
 * broken (every problem located), 2 on bad usage or data of another schema
 * major.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { compareBundles, FAIL_ON } from '../diff/compare.ts';
import { changesMarkdown, summaryLine } from '../diff/render.ts';
import { toJson } from '../emit/json.ts';
import { dataDirReader, OUTPUT_MARKER, OUTPUT_MARKER_TEXT, outputFolderProblem, projectGuard, readSchemaFiles, repoRoot, writeTreeAtomically } from '../io.ts';
import type { DataBundle } from '../model/dataset.ts';
import { incompatibleSchemaChange, majorOf, readBundle, SCHEMA_MAJOR } from '../validate/data-bundle.ts';
import { formatDiagnostic } from '../model/diagnostic.ts';
import { createValidator } from '../validate/schemas.ts';
import { type CommandSpec, parseCommand, usageError } from './args.ts';

/** What `nuffle diff --out DIR` writes in DIR (with io.ts OUTPUT_MARKER). */
const DIFF_FILES: readonly string[] = ['changes.json', 'CHANGES.md'];

export const DIFF = {
  name: 'diff',
  title: 'what changed between two builds of dist/data',
  usage: 'nuffle diff OLD NEW [--out DIR] [--fail-on KINDS] [--quiet]',
  about: '  OLD, NEW  two dist/data folders (NEW is usually the current build)',
  positionals: true,
  options: [
    {
      name: 'out',
      type: 'string',
      value: 'DIR',
      help: 'write DIR/changes.json (schema: schema/changes.schema.json) and DIR/CHANGES.md;\nDIR is replaced whole, so it must be new, empty or written by nuffle diff',
    },
    {
      name: 'fail-on',
      type: 'string',
      value: 'KINDS',
      help: `exit 1 if a change of these kinds is found, comma-separated:\n${Object.keys(FAIL_ON).join(', ')}`,
    },
    { name: 'quiet', type: 'boolean', help: 'print the summary line only' },
  ],
  notes: `Covers editions first (added, removed, which rules each gives: current or
superseded, year, label, language), records (field by field, text as word diffs),
crosswalk rows (concept, relation, confidence), concepts, rulings (added, removed,
re-answered, reworded), random-table slots, inducements and price items, leagues
and migrations.`,
} as const satisfies CommandSpec;

export async function runDiffCommand(argv: readonly string[]): Promise<number> {
  const parsed = parseCommand(DIFF, argv);
  if ('exit' in parsed) return parsed.exit;
  const { values, positionals } = parsed;
  if (positionals.length !== 2) return usageError('diff', 'give two dist/data folders, OLD and NEW');
  const failOn = (values['fail-on'] ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  const unknown = failOn.filter((k) => !(k in FAIL_ON));
  if (unknown.length) return usageError('diff', `--fail-on takes ${Object.keys(FAIL_ON).join(', ')}; got ${unknown.join(', ')}`);
  const [oldDir, newDir] = positionals.map((p) => resolve(p)) as [string, string];
  for (const dir of [oldDir, newDir]) {
    if (!existsSync(join(dir, 'meta.json'))) {
      console.error(`nuffle diff: ${dir} is not a dist/data folder (no meta.json)`);
      return 2;
    }
  }
  if (values.out !== undefined) {
    // Checked before any work: the folder is replaced whole, so it must be nuffle's own.
    const problem = outputFolderProblem(resolve(values.out), projectGuard(repoRoot, [oldDir, newDir]), (file) => DIFF_FILES.includes(file));
    if (problem) {
      console.error(`nuffle diff: --out ${values.out}: ${problem}`);
      return 2;
    }
  }
  const sides = readSides(oldDir, newDir);
  if (typeof sides === 'number') return sides;
  const log = compareBundles(...sides);
  if (!values.quiet) for (const change of log.changes) console.log(`  ${change.kind.padEnd(19)} ${change.summary}`);
  console.log(summaryLine(log));
  for (const warning of log.warnings) console.log(`  to check: ${warning}`);
  if (values.out) {
    const problems = createValidator(readSchemaFiles(repoRoot)).validate('changes.schema.json', log, 'changes.json');
    if (problems.length) {
      for (const d of problems) console.error(formatDiagnostic(d));
      return 1;
    }
    const out = resolve(values.out);
    try {
      writeTreeAtomically(
        out,
        new Map([
          ['changes.json', toJson(log)],
          ['CHANGES.md', changesMarkdown(log)],
          [OUTPUT_MARKER, OUTPUT_MARKER_TEXT],
        ]),
      );
    } catch (cause) {
      console.error(`nuffle diff: cannot write ${out}: ${(cause as Error).message}`);
      return 1;
    }
    console.log(`wrote ${join(out, 'changes.json')} and ${join(out, 'CHANGES.md')}`);
  }
  const caught = log.changes.filter((c) => failOn.some((k) => FAIL_ON[k]!(c)));
  if (caught.length) {
    console.error(`nuffle diff: ${caught.length} change${caught.length === 1 ? '' : 's'} of a --fail-on kind (${failOn.join(', ')})`);
    return 1;
  }
  return 0;
}

/**
 * Both datasets, each parsed and checked against the schemas it ships. The
 * new side must be of this nuffle's schema major, and the old side of the
 * same major or of the one before (the last release before a new contract:
 * a field the older contract lacked reads as null, and the diff names the
 * schema change); any other pair is exit 2 naming both versions. A file cut
 * off or breaking its schema is exit 1 with every problem located. Returns
 * the bundles or the exit code.
 */
function readSides(oldDir: string, newDir: string): [DataBundle, DataBundle] | number {
  const versions = [oldDir, newDir].map((dir) => {
    try {
      return (JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8')) as { schemaVersion?: unknown }).schemaVersion;
    } catch {
      return undefined; // reported, located, by readBundle
    }
  });
  const majors = versions.map(majorOf);
  const previousMajor = majors[0] === SCHEMA_MAJOR - 1 && majors[1] === SCHEMA_MAJOR;
  if (majors.every((m) => m !== null) && !previousMajor && (majors[0] !== majors[1] || majors[0] !== SCHEMA_MAJOR)) {
    console.error(
      `nuffle diff: the two datasets have schema versions ${String(versions[0])} (${oldDir}) and ${String(versions[1])} (${newDir}); this nuffle compares data of schema version ${SCHEMA_MAJOR}.x with data of ${SCHEMA_MAJOR}.x or ${SCHEMA_MAJOR - 1}.x (the older first). A major version changes the shape of the data: build both with one nuffle, or compare with the nuffle of their major`,
    );
    return 2;
  }
  const results = [];
  for (const dir of [oldDir, newDir]) {
    try {
      const older = previousMajor && dir === oldDir;
      const reader = dataDirReader(dir);
      // This nuffle's schemas are not the older release's: without its own, it is read as written.
      const own = older && !existsSync(join(dir, 'schema')) ? { ...reader, schemas: () => [] } : reader;
      results.push(readBundle(own, { previousMajor: older }));
    } catch (cause) {
      console.error(`nuffle diff: cannot read ${dir}: ${(cause as Error).message}`);
      return 1;
    }
  }
  const diagnostics = results.flatMap((r) => r.diagnostics);
  if (diagnostics.length) {
    for (const d of diagnostics.slice(0, 20)) console.error(formatDiagnostic(d));
    if (diagnostics.length > 20) console.error(`… and ${diagnostics.length - 20} more`);
    const major = diagnostics.some((d) => d.ruleId === 'data/schema-major');
    console.error(`nuffle diff: ${diagnostics.length} problem${diagnostics.length === 1 ? '' : 's'} in the data; nothing was compared`);
    return major ? 2 : 1;
  }
  // Each side's shipped schemas must keep this nuffle's contract (additions aside): the comparison reads that shape.
  const own = readSchemaFiles(repoRoot);
  for (const dir of previousMajor ? [newDir] : [oldDir, newDir]) {
    if (!existsSync(join(dir, 'schema'))) continue;
    const change = incompatibleSchemaChange(readSchemaFiles(dir), own);
    if (change) {
      console.error(
        `${join(dir, 'schema')} error the dataset's schemas break this nuffle's schema version ${SCHEMA_MAJOR}.x contract (${change}) though meta.json says ${String(versions[dir === oldDir ? 0 : 1])} [data/schema-major]\n  note:     a major change needs a major version; compare it with the nuffle that wrote it`,
      );
      return 2;
    }
  }
  return [results[0]!.bundle!, results[1]!.bundle!];
}
