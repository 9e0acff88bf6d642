/**
 * What a rebuild of a watching process (`--watch`, `nuffle dev`) prints of
 * its warnings: what changed since the last build, not every standing
 * warning again (nine of them would scroll the one new line away). Errors are
 * always printed whole, by `report`: they are what stops the build. Pure, so
 * tested on literal diagnostics (test/diagnostic-delta.test.ts).
 */
import { formatDiagnostic, type Diagnostic } from '../model/diagnostic.ts';

/** The warnings that are new, those that are gone, and how many stand as before. */
export interface DiagnosticDelta {
  added: Diagnostic[];
  gone: Diagnostic[];
  unchanged: number;
}

/**
 * The same warning is the same file, code, reason and advice, wherever its
 * line moved to (an edit above it shifts it: that is no news); two alike
 * count twice.
 */
const identity = (d: Diagnostic): string => JSON.stringify([d.file, d.ruleId, d.reason, d.expected ?? null, d.note ?? null]);

export function diagnosticDelta(before: readonly Diagnostic[], after: readonly Diagnostic[]): DiagnosticDelta {
  const waiting = new Map<string, Diagnostic[]>();
  for (const d of before) waiting.set(identity(d), [...(waiting.get(identity(d)) ?? []), d]);
  const added: Diagnostic[] = [];
  let unchanged = 0;
  for (const d of after) {
    const same = waiting.get(identity(d));
    if (same?.length) {
      same.shift();
      unchanged++;
    } else added.push(d);
  }
  return { added, gone: [...waiting.values()].flat(), unchanged };
}

/** The delta as printed: a count line, then each new warning (`+`, in full) and each gone one (`-`, its first line). Empty when nothing changed and none stands. */
export function formatDelta({ added, gone, unchanged }: DiagnosticDelta): string[] {
  if (!added.length && !gone.length && !unchanged) return [];
  const lines = [`warnings: ${added.length} new, ${gone.length} gone, ${unchanged} as before`];
  for (const d of added)
    lines.push(
      ...formatDiagnostic(d)
        .split('\n')
        .map((line, n) => (n === 0 ? `+ ${line}` : `  ${line}`)),
    );
  for (const d of gone) lines.push(`- ${formatDiagnostic(d).split('\n')[0]}`);
  return lines;
}
