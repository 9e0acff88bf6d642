/**
 * Defence in depth (issue 32, item 1): every writer resolves each output path
 * through io.ts `outputPath`, which refuses one that leaves its folder. The
 * writers are called here directly, past every validator, with the paths a
 * hostile id would make.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiTexts, emitApi } from '../pipeline/emit/api.ts';
import { outputPath, outputPathProblem, writeFileAtomically, writeTreeAtomically } from '../pipeline/io.ts';
import { literalBundle } from './emit/literal-bundle.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'nuffle-paths-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A folder three levels down, and a file beside the top one that a traversal would overwrite. */
function layout(): { out: string; victim: string } {
  const out = join(dir, 'project/dist/api');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'old.json'), 'previous');
  const victim = join(dir, 'victim.json');
  writeFileSync(victim, 'original');
  return { out, victim };
}

describe('outputPath', () => {
  it.each([
    ['a.json', null],
    ['v1/records/en-2020/dodge.json', null],
    ['', 'it is empty'],
    ['../x.json', 'it has an empty, "." or ".." part'],
    ['v1/../../x.json', 'it has an empty, "." or ".." part'],
    ['v1//x.json', 'it has an empty, "." or ".." part'],
    ['./x.json', 'it has an empty, "." or ".." part'],
    ['/etc/passwd', 'it is absolute'],
    ['C:/x.json', 'it is absolute'],
    ['v1\\..\\x.json', 'it holds a control character or a backslash'],
    ['x\n/* https://evil.example 302!', 'it holds a control character or a backslash'],
    ['x\0.json', 'it holds a control character or a backslash'],
  ])('%j: %s', (path, problem) => {
    expect(outputPathProblem(path)).toBe(problem);
    if (problem) expect(() => outputPath(dir, path)).toThrow(problem);
    else expect(outputPath(dir, path)).toBe(join(dir, path));
  });

  it('names the refused path clipped and printable, never a megabyte of it', () => {
    const path = `../${'a'.repeat(1_000_000)}\u202e`;
    let message = '';
    try {
      outputPath(dir, path);
    } catch (cause) {
      message = (cause as Error).message;
    }
    expect(message).toMatch(/^refused to write "\.\.\/a+…" in .*: it has an empty/);
    expect(message.length).toBeLessThan(400);
  });
});

describe('every writer refuses a path that leaves its folder', () => {
  it('writeTreeAtomically: nothing outside is written, and the folder keeps its previous tree', () => {
    const { out, victim } = layout();
    const files = new Map([
      ['v1/index.json', '{}'],
      ['v1/rulings/../../../../victim.json', 'overwritten'],
    ]);
    expect(() => writeTreeAtomically(out, files)).toThrow(/refused to write "v1\/rulings\/\.\.\/\.\.\/\.\.\/\.\.\/victim\.json"/);
    expect(readFileSync(victim, 'utf8')).toBe('original');
    expect(readdirSync(out)).toEqual(['old.json']);
    expect(readdirSync(join(dir, 'project/dist'))).toEqual(['api']);
  });

  it('writeFileAtomically: a name that leaves the folder writes nothing', () => {
    const { out, victim } = layout();
    expect(() => writeFileAtomically(out, '../../../victim.json', 'overwritten')).toThrow(/refused to write/);
    expect(readFileSync(victim, 'utf8')).toBe('original');
    writeFileAtomically(out, 'sub/new.json', 'written');
    expect(readFileSync(join(out, 'sub/new.json'), 'utf8')).toBe('written');
  });

  it('the static API of a dataset whose migration ids were never checked: the stub writer is refused', () => {
    const { out, victim } = layout();
    const bundle = literalBundle();
    const hostile = { id: '../../../../victim', kind: 'ruling' as const, action: 'deleted' as const, to: null, since: '1.0.0', note: 'x' };
    const files = apiTexts(emitApi({ ...bundle, migrations: [hostile] }));
    expect([...files.keys()]).toContain('v1/rulings/../../../../victim.json');
    expect(() => writeTreeAtomically(out, files)).toThrow(/refused to write/);
    expect(readFileSync(victim, 'utf8')).toBe('original');
    expect(existsSync(join(dir, 'project/package.json'))).toBe(false);
  });
});
