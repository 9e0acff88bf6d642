/**
 * Meaning, not shape: a record filed under another category than its
 * concept, or of another kind, passes every schema, yet says something false
 * (a lost French heading files ten agility skills as strength skills). Each
 * record's category must be its concept's, unless crosswalk.yaml `categories`
 * declares the difference, once for an edition (the old French list's
 * `extraordinary` is what 2020 calls `trait`) or for one record, with the
 * reason. A concept's kind must be its records'.
 */
import { error, warning, type Diagnostic, type Place } from '../model/diagnostic.ts';
import type { CategoryDifference, Concept, ExtraConcept, Skill } from '../model/schema-types.ts';

export interface CategoryInput {
  /** Every record, linked to its concept. */
  records: readonly Skill[];
  concepts: readonly Concept[];
  /** crosswalk.yaml `concepts` (their kind is declared there) and `categories`. */
  extras: readonly ExtraConcept[];
  differences: readonly CategoryDifference[];
  /** The file of a record's source. */
  fileOf: (sourceId: string) => string;
  /** crosswalk.yaml, and where its nodes are. */
  file: string;
  locate: (path: readonly (string | number)[]) => Place | null;
}

/** A record whose category is not its concept's, with the concept. */
interface Mismatch {
  record: Skill;
  concept: Concept;
}

export function checkCategories(input: CategoryInput): Diagnostic[] {
  const conceptById = new Map(input.concepts.map((c) => [c.id, c]));
  const used = new Set<number>();
  const undeclared: Mismatch[] = [];
  const sameCategory: Mismatch[] = [];
  for (const record of input.records) {
    const concept = record.concept === null ? undefined : conceptById.get(record.concept);
    if (!concept) continue;
    if (record.category === concept.category) {
      sameCategory.push({ record, concept });
      continue;
    }
    const declared = input.differences.findIndex((d) => declares(d, record, concept));
    if (declared >= 0) used.add(declared);
    else undeclared.push({ record, concept });
  }
  const unknown = unknownSubjects(input);
  const stale = staleDifferences(used, input).filter((d) => !unknown.some((u) => u.place?.line === d.place?.line));
  return [...unknown, ...mismatchErrors(undeclared, input), ...kindErrors(sameCategory, input), ...stale];
}

/** A declaration that names a record or an edition the build does not have: an error at that id (a typo would hide as a stale entry). */
function unknownSubjects(input: CategoryInput): Diagnostic[] {
  const records = new Set(input.records.map((r) => r.id));
  const editions = new Set(input.records.map((r) => r.edition));
  return input.differences.flatMap((d, index) => {
    const [field, id, known, what] =
      d.record !== undefined ? (['record', d.record, records, 'record'] as const) : (['edition', d.edition!, editions, 'edition'] as const);
    if (known.has(id)) return [];
    return [
      error({
        reason: `The declared difference of category names ${what} ${id}, which the build does not have`,
        file: input.file,
        place: input.locate(['categories', index, field]) ?? input.locate(['categories', index]),
        ruleId: `crosswalk/unknown-${what}`,
        source: 'validate',
        expected: `a ${what} id of the data (dist/data ${what === 'record' ? 'skills.json' : 'editions.json'}), as the build publishes it`,
      }),
    ];
  });
}

/** Whether a declared difference covers this record: its record (or edition), its category and its concept's. */
function declares(d: CategoryDifference, record: Skill, concept: Concept): boolean {
  const whom = d.record !== undefined ? d.record === record.id : d.edition === record.edition;
  return whom && d.category === record.category && d.conceptCategory === concept.category;
}

/**
 * One error per edition, category and concept category, at the first
 * record's line, naming every record: one lost heading is one message.
 */
function mismatchErrors(mismatches: readonly Mismatch[], input: CategoryInput): Diagnostic[] {
  const groups = new Map<string, Mismatch[]>();
  for (const m of mismatches) {
    const key = `${m.record.edition} ${m.record.category} ${m.concept.category}`;
    groups.set(key, [...(groups.get(key) ?? []), m]);
  }
  return [...groups.values()].map((group) => {
    const { record, concept } = group[0]!;
    const list = group.map((m) => `${m.record.id} (line ${m.record.source.lines[0]}, ${m.concept.id})`).join(', ');
    const many = group.length > 1;
    return error({
      reason: many
        ? `${group.length} records of ${record.edition} are filed under ${record.category}, but their concepts are ${concept.category}: ${list}`
        : `${record.id} is filed under ${record.category}, but its concept ${concept.id} is ${concept.category}`,
      file: input.fileOf(record.source.id),
      place: { line: record.source.lines[0] },
      ruleId: 'crosswalk/category-mismatch',
      source: 'validate',
      expected: [
        `the category of the concept (${concept.category}); or, if the editions really file ${many ? 'them' : 'it'} differently, under categories: in ${input.file}:`,
        `    - ${many ? `edition: ${record.edition}` : `record: ${record.id}`}`,
        `      category: ${record.category}`,
        `      conceptCategory: ${concept.category}`,
        `      reason: <why the editions differ, in one line>`,
      ].join('\n'),
      note: "if the source's category line or heading is wrong or lost, correct the source with an erratum (errata.yaml) instead",
    });
  });
}

/**
 * A record of another kind than its concept (a skill linked to a trait)
 * while their categories agree: at the concept's `kind` when crosswalk.yaml
 * declares it, else at the record.
 */
function kindErrors(same: readonly Mismatch[], input: CategoryInput): Diagnostic[] {
  return same
    .filter(({ record, concept }) => record.kind !== concept.kind)
    .map(({ record, concept }) => {
      const extra = input.extras.findIndex((e) => e.id === concept.id);
      return error({
        reason: `${record.id} is a ${record.kind}, but its concept ${concept.id} is a ${concept.kind}`,
        ...(extra >= 0
          ? { file: input.file, place: input.locate(['concepts', extra, 'kind']) }
          : { file: input.fileOf(record.source.id), place: { line: record.source.lines[0] } }),
        ruleId: 'crosswalk/kind-mismatch',
        source: 'validate',
        expected: `a concept of the record's kind (${record.kind})`,
        note:
          extra >= 0
            ? `correct the concept's kind in ${input.file}, or link the record to another concept`
            : `link the record to a concept of its kind in ${input.file}, or correct the source's category line (an erratum)`,
      });
    });
}

/** A declared difference no record has any more: its reason is gone. */
function staleDifferences(used: ReadonlySet<number>, input: CategoryInput): Diagnostic[] {
  return input.differences.flatMap((d, index) =>
    used.has(index)
      ? []
      : [
          warning({
            reason: `No record of ${d.record ?? d.edition} is filed under ${d.category} with a concept filed under ${d.conceptCategory} any more: the declared difference is stale`,
            file: input.file,
            place: input.locate(['categories', index]),
            ruleId: 'crosswalk/stale-category',
            source: 'validate',
            expected: 'remove the entry (or correct it, if the record moved)',
          }),
        ],
  );
}
