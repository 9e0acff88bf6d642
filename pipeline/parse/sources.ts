/**
 * Every source of the manifest through the parse stage: digest of the raw
 * bytes, strict UTF-8 decoding, recorded errata, then the source's parser.
 * Problems with one source never stop the others.
 */
import { createHash } from 'node:crypto';
import { error, hasErrors, warning, type Diagnostic, type Place } from '../model/diagnostic.ts';
import type { Erratum, ManifestSource, SourceDigest, SourceManifest } from '../model/schema-types.ts';
import type { SourceInput } from '../model/source.ts';
import type { ParseResult } from '../model/parse-result.ts';
import { applyErrata, needsRecordLines, splitLines, type RecordLines } from './errata.ts';
import { memoKey, type StageMemo } from '../model/memo.ts';
import { parseMemo } from './parse-memo.ts';

export interface ParsedSource {
  source: ManifestSource;
  sha256: string;
  result: ParseResult;
  /** The source's lines with the errata applied (what the parser read). */
  lines: readonly string[];
  /** Erratum ids applied, by line. */
  errata: ReadonlyMap<number, string[]>;
}

export interface ParseSourcesInput {
  manifest: SourceManifest;
  manifestPath: string;
  locateManifest: (path: readonly (string | number)[]) => Place | null;
  raw: ReadonlyMap<string, Uint8Array>;
  errata: readonly Erratum[];
  errataPath: string;
  locateErratum: (index: number, key?: string) => number | null;
  parsers: Readonly<Record<string, (input: SourceInput) => ParseResult>>;
  /** Parses of earlier builds: a source whose entry, bytes and errata are unchanged is recalled (an erratum of another source changes nothing here). */
  memo?: StageMemo;
}

export function parseSources(input: ParseSourcesInput): { sources: SourceDigest[]; parsed: ParsedSource[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const sources: SourceDigest[] = [];
  const parsed: ParsedSource[] = [];
  for (const [index, source] of input.manifest.sources.entries()) {
    const read = readSource(input, source, index);
    diagnostics.push(...read.diagnostics);
    if (read.digest) sources.push(read.digest);
    if (read.text === null || !read.digest) continue;
    const parser = input.parsers[source.parser];
    if (!parser) {
      diagnostics.push(
        warning({
          reason: `Source ${source.id}: parser "${source.parser}" is not implemented yet; the source is digested in meta.json but yields no records`,
          file: input.manifestPath,
          place: input.locateManifest(['sources', index, 'parser']),
          ruleId: 'manifest/parser-pending',
          source: 'parse',
        }),
      );
      continue;
    }
    const one = parseSource(input, source, read.digest.sha256, read.text, parser);
    diagnostics.push(...one.diagnostics);
    parsed.push(one.parsed);
  }
  return { sources, parsed, diagnostics };
}

/**
 * One source's bytes: inside sources/raw/, present, digested and decoded as
 * strict UTF-8. Null text (with a diagnostic) when it cannot be read; a
 * digest whenever the bytes exist.
 */
function readSource(
  input: ParseSourcesInput,
  source: ManifestSource,
  index: number,
): { digest: SourceDigest | null; text: string | null; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  if (!insideRawFolder(source.file)) {
    // The manifest schema already refuses such paths; this guard keeps it so if the schema loosens.
    diagnostics.push(
      error({
        reason: `Source ${source.id}: ${JSON.stringify(source.file)} is not a file in sources/raw/; nothing outside it is read`,
        file: input.manifestPath,
        place: input.locateManifest(['sources', index, 'file']),
        ruleId: 'manifest/outside-sources',
        source: 'parse',
        expected: 'sources/raw/<file name>',
      }),
    );
    return { digest: null, text: null, diagnostics };
  }
  const bytes = input.raw.get(source.file);
  if (bytes === undefined) {
    diagnostics.push(
      error({
        reason: `Source ${source.id}: file ${source.file} does not exist (only regular files in sources/raw/ are read; symbolic links are not followed)`,
        file: input.manifestPath,
        place: input.locateManifest(['sources', index, 'file']),
        ruleId: 'manifest/missing-file',
        source: 'parse',
      }),
    );
    return { digest: null, text: null, diagnostics };
  }
  const digest: SourceDigest = { id: source.id, file: source.file, sha256: createHash('sha256').update(bytes).digest('hex') };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const bad = firstInvalidUtf8(bytes);
    diagnostics.push(
      error({
        reason: `Source ${source.id}: ${source.file} is not valid UTF-8${bad.truncated ? ' (it ends inside a character: was the copy cut off?)' : ''}`,
        file: source.file,
        place: { line: bad.line, column: bad.column },
        ruleId: 'source/invalid-utf8',
        source: 'parse',
        expected: 'UTF-8 text, as the seeds are',
        actual: `byte ${bad.offset}: ${bad.hex}`,
      }),
    );
    return { digest, text: null, diagnostics };
  }
  return { digest, text, diagnostics };
}

/**
 * One readable source through its errata and its parser (or both recalled
 * from the memo); a source that yields nothing, and says nothing wrong, is an error.
 */
function parseSource(
  input: ParseSourcesInput,
  source: ManifestSource,
  sha256: string,
  text: string,
  parser: (input: SourceInput) => ParseResult,
): { parsed: ParsedSource; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const memo = parseMemo(
    input.memo,
    source,
    sha256,
    memoKey(
      input.errataPath,
      input.errata.filter((e) => e.source === source.id),
    ),
  );
  // An erratum's problem names its line in errata.yaml, which another source's errata may move: that parse is made again.
  const recalled = memo.recalled?.diagnostics.length ? undefined : memo.recalled;
  const patched = recalled
    ? { lines: recalled.lines, applied: new Map(recalled.errata), diagnostics: recalled.diagnostics }
    : applyErrata(source.id, source.file, text, input.errata, input.errataPath, input.locateErratum, recordLinesFor(source, text, input.errata, parser));
  diagnostics.push(...patched.diagnostics);
  const result = recalled?.result ?? parser({ manifest: source, lines: patched.lines, errata: patched.applied });
  diagnostics.push(...result.diagnostics);
  if (!recalled) memo.remember({ result, lines: [...patched.lines], errata: [...patched.applied], diagnostics: patched.diagnostics });
  if (result.records.length === 0 && result.unnamed.length === 0 && (result.notes ?? []).length === 0 && !hasErrors(result.diagnostics)) {
    diagnostics.push(
      error({
        reason: `Source ${source.id}: ${source.file} yields no records`,
        file: source.file,
        place: { line: 1 },
        ruleId: 'source/empty',
        source: 'parse',
        expected: `entries in the ${source.parser} format`,
      }),
    );
  }
  return { parsed: { source, sha256, result, lines: patched.lines, errata: patched.applied }, diagnostics };
}

/**
 * Where each record of the unpatched source is, for errata scoped to a record:
 * the source is parsed once without errata (only when such an erratum exists).
 */
function recordLinesFor(
  source: ManifestSource,
  text: string,
  errata: readonly Erratum[],
  parser: (input: SourceInput) => ParseResult,
): RecordLines | undefined {
  if (!needsRecordLines(source.id, errata)) return undefined;
  const unpatched = parser({ manifest: source, lines: splitLines(text), errata: new Map() });
  const lines = new Map(unpatched.records.map((record) => [record.id as string, record.source.lines] as const));
  return (id) => lines.get(id) ?? null;
}

/** `sources/raw/<name>`: one plain file name under the raw folder, no `..`, no absolute path, no backslash. */
export function insideRawFolder(path: string): boolean {
  const match = /^sources\/raw\/([^/\\]+)$/.exec(path);
  return match !== null && match[1] !== '.' && match[1] !== '..' && !match[1]!.includes('\0');
}

/**
 * Where the first byte that breaks UTF-8 is: its offset, its line and column
 * (in characters, 1-based), the bytes there in hex, and whether the file
 * simply ends inside a character.
 */
export function firstInvalidUtf8(bytes: Uint8Array): { offset: number; line: number; column: number; hex: string; truncated: boolean } {
  let i = 0;
  let line = 1;
  let lineStart = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const need = b < 0x80 ? 0 : b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;
    let ok = need >= 0 && i + need < bytes.length;
    for (let k = 1; ok && k <= need; k++) {
      const c = bytes[i + k]!;
      const low = k === 1 ? (b === 0xe0 ? 0xa0 : b === 0xf0 ? 0x90 : 0x80) : 0x80;
      const high = k === 1 ? (b === 0xed ? 0x9f : b === 0xf4 ? 0x8f : 0xbf) : 0xbf;
      ok = c >= low && c <= high;
    }
    if (!ok) {
      const column = new TextDecoder('utf-8').decode(bytes.subarray(lineStart, i)).length + 1;
      const hex = [...bytes.subarray(i, Math.min(i + 4, bytes.length))].map((x) => x.toString(16).padStart(2, '0')).join(' ');
      const truncated = need > 0 && i + need >= bytes.length && [...bytes.subarray(i + 1)].every((c) => c >= 0x80 && c <= 0xbf);
      return { offset: i, line, column, hex, truncated };
    }
    if (b === 0x0a) {
      line++;
      lineStart = i + 1;
    }
    i += need + 1;
  }
  return { offset: bytes.length, line, column: 1, hex: '', truncated: false };
}
