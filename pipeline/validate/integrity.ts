/**
 * Cross-record checks no schema can express: ids are unique, and every
 * reference between records and rulings resolves and is mutual.
 *
 * Each problem is located where its subject comes from: in a build, a
 * record's source line, a ruling's first printing, a concept's or a row's
 * line in crosswalk.yaml (`IntegrityLocator`, given by the build); reading
 * published data, the data folder (the default).
 */
import { editionOfId, subject } from '../model/cascades.ts';
import { error, type Diagnostic, type Place } from '../model/diagnostic.ts';
import { idGrammarProblem } from '../model/id-grammar.ts';
import type { Concept, CrosswalkRow, Migration, Ruling, Skill } from '../model/schema-types.ts';

/** A file and a place in it. */
export interface Where {
  file: string;
  place: Place | null;
}

/** Where each kind of subject comes from; null (or no locator) for the default, `dist/data`. */
export interface IntegrityLocator {
  record: (record: Skill) => Where | null;
  ruling: (ruling: Ruling) => Where | null;
  concept: (concept: Concept) => Where | null;
  /** The crosswalk row that links a record (its concept named there). */
  row: (recordId: string) => Where | null;
}

const DATA: Where = { file: 'dist/data', place: null };

type Report = (reason: string, ruleId: string, where: Where | null, about?: string[]) => void;

export function checkIntegrity(
  records: readonly Skill[],
  rulings: readonly Ruling[],
  concepts: readonly Concept[] = [],
  crosswalk: readonly CrosswalkRow[] = [],
  locate?: IntegrityLocator,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const report: Report = (reason, ruleId, where, about) =>
    diagnostics.push(error({ reason, ...(where ?? DATA), ruleId, source: 'validate', ...(about ? { about } : {}) }));
  const recordIds = new Set<string>();
  for (const record of records) {
    if (recordIds.has(record.id)) report(`Record id ${record.id} is used twice`, 'integrity/duplicate-id', locate?.record(record) ?? null);
    recordIds.add(record.id);
  }
  checkRulings(records, rulings, recordIds, report, locate);
  if (concepts.length) checkConcepts(records, recordIds, concepts, crosswalk, report, locate);
  return diagnostics;
}

/** Rulings: unique ids, and every link between a ruling and a record resolves and goes both ways. */
function checkRulings(records: readonly Skill[], rulings: readonly Ruling[], recordIds: ReadonlySet<string>, report: Report, locate?: IntegrityLocator) {
  const rulingsById = new Map<string, Ruling>();
  for (const ruling of rulings) {
    const where = locate?.ruling(ruling) ?? null;
    if (rulingsById.has(ruling.id)) report(`Ruling id ${ruling.id} is used twice`, 'integrity/duplicate-id', where);
    rulingsById.set(ruling.id, ruling);
    for (const id of ruling.records) {
      if (!recordIds.has(id))
        report(`Ruling ${ruling.id} links to ${id}, which does not exist`, 'integrity/dangling-reference', where, [subject.entry(editionOfId(id))]);
    }
  }
  for (const record of records) {
    for (const id of record.rulings) {
      const ruling = rulingsById.get(id);
      const where = locate?.record(record) ?? null;
      if (!ruling) report(`Record ${record.id} links to ruling ${id}, which does not exist`, 'integrity/dangling-reference', where);
      else if (!ruling.records.includes(record.id))
        report(`Record ${record.id} lists ruling ${id}, which does not list it back`, 'integrity/one-way-link', where);
    }
  }
  const recordById = new Map<string, Skill>();
  for (const record of records) if (!recordById.has(record.id)) recordById.set(record.id, record);
  for (const ruling of rulings) {
    for (const id of ruling.records) {
      const record = recordById.get(id);
      if (record && !record.rulings.includes(ruling.id))
        report(`Ruling ${ruling.id} lists ${id}, which does not list it back`, 'integrity/one-way-link', locate?.ruling(ruling) ?? null);
    }
  }
}

/** Concepts: every record's concept exists, lists it and has its row; every concept's records and relations exist. */
function checkConcepts(
  records: readonly Skill[],
  recordIds: ReadonlySet<string>,
  concepts: readonly Concept[],
  crosswalk: readonly CrosswalkRow[],
  report: Report,
  locate?: IntegrityLocator,
) {
  const conceptById = new Map(concepts.map((c) => [c.id, c]));
  const rowByRecord = new Map(crosswalk.map((r) => [r.record, r]));
  for (const record of records) {
    const concept = record.concept === null ? undefined : conceptById.get(record.concept);
    // The concept is named by the record's row (its own source, for an English 2020 record).
    const where = locate?.row(record.id) ?? locate?.record(record) ?? null;
    if (!concept)
      report(
        `Record ${record.id} has no concept${record.concept ? ` (${record.concept} does not exist)` : ''}`,
        'integrity/dangling-reference',
        where,
        record.concept ? [subject.concept(record.concept)] : undefined,
      );
    else if (!concept.records.includes(record.id)) report(`Concept ${concept.id} does not list ${record.id}`, 'integrity/one-way-link', where);
    const row = rowByRecord.get(record.id);
    if (!row || row.concept !== record.concept) report(`Record ${record.id} has no matching crosswalk row`, 'integrity/one-way-link', where);
  }
  for (const concept of concepts) {
    const where = locate?.concept(concept) ?? null;
    for (const id of concept.records)
      if (!recordIds.has(id))
        report(`Concept ${concept.id} lists ${id}, which does not exist`, 'integrity/dangling-reference', where, [subject.entry(editionOfId(id))]);
    for (const relation of concept.relations)
      if (!conceptById.has(relation.concept))
        report(`Concept ${concept.id} relates to ${relation.concept}, which does not exist`, 'integrity/dangling-reference', where, [
          subject.concept(relation.concept),
        ]);
  }
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
