/**
 * Recorded errata: reviewed patches for obvious typos, applied to the raw
 * text before parsing. The raw file is never edited; every applied patch is
 * listed in the provenance of the records its lines belong to.
 *
 * An erratum is anchored by its text, like a hunk that `patch` applies at an
 * offset: it applies where its `find` occurs exactly once — within the record
 * it names (`record`), or else within its whole source. Lines added or
 * removed around it never make it stale; only a `find` that occurs nowhere,
 * or more than once, is an error.
 */
import { error, type Diagnostic } from '../model/diagnostic.ts';
import type { Erratum } from '../model/schema-types.ts';

export interface PatchedLines {
  /** Lines after patching, index 0 = line 1. */
  lines: string[];
  /** Erratum ids applied, by 1-based line. */
  applied: Map<number, string[]>;
  diagnostics: Diagnostic[];
}

/** The 1-based first and last line of a record, by record id: what a `record`-scoped erratum searches. */
export type RecordLines = (recordId: string) => readonly [number, number] | null;

export function splitLines(text: string): string[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** Whether any erratum of `sourceId` is scoped to a record (the source must then be parsed once unpatched, for the records' lines). */
export function needsRecordLines(sourceId: string, errata: readonly Erratum[]): boolean {
  return errata.some((erratum) => erratum.source === sourceId && erratum.record !== undefined);
}

/**
 * Apply the errata recorded for `sourceId` to `text`, in order. `errataFile`
 * is where the errata were read and `locate` finds an erratum's line there,
 * for messages; `recordLines` gives the lines of a record a scoped erratum names.
 */
export function applyErrata(
  sourceId: string,
  file: string,
  text: string,
  errata: readonly Erratum[],
  errataFile: string,
  locate: (index: number, key?: string) => number | null,
  recordLines: RecordLines = () => null,
): PatchedLines {
  const lines = splitLines(text);
  const applied = new Map<number, string[]>();
  const diagnostics: Diagnostic[] = [];
  errata.forEach((erratum, index) => {
    if (erratum.source !== sourceId) return;
    const at = (reason: string, ruleId: string, extra: Partial<Diagnostic> = {}) =>
      diagnostics.push(error({ reason, file: errataFile, place: lineOf(locate(index)), ruleId, source: 'parse', ...extra }));
    if (newlines(erratum.find) !== newlines(erratum.replace)) {
      at(
        `Erratum ${erratum.id} replaces ${newlines(erratum.find) + 1} line(s) with ${newlines(erratum.replace) + 1}: the lines of the source would no longer be its own`,
        'errata/line-count',
        {
          expected: '`replace` with as many line breaks as `find`',
          note: 'Patch within the lines the typo is on; a heading or paragraph that is missing belongs in an annotation, not an erratum.',
        },
      );
      return;
    }
    const scope = scopeOf(erratum, lines, recordLines);
    if (scope === null) {
      at(`Erratum ${erratum.id} names record ${erratum.record}, which ${file} does not have`, 'errata/unknown-record', {
        place: lineOf(locate(index, 'record') ?? locate(index)),
        expected: `the id of a record of ${sourceId}`,
        note: 'Correct `record`, or drop it to search the whole source.',
      });
      return;
    }
    const where = erratum.record ? `record ${erratum.record} (${file}:${scope.first}–${scope.last})` : file;
    const found = matchesIn(lines, scope.first - 1, scope.last - 1, erratum.find);
    if (found.length !== 1) {
      // The source prints the correction itself: the typo was fixed upstream.
      const fixed = found.length === 0 ? matchesIn(lines, scope.first - 1, scope.last - 1, erratum.replace) : [];
      diagnostics.push(notApplied(erratum, found, scope, { file, where, errataFile, place: lineOf(locate(index)), fixed: fixed[0] ?? null }));
      return;
    }
    patchAt(lines, found[0]!, erratum.find, erratum.replace);
    for (let line = found[0]!.line + 1; line <= found[0]!.line + 1 + newlines(erratum.find); line++)
      applied.set(line, [...(applied.get(line) ?? []), erratum.id]);
  });
  return { lines, applied, diagnostics };
}

const newlines = (text: string): number => text.split('\n').length - 1;

const lineOf = (line: number | null) => (line ? { line } : null);

/** The lines an erratum searches, joined: its record's, or the whole source's. Null for a record the source lacks. */
function scopeOf(erratum: Erratum, lines: readonly string[], recordLines: RecordLines): { first: number; last: number; text: string } | null {
  if (erratum.record === undefined) return { first: 1, last: lines.length, text: lines.join('\n') };
  const range = recordLines(erratum.record);
  if (!range) return null;
  const [first, last] = range;
  return { first, last, text: lines.slice(first - 1, last).join('\n') };
}

/** Where a find starts: a 0-based line of the source and a column in it. */
interface Match {
  line: number;
  column: number;
}

/**
 * Every place `find` occurs within lines `first`..`last` (0-based, inclusive).
 * A find of one line is any stretch of a line; a find of several lines ends
 * its first line, is each middle line whole and opens its last one, trailing
 * spaces of the source's lines ignored (they are no part of the text).
 */
function matchesIn(lines: readonly string[], first: number, last: number, find: string): Match[] {
  const parts = find.split('\n');
  const found: Match[] = [];
  for (let i = first; i <= last - parts.length + 1; i++) {
    if (parts.length === 1) {
      for (let at = lines[i]!.indexOf(find); at !== -1; at = lines[i]!.indexOf(find, at + find.length)) found.push({ line: i, column: at });
      continue;
    }
    const head = lines[i]!.trimEnd();
    const middle = parts.slice(1, -1).every((part, k) => lines[i + 1 + k]!.trimEnd() === part);
    if (head.endsWith(parts[0]!) && middle && lines[i + parts.length - 1]!.startsWith(parts.at(-1)!))
      found.push({ line: i, column: head.length - parts[0]!.length });
  }
  return found;
}

/** Replace `find` by `replace` (as many lines) at `match`, keeping what the lines hold around it. */
function patchAt(lines: string[], match: Match, find: string, replace: string): void {
  const [parts, replacements] = [find.split('\n'), replace.split('\n')];
  parts.forEach((part, k) => {
    const line = lines[match.line + k]!;
    const column = k === 0 ? match.column : 0;
    lines[match.line + k] = line.slice(0, column) + replacements[k]! + line.slice(column + part.length);
  });
}

/** The error of an erratum that matched nowhere (quoting the closest text) or more than once (naming the lines). */
function notApplied(
  erratum: Erratum,
  found: readonly Match[],
  scope: { first: number; text: string },
  at: { file: string; where: string; errataFile: string; place: { line: number } | null; fixed: Match | null },
): Diagnostic {
  const base = { file: at.errataFile, place: at.place, source: 'parse' as const, expected: `"${erratum.find}" once` };
  if (found.length > 1) {
    return error({
      ...base,
      reason: `Erratum ${erratum.id} is ambiguous: "${erratum.find}" occurs ${found.length} times in ${at.where} (lines ${found.map((m) => m.line + 1).join(', ')})`,
      ruleId: 'errata/ambiguous',
      note: 'Lengthen `find` with the words (or the next line) around the typo, or name the record it is in with `record`.',
    });
  }
  if (at.fixed)
    return error({
      ...base,
      reason: `Erratum ${erratum.id} is fixed upstream: ${at.file}:${at.fixed.line + 1} now prints its correction, ${JSON.stringify(erratum.replace)}`,
      ruleId: 'errata/not-found',
      expected: 'fixed upstream: remove this erratum from sources/annotations/errata.yaml',
    });
  const closest = closestText(scope.text, erratum.find);
  return error({
    ...base,
    reason: `Erratum ${erratum.id} no longer applies: "${erratum.find}" occurs nowhere in ${at.where}`,
    ruleId: 'errata/not-found',
    actual: `closest text, ${at.file}:${scope.first + lineIndex(scope.text, closest.start)}: ${JSON.stringify(scope.text.slice(closest.start, closest.end))}`,
    note: 'If the typo was fixed upstream, remove the erratum; if the text was reworded, update `find` and `replace` in sources/annotations/errata.yaml.',
  });
}

/** 0-based line of `offset` within `text`. */
function lineIndex(text: string, offset: number): number {
  let line = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/**
 * The stretch of `text` closest to `find` by edit distance (Sellers'
 * approximate substring match: O(text × find), on an error path only).
 * Ties go to the earliest start, and then to the longer stretch.
 */
export function closestText(text: string, find: string): { start: number; end: number } {
  const m = find.length;
  // column[i]: best distance of find[0..i) against a stretch ending here; start[i]: where that stretch begins.
  let cost = Array.from({ length: m + 1 }, (_, i) => i);
  let start = new Array<number>(m + 1).fill(0);
  let best = { distance: m, start: 0, end: 0 };
  for (let j = 1; j <= text.length; j++) {
    const nextCost = [0];
    const nextStart = [j];
    for (let i = 1; i <= m; i++) {
      const substitute = cost[i - 1]! + (find[i - 1] === text[j - 1] ? 0 : 1);
      const skipText = cost[i]! + 1;
      const skipFind = nextCost[i - 1]! + 1;
      const min = Math.min(substitute, skipText, skipFind);
      nextCost.push(min);
      nextStart.push(min === substitute ? start[i - 1]! : min === skipText ? start[i]! : nextStart[i - 1]!);
    }
    cost = nextCost;
    start = nextStart;
    if (cost[m]! < best.distance) best = { distance: cost[m]!, start: start[m]!, end: j };
    // As close, one character longer from the same start: the whole word, not a prefix of it (never a trailing space).
    else if (cost[m] === best.distance && start[m] === best.start && j === best.end + 1 && /\S/.test(text[j - 1]!)) best.end = j;
  }
  return { start: best.start, end: best.end };
}
