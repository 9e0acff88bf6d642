/**
 * A new rules revision, as `nuffle diff` and `nuffle release` see it: a small
 * literal project whose English 2020 text gives the current rules and whose
 * French list is an older edition is built; then the maintainer finds the
 * French list is the 2025 rules, and edits the manifest as docs/MAINTAINING.md
 * says ("Which edition is current"): the French edition re-dated, relabelled
 * and made current, the English one superseded. The diff names both editions'
 * standing, the CI gate sees it, and the release proposes a minor naming it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Changelog } from '../../pipeline/diff/compare.ts';
import { readSchemaFiles } from '../../pipeline/io.ts';
import { createValidator } from '../../pipeline/validate/schemas.ts';
import { SCHEMA_MAJOR } from '../../pipeline/validate/data-bundle.ts';
import { type CliRun, repoRoot, runCli } from '../helpers.ts';
import { EN_SOURCE, FR_SOURCE, literalFiles, literalProject, writeProject } from '../literal-project.ts';
import { editYamlFile, setValue } from '../yaml-edit.ts';

type Manifest = { dataset: Record<string, unknown>; sources: { id: string; edition: Record<string, unknown> }[] };

/** The literal project with the English 2020 edition current, of this nuffle's schema major. */
function project(): string {
  const manifest = literalFiles().manifest as Manifest;
  manifest.dataset.schemaVersion = `${SCHEMA_MAJOR}.0.0`;
  manifest.sources.find((s) => s.id === EN_SOURCE)!.edition.status = 'current';
  return writeProject(literalProject({ manifest }));
}

const FRENCH_2025 = 'Blood Bowl 2025 (français)';
let root: string;
let diff: CliRun;
let release: CliRun;
const gate = (words: string) => runCli(['diff', join(root, 'old/data'), join(root, 'dist/data'), '--quiet', '--fail-on', words]);

beforeAll(async () => {
  root = project();
  const old = await runCli(['build', '--only', 'data', '--root', root, '--out', join(root, 'old')]);
  if (old.status !== 0) throw new Error(old.stderr);
  // The edit a rules revision takes: each edition's `status:` line (and here the French list's year and label, which the evidence moved).
  editYamlFile(join(root, 'sources/manifest.yaml'), (text) => {
    const edition = (id: string, field: string) => ['sources', (parse(text) as Manifest).sources.findIndex((s) => s.id === id), 'edition', field];
    const edits: [(string | number)[], unknown][] = [
      [edition(EN_SOURCE, 'status'), 'superseded'],
      [edition(FR_SOURCE, 'status'), 'current'],
      [edition(FR_SOURCE, 'year'), 2025],
      [edition(FR_SOURCE, 'circa'), false],
      [edition(FR_SOURCE, 'label'), FRENCH_2025],
    ];
    return edits.reduce((out, [path, value]) => setValue(out, path, value), text);
  });
  const now = await runCli(['build', '--only', 'data', '--root', root]);
  if (now.status !== 0) throw new Error(now.stderr);
  diff = await runCli(['diff', join(root, 'old/data'), join(root, 'dist/data'), '--out', join(root, 'changes')]);
  release = await runCli(['release', '--dry-run', '--root', root, '--from', join(root, 'old/data')]);
}, 120_000);

describe('a new rules revision', () => {
  it('nuffle diff prints each edition’s standing before and after, and nothing else', () => {
    expect(diff.status, diff.stderr).toBe(0);
    const lines = diff.stdout.split('\n');
    expect(lines.slice(0, 3)).toEqual([
      '  edition-changed     en-2020: English is now superseded: an older edition (was the current rules)',
      `  edition-changed     fr-legacy: ${FRENCH_2025} is now the current rules (was superseded); year c. 2006 → 2025; relabelled from "Français"`,
      '2 changes (1.0.0 → 1.0.0): 2 editions changed',
    ]);
  });

  it('writes them to changes.json, valid against changes.schema.json, and to CHANGES.md first', () => {
    const log = JSON.parse(readFileSync(join(root, 'changes/changes.json'), 'utf8')) as Changelog;
    expect(createValidator(readSchemaFiles(repoRoot)).validate('changes.schema.json', log, 'changes.json')).toEqual([]);
    expect(log.changes.map((c) => [c.kind, c.id, c.fields.map((f) => f.field)])).toEqual([
      ['edition-changed', 'en-2020', ['status']],
      ['edition-changed', 'fr-legacy', ['label', 'year', 'circa', 'status']],
    ]);
    const markdown = readFileSync(join(root, 'changes/CHANGES.md'), 'utf8');
    expect(markdown).toContain('\n## Editions changed\n\n- en-2020: English is now superseded: an older edition (was the current rules)\n');
  });

  it('fails the CI gate on `edition` and on `changed`, not on `removed`', async () => {
    expect((await gate('edition')).status).toBe(1);
    expect((await gate('changed')).status).toBe(1);
    expect((await gate('removed,added')).status).toBe(0);
  });

  it('nuffle release proposes a minor, because of the editions whose standing moved', () => {
    expect(release.status, release.stderr).toBe(0);
    expect(release.stdout).toContain('release 1.0.0 → 1.1.0 (minor: something was added or moved), because:\n');
    expect(release.stdout).toContain('  edition-changed     en-2020: English is now superseded: an older edition (was the current rules)\n');
    expect(release.stdout).toContain(`  edition-changed     fr-legacy: ${FRENCH_2025} is now the current rules (was superseded);`);
    expect(release.stdout).toContain('dry run: nothing written');
  });
});
