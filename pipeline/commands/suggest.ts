/**
 * `nuffle suggest`: rank candidate concepts for the records the crosswalk
 * does not link. Three modes, one function each, over one scope
 * (`SuggestScope`): `--evaluate` measures the engine (`printEvaluation`),
 * `--write` appends draft rows (`writeDrafts`), and by default the ranking is
 * printed (`printRankings`).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { LinkedModel } from '../build.ts';
import type { UnlinkedRecord } from '../link/crosswalk.ts';
import { repoRoot, writeFileAtomically } from '../io.ts';
import { CROSSWALK_PATH } from '../model/paths.ts';
import { type CommandSpec, parseCommand, usageError } from './args.ts';
import { readProjectOrReport, report } from './project.ts';

export const SUGGEST = {
  name: 'suggest',
  title: 'rank candidate concepts for records the crosswalk does not link',
  usage: 'nuffle suggest [--source ID] [--all] [--top N] [--evaluate] [--write] [--root DIR]',
  options: [
    { name: 'source', type: 'string', value: 'ID', help: 'Only records of this source (an id from sources/manifest.yaml)' },
    { name: 'all', type: 'boolean', help: 'Rank every record of the source(s), linked or not (English 2020 records define concepts and are left out)' },
    { name: 'top', type: 'string', value: 'N', help: 'How many candidates to print per record (default 3)' },
    {
      name: 'evaluate',
      type: 'boolean',
      help: 'Measure the engine against the curated crosswalk, leave-one-out: top-1 and top-3 accuracy per source,\nand the threshold below which --write drafts a rule of its own',
    },
    {
      name: 'write',
      type: 'boolean',
      help: 'Append a draft row (top candidate, score, evidence, declaredBy: suggestion) for every\nunlinked record to sources/annotations/crosswalk.yaml; below the threshold --evaluate\ncalibrates, the draft is a rule of its own (relation: new, no concept); builds report\ndrafts until reviewed',
    },
    { name: 'root', type: 'string', value: 'DIR', help: 'Project root (default: this repository)' },
  ],
  notes: `Scores combine name similarity (character trigrams, French game terms translated by
sources/annotations/glossary.yaml), text similarity (TF-IDF cosine) and mechanics
fingerprints (dice, numbers, game terms). Each candidate lists the evidence that drove it.`,
} as const satisfies CommandSpec;

/** What every mode reads: the linked model, the asked source, and the sources' roles. */
interface SuggestScope {
  model: LinkedModel;
  inScope: (source: string) => boolean;
  /** Sources whose records define the concepts (English 2020): never ranked. */
  base: ReadonlySet<string>;
  /** Sources whose records have no names (the alternative trait wording). */
  unnamed: ReadonlySet<string>;
  /** The file of each source, for `file:line` locations. */
  fileOf: ReadonlyMap<string, string>;
}

export async function runSuggestCommand(argv: readonly string[]): Promise<number> {
  const parsed = parseCommand(SUGGEST, argv);
  if ('exit' in parsed) return parsed.exit;
  const { values } = parsed;
  const top = values.top === undefined ? 3 : Number(values.top);
  if (!Number.isInteger(top) || top < 1) return usageError('suggest', `--top takes a whole number ≥ 1; got "${values.top}"`);
  if (values.write === true && values.all === true) return usageError('suggest', '--write drafts rows for unlinked records only; drop --all');
  const root = resolve(values.root ?? repoRoot);
  const input = readProjectOrReport(root);
  if (!input) return 1;
  const result = (await import('../build.ts')).buildDataset(input);
  if (!result.model) {
    report(result, 'suggest');
    return 1;
  }
  const scope = await suggestScope(result.model, values.source);
  if (typeof scope === 'string') return usageError('suggest', scope);
  if (values.evaluate === true) return printEvaluation(scope);
  const items = await itemsToRank(scope, values.all === true);
  if (items.length === 0) {
    console.log(`Every record${values.source ? ` of ${values.source}` : ''} is linked. Use --all to rank them anyway, or --evaluate to measure the engine.`);
    return 0;
  }
  return values.write === true ? writeDrafts(scope, items, root) : printRankings(scope, items, top);
}

/** The scope of `--source` (every source without it), or why the source is not one. */
async function suggestScope(model: LinkedModel, source: string | undefined): Promise<SuggestScope | string> {
  const known = model.sources.map((s) => s.id);
  if (source !== undefined && !known.includes(source)) return `unknown source "${source}"; sources: ${known.join(', ')}`;
  const { BASE_PARSER } = await import('../model/dataset.ts');
  return {
    model,
    inScope: (id) => source === undefined || id === source,
    base: new Set(model.sources.filter((s) => s.parser === BASE_PARSER).map((s) => s.id)),
    unnamed: new Set(model.sources.filter((s) => s.parser === 'traits-alt').map((s) => s.id)),
    fileOf: new Map(model.sources.map((s) => [s.id, s.file])),
  };
}

/** The unlinked records of the scope; with `--all`, every record of it, each ranked as if it had no row. */
async function itemsToRank(scope: SuggestScope, all: boolean): Promise<UnlinkedRecord[]> {
  const { model, inScope, base, unnamed } = scope;
  const unlinked = model.unlinked.filter((u) => inScope(u.source));
  if (!all) return unlinked;
  const { unlinkedRecord } = await import('../link/crosswalk.ts');
  const everyRecord = model.records
    .filter((r) => !base.has(r.source.id) && inScope(r.source.id))
    .map((r) => unlinkedRecord(r, { named: !unnamed.has(r.source.id) }));
  return [...everyRecord, ...unlinked.filter((u) => u.record === null)];
}

/** `--evaluate`: the engine's leave-one-out accuracy against the curated crosswalk, per source. */
async function printEvaluation(scope: SuggestScope): Promise<number> {
  const { model } = scope;
  const { CALIBRATION_PRECISION, evaluateSuggestions } = await import('../link/evaluate.ts');
  const results = evaluateSuggestions(model.records, model.crosswalk, model.concepts, model.glossary, new Set(scope.unnamed)).filter((r) =>
    scope.inScope(r.source),
  );
  console.log('Leave-one-out evaluation of `nuffle suggest` against sources/annotations/crosswalk.yaml');
  console.log('(each editor row: hide the record, rank every concept by its other records)\n');
  const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : 'n/a');
  for (const r of results) {
    console.log(`${r.source}: ${r.rows} rows, ${r.evaluated} rankable (${r.ownConcept} with a concept of their own: new/removed/replaced)`);
    console.log(`  top-1 ${r.top1}/${r.evaluated} = ${pct(r.top1, r.evaluated)}   top-3 ${r.top3}/${r.evaluated} = ${pct(r.top3, r.evaluated)}`);
    console.log(
      `  threshold ${r.threshold?.toFixed(2) ?? 'none'}: from this score the top candidate was right in ${Math.round(CALIBRATION_PRECISION * 100)} % or more of the rows (${r.outcomes.length} scored); below it, suggest --write drafts a rule of its own`,
    );
    for (const miss of r.misses) console.log(`  miss ${miss.record}: expected ${miss.expected}, ranked ${miss.ranked.join(', ')}`);
  }
  return 0;
}

/** `--write`: a draft row per unlinked record (its top candidate, or a rule of its own below the source's calibrated threshold), appended to the crosswalk file. */
async function writeDrafts(scope: SuggestScope, items: readonly UnlinkedRecord[], root: string): Promise<number> {
  const { model } = scope;
  const { createSuggesterFor } = await import('../link/crosswalk.ts');
  const { appendDraftRows, draftRow } = await import('../link/draft-rows.ts');
  const thresholds = await calibratedThresholds(scope);
  const linked = new Map(model.crosswalk.map((row) => [row.record, row]));
  const conceptById = new Map(model.concepts.map((c) => [c.id, c]));
  const baseConcepts = new Set(model.records.filter((r) => scope.base.has(r.source.id)).map((r) => r.concept));
  const drafts = items.map((item) => {
    const best = createSuggesterFor(model.concepts, model.records, linked, model.glossary)(item.query)[0];
    const threshold = thresholds(item.source);
    const row = draftRow({
      item,
      best,
      conceptName: best ? (conceptById.get(best.concept)?.name ?? best.concept) : '',
      baseConcept: best ? baseConcepts.has(best.concept) : false,
      threshold,
    });
    const own = row.concept === undefined ? `, a rule of its own: no concept scores ${threshold?.toFixed(2) ?? 'enough'}` : '';
    return { row, comment: `${scope.fileOf.get(item.source)}:${item.line} ${item.label}: suggested${own}, not reviewed` };
  });
  writeFileAtomically(root, CROSSWALK_PATH, appendDraftRows(readFileSync(join(root, CROSSWALK_PATH), 'utf8'), drafts));
  for (const { row } of drafts) {
    const what = row.record ?? `${row.source}: ${row.name}`;
    console.log(row.concept ? `drafted ${what} → ${row.concept} (score ${row.score})` : `drafted ${what} as a rule of its own (${row.rationale})`);
  }
  console.log(`${drafts.length} draft row${drafts.length === 1 ? '' : 's'} appended to ${CROSSWALK_PATH}; each is reported by the build until reviewed`);
  return 0;
}

/** The threshold of each source, calibrated on the reviewed rows (`--evaluate`), whatever `--source` asked for. */
async function calibratedThresholds(scope: SuggestScope): Promise<(source: string) => number | null> {
  const { model } = scope;
  const { evaluateSuggestions, thresholdFor } = await import('../link/evaluate.ts');
  const results = evaluateSuggestions(model.records, model.crosswalk, model.concepts, model.glossary, new Set(scope.unnamed));
  return (source) => thresholdFor(results, source);
}

/** The default: each record's `top` candidates, with their scores and evidence. */
async function printRankings(scope: SuggestScope, items: readonly UnlinkedRecord[], top: number): Promise<number> {
  const { model } = scope;
  const { createSuggesterFor } = await import('../link/crosswalk.ts');
  const linked = new Map(model.crosswalk.map((row) => [row.record, row]));
  for (const item of items) {
    const exclude = new Set(item.record ? [item.record] : []);
    const ranked = createSuggesterFor(model.concepts, model.records, linked, model.glossary, exclude)(item.query);
    const current = item.record ? linked.get(item.record)?.concept : undefined;
    console.log(`${scope.fileOf.get(item.source)}:${item.line} ${item.label}${current ? ` (linked to ${current})` : ' (not linked)'}`);
    ranked.slice(0, top).forEach((s, n) => {
      console.log(
        `  ${n + 1}. ${s.concept.padEnd(22)} ${s.score.toFixed(2)}  name ${s.name.toFixed(2)} text ${s.text.toFixed(2)} mechanics ${s.mechanics.toFixed(2)}  [${s.evidence.join('; ')}]`,
      );
    });
  }
  return 0;
}
