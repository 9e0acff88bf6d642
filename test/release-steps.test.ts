/**
 * The steps after a release (issue 33, item 2): `nuffle release` prints the
 * steps docs/MAINTAINING.md lists, the same commands in the same order, the
 * golden step first.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AFTER_RELEASE, afterReleaseText } from '../pipeline/release/prepare.ts';
import { repoRoot } from '../pipeline/io.ts';

/** The numbered list of docs/MAINTAINING.md after "Then (`nuffle release` prints these steps", each item's first `code`. */
function documentedSteps(): string[] {
  const doc = readFileSync(join(repoRoot, 'docs/MAINTAINING.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## 7. Cut the release'));
  const list = section.slice(section.indexOf('Then (`nuffle release` prints these steps'));
  const items = list.split('\n\n')[1]!.split(/\n(?=\d+\. )/);
  return items.map((item) => /`([^`]+)`/.exec(item)![1]!);
}

describe('after a release', () => {
  it('the command and docs/MAINTAINING.md give the same steps, in the same order, the golden step first', () => {
    expect(documentedSteps()).toEqual(AFTER_RELEASE.map((s) => s.command));
    expect(AFTER_RELEASE[0]!.command).toBe('npm run golden');
  });

  it('prints the version, then each step numbered, in order', () => {
    const lines = afterReleaseText('4.0.0').split('\n');
    expect(lines[0]).toBe('released 4.0.0; next, as docs/MAINTAINING.md says:');
    expect(lines.slice(1).map((l) => /^ {2}(\d)\. (.+?) {2,}/.exec(l)?.slice(1))).toEqual(AFTER_RELEASE.map((s, i) => [String(i + 1), s.command]));
    for (const [i, step] of AFTER_RELEASE.entries()) expect(lines[i + 1]).toContain(step.why);
  });
});
