/**
 * A retired id still leads somewhere: after Sidestep is renamed to a new id
 * (and migrated), the static API keeps a stub at the old address and the
 * runtime API follows the migration and says so.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { addMigrations, copyProject, repoRoot, runCli } from '../helpers.ts';
import { editYamlFile, setField } from '../yaml-edit.ts';

const VERSION = (parseYaml(readFileSync(join(repoRoot, 'sources/manifest.yaml'), 'utf8')) as { dataset: { version: string } }).dataset.version;
let out: string;
type Consumer = typeof import('../../pipeline/consumer/index.ts');
let api: Consumer;

beforeAll(async () => {
  const root = copyProject();
  const edit = (path: string, change: (text: string) => string) => editYamlFile(join(root, path), change);
  edit('sources/raw/en-2020-skills-traits.txt', (t) => t.replace(/^Sidestep$/m, 'Side Step'));
  edit('sources/annotations/crosswalk.yaml', (t) => setField(t, ['links'], { concept: 'sidestep' }, 'concept', 'side-step'));
  addMigrations(root, [
    { id: 'en-2020/sidestep', kind: 'record', action: 'renamed', to: 'en-2020/side-step', since: VERSION, note: 'Spelt as two words.' },
    { id: 'sidestep', kind: 'concept', action: 'renamed', to: 'side-step', since: VERSION, note: 'Spelt as two words.' },
  ]);
  out = join(root, 'dist');
  for (const target of ['data', 'api']) {
    const run = await runCli(['build', '--only', target, '--root', root]);
    if (run.status !== 0) throw new Error(`build --only ${target}: ${run.stderr}`);
  }
  api = (await import(join(out, 'lib/index.js'))) as Consumer;
}, 180_000);

describe('retired ids', () => {
  it('the static API keeps a stub at the old address that points to the new one', () => {
    const stub = JSON.parse(readFileSync(join(out, 'api/v1/records/en-2020/sidestep.json'), 'utf8'));
    expect(stub).toEqual({
      id: 'en-2020/sidestep',
      kind: 'record',
      action: 'renamed',
      to: 'en-2020/side-step',
      url: 'v1/records/en-2020/side-step.json',
      since: VERSION,
      note: 'Spelt as two words.',
    });
    expect(JSON.parse(readFileSync(join(out, 'api/v1/concepts/sidestep.json'), 'utf8'))).toMatchObject({ to: 'side-step', url: 'v1/concepts/side-step.json' });
    expect(JSON.parse(readFileSync(join(out, 'api', stub.url), 'utf8')).record.name).toBe('Side Step');
  });

  it('the runtime API follows a migration and says so', async () => {
    expect(await api.resolveId('en-2020/sidestep')).toEqual({ id: 'en-2020/side-step', movedFrom: 'en-2020/sidestep' });
    expect(await api.resolveId('en-2020/dodge')).toEqual({ id: 'en-2020/dodge', movedFrom: null });
    expect(await api.getConcept('sidestep')).toMatchObject({ id: 'side-step', name: 'Side Step', movedFrom: 'sidestep' });
    expect((await api.getConcept('side-step'))?.movedFrom).toBeUndefined();
    expect((await api.rulingsFor('en-2020/sidestep')).map((r) => r.id)).toEqual((await api.rulingsFor('en-2020/side-step')).map((r) => r.id));
  });

  it('the cards accept the old id, with a warning that names the new one', async () => {
    const pdf = join(mkdtempSync(join(tmpdir(), 'nuffle-cards-')), 'saved.pdf');
    const run = await runCli(['cards', '--skills', 'en-2020/sidestep, Dodge', '--data', join(out, 'data'), '-o', pdf]);
    expect(run.status, run.stderr).toBe(0);
    expect(`${run.stdout}${run.stderr}`).toMatch(
      /warning en-2020\/sidestep was renamed in [\d.]+: printing Side Step \(en-2020\/side-step\) \[cards\/retired-id\]/,
    );
    expect(execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' })).toContain('Side Step');
  });
});
