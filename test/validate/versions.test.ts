/**
 * Small helpers of the checks on literal inputs: where JSON.parse stopped,
 * the major of a version, and the bump between two schema versions.
 */
import { describe, expect, it } from 'vitest';
import { jsonErrorPlace, majorOf } from '../../pipeline/validate/data-bundle.ts';
import { versionBump } from '../../pipeline/validate/schema-compat.ts';

/** The message JSON.parse gives for `text`. */
const parseError = (text: string): string => {
  try {
    JSON.parse(text);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${text} parsed`);
};

describe('jsonErrorPlace', () => {
  it('reads "(line L column C)"', () => expect(jsonErrorPlace('', 'Unexpected token (line 3 column 7)')).toEqual({ line: 3, column: 7 }));
  it('reads "at position N" as the line and column of that offset', () =>
    expect(jsonErrorPlace('{\n  "a": x\n}', 'Unexpected token at position 9')).toEqual({ line: 2, column: 8 }));
  it('reads a position on the first line', () => expect(jsonErrorPlace('[1,,]', 'Unexpected token at position 3')).toEqual({ line: 1, column: 4 }));
  it('places a text cut short at its end', () => expect(jsonErrorPlace('{\n  "a": [1,', 'Unexpected end of JSON input')).toEqual({ line: 2, column: 11 }));
  it('places what Node says about a trailing comma', () => {
    const text = '{\n  "a": 1,\n}';
    expect(jsonErrorPlace(text, parseError(text))).toEqual({ line: 3, column: 1 });
  });
});

describe('majorOf', () => {
  it('is the major of x.y.z', () => expect(majorOf('12.1.0')).toBe(12));
  it('is null for two parts', () => expect(majorOf('2.1')).toBeNull());
  it('is null with text after the version', () => expect(majorOf('2.1.0-rc.1')).toBeNull());
  it('is null with text before the version', () => expect(majorOf('v2.1.0')).toBeNull());
  it('is null for a number', () => expect(majorOf(2)).toBeNull());
});

describe('versionBump', () => {
  it.each([
    ['2.0.0', '3.0.0', 'major'],
    ['2.5.1', '3.0.0', 'major'],
    ['3.0.0', '2.9.9', 'none'],
    ['2.0.0', '2.1.0', 'minor'],
    ['2.1.0', '2.0.5', 'none'],
    ['2.1.0', '2.1.1', 'patch'],
    ['2.1.1', '2.1.1', 'none'],
    ['2.1.2', '2.1.1', 'none'],
  ] as const)('%s → %s is %s', (from, to, bump) => expect(versionBump(from, to)).toBe(bump));
});
