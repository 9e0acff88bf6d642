/**
 * The orchestrator: sources → parse → link → validate → emit. A pure
 * function of its inputs (texts and schemas); the CLI does all I/O. Every
 * stage returns diagnostics; if any is fatal, no files are returned.
 */
import { memoKey, type StageMemo } from './model/memo.ts';
import { byId } from './model/order.ts';
import { ERRATA_PATH, RANDOM_TABLES_PATH } from './model/paths.ts';
import { hasErrors, sortDiagnostics, type Diagnostic } from './model/diagnostic.ts';
import type { SchemaFile } from './model/generate-types.ts';
import type {
  AcceptedCharacter,
  CompulsoryReviews,
  MigrationAnnotations,
  RandomTableAnnotations,
  Concept,
  CrosswalkAnnotations,
  Inducement,
  InducementAnnotations,
  League,
  CrosswalkRow,
  Edition,
  Erratum,
  GlossaryTerm,
  ManifestSource,
  MentionRules,
  RandomTable,
  Ruling,
  Skill,
  SourceManifest,
} from './model/schema-types.ts';
import { emitJson, emitMeta, DATA_FILES } from './emit/json.ts';
import { checksumFiles, emitDataPackage, minifiedFiles } from './emit/release.ts';
import { emitSqlite, SQLITE_FILE } from './emit/sqlite.ts';
import { linkRulings } from './link/rulings.ts';
import { applyErrata } from './parse/errata.ts';
import { parseSources } from './parse/sources.ts';
import { parseEn2020 } from './parse/en-2020.ts';
import type { ParseResult } from './model/parse-result.ts';
import { parseFrLegacy } from './parse/fr-legacy.ts';
import { parseTraitsAlt } from './parse/traits-alt.ts';
import { parseInducementNotes } from './parse/inducements.ts';
import { linkInducements } from './link/inducements.ts';
import { createNameResolver } from './link/names.ts';
import { createFinderWithRules } from './link/mentions.ts';
import { linkConcepts, type UnlinkedRecord } from './link/crosswalk.ts';
import { parseYaml, type ParsedYaml } from './parse/yaml.ts';
import { withMarkdownMemo } from './parse/markdown.ts';
import type { SourceInput } from './model/source.ts';
import { checkIntegrity } from './validate/integrity.ts';
import { checkObligations } from './validate/compulsory.ts';
import { checkIds, parseLock, type LockedId, type PublishedId, type RecordShape } from './validate/ids.ts';
import { checkKeptIds, keepIds } from './link/kept-ids.ts';
import { buildRandomTables } from './validate/random-tables.ts';
import { createValidator, SchemaError, type Validator } from './validate/schemas.ts';
import { checkAnnotationStrings, checkSourceStrings, staleAcceptances, type Limits, type SourceStrings } from './validate/strings.ts';

export interface TextFile {
  /** Path relative to the project root. */
  path: string;
  text: string;
}

export interface BuildInput {
  manifest: TextFile;
  /** Raw sources as bytes, by path relative to the project root (`sources/raw/…`). Digests are of these bytes. */
  raw: ReadonlyMap<string, Uint8Array>;
  annotations: { errata: TextFile; mentions: TextFile; crosswalk: TextFile; glossary: TextFile; inducements: TextFile; compulsory: TextFile; migrations: TextFile; randomTables?: TextFile };
  /** sources/ids.lock, or null when the project has none yet. */
  lock: TextFile | null;
  /** The `version` of the project's package.json, which must be the manifest's dataset version; null when there is none (a copy of sources/ only). */
  packageVersion?: string | null;
  /**
   * The records of the previous build (its dist/data/skills.json), if any:
   * evidence for rename hints when a locked id disappears. It changes only
   * the wording of a failed build's diagnostics, never a result.
   */
  previous?: readonly Skill[];
  /** `--strict`: crosswalk rows written by `nuffle suggest --write` and not reviewed yet are errors, not warnings. */
  strict?: boolean;
  schemas: readonly SchemaFile[];
  /**
   * Results of per-file stages from earlier builds (model/memo.ts): a YAML
   * file, a source or a plain text whose inputs are unchanged is recalled,
   * not recomputed; what this build computes is remembered. Optional: the
   * result is the same with or without it.
   */
  memo?: StageMemo;
}

export interface BuildSummary {
  /** The dataset version built (the manifest's). */
  datasetVersion: string;
  editions: Edition[];
  randomTables: number;
  files: number;
}

export interface BuildResult {
  /** Text files for dist/data, by path relative to it; empty when the build failed. */
  files: Map<string, string>;
  /** Binary files for dist/data (the SQLite database); empty when the build failed. */
  assets: Map<string, Uint8Array>;
  diagnostics: Diagnostic[];
  summary: BuildSummary | null;
  /** Every id the build publishes, and the lock's entries: what `--update-lock` writes. */
  ids: { published: PublishedId[]; locked: LockedId[] };
  /** The linked model, also when the build failed after linking: what `nuffle suggest` works on. */
  model: LinkedModel | null;
}

export interface LinkedModel {
  records: Skill[];
  concepts: Concept[];
  crosswalk: CrosswalkRow[];
  unlinked: UnlinkedRecord[];
  glossary: GlossaryTerm[];
  sources: ManifestSource[];
}

type Parser = (input: SourceInput) => ParseResult;

/** Parser modules by manifest `parser` name. */
export const PARSERS: Readonly<Record<string, Parser>> = {
  'en-2020': parseEn2020,
  'traits-alt': parseTraitsAlt,
  'fr-legacy': parseFrLegacy,
  inducements: parseInducementNotes,
};

export { COMPULSORY_PATH, CROSSWALK_PATH, ERRATA_PATH, GLOSSARY_PATH, INDUCEMENTS_PATH, LOCK_PATH, MANIFEST_PATH, MENTIONS_PATH, MIGRATIONS_PATH } from './model/paths.ts';

export interface CompiledSource {
  records: Skill[];
  rulings: Ruling[];
  randomTables: RandomTable[];
  diagnostics: Diagnostic[];
  slotLines: ParseResult['slotLines'];
}

/**
 * One source through parse and link, plus its random-table check: what the
 * fixture tests run. `errata` are already applied to `lines`.
 */
export function compileSource(source: ManifestSource, text: string, errata: readonly Erratum[], mentions: MentionRules): CompiledSource {
  const parser = PARSERS[source.parser];
  if (!parser) throw new Error(`no parser ${source.parser}`);
  const patched = applyErrata(source.id, source.file, text, errata, ERRATA_PATH, () => null);
  const result = parser({ manifest: source, lines: patched.lines, errata: patched.applied });
  const linked = linkRulings(result.records, result.rulings, mentions);
  const tables = buildRandomTables(linked.records, result.slotLines, () => source.file, source.parser === 'en-2020' ? new Set([source.edition.id]) : new Set());
  return {
    records: linked.records,
    rulings: linked.rulings,
    randomTables: tables.tables,
    diagnostics: sortDiagnostics([...patched.diagnostics, ...result.diagnostics, ...tables.diagnostics]),
    slotLines: result.slotLines,
  };
}

export function buildDataset(input: BuildInput): BuildResult {
  // Markdown rendered and read by any stage of this build is recalled from, and remembered in, its memo.
  return withMarkdownMemo(input.memo, () => compile(input));
}

function compile(input: BuildInput): BuildResult {
  const diagnostics: Diagnostic[] = [];
  let model: LinkedModel | null = null;
  const ids: BuildResult['ids'] = { published: [], locked: [] };
  const fail = (): BuildResult => ({ files: new Map(), assets: new Map(), diagnostics: sortDiagnostics(diagnostics), summary: null, model, ids });
  let validator: Validator;
  try {
    validator = createValidator(input.schemas);
  } catch (cause) {
    const problem = cause instanceof SchemaError ? cause : null;
    diagnostics.push({
      reason: `A schema cannot be compiled: ${(cause as Error).message}`,
      file: problem ? `schema/${problem.path}` : 'schema',
      place: null,
      ruleId: 'schema/broken',
      source: 'validate',
      fatal: true,
    });
    return fail();
  }

  // Curated inputs: YAML → value, validated against schema/input/.
  const manifest = readYaml<SourceManifest>(input.manifest, 'input/manifest.schema.json', validator, diagnostics, input.memo);
  const errata = readYaml<{ errata: Erratum[]; accepted?: AcceptedCharacter[] }>(input.annotations.errata, 'input/errata.schema.json', validator, diagnostics, input.memo);
  const mentions = readYaml<MentionRules>(input.annotations.mentions, 'input/mentions.schema.json', validator, diagnostics, input.memo);
  const crosswalkFile = readYaml<CrosswalkAnnotations>(input.annotations.crosswalk, 'input/crosswalk.schema.json', validator, diagnostics, input.memo);
  const glossary = readYaml<{ terms: GlossaryTerm[] }>(input.annotations.glossary, 'input/glossary.schema.json', validator, diagnostics, input.memo);
  const inducementFile = readYaml<InducementAnnotations>(input.annotations.inducements, 'input/inducements.schema.json', validator, diagnostics, input.memo);
  const compulsoryFile = readYaml<CompulsoryReviews>(input.annotations.compulsory, 'input/compulsory.schema.json', validator, diagnostics, input.memo);
  const migrationFile = readYaml<MigrationAnnotations>(input.annotations.migrations, 'input/migrations.schema.json', validator, diagnostics, input.memo);
  // Optional: a project without it declares no vacant slot.
  const slotFile = input.annotations.randomTables ? readYaml<RandomTableAnnotations>(input.annotations.randomTables, 'input/random-tables.schema.json', validator, diagnostics, input.memo) : { value: { slots: [] }, locate: () => null };
  if (!manifest || !errata || !mentions || !crosswalkFile || !glossary || !inducementFile || !compulsoryFile || !migrationFile || !slotFile) return fail();

  // Parse every source (digest, decode, errata, parser).
  const { sources, parsed, diagnostics: parseDiagnostics } = parseSources({
    manifest: manifest.value,
    manifestPath: input.manifest.path,
    locateManifest: manifest.locate,
    raw: input.raw,
    errata: errata.value.errata,
    errataPath: input.annotations.errata.path,
    locateErratum: (n) => errata.locate(['errata', n])?.line ?? null,
    parsers: PARSERS,
    ...(input.memo ? { memo: input.memo, errataKey: memoKey(input.annotations.errata.path, input.annotations.errata.text) } : {}),
  });
  diagnostics.push(...parseDiagnostics);
  // Ids kept through a rename (migrations.yaml `keep`): every later stage sees the published id.
  const keep = migrationFile.value.keep ?? [];
  const keptUsed = new Set<number>();
  for (const entry of parsed) {
    const kept = keepIds({ edition: entry.source.edition.id, result: entry.result, keep });
    entry.result = kept.result;
    for (const index of kept.used) keptUsed.add(index);
  }
  diagnostics.push(
    ...checkKeptIds(keep, keptUsed, parsed.flatMap(({ result }) => result.records.map((r) => r.id)), input.annotations.migrations.path, (index, key) =>
      migrationFile.locate(key ? ['keep', index, key] : ['keep', index]),
    ),
  );

  // Names and text as the sources and annotations give them: no hidden character, no look-alike name, no
  // name or id beyond the schemas' maxLength, each at its line. A build stops here when one is wrong:
  // what linking would say about such a name (an unknown concept, an id gone) only repeats it.
  const limits = limitsOf(input.schemas);
  if (!limits) {
    diagnostics.push({
      reason: 'The schemas give names (skills.schema.json) or record ids (common.schema.json) no maxLength',
      file: 'schema/skills.schema.json',
      place: null,
      ruleId: 'schema/broken',
      source: 'validate',
      fatal: true,
    });
    return fail();
  }
  const fileOf = new Map(manifest.value.sources.map((source) => [source.id, source.file]));
  const linesOf = new Map(parsed.map(({ source, lines }) => [source.id, lines]));
  const sourceStrings: Omit<SourceStrings, 'records' | 'unnamed' | 'rulings' | 'inducements'> = {
    linesOf: (id) => linesOf.get(id),
    fileOf: (id) => fileOf.get(id) ?? input.manifest.path,
    accepted: errata.value.accepted ?? [],
    acceptedFile: input.annotations.errata.path,
    limits,
  };
  const parsedStrings = checkSourceStrings({
    ...sourceStrings,
    records: parsed.flatMap(({ result }) => result.records),
    unnamed: parsed.flatMap(({ result }) => result.unnamed),
    rulings: parsed.flatMap(({ result }) => result.rulings),
    inducements: [],
  });
  const yamlFiles = [
    [input.manifest, manifest],
    [input.annotations.errata, errata],
    [input.annotations.mentions, mentions],
    [input.annotations.crosswalk, crosswalkFile],
    [input.annotations.glossary, glossary],
    [input.annotations.inducements, inducementFile],
    [input.annotations.compulsory, compulsoryFile],
    [input.annotations.migrations, migrationFile],
    ...(input.annotations.randomTables ? ([[input.annotations.randomTables, slotFile]] as const) : []),
  ] as const;
  const stringProblems = [...parsedStrings.diagnostics, ...checkAnnotationStrings(yamlFiles.map(([file, read]) => ({ file: file.path, value: read.value, locate: read.locate })))];
  diagnostics.push(...stringProblems);
  if (hasErrors(stringProblems)) return fail();

  // Link: rulings to the records their questions name, then every record to its concept.
  const named: Skill[] = [];
  let rulings: Ruling[] = [];
  for (const { result } of parsed) {
    const linked = linkRulings(result.records, result.rulings, mentions.value);
    named.push(...linked.records);
    rulings.push(...linked.rulings);
  }
  rulings = rulings.sort(byId);
  const crosswalk = linkConcepts({
    records: named,
    unnamed: parsed.flatMap(({ result }) => result.unnamed),
    sources: manifest.value.sources,
    annotations: crosswalkFile.value,
    glossary: glossary.value.terms,
    file: input.annotations.crosswalk.path,
    locate: crosswalkFile.locate,
    strict: input.strict === true,
  });
  diagnostics.push(...crosswalk.diagnostics);
  const records = crosswalk.records;
  const { concepts, crosswalk: crosswalkRows } = crosswalk;
  model = { records, concepts, crosswalk: crosswalkRows, unlinked: crosswalk.unlinked, glossary: glossary.value.terms, sources: manifest.value.sources };

  // Inducement notes: named by annotations, skills resolved through the concepts.
  const resolveSkill = createNameResolver(concepts, records, mentions.value);
  const finder = createFinderWithRules(concepts.map((concept) => ({ id: concept.id, name: concept.name })), mentions.value);
  const inducements: Inducement[] = [];
  const leagues: League[] = [];
  for (const { source, result, errata: applied } of parsed) {
    if (!result.notes) continue;
    const linked = linkInducements({
      blocks: result.notes,
      source,
      errata: applied,
      annotations: inducementFile.value,
      file: input.annotations.inducements.path,
      locate: inducementFile.locate,
      resolveSkill,
      findMentions: (text) => [...new Set(finder(text).map((m) => m.id))],
      notNames: mentions.value.notNames,
    });
    diagnostics.push(...linked.diagnostics);
    inducements.push(...linked.inducements);
    leagues.push(...linked.leagues);
  }

  const inducementStrings = checkSourceStrings({ ...sourceStrings, records: [], unnamed: [], rulings: [], inducements });
  diagnostics.push(...inducementStrings.diagnostics);
  diagnostics.push(
    ...staleAcceptances(errata.value.accepted ?? [], new Set([...parsedStrings.acceptedUsed, ...inducementStrings.acceptedUsed]), input.annotations.errata.path, (index) => errata.locate(['accepted', index])),
  );

  // Validate: tables, cross-record integrity, then every file against its schema.
  const tables = buildRandomTables(
    records,
    parsed.flatMap(({ result }) => result.slotLines),
    (record) => fileOf.get(record.source.id) ?? input.manifest.path,
    new Set(parsed.filter(({ source }) => source.parser === 'en-2020').map(({ source }) => source.edition.id)),
    { slots: slotFile.value.slots, file: input.annotations.randomTables?.path ?? RANDOM_TABLES_PATH, locate: (index) => slotFile.locate(['slots', index])?.line ?? null },
  );
  diagnostics.push(...tables.diagnostics);
  diagnostics.push(...checkIntegrity(records, rulings, concepts, crosswalkRows));
  // Ids: every locked id is still published, or migrated.
  const migrations = migrationFile.value.migrations;
  ids.published = [
    ...concepts.map((c) => ({ kind: 'concept' as const, id: c.id })),
    ...records.map((r) => ({ kind: 'record' as const, id: r.id })),
    ...rulings.map((r) => ({ kind: 'ruling' as const, id: r.id })),
    ...inducements.map((r) => ({ kind: 'inducement' as const, id: r.id })),
    ...inducements.flatMap((r) => r.spells.map((s) => ({ kind: 'spell' as const, id: s.id }))),
    ...leagues.map((l) => ({ kind: 'league' as const, id: l.id })),
  ];
  const lock = input.lock ? parseLock(input.lock.text, input.lock.path) : null;
  ids.locked = lock?.entries ?? [];
  diagnostics.push(...(lock?.diagnostics ?? []));
  diagnostics.push(
    ...checkIds({
      lock: lock && input.lock ? { file: input.lock.path, entries: lock.entries } : null,
      published: ids.published,
      migrations,
      migrationsFile: input.annotations.migrations.path,
      locateMigration: (index, key) => migrationFile.locate(key ? ['migrations', index, key] : ['migrations', index]),
      datasetVersion: manifest.value.dataset.version,
      records: { now: recordShapes(records), ...(input.previous ? { before: recordShapes(input.previous) } : {}) },
    }),
  );
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
  diagnostics.push(
    ...checkObligations({
      records,
      linesOf: (id) => linesOf.get(id),
      fileOf: (id) => fileOf.get(id) ?? input.manifest.path,
      reviews: compulsoryFile.value.reviewed,
      reviewFile: input.annotations.compulsory.path,
      locateReview: (index) => compulsoryFile.locate(['reviewed', index]),
    }),
  );
  const editions: Edition[] = parsed
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
  const randomTables: RandomTable[] = tables.tables;
  const data = {
    'editions.json': editions,
    'skills.json': records,
    'rulings.json': rulings,
    'random-tables.json': randomTables,
    'concepts.json': concepts,
    'crosswalk.json': crosswalkRows,
    'inducements.json': inducements,
    'leagues.json': leagues,
    'migrations.json': migrations,
  };
  for (const [path, schema] of Object.entries(DATA_FILES)) {
    diagnostics.push(...validator.validate(schema, data[path as keyof typeof data], `dist/data/${path}`));
  }
  if (hasErrors(diagnostics)) return fail();

  // Emit, and validate what is about to be written.
  const content = {
    datasetVersion: manifest.value.dataset.version,
    schemaVersion: manifest.value.dataset.schemaVersion,
    sources,
    editions,
    skills: records,
    rulings,
    randomTables,
    concepts,
    crosswalk: crosswalkRows,
    inducements,
    leagues,
    migrations,
  };
  const { files } = emitJson(content, input.schemas);
  for (const [path, schema] of Object.entries(DATA_FILES)) {
    diagnostics.push(...validator.validate(schema, JSON.parse(files.get(path)!), `dist/data/${path}`));
  }
  if (hasErrors(diagnostics)) return fail();
  // Release artefacts: the SQLite database, minified copies, the data package, meta.json, checksums.
  const assets = new Map<string, Uint8Array>([[SQLITE_FILE, emitSqlite({ ...content, meta: content })]]);
  const everything = () => new Map<string, string | Uint8Array>([...files, ...assets]);
  for (const [path, text] of minifiedFiles(files)) files.set(path, text);
  const digestOf = new Map(sources.map((s) => [s.id, s.sha256]));
  const dataPackage = emitDataPackage({
    datasetVersion: content.datasetVersion,
    schemaVersion: content.schemaVersion,
    sources: manifest.value.sources.map((s) => ({ id: s.id, file: s.file, label: s.edition.label, lang: s.lang, note: s.note, sha256: digestOf.get(s.id) ?? '' })),
    files: everything(),
  });
  files.set('datapackage.json', dataPackage);
  diagnostics.push(...validator.validate('datapackage.schema.json', JSON.parse(dataPackage), 'dist/data/datapackage.json'));
  const { text: metaText, meta } = emitMeta(content, everything());
  diagnostics.push(...validator.validate('meta.schema.json', meta, 'dist/data/meta.json'));
  files.set('meta.json', metaText);
  files.set('meta.min.json', JSON.stringify(meta));
  for (const [path, text] of checksumFiles(everything())) files.set(path, text);
  if (hasErrors(diagnostics)) return fail();
  return {
    files,
    assets,
    diagnostics: sortDiagnostics(diagnostics),
    summary: { datasetVersion: manifest.value.dataset.version, editions, randomTables: randomTables.length, files: files.size + assets.size },
    model,
    ids,
  };
}

/** What rename detection compares of each record: name, kind, text and random-table slots. */
function recordShapes(records: readonly Skill[]): Map<string, RecordShape> {
  return new Map(records.map((r) => [r.id, { name: r.name, kind: r.kind, text: r.text, slots: r.randomSlots.map((s) => `${s.game} ${r.category} ${s.roll}·${s.d6}`) }]));
}

function readYaml<T>(
  file: TextFile,
  schema: string,
  validator: Validator,
  diagnostics: Diagnostic[],
  memo?: StageMemo,
): { value: T; locate: (path: readonly (string | number)[]) => { line: number; column?: number } | null } | null {
  const parsed = readYamlFile(file, memo);
  diagnostics.push(...parsed.diagnostics);
  if (parsed.diagnostics.length) return null;
  // A problem at the root (an empty file) has no node to point at: line 1.
  const problems = validator.validate(schema, parsed.value, file.path, (path) => parsed.locate(path) ?? { line: 1 });
  diagnostics.push(...problems);
  return problems.length ? null : { value: parsed.value as T, locate: parsed.locate };
}

/**
 * A YAML file through the parser, or its value from the memo. A recalled file
 * is parsed again only if a diagnostic asks where one of its nodes is.
 */
function readYamlFile(file: TextFile, memo: StageMemo | undefined): ParsedYaml {
  if (!memo) return parseYaml(file);
  const key = memoKey(file.path, file.text);
  const recalled = memo.recall('yaml', key) as { value: unknown } | undefined;
  if (recalled) {
    let parsed: ParsedYaml | undefined;
    return { value: recalled.value, diagnostics: [], locate: (path) => (parsed ??= parseYaml(file)).locate(path) };
  }
  const parsed = parseYaml(file);
  if (!parsed.diagnostics.length) memo.remember('yaml', key, { value: parsed.value });
  return parsed;
}

/** The published schemas' maxLength of a name (a record's) and of an id (a record id's): the one home of both limits. */
export function limitsOf(schemas: readonly SchemaFile[]): Limits | null {
  const schema = (path: string) => schemas.find((s) => s.path === path)?.schema as { $defs?: Record<string, { maxLength?: number; properties?: Record<string, { maxLength?: number }> }> } | undefined;
  const name = schema('skills.schema.json')?.$defs?.skill?.properties?.name?.maxLength;
  const id = schema('common.schema.json')?.$defs?.recordId?.maxLength;
  return name === undefined || id === undefined ? null : { name, id };
}
