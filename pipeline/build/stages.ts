/**
 * The stages of a build, each a function of one signature: it takes the
 * values the stages before it made (a Pick of `Values`, by name) and returns
 * what it makes, typed, with its diagnostics, or stops the build
 * (build/pipeline.ts). build.ts lists them in order.
 */
import { hasErrors, sortDiagnostics, type Diagnostic } from '../model/diagnostic.ts';
import { BASE_PARSER } from '../model/dataset.ts';
import { byId } from '../model/order.ts';
import { sourcedNameIn } from '../model/names.ts';
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
import { checkEditionStatus } from '../validate/edition-status.ts';
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
import { made, stop, type Step } from './pipeline.ts';
import type { SchemaFile } from '../model/generate-types.ts';

/** Where a source's text is: its file by id (the manifest's path when it has none), and its lines as parsed (errata applied). */
interface SourceIndex {
  fileOf(sourceId: string): string;
  linesOf(sourceId: string): readonly string[] | undefined;
}

/** Every value a stage makes, by name: each stage reads a Pick of these and makes another. */
interface Values {
  input: BuildInput;
  validator: Validator;
  annotations: Annotations;
  /** sources/ids.lock, parsed; null when the project has none. */
  lock: ReturnType<typeof parseLock> | null;
  sources: SourceDigest[];
  parsed: ParsedSource[];
  where: SourceIndex;
  /** The source strings check's settings. */
  strings: Omit<SourceStrings, 'records' | 'unnamed' | 'rulings' | 'inducements'>;
  /** The acceptances (errata.yaml `accepted`) a strings check has used. */
  acceptedUsed: ReadonlySet<number>;
  records: Skill[];
  rulings: Ruling[];
  concepts: Concept[];
  crosswalk: CrosswalkRow[];
  /** Record id → index of its row in crosswalk.yaml `links`. */
  linkIndex: Map<string, number>;
  model: LinkedModel;
  inducements: Inducement[];
  leagues: League[];
  randomTables: RandomTable[];
  names: NameEntry[];
  ids: BuildResult['ids'];
  editions: Edition[];
  content: DatasetContent;
  files: Map<string, string>;
  assets: Map<string, Uint8Array>;
}

type Reads<K extends keyof Values> = Pick<Values, K>;

/** The schemas, compiled: a broken one stops the build. */
export function compileSchemas({ input }: Reads<'input'>): Step<Reads<'validator'>> {
  try {
    return made({ validator: createValidator(input.schemas) });
  } catch (cause) {
    const problem = cause instanceof SchemaError ? cause : null;
    return stop([
      {
        reason: `A schema cannot be compiled: ${(cause as Error).message}`,
        file: problem ? `schema/${problem.path}` : 'schema',
        place: null,
        ruleId: 'schema/broken',
        source: 'validate',
        fatal: true,
      },
    ]);
  }
}

/** The curated inputs: YAML → value, validated against schema/input/. */
export function readCurated({ input, validator }: Reads<'input' | 'validator'>): Step<Reads<'annotations'>> {
  const diagnostics: Diagnostic[] = [];
  const annotations = readAnnotations(input, validator, diagnostics);
  return annotations ? made({ annotations }, diagnostics) : stop(diagnostics);
}

/**
 * Every id the curated files name, before any source is parsed (a kept id is
 * put back while parsing) or any target writes a file named after one: the
 * published grammar of each, the lock for ids that must have been published,
 * the manifest for sources (validate/curated-ids.ts). The lock is read here too.
 */
export function checkCuratedIdsStage({ input, annotations }: Reads<'input' | 'annotations'>): Step<Reads<'lock'>> {
  const lock = input.lock ? parseLock(input.lock.text, input.lock.path) : null;
  const problems = [
    ...(lock?.diagnostics ?? []),
    ...checkCuratedIds({
      files: Object.fromEntries(
        (Object.keys(ANNOTATION_FILES) as (keyof Annotations)[]).map((key) => {
          const { file, value, locate } = annotations[key];
          return [key, { file: file.path, value, locate }];
        }),
      ),
      locked: lock ? new Set(lock.entries.map((e) => `${e.kind} ${e.id}`)) : null,
      lockFile: input.lock?.path ?? LOCK_PATH,
      sources: new Set(annotations.manifest.value.sources.map((s) => s.id)),
    }),
  ];
  return made({ lock }, problems);
}

/** The editions' reviewed years and statuses, together: one rules revision in force, nothing superseded that is newer (validate/edition-status.ts). */
export function checkEditions({ input, annotations }: Reads<'input' | 'annotations'>): Step<object> {
  const { manifest } = annotations;
  return made({}, checkEditionStatus({ sources: manifest.value.sources, file: input.manifest.path, locate: manifest.locate }));
}

/** Every source parsed (digest, decode, errata, parser); then the ids kept through a rename (migrations.yaml `keep`) put back, so every later stage sees the published id. */
export function parse({ input, annotations }: Reads<'input' | 'annotations'>): Step<Reads<'sources' | 'parsed' | 'where'>> {
  const { manifest, errata, migrations } = annotations;
  const read = parseSources({
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
  const keep = migrations.value.keep ?? [];
  const keptUsed = new Set<number>();
  const parsed = read.parsed.map((entry) => {
    const kept = keepIds({ edition: entry.source.edition.id, result: entry.result, keep });
    for (const index of kept.used) keptUsed.add(index);
    return { ...entry, result: kept.result };
  });
  const ids = parsed.flatMap(({ result }) => result.records.map((r) => r.id));
  const kept = checkKeptIds(keep, keptUsed, ids, migrations.file.path, (index, key) => migrations.locate(key ? ['keep', index, key] : ['keep', index]));
  return made({ sources: read.sources, parsed, where: sourceIndex(annotations, parsed) }, [...read.diagnostics, ...kept]);
}

/** Each source's file (from the manifest) and lines (as parsed), by id. */
function sourceIndex(annotations: Annotations, parsed: readonly ParsedSource[]): SourceIndex {
  const fileById = new Map(annotations.manifest.value.sources.map((source) => [source.id, source.file]));
  const linesById = new Map(parsed.map(({ source, lines }) => [source.id, lines]));
  return { fileOf: (id) => fileById.get(id) ?? annotations.manifest.file.path, linesOf: (id) => linesById.get(id) };
}

/**
 * Names and text as the sources and annotations give them: no hidden
 * character, no look-alike name, no name or id beyond the schemas'
 * maxLength, each at its line. A build stops here when one is wrong: what
 * linking would say about such a name (an unknown concept, an id gone) only repeats it.
 */
export function checkStrings({
  input,
  annotations,
  parsed,
  where,
}: Reads<'input' | 'annotations' | 'parsed' | 'where'>): Step<Reads<'strings' | 'acceptedUsed'>> {
  const limits = limitsOf(input.schemas);
  if (!limits) {
    return stop([
      {
        reason: 'The schemas give names (skills.schema.json) or record ids (common.schema.json) no maxLength',
        file: 'schema/skills.schema.json',
        place: null,
        ruleId: 'schema/broken',
        source: 'validate',
        fatal: true,
      },
    ]);
  }
  const { errata } = annotations;
  const strings = { linesOf: where.linesOf, fileOf: where.fileOf, accepted: errata.value.accepted ?? [], acceptedFile: errata.file.path, limits };
  const results = parsed.map(({ result }) => result);
  const parsedStrings = checkSourceStrings({
    ...strings,
    records: results.flatMap((r) => r.records),
    unnamed: results.flatMap((r) => r.unnamed),
    rulings: results.flatMap((r) => r.rulings),
    inducements: [],
  });
  const located = (Object.keys(ANNOTATION_FILES) as (keyof Annotations)[]).map((key) => {
    const { file, value, locate } = annotations[key];
    return { file: file.path, value, locate, multiline: ANNOTATION_FILES[key].multiline ?? [] };
  });
  const problems = [...parsedStrings.diagnostics, ...checkAnnotationStrings(located)];
  return hasErrors(problems) ? stop(problems) : made({ strings, acceptedUsed: parsedStrings.acceptedUsed }, problems);
}

/** Link: rulings to the records their questions name, then every record to its concept. */
export function link({
  input,
  annotations,
  parsed,
  lock,
}: Reads<'input' | 'annotations' | 'parsed' | 'lock'>): Step<Reads<'records' | 'rulings' | 'concepts' | 'crosswalk' | 'linkIndex' | 'model'>> {
  const named: Skill[] = [];
  const rulings: Ruling[] = [];
  for (const { result } of parsed) {
    const linked = linkRulings(result.records, result.rulings, annotations.mentions.value);
    named.push(...linked.records);
    rulings.push(...linked.rulings);
  }
  const crosswalk = linkConcepts({
    records: named,
    unnamed: parsed.flatMap(({ result }) => result.unnamed),
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
      const entry = lock?.entries.find((e) => e.kind === 'record' && e.id === recordId);
      return entry && input.lock ? { file: input.lock.path, line: entry.line } : null;
    },
  });
  const { records, concepts } = crosswalk;
  const model = {
    records,
    concepts,
    crosswalk: crosswalk.crosswalk,
    unlinked: crosswalk.unlinked,
    glossary: annotations.glossary.value.terms,
    sources: annotations.manifest.value.sources,
  };
  return made({ records, rulings: rulings.sort(byId), concepts, crosswalk: crosswalk.crosswalk, linkIndex: crosswalk.linkIndex, model }, crosswalk.diagnostics);
}

/** Inducement notes: named by annotations, skills resolved through the concepts; then their strings, and the acceptances no check used. */
export function linkAllInducements({
  annotations,
  concepts,
  records,
  parsed,
  strings,
  acceptedUsed,
}: Reads<'annotations' | 'concepts' | 'records' | 'parsed' | 'strings' | 'acceptedUsed'>): Step<Reads<'inducements' | 'leagues'>> {
  const mentions = annotations.mentions.value;
  const resolveSkill = createNameResolver(concepts, records, mentions);
  const finder = createFinderWithRules(
    concepts.map((concept) => ({ id: concept.id, name: concept.name })),
    mentions,
  );
  const diagnostics: Diagnostic[] = [];
  const inducements: Inducement[] = [];
  const leagues: League[] = [];
  for (const { source, result, errata: applied } of parsed) {
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
    diagnostics.push(...linked.diagnostics);
    inducements.push(...linked.inducements);
    leagues.push(...linked.leagues);
  }
  const checked = checkSourceStrings({ ...strings, records: [], unnamed: [], rulings: [], inducements });
  diagnostics.push(...checked.diagnostics);
  const used = new Set([...acceptedUsed, ...checked.acceptedUsed]);
  const { errata } = annotations;
  diagnostics.push(...staleAcceptances(errata.value.accepted ?? [], used, errata.file.path, (index) => errata.locate(['accepted', index])));
  return made({ inducements, leagues }, diagnostics);
}

/** Validate: the random tables, then cross-record integrity. */
export function checkTables(
  v: Reads<'annotations' | 'records' | 'rulings' | 'concepts' | 'crosswalk' | 'linkIndex' | 'parsed' | 'where'>,
): Step<Reads<'randomTables'>> {
  const slots = v.annotations.randomTables;
  const tables = buildRandomTables(
    v.records,
    v.parsed.flatMap(({ result }) => result.slotLines),
    (record) => v.where.fileOf(record.source.id),
    baseEditions(v.parsed),
    { slots: slots.value.slots, file: slots.file.path, locate: (index) => slots.locate(['slots', index])?.line ?? null },
  );
  return made({ randomTables: tables.tables }, [...tables.diagnostics, ...checkIntegrity(v.records, v.rulings, v.concepts, v.crosswalk, integrityLocator(v))]);
}

/** Where an integrity problem is shown: a record's or a ruling's source line, a concept's or a row's line in crosswalk.yaml. */
function integrityLocator({
  annotations,
  records,
  linkIndex,
  parsed,
  where,
}: Reads<'annotations' | 'records' | 'linkIndex' | 'parsed' | 'where'>): IntegrityLocator {
  const { crosswalk } = annotations;
  const at = (file: string, line: number): Where => ({ file, place: { line } });
  const extras = crosswalk.value.concepts;
  const recordById = new Map(records.map((r) => [r.id, r]));
  const base = baseEditions(parsed);
  const record = (r: Skill) => at(where.fileOf(r.source.id), r.source.lines[0]);
  return {
    record,
    ruling: (r) => at(where.fileOf(r.source.id), r.source.lines[0]),
    concept: (c) => {
      const index = extras.findIndex((extra) => extra.id === c.id);
      if (index >= 0) return { file: crosswalk.file.path, place: crosswalk.locate(['concepts', index]) };
      const defining = c.records.map((id) => recordById.get(id)).find((r) => r && base.has(r.edition));
      return defining ? record(defining) : null;
    },
    row: (id) => {
      const index = linkIndex.get(id);
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
export function checkMeaning(v: Reads<'input' | 'annotations' | 'records' | 'concepts' | 'linkIndex' | 'parsed' | 'where'>): Step<object> {
  const { crosswalk } = v.annotations;
  const at = { file: crosswalk.file.path, locate: crosswalk.locate, fileOf: v.where.fileOf };
  const categories = checkCategories({
    ...at,
    records: v.records,
    concepts: v.concepts,
    extras: crosswalk.value.concepts,
    differences: crosswalk.value.categories ?? [],
  });
  const base = baseEditions(v.parsed);
  const baseRecords = new Map(v.records.filter((r) => base.has(r.edition) && r.concept !== null).map((r) => [r.concept!, r]));
  const digests = checkReviewDigests({
    ...at,
    links: crosswalk.value.links,
    linkIndex: v.linkIndex,
    records: v.records,
    baseRecordOf: (concept) => baseRecords.get(concept) ?? null,
    strict: v.input.strict === true,
  });
  const summaries = checkReaderSummaries({
    file: crosswalk.file.path,
    locate: crosswalk.locate,
    links: crosswalk.value.links,
    linkIndex: v.linkIndex,
    records: v.records,
    baseRecordOf: (concept) => baseRecords.get(concept) ?? null,
  });
  return made({}, [...categories, ...digests, ...summaries]);
}

/** The alias index: every name of every concept, and the reviewed aliases (one spelling, one concept); each concept's French name read from it (model/names.ts sourcedNameIn). */
export function linkAliases({ annotations, concepts, records }: Reads<'annotations' | 'concepts' | 'records'>): Step<Reads<'names' | 'concepts'>> {
  const { aliases, migrations } = annotations;
  const linked = linkNames({
    concepts,
    skills: records,
    migrations: migrations.value.migrations,
    annotations: aliases.value,
    file: aliases.file.path,
    locate: aliases.locate,
    migrationsAt: { file: migrations.file.path, locate: migrations.locate },
  });
  // Each concept's French name with where it comes from (concepts.json `frenchName`), by the one rule every surface reads.
  const named = concepts.map((c) => ({ ...c, frenchName: sourcedNameIn(c, linked.names, 'fr') }));
  const stale = staleAliases({
    aliases: aliases.value.aliases,
    records,
    conceptNames: new Map(concepts.map((c) => [c.id, Object.values(c.names)])),
    file: aliases.file.path,
    locate: aliases.locate,
  });
  return made({ names: linked.names, concepts: named }, [...linked.diagnostics, ...stale]);
}

/** Ids: every locked id is still published, or migrated; and the package's version is the dataset's. */
export function checkAllIds(
  v: Reads<'input' | 'annotations' | 'lock' | 'concepts' | 'records' | 'rulings' | 'inducements' | 'leagues' | 'parsed'>,
): Step<Reads<'ids'>> {
  const { input, annotations, lock } = v;
  const { manifest, migrations } = annotations;
  const ids = { published: publishedIds(v), locked: lock?.entries ?? [] };
  const base = baseEditions(v.parsed);
  const diagnostics = checkIds({
    lock: lock && input.lock ? { file: input.lock.path, entries: lock.entries } : null,
    published: ids.published,
    migrations: migrations.value.migrations,
    migrationsFile: migrations.file.path,
    locateMigration: (index, key) => migrations.locate(key ? ['migrations', index, key] : ['migrations', index]),
    datasetVersion: manifest.value.dataset.version,
    records: { now: recordShapes(v.records), ...(input.previous ? { before: recordShapes(input.previous) } : {}) },
    conceptOfRecord: (id) => (base.has(id.slice(0, id.indexOf('/'))) ? id.slice(id.indexOf('/') + 1) : null),
  });
  if (input.packageVersion && input.packageVersion !== manifest.value.dataset.version) {
    diagnostics.push({
      reason: `package.json says version ${input.packageVersion}, the manifest's dataset says ${manifest.value.dataset.version}: the package and its data would disagree`,
      file: input.manifest.path,
      place: manifest.locate(['dataset', 'version']),
      ruleId: 'manifest/version-mismatch',
      source: 'validate',
      fatal: true,
      expected: 'the same version in both (nuffle release writes both)',
    });
  }
  return made({ ids }, diagnostics);
}

/** The compulsory skills and traits: every obligation the rule text states is reviewed. */
export function checkCompulsory({ annotations, records, where }: Reads<'annotations' | 'records' | 'where'>): Step<object> {
  const { compulsory } = annotations;
  return made(
    {},
    checkObligations({
      records,
      linesOf: where.linesOf,
      fileOf: where.fileOf,
      reviews: compulsory.value.reviewed,
      reviewFile: compulsory.file.path,
      locateReview: (index) => compulsory.locate(['reviewed', index]),
    }),
  );
}

/** The dataset's content, every data file validated against its schema. */
export function validateData(
  v: Reads<
    'annotations' | 'validator' | 'sources' | 'parsed' | 'records' | 'rulings' | 'randomTables' | 'concepts' | 'crosswalk' | 'inducements' | 'leagues' | 'names'
  >,
): Step<Reads<'editions' | 'content'>> {
  const { dataset } = v.annotations.manifest.value;
  const editions = editionsOf(v);
  const content = {
    datasetVersion: dataset.version,
    schemaVersion: dataset.schemaVersion,
    releaseDate: dataset.released ?? null,
    sources: v.sources,
    editions,
    skills: v.records,
    rulings: v.rulings,
    randomTables: v.randomTables,
    concepts: v.concepts,
    crosswalk: v.crosswalk,
    inducements: v.inducements,
    leagues: v.leagues,
    migrations: v.annotations.migrations.value.migrations,
    names: v.names,
  };
  const data = dataFilesOf(content);
  const diagnostics = Object.entries(DATA_FILES).flatMap(([path, schema]) =>
    v.validator.validate(schema, data[path as keyof typeof data], `dist/data/${path}`),
  );
  return made({ editions, content }, diagnostics);
}

/** Emit the JSON files, and validate what is about to be written. */
export function emit({ input, content, validator }: Reads<'input' | 'content' | 'validator'>): Step<Reads<'files'>> {
  const { files } = emitJson(content, input.schemas);
  const written: [string, string][] = [
    ...Object.entries(DATA_FILES),
    ...[...editionSkillFiles(content.skills).keys()].map((path): [string, string] => [path, DATA_FILES['skills.json']]),
  ];
  const diagnostics = written.flatMap(([path, schema]) => validator.validate(schema, JSON.parse(files.get(path)!), `dist/data/${path}`));
  // Each release's changes (sources/releases/), checked against changes.schema.json.
  const changes = emitReleaseChanges(input.releases ?? [], content.datasetVersion, (schema, value, file) => validator.validate(schema, value, file));
  for (const [path, text] of changes.files) files.set(path, text);
  return made({ files }, [...diagnostics, ...changes.diagnostics]);
}

/** Release artefacts: the SQLite database, minified copies, the data package, meta.json, checksums. */
export function emitRelease({
  content,
  validator,
  annotations,
  files: json,
}: Reads<'content' | 'validator' | 'annotations' | 'files'>): Step<Reads<'files' | 'assets'>> {
  const diagnostics: Diagnostic[] = [];
  const tables = { ...content, meta: content };
  const assets = new Map<string, Uint8Array>([[SQLITE_FILE, emitSqlite(tables)]]);
  const files = new Map(json);
  const everything = () => new Map<string, string | Uint8Array>([...files, ...assets]);
  for (const [path, text] of minifiedFiles(files)) files.set(path, text);
  for (const [path, text] of csvFiles(tables)) files.set(path, text);
  const digestOf = new Map(content.sources.map((s) => [s.id, s.sha256]));
  const dataPackage = emitDataPackage({
    datasetVersion: content.datasetVersion,
    schemaVersion: content.schemaVersion,
    sources: annotations.manifest.value.sources.map((s) => ({
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
  return made({ files, assets }, diagnostics);
}

/** A failed build: no files, its diagnostics sorted, and the model and ids it got as far as. */
export function failed(so: Partial<Reads<'model' | 'ids'>>, diagnostics: readonly Diagnostic[]): BuildResult {
  return {
    files: new Map(),
    assets: new Map(),
    diagnostics: sortDiagnostics([...diagnostics]),
    summary: null,
    model: so.model ?? null,
    ids: so.ids ?? { published: [], locked: [] },
  };
}

/** A finished build: its files and what it says of itself. */
export function finished(
  { files, assets, editions, content, model, ids }: Reads<'files' | 'assets' | 'editions' | 'content' | 'model' | 'ids'>,
  diagnostics: readonly Diagnostic[],
): BuildResult {
  return {
    files,
    assets,
    diagnostics: sortDiagnostics([...diagnostics]),
    summary: { datasetVersion: content.datasetVersion, editions, randomTables: content.randomTables.length, files: files.size + assets.size },
    model,
    ids,
  };
}

/** Every id the build publishes, by kind. */
function publishedIds({
  concepts,
  records,
  rulings,
  inducements,
  leagues,
}: Reads<'concepts' | 'records' | 'rulings' | 'inducements' | 'leagues'>): BuildResult['ids']['published'] {
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
function editionsOf({ parsed, records, inducements }: Reads<'parsed' | 'records' | 'inducements'>): Edition[] {
  return parsed
    .map(({ source, sha256, result }) => ({
      id: source.edition.id,
      label: source.edition.label,
      year: source.edition.year,
      circa: source.edition.circa ?? false,
      status: source.edition.status,
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
function baseEditions(parsed: readonly ParsedSource[]): Set<string> {
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
