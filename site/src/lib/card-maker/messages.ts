/**
 * Diagnostics as the CLI prints them, for the card page and its worker: a
 * module of its own, so the worker (which only draws) bundles neither the
 * selection code nor the roster's validator that check.ts holds.
 */
import { formatDiagnostic, sortDiagnostics, type Diagnostic } from '../../../../pipeline/model/diagnostic.ts';

/** One message as the CLI prints it, with the roster line it points at (to move the caret there). */
export interface Message {
  text: string;
  fatal: boolean;
  line: number | null;
  file: string;
}

/** The diagnostics of a run, as the CLI prints them (an error among them stops it: the summary counts them all, as printErrors does). */
export function messagesOf(diagnostics: readonly Diagnostic[]): { messages: Message[]; summary: string | null } {
  const messages = sortDiagnostics(diagnostics).map((d) => ({ text: formatDiagnostic(d), fatal: d.fatal, line: d.place?.line ?? null, file: d.file }));
  const stops = diagnostics.some((d) => d.fatal);
  const n = diagnostics.length;
  return { messages, summary: stops ? `nuffle cards: ${n} error${n === 1 ? '' : 's'}; nothing was written` : null };
}
