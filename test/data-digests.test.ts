// A published dataset version never changes its bytes: every data file that
// meta.json lists keeps the sha256 reviewed in test/golden/data-digests.json
// (recorded at fdfbbd7, before the caches and lazy loading of the performance
// work). A build with the stage memo, replayed or computed, must match too.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildDataset } from '../pipeline/build.ts';
import { readProject } from '../pipeline/cli.ts';
import { createMemo } from '../pipeline/model/memo.ts';
import type { MetaFile } from '../pipeline/model/schema-types.ts';
import { realData, repoRoot } from './helpers.ts';

const golden = JSON.parse(readFileSync(join(repoRoot, 'test/golden/data-digests.json'), 'utf8')) as { datasetVersion: string; files: Record<string, string> };
const digestsOf = (meta: MetaFile) => Object.fromEntries(meta.files.map((f) => [f.path, f.sha256]));

describe('the published data files', () => {
  it('keep their bytes within a dataset version', () => {
    const meta = realData<MetaFile>('meta.json');
    // A new version is a release: review `nuffle diff`, then record its digests with
    // `UPDATE=1 npx vitest run test/data-digests.test.ts` (never within a version: its bytes are published).
    if (process.env.UPDATE && meta.datasetVersion !== golden.datasetVersion) {
      const note = `sha256 of every data file of dataset ${meta.datasetVersion}; a published version never changes its bytes. Regenerate only with a new dataset version, after reviewing nuffle diff (UPDATE=1 npx vitest run test/data-digests.test.ts).`;
      writeFileSync(
        join(repoRoot, 'test/golden/data-digests.json'),
        `${JSON.stringify({ note, datasetVersion: meta.datasetVersion, files: digestsOf(meta) }, null, 2)}\n`,
      );
      return;
    }
    expect(meta.datasetVersion, 'dataset version changed: record the reviewed digests in test/golden/data-digests.json').toBe(golden.datasetVersion);
    expect(digestsOf(meta)).toEqual(golden.files);
  });

  it('are the same bytes when the build recalls every file from the stage memo', () => {
    const memo = createMemo();
    buildDataset({ ...readProject(repoRoot), memo });
    const recalled = buildDataset({ ...readProject(repoRoot), memo: createMemo(memo.used()) });
    expect(digestsOf(JSON.parse(recalled.files.get('meta.json')!) as MetaFile)).toEqual(golden.files);
  });
});

describe('the release snapshot (test/golden/release)', () => {
  it('ships the schemas of its version, as published: the bytes the digests record', () => {
    const dir = join(repoRoot, 'test/golden/release');
    expect(JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8')).datasetVersion).toBe(golden.datasetVersion);
    const schemas = readdirSync(join(dir, 'schema'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.schema.json'))
      .map((entry) => `schema/${relative(join(dir, 'schema'), join(entry.parentPath, entry.name)).split('\\').join('/')}`);
    const digest = (path: string) =>
      createHash('sha256')
        .update(readFileSync(join(dir, path)))
        .digest('hex');
    expect(Object.fromEntries(schemas.map((path) => [path, digest(path)]))).toEqual(
      Object.fromEntries(Object.entries(golden.files).filter(([path]) => path.startsWith('schema/'))),
    );
  });
});
