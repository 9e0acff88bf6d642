/**
 * The orchestrator: sources → parse → link → validate → emit. A pure
 * function of its inputs (texts and schemas); the CLI does all I/O. Every
 * stage returns diagnostics; if any is fatal, no files are returned.
 */
import { sortDiagnostics, type Diagnostic } from './model/diagnostic.ts';
import { ERRATA_PATH } from './model/paths.ts';
import type { StageMemo } from './cache/memo.ts';
import type { SchemaFile } from './model/generate-types.ts';
import type { ParseResult } from './model/parse-result.ts';
import type { Concept, CrosswalkRow, Edition, Erratum, GlossaryTerm, ManifestSource, MentionRules, RandomTable, Ruling, Skill } from './model/schema-types.ts';
import type { UnlinkedRecord } from './link/crosswalk.ts';
import { linkRulings } from './link/rulings.ts';
import { applyErrata } from './parse/errata.ts';
import { withMarkdownMemo } from './parse/markdown.ts';
import { PARSERS } from './parse/parsers.ts';
import type { LockedId, PublishedId } from './validate/ids.ts';
import { buildRandomTables } from './validate/random-tables.ts';
import {
  Build,
  checkAllIds,
  checkCompulsory,
  checkStrings,
  checkTables,
  compileSchemas,
  emit,
  emitRelease,
  failed,
  finished,
  link,
  linkAliases,
  linkAllInducements,
  parse,
  readCurated,
  validateData,
  type Stage,
} from './build/stages.ts';

export interface TextFile {
  /** Path relative to the project root. */
  path: string;
  text: string;
}

export interface BuildInput {
  manifest: TextFile;
  /** Raw sources as bytes, by path relative to the project root (`sources/raw/…`). Digests are of these bytes. */
  raw: ReadonlyMap<string, Uint8Array>;
  annotations: {
    errata: TextFile;
    mentions: TextFile;
    crosswalk: TextFile;
    glossary: TextFile;
    inducements: TextFile;
    compulsory: TextFile;
    migrations: TextFile;
    aliases?: TextFile;
    randomTables?: TextFile;
  };
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
   * Results of per-file stages from earlier builds (cache/memo.ts): a YAML
   * file, a source or a plain text whose inputs are unchanged is recalled,
   * not recomputed; what this build computes is remembered. Optional: the
   * result is the same with or without it.
   */
  memo?: StageMemo;
  /** Filled, when given, with each stage's time in milliseconds, by stage name: what `--watch` shows. */
  timings?: Map<string, number>;
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

export { PARSERS } from './parse/parsers.ts';
export { limitsOf } from './build/stages.ts';

export {
  COMPULSORY_PATH,
  CROSSWALK_PATH,
  ERRATA_PATH,
  GLOSSARY_PATH,
  INDUCEMENTS_PATH,
  LOCK_PATH,
  MANIFEST_PATH,
  MENTIONS_PATH,
  MIGRATIONS_PATH,
  ALIASES_PATH,
} from './model/paths.ts';

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

/**
 * The pipeline: each stage in order, named and timed, on one build. A stage
 * that fails stops the build, which then returns its diagnostics and no files.
 */
export const STAGES: readonly (readonly [name: string, stage: Stage])[] = [
  ['compile schemas', compileSchemas],
  ['read annotations', readCurated],
  ['parse', parse],
  ['check strings', checkStrings],
  ['link concepts', link],
  ['link inducements', linkAllInducements],
  ['check random tables', checkTables],
  ['link aliases', linkAliases],
  ['check ids', checkAllIds],
  ['check compulsory', checkCompulsory],
  ['validate data', validateData],
  ['emit json', emit],
  ['emit release', emitRelease],
];

function compile(input: BuildInput): BuildResult {
  const build = new Build(input);
  for (const [name, stage] of STAGES) {
    const started = performance.now();
    const outcome = stage(build);
    input.timings?.set(name, performance.now() - started);
    if (outcome === 'stop') return failed(build);
  }
  return finished(build);
}
