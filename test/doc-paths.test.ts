/**
 * The docs' paths check (pipeline/scripts/doc-paths.ts, part of `npm run
 * lint`) on literal Markdown: which words are repository paths (code spans,
 * a diagram's words, links), which are not (what a build writes, a
 * placeholder, a diagnostic code, a fenced code sample), how each resolves;
 * and the repository's own docs, which name no missing path.
 */
import { describe, expect, it } from 'vitest';
import { checkDocPaths, missingPaths, namedPaths } from '../pipeline/scripts/doc-paths.ts';
import { repoRoot } from './helpers.ts';

const ROOTS = new Set(['pipeline', 'test', 'docs', 'package.json']);
const PIPELINE = new Set(['emit', 'model', 'cli.ts']);
const FILES = new Set(['pipeline/emit/csv.ts', 'pipeline/model', 'pipeline/cli.ts', 'test/emit', 'docs/DATA.md', 'package.json']);
const exists = (path: string) => FILES.has(path.replace(/\/$/, ''));
const missing = (file: string, text: string, ruleIds: ReadonlySet<string> = new Set()) =>
  missingPaths(namedPaths(file, text), exists, ROOTS, PIPELINE, ruleIds).map((p) => `${p.line} ${p.path}`);

describe('the paths a doc names', () => {
  it('are the path words of its code spans, each with its line, stripped of punctuation, a place and an anchor', () =>
    expect(
      namedPaths('docs/X.md', 'See `pipeline/emit/csv.ts` and\n(`test/emit/`, `docs/DATA.md#csv`, `sources/raw/a.txt:412:1`).').map(
        (p) => `${p.line} ${p.path}`,
      ),
    ).toEqual(['1 pipeline/emit/csv.ts', '2 test/emit/', '2 docs/DATA.md', '2 sources/raw/a.txt']));

  it('take each word of a code span that holds a command', () =>
    expect(namedPaths('README.md', '`npx vitest run test/emit/csv.test.ts --project unit`').map((p) => p.path)).toEqual([
      'npx',
      'vitest',
      'run',
      'test/emit/csv.test.ts',
      '--project',
      'unit',
    ]));

  it('read a diagram (a fence without a language) word by word, and skip a fenced code sample', () => {
    const text = ['```', '  build.ts ── emit/csv.ts (emit/none.ts)', '```', '```sh', 'cat pipeline/absent.ts', '```'].join('\n');
    expect(namedPaths('docs/A.md', text).map((p) => `${p.line} ${p.path}`)).toEqual(['2 build.ts', '2 emit/csv.ts', '2 emit/none.ts']);
  });

  it('take a link’s target, resolved from the doc’s folder, but no address or anchor', () => {
    const named = namedPaths('docs/A.md', '[data](DATA.md), [top](../package.json), [web](https://example.org/x.md), [here](#csv), [gone](GONE.md)');
    expect(named.map((p) => [p.path, p.relative])).toEqual([
      ['DATA.md', true],
      ['../package.json', true],
      ['GONE.md', true],
    ]);
    expect(missingPaths(named, exists, ROOTS, PIPELINE).map((p) => p.path)).toEqual(['GONE.md']);
  });

  it('leave out placeholders and globs', () => expect(namedPaths('R.md', '`test/fixtures/<case>.txt` `schema/input/*`')).toEqual([]));
});

describe('a missing path', () => {
  it('is one from the repository’s top, or from pipeline/, that names nothing', () =>
    expect(
      missing('docs/X.md', '`pipeline/emit/csv.ts` `pipeline/emit/gone.ts` `emit/csv.ts` `emit/gone.ts` `model/` `cli.ts` `test/site/cards-spike/`'),
    ).toEqual(['1 pipeline/emit/gone.ts', '1 emit/gone.ts', '1 test/site/cards-spike/']));

  it('is never what a build or a run writes, a word that is not a repository entry, or a diagnostic code', () =>
    expect(
      missing(
        'docs/X.md',
        '`dist/data/skills.json` `node_modules/.cache/x` `test-artifacts/a` `csv/skills.csv` `skills.json` `pipeline/invalid`',
        new Set(['pipeline/invalid']),
      ),
    ).toEqual([]));
});

describe('the repository’s docs', () => {
  it('name no missing path', () => expect(checkDocPaths(repoRoot)).toEqual([]));
});
