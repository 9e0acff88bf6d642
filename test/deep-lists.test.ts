/**
 * A staircase of list lines, each indented one space more than the one
 * before (issue 32, item 7): it used to nest a thousand lists, and remark's
 * serialiser overflowed the stack ("Maximum call stack size exceeded", no
 * file, no line). Lists now nest at most LIST_DEPTH_LIMIT deep, and the
 * parsers report the first deeper line, located.
 */
import { describe, expect, it } from 'vitest';
import type { List, Root } from 'mdast';
import { buildDataset } from '../pipeline/build.ts';
import { LIST_DEPTH_LIMIT, linesToMdast, linesToMdastLocated, mdastToMarkdown } from '../pipeline/model/markdown.ts';
import { formatDiagnostic } from '../pipeline/model/diagnostic.ts';
import { EN_TEXT, literalProject } from './literal-project.ts';

/** `count` bullet lines from line `first`, each indented one space more. */
const staircase = (count: number, first = 1) => Array.from({ length: count }, (_, n) => ({ line: first + n, text: `${' '.repeat(n)}- step ${n}` }));

/** How deep the lists of a tree nest, walked with a stack. */
function listDepth(root: Root): number {
  let deepest = 0;
  const stack: { node: { type: string; children?: unknown[] }; depth: number }[] = [{ node: root, depth: 0 }];
  while (stack.length) {
    const { node, depth } = stack.pop()!;
    const here = node.type === 'list' ? depth + 1 : depth;
    deepest = Math.max(deepest, here);
    for (const child of (node.children ?? []) as { type: string }[]) stack.push({ node: child, depth: here });
  }
  return deepest;
}

describe('a staircase of indented list lines', () => {
  it('nests lists at most LIST_DEPTH_LIMIT deep, every line kept, and says which lines were deeper', () => {
    const deeper: number[] = [];
    const tree = linesToMdast(staircase(1000), (line) => deeper.push(line.line));
    expect(listDepth(tree)).toBe(LIST_DEPTH_LIMIT);
    expect(deeper).toEqual(Array.from({ length: 1000 - LIST_DEPTH_LIMIT }, (_, n) => LIST_DEPTH_LIMIT + 1 + n));
    expect(mdastToMarkdown(tree).match(/step \d+/g)).toHaveLength(1000);
  });

  it('nests a list of LIST_DEPTH_LIMIT levels as written, with no report', () => {
    const deeper: number[] = [];
    const tree = linesToMdast(staircase(LIST_DEPTH_LIMIT), (line) => deeper.push(line.line));
    expect([listDepth(tree), deeper]).toEqual([LIST_DEPTH_LIMIT, []]);
    expect(((tree.children[0] as List).children[0]!.children[1] as List).type).toBe('list');
  });

  it('is one located error for the parser, at the first deeper line and its column', () => {
    const { diagnostics } = linesToMdastLocated(staircase(1000, 40), 'sources/raw/en.txt');
    expect(diagnostics.map(formatDiagnostic)).toEqual([
      `sources/raw/en.txt:${40 + LIST_DEPTH_LIMIT}:${LIST_DEPTH_LIMIT + 1} error A list is nested more than ${LIST_DEPTH_LIMIT} levels deep: each line indented more than the one before [markdown/list-too-deep]\n` +
        `  expected: lists nested at most ${LIST_DEPTH_LIMIT} levels (rule texts nest two)\n` +
        '  note:     the indentation of these lines is probably an accident of the copy: remove it with an erratum',
    ]);
  });

  it('in a source, 1,000 such lines fail the build at their line, with no stack overflow', () => {
    const lines = EN_TEXT.split('\n');
    const at = lines.indexOf('This player may stab.') + 1;
    const text = [...lines.slice(0, at), ...staircase(1000).map((l) => l.text), ...lines.slice(at)].join('\n');
    const result = buildDataset(literalProject({}, { raw: { 'sources/raw/en.txt': text } }));
    expect(result.files.size).toBe(0);
    expect(result.diagnostics.filter((d) => d.fatal).map((d) => [d.ruleId, d.file, d.place])).toEqual([
      ['markdown/list-too-deep', 'sources/raw/en.txt', { line: at + LIST_DEPTH_LIMIT + 1, column: LIST_DEPTH_LIMIT + 1 }],
    ]);
  });
});
