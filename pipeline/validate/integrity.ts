/**
 * Cross-record checks no schema can express: ids are unique, and every
 * reference between records and rulings resolves and is mutual.
 */
import { error, type Diagnostic } from '../model/diagnostic.ts';
import type { Ruling, Skill } from '../model/schema-types.ts';

export function checkIntegrity(records: readonly Skill[], rulings: readonly Ruling[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const problem = (reason: string, ruleId: string) =>
    diagnostics.push(error({ reason, file: 'dist/data', ruleId, source: 'validate' }));
  const recordIds = new Set<string>();
  for (const record of records) {
    if (recordIds.has(record.id)) problem(`Record id ${record.id} is used twice`, 'integrity/duplicate-id');
    recordIds.add(record.id);
  }
  const rulingsById = new Map<string, Ruling>();
  for (const ruling of rulings) {
    if (rulingsById.has(ruling.id)) problem(`Ruling id ${ruling.id} is used twice`, 'integrity/duplicate-id');
    rulingsById.set(ruling.id, ruling);
    for (const id of ruling.records) {
      if (!recordIds.has(id)) problem(`Ruling ${ruling.id} links to ${id}, which does not exist`, 'integrity/dangling-reference');
    }
  }
  for (const record of records) {
    for (const id of record.rulings) {
      const ruling = rulingsById.get(id);
      if (!ruling) problem(`Record ${record.id} links to ruling ${id}, which does not exist`, 'integrity/dangling-reference');
      else if (!ruling.records.includes(record.id)) problem(`Record ${record.id} lists ruling ${id}, which does not list it back`, 'integrity/one-way-link');
    }
  }
  for (const ruling of rulings) {
    for (const id of ruling.records) {
      const record = records.find((r) => r.id === id);
      if (record && !record.rulings.includes(ruling.id)) problem(`Ruling ${ruling.id} lists ${id}, which does not list it back`, 'integrity/one-way-link');
    }
  }
  return diagnostics;
}
