/**
 * Every string a source or an annotation sets, checked before anything is
 * emitted: no invisible or control character in a name (nor in rule text,
 * unless errata.yaml `accepted` lists it), no name mixing scripts within a
 * word (a Cyrillic `і` in `Sneaky Gіt`), no name or id longer than the
 * schema allows. Each problem is an error at the source line (or the YAML
 * node) that holds it; characters are named as `U+XXXX`, never printed.
 */
import { codePointLabel, FORMULA_START, HIDDEN_CHARACTER } from '../model/characters.ts';
import { error, type Diagnostic, type DiagnosticInit, type Place } from '../model/diagnostic.ts';
import type { AcceptedCharacter, Inducement, Ruling, Skill } from '../model/schema-types.ts';

const LETTER = /\p{L}/u;
/** The scripts a look-alike name mixes (Latin with Cyrillic or Greek letters that read the same). */
const SCRIPTS: readonly [string, RegExp][] = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
];
/** Words: runs of letters and their marks. */
const WORDS = /[\p{L}\p{M}]+/gu;

export interface Limits {
  /** maxLength of a name in the published schemas. */
  name: number;
  /** maxLength of an id in the published schemas. */
  id: number;
}

/** A YAML file's value and where its nodes are. */
export interface LocatedValue {
  file: string;
  value: unknown;
  locate: (path: readonly (string | number)[]) => Place | null;
  /** The keys whose strings may span lines (and hold tabs): errata's `find` and `replace`, which patch raw lines. None elsewhere. */
  multiline?: readonly string[];
}

/** What a source holds: named records (parsed, before linking), unnamed paragraphs, rulings, inducements. */
export interface SourceStrings {
  records: readonly Pick<Skill, 'id' | 'name' | 'displayName' | 'text' | 'source'>[];
  unnamed: readonly Pick<Skill, 'text' | 'source'>[];
  rulings: readonly Ruling[];
  inducements: readonly Inducement[];
  /** A source's lines as parsed (errata applied), and its file. */
  linesOf: (sourceId: string) => readonly string[] | undefined;
  fileOf: (sourceId: string) => string;
  /** errata.yaml `accepted`, and the file's path for the note. */
  accepted: readonly AcceptedCharacter[];
  acceptedFile: string;
  limits: Limits;
}

/** The invisible and control characters of `text`, with their index. */
function hostileCharacters(text: string): { char: string; index: number }[] {
  return [...text.matchAll(HIDDEN_CHARACTER)].map((m) => ({ char: m[0], index: m.index }));
}

/** The first word of `text` with letters of two scripts, and those scripts; null when none. */
export function mixedScriptWord(text: string): { word: string; scripts: string[] } | null {
  for (const [word] of text.matchAll(WORDS)) {
    const scripts = SCRIPTS.filter(([, pattern]) => [...word].some((char) => LETTER.test(char) && pattern.test(char))).map(([name]) => name);
    if (scripts.length > 1) return { word, scripts };
  }
  return null;
}

/** A source-held string: its lines, to locate a problem at the line and column that print it. */
export interface Held {
  file: string;
  lines: readonly string[];
  /** 1-based, inclusive. */
  range: readonly [number, number];
  sourceId: string;
}

/** The first line (and column) of the range that holds `needle`; the range's first line when none does. */
function locateIn(held: Held, needle: string): Place {
  for (let line = held.range[0]; line <= held.range[1]; line++) {
    const at = (held.lines[line - 1] ?? '').indexOf(needle);
    if (at >= 0) return { line, column: at + 1 };
  }
  return { line: held.range[0] };
}

const label = (text: string) => JSON.stringify(text.replace(HIDDEN_CHARACTER, codePointLabel).slice(0, 60));

/**
 * The names, ids and texts the sources hold. Returns the diagnostics and the
 * indexes of the `accepted` entries that allowed a character (for staleAcceptances).
 */
export function checkSourceStrings(input: SourceStrings): { diagnostics: Diagnostic[]; acceptedUsed: Set<number> } {
  const diagnostics: Diagnostic[] = [];
  const acceptedUsed = new Set<number>();
  const checkName = (what: string, value: string, held: Held) => diagnostics.push(...nameProblems(what, value, held, input.limits));
  const checkId = (id: string, held: Held, name: string) => diagnostics.push(...idProblems(id, held, name, input.limits));
  const checkText = (what: string, value: string, held: Held) => {
    const found = textProblems(what, value, held, input);
    diagnostics.push(...found.diagnostics);
    for (const index of found.accepted) acceptedUsed.add(index);
  };
  const heldBy = (sourceId: string, range: readonly [number, number]): Held => ({
    file: input.fileOf(sourceId),
    lines: input.linesOf(sourceId) ?? [],
    range,
    sourceId,
  });

  for (const record of input.records) {
    const held = heldBy(record.source.id, record.source.lines);
    checkName('name', record.displayName, held);
    if (record.name !== record.displayName && !record.displayName.includes(record.name)) checkName('name', record.name, held);
    // The id is made from the name: a name too long already says so.
    if ([...record.displayName].length <= input.limits.name) checkId(record.id, held, record.displayName);
    checkText(`text of ${label(record.displayName)}`, record.text, held);
  }
  for (const paragraph of input.unnamed) checkText('text', paragraph.text, heldBy(paragraph.source.id, paragraph.source.lines));
  for (const ruling of input.rulings) {
    const held = heldBy(ruling.source.id, ruling.source.lines);
    checkText('FAQ question', ruling.question, held);
    checkText('FAQ answer', ruling.answer, held);
  }
  for (const inducement of input.inducements) {
    const held = heldBy(inducement.source.id, inducement.source.lines);
    checkText(`text of ${label(inducement.name)}`, inducement.text, held);
    for (const part of [...inducement.abilities, ...inducement.spells]) checkText(`text of ${label(part.name)}`, part.text, held);
  }
  return { diagnostics, acceptedUsed };
}

/** What is wrong with a name: an invisible or control character, letters of two scripts in a word, more characters than the schema allows. */
export function nameProblems(what: string, value: string, held: Held, limits: Limits): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const { char } of hostileCharacters(value).slice(0, 1)) {
    diagnostics.push(
      error({
        reason: `The ${what} ${label(value)} has the invisible or control character ${codePointLabel(char)}`,
        file: held.file,
        place: locateIn(held, char),
        ruleId: 'text/hostile-character',
        source: 'validate',
        expected: 'a name of visible characters only',
        note: 'remove it with an erratum (sources/annotations/errata.yaml); names never accept one',
      }),
    );
  }
  const formula = formulaName(what, value);
  if (formula) diagnostics.push(error({ ...formula, file: held.file, place: locateIn(held, value.slice(0, 20)) }));
  const mixed = mixedScriptWord(value);
  if (mixed) {
    diagnostics.push(
      error({
        reason: `The ${what} ${label(value)} mixes ${mixed.scripts.join(' and ')} letters in the word ${label(mixed.word)}: a look-alike of another name`,
        file: held.file,
        place: locateIn(held, mixed.word),
        ruleId: 'text/mixed-script',
        source: 'validate',
        expected: 'each word of a name in one script',
        note: 'replace the look-alike letters with an erratum',
      }),
    );
  }
  if ([...value].length > limits.name) {
    diagnostics.push(
      error({
        reason: `The ${what} ${label(value)}… is ${[...value].length} characters long; names have at most ${limits.name}`,
        file: held.file,
        place: locateIn(held, value.slice(0, 20)),
        ruleId: 'text/too-long',
        source: 'validate',
        expected: `a name of at most ${limits.name} characters (schema maxLength)`,
        note: 'a line pasted onto the name line? check the raw text around it',
      }),
    );
  }
  return diagnostics;
}

/**
 * A name (or an alias) that starts as a spreadsheet formula (`=`, `+`, `-`,
 * `@`): never a name, and what OWASP's "CSV Injection" starts with. The CSV
 * tables neutralise any such cell; a name is refused at its source as well.
 */
function formulaName(what: string, value: string): Omit<DiagnosticInit, 'file' | 'place'> | null {
  // A hidden first character (a tab, a NUL) is refused as such already.
  if (!FORMULA_START.test(value) || value.search(HIDDEN_CHARACTER) === 0) return null;
  return {
    reason: `The ${what} ${label(value)} starts with ${label(value[0]!)}, as a spreadsheet formula does`,
    ruleId: 'text/formula-name',
    source: 'validate',
    expected: 'a name that starts with a letter, a digit or a bracket',
    note: 'remove the character (a name in a raw text: with an erratum)',
  };
}

/** An id longer than the schema allows, at the name it is made from. */
export function idProblems(id: string, held: Held, name: string, limits: Limits): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  if (id.length <= limits.id) return diagnostics;
  diagnostics.push(
    error({
      reason: `The id made from ${label(name)} is ${id.length} characters long; ids have at most ${limits.id}`,
      file: held.file,
      place: locateIn(held, name.slice(0, 20)),
      ruleId: 'text/too-long',
      source: 'validate',
      expected: `an id of at most ${limits.id} characters (schema maxLength)`,
    }),
  );
  return diagnostics;
}

/**
 * The first invisible or control character of a text that no `accepted`
 * entry allows, and the indexes of the entries that allowed one before it.
 */
export function textProblems(
  what: string,
  value: string,
  held: Held,
  input: Pick<SourceStrings, 'accepted' | 'acceptedFile'>,
): { diagnostics: Diagnostic[]; accepted: number[] } {
  const diagnostics: Diagnostic[] = [];
  const accepted: number[] = [];
  for (const { char, index: at } of hostileCharacters(value)) {
    // An acceptance is anchored by its text: the character with `after` right before it and `before` right after it.
    const index = input.accepted.findIndex((a) => a.source === held.sourceId && a.character === codePointLabel(char) && surrounds(value, at, a));
    if (index >= 0) {
      accepted.push(index);
      continue;
    }
    const place = locateIn(held, char);
    diagnostics.push(
      error({
        reason: `The ${what} has the invisible or control character ${codePointLabel(char)}`,
        file: held.file,
        place,
        ruleId: 'text/hostile-character',
        source: 'validate',
        expected: 'rule text of visible characters, tabs and line breaks',
        note: `remove it with an erratum, or, if the source means it, accept it in ${input.acceptedFile}:\naccepted:\n${acceptanceEntry(held.sourceId, value, at)}`,
      }),
    );
    break;
  }
  return { diagnostics, accepted };
}

/** Whether the character at `at` of `value` has the entry's `after` right before it and its `before` right after it. */
function surrounds(value: string, at: number, entry: AcceptedCharacter): boolean {
  const after = entry.after ?? '';
  const before = entry.before ?? '';
  return value.slice(Math.max(0, at - after.length), at) === after && value.startsWith(before, at + value[at]!.length);
}

/** The visible text of `value` from `from` to `to`, within one line. */
function visible(value: string, from: number, to: number): string {
  return value.slice(Math.max(0, from), Math.max(0, to)).split(HIDDEN_CHARACTER).join('');
}

/** The `accepted` entry that accepts the character at `at` of `value` (indented as a list item of `accepted:`): the words around it. */
function acceptanceEntry(sourceId: string, value: string, at: number): string {
  const char = value[at]!;
  const end = at + char.length;
  let after = visible(value, at - 12, at);
  after = after.slice(after.lastIndexOf('\n') + 1);
  // A word cut at the start is dropped, unless it is the only one (no space: slice(0) keeps it whole).
  const space = after.indexOf(' ');
  if (at > 12 && space < after.length - 1) after = after.slice(space + 1);
  let before = visible(value, end, end + 12).split('\n')[0]!;
  const last = before.lastIndexOf(' ');
  if (end + 12 < value.length && last > 0) before = before.slice(0, last);
  const lines = [
    `  - source: ${sourceId}`,
    ...(after ? [`    after: ${JSON.stringify(after)}`] : []),
    ...(before ? [`    before: ${JSON.stringify(before)}`] : []),
    `    character: ${codePointLabel(char)}`,
    '    reason: <why the source means it>',
  ];
  return lines.join('\n');
}

/** An `accepted` entry that allowed no character: stale (its text changed, or an erratum removed the character). */
export function staleAcceptances(
  accepted: readonly AcceptedCharacter[],
  used: ReadonlySet<number>,
  file: string,
  locate: (index: number) => Place | null,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  accepted.forEach((entry, index) => {
    if (used.has(index)) return;
    diagnostics.push(
      error({
        reason: `No rule text of ${entry.source} has the accepted character ${entry.character}${entry.after !== undefined ? ` after "${entry.after}"` : ''}${entry.before !== undefined ? ` before "${entry.before}"` : ''}`,
        file,
        place: locate(index),
        ruleId: 'text/stale-acceptance',
        source: 'validate',
        expected: 'each accepted character where its `after` and `before` say',
        note: 'remove the entry (the source no longer has the character, or an erratum removed it), or correct `after` and `before`',
      }),
    );
  });
  return diagnostics;
}

/** Keys whose strings are names (or a list of names), in the manifest and annotation files. */
const NAME_KEYS = new Set(['name', 'alias', 'aliases', 'abilities', 'spells', 'qualifiedOnly', 'notNames', 'label']);

/** A line break or a tab: control characters too, refused in every annotation string but the `multiline` keys. */
const LINE_BREAK_OR_TAB = /[\t\n]/;

/**
 * Every string of the manifest and the annotation files, every key of their
 * objects included: no invisible or control character anywhere (a line break
 * or a tab only in the file's `multiline` keys); names in one script per word.
 */
export function checkAnnotationStrings(annotations: readonly LocatedValue[]): Diagnostic[] {
  return annotations.flatMap(checkAnnotation);
}

/** The first control or invisible character of an annotation string (a line break or a tab too, unless its key may span lines). */
function annotationHostile(value: string, key: string | null, multiline: readonly string[]): string | null {
  const [hidden] = hostileCharacters(value);
  if (hidden) return hidden.char;
  if (key !== null && multiline.includes(key)) return null;
  return LINE_BREAK_OR_TAB.exec(value)?.[0] ?? null;
}

function checkAnnotation(annotation: LocatedValue): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const multiline = annotation.multiline ?? [];
  const hostileAt = (value: string, key: string | null, path: (string | number)[], what: string): void => {
    const char = annotationHostile(value, key, multiline);
    if (char === null) return;
    diagnostics.push(
      error({
        reason: `${what}${label(value)} has the invisible or control character ${codePointLabel(char)}`,
        file: annotation.file,
        place: annotation.locate(path),
        ruleId: 'text/hostile-character',
        source: 'validate',
        expected: 'annotations of visible characters, without line breaks or tabs (write an accepted character as `U+XXXX`)',
        note: `remove it${multiline.length ? `; only ${multiline.join(' and ')} may span lines` : ''}`,
      }),
    );
  };
  const visit = (value: unknown, path: (string | number)[], key: string | null): void => {
    if (typeof value === 'string') {
      hostileAt(value, key, path, '');
      const formula = key !== null && NAME_KEYS.has(key) ? formulaName('name', value) : null;
      if (formula) diagnostics.push(error({ ...formula, file: annotation.file, place: annotation.locate(path) }));
      // Stryker disable next-line ConditionalExpression: `key !== null` only spares NAME_KEYS.has(null), false either way
      const mixed = key !== null && NAME_KEYS.has(key) ? mixedScriptWord(value) : null;
      if (mixed) {
        diagnostics.push(
          error({
            reason: `The name ${label(value)} mixes ${mixed.scripts.join(' and ')} letters in the word ${label(mixed.word)}: a look-alike of another name`,
            file: annotation.file,
            place: annotation.locate(path),
            ruleId: 'text/mixed-script',
            source: 'validate',
            expected: 'each word of a name in one script',
            note: 'replace the look-alike letters',
          }),
        );
      }
      return;
    }
    if (Array.isArray(value)) for (const [i, item] of value.entries()) visit(item, [...path, i], key);
    // Stryker disable next-line ConditionalExpression: a number or a boolean has no entries, so `typeof value === 'object'` → true visits nothing more
    else if (value && typeof value === 'object')
      for (const [k, item] of Object.entries(value)) {
        hostileAt(k, null, [...path, k], 'The key ');
        visit(item, [...path, k], k);
      }
  };
  visit(annotation.value, [], null);
  return diagnostics;
}
