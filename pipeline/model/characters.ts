/**
 * The characters a reader cannot see or a terminal obeys: control
 * characters but tab and newline (C0, DEL, C1), bidirectional marks,
 * embeddings, overrides and isolates (U+061C, U+200E/F, U+202A–202E,
 * U+2066–2069), and zero-width characters (U+200B–200D, U+2060, U+FEFF).
 * One home for the set: the validate stage refuses them in names and text
 * (validate/strings.ts), diagnostics print them as `U+XXXX` (model/diagnostic.ts).
 */
export const HIDDEN_CHARACTER = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/gu;

/** `U+202E` for the right-to-left override. */
export const codePointLabel = (char: string): string => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** `text` with every hidden character written as its `U+XXXX` label: safe to print on a terminal. */
export const printable = (text: string): string => text.replace(HIDDEN_CHARACTER, codePointLabel);

/**
 * What makes a spreadsheet (Excel, LibreOffice, Google Sheets) read a cell as
 * a formula when it starts it (OWASP "CSV Injection", ASVS 1.2.10): `=`, `+`,
 * `-`, `@`, a tab, a carriage return, a NUL. emit/csv.ts neutralises such a
 * cell; the strings check refuses a name or an alias that starts so.
 */
export const FORMULA_START = /^[=+\-@\t\r\0]/;
