/**
 * The stages of a build, each a function of one signature: it reads what the
 * stages before it left in the build, adds its own, and says whether the
 * build goes on. build.ts lists them in order.
 */
import { hasErrors, sortDiagnostics, type Diagnostic } from '../model/diagnostic.ts';
import { BASE_PARSER } from '../model/dataset.ts';
import { byId } from '../model/order.ts';
import { frenchNameOf } from '../model/names.ts';
import { emitReleaseChanges } from '../emit/changes.ts';
import type { Concept, CrosswalkRow, Edition, Inducement, League, NameEntry, RandomTable, Ruling, Skill, SourceDigest } from '../model/schema-types.ts';
import { DATA_FILES, dataFilesOf, editionSkillFiles, emitJson, emitMeta, type DatasetContent } from '../emit/json.ts';
import { CHECKSUM_LIST, checksumFiles, checksumList, emitDataPackage, minifiedFiles } from '../emit/release.ts';
import { csvFiles } from '../emit/csv.ts';
import { emitSqlite, SQLITE_FILE } from '../emit/sqlite.ts';
import { linkConcepts } from '../link/crosswalk.ts';
import { linkInducements } from '../link/inducements.ts';
import { linkNames } from '../link/aliases.ts';
import { checkKeptIds, keepIds } from '../link/kept-ids.ts';
import { createFinderWithRules } from '../link/mentions.ts';
import { createNameResolver } from '../link/names.ts';
import { linkRulings } from '../link/rulings.ts';
import { PARSERS } from '../parse/parsers.ts';
import { parseSources, type ParsedSource } from '../parse/sources.ts';
import { checkObligations } from '../validate/compulsory.ts';
import { checkIds, parseLock, type RecordShape } from '../validate/ids.ts';
import { checkCuratedIds } from '../validate/curated-ids.ts';
import { LOCK_PATH } from '../model/paths.ts';
import { checkCategories } from '../validate/categories.ts';
import { checkIntegrity, type IntegrityLocator, type Where } from '../validate/integrity.ts';
import { checkReviewDigests } from '../validate/review-digests.ts';
import { checkReaderSummaries } from '../validate/reader-summaries.ts';
import { staleAliases } from '../validate/stale-aliases.ts';
import { buildRandomTables } from '../validate/random-tables.ts';
import { createValidator, SchemaError } from '../validate/schemas.ts';
import type { Validator } from '../model/validator.ts';
import { checkAnnotationStrings, checkSourceStrings, staleAcceptances, type Limits, type SourceStrings } from '../validate/strings.ts';
import type { BuildInput, BuildResult, LinkedModel } from './types.ts';
import { ANNOTATION_FILES, readAnnotations, type Annotations } from './annotations.ts';
import type { SchemaFile } from '../model/generate-types.ts';

/** What a stage says: go on to the next, or stop the build (it failed). */
type Outcome = 'next' | 'stop';

/** One stage: reads and adds to the build. */
export type Stage = (build: Build) => Outcome;

/** The build so far: its input, its diagnostics, and what each stage has made. Stages fill it in order. */
export class Build {
  readonly input: BuildInput;
  readonly diagnostics: Diagnostic[] = [];
  readonly ids: BuildResult['ids'] = { published: [], locked: [] };
  /** sources/ids.lock, parsed; null when the project has none. */
  lock: ReturnType<typeof parseLock> | null = null;
  model: LinkedModel | null = null;
  validator!: Validator;
  annotations!: Annotations;
  sources!: SourceDigest[];
  parsed!: ParsedSource[];
  /** The source strings check's settings, and the acceptances (errata.yaml `accepted`) a check has used. */
  strings!: Omit<SourceStrings, 'records' | 'unnamed' | 'rulings' | 'inducements'>;
  readonly acceptedUsed = new Set<number>();
  records!: Skill[];
  rulings!: Ruling[];
  concepts!: Concept[];
  crosswalk!: CrosswalkRow[];
  /** Record id → index of its row in crosswalk.yaml `links`. */
  linkIndex!: Map<string, number>;
  readonly inducements: Inducement[] = [];
  readonly leagues: League[] = [];
  randomTables!: RandomTable[];
  names!: NameEntry[];
  editions!: Edition[];
  content!: DatasetContent;
  files!: Map<string, string>;
  assets!: Map<string, Uint8Array>;

  constructor(input: BuildInput) {
    this.input = input;
  }

  /** The file of a source, by id (the manifest's path when it has none). */
  fileOf(id: string): string {
    this.fileById ??= new Map(this.annotations.manifest.value.sources.map((source) => [source.id, source.file]));
    return this.fileById.get(id) ?? this.input.manifest.path;
  }

  /** The lines of a source as parsed (errata applied), by id. */
  linesOf(id: string): readonly string[] | undefined {
    this.linesById ??= new Map(this.parsed.map(({ source, lines }) => [source.id, lines]));
    return this.linesById.get(id);
  }

  private fileById: Map<string, string> | undefined;
  private linesById: Map<string, readonly string[]> | undefined;
}

const goOnUnlessErrors = (build: Build): Outcome => (hasErrors(build.diagnostics) ? 'stop' : 'next');

/** The schemas, compiled: a broken one stops the build. */
export const compileSchemas: Stage = (build) => {
  try {
    build.validator = createValidator(build.input.schemas);
    return 'next';
  } catch (cause) {
    const problem = cause instanceof SchemaError ? cause : null;
    build.diagnostics.push({
      reason: `A schema cannot be compiled: ${(cause as Error).message}`,
      file: problem ? `schema/${problem.path}` : 'schema',
      place: null,
      ruleId: 'schema/broken',
      source: 'validate',
      fatal: true,
    });
    return 'stop';
  }
};

/** The curated inputs: YAML → value, validated against schema/input/. */
export const readCurated: Stage = (build) => {
  const annotations = readAnnotations(build.input, build.validator, build.diagnostics);
  if (!annotations) return 'stop';
  build.annotations = annotations;
  return 'next';
};

/**
 * Every id the curated files name, before any source is parsed (a kept id is
 * put back while parsing) or any target writes a file named after one: the
 * published grammar of each, the lock for ids that must have been published,
 * the manifest for sources (validate/curated-ids.ts). The lock is read here too.
 */
export const checkCuratedIdsStage: Stage = (build) => {
  const { input, annotations } = build;
  build.lock = input.lock ? parseLock(input.lock.text, input.lock.path) : null;
  const problems = [
    ...(build.lock?.diagnostics ?? []),
    ...checkCuratedIds({
      files: Object.fromEntries(
        (Object.keys(ANNOTATION_FILES) as (keyof Annotations)[]).map((key) => {
          const { file, value, locate } = annotations[key];
          return [key, { file: file.path, value, locate }];
        }),
      ),
      locked: build.lock ? new Set(build.lock.entries.map((e) => `${e.kind} ${e.id}`)) : null,
      lockFile: input.lock?.path ?? LOCK_PATH,
      sources: new Set(annotations.manifest.value.sources.map((s) => s.id)),
    }),
  ];
  build.diagnostics.push(...problems);
  return goOnUnlessErrors(build);
};

/** Every source parsed (digest, decode, errata, parser); then the ids kept through a rename (migrations.yaml `keep`) put back, so every later stage sees the published id. */
export const parse: Stage = (build) => {
  const { input, annotations } = build;
  const { manifest, errata, migrations } = annotations;
  const parsed = parseSources({
    manifest: manifest.value,
    manifestPath: input.manifest.path,
    locateManifest: manifest.locate,
    raw: input.raw,
    errata: errata.value.errata,
    errataPath: errata.file.path,
    locateErratum: (n, key) => errata.locate(key ? ['errata', n, key] : ['errata', n])?.line ?? null,
    parsers: PARSERS,
    ...(input.memo ? { memo: input.memo } : {}),
  });
  build.diagnostics.push(...parsed.diagnostics);
  build.sources = parsed.sources;
  build.parsed = parsed.parsed;
  const keep = migrations.value.keep ?? [];
  const keptUsed = new Set<number>();
  for (const entry of build.parsed) {
    const kept = keepIds({ edition: entry.source.edition.id, result: entry.result, keep });
    entry.result = kept.result;
    for (const index of kept.used) keptUsed.add(index);
  }
  const ids = build.parsed.flatMap(({ result }) => result.records.map((r) => r.id));
  build.diagnostics.push(
    ...checkKeptIds(keep, keptUsed, ids, migrations.file.path, (index, key) => migrations.locate(key ? ['keep', index, key] : ['keep', index])),
  );
  return 'next';
};

/**
 * Names and text as the sources and annotations give them: no hidden
 * character, no look-alike name, no name or id beyond the schemas'
 * maxLength, each at its line. A build stops here when one is wrong: what
 * linking would say about such a name (an unknown concept, an id gone) only repeats it.
 */
export const checkStrings: Stage = (build) => {
  const limits = limitsOf(build.input.schemas);
  if (!limits) {
    build.diagnostics.push({
      reason: 'The schemas give names (skills.schema.json) or record ids (common.schema.json) no maxLength',
      file: 'schema/skills.schema.json',
      place: null,
      ruleId: 'schema/broken',
      source: 'validate',
      fatal: true,
    });
    return 'stop';
  }
  const { errata } = build.annotations;
  build.strings = {
    linesOf: (id) => build.linesOf(id),
    fileOf: (id) => build.fileOf(id),
    accepted: errata.value.accepted ?? [],
    acceptedFile: errata.file.path,
    limits,
  };
  const results = build.parsed.map(({ result }) => result);
  const parsedStrings = checkSourceStrings({
    ...build.strings,
    records: results.flatMap((r) => r.records),
    unnamed: results.flatMap((r) => r.unnamed),
    rulings: results.flatMap((r) => r.rulings),
    inducements: [],
  });
  for (const index of parsedStrings.acceptedUsed) build.acceptedUsed.add(index);
  const located = (Object.keys(ANNOTATION_FILES) as (keyof Annotations)[]).map((key) => {
    const { file, value, locate } = build.annotations[key];
    return { file: file.path, value, locate, multiline: ANNOTATION_FILES[key].multiline ?? [] };
  });
  const problems = [...parsedStrings.diagnostics, ...checkAnnotationStrings(located)];
  build.diagnostics.push(...problems);
  return hasErrors(problems) ? 'stop' : 'next';
};

/** Link: rulings to the records their questions name, then every record to its concept. */
export const link: Stage = (build) => {
  const { input, annotations } = build;
  const named: Skill[] = [];
  const rulings: Ruling[] = [];
  for (const { result } of build.parsed) {
    const linked = linkRulings(result.records, result.rulings, annotations.mentions.value);
    named.push(...linked.records);
    rulings.push(...linked.rulings);
  }
  build.rulings = rulings.sort(byId);
  const crosswalk = linkConcepts({
    records: named,
    unnamed: build.parsed.flatMap(({ result }) => result.unnamed),
    sources: annotations.manifest.value.sources,
    annotations: annotations.crosswalk.value,
    glossary: annotations.glossary.value.terms,
    file: annotations.crosswalk.file.path,
    locate: annotations.crosswalk.locate,
    strict: input.strict === true,
    retired: (recordId) => {
      const { migrations } = annotations;
      const index = migrations.value.migrations.findIndex((m) => m.kind === 'record' && m.id === recordId);
      if (index < 0) return null;
      const { action, to } = migrations.value.migrations[index]!;
      return { file: migrations.file.path, place: migrations.locate(['migrations', index]), action, to };
    },
    published: (recordId) => {
      const entry = build.lock?.entries.find((e) => e.kind === 'record' && e.id === recordId);
      return entry && input.lock ? { file: input.lock.path, line: entry.line } : null;
    },
  });
  build.diagnostics.push(...crosswalk.diagnostics);
  build.records = crosswalk.records;
  build.concepts = crosswalk.concepts;
  build.crosswalk = crosswalk.crosswalk;
  build.linkIndex = crosswalk.linkIndex;
  const { records, concepts } = build;
  build.model = {
    records,
    concepts,
    crosswalk: crosswalk.crosswalk,
    unlinked: crosswalk.unlinked,
    glossary: annotations.glossary.value.terms,
    sources: annotations.manifest.value.sources,
  };
  return 'next';
};

/** Inducement notes: named by annotations, skills resolved through the concepts; then their strings, and the acceptances no check used. */
export const linkAllInducements: Stage = (build) => {
  const { annotations, concepts, records } = build;
  const mentions = annotations.mentions.value;
  const resolveSkill = createNameResolver(concepts, records, mentions);
  const finder = createFinderWithRules(
    concepts.map((concept) => ({ id: concept.id, name: concept.name })),
    mentions,
  );
  for (const { source, result, errata: applied } of build.parsed) {
    if (!result.notes) continue;
    const linked = linkInducements({
      blocks: result.notes,
      source,
      errata: applied,
      annotations: annotations.inducements.value,
      file: annotations.inducements.file.path,
      locate: annotations.inducements.locate,
      resolveSkill,
      findMentions: (text) => [...new Set(finder(text).map((m) => m.id))],
      notNames: mentions.notNames,
    });
    build.diagnostics.push(...linked.diagnostics);
    build.inducements.push(...linked.inducements);
    build.leagues.push(...linked.leagues);
  }
  const strings = checkSourceStrings({ ...build.strings, records: [], unnamed: [], rulings: [], inducements: build.inducements });
  build.diagnostics.push(...strings.diagnostics);
  for (const index of strings.acceptedUsed) build.acceptedUsed.add(index);
  const { errata } = annotations;
  build.diagnostics.push(...staleAcceptances(errata.value.accepted ?? [], build.acceptedUsed, errata.file.path, (index) => errata.locate(['accepted', index])));
  return 'next';
};

/** Validate: the random tables, then cross-record integrity. */
export const checkTables: Stage = (build) => {
  const { parsed } = build;
  const slots = build.annotations.randomTables;
  const tables = buildRandomTables(
    build.records,
    parsed.flatMap(({ result }) => result.slotLines),
    (record) => build.fileOf(record.source.id),
    baseEditions(build),
    { slots: slots.value.slots, file: slots.file.path, locate: (index) => slots.locate(['slots', index])?.line ?? null },
  );
  build.diagnostics.push(...tables.diagnostics);
  build.randomTables = tables.tables;
  build.diagnostics.push(...checkIntegrity(build.records, build.rulings, build.concepts, build.crosswalk, integrityLocator(build)));
  return 'next';
};

/** Where an integrity problem is shown: a record's or a ruling's source line, a concept's or a row's line in crosswalk.yaml. */
function integrityLocator(build: Build): IntegrityLocator {
  const { crosswalk } = build.annotations;
  const at = (file: string, line: number): Where => ({ file, place: { line } });
  const extras = crosswalk.value.concepts;
  const recordById = new Map(build.records.map((r) => [r.id, r]));
  const base = baseEditions(build);
  const record = (r: Skill) => at(build.fileOf(r.source.id), r.source.lines[0]);
  return {
    record,
    ruling: (r) => at(build.fileOf(r.source.id), r.source.lines[0]),
    concept: (c) => {
      const index = extras.findIndex((extra) => extra.id === c.id);
      if (index >= 0) return { file: crosswalk.file.path, place: crosswalk.locate(['concepts', index]) };
      const defining = c.records.map((id) => recordById.get(id)).find((r) => r && base.has(r.edition));
      return defining ? record(defining) : null;
    },
    row: (id) => {
      const index = build.linkIndex.get(id);
      // At the row's concept: the integrity problems located here are about the concept it names.
      return index === undefined
        ? null
        : { file: crosswalk.file.path, place: crosswalk.locate(['links', index, 'concept']) ?? crosswalk.locate(['links', index]) };
    },
  };
}

/**
 * Meaning: every record filed under its concept's category (or a declared
 * difference) and of its kind; every reviewed row stamped with the texts it
 * was reviewed against, and those texts unchanged since; every row whose
 * words differ from the 2020 wording with a reader summary.
 */
export const checkMeaning: Stage = (build) => {
  const { crosswalk } = build.annotations;
  const at = { file: crosswalk.file.path, locate: crosswalk.locate, fileOf: (id: string) => build.fileOf(id) };
  build.diagnostics.push(
    ...checkCategories({
      ...at,
      records: build.records,
      concepts: build.concepts,
      extras: crosswalk.value.concepts,
      differences: crosswalk.value.categories ?? [],
    }),
  );
  const base = baseEditions(build);
  const baseRecords = new Map(build.records.filter((r) => base.has(r.edition) && r.concept !== null).map((r) => [r.concept!, r]));
  build.diagnostics.push(
    ...checkReviewDigests({
      ...at,
      links: crosswalk.value.links,
      linkIndex: build.linkIndex,
      records: build.records,
      baseRecordOf: (concept) => baseRecords.get(concept) ?? null,
      strict: build.input.strict === true,
    }),
    ...checkReaderSummaries({
      file: crosswalk.file.path,
      locate: crosswalk.locate,
      links: crosswalk.value.links,
      linkIndex: build.linkIndex,
      records: build.records,
      baseRecordOf: (concept) => baseRecords.get(concept) ?? null,
    }),
  );
  return 'next';
};

/** The alias index: every name of every concept, and the reviewed aliases (one spelling, one concept). */
export const linkAliases: Stage = (build) => {
  const { aliases, migrations } = build.annotations;
  const linked = linkNames({
    concepts: build.concepts,
    skills: build.records,
    migrations: migrations.value.migrations,
    annotations: aliases.value,
    file: aliases.file.path,
    locate: aliases.locate,
    migrationsAt: { file: migrations.file.path, locate: migrations.locate },
  });
  build.names = linked.names;
  build.concepts = build.concepts.map((c) => ({ ...c, frenchName: frenchNameOf(c, linked.names) }));
  build.diagnostics.push(...linked.diagnostics);
  build.diagnostics.push(
    ...staleAliases({
      aliases: aliases.value.aliases,
      records: build.records,
      conceptNames: new Map(build.concepts.map((c) => [c.id, Object.values(c.names)])),
      file: aliases.file.path,
      locate: aliases.locate,
    }),
  );
  return 'next';
};

/** Ids: every locked id is still published, or migrated; and the package's version is the dataset's. */
export const checkAllIds: Stage = (build) => {
  const { input, annotations, ids } = build;
  const { manifest, migrations } = annotations;
  ids.published = publishedIds(build);
  const { lock } = build;
  ids.locked = lock?.entries ?? [];
  build.diagnostics.push(
    ...checkIds({
      lock: lock && input.lock ? { file: input.lock.path, entries: lock.entries } : null,
      published: ids.published,
      migrations: migrations.value.migrations,
      migrationsFile: migrations.file.path,
      locateMigration: (index, key) => migrations.locate(key ? ['migrations', index, key] : ['migrations', index]),
      datasetVersion: manifest.value.dataset.version,
      records: { now: recordShapes(build.records), ...(input.previous ? { before: recordShapes(input.previous) } : {}) },
      conceptOfRecord: (id) => (baseEditions(build).has(id.slice(0, id.indexOf('/'))) ? id.slice(id.indexOf('/') + 1) : null),
    }),
  );
  if (input.packageVersion && input.packageVersion !== manifest.value.dataset.version) {
    build.diagnostics.push({
      reason: `package.json says version ${input.packageVersion}, the manifest's dataset says ${manifest.value.dataset.version}: the package and its data would disagree`,
      file: input.manifest.path,
      place: manifest.locate(['dataset', 'version']),
      ruleId: 'manifest/version-mismatch',
      source: 'validate',
      fatal: true,
      expected: 'the same version in both (nuffle release writes both)',
    });
  }
  return 'next';
};

/** The compulsory skills and traits: every obligation the rule text states is reviewed. */
export const checkCompulsory: Stage = (build) => {
  const { compulsory } = build.annotations;
  build.diagnostics.push(
    ...checkObligations({
      records: build.records,
      linesOf: (id) => build.linesOf(id),
      fileOf: (id) => build.fileOf(id),
      reviews: compulsory.value.reviewed,
      reviewFile: compulsory.file.path,
      locateReview: (index) => compulsory.locate(['reviewed', index]),
    }),
  );
  return 'next';
};

/** The dataset's content, every data file validated against its schema. */
export const validateData: Stage = (build) => {
  const { dataset } = build.annotations.manifest.value;
  build.editions = editionsOf(build);
  build.content = {
    datasetVersion: dataset.version,
    schemaVersion: dataset.schemaVersion,
    releaseDate: dataset.released ?? null,
    sources: build.sources,
    editions: build.editions,
    skills: build.records,
    rulings: build.rulings,
    randomTables: build.randomTables,
    concepts: build.concepts,
    crosswalk: build.crosswalk,
    inducements: build.inducements,
    leagues: build.leagues,
    migrations: build.annotations.migrations.value.migrations,
    names: build.names,
  };
  const data = dataFilesOf(build.content);
  for (const [path, schema] of Object.entries(DATA_FILES)) {
    build.diagnostics.push(...build.validator.validate(schema, data[path as keyof typeof data], `dist/data/${path}`));
  }
  return goOnUnlessErrors(build);
};

/** Emit the JSON files, and validate what is about to be written. */
export const emit: Stage = (build) => {
  build.files = emitJson(build.content, build.input.schemas).files;
  const written: [string, string][] = [
    ...Object.entries(DATA_FILES),
    ...[...editionSkillFiles(build.content.skills).keys()].map((path): [string, string] => [path, DATA_FILES['skills.json']]),
  ];
  for (const [path, schema] of written) {
    build.diagnostics.push(...build.validator.validate(schema, JSON.parse(build.files.get(path)!), `dist/data/${path}`));
  }
  const changes = emitReleaseChanges(build.input.releases ?? [], build.content.datasetVersion, (schema, value, file) =>
    build.validator.validate(schema, value, file),
  );
  for (const [path, text] of changes.files) build.files.set(path, text);
  build.diagnostics.push(...changes.diagnostics);
  return goOnUnlessErrors(build);
};

/** Release artefacts: the SQLite database, minified copies, the data package, meta.json, checksums. */
export const emitRelease: Stage = (build) => {
  const { content, files, validator, diagnostics } = build;
  build.assets = new Map<string, Uint8Array>([[SQLITE_FILE, emitSqlite({ ...content, meta: content })]]);
  const everything = () => new Map<string, string | Uint8Array>([...files, ...build.assets]);
  for (const [path, text] of minifiedFiles(files)) files.set(path, text);
  for (const [path, text] of csvFiles(content)) files.set(path, text);
  const digestOf = new Map(content.sources.map((s) => [s.id, s.sha256]));
  const dataPackage = emitDataPackage({
    datasetVersion: content.datasetVersion,
    schemaVersion: content.schemaVersion,
    sources: build.annotations.manifest.value.sources.map((s) => ({
      id: s.id,
      file: s.file,
      label: s.edition.label,
      lang: s.lang,
      note: s.note,
      sha256: digestOf.get(s.id) ?? '',
    })),
    files: everything(),
  });
  files.set('datapackage.json', dataPackage);
  diagnostics.push(...validator.validate('datapackage.schema.json', JSON.parse(dataPackage), 'dist/data/datapackage.json'));
  const { text: metaText, meta } = emitMeta(content, everything());
  diagnostics.push(...validator.validate('meta.schema.json', meta, 'dist/data/meta.json'));
  files.set('meta.json', metaText);
  files.set('meta.min.json', JSON.stringify(meta));
  for (const [path, text] of checksumFiles(everything())) files.set(path, text);
  files.set(CHECKSUM_LIST, checksumList(everything()));
  return goOnUnlessErrors(build);
};

/** A failed build: no files, its diagnostics sorted, and the model and ids it got as far as. */
export function failed(build: Build): BuildResult {
  return { files: new Map(), assets: new Map(), diagnostics: sortDiagnostics(build.diagnostics), summary: null, model: build.model, ids: build.ids };
}

/** A finished build: its files and what it says of itself. */
export function finished(build: Build): BuildResult {
  const { files, assets, editions, content } = build;
  return {
    files,
    assets,
    diagnostics: sortDiagnostics(build.diagnostics),
    summary: { datasetVersion: content.datasetVersion, editions, randomTables: content.randomTables.length, files: files.size + assets.size },
    model: build.model,
    ids: build.ids,
  };
}

/** Every id the build publishes, by kind. */
function publishedIds({ concepts, records, rulings, inducements, leagues }: Build): BuildResult['ids']['published'] {
  return [
    ...concepts.map((c) => ({ kind: 'concept' as const, id: c.id })),
    ...records.map((r) => ({ kind: 'record' as const, id: r.id })),
    ...rulings.map((r) => ({ kind: 'ruling' as const, id: r.id })),
    ...inducements.map((r) => ({ kind: 'inducement' as const, id: r.id })),
    ...inducements.flatMap((r) => r.spells.map((s) => ({ kind: 'spell' as const, id: s.id }))),
    ...leagues.map((l) => ({ kind: 'league' as const, id: l.id })),
  ];
}

/** One edition per source, with its digest and how many records and rulings it gives. */
function editionsOf({ parsed, records, inducements }: Build): Edition[] {
  return parsed
    .map(({ source, sha256, result }) => ({
      id: source.edition.id,
      label: source.edition.label,
      lang: source.lang,
      source: source.id,
      file: source.file,
      sha256,
      parser: source.parser,
      note: source.note,
      records: records.filter((r) => r.source.id === source.id).length + inducements.filter((r) => r.source.id === source.id).length,
      rulings: result.rulings.length,
    }))
    .sort(byId);
}

/** The editions whose records define their concepts (the English 2020 text's). */
function baseEditions({ parsed }: Build): Set<string> {
  return new Set(parsed.filter(({ source }) => source.parser === BASE_PARSER).map(({ source }) => source.edition.id));
}

/** What rename detection compares of each record: name, kind, text and random-table slots. */
function recordShapes(records: readonly Skill[]): Map<string, RecordShape> {
  return new Map(
    records.map((r) => [r.id, { name: r.name, kind: r.kind, text: r.text, slots: r.randomSlots.map((s) => `${s.game} ${r.category} ${s.roll}·${s.d6}`) }]),
  );
}

/** The published schemas' maxLength of a name (a record's) and of an id (a record id's): the one home of both limits. */
function limitsOf(schemas: readonly SchemaFile[]): Limits | null {
  const schema = (path: string) =>
    schemas.find((s) => s.path === path)?.schema as
      | { $defs?: Record<string, { maxLength?: number; properties?: Record<string, { maxLength?: number }> }> }
      | undefined;
  const name = schema('skills.schema.json')?.$defs?.skill?.properties?.name?.maxLength;
  const id = schema('common.schema.json')?.$defs?.recordId?.maxLength;
  return name === undefined || id === undefined ? null : { name, id };
}
