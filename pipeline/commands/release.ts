/**
 * `nuffle release`: cut a dataset release, in the spirit of changesets. It
 * builds the sources, compares them with the previous release (the snapshot
 * in test/golden/release/, written by the release before), proposes the
 * version bump the changes call for, then writes the version into the
 * manifest, package.json and this release's migrations, refreshes the id
 * lock, prepends the release to CHANGELOG.md and records the new snapshot and
 * data digests (the golden files). It refuses when the check has errors.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { BuildInput, BuildResult } from '../build.ts';
import { readDataBundle, repoRoot, writeFileAtomically } from '../io.ts';
import { type DataBundle, parseDataBundle } from '../model/dataset.ts';
import { setLockVersion, setPackageVersion } from '../release/prepare.ts';
import { foldCascades, formatFolded } from '../model/cascades.ts';
import { LOCK_PATH, MANIFEST_PATH, RELEASES_DIR } from '../model/paths.ts';
import type { MetaFile, MigrationAnnotations } from '../model/schema-types.ts';
import { type CommandSpec, parseCommand, usageError } from './args.ts';
import { readProject } from './project.ts';

export const RELEASE = {
  name: 'release',
  title: 'cut a dataset release',
  usage: 'nuffle release [--bump major|minor|patch] [--dry-run] [--from DIR] [--date YYYY-MM-DD] [--root DIR]',
  about: `Builds the sources, compares them with the previous release (test/golden/release/,
recorded by the release before; --from DIR reads a dist/data folder instead) and
proposes the version bump: major when an id was withdrawn or migrated, minor when
something was added or moved, patch when only wording changed. Then it writes the
version and its date (dataset.released, --date) into sources/manifest.yaml, package.json
and the since: of this release's migrations and kept ids; adds the new ids to
sources/ids.lock; prepends the release to CHANGELOG.md; writes its changes as data to
sources/releases/<version>.json (published as dist/data/changes/<version>.json and
changes.json); and records the new snapshot (the data and its published schema/
folder) and data digests in test/golden/.`,
  options: [
    { name: 'bump', type: 'string', value: 'LEVEL', help: 'Bump at least this much (never less than the changes call for)' },
    { name: 'dry-run', type: 'boolean', help: 'Print the proposal and the changes; write nothing' },
    { name: 'from', type: 'string', value: 'DIR', help: "The previous release's data (default: test/golden/release)" },
    { name: 'root', type: 'string', value: 'DIR', help: 'Project root (default: this repository)' },
    { name: 'date', type: 'string', value: 'YYYY-MM-DD', help: "The release's date, written as dataset.released (default: today, UTC)" },
  ],
  notes: `Refuses (exit 1) when nuffle check has errors. Then: npm run golden, npm run build
&& npm test, review the diff, and commit (it prints these steps; docs/MAINTAINING.md).`,
} as const satisfies CommandSpec;

export async function runReleaseCommand(argv: readonly string[]): Promise<number> {
  const parsed = parseCommand(RELEASE, argv);
  if ('exit' in parsed) return parsed.exit;
  const { values } = parsed;
  if (values.bump !== undefined && !['major', 'minor', 'patch'].includes(values.bump))
    return usageError('release', `--bump takes major, minor or patch; got "${values.bump}"`);
  const root = resolve(values.root ?? repoRoot);
  const { buildDataset } = await import('../build.ts');
  const { RELEASE_SNAPSHOT } = await import('../release/prepare.ts');
  const input = readProject(root);
  const built = buildDataset(input);
  if (!built.summary) return refuse(built);
  const fromDir = resolve(values.from ?? join(root, RELEASE_SNAPSHOT));
  // A project that never released (no lock, no snapshot): its first release is the manifest's version, as it stands.
  if (!existsSync(join(fromDir, 'meta.json')) && input.lock === null && values.from === undefined)
    return values['dry-run'] ? firstReleaseDryRun(built) : writeFirstRelease(root, built);
  if (!existsSync(join(fromDir, 'meta.json'))) {
    console.error(`nuffle release: no previous release in ${fromDir} (meta.json missing); give the last release's dist/data with --from DIR`);
    return 1;
  }
  const previous = readDataBundle(fromDir);
  const readIfThere = (file: string) => (existsSync(join(root, file)) ? readFileSync(join(root, file), 'utf8') : null);
  const packages = { json: readIfThere('package.json'), lock: readIfThere('package-lock.json') };
  if (values.date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.date)) return usageError('release', `--date takes YYYY-MM-DD; got "${values.date}"`);
  const plan = await planRelease(input, packages, built, previous, values.bump as 'major' | 'minor' | 'patch' | undefined, values.date);
  if (typeof plan === 'number') return plan;
  if (values['dry-run']) {
    console.log('dry run: nothing written');
    return 0;
  }
  return writeRelease(root, plan);
}

interface ReleasePlan {
  version: string;
  texts: Map<string, string>;
  /** The inputs as released (the manifest's version, the migrations' since:), before the release's changes file exists. */
  input: BuildInput;
  result: BuildResult;
  /** The release compared with (the snapshot, or --from DIR): the changelog says what changed since it. */
  previous: DataBundle;
}

/** package.json and package-lock.json as read (null when the project has none). */
interface PackageTexts {
  json: string | null;
  lock: string | null;
}

/** The proposal printed, the new inputs built; the files to write, or an exit code. */
async function planRelease(
  input: BuildInput,
  packages: PackageTexts,
  built: BuildResult,
  previous: DataBundle,
  asked: 'major' | 'minor' | 'patch' | undefined,
  date?: string,
): Promise<ReleasePlan | number> {
  const { compareBundles } = await import('../diff/compare.ts');
  const { BUMP_REASONS, filesBump, largerBump, proposeBump, nextVersion } = await import('../diff/bump.ts');
  const { summaryLine } = await import('../diff/render.ts');
  const { buildDataset } = await import('../build.ts');
  const from = previous.meta.datasetVersion;
  const current = bundleOf(built);
  const log = compareBundles(previous, current);
  const proposal = proposeBump(log);
  // The published files themselves: a new contract, or a schema or the types reworded, with the data unchanged.
  const files = filesBump(previous.meta, current.meta);
  const needed = largerBump(proposal?.bump ?? null, files);
  if (!needed) {
    console.log(`nothing changed since ${from}: nothing to release`);
    return 0;
  }
  const order = ['patch', 'minor', 'major'];
  const why =
    proposal?.bump === needed ? proposal.because[0]!.summary : `schema ${previous.meta.schemaVersion} → ${current.meta.schemaVersion}, published files changed`;
  if (asked && order.indexOf(asked) < order.indexOf(needed)) {
    console.error(`nuffle release: the changes call for a ${needed} release (${why}); --bump ${asked} would hide that from apps`);
    return 2;
  }
  const bump = asked ?? needed;
  const version = nextVersion(from, bump);
  const reason = proposal?.bump === needed ? `: ${BUMP_REASONS[needed]}` : '';
  console.log(`${summaryLine(log)}\nrelease ${from} → ${version} (${bump}${asked ? ', as asked' : reason}), because:`);
  for (const change of (proposal?.because ?? []).slice(0, 8)) console.log(`  ${change.kind.padEnd(19)} ${change.summary}`);
  if ((proposal?.because.length ?? 0) > 8) console.log(`  … and ${proposal!.because.length - 8} more`);
  if (files && files === needed && previous.meta.schemaVersion !== current.meta.schemaVersion)
    console.log(`  the published files: schema ${previous.meta.schemaVersion} → ${current.meta.schemaVersion}`);

  const texts = await releaseTexts(input, packages, previous, version, date);
  if (typeof texts === 'number') return texts;
  const released: BuildInput = {
    ...input,
    manifest: { ...input.manifest, text: texts.get(MANIFEST_PATH)! },
    annotations: { ...input.annotations, migrations: { ...input.annotations.migrations, text: texts.get(input.annotations.migrations.path)! } },
    packageVersion: packages.json !== null ? version : null,
  };
  const result = buildDataset(released);
  if (!result.summary) return refuse(result);
  return { version, texts, input: released, result, previous };
}

/** The release's version in the manifest, the since: of this cycle's migrations, package.json and its lock; or an exit code. */
async function releaseTexts(
  input: BuildInput,
  packages: PackageTexts,
  previous: DataBundle,
  version: string,
  date?: string,
): Promise<Map<string, string> | number> {
  const { parseYaml } = await import('../parse/yaml.ts');
  const { rewriteSince, setReleased, setYamlScalar, sinceToRewrite } = await import('../release/prepare.ts');
  const manifest = parseYaml(input.manifest);
  const versionLine = manifest.locate(['dataset', 'version'])?.line;
  if (!versionLine) throw new Error(`${MANIFEST_PATH}: no dataset.version`);
  const migrations = parseYaml(input.annotations.migrations);
  const texts = new Map<string, string>([
    [
      MANIFEST_PATH,
      setReleased(
        setYamlScalar(input.manifest.text, versionLine, 'version', version),
        versionLine,
        // locate gives the nearest node's line for a key that is absent: ask the value whether it is there.
        (manifest.value as { dataset?: { released?: unknown } }).dataset?.released === undefined ? undefined : manifest.locate(['dataset', 'released'])?.line,
        date ?? new Date().toISOString().slice(0, 10),
      ),
    ],
    [
      input.annotations.migrations.path,
      rewriteSince(input.annotations.migrations.text, version, sinceToRewrite(migrations.value as MigrationAnnotations, previous), migrations.locate),
    ],
  ]);
  const versioned = versionPackages(packages, version);
  if (typeof versioned === 'number') return versioned;
  for (const [path, text] of versioned) texts.set(path, text);
  return texts;
}

/** The version written into package.json and its lock; exit 1 with one clear error when the lock cannot take it. */
function versionPackages(packages: PackageTexts, version: string): Map<string, string> | number {
  const texts = new Map<string, string>();
  if (packages.json === null) return texts;
  texts.set('package.json', setPackageVersion(packages.json, version));
  if (packages.lock === null) return texts;
  try {
    texts.set('package-lock.json', setLockVersion(packages.lock, version));
  } catch (cause) {
    console.error(
      `nuffle release: package-lock.json: ${(cause as Error).message}; run npm install to rewrite the lock, then release again. Nothing was written.`,
    );
    return 1;
  }
  return texts;
}

/** Where `nuffle release` records a release's changes (model/paths.ts RELEASES_DIR). */
const releaseChangesPath = (version: string): string => `${RELEASES_DIR}/${version}.json`;

/** Every file of the release, each written atomically: the inputs, the lock, CHANGELOG.md, the changes as data, the golden snapshot and digests. */
async function writeRelease(root: string, plan: ReleasePlan): Promise<number> {
  const { compareBundles } = await import('../diff/compare.ts');
  const { changesMarkdown } = await import('../diff/render.ts');
  const { afterReleaseText, prependChangelog, RELEASE_SNAPSHOT } = await import('../release/prepare.ts');
  const { version, texts, result, previous } = plan;
  const changelogPath = join(root, 'CHANGELOG.md');
  const log = compareBundles(previous, bundleOf(result));
  texts.set('CHANGELOG.md', prependChangelog(existsSync(changelogPath) ? readFileSync(changelogPath, 'utf8') : null, version, changesMarkdown(log)));
  // The release's changes as data: published by every build from now on as dist/data/changes/<version>.json (and changes.json).
  const changes = { path: releaseChangesPath(version), text: `${JSON.stringify(log, null, 2)}\n` };
  texts.set(changes.path, changes.text);
  // The digests and the snapshot are those of the data as every later build makes it: with the changes file just written.
  const { buildDataset } = await import('../build.ts');
  const published = buildDataset({ ...plan.input, releases: [...(plan.input.releases ?? []).filter((r) => r.path !== changes.path), changes] });
  if (!published.summary) return refuse(published);
  for (const [path, text] of await lockAndGolden(published, version)) texts.set(path, text);
  const changed = [...texts].filter(([path, text]) => !existsSync(join(root, path)) || readFileSync(join(root, path), 'utf8') !== text);
  for (const [path, text] of changed) writeFileAtomically(root, path, text);
  for (const path of staleSnapshotSchemas(root, texts, RELEASE_SNAPSHOT)) rmSync(join(root, path));
  for (const [path] of changed.filter(([p]) => !p.startsWith(RELEASE_SNAPSHOT))) console.log(`wrote ${path}`);
  console.log(`wrote ${RELEASE_SNAPSHOT}/ (the data of ${version} and its schemas, what the next release compares with)`);
  console.log(afterReleaseText(version));
  return 0;
}

/** The schemas the previous snapshot holds that this release does not publish: removed, so the snapshot is this release's contract and no other. */
function staleSnapshotSchemas(root: string, texts: ReadonlyMap<string, string>, snapshot: string): string[] {
  const dir = join(root, snapshot, 'schema');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `${snapshot}/schema/${relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/')}`)
    .filter((path) => !texts.has(path));
}

/**
 * What every release writes of the build itself: the id lock, every new id
 * stamped with the version released (the one way ids are locked), the
 * snapshot the next release compares with, and the data digests.
 */
async function lockAndGolden(result: BuildResult, version: string): Promise<Map<string, string>> {
  const { lockText } = await import('../validate/ids.ts');
  const { RELEASE_SNAPSHOT, snapshotFiles } = await import('../release/prepare.ts');
  const texts = new Map([[LOCK_PATH, lockText(result.ids.locked, result.ids.published, version)]]);
  for (const [file, text] of snapshotFiles(result.files)) texts.set(`${RELEASE_SNAPSHOT}/${file}`, text);
  const meta = JSON.parse(result.files.get('meta.json')!) as MetaFile;
  texts.set(
    'test/golden/data-digests.json',
    `${JSON.stringify({ note: `sha256 of every data file of dataset ${version}, recorded by nuffle release; a published version never changes its bytes.`, datasetVersion: version, files: Object.fromEntries(meta.files.map((f) => [f.path, f.sha256])) }, null, 2)}\n`,
  );
  return texts;
}

/** A project's first release: the manifest's version as it stands, its every id locked with it, the first snapshot. */
async function writeFirstRelease(root: string, built: BuildResult): Promise<number> {
  const version = built.summary!.datasetVersion;
  for (const [path, text] of await lockAndGolden(built, version)) writeFileAtomically(root, path, text);
  console.log(`first release ${version}: wrote ${LOCK_PATH} (${built.ids.published.length} ids, each stamped ${version}) and test/golden/`);
  console.log('review the diff of these files, then npm run build && npm test, and commit');
  return 0;
}

function firstReleaseDryRun(built: BuildResult): number {
  console.log(`first release ${built.summary!.datasetVersion}: would lock ${built.ids.published.length} ids and record test/golden/\ndry run: nothing written`);
  return 0;
}

const bundleOf = (result: BuildResult) => parseDataBundle((file) => result.files.get(file) ?? null);

function refuse(result: BuildResult): number {
  for (const folded of foldCascades(result.diagnostics.filter((x) => x.fatal))) console.error(formatFolded(folded));
  console.error(
    `nuffle release: nuffle check has ${result.diagnostics.filter((d) => d.fatal).length} error(s); a release needs a clean check. Nothing was written.`,
  );
  return 1;
}
