/**
 * Ids kept through a rename. A parser derives a record's id from its name
 * (`en-2020/<slug>`); when a source renames a record, `keep:` in
 * sources/annotations/migrations.yaml gives it back the id it was published
 * under, so the id keeps naming the same rule, the way a Scryfall
 * `oracle_id` outlives a renamed card. Applied to each source's parse,
 * before rulings and concepts are linked: everything after sees the kept id.
 */
import { error, type Diagnostic, type Place } from '../model/diagnostic.ts';
import type { ParseResult } from '../model/parse-result.ts';
import type { KeptId } from '../model/schema-types.ts';
import { slugify } from '../model/slug.ts';

export interface KeepIdsInput {
  edition: string;
  result: ParseResult;
  keep: readonly KeptId[];
}

/** The parse with every kept id in place of the id derived from the new name; which entries it used. */
export function keepIds(input: KeepIdsInput): { result: ParseResult; used: Set<number> } {
  const renamed = new Map<string, string>();
  const used = new Set<number>();
  input.keep.forEach((entry, index) => {
    if (!entry.id.startsWith(`${input.edition}/`)) return;
    const record = input.result.records.find((r) => slugify(r.name) === slugify(entry.name));
    if (!record) return;
    renamed.set(record.id, entry.id);
    used.add(index);
  });
  if (renamed.size === 0) return { result: input.result, used };
  const to = (id: string) => renamed.get(id) ?? id;
  const { records, rulings, slotLines } = input.result;
  return {
    result: {
      ...input.result,
      records: records.map((r) => (renamed.has(r.id) ? { ...r, id: to(r.id) as typeof r.id } : r)),
      rulings: rulings.map((r) => ({
        ...r,
        records: r.records.map((id) => to(id) as typeof id),
        occurrences: r.occurrences.map((o) => ({ ...o, record: to(o.record) as typeof o.record })),
      })),
      slotLines: slotLines.map((s) => ({ ...s, record: to(s.record) })),
    },
    used,
  };
}

/**
 * Every `keep` entry names a record some source still has, and no kept id
 * is produced twice (the old spelling still there beside the new one).
 */
export function checkKeptIds(
  keep: readonly KeptId[],
  used: ReadonlySet<number>,
  ids: readonly string[],
  file: string,
  locate: (index: number, key?: string) => Place | null,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const count = new Map<string, number>();
  for (const id of ids) count.set(id, (count.get(id) ?? 0) + 1);
  keep.forEach((entry, index) => {
    if (!used.has(index)) {
      diagnostics.push(
        error({
          reason: `keep: no record of ${entry.id.slice(0, entry.id.indexOf('/'))} is named "${entry.name}", so ${entry.id} cannot be kept`,
          file,
          place: locate(index, 'name'),
          ruleId: 'ids/keep-unmatched',
          source: 'link',
          expected: "the record's name as its source prints it now (without parameter or *), or remove the entry",
        }),
      );
    } else if ((count.get(entry.id) ?? 0) > 1) {
      diagnostics.push(
        error({
          reason: `keep: ${entry.id} would name two records (a record still derives it from its own name)`,
          file,
          place: locate(index, 'id'),
          ruleId: 'ids/keep-conflict',
          source: 'link',
          expected: 'keep an id only for a record whose old name is gone',
        }),
      );
    }
  });
  return diagnostics;
}
