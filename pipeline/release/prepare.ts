/**
 * Cutting a release, as pure functions of texts (the edge, commands/release.ts,
 * reads and writes them): the new version written into the manifest, the
 * package.json and this release's migrations and kept ids; the CHANGELOG.md
 * section. The previous release is the dataset recorded in
 * test/golden/release/ by the release before.
 */
import type { DataBundle } from '../model/dataset.ts';
import type { KeptId, Migration } from '../model/schema-types.ts';
import type { Place } from '../model/diagnostic.ts';
import { compare } from '../model/order.ts';

/** Where the previous release's data files are kept (the golden snapshot the release rewrites). */
export const RELEASE_SNAPSHOT = 'test/golden/release';

/** The data files the snapshot keeps: what `nuffle diff` and the golden tests read (with the release's published schemas, `snapshotFiles`). */
const SNAPSHOT_FILES = [
  'meta.json',
  'editions.json',
  'skills.json',
  'rulings.json',
  'random-tables.json',
  'concepts.json',
  'crosswalk.json',
  'inducements.json',
  'leagues.json',
  'migrations.json',
] as const;

/**
 * The snapshot of a release, path in test/golden/release → text: the data
 * files, and the published schemas as dist/data ships them (its whole
 * `schema/` folder: each schema and its `.sha256`), so
 * `nuffle diff` checks the release against its own contract, not against a
 * later minor that made a field it lacks required.
 */
export function snapshotFiles(files: ReadonlyMap<string, string>): Map<string, string> {
  const schemas = [...files.keys()].filter((path) => path.startsWith('schema/')).sort(compare);
  return new Map([...SNAPSHOT_FILES, ...schemas].map((path) => [path, files.get(path)!]));
}

/**
 * What the maintainer does after `nuffle release`, in order: the command
 * prints these, and docs/MAINTAINING.md ("7. Cut the release", after
 * "Then:") lists the same commands in the same order (test/release-steps.test.ts).
 */
export const AFTER_RELEASE: readonly { command: string; why: string }[] = [
  { command: 'npm run golden', why: 'records the facts of the new corpus that the tests pin, and lists the golden files it wrote or changed' },
  { command: 'npm run build && npm test', why: 'every output rebuilt, and the whole suite' },
  { command: 'git diff', why: 'review every file the release and the golden step wrote, then commit them with the raw texts and the annotations' },
];

/** The closing lines of `nuffle release`: the version, then AFTER_RELEASE as a numbered list. */
export function afterReleaseText(version: string): string {
  const width = Math.max(...AFTER_RELEASE.map((s) => s.command.length));
  return [
    `released ${version}; next, as docs/MAINTAINING.md says:`,
    ...AFTER_RELEASE.map((step, i) => `  ${i + 1}. ${step.command.padEnd(width)}  ${step.why}`),
  ].join('\n');
}

/** Replace the value of `key` on 1-based `line` of a YAML text (`key: value`, `- key: value`, quoted or not), keeping comments. */
export function setYamlScalar(text: string, line: number, key: string, value: string): string {
  const lines = text.split('\n');
  const current = lines[line - 1] ?? '';
  const match = /^(\s*(?:- )?)([A-Za-z]+):([ \t]*)("[^"\n]*"|'[^'\n]*'|[^\s#]+)/.exec(current);
  if (!match || match[2] !== key) throw new Error(`line ${line} has no "${key}:" value`);
  lines[line - 1] = `${match[1]}${key}:${match[3]}${value}${current.slice(match[0].length)}`;
  return lines.join('\n');
}

/**
 * The manifest with `released:` (the release's date) set to `date`: the
 * existing line changed, or a line added under `version:` with its indent.
 * Every other byte as it was.
 */
export function setReleased(text: string, versionLine: number, releasedLine: number | undefined, date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`the release date must be YYYY-MM-DD; got "${date}"`);
  if (releasedLine !== undefined) return setYamlScalar(text, releasedLine, 'released', date);
  const lines = text.split('\n');
  const indent = /^\s*/.exec(lines[versionLine - 1] ?? '')![0];
  lines.splice(versionLine, 0, `${indent}released: ${date}  # the release's date (nuffle release writes it)`);
  return lines.join('\n');
}

/** package.json with its `version` replaced, the rest of the text as it was. */
export function setPackageVersion(text: string, version: string): string {
  const replaced = text.replace(/("version"\s*:\s*)"[^"]*"/, `$1"${version}"`);
  if (replaced === text && !text.includes(`"version": "${version}"`)) throw new Error('package.json has no "version"');
  return replaced;
}

/**
 * package-lock.json with the project's own version (the top-level `version`
 * and `packages[""].version`) set, so that npm's lock agrees with
 * package.json; everything else as npm wrote it (two-space JSON, a final
 * newline, key order kept).
 */
export function setLockVersion(text: string, version: string): string {
  const lock = JSON.parse(text) as { version?: string; packages?: Record<string, { version?: string }> };
  if (lock.version === undefined) throw new Error('package-lock.json has no "version"');
  lock.version = version;
  const own = lock.packages?.[''];
  if (own?.version !== undefined) own.version = version;
  return `${JSON.stringify(lock, null, 2)}\n`;
}

/**
 * The migrations and kept ids written during this release's cycle (not in
 * the previous release): their `since` becomes the new version. A migration
 * is new when the previous release did not publish it; a kept id is new when
 * the previous release published its record under another name.
 */
export function sinceToRewrite(
  migrations: { migrations: readonly Migration[]; keep?: readonly KeptId[] },
  previous: DataBundle,
): { migrations: number[]; keep: number[] } {
  const published = new Set(previous.migrations.map((m) => `${m.kind} ${m.id}`));
  const nameOf = new Map(previous.skills.map((s) => [s.id as string, s.name]));
  return {
    migrations: migrations.migrations.flatMap((m, index) => (published.has(`${m.kind} ${m.id}`) ? [] : [index])),
    keep: (migrations.keep ?? []).flatMap((k, index) => (nameOf.get(k.id) === k.name ? [] : [index])),
  };
}

/** migrations.yaml with the `since` of the given entries set to `version`. */
export function rewriteSince(
  text: string,
  version: string,
  which: { migrations: number[]; keep: number[] },
  locate: (path: readonly (string | number)[]) => Place | null,
): string {
  let out = text;
  for (const [list, indexes] of [
    ['migrations', which.migrations],
    ['keep', which.keep],
  ] as const) {
    for (const index of indexes) {
      const place = locate([list, index, 'since']);
      if (place) out = setYamlScalar(out, place.line, 'since', version);
    }
  }
  return out;
}

/** CHANGELOG.md with this release's section first (after the title), from the changes in Markdown. */
export function prependChangelog(existing: string | null, version: string, changes: string): string {
  const title = '# Changelog\n\nEvery release of the Nuffle Codex dataset, newest first: what changed for players and apps (written by `nuffle release`).\n';
  const body = (existing ?? title).replace(/^# Changelog\n(?:\n[^#\n][^\n]*\n)?/, '');
  // The changes' own headings go one level down, under the release's.
  const section = `## ${version}\n\n${changes
    .replace(/^# [^\n]*\n+/, '')
    .replace(/^(#{2,5}) /gm, '#$1 ')
    .trim()}\n`;
  return `${title}\n${section}${body.trim() ? `\n${body.trim()}\n` : ''}`;
}
