/**
 * YAML text → plain values, with a locator that maps a JSON path back to the
 * line it was written on, so schema errors point at `file:line`. The yaml
 * module is passed in and no Node module is imported: the build loads yaml
 * lazily (parse/yaml.ts), the card selection (and the site's card page)
 * imports it statically.
 */
import type * as Yaml from 'yaml';
import type { YAMLError } from 'yaml';
import { error, excerpt, type Diagnostic, type Place } from './diagnostic.ts';

export interface YamlFile {
  path: string;
  text: string;
}

export interface ParsedYaml {
  value: unknown;
  /** Line of the node at `path` (or of its nearest ancestor that exists). */
  locate: (path: readonly (string | number)[]) => Place | null;
  diagnostics: Diagnostic[];
}

/** What parseYamlWith gives besides: for a reader that words its own messages (the card roster). */
export interface ParsedYamlDocument extends ParsedYaml {
  /** Line of the key that ends `path` (`['players', 0, 'skils']`: the `skils:` line, where its value may start a line later); null when no map holds it. */
  locateKey: (path: readonly (string | number)[]) => Place | null;
  /** The first syntax error as data, for a reader that words its own message (the card roster); null when there is none. */
  syntax: YamlSyntax | null;
}

/** A YAML syntax error: the yaml module's code (`MISSING_CHAR`, `TAB_AS_INDENT`…), its message, and its line and column. */
interface YamlSyntax {
  code: string;
  message: string;
  line: number;
  column: number;
  /** How many more errors follow it (most often caused by it). */
  more: number;
}

export function parseYamlWith(yaml: typeof Yaml, file: YamlFile): ParsedYamlDocument {
  const { isMap, isNode, isScalar, LineCounter, parseDocument } = yaml;
  const lineCounter = new LineCounter();
  let doc: ReturnType<typeof parseDocument>;
  try {
    doc = parseDocument(file.text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  } catch (cause) {
    return { value: null, locate: () => null, locateKey: () => null, diagnostics: [parserGaveUp(file, cause)], syntax: null };
  }
  const diagnostics: Diagnostic[] = [];
  const first = firstSyntaxError(file, doc, lineCounter);
  if (first) diagnostics.push(first.diagnostic);
  const locate = (path: readonly (string | number)[]): Place | null => {
    for (let depth = path.length; depth >= 0; depth--) {
      const node = doc.getIn(path.slice(0, depth), true);
      if (isNode(node) && node.range) {
        const pos = lineCounter.linePos(node.range[0]);
        return { line: pos.line, column: pos.col };
      }
    }
    return null;
  };
  const locateKey = (path: readonly (string | number)[]): Place | null => {
    const parent = path.length ? doc.getIn(path.slice(0, -1), true) : null;
    const pair = isMap(parent) ? parent.items.find((item) => (isScalar(item.key) ? item.key.value : item.key) === path.at(-1)) : undefined;
    const range = isNode(pair?.key) ? pair.key.range : null;
    if (!range) return null;
    const pos = lineCounter.linePos(range[0]);
    return { line: pos.line, column: pos.col };
  };
  let value: unknown = null;
  if (!diagnostics.length) {
    try {
      value = doc.toJS();
    } catch (cause) {
      diagnostics.push(unreadableValue(yaml, file, doc, lineCounter, cause));
    }
  }
  return { value, locate, locateKey, diagnostics, syntax: first?.syntax ?? null };
}

type Document = ReturnType<typeof Yaml.parseDocument>;

/**
 * The parser itself gave up (found by fuzzing: a pasted line of thousands of
 * `- key: value` overflows its recursion). Names the longest line, the likeliest culprit.
 */
function parserGaveUp(file: YamlFile, cause: unknown): Diagnostic {
  const lines = file.text.split(/\r\n?|\n/);
  const longest = lines.reduce((best, line, n) => (line.length > (lines[best]?.length ?? 0) ? n : best), 0);
  return error({
    reason: `YAML: the file cannot be parsed (${excerpt((cause as Error).message, 0, 120)})`,
    file: file.path,
    place: { line: longest + 1, column: 1 },
    ruleId: 'yaml/syntax',
    source: 'parse',
    actual: `line ${longest + 1} (${lines[longest]!.length} characters): ${JSON.stringify(excerpt(lines[longest]!))}`,
    note: 'the longest line is named: a pasted run of YAML on one line is the usual cause',
  });
}

/**
 * One syntax error usually sets off a cascade (an unclosed `[` gives a
 * dozen): the first, at its line and column with the line quoted, and a count of the rest.
 */
function firstSyntaxError(file: YamlFile, doc: Document, lineCounter: Yaml.LineCounter): { diagnostic: Diagnostic; syntax: YamlSyntax } | null {
  const problems: YAMLError[] = [...doc.errors, ...doc.warnings].sort((a, b) => a.pos[0] - b.pos[0]);
  const first = problems[0];
  if (!first) return null;
  // A flow collection left open is found where YAML gives up, often lines later: point at its `[` or `{`.
  const opener = /flow (?:sequence|mapping|collection)|end with a [\]}]/i.test(first.message) ? unclosedFlowOpener(file.text, first.pos[0]) : null;
  const found = insideText(file.text, lineCounter.linePos(Math.min(opener ?? first.pos[0], file.text.length)));
  const deeper = opener === null ? deeperLine(file.text, found) : null;
  const pos = deeper?.pos ?? atIndent(file.text, found);
  const above = opener === null && !deeper && pos.col !== found.col ? keyAbove(file.text, pos.line) : null;
  const aboveNote = above ? `: this line starts at column ${pos.col}, the key above it at column ${above}` : '';
  const lineText = file.text.split(/\r\n?|\n/)[pos.line - 1] ?? '';
  const more = problems.length - 1;
  const diagnostic = error({
    reason:
      opener !== null
        ? `YAML: this "${file.text[opener]}" is never closed (expected "${file.text[opener] === '[' ? ']' : '}'}" before the next line of the block)`
        : deeper
          ? `YAML: this line is indented deeper than the key above it (at column ${deeper.keyColumn}), so it reads as part of that key's value`
          : `YAML: ${excerpt(first.message.split('\n')[0] ?? first.code, 0, 200)}${aboveNote}`,
    file: file.path,
    place: { line: pos.line, column: pos.col },
    ruleId: 'yaml/syntax',
    source: 'parse',
    actual: `line ${pos.line}: ${JSON.stringify(excerpt(lineText, pos.col - 1))}`,
    ...(more ? { note: `${more} more YAML error${more === 1 ? '' : 's'} after this one, most likely caused by it; fix this one first` } : {}),
  });
  return { diagnostic, syntax: { code: opener === null ? first.code : 'UNCLOSED_FLOW', message: first.message, line: pos.line, column: pos.col, more } };
}

/** An alias to no anchor, or aliases that expand without bound (`maxAliasCount`): located at the first alias. */
function unreadableValue(yaml: typeof Yaml, file: YamlFile, doc: Document, lineCounter: Yaml.LineCounter, cause: unknown): Diagnostic {
  let where: number | null = null;
  yaml.visit(doc, {
    Alias(_, node) {
      if (where === null && node.range) where = node.range[0];
    },
  });
  const pos = lineCounter.linePos(where ?? 0);
  return error({
    reason: `YAML: ${excerpt((cause as Error).message.split('\n')[0] ?? 'cannot be read', 0, 200)}`,
    file: file.path,
    place: { line: pos.line, column: pos.col },
    ruleId: 'yaml/syntax',
    source: 'parse',
    actual: `line ${pos.line}: ${JSON.stringify(excerpt(file.text.split(/\r\n?|\n/)[pos.line - 1] ?? '', pos.col - 1))}`,
  });
}

/**
 * Offset of the last `[` or `{` before `end` that no bracket closes, outside
 * quotes and comments; null when every one is closed.
 */
function unclosedFlowOpener(text: string, end: number): number | null {
  const open: number[] = [];
  let quote: string | null = null;
  for (let i = 0; i < Math.min(end, text.length); i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote && !(quote === '"' && text[i - 1] === '\\')) quote = null;
      else if (c === '\n') quote = null;
      continue;
    }
    if (c === '#' && (i === 0 || /\s/.test(text[i - 1]!))) {
      while (i < text.length && text[i] !== '\n') i++;
      continue;
    }
    if ((c === '"' || c === "'") && (i === 0 || /[\s[{,:]/.test(text[i - 1]!))) quote = c;
    else if (c === '[' || c === '{') open.push(i);
    else if ((c === ']' || c === '}') && open.length) open.pop();
  }
  return open.at(-1) ?? null;
}

/** A line with nothing on it but spaces, or a comment. */
const BLANK_OR_COMMENT = /^\s*(#.*)?$/;

/** Leading spaces of a line of `text` (1-based). */
const indentOf = (line: string): number => line.length - line.trimStart().length;

/**
 * YAML reports a key indented deeper than its mapping's keys at the value
 * before it (`record: y` ⏎ `      concept: z`: "nested mappings are not
 * allowed in compact mappings" at `y`), one line too early. When the rest of
 * that line holds no mapping and the next line with text is indented deeper
 * than its key, the error is that next line, at its indentation.
 */
function deeperLine(text: string, pos: { line: number; col: number }): { pos: { line: number; col: number }; keyColumn: number } | null {
  const lines = text.split(/\r\n?|\n/);
  const here = lines[pos.line - 1] ?? '';
  if (/:(\s|$)/.test(here.slice(pos.col - 1))) return null;
  let next = pos.line;
  while (next < lines.length && BLANK_OR_COMMENT.test(lines[next]!)) next++;
  const after = lines[next];
  if (after === undefined || indentOf(after) <= indentOf(here.replace(/^(\s*)-\s+/, '$1  '))) return null;
  return { pos: { line: next + 1, col: indentOf(after) + 1 }, keyColumn: indentOf(here.replace(/^(\s*)-\s+/, '$1  ')) + 1 };
}

/** The column of the key on the nearest line with text above `line` (after a `- `), or null. */
function keyAbove(text: string, line: number): number | null {
  const lines = text.split(/\r\n?|\n/);
  for (let n = line - 2; n >= 0; n--) if (!BLANK_OR_COMMENT.test(lines[n]!)) return indentOf(lines[n]!.replace(/^(\s*)-\s+/, '$1  ')) + 1;
  return null;
}

/** An error reported in a line's indentation (a key indented wrongly) is shown where the line's text starts. */
function atIndent(text: string, pos: { line: number; col: number }): { line: number; col: number } {
  const line = text.split(/\r\n?|\n/)[pos.line - 1] ?? '';
  return line.slice(0, pos.col - 1).trim() === '' && line[pos.col - 1] === ' ' ? { line: pos.line, col: indentOf(line) + 1 } : pos;
}

/** A position past the last line (an error at the very end of a file that ends with a newline) moves to the end of that line. */
function insideText(text: string, pos: { line: number; col: number }): { line: number; col: number } {
  const lines = text.split(/\r\n?|\n/);
  if (lines.at(-1) === '' && lines.length > 1) lines.pop();
  if (pos.line <= lines.length) return pos;
  return { line: Math.max(1, lines.length), col: (lines.at(-1)?.length ?? 0) + 1 };
}
