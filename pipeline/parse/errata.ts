/**
 * Recorded errata: reviewed patches for obvious typos, applied to raw lines
 * before parsing. The raw file is never edited; every applied patch is listed
 * in the provenance of the records its line belongs to.
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

export function splitLines(text: string): string[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** Apply the errata recorded for `sourceId` to `text`. `errataFile` is where the errata were read, for messages. */
export function applyErrata(
  sourceId: string,
  file: string,
  text: string,
  errata: readonly Erratum[],
  errataFile: string,
  locate: (index: number) => number | null,
): PatchedLines {
  const lines = splitLines(text);
  const applied = new Map<number, string[]>();
  const diagnostics: Diagnostic[] = [];
  errata.forEach((erratum, index) => {
    if (erratum.source !== sourceId) return;
    const current = lines[erratum.line - 1];
    const occurrences = current === undefined ? 0 : current.split(erratum.find).length - 1;
    if (occurrences !== 1) {
      const line = locate(index);
      diagnostics.push(
        error({
          reason: `Erratum ${erratum.id} no longer applies: "${erratum.find}" occurs ${occurrences} times on ${file}:${erratum.line}`,
          file: errataFile,
          place: line ? { line } : null,
          ruleId: 'errata/stale',
          source: 'parse',
          expected: `exactly one "${erratum.find}" on line ${erratum.line}`,
          actual: current === undefined ? `the file has ${lines.length} lines` : JSON.stringify(current.slice(0, 120)),
          note: 'Update or remove the erratum in sources/annotations/errata.yaml.',
        }),
      );
      return;
    }
    lines[erratum.line - 1] = current!.replace(erratum.find, erratum.replace);
    applied.set(erratum.line, [...(applied.get(erratum.line) ?? []), erratum.id]);
  });
  return { lines, applied, diagnostics };
}

/** Errata ids applied within a line range, in line order. */
export function errataWithin(applied: ReadonlyMap<number, string[]>, first: number, last: number): string[] {
  return [...applied]
    .filter(([line]) => line >= first && line <= last)
    .sort(([a], [b]) => a - b)
    .flatMap(([, ids]) => ids);
}
