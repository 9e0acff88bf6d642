/**
 * The crosswalk: one concept per game rule across editions and languages.
 * English 2020 records define most concepts (declaredBy: source); every other
 * record is linked by a reviewed row of sources/annotations/crosswalk.yaml
 * (declaredBy: editor). Unnamed records (the second trait wording) get their
 * name and id here, from the row whose `match` opens their paragraph.
 * Coverage must be 100%: a record without a row is an error that prints the
 * top-3 suggestions.
 */
import { error, warning, type Diagnostic, type Place } from '../model/diagnostic.ts';
import type {
  Concept,
  ConceptRelation,
  CrosswalkAnnotations,
  CrosswalkLink,
  CrosswalkRow,
  GlossaryTerm,
  ManifestSource,
  Skill,
} from '../model/schema-types.ts';
import { slugify } from '../model/slug.ts';
import type { UnnamedRecord } from '../model/source.ts';
import { splitDisplayName } from '../model/names.ts';
import { foldSpaces } from '../model/fold.ts';
import { plainTextOfMarkdown } from '../parse/markdown.ts';
import { createSuggester, type Candidate, type Query, type Suggestion } from './suggest.ts';
import { byId, compare } from '../model/order.ts';

export interface CrosswalkInput {
  /** Named records of every source. */
  records: readonly Skill[];
  unnamed: readonly UnnamedRecord[];
  sources: readonly ManifestSource[];
  annotations: CrosswalkAnnotations;
  glossary: readonly GlossaryTerm[];
  /** Path of the crosswalk file and a locator for its entries, for messages. */
  file: string;
  locate: (path: readonly (string | number)[]) => Place | null;
  /** Rows not reviewed yet (`declaredBy: suggestion`) are errors, not warnings. */
  strict?: boolean;
}

export interface CrosswalkResult {
  records: Skill[];
  concepts: Concept[];
  crosswalk: CrosswalkRow[];
  /** Records and unnamed paragraphs no row links: what `nuffle suggest` ranks. */
  unlinked: UnlinkedRecord[];
  diagnostics: Diagnostic[];
}

export interface UnlinkedRecord {
  source: string;
  line: number;
  /** Record id, or null for an unnamed paragraph. */
  record: string | null;
  /** An unnamed paragraph's text as printed (what a row's `match` quotes); null for named records. */
  opening: string | null;
  label: string;
  query: Query;
}

/** The parser whose records define concepts. */
export const BASE_PARSER = 'en-2020';

export function linkConcepts(input: CrosswalkInput): CrosswalkResult {
  const diagnostics: Diagnostic[] = [];
  const { annotations, file, locate } = input;
  const sourceById = new Map(input.sources.map((s) => [s.id, s]));
  const isBase = (sourceId: string) => sourceById.get(sourceId)?.parser === BASE_PARSER;

  // Concepts: one per English 2020 record, then the annotated extras.
  const concepts = new Map<string, Concept>();
  const rows = new Map<string, CrosswalkRow>();
  for (const record of input.records.filter((r) => isBase(r.source.id))) {
    // The concept keeps the id of the record that defines it: a record renamed with a kept id keeps its concept's id too.
    const id = record.id.slice(record.id.indexOf('/') + 1);
    concepts.set(id, { id, name: record.name, names: { en: record.name }, kind: record.kind, category: record.category, compulsory: record.compulsory, compulsoryFrom: record.id, records: [], relations: [] });
    rows.set(record.id, { record: record.id, concept: id, relation: 'same', confidence: 'high', rationale: 'The English 2020 record defines the concept.', summary: null, declaredBy: 'source', related: [], falseFriend: null });
  }
  const baseConcepts = new Set(concepts.keys());
  annotations.concepts.forEach((extra, index) => {
    if (concepts.has(extra.id)) {
      diagnostics.push(error({ reason: `Concept ${extra.id} is already defined by an English 2020 record`, file, place: locate(['concepts', index, 'id']), ruleId: 'crosswalk/duplicate-concept', source: 'link' }));
      return;
    }
    concepts.set(extra.id, { id: extra.id, name: extra.name, names: { en: extra.name }, kind: extra.kind, category: extra.category, compulsory: null, compulsoryFrom: null, records: [], relations: [] });
  });

  // Name the unnamed records from the rows that match their opening words.
  const named: Skill[] = [];
  const claimed = new Map<UnnamedRecord, number>();
  /** Row index → id of the record it named. */
  const namedByRow = new Map<number, string>();
  // Each opening folded once, not once per row that looks for it.
  const openings = new Map(input.unnamed.map((u) => [u, normalise(u.opening)]));
  annotations.links.forEach((link, index) => {
    if (link.match === undefined) return;
    const wanted = normalise(link.match);
    const candidates = input.unnamed.filter((u) => u.source.id === link.source && openings.get(u)!.startsWith(wanted));
    if (candidates.length !== 1) {
      diagnostics.push(
        error({
          reason: candidates.length === 0 ? `No paragraph of ${link.source} opens with "${link.match}"` : `${candidates.length} paragraphs of ${link.source} open with "${link.match}"`,
          file,
          place: locate(['links', index, 'match']),
          ruleId: candidates.length === 0 ? 'crosswalk/match-not-found' : 'crosswalk/ambiguous-match',
          source: 'link',
          expected: 'opening words that start exactly one paragraph (case and spacing folded)',
          ...(candidates.length > 1 ? { actual: `lines ${candidates.map((c) => c.source.lines[0]).join(', ')}` } : {}),
        }),
      );
      return;
    }
    const paragraph = candidates[0]!;
    const previous = claimed.get(paragraph);
    if (previous !== undefined) {
      diagnostics.push(error({ reason: `The paragraph on line ${paragraph.source.lines[0]} is matched by two rows (the other is entry ${previous + 1})`, file, place: locate(['links', index, 'match']), ruleId: 'crosswalk/duplicate-link', source: 'link' }));
      return;
    }
    claimed.set(paragraph, index);
    const { name, parameter } = splitDisplayName(link.name!);
    named.push({
      id: `${paragraph.edition}/${slugify(name)}`,
      edition: paragraph.edition,
      lang: paragraph.lang,
      name,
      displayName: link.name!,
      parameter,
      // The second wording prints no names, so it marks nothing compulsory.
      compulsory: null,
      kind: paragraph.kind,
      category: paragraph.category,
      text: paragraph.text,
      games: paragraph.games,
      randomSlots: [],
      rulings: [],
      concept: null,
      source: paragraph.source,
    });
    namedByRow.set(index, `${paragraph.edition}/${slugify(name)}`);
  });

  // The rest of the rows name their record.
  const allRecords = [...input.records, ...named];
  const recordById = new Map(allRecords.map((r) => [r.id, r]));
  function rowFor(link: CrosswalkLink, recordId: string, index: number): void {
    const record = recordById.get(recordId);
    const place = locate(['links', index]);
    if (!record || record.source.id !== link.source) {
      diagnostics.push(error({ reason: `Row for ${recordId}: no such record in ${link.source}`, file, place, ruleId: 'crosswalk/unknown-record', source: 'link' }));
      return;
    }
    if (isBase(record.source.id)) {
      diagnostics.push(error({ reason: `Row for ${recordId}: English 2020 records define their concepts and take no row`, file, place, ruleId: 'crosswalk/base-record-row', source: 'link' }));
      return;
    }
    if (rows.has(recordId)) {
      diagnostics.push(error({ reason: `${recordId} has two rows`, file, place, ruleId: 'crosswalk/duplicate-link', source: 'link' }));
      return;
    }
    for (const id of [link.concept, ...(link.related ?? [])]) {
      if (!concepts.has(id)) diagnostics.push(error({ reason: `Row for ${recordId}: unknown concept ${id}`, file, place, ruleId: 'crosswalk/unknown-concept', source: 'link', note: 'Concepts are the English 2020 names (slugs) and the `concepts` list of this file.' }));
    }
    const needsOwn = ['replaced', 'removed', 'new'].includes(link.relation);
    if (needsOwn === baseConcepts.has(link.concept)) {
      diagnostics.push(
        error({
          reason: `Row for ${recordId}: relation "${link.relation}" ${needsOwn ? 'needs a concept of its own, not an English 2020 one' : 'links to an English 2020 concept'}, but ${link.concept} ${baseConcepts.has(link.concept) ? 'is one' : 'is not'}`,
          file,
          place,
          ruleId: 'crosswalk/relation-mismatch',
          source: 'link',
        }),
      );
    }
    if ((link.relation === 'replaced' || link.relation === 'split') !== (link.related !== undefined)) {
      diagnostics.push(error({ reason: `Row for ${recordId}: \`related\` goes with replaced and split, and only with them`, file, place, ruleId: 'crosswalk/relation-mismatch', source: 'link' }));
    }
    if (link.declaredBy === 'suggestion') {
      diagnostics.push(
        (input.strict ? error : warning)({
          reason: `The row for ${recordId} is a suggestion nobody reviewed yet (${link.concept}, score ${link.score ?? '?'})`,
          file,
          place,
          ruleId: 'crosswalk/unreviewed-suggestion',
          source: 'link',
          expected: 'check the concept, relation, confidence and rationale, then remove `declaredBy`, `score` and `evidence`',
        }),
      );
    }
    rows.set(recordId, {
      record: recordId,
      concept: link.concept,
      relation: link.relation,
      confidence: link.confidence,
      rationale: link.rationale,
      summary: link.summary ?? null,
      declaredBy: link.declaredBy ?? 'editor',
      related: [...(link.related ?? [])],
      falseFriend: link.falseFriend ?? null,
    });
  }
  annotations.links.forEach((link, index) => {
    const recordId = link.record ?? namedByRow.get(index);
    if (recordId !== undefined) rowFor(link, recordId, index);
  });

  // Coverage: every record, and every unnamed paragraph, has a row.
  const unlinked: UnlinkedRecord[] = [
    ...allRecords.filter((record) => !rows.has(record.id)).map((record) => unlinkedRecord(record, { named: true })),
    ...input.unnamed
      .filter((paragraph) => !claimed.has(paragraph))
      .map((paragraph) => ({
        source: paragraph.source.id,
        line: paragraph.source.lines[0],
        record: null,
        opening: paragraph.opening,
        label: `the unnamed paragraph "${paragraph.opening.slice(0, 60)}…"`,
        query: { name: null, text: plain(paragraph.text), lang: paragraph.lang, edition: paragraph.edition },
      })),
  ];
  if (unlinked.length) {
    const suggest = createSuggesterFor([...concepts.values()], allRecords, rows, input.glossary);
    for (const item of unlinked) diagnostics.push(missingLink(item.source, item.line, item.label, suggest(item.query)));
  }

  // Fill records, concepts (records, French names, relations).
  const linked = allRecords
    .map((record) => ({ ...record, concept: rows.get(record.id)?.concept ?? null }))
    .sort(byId);
  for (const record of linked) {
    const concept = record.concept ? concepts.get(record.concept) : undefined;
    if (!concept) continue;
    concept.records.push(record.id);
    if (record.lang === 'fr') {
      if (concept.names.fr === undefined) concept.names.fr = record.name;
      else diagnostics.push(warning({ reason: `Concept ${concept.id} has several French records; its French name stays "${concept.names.fr}"`, file, ruleId: 'crosswalk/several-names', source: 'link' }));
    }
  }
  for (const row of rows.values()) {
    const kinds: Record<string, [ConceptRelation['type'], ConceptRelation['type']]> = { replaced: ['replaced-by', 'replaces'], split: ['split-into', 'split-from'] };
    const pair = kinds[row.relation];
    if (!pair) continue;
    for (const other of row.related) {
      concepts.get(row.concept)?.relations.push({ type: pair[0], concept: other, record: row.record });
      concepts.get(other)?.relations.push({ type: pair[1], concept: row.concept, record: row.record });
    }
  }
  const orphan = [...concepts.values()].filter((c) => c.records.length === 0);
  for (const concept of orphan) {
    const index = annotations.concepts.findIndex((c) => c.id === concept.id);
    diagnostics.push(error({ reason: `Concept ${concept.id} has no record`, file, place: locate(['concepts', index]), ruleId: 'crosswalk/empty-concept', source: 'link', note: 'Remove it, or link a record to it.' }));
  }
  return {
    records: linked,
    concepts: [...concepts.values()].filter((c) => c.records.length > 0).map((c) => ({ ...c, relations: sortRelations(c.relations) })).sort(byId),
    crosswalk: [...rows.values()].sort((a, b) => compare(a.record, b.record)),
    unlinked,
    diagnostics,
  };

  function missingLink(sourceId: string, line: number, what: string, ranked: Suggestion[]): Diagnostic {
    const top = ranked.slice(0, 3);
    return error({
      reason: `No crosswalk row links ${what} to a concept`,
      file: sourceById.get(sourceId)?.file ?? sourceId,
      place: { line },
      ruleId: 'crosswalk/missing-link',
      source: 'link',
      expected: `a row in ${file}`,
      note: `top suggestions: ${top.map((s, n) => `${n + 1}. ${s.concept} ${s.score.toFixed(2)} [${s.evidence.slice(0, 3).join('; ')}]`).join('  ')}`,
    });
  }
}

/**
 * A record as the suggester ranks it: its name (unless its source gives none,
 * `named: false`), its plain text, language and edition, with where it stands.
 */
export function unlinkedRecord(record: Skill, options: { named: boolean }): UnlinkedRecord {
  return {
    source: record.source.id,
    line: record.source.lines[0],
    record: record.id,
    opening: null,
    label: `${record.id} ("${record.displayName}")`,
    query: { name: options.named ? record.name : null, text: plain(record.text), lang: record.lang, edition: record.edition },
  };
}

const normalise = (text: string) => foldSpaces(text.replace(/^[^\p{L}]+/u, ''));
/** Plain text of a record's Markdown (memoised: suggestions re-read the same texts many times). */
const plain = plainTextOfMarkdown;

const sortRelations = (relations: ConceptRelation[]) =>
  [...relations].sort((a, b) => compare(a.type, b.type) || compare(a.concept, b.concept) || compare(a.record, b.record));

/** A suggester over the concepts, each represented by its linked records. */
export function createSuggesterFor(
  concepts: readonly Concept[],
  records: readonly Skill[],
  rows: ReadonlyMap<string, CrosswalkRow>,
  glossary: readonly GlossaryTerm[],
  exclude: ReadonlySet<string> = new Set(),
) {
  const members = new Map<string, Skill[]>();
  for (const record of records) {
    if (exclude.has(record.id)) continue;
    const concept = rows.get(record.id)?.concept;
    if (concept) members.set(concept, [...(members.get(concept) ?? []), record]);
  }
  const candidates: Candidate[] = concepts
    .filter((c) => (members.get(c.id) ?? []).length > 0)
    .map((c) => ({
      concept: c.id,
      names: [c.name, ...(members.get(c.id) ?? []).map((r) => r.name)],
      texts: (members.get(c.id) ?? []).map((r) => ({ text: plain(r.text), lang: r.lang, edition: r.edition })),
    }));
  return createSuggester(candidates, glossary);
}
