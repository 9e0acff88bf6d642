/**
 * The release snapshot keeps its own contract: `nuffle release` writes the
 * published schemas (dist/data's `schema/` folder) into test/golden/release/
 * with the data, so `nuffle diff test/golden/release dist/data` (docs/MAINTAINING.md,
 * "6. Look at the diff") checks the last release against the schemas it
 * shipped, not against a later minor that made a field required. A small
 * literal project is released; then its snapshot is made the release of an
 * older minor, as schema 4.0.0 was before 4.1.0 required editions' year,
 * circa and status: the fields gone from its records and from its shipped
 * editions schema (this nuffle always writes them, so the older release is
 * written as that contract had it).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Changelog } from '../../pipeline/diff/compare.ts';
import { RELEASE_SNAPSHOT } from '../../pipeline/release/prepare.ts';
import { SCHEMA_MAJOR } from '../../pipeline/validate/data-bundle.ts';
import { type CliRun, runCli } from '../helpers.ts';
import { literalFiles, literalProject, writeProject } from '../literal-project.ts';
import { editYamlFile, setValue } from '../yaml-edit.ts';

/** The fields schema 4.1.0 made required in every edition, which a 4.0.0 release lacks. */
const ADDED = ['year', 'circa', 'status'];

/** Every file under `dir`, by its path relative to it, with its text. */
const filesUnder = (dir: string): Record<string, string> =>
  Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => [relative(dir, join(entry.parentPath, entry.name)), readFileSync(join(entry.parentPath, entry.name), 'utf8')]),
  );

/** A JSON file rewritten by `change`. */
function editJson<T>(path: string, change: (value: T) => T): void {
  writeFileSync(path, `${JSON.stringify(change(JSON.parse(readFileSync(path, 'utf8')) as T), null, 2)}\n`);
}

type EditionSchema = { $defs: { edition: { required: string[]; properties: Record<string, unknown> } } };

let root: string;
let snapshot: string;
let release: CliRun;

beforeAll(async () => {
  const manifest = literalFiles().manifest as { dataset: Record<string, unknown> };
  manifest.dataset.schemaVersion = `${SCHEMA_MAJOR}.0.0`;
  root = writeProject(literalProject({ manifest }, { lock: null }));
  snapshot = join(root, RELEASE_SNAPSHOT);
  release = await runCli(['release', '--root', root]);
  const built = await runCli(['build', '--only', 'data', '--root', root]);
  if (built.status !== 0) throw new Error(built.stderr);
}, 120_000);

describe('the release snapshot', () => {
  it('holds the schema folder the release published, byte for byte', () => {
    expect(release.status, release.stderr).toBe(0);
    const published = filesUnder(join(root, 'dist/data/schema'));
    expect(Object.keys(published)).toContain('editions.schema.json');
    expect(filesUnder(join(snapshot, 'schema'))).toEqual(published);
  });

  it('nuffle diff reads a release of an older minor by its own schemas: a field made required since appears as today', async () => {
    editJson<Record<string, unknown>[]>(join(snapshot, 'editions.json'), (editions) =>
      editions.map((edition) => Object.fromEntries(Object.entries(edition).filter(([field]) => !ADDED.includes(field)))),
    );
    editJson<EditionSchema>(join(snapshot, 'schema/editions.schema.json'), (schema) => {
      const edition = schema.$defs.edition;
      edition.required = edition.required.filter((field) => !ADDED.includes(field));
      for (const field of ADDED) delete edition.properties[field];
      return schema;
    });
    const diff = await runCli(['diff', snapshot, join(root, 'dist/data'), '--out', join(root, 'changes')]);
    expect(diff.status, diff.stderr).toBe(0);
    const log = JSON.parse(readFileSync(join(root, 'changes/changes.json'), 'utf8')) as Changelog;
    const editions = (JSON.parse(readFileSync(join(root, 'dist/data/editions.json'), 'utf8')) as { id: string }[]).map((e) => e.id);
    expect(log.changes.map((c) => [c.kind, c.id])).toEqual(editions.map((id) => ['edition-changed', id]));
    for (const change of log.changes) {
      // Each field reads as null in the older release, and the summary says the edition's standing was not stated before.
      expect(change.fields.map((f) => [f.field, f.before])).toEqual(ADDED.map((field) => [field, null]));
      expect(change.summary).toMatch(/ is .* \(not stated before\); year /);
    }

    // Without the schemas it shipped, the older release is checked against this nuffle's, and refused.
    rmSync(join(snapshot, 'schema'), { recursive: true });
    const refused = await runCli(['diff', snapshot, join(root, 'dist/data')]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('[schema/invalid]');
    expect(refused.stderr).toContain('nothing was compared');
  });

  it('the next release replaces the schema folder whole: this release’s schemas, none an earlier one left', async () => {
    // After the test above, the snapshot has no schema folder: one a retired schema is left in stands for an earlier release's.
    mkdirSync(join(snapshot, 'schema'));
    writeFileSync(join(snapshot, 'schema/retired.schema.json'), '{}\n');
    editYamlFile(join(root, 'sources/manifest.yaml'), (text) => setValue(text, ['dataset', 'schemaVersion'], `${SCHEMA_MAJOR}.1.0`));
    const next = await runCli(['release', '--root', root]);
    expect(next.status, next.stderr).toBe(0);
    expect((await runCli(['build', '--only', 'data', '--root', root])).status).toBe(0);
    const published = filesUnder(join(root, 'dist/data/schema'));
    expect(published['editions.schema.json']).toContain(`/${SCHEMA_MAJOR}.1.0/editions.schema.json`);
    expect(filesUnder(join(snapshot, 'schema'))).toEqual(published);
  });
});
