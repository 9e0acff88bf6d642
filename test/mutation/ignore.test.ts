/**
 * The rules that leave equivalent mutants out (test/mutation/ignore.ts), run
 * through StrykerJS's own instrumenter as `npm run mutate` runs it: each rule
 * leaves out exactly the mutants it names (every one, nothing else), the
 * comments it replaced are gone, and the config loads it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Instrumenter } from '@stryker-mutator/instrumenter';
import { describe, expect, it } from 'vitest';
import { IGNORE_RULES, IGNORER, ignoreReason, siteOf, strykerPlugins } from './ignore.ts';

const root = join(import.meta.dirname, '../..');
const quiet = {
  debug() {},
  info() {},
  trace() {},
  warn() {},
  error() {},
  fatal() {},
  isDebugEnabled: () => false,
  isTraceEnabled: () => false,
  isInfoEnabled: () => false,
};

/** Every mutant of `file` (its text `content`), with where it is, its mutator and why it is ignored (if it is). */
async function mutantsOf(file: string, content = readFileSync(join(root, file), 'utf8')) {
  const ignorer = strykerPlugins[0]!.value;
  const result = await new Instrumenter(quiet as never).instrument([{ name: join(root, file), content, mutate: true }], {
    plugins: null,
    excludedMutations: [],
    ignorers: [ignorer],
    noHeader: true,
  } as never);
  return result.mutants.map((m) => ({ line: m.location.start.line + 1, mutator: m.mutatorName, replacement: m.replacement, ignored: m.statusReason ?? null }));
}

describe('the ignore rules', () => {
  it('leave out every field plan’s `skip` of the diff, and nothing else of it', async () => {
    const file = 'pipeline/diff/compare.ts';
    const text = readFileSync(join(root, file), 'utf8');
    const skipLines = text.split('\n').flatMap((line, i) => (/\w: 'skip'/.test(line) ? [i + 1] : []));
    expect(skipLines.length).toBeGreaterThan(10);
    const ruled = (await mutantsOf(file)).filter((m) => m.ignored === IGNORE_RULES[0]!.reason);
    expect(ruled.map((m) => `${m.line} ${m.mutator}`)).toEqual(skipLines.map((line) => `${line} StringLiteral`));
  });

  it('leave out the memo key of every Markdown stage when there is no memo, and nothing else of it', async () => {
    const file = 'pipeline/model/markdown.ts';
    const text = readFileSync(join(root, file), 'utf8');
    const keyLines = text.split('\n').flatMap((line, i) => (/= memo \? memoKey\(.*\) : '';/.test(line) ? [i + 1] : []));
    expect(keyLines).toHaveLength(3);
    const ruled = (await mutantsOf(file)).filter((m) => m.ignored === IGNORE_RULES[1]!.reason);
    expect(ruled.map((m) => `${m.line} ${m.mutator}`)).toEqual(keyLines.map((line) => `${line} StringLiteral`));
  });

  it('match by the file a rule names, not by a look-alike node elsewhere', async () => {
    const elsewhere = await mutantsOf('pipeline/diff/render.ts', "const plan = { id: 'skip' };\nexport const key = (memo: boolean) => (memo ? 'k' : '');\n");
    expect(elsewhere.filter((m) => m.ignored !== null)).toEqual([]);
    const site = { file: '/x/pipeline/diff/compare.ts', node: { type: 'StringLiteral', value: 'skip' }, parent: { type: 'ObjectProperty' }, key: 'value' };
    expect(ignoreReason(site)).toBe(IGNORE_RULES[0]!.reason);
    expect(ignoreReason({ ...site, file: '/x/pipeline/diff/not-compare.ts' })).toBeUndefined();
    expect(ignoreReason({ ...site, key: 'key' })).toBeUndefined();
  });

  it('read a NodePath’s file from the instrumenter’s parse', () =>
    expect(siteOf({ node: { type: 'Identifier' }, parent: undefined, key: undefined, hub: { file: { opts: { filename: '/r/a.ts' } } } })).toEqual({
      file: '/r/a.ts',
      node: { type: 'Identifier' },
      parent: null,
      key: null,
    }));

  it('replace the comments: no `Stryker disable` comment repeats a rule’s reason in its file', () => {
    expect(readFileSync(join(root, 'pipeline/diff/compare.ts'), 'utf8')).not.toMatch(/Stryker disable next-line StringLiteral: only `compare`/);
    expect(readFileSync(join(root, 'pipeline/model/markdown.ts'), 'utf8')).not.toMatch(/Stryker disable[^\n]*without a memo the key is never read/);
  });

  it('are one Ignorer plugin that the Stryker config names', () => {
    expect(strykerPlugins.map((p) => [p.kind, p.name])).toEqual([['Ignore', IGNORER]]);
    const config = readFileSync(join(root, 'stryker.config.mjs'), 'utf8');
    expect(config).toContain("'./test/mutation/ignore.ts'");
    expect(config).toContain('ignorers: [IGNORER]');
  });
});
