/**
 * Diagnostics are data (the vfile-message model): every stage returns the
 * problems it found, and the orchestrator fails at the end if any is fatal,
 * so every problem shows at once.
 */
import { printable } from './characters.ts';
import { compare } from './order.ts';

export interface Place {
  line: number;
  column?: number;
}

export interface Diagnostic {
  /** What is wrong, one sentence. */
  reason: string;
  /** Path relative to the repository root. */
  file: string;
  place: Place | null;
  /** Stable code, e.g. `en2020/slot-collision`. Documented in docs/DIAGNOSTICS.md. */
  ruleId: string;
  /** Stage that raised it: parse, link, validate, emit. */
  source: string;
  /** true = error (the build fails), false = warning (listed in the summary). */
  fatal: boolean;
  expected?: string;
  actual?: string;
  note?: string;
  /** A root cause: the subjects it takes away (model/cascades.ts `subject`); the errors about them are folded under it. */
  causes?: string[];
  /** The subjects the problem is about: when a root cause took one away, this problem is its cascade. */
  about?: string[];
  /** What is gone too when this problem's subject is (a lost record's concept). */
  implies?: string[];
}

export type DiagnosticInit = Omit<Diagnostic, 'fatal' | 'place'> & { place?: Place | null };

export const error = (init: DiagnosticInit): Diagnostic => clipped({ ...init, place: init.place ?? null, fatal: true });
export const warning = (init: DiagnosticInit): Diagnostic => clipped({ ...init, place: init.place ?? null, fatal: false });

/** Longest excerpt of a source line a diagnostic quotes. */
const EXCERPT_LENGTH = 80;
/** Longest line of a diagnostic's reason, expected, actual or note. */
const FIELD_LINE_LENGTH = 400;

/**
 * At most `length` characters of `text` around index `at` (default: its start),
 * with `…` where it was cut: what a diagnostic quotes of a line that may be
 * megabytes long. Never cuts a surrogate pair in two.
 */
export function excerpt(text: string, at = 0, length = EXCERPT_LENGTH): string {
  if (text.length <= length) return text;
  let start = Math.max(0, Math.min(at - Math.floor(length / 4), text.length - length));
  let end = start + length;
  if (start > 0 && /[\udc00-\udfff]/.test(text[start] ?? '')) start++;
  if (/[\ud800-\udbff]/.test(text[end - 1] ?? '')) end--;
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}

/** Every line of the free-text fields clipped to FIELD_LINE_LENGTH: a diagnostic never echoes a huge line whole. */
function clipped(d: Diagnostic): Diagnostic {
  const clip = (value: string) =>
    value.length <= FIELD_LINE_LENGTH
      ? value
      : value
          .split('\n')
          .map((line) => excerpt(line, 0, FIELD_LINE_LENGTH))
          .join('\n');
  const out: Diagnostic = { ...d, reason: clip(d.reason) };
  if (d.expected !== undefined) out.expected = clip(d.expected);
  if (d.actual !== undefined) out.actual = clip(d.actual);
  if (d.note !== undefined) out.note = clip(d.note);
  return out;
}

export const hasErrors = (diagnostics: readonly Diagnostic[]): boolean => diagnostics.some((d) => d.fatal);

/** Stable order: file, line, column, rule. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(
    (a, b) =>
      compare(a.file, b.file) || (a.place?.line ?? 0) - (b.place?.line ?? 0) || (a.place?.column ?? 0) - (b.place?.column ?? 0) || compare(a.ruleId, b.ruleId),
  );
}

/** The words a printed diagnostic is framed with: its severity, and the prefixes of its detail lines (padded so their values line up). */
export interface DiagnosticLabels {
  error: string;
  warning: string;
  expected: string;
  actual: string;
  note: string;
}

const ENGLISH_LABELS: DiagnosticLabels = { error: 'error', warning: 'warning', expected: 'expected: ', actual: 'actual:   ', note: 'note:     ' };

/**
 * `sources/raw/en-2020-skills-traits.txt:412:1 error Dodge and Defensive both claim … [en2020/slot-collision]`
 * followed by `expected`/`actual`/`note` lines when present. Control, bidirectional
 * and zero-width characters (from an erratum, a player's name, a file name) are
 * printed as `U+XXXX`: nothing a source says reaches the terminal raw.
 */
export function formatDiagnostic(diagnostic: Diagnostic): string {
  return formatDiagnosticIn(diagnostic, ENGLISH_LABELS);
}

/** A diagnostic as formatDiagnostic prints it, framed in other words (the card page's French). */
export function formatDiagnosticIn(diagnostic: Diagnostic, labels: DiagnosticLabels): string {
  const d = clipped(diagnostic);
  const where = d.place ? `${d.file}:${d.place.line}:${d.place.column ?? 1}` : d.file;
  const lines = [`${where} ${d.fatal ? labels.error : labels.warning} ${d.reason} [${d.ruleId}]`];
  if (d.expected !== undefined) lines.push(`  ${labels.expected}${d.expected}`);
  if (d.actual !== undefined) lines.push(`  ${labels.actual}${d.actual}`);
  if (d.note !== undefined) lines.push(`  ${labels.note}${d.note}`);
  return lines.map(printable).join('\n');
}
