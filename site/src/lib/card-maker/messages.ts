/**
 * Diagnostics as the CLI prints them, framed in the page's language, for the
 * card page and its worker: a module of its own, so the worker (which only
 * draws) bundles neither the selection code nor the roster's validator that
 * check.ts holds.
 */
import { formatDiagnosticIn, sortDiagnostics, type Diagnostic } from '../../../../pipeline/model/diagnostic.ts';
import type { Lang } from '../../../../pipeline/model/schema-types.ts';
import { wordsOf } from '../../../../pipeline/emit/cards/words.ts';

/** One message as the CLI prints it, with the roster line it points at (to move the caret there). */
export interface Message {
  text: string;
  fatal: boolean;
  line: number | null;
  file: string;
}

/** The diagnostics of a run, as the CLI prints them, in `lang` (English: the CLI's very lines); an error among them stops it, and the summary counts the errors, as printErrors does. */
export function messagesOf(diagnostics: readonly Diagnostic[], lang: Lang = 'en'): { messages: Message[]; summary: string | null } {
  const t = wordsOf({ lang, menus: null });
  const messages = sortDiagnostics(diagnostics).map((d) => ({
    text: formatDiagnosticIn(d, t.labels),
    fatal: d.fatal,
    line: d.place?.line ?? null,
    file: d.file,
  }));
  const errors = diagnostics.filter((d) => d.fatal).length;
  return { messages, summary: errors ? t.summary(errors) : null };
}
