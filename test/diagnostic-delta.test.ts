/**
 * A watching process's rebuilds print only the warnings that changed
 * (pipeline/commands/diagnostic-delta.ts), on literal diagnostics; errors are
 * printed whole by `report`, whatever came before.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BuildResult } from '../pipeline/build.ts';
import { diagnosticDelta, formatDelta } from '../pipeline/commands/diagnostic-delta.ts';
import { report } from '../pipeline/commands/project.ts';
import { error, warning } from '../pipeline/model/diagnostic.ts';

const warn = (ruleId: string, line: number, reason = `${ruleId} here`) =>
  warning({ reason, file: 'sources/raw/x.txt', place: { line }, ruleId, source: 'parse', expected: 'nothing' });
const STANDING = [warn('a/one', 3), warn('a/two', 5), warn('a/two', 9)];

describe('diagnosticDelta', () => {
  it('counts the warnings that stand as before, even when an edit above moved their lines', () => {
    expect(diagnosticDelta(STANDING, [warn('a/one', 4), warn('a/two', 6), warn('a/two', 10)])).toEqual({ added: [], gone: [], unchanged: 3 });
  });

  it('names the new and the gone, and counts two alike twice', () => {
    const delta = diagnosticDelta(STANDING, [warn('a/one', 3), warn('a/two', 5), warn('b/new', 7)]);
    expect([delta.added.map((d) => d.ruleId), delta.gone.map((d) => `${d.ruleId}:${d.place?.line}`), delta.unchanged]).toEqual([['b/new'], ['a/two:9'], 2]);
  });

  it('prints a count line, each new warning in full with +, each gone one on one line with -', () => {
    expect(formatDelta(diagnosticDelta(STANDING, [warn('a/one', 3), warn('a/two', 5), warn('b/new', 7)]))).toEqual([
      'warnings: 1 new, 1 gone, 2 as before',
      '+ sources/raw/x.txt:7:1 warning b/new here [b/new]',
      '    expected: nothing',
      '- sources/raw/x.txt:9:1 warning a/two here [a/two]',
    ]);
  });

  it('prints nothing when there were and are no warnings', () => {
    expect(formatDelta(diagnosticDelta([], []))).toEqual([]);
  });
});

describe('report in a watching process', () => {
  afterEach(() => vi.restoreAllMocks());
  const printed = (result: BuildResult, since?: Parameters<typeof report>[2]) => {
    const out: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => void out.push(line));
    vi.spyOn(console, 'error').mockImplementation((line: string) => void out.push(line));
    report(result, 'build', since);
    return out;
  };
  const failed = (diagnostics: BuildResult['diagnostics']) => ({ diagnostics, summary: null }) as unknown as BuildResult;

  it('prints the standing warnings once, then only what changed, and every error each time', () => {
    const stop = error({ reason: 'broken', file: 'sources/raw/x.txt', place: { line: 1 }, ruleId: 'a/error', source: 'parse' });
    const first = printed(failed([stop, ...STANDING]));
    expect([first.length, first[1], first.at(-1)]).toEqual([6, '3 warnings:', 'nuffle build: 1 error, 3 warnings']);
    expect(printed(failed([stop, ...STANDING]), STANDING)).toEqual([
      'sources/raw/x.txt:1:1 error broken [a/error]',
      'warnings: 0 new, 0 gone, 3 as before',
      'nuffle build: 1 error, 3 warnings',
    ]);
  });
});
