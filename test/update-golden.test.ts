/**
 * `npm run golden` (issue 33, item 2): it runs the test files that write
 * golden files and no other, and says which golden files it wrote or changed.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { goldenChanges, goldenDigest, goldenReport, goldenTestFiles } from './update-golden.ts';

/** A project folder holding `files` (path → text). */
function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'nuffle-golden-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('npm run golden', () => {
  it('runs the test files that record corpus facts or read UPDATE, and none other', () => {
    const root = project({
      'test/facts.test.ts': "const fact = corpusFacts('en-2020');\n",
      'test/pairs/fixtures.test.ts': 'if (process.env.UPDATE) writeFileSync(path, text);\n',
      'test/plain.test.ts': "it('adds', () => expect(1 + 1).toBe(2));\n",
      'test/helper.ts': "corpusFacts('not a test file');\n",
      'test/updater.test.ts': 'const UPDATED = 1; // process.env.UPDATED is another variable\n',
    });
    expect(goldenTestFiles(root)).toEqual(['test/facts.test.ts', 'test/pairs/fixtures.test.ts']);
  });

  it("finds this suite's golden writers", () => {
    const files = goldenTestFiles();
    for (const file of ['test/fixtures.test.ts', 'test/ids.test.ts', 'test/en-2020.test.ts', 'test/ruling-links.test.ts']) expect(files).toContain(file);
    expect(files).not.toContain('test/update-golden.test.ts');
  });

  it('digests the golden folders and the fixture pairs, by path from the project root', () => {
    const root = project({ 'test/golden/corpus/a.json': '1', 'test/fixtures/x/case.json': '2', 'test/other.json': '3' });
    expect(Object.keys(goldenDigest(root))).toEqual(['test/golden/corpus/a.json', 'test/fixtures/x/case.json']);
  });

  it('lists each golden file written, changed or gone, and says so when nothing changed', () => {
    const before = { 'test/golden/a.json': '1', 'test/golden/b.json': '2', 'test/golden/c.json': '3' };
    const after = { 'test/golden/a.json': '1', 'test/golden/b.json': '9', 'test/golden/d.json': '4' };
    const changes = goldenChanges(before, after);
    expect(changes).toEqual({ written: ['test/golden/d.json'], changed: ['test/golden/b.json'], gone: ['test/golden/c.json'] });
    expect(goldenReport(changes).split('\n')).toEqual([
      'npm run golden: 3 golden files written or changed; review the diff (git diff -- test/golden test/fixtures), then npm test:',
      '  written  test/golden/d.json',
      '  changed  test/golden/b.json',
      '  gone     test/golden/c.json',
    ]);
    expect(goldenReport(goldenChanges(before, before))).toBe('npm run golden: every golden file already holds these facts; nothing changed');
  });
});
