/**
 * Root causes first, their cascades folded under them (model/cascades.ts;
 * issue 33, item 9): on literal diagnostics, then on the tiny literal project
 * where one heading renamed to another's name drops an entry.
 */
import { describe, expect, it } from 'vitest';
import { foldCascades, formatFolded, subject } from '../pipeline/model/cascades.ts';
import { error, warning, type Diagnostic } from '../pipeline/model/diagnostic.ts';
import { buildTiny, editTiny, lockAll, stampAll, tinyProject } from './tiny-project.ts';

const problem = (ruleId: string, keys: Partial<Pick<Diagnostic, 'causes' | 'about' | 'implies'>> = {}, fatal = true): Diagnostic =>
  (fatal ? error : warning)({ reason: `${ruleId} happened`, file: 'f.txt', place: { line: 1 }, ruleId, source: 'test', ...keys });
const shape = (folded: ReturnType<typeof foldCascades>) => folded.map((f) => [f.diagnostic.ruleId, f.cascades.map((c) => c.ruleId)]);

describe('foldCascades', () => {
  it('puts the errors about what a root cause took away under it, the root first', () => {
    const root = problem('root', { causes: [subject.entry('en-2020')] });
    const unrelated = problem('unrelated', { about: [subject.entry('fr-legacy')] });
    const missing = problem('missing', { about: [subject.entry('en-2020')] });
    expect(shape(foldCascades([unrelated, missing, root]))).toEqual([
      ['root', ['missing']],
      ['unrelated', []],
    ]);
  });

  it('follows what a cascade implies: a lost record takes its concept, and the errors about that concept', () => {
    const root = problem('root', { causes: [subject.entry('en-2020')] });
    const conceptGone = problem('concept-gone', { about: [subject.concept('stunty')] });
    const recordGone = problem('record-gone', { about: [subject.entry('en-2020')], implies: [subject.concept('stunty')] });
    expect(shape(foldCascades([conceptGone, recordGone, root]))).toEqual([['root', ['concept-gone', 'record-gone']]]);
  });

  it('folds no warning, and leaves everything in order when nothing is a cascade', () => {
    const root = problem('root', { causes: [subject.entry('en-2020')] });
    const note = problem('note', { about: [subject.entry('en-2020')] }, false);
    const other = problem('other');
    expect(shape(foldCascades([note, other, root]))).toEqual([
      ['note', []],
      ['other', []],
      ['root', []],
    ]);
  });

  it('prints a root with its cascades counted and listed one line each, without their advice', () => {
    const root = problem('root', { causes: [subject.entry('en-2020')] });
    const cascade = { ...problem('missing', { about: [subject.entry('en-2020')] }), expected: 'a migration (wrong advice here)' };
    expect(formatFolded(foldCascades([root, cascade])[0]!)).toBe(
      [
        'f.txt:1:1 error root happened [root]',
        '  and 1 more caused by this (fix it first, then check again):',
        '    f.txt:1:1 error missing happened [missing]',
      ].join('\n'),
    );
  });
});

describe('a heading renamed to the name of another entry', () => {
  it('is one root error, en2020/duplicate-entry, with every error it caused folded under it', () => {
    const root = tinyProject();
    stampAll(root);
    lockAll(root);
    expect(buildTiny(root).diagnostics.filter((d) => d.fatal)).toEqual([]);
    editTiny(root, 'sources/raw/en-2020-skills-traits.txt', 'Stunty*\n', 'Really Stupid*\n');
    const errors = buildTiny(root).diagnostics.filter((d) => d.fatal);
    expect(errors.length).toBeGreaterThan(3);
    const folded = foldCascades(errors);
    expect(folded.map((f) => f.diagnostic.ruleId)).toEqual(['en2020/duplicate-entry']);
    expect(folded[0]!.cascades.map((d) => d.ruleId).sort()).toEqual([
      'crosswalk/unknown-concept',
      'ids/missing',
      'ids/missing',
      'integrity/dangling-reference',
    ]);
  });
});
