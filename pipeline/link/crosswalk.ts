/**
 * The crosswalk: one concept per game rule across editions and languages.
 * English 2020 records define most concepts (declaredBy: source); every other
 * record is linked by a reviewed row of sources/annotations/crosswalk.yaml
 * (declaredBy: editor). Unnamed records (the second trait wording) get their
 * name and id here, from the row whose `match` opens their paragraph.
 * Coverage must be 100%: a record without a row is an error that prints the
 * top-3 suggestions.
 */
import { editionOfId, subject } from '../model/cascades.ts';
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
import { BASE_PARSER } from '../model/dataset.ts';
import { slugify } from '../model/slug.ts';
import type { UnnamedRecord } from '../model/source.ts';
import { splitDisplayName } from '../model/names.ts';
import { foldSpaces } from '../model/fold.ts';
import { plainTextOfMarkdown } from '../model/markdown.ts';
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
  /** What became of a retired record id (migrations.yaml), for a row whose paragraph is gone. */
  retired?: (recordId: string) => Retirement | null;
  /** The lock line of a published record id (sources/ids.lock), for a row whose paragraph is gone before a migration says where. */
  published?: (recordId: string) => LockLine | null;
}

/** Where sources/ids.lock lists a published id. */
interface LockLine {
  file: string;
  line: number;
}

/** What a row whose paragraph no longer opens is told about its record (by the record id its name gives). */
export interface RowFates {
  /** The migration that retires the row's record. */
  retired?: (link: CrosswalkLink) => Retirement | null;
  /** The lock line of the row's record, when it was published. */
  published?: (link: CrosswalkLink) => (LockLine & { id: string }) | null;
}

/** A migration that retires a record: where it is written, and what it says. */
interface Retirement {
  file: string;
  place: Place | null;
  action: string;
  to: string | null;
}

export interface CrosswalkResult {
  records: Skill[];
  concepts: Concept[];
  crosswalk: CrosswalkRow[];
  /** Records and unnamed paragraphs no row links: what `nuffle suggest` ranks. */
  unlinked: UnlinkedRecord[];
  /** Record id → the index in `links` of the row that links it (for messages at the row). */
  linkIndex: Map<string, number>;
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

/** Where a crosswalk message points: the annotation file, and a locator for its entries. */
export interface At {
  file: string;
  locate: (path: readonly (string | number)[]) => Place | null;
}

/** The concepts and rows the English 2020 records define, and the annotated extra concepts. */
export interface BaseConcepts {
  concepts: Map<string, Concept>;
  /** Record id → its row; the base records' rows here (declaredBy: source). */
  rows: Map<string, CrosswalkRow>;
  /** Ids of the concepts an English 2020 record defines. */
  base: ReadonlySet<string>;
  diagnostics: Diagnostic[];
}

/** The unnamed records named by the rows whose `match` opens their paragraph. */
export interface Naming {
  named: Skill[];
  /** Paragraph → index of the row that named it. */
  claimed: Map<UnnamedRecord, number>;
  /** Row index → id of the record it named. */
  namedByRow: Map<number, string>;
  diagnostics: Diagnostic[];
}

export function linkConcepts(input: CrosswalkInput): CrosswalkResult {
  const { annotations } = input;
  const at: At = { file: input.file, locate: input.locate };
  const sourceById = new Map(input.sources.map((s) => [s.id, s]));
  const isBase = (sourceId: string) => sourceById.get(sourceId)?.parser === BASE_PARSER;
  const base = defineBaseConcepts(
    input.records.filter((r) => isBase(r.source.id)),
    annotations.concepts,
    at,
  );
  const recordOfRow = (link: CrosswalkLink) => {
    const edition = sourceById.get(link.source)?.edition.id;
    return edition && link.name ? `${edition}/${slugify(splitDisplayName(link.name).name)}` : null;
  };
  const naming = nameUnnamed(input.unnamed, annotations.links, at, {
    retired: (link) => {
      const id = recordOfRow(link);
      return id ? (input.retired?.(id) ?? null) : null;
    },
    published: (link) => {
      const id = recordOfRow(link);
      const line = id ? input.published?.(id) : null;
      return id && line ? { ...line, id } : null;
    },
  });
  const allRecords = [...input.records, ...naming.named];
  const rows = checkRows(annotations.links, naming.namedByRow, { records: allRecords, isBase, base, strict: input.strict === true }, at);
  const unlinked = findUnlinked(allRecords, input.unnamed, rows.rows, naming.claimed, rows.drafted);
  const missing = unlinked.length
    ? reportUnlinked(unlinked, createSuggesterFor([...base.concepts.values()], allRecords, rows.rows, input.glossary), sourceById, at.file)
    : [];
  const filled = fillConcepts(allRecords, rows.rows, base.concepts, annotations.concepts, at);
  return {
    records: filled.records,
    concepts: filled.concepts,
    crosswalk: [...rows.rows.values()].sort((a, b) => compare(a.record, b.record)),
    unlinked,
    linkIndex: rows.linkIndex,
    diagnostics: [...base.diagnostics, ...naming.diagnostics, ...rows.diagnostics, ...missing, ...filled.diagnostics],
  };
}

/**
 * Base concepts: one per English 2020 record (which keeps the record's id
 * without its edition, so a record renamed with a kept id keeps its concept's
 * id too) with its row, then the annotated extras; an extra that takes a
 * base concept's id is an error.
 */
export function defineBaseConcepts(baseRecords: readonly Skill[], extras: CrosswalkAnnotations['concepts'], at: At): BaseConcepts {
  const diagnostics: Diagnostic[] = [];
  const concepts = new Map<string, Concept>();
  const rows = new Map<string, CrosswalkRow>();
  for (const record of baseRecords) {
    const id = record.id.slice(record.id.indexOf('/') + 1);
    concepts.set(id, {
      id,
      name: record.name,
      names: { en: record.name },
      // Set once the alias index is built (build/stages.ts linkAliases: model/names.ts sourcedNameIn).
      frenchName: null,
      kind: record.kind,
      category: record.category,
      compulsory: record.compulsory,
      compulsoryFrom: record.id,
      records: [],
      relations: [],
    });
    rows.set(record.id, {
      record: record.id,
      concept: id,
      relation: 'same',
      confidence: 'high',
      rationale: 'The English 2020 record defines the concept.',
      summary: null,
      summaryFr: null,
      declaredBy: 'source',
      related: [],
      falseFriend: null,
    });
  }
  const base = new Set(concepts.keys());
  extras.forEach((extra, index) => {
    if (concepts.has(extra.id)) {
      diagnostics.push(
        error({
          reason: `Concept ${extra.id} is already defined by an English 2020 record`,
          file: at.file,
          place: at.locate(['concepts', index, 'id']),
          ruleId: 'crosswalk/duplicate-concept',
          source: 'link',
        }),
      );
      return;
    }
    concepts.set(extra.id, {
      id: extra.id,
      name: extra.name,
      // Named in its own language only: a French-only rule gets no invented English name.
      names: extra.lang === 'fr' ? { fr: extra.name } : { en: extra.name },
      frenchName: null,
      kind: extra.kind,
      category: extra.category,
      compulsory: null,
      compulsoryFrom: null,
      records: [],
      relations: [],
    });
  });
  return { concepts, rows, base, diagnostics };
}

/**
 * Naming the unnamed: each row with a `match` names the one paragraph of its
 * source that opens with those words (case, spacing and leading marks
 * folded). No paragraph, several, or a paragraph two rows match is an error.
 */
export function nameUnnamed(unnamed: readonly UnnamedRecord[], links: readonly CrosswalkLink[], at: At, fates: RowFates = {}): Naming {
  const diagnostics: Diagnostic[] = [];
  const named: Skill[] = [];
  const claimed = new Map<UnnamedRecord, number>();
  const namedByRow = new Map<number, string>();
  /** Rows no paragraph opens: told once every paragraph is claimed (a gone paragraph leaves none unclaimed). */
  const unmatched: { link: CrosswalkLink; place: Place | null }[] = [];
  // Each opening folded once, not once per row that looks for it.
  const openings = new Map(unnamed.map((u) => [u, normalise(u.opening)]));
  links.forEach((link, index) => {
    if (link.match === undefined) return;
    const wanted = normalise(link.match);
    const candidates = unnamed.filter((u) => u.source.id === link.source && openings.get(u)!.startsWith(wanted));
    const place = at.locate(['links', index, 'match']);
    if (candidates.length === 0) {
      const retired = fates.retired?.(link);
      if (retired) diagnostics.push(paragraphGone(link, retired, at, place));
      else unmatched.push({ link, place });
      return;
    }
    if (candidates.length > 1) {
      diagnostics.push(
        error({
          reason: `${candidates.length} paragraphs of ${link.source} open with "${link.match}"`,
          file: at.file,
          place,
          ruleId: 'crosswalk/ambiguous-match',
          source: 'link',
          expected: 'opening words that start exactly one paragraph (case and spacing folded)',
          actual: `lines ${candidates.map((c) => c.source.lines[0]).join(', ')}`,
        }),
      );
      return;
    }
    const paragraph = candidates[0]!;
    const previous = claimed.get(paragraph);
    if (previous !== undefined) {
      diagnostics.push(
        error({
          reason: `The paragraph on line ${paragraph.source.lines[0]} is matched by two rows (the other is entry ${previous + 1})`,
          file: at.file,
          place,
          ruleId: 'crosswalk/duplicate-link',
          source: 'link',
        }),
      );
      return;
    }
    claimed.set(paragraph, index);
    const record = namedRecord(paragraph, link.name!);
    named.push(record);
    namedByRow.set(index, record.id);
  });
  const unclaimed = (source: string) => unnamed.some((u) => u.source.id === source && !claimed.has(u));
  for (const { link, place } of unmatched) {
    const published = fates.published?.(link);
    diagnostics.push(published && !unclaimed(link.source) ? paragraphGoneUnmigrated(link, published, at, place) : matchNotFound(link, at, place));
  }
  return { named, claimed, namedByRow, diagnostics };
}

/** A row whose opening words start no paragraph, while its source has a paragraph no row names: reworded, most likely. */
function matchNotFound(link: CrosswalkLink, at: At, place: Place | null): Diagnostic {
  return error({
    reason: `No paragraph of ${link.source} opens with "${link.match}"`,
    file: at.file,
    place,
    ruleId: 'crosswalk/match-not-found',
    source: 'link',
    expected: 'opening words that start exactly one paragraph (case and spacing folded)',
  });
}

/**
 * A row whose paragraph is gone before any migration says where: its record
 * was published (the lock lists it) and every paragraph left in its source
 * has its row, so no rewording explains it. The row goes, and the id is
 * migrated as the lock's `ids/missing` error offers.
 */
function paragraphGoneUnmigrated(link: CrosswalkLink, published: LockLine & { id: string }, at: At, place: Place | null): Diagnostic {
  const lock = `${published.file}:${published.line}`;
  return error({
    reason: `No paragraph of ${link.source} opens with "${link.match}": the paragraph of ${published.id} (${link.name}) is gone, and every paragraph left in ${link.source} has its row`,
    file: at.file,
    place,
    ruleId: 'crosswalk/match-not-found',
    source: 'link',
    expected: `remove this row, then migrate ${published.id} with the entry the ids/missing error at ${lock} prints (merged into the record that holds its rule now, or deleted)`,
  });
}

/** A row whose paragraph is gone and whose record a migration retires: the row is left over. */
function paragraphGone(link: CrosswalkLink, retired: Retirement, at: At, place: Place | null): Diagnostic {
  const where = `${retired.file}${retired.place ? `:${retired.place.line}` : ''}`;
  const fate = retired.to === null ? 'withdrawn' : `${retired.action} into ${retired.to}`;
  return error({
    reason: `The paragraph this row names (${link.name}) is gone from ${link.source}: ${where} says it was ${fate}`,
    file: at.file,
    place,
    ruleId: 'crosswalk/match-not-found',
    source: 'link',
    expected: `remove this row: the migration at ${where} says where the rule went`,
  });
}

/** An unnamed paragraph as the record a row names it. */
function namedRecord(paragraph: UnnamedRecord, displayName: string): Skill {
  const { name, parameter } = splitDisplayName(displayName);
  return {
    id: `${paragraph.edition}/${slugify(name)}`,
    edition: paragraph.edition,
    lang: paragraph.lang,
    name,
    displayName,
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
  };
}

/** What checking a row needs to know: every record, which sources are the base, the concepts so far, and `--strict`. */
export interface RowContext {
  records: readonly Skill[];
  isBase: (sourceId: string) => boolean;
  base: Pick<BaseConcepts, 'concepts' | 'rows' | 'base'>;
  strict: boolean;
}

/**
 * Checking rows: every row that names a record (by `record`, or by the
 * paragraph its `match` named) is checked, and added to the base rows when
 * its record exists, is not a base record and has no row yet.
 */
export function checkRows(
  links: readonly CrosswalkLink[],
  namedByRow: ReadonlyMap<number, string>,
  context: RowContext,
  at: At,
): { rows: Map<string, CrosswalkRow>; drafted: Set<string>; linkIndex: Map<string, number>; diagnostics: Diagnostic[] } {
  const rows = new Map(context.base.rows);
  /** Records whose only row is a draft that names no concept: reported there, not as unlinked. */
  const drafted = new Set<string>();
  const linkIndex = new Map<string, number>();
  const recordById = new Map(context.records.map((r) => [r.id, r]));
  const diagnostics: Diagnostic[] = [];
  for (const [index, link] of links.entries()) {
    const recordId = link.record ?? namedByRow.get(index);
    if (recordId === undefined) continue;
    const place = at.locate(['links', index]);
    const report = (reason: string, ruleId: string, about?: string[]): void => {
      diagnostics.push(error({ reason, file: at.file, place, ruleId, source: 'link', ...(about ? { about } : {}) }));
    };
    const record = recordById.get(recordId);
    if (!record || record.source.id !== link.source) {
      diagnostics.push(
        error({
          reason: `Row for ${recordId}: no such record in ${link.source}`,
          file: at.file,
          place: at.locate(['links', index, link.record === undefined ? 'name' : 'record']) ?? place,
          ruleId: 'crosswalk/unknown-record',
          source: 'link',
          about: [subject.entry(editionOfId(recordId))],
        }),
      );
      continue;
    }
    if (context.isBase(record.source.id)) {
      report(`Row for ${recordId}: English 2020 records define their concepts and take no row`, 'crosswalk/base-record-row');
      continue;
    }
    if (rows.has(recordId) || drafted.has(recordId)) {
      report(`${recordId} has two rows`, 'crosswalk/duplicate-link');
      continue;
    }
    if (link.concept === undefined) {
      drafted.add(recordId);
      diagnostics.push(noConcept(record, context.base.concepts, at.file, place));
      continue;
    }
    diagnostics.push(...rowProblems({ ...link, concept: link.concept }, recordId, context, at.file, place, (field) => at.locate(['links', index, ...field])));
    rows.set(recordId, rowOf({ ...link, concept: link.concept }, recordId));
    linkIndex.set(recordId, index);
  }
  return { rows, drafted, linkIndex, diagnostics };
}

/**
 * A draft that names no concept (`suggest --write` found none that scores
 * the calibrated threshold): an error at the row, printing the concept of its
 * own to paste, named in the record's language (no English name is invented).
 */
function noConcept(record: Skill, concepts: ReadonlyMap<string, Concept>, file: string, place: Place | null): Diagnostic {
  const slug = slugify(record.name);
  const id = concepts.has(slug) ? `${slug}-${record.edition}` : slug;
  return error({
    reason: `The draft row for ${record.id} names no concept: no concept scores the threshold nuffle suggest --evaluate calibrates, so it was drafted as a rule of its own`,
    file,
    place,
    ruleId: 'crosswalk/no-concept',
    source: 'link',
    expected: [
      `a concept of its own under concepts: in ${file}, and concept: ${id} in this row (then review the row and remove declaredBy, score and evidence):`,
      `    - id: ${id}`,
      `      name: ${JSON.stringify(record.name)}`,
      ...(record.lang === 'en' ? [] : [`      lang: ${record.lang}`]),
      `      kind: ${record.kind}`,
      `      category: ${record.category}`,
      `      note: <where the rule comes from, in one line>`,
      `  or, if it is a wording of an existing concept, that concept's id as concept: and the relation (same, reworked, …)`,
    ].join('\n'),
    // An unnamed paragraph's draft holds a placeholder name (draft-rows.ts): the paragraph is named first.
    ...(record.name.startsWith('<') ? { note: 'name the paragraph first (name: in this row); its record and concept ids are the slug of that name' } : {}),
  });
}

/** What is wrong with a row that names a record it may: unknown concepts, a relation that does not fit its (known) concept, a suggestion not reviewed. */
export function rowProblems(
  link: CrosswalkLink & { concept: string },
  recordId: string,
  context: Pick<RowContext, 'base' | 'strict'>,
  file: string,
  place: Place | null,
  locateField: (field: (string | number)[]) => Place | null = () => null,
): Diagnostic[] {
  const { concepts, base } = context.base;
  const problems: Diagnostic[] = [];
  for (const [n, id] of [link.concept, ...(link.related ?? [])].entries()) {
    if (!concepts.has(id))
      problems.push(
        error({
          reason: `Row for ${recordId}: unknown concept ${id}`,
          file,
          place: locateField(n === 0 ? ['concept'] : ['related', n - 1]) ?? place,
          ruleId: 'crosswalk/unknown-concept',
          source: 'link',
          note: 'Concepts are the English 2020 names (slugs) and the `concepts` list of this file.',
          about: [subject.concept(id)],
        }),
      );
  }
  const needsOwn = ['replaced', 'removed', 'new'].includes(link.relation);
  if (concepts.has(link.concept) && needsOwn === base.has(link.concept)) {
    problems.push(
      error({
        reason: `Row for ${recordId}: relation "${link.relation}" ${needsOwn ? 'needs a concept of its own, not an English 2020 one' : 'links to an English 2020 concept'}, but ${link.concept} ${base.has(link.concept) ? 'is one' : 'is not'}`,
        file,
        place,
        ruleId: 'crosswalk/relation-mismatch',
        source: 'link',
      }),
    );
  }
  if ((link.relation === 'replaced' || link.relation === 'split') !== (link.related !== undefined)) {
    problems.push(
      error({
        reason: `Row for ${recordId}: \`related\` goes with replaced and split, and only with them`,
        file,
        place,
        ruleId: 'crosswalk/relation-mismatch',
        source: 'link',
      }),
    );
  }
  if (link.declaredBy === 'suggestion') {
    problems.push(
      (context.strict ? error : warning)({
        reason: `The row for ${recordId} is a suggestion nobody reviewed yet (${link.concept}, score ${link.score ?? '?'})`,
        file,
        place,
        ruleId: 'crosswalk/unreviewed-suggestion',
        source: 'link',
        expected: 'check the concept, relation, confidence and rationale, then remove `declaredBy`, `score` and `evidence`',
      }),
    );
  }
  return problems;
}

/** The published row of an annotated link. */
function rowOf(link: CrosswalkLink & { concept: string }, recordId: string): CrosswalkRow {
  return {
    record: recordId,
    concept: link.concept,
    relation: link.relation,
    confidence: link.confidence,
    rationale: link.rationale,
    summary: link.summary ?? null,
    summaryFr: link.summaryFr ?? null,
    declaredBy: link.declaredBy ?? 'editor',
    related: [...(link.related ?? [])],
    falseFriend: link.falseFriend ?? null,
  };
}

/** Coverage: the records with no row, then the unnamed paragraphs no row named. */
export function findUnlinked(
  records: readonly Skill[],
  unnamed: readonly UnnamedRecord[],
  rows: ReadonlyMap<string, CrosswalkRow>,
  claimed: ReadonlyMap<UnnamedRecord, number>,
  drafted: ReadonlySet<string> = new Set(),
): UnlinkedRecord[] {
  return [
    ...records.filter((record) => !rows.has(record.id) && !drafted.has(record.id)).map((record) => unlinkedRecord(record, { named: true })),
    ...unnamed
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
}

/** One error per unlinked record, at its line in its source, with the top three suggestions. */
export function reportUnlinked(
  unlinked: readonly UnlinkedRecord[],
  suggest: (query: Query) => Suggestion[],
  sourceById: ReadonlyMap<string, ManifestSource>,
  file: string,
): Diagnostic[] {
  return unlinked.map((item) => {
    const top = suggest(item.query).slice(0, 3);
    return error({
      reason: `No crosswalk row links ${item.label} to a concept`,
      file: sourceById.get(item.source)?.file ?? item.source,
      place: { line: item.line },
      ruleId: 'crosswalk/missing-link',
      source: 'link',
      expected: `a row in ${file}`,
      note: `top suggestions: ${top.map((s, n) => `${n + 1}. ${s.concept} ${s.score.toFixed(2)} [${s.evidence.slice(0, 3).join('; ')}]`).join('  ')}`,
    });
  });
}

/**
 * Filling: each record gets its concept; each concept its records (in id
 * order), its French name (the first French record's; another is a
 * warning) and the relations its rows' replaced/split give both ways. A
 * concept left with no record is an error, and left out.
 */
export function fillConcepts(
  records: readonly Skill[],
  rows: ReadonlyMap<string, CrosswalkRow>,
  defined: ReadonlyMap<string, Concept>,
  extras: CrosswalkAnnotations['concepts'],
  at: At,
): { records: Skill[]; concepts: Concept[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const concepts = new Map([...defined].map(([id, c]) => [id, { ...c, names: { ...c.names }, records: [...c.records], relations: [...c.relations] }]));
  const linked = records.map((record) => ({ ...record, concept: rows.get(record.id)?.concept ?? null })).sort(byId);
  // A concept declared in French (`lang: fr`) has its French name already: its first French record does not make it two.
  const named = new Set<string>();
  for (const record of linked) {
    const concept = record.concept ? concepts.get(record.concept) : undefined;
    if (!concept) continue;
    concept.records.push(record.id);
    if (record.lang !== 'fr') continue;
    const first = !named.has(concept.id);
    named.add(concept.id);
    if (first) concept.names.fr ??= record.name;
    else
      diagnostics.push(
        warning({
          reason: `Concept ${concept.id} has several French records; its French name stays "${concept.names.fr}"`,
          file: at.file,
          ruleId: 'crosswalk/several-names',
          source: 'link',
        }),
      );
  }
  for (const row of rows.values()) {
    const pair = RELATION_PAIRS[row.relation];
    if (!pair) continue;
    for (const other of row.related) {
      concepts.get(row.concept)?.relations.push({ type: pair[0], concept: other, record: row.record });
      concepts.get(other)?.relations.push({ type: pair[1], concept: row.concept, record: row.record });
    }
  }
  for (const concept of [...concepts.values()].filter((c) => c.records.length === 0)) {
    const index = extras.findIndex((c) => c.id === concept.id);
    diagnostics.push(
      error({
        reason: `Concept ${concept.id} has no record`,
        file: at.file,
        place: at.locate(['concepts', index]),
        ruleId: 'crosswalk/empty-concept',
        source: 'link',
        note: 'Remove it, or link a record to it.',
      }),
    );
  }
  return {
    records: linked,
    concepts: [...concepts.values()]
      .filter((c) => c.records.length > 0)
      .map((c) => ({ ...c, relations: sortRelations(c.relations) }))
      .sort(byId),
    diagnostics,
  };
}

/** The relation a replaced or split row gives its concept, and the one it gives each related concept. */
const RELATION_PAIRS: Readonly<Record<string, [ConceptRelation['type'], ConceptRelation['type']]>> = {
  replaced: ['replaced-by', 'replaces'],
  split: ['split-into', 'split-from'],
};

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
