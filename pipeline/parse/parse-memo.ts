/**
 * A source's parse in the stage memo. The key is everything the parse reads:
 * the source's manifest entry, the sha256 of its bytes and the key of its
 * errata (the errata file's path and the entries for this source: an
 * erratum of another source leaves this parse recalled). A recalled entry is used only
 * if it has the shape of a parse (the memo file is checked whole; this guards
 * the rest).
 */
import type { Diagnostic } from '../model/diagnostic.ts';
import { memoKey, type StageMemo } from '../model/memo.ts';
import type { ParseResult } from '../model/parse-result.ts';
import type { ManifestSource } from '../model/schema-types.ts';

/** What the memo keeps of one source's parse. */
interface RememberedParse {
  result: ParseResult;
  lines: string[];
  errata: [number, string[]][];
  diagnostics: Diagnostic[];
}

export interface ParseMemo {
  /** The parse an earlier build made of the same entry, bytes and errata, if any. */
  readonly recalled: RememberedParse | undefined;
  /** Keep this build's parse for the next build. */
  remember(parse: RememberedParse): void;
}

const NO_MEMO: ParseMemo = { recalled: undefined, remember: () => {} };

export function parseMemo(memo: StageMemo | undefined, source: ManifestSource, sha256: string, errataKey: string): ParseMemo {
  if (!memo) return NO_MEMO;
  const key = memoKey(source, sha256, errataKey);
  return { recalled: rememberedParse(memo.recall('parse', key)), remember: (parse) => void memo.remember('parse', key, parse) };
}

function rememberedParse(value: unknown): RememberedParse | undefined {
  const r = value as Partial<RememberedParse> | undefined;
  const result = r?.result as Partial<ParseResult> | undefined;
  const ok =
    Array.isArray(r?.lines) &&
    // Stryker disable next-line OptionalChaining: an absent entry already failed `r?.lines`
    Array.isArray(r?.errata) &&
    // Stryker disable next-line OptionalChaining: an absent entry already failed `r?.lines`
    Array.isArray(r?.diagnostics) &&
    !!result &&
    ['records', 'unnamed', 'rulings', 'slotLines', 'diagnostics'].every((field) => Array.isArray(result[field as keyof ParseResult])) &&
    (result.notes === undefined || Array.isArray(result.notes));
  return ok ? (r as RememberedParse) : undefined;
}
