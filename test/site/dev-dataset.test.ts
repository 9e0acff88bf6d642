/**
 * The dev server's dataset (site/src/lib/dev-dataset.ts) on a literal data
 * folder: every file read once while meta.json says it is unchanged, only the
 * files it says changed read again, and a folder swapped in mid-read read again.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDevReader } from '../../site/src/lib/dev-dataset.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A folder holding `files` and a meta.json that lists their digests. */
function publish(dir: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text);
  writeFileSync(
    join(dir, 'meta.json'),
    JSON.stringify({ datasetVersion: '1.0.0', files: Object.entries(files).map(([path, text]) => ({ path, sha256: sha256(text) })) }),
  );
}

/** A reader over two collections whose readFile parses the file and records each read. */
function reader() {
  const reads: string[] = [];
  const read = createDevReader({
    readFile: (dir, file) => {
      reads.push(file);
      return JSON.parse(readFileSync(join(dir, file), 'utf8'));
    },
    files: { meta: 'meta.json', skills: 'skills.json', concepts: 'concepts.json' } as never,
  });
  return { read, reads };
}

describe('the dev dataset reader', () => {
  it('gives each collection as a list (meta.json as a list of one), reading each file once while nothing changed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nuffle-dev-data-'));
    publish(dir, { 'skills.json': '[{"id":"a"}]', 'concepts.json': '[{"id":"c"}]' });
    const { read, reads } = reader();
    const first = read(dir);
    const second = read(dir);
    expect(first.entries).toMatchObject({ meta: [{ datasetVersion: '1.0.0' }], skills: [{ id: 'a' }], concepts: [{ id: 'c' }] });
    expect([reads.sort(), second.metaSha256 === first.metaSha256]).toEqual([['concepts.json', 'meta.json', 'skills.json'], true]);
  });

  it('reads again only the files meta.json says changed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nuffle-dev-data-'));
    publish(dir, { 'skills.json': '[{"id":"a"}]', 'concepts.json': '[{"id":"c"}]' });
    const { read, reads } = reader();
    read(dir);
    reads.length = 0;
    publish(dir, { 'skills.json': '[{"id":"b"}]', 'concepts.json': '[{"id":"c"}]' });
    expect(read(dir).entries).toMatchObject({ skills: [{ id: 'b' }] });
    expect(reads.sort()).toEqual(['meta.json', 'skills.json']);
  });

  it('reads the folder again when a file fails mid-read (a rebuild swapped in), and fails when it fails twice', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nuffle-dev-data-'));
    publish(dir, { 'skills.json': '[{"id":"a"}]', 'concepts.json': '[]' });
    let failures = 1;
    const read = createDevReader({
      readFile: (d, file) => {
        if (file === 'skills.json' && failures-- > 0) throw new Error('changed after it was published');
        return JSON.parse(readFileSync(join(d, file), 'utf8'));
      },
      files: { meta: 'meta.json', skills: 'skills.json' } as never,
    });
    expect(read(dir).entries).toMatchObject({ skills: [{ id: 'a' }] });
    failures = 2;
    publish(dir, { 'skills.json': '[{"id":"z"}]', 'concepts.json': '[]' });
    expect(() => read(dir)).toThrow('changed after it was published');
  });
});
