/**
 * The orchestrator: sources → parse → link → validate → emit. A pure
 * function of its inputs (texts and schemas); the CLI does all I/O. Every
 * stage returns diagnostics; if any is fatal, no files are returned.
 */
import { BASE_PARSER } from './model/dataset.ts';
import { sortDiagnostics, type Diagnostic } from './model/diagnostic.ts';
import { ERRATA_PATH } from './model/paths.ts';
import type { ParseResult } from './model/parse-result.ts';
import type { Erratum, ManifestSource, MentionRules, RandomTable, Ruling, Skill } from './model/schema-types.ts';
import type { BuildInput, BuildResult } from './build/types.ts';
import { linkRulings } from './link/rulings.ts';
import { applyErrata } from './parse/errata.ts';
import { withMarkdownMemo } from './model/markdown.ts';
import { PARSERS } from './parse/parsers.ts';
import { buildRandomTables } from './validate/random-tables.ts';
import {
  checkAllIds,
  checkCompulsory,
  checkCuratedIdsStage,
  checkEditions,
  checkMeaning,
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
} from './build/stages.ts';
import { Pipeline } from './build/pipeline.ts';

export type { BuildInput, BuildResult, LinkedModel } from './build/types.ts';
export { PARSERS } from './parse/parsers.ts';

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
  const tables = buildRandomTables(
    linked.records,
    result.slotLines,
    () => source.file,
    source.parser === BASE_PARSER ? new Set([source.edition.id]) : new Set(),
  );
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
 * The pipeline: each stage in order, named and timed, each reading what the
 * stages before it made (typed: a stage listed before what it reads does not
 * type-check). A stage that fails stops the build, which then returns its
 * diagnostics and no files; so do the stages marked `stopOnErrors` when any
 * diagnostic so far is an error.
 */
export const STAGES = Pipeline.from<{ input: BuildInput }>()
  .pipe('compile schemas', compileSchemas)
  .pipe('read annotations', readCurated)
  .pipe('check curated ids', checkCuratedIdsStage, { stopOnErrors: true })
  .pipe('check editions', checkEditions)
  .pipe('parse', parse)
  .pipe('check strings', checkStrings)
  .pipe('link concepts', link)
  .pipe('link inducements', linkAllInducements)
  .pipe('check random tables', checkTables)
  .pipe('check meaning', checkMeaning)
  .pipe('link aliases', linkAliases)
  .pipe('check ids', checkAllIds)
  .pipe('check compulsory', checkCompulsory)
  .pipe('validate data', validateData, { stopOnErrors: true })
  .pipe('emit json', emit, { stopOnErrors: true })
  .pipe('emit release', emitRelease, { stopOnErrors: true });

function compile(input: BuildInput): BuildResult {
  const run = STAGES.run({ input }, input.timings);
  return run.done ? finished(run.made, run.diagnostics) : failed(run.made, run.diagnostics);
}
