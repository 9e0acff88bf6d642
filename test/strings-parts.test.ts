/** The string checks' parts (validate/strings.ts) on literal names and texts. */
import { describe, expect, it } from 'vitest';
import { idProblems, nameProblems, textProblems, type Held } from '../pipeline/validate/strings.ts';

const held = (lines: string[]): Held => ({ file: 'src.txt', lines, range: [1, lines.length], sourceId: 'src' });
const limits = { name: 10, id: 12 };
const ZWSP = '\u200b';

describe('names', () => {
  it('reports an invisible character in a name, at its line and column', () => {
    expect(nameProblems('name', `Do${ZWSP}dge`, held([`Do${ZWSP}dge`]), limits).map((d) => [d.ruleId, d.place])).toEqual([
      ['text/hostile-character', { line: 1, column: 3 }],
    ]);
  });
  it('reports a word of two scripts', () => {
    expect(nameProblems('name', 'Dоdge', held(['Dоdge']), limits).map((d) => d.ruleId)).toEqual(['text/mixed-script']);
  });
  it('reports a name longer than the limit', () => {
    expect(nameProblems('name', 'A very long name', held(['A very long name']), limits).map((d) => d.ruleId)).toEqual(['text/too-long']);
  });
  it('accepts a plain name', () => {
    expect(nameProblems('name', 'Dodge', held(['Dodge']), limits)).toEqual([]);
  });
});

describe('ids', () => {
  it('reports an id longer than the limit', () => {
    expect(idProblems('en-2020/very-long', held(['x']), 'x', limits).map((d) => d.ruleId)).toEqual(['text/too-long']);
  });
  it('accepts an id within the limit', () => {
    expect(idProblems('en-2020/a', held(['x']), 'x', limits)).toEqual([]);
  });
});

describe('texts', () => {
  const accepted = [{ source: 'src', after: 'a', before: '', character: 'U+200B', reason: 'meant' }];
  it('reports the first invisible character only', () => {
    expect(textProblems('text', `a${ZWSP}b${ZWSP}`, held([`a${ZWSP}b${ZWSP}`]), { accepted: [], acceptedFile: 'errata.yaml' }).diagnostics).toHaveLength(1);
  });
  it('lets an accepted character pass where its text is, and names the entry used', () => {
    expect(textProblems('text', `a${ZWSP}`, held(['x', `a${ZWSP}`]), { accepted, acceptedFile: 'errata.yaml' })).toEqual({ diagnostics: [], accepted: [0] });
  });
  it('does not let an accepted character pass after other words', () => {
    expect(textProblems('text', `b${ZWSP}`, held([`b${ZWSP}`]), { accepted, acceptedFile: 'errata.yaml' }).diagnostics.map((d) => d.place)).toEqual([
      { line: 1, column: 2 },
    ]);
  });
});
