/**
 * Scenario edits of annotation files (issue 33): a test that changes a
 * project's YAML finds what it changes through the yaml Document API (a list
 * by its key, an entry by its values), never by replacing today's text, so a
 * release that adds or reorders entries leaves the scenario working. The
 * change is spliced into the text at the node's range: every other byte and
 * comment stays, as a maintainer's edit would leave them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, stringify, type Node, type YAMLMap, type YAMLSeq } from 'yaml';

type Entry = Record<string, unknown>;
/** Which entries of a list an edit touches: a predicate, or values every matching entry has. */
export type Match = Entry | ((entry: Entry) => boolean);

const matches = (match: Match, entry: Entry): boolean =>
  typeof match === 'function' ? match(entry) : Object.entries(match).every(([k, v]) => JSON.stringify(entry[k]) === JSON.stringify(v));

const lineStart = (text: string, at: number): number => text.lastIndexOf('\n', at - 1) + 1;
const nextLine = (text: string, at: number): number => {
  const end = text.indexOf('\n', at);
  return end < 0 ? text.length : end + 1;
};

/** The list at `path` (keys from the top), or null when the path is absent; throws when it holds something else. */
function listAt(text: string, path: readonly (string | number)[]): YAMLSeq | null {
  const doc = parseDocument(text, { keepSourceTokens: true });
  if (doc.errors.length) throw new Error(`the YAML does not parse: ${doc.errors[0]!.message}`);
  const node = doc.getIn(path, true);
  if (node === undefined || (isScalar(node) && node.value === null)) return null;
  if (!isSeq(node)) throw new Error(`${path.join('.')} is not a list`);
  return node;
}

/** `entries` as block list items, each line indented by `indent` spaces. */
const blockItems = (entries: readonly unknown[], indent: number): string =>
  stringify(entries, { lineWidth: 0 })
    .trimEnd()
    .split('\n')
    .map((line) => `${' '.repeat(indent)}${line}`)
    .join('\n');

/** The text with `entries` appended to the list at `path` (a top-level key is created when absent; an empty `[]` becomes a block list). */
export function appendEntries(text: string, path: readonly string[], entries: readonly unknown[]): string {
  if (entries.length === 0) throw new Error('nothing to append');
  const list = listAt(text, path);
  const indent = 2 * (path.length - 1);
  if (list === null) {
    if (path.length !== 1) throw new Error(`no list at ${path.join('.')}`);
    const doc = parseDocument(text);
    const key = doc.contents && isMap(doc.contents) ? doc.contents.items.find((p) => isScalar(p.key) && p.key.value === path[0]) : undefined;
    if (key?.value && isScalar(key.value)) {
      // `key:` with no value (null): the items go on the lines after it.
      const at = nextLine(text, key.value.range![0]);
      return `${text.slice(0, at)}${blockItems(entries, indent + 2)}\n${text.slice(at)}`;
    }
    return `${text.endsWith('\n') || text === '' ? text : `${text}\n`}${path[0]}:\n${blockItems(entries, 2)}\n`;
  }
  const [start, end] = list.range!;
  if (list.items.length === 0) {
    // `key: []` (or `key: [ ]`): the flow list becomes a block list.
    const before = text.slice(0, start).replace(/[ \t]+$/, '');
    return `${before}\n${blockItems(entries, indent + 2)}${text.slice(end)}`;
  }
  if (list.flow) throw new Error(`${path.join('.')} is a flow list; append to a block list`);
  const first = list.items[0] as Node;
  const dash = first.range![0] - lineStart(text, first.range![0]) - 2;
  const last = list.items[list.items.length - 1] as Node;
  const at = nextLine(text, last.range![1] - 1);
  const body = `${blockItems(entries, Math.max(0, dash))}\n`;
  return at > text.length - 1 && !text.endsWith('\n') ? `${text}\n${body}` : `${text.slice(0, at)}${body}${text.slice(at)}`;
}

/** The entries (maps) of the list at `path` that `match` takes, as nodes of `list` (or of a fresh parse of `text`). */
function matching(text: string, path: readonly string[], match: Match, list = listAt(text, path)): YAMLMap[] {
  if (list === null) throw new Error(`no list at ${path.join('.')}`);
  const found = list.items.filter((item): item is YAMLMap => isMap(item) && matches(match, item.toJSON() as Entry));
  if (found.length === 0) throw new Error(`no entry of ${path.join('.')} matches ${typeof match === 'function' ? 'the predicate' : JSON.stringify(match)}`);
  return found;
}

/** The text with `field` set to `value` in every entry of the list at `path` that `match` takes (the field must be there). */
export function setField(text: string, path: readonly string[], match: Match, field: string, value: unknown): string {
  const nodes = matching(text, path, match).map((entry) => {
    const node = entry.get(field, true);
    if (!isScalar(node)) throw new Error(`an entry of ${path.join('.')} has no scalar ${field}`);
    return node;
  });
  let out = text;
  for (const node of nodes.sort((a, b) => b.range![0] - a.range![0])) {
    const scalar = stringify(value, { lineWidth: 0 }).trimEnd();
    out = `${out.slice(0, node.range![0])}${scalar}${out.slice(node.range![1])}`;
  }
  return out;
}

/** The text without the entries of the list at `path` that `match` takes (with the comment lines just above each). */
export function removeEntries(text: string, path: readonly string[], match: Match): string {
  const list = listAt(text, path);
  const taken = new Set<unknown>(matching(text, path, match, list));
  let out = text;
  const items = list!.items as Node[];
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i]!;
    if (!taken.has(item)) continue;
    let from = lineStart(text, item.range![0]);
    // The comment lines right above the entry are its own.
    while (from > 0 && /^\s*#/.test(text.slice(lineStart(text, from - 1), from - 1))) from = lineStart(text, from - 1);
    const next = items[i + 1];
    const to = next ? lineStart(text, next.range![0]) : nextLine(text, item.range![1] - 1);
    let cut = to;
    if (next) while (cut > from && /^\s*#/.test(text.slice(lineStart(text, cut - 1), cut - 1))) cut = lineStart(text, cut - 1);
    out = `${out.slice(0, from)}${out.slice(cut)}`;
  }
  return out;
}

/** 1-based line and column of the first entry of the list at `path` that `match` takes: where a diagnostic about it points. */
export function entryPlace(text: string, path: readonly string[], match: Match): { line: number; column: number } {
  const [entry] = matching(text, path, match);
  const counter = new LineCounter();
  parseDocument(text, { lineCounter: counter });
  const { line, col } = counter.linePos(entry!.range![0]);
  return { line, column: col };
}

/** Apply `change` to the file at `path`; throws when the text stays the same. */
export function editYamlFile(path: string, change: (text: string) => string): void {
  const before = readFileSync(path, 'utf8');
  const after = change(before);
  if (after === before) throw new Error(`the edit changed nothing in ${path}`);
  writeFileSync(path, after);
}
