/**
 * Cross-record checks no schema can express: ids are unique, and every
 * reference between records and rulings resolves and is mutual.
 */
import { error, type Diagnostic } from '../model/diagnostic.ts';
import { idGrammarProblem } from '../model/id-grammar.ts';
import type { Concept, CrosswalkRow, Migration, Ruling, Skill } from '../model/schema-types.ts';

export function checkIntegrity(
  records: readonly Skill[],
  rulings: readonly Ruling[],
  concepts: readonly Concept[] = [],
  crosswalk: readonly CrosswalkRow[] = [],
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const problem = (reason: string, ruleId: string) => diagnostics.push(error({ reason, file: 'dist/data', ruleId, source: 'validate' }));
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
  const recordById = new Map<string, Skill>();
  for (const record of records) if (!recordById.has(record.id)) recordById.set(record.id, record);
  for (const ruling of rulings) {
    for (const id of ruling.records) {
      const record = recordById.get(id);
      if (record && !record.rulings.includes(ruling.id)) problem(`Ruling ${ruling.id} lists ${id}, which does not list it back`, 'integrity/one-way-link');
    }
  }
  const conceptById = new Map(concepts.map((c) => [c.id, c]));
  const rowByRecord = new Map(crosswalk.map((r) => [r.record, r]));
  if (concepts.length) {
    for (const record of records) {
      const concept = record.concept === null ? undefined : conceptById.get(record.concept);
      if (!concept) problem(`Record ${record.id} has no concept${record.concept ? ` (${record.concept} does not exist)` : ''}`, 'integrity/dangling-reference');
      else if (!concept.records.includes(record.id)) problem(`Concept ${concept.id} does not list ${record.id}`, 'integrity/one-way-link');
      const row = rowByRecord.get(record.id);
      if (!row || row.concept !== record.concept) problem(`Record ${record.id} has no matching crosswalk row`, 'integrity/one-way-link');
    }
    for (const concept of concepts) {
      for (const id of concept.records)
        if (!recordIds.has(id)) problem(`Concept ${concept.id} lists ${id}, which does not exist`, 'integrity/dangling-reference');
      for (const relation of concept.relations)
        if (!conceptById.has(relation.concept))
          problem(`Concept ${concept.id} relates to ${relation.concept}, which does not exist`, 'integrity/dangling-reference');
    }
  }
  return diagnostics;
}

/**
 * A published migrations.json read back (by the api, cards and site targets,
 * `nuffle diff`): each retired id, and where it leads, of the published
 * grammar of its kind. The schema cannot say it (the kind is in the entry),
 * and each becomes a file name (the static API's stubs, the site's pages).
 */
export function checkMigrationIds(migrations: readonly Migration[], file: string): Diagnostic[] {
  return migrations.flatMap((m, index) =>
    [m.id, m.to].flatMap((id) => {
      const problem = id === null ? null : idGrammarProblem(m.kind, id);
      return problem
        ? [
            error({
              reason: `Migration ${index + 1}: ${JSON.stringify(id)} is not a valid ${m.kind} id: ${problem}`,
              file,
              ruleId: 'ids/bad-id',
              source: 'validate',
              note: 'this file was not written by nuffle: rebuild the dataset with `nuffle build --only data`',
            }),
          ]
        : [];
    }),
  );
}
