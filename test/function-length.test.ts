// The function-length check of `npm run lint` (pipeline/scripts/function-length.ts), on literal inputs.
import { describe, expect, it } from 'vitest';
import { functionLengths, markedAsTable, TABLE_MARKER } from '../pipeline/scripts/function-length.ts';

/** A function of `n` lines: its head, n - 2 statements, its closing brace. */
const fn = (name: string, n: number, head = ''): string => `${head}function ${name}() {\n${'  step();\n'.repeat(n - 2)}}\n`;

describe('function lengths', () => {
  it('counts a function from its first line to its last', () => {
    expect(functionLengths('a.ts', fn('five', 5))).toEqual([{ file: 'a.ts', line: 1, name: 'five', lines: 5, table: false }]);
  });

  it('counts a nested function in its parent too, and names arrow functions by their variable', () => {
    const text = 'function outer() {\n  const inner = () => {\n    step();\n  };\n}\n';
    expect(functionLengths('a.ts', text).map((f) => [f.name, f.lines])).toEqual([
      ['outer', 5],
      ['inner', 3],
    ]);
  });

  it('a function whose body is one returned literal is not a table unless it is marked', () => {
    const unmarked = 'export function labels() {\n  return {\n    a: 1,\n  };\n}\n';
    expect(functionLengths('a.ts', unmarked)[0]!.table).toBe(false);
    expect(functionLengths('a.ts', `// ${TABLE_MARKER} — the labels, one a line\n${unmarked}`)[0]!.table).toBe(true);
  });

  it('the marker counts in the comment block right above the function, not farther up', () => {
    const lines = [`/** Rows. ${TABLE_MARKER}: one per field. */`, 'const rows = () => [', '];'];
    expect(markedAsTable(lines, 2)).toBe(true);
    const apart = [`// ${TABLE_MARKER}`, 'const other = 1;', 'const rows = () => [', '];'];
    expect(markedAsTable(apart, 3)).toBe(false);
    expect(functionLengths('a.ts', `// ${TABLE_MARKER}\nconst x = 1;\n${fn('long', 90)}`)[0]!.table).toBe(false);
  });
});
