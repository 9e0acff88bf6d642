/**
 * Each release's changes as data (issue 35.5): `sources/releases/<version>.json`,
 * written by `nuffle release` (what `nuffle diff` computes between the
 * release before and this one: the same change kinds, ids and fields), is
 * published as `dist/data/changes/<version>.json`, every one of them, and
 * the dataset version's own as `dist/data/changes.json`; meta.json lists
 * them all, as every file. Each is checked against changes.schema.json and
 * its name against the version it says it goes to. Pure.
 */
import { error, type Diagnostic } from '../model/diagnostic.ts';
import type { Changelog } from '../model/schema-types.ts';
import { toJson } from './json.ts';

/** The changes of the dataset version itself, at the top of dist/data. */
export const CHANGES_FILE = 'changes.json';
export const CHANGES_SCHEMA = 'changes.schema.json';
/** Whether a path of dist/data is a release's changes (changes.json, changes/<version>.json, or a minified copy). */
export const isChangesFile = (path: string): boolean => path === CHANGES_FILE || /^changes\/[^/]+\.json$/.test(path);
/** Where a release's changes are published. */
export const changesPath = (version: string): string => `changes/${version}.json`;

interface ReleaseFile {
  path: string;
  text: string;
}

const VERSION_FILE = /^(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)\.json$/;

/** The published changes files, or the located errors of the release files that cannot be published. */
export function emitReleaseChanges(
  releases: readonly ReleaseFile[],
  datasetVersion: string,
  validate: (schema: string, value: unknown, file: string) => Diagnostic[],
): { files: Map<string, string>; diagnostics: Diagnostic[] } {
  const files = new Map<string, string>();
  const diagnostics: Diagnostic[] = [];
  const problem = (file: string, ruleId: string, reason: string, expected: string) =>
    error({
      reason,
      file,
      place: { line: 1, column: 1 },
      ruleId,
      source: 'emit',
      expected,
      note: 'nuffle release writes this file; write it again with nuffle diff OLD NEW --out DIR (its changes.json)',
    });
  for (const release of releases) {
    const name = release.path.slice(release.path.lastIndexOf('/') + 1);
    const version = VERSION_FILE.exec(name)?.[1];
    if (version === undefined) {
      diagnostics.push(problem(release.path, 'releases/bad-name', `${name} is not named after a dataset version`, '<version>.json, e.g. 1.3.0.json'));
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(release.text);
    } catch (cause) {
      diagnostics.push(
        problem(release.path, 'releases/invalid-json', `${name} is not JSON: ${(cause as Error).message}`, 'the changes.json nuffle diff writes'),
      );
      continue;
    }
    const found = validate(CHANGES_SCHEMA, value, release.path);
    if (found.length) {
      diagnostics.push(...found);
      continue;
    }
    const to = (value as Changelog).to.datasetVersion;
    if (to !== version) {
      diagnostics.push(
        problem(release.path, 'releases/version-mismatch', `${name} holds the changes to ${to}, not to ${version}`, `to.datasetVersion ${version}`),
      );
      continue;
    }
    for (const path of [changesPath(version), ...(version === datasetVersion ? [CHANGES_FILE] : [])]) {
      files.set(path, toJson(value));
      // Typed as published, as every data file (its `exports` map it under the types condition).
      const types = path.includes('/') ? '../types.js' : './types.js';
      files.set(
        `${path}.d.ts`,
        `// The type of ${path}, generated from schema/${CHANGES_SCHEMA}.\nimport type { Changelog } from '${types}';\ndeclare const value: Changelog;\nexport = value;\n`,
      );
    }
  }
  return { files, diagnostics };
}
