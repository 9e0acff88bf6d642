/**
 * Link every ruling to every record its question names (a question about
 * Claws and Mighty Blow belongs to both), on top of the entries it is printed
 * under; then give each record the list of its rulings.
 */
import type { Ruling, Skill } from '../model/schema-types.ts';
import type { MentionRules } from '../model/annotations.ts';
import { createFinderWithRules } from './mentions.ts';

export function linkRulings(records: readonly Skill[], rulings: readonly Ruling[], rules: MentionRules): { records: Skill[]; rulings: Ruling[] } {
  const find = createFinderWithRules(
    records.map((record) => ({ id: record.id, name: record.name })),
    rules,
  );
  const linked = rulings.map((ruling) => {
    const named = find(ruling.question).map((mention) => mention.id);
    return { ...ruling, records: [...new Set([...ruling.records, ...named])].sort() };
  });
  const byRecord = new Map<string, string[]>();
  for (const ruling of linked) {
    for (const id of ruling.records) {
      const list = byRecord.get(id);
      if (list) list.push(ruling.id);
      else byRecord.set(id, [ruling.id]);
    }
  }
  return {
    records: records.map((record) => ({ ...record, rulings: [...(byRecord.get(record.id) ?? [])].sort() })),
    rulings: linked,
  };
}
