/**
 * Scenario edits of annotation files (issue 33): a test that changes a
 * project's YAML finds what it changes through the yaml Document API (a list
 * by its key, an entry by its values), never by replacing today's text, so a
 * release that adds or reorders entries leaves the scenario working. The
 * change is spliced into the text at the node's range: every other byte and
 * comment stays, as a maintainer's edit would leave them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { isMap, isScalar, isSeq, LineCounter, parse, parseDocument, stringify, type Node, type YAMLMap, type YAMLSeq } from 'yaml';

type Entry = Record<string, unknown>;
/** Which entries of a list an edit touches: a predicate (of the entry and its index), or values every matching entry has. */
export type Match = Entry | ((entry: Entry, index: number) => boolean);

const matches = (match: Match, entry: Entry, index: number): boolean =>
  typeof match === 'function' ? match(entry, index) : Object.entries(match).every(([k, v]) => JSON.stringify(entry[k]) === JSON.stringify(v));

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

/**
 * The text with what a diagnostic offers to paste under `key` appended to that
 * list: the offer is YAML, either list entries or `key:` and its entries (as
 * printed, any indentation), parsed, so it lands after whatever the list holds.
 */
export function pasteEntries(text: string, key: string, offered: readonly string[]): string {
  const entries = offered.flatMap((block) => {
    const value = parse(block) as unknown;
    const list = Array.isArray(value) ? value : (value as Record<string, unknown> | null)?.[key];
    if (!Array.isArray(list)) throw new Error(`the offered YAML is neither a list nor "${key}:" and a list:\n${block}`);
    return list as unknown[];
  });
  return appendEntries(text, [key], entries);
}

/** The entries (maps) of the list at `path` that `match` takes, as nodes of `list` (or of a fresh parse of `text`). */
function matching(text: string, path: readonly string[], match: Match, list = listAt(text, path)): YAMLMap[] {
  if (list === null) throw new Error(`no list at ${path.join('.')}`);
  const found = list.items.filter((item, index): item is YAMLMap => isMap(item) && matches(match, item.toJSON() as Entry, index));
  if (found.length === 0) throw new Error(`no entry of ${path.join('.')} matches ${typeof match === 'function' ? 'the predicate' : JSON.stringify(match)}`);
  return found;
}

/**
 * The text with `field` set in every entry of the list at `path` that `match`
 * takes (the field must be there): to `value`, or to what `value` makes of the
 * field's current value. A scalar is written as YAML, a list or map in flow
 * style (JSON), in place of the old value.
 */
export function setField(text: string, path: readonly string[], match: Match, field: string, value: unknown): string {
  const nodes = matching(text, path, match).map((entry) => {
    const node = entry.get(field, true) as Node | undefined;
    if (!node?.range) throw new Error(`an entry of ${path.join('.')} has no ${field}`);
    return node;
  });
  let out = text;
  for (const node of nodes.sort((a, b) => b.range![0] - a.range![0])) {
    const next = typeof value === 'function' ? (value as (old: unknown) => unknown)(node.toJSON()) : value;
    const written = next !== null && typeof next === 'object' ? JSON.stringify(next) : stringify(next, { lineWidth: 0 }).trimEnd();
    out = `${out.slice(0, node.range![0])}${written}${out.slice(node.range![1])}`;
  }
  return out;
}

/** The text with `field: value` added as the last field of every entry of the list at `path` that `match` takes (the field must not be there). */
export function addField(text: string, path: readonly string[], match: Match, field: string, value: unknown): string {
  let out = text;
  for (const entry of matching(text, path, match).sort((a, b) => b.range![0] - a.range![0])) {
    if (entry.has(field)) throw new Error(`an entry of ${path.join('.')} has ${field} already`);
    const column = entry.range![0] - lineStart(text, entry.range![0]);
    const at = nextLine(text, entry.range![1] - 1);
    const line = `${' '.repeat(column)}${stringify({ [field]: value }, { lineWidth: 0 }).trimEnd()}\n`;
    out = `${out.slice(0, at)}${at === out.length && !out.endsWith('\n') ? '\n' : ''}${line}${out.slice(at)}`;
  }
  return out;
}

/** The text with the scalar at `path` (keys from the top, e.g. `dataset.version`; a number is a list's index) set to `value`. */
export function setValue(text: string, path: readonly (string | number)[], value: unknown): string {
  const node = parseDocument(text).getIn(path, true);
  if (!isScalar(node) || !node.range) throw new Error(`no scalar at ${path.join('.')}`);
  return `${text.slice(0, node.range[0])}${stringify(value, { lineWidth: 0 }).trimEnd()}${text.slice(node.range[1])}`;
}

/**
 * The text without the entries of the list at `path` that `match` takes
 * (with the comment lines just above each); `ifAny` accepts a match that
 * takes none (an entry a later release may have dropped already).
 */
export function removeEntries(text: string, path: readonly string[], match: Match, options: { ifAny?: boolean } = {}): string {
  const list = listAt(text, path);
  if (options.ifAny && (list === null || !list.items.some((item, index) => isMap(item) && matches(match, item.toJSON() as Entry, index)))) return text;
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
