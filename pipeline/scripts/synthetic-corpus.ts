/**
 * A synthetic corpus n times the size of the real one, for the scale series
 * of `npm run bench`: pure, BuildInput → BuildInput. Every source's entries
 * are copied n − 1 times after the real ones, each copy under a unique name
 * (`Syb Catch`, `Syc Catch`, …) with the errata already applied:
 * - English 2020 entries with their FAQ rulings, the questions made unique (a
 *   ruling is one per distinct question) and the random slots dropped
 *   (`Bloodbowlnone`, `Dungeonbowlnone`: every slot is taken by the original;
 *   the copy is filed as a trait, which no table lists). They define their own
 *   concepts, so they need no crosswalk rows.
 * - French entries and second-wording paragraphs, each with a copy of its
 *   crosswalk row (same concept and relation; the paragraph's `match` and
 *   name prefixed by the copy's word), appended to crosswalk.yaml.
 * The real lines keep their numbers, so errata and reviews still point where
 * they did.
 */
import { parse as parseYaml, stringify } from 'yaml';
import { buildDataset, type BuildInput } from '../build.ts';
import type { CrosswalkAnnotations, CrosswalkLink, CrosswalkRow, Erratum, ManifestSource, Skill } from '../model/schema-types.ts';
import { slugify } from '../model/slug.ts';
import { applyErrata } from '../parse/errata.ts';
import { EN2020_CATEGORIES } from '../parse/en-2020/index.ts';
import { splitDisplayName } from '../model/names.ts';

const MARKER = /^(Bloodbowl|Dungeonbowl)(.*)$/i;
const QUESTION = /^Q[:.]\s/;

export interface SyntheticCorpus {
  input: BuildInput;
  /**
   * Records the copies add: the build has this many more skills than the
   * real one. Each copy repeats every ruling of the English 2020 source, so
   * there are `factor` times as many rulings.
   */
  addedRecords: number;
  /** Crosswalk rows the copies add (French and second-wording records). */
  addedRows: number;
  factor: number;
}

/** `Sya`, `Syb`, … `Syz`, `Syba`, …: a capitalised word per copy. */
const copyWord = (k: number): string => {
  let n = k;
  let letters = '';
  do {
    letters = String.fromCharCode(97 + (n % 26)) + letters;
    n = Math.floor(n / 26);
  } while (n > 0);
  return `Sy${letters}`;
};

export function scaleCorpus(input: BuildInput, factor: number): SyntheticCorpus {
  if (!Number.isInteger(factor) || factor < 1) throw new Error(`scale factor must be a whole number ≥ 1, got ${factor}`);
  const manifest = parseYaml(input.manifest.text) as { sources: ManifestSource[] };
  const errata = (parseYaml(input.annotations.errata.text) as { errata: Erratum[] }).errata;
  const source = manifest.sources.find((s) => s.parser === 'en-2020');
  if (!source) throw new Error('no en-2020 source to scale');
  const bytes = input.raw.get(source.file);
  if (!bytes) throw new Error(`no raw text ${source.file}`);
  const text = new TextDecoder().decode(bytes);
  const lines = applyErrata(source.id, source.file, text, errata, input.annotations.errata.path, () => null).lines;

  // Entries: a name line followed by a category line (as the parser reads them), up to the next entry.
  const categories = new Set(Object.keys(EN2020_CATEGORIES));
  const starts: number[] = [];
  const isMarker = (line: string) => MARKER.test(line.trim());
  const isEntryStart = (i: number) => {
    const line = lines[i]!.trim();
    const next = lines[i + 1]?.trim() ?? '';
    return (
      line !== '' &&
      !isMarker(line) &&
      !QUESTION.test(line) &&
      !/^A:\s/.test(line) &&
      next !== '' &&
      (i === 0 || lines[i - 1]!.trim() === '' || isMarker(lines[i - 1]!)) &&
      categories.has(next)
    );
  };
  for (let i = 0; i < lines.length; i++) if (isEntryStart(i)) starts.push(i);
  const entries = starts.map((start, n) => lines.slice(start, starts[n + 1] ?? lines.length));

  const copies: string[] = [];
  for (let k = 1; k < factor; k++) {
    const word = copyWord(k);
    for (const entry of entries) {
      const { name } = splitDisplayName(entry[0]!);
      copies.push('');
      entry.forEach((line, index) => {
        if (index === 0) copies.push(line.replace(name, `${word} ${name}`));
        // Traits sit on no random table: the copy needs no slot.
        else if (index === 1) copies.push('Traits');
        else if (MARKER.test(line.trim())) copies.push(/^Bloodbowl/i.test(line.trim()) ? 'Bloodbowlnone' : 'Dungeonbowlnone');
        else if (QUESTION.test(line.trim())) copies.push(line.replace(/(^|\s)(Q[:.])\s+/g, `$1$2 In ${word}, `));
        else copies.push(line);
      });
    }
  }
  if (copies.length === 0) return { input, addedRecords: 0, addedRows: 0, factor };
  const raw = new Map(input.raw);
  // The real text first, unchanged; copies after it.
  raw.set(source.file, new TextEncoder().encode(`${text.replace(/\n?$/, '\n')}${copies.join('\n')}\n`));
  const linked = copyLinkedSources(input, factor, manifest.sources, errata, raw);
  return {
    input: { ...input, raw, annotations: { ...input.annotations, crosswalk: { ...input.annotations.crosswalk, text: linked.crosswalk } } },
    addedRecords: entries.length * (factor - 1) + linked.rows,
    addedRows: linked.rows,
    factor,
  };
}

/**
 * French entries and second-wording paragraphs, copied with their crosswalk
 * rows. Their line ranges come from a build of the real corpus; the copies go
 * after the real text (the French ones under its last block heading).
 */
function copyLinkedSources(
  input: BuildInput,
  factor: number,
  sources: readonly ManifestSource[],
  errata: readonly Erratum[],
  raw: Map<string, Uint8Array>,
): { crosswalk: string; rows: number } {
  const real = buildDataset(input);
  if (!real.model) throw new Error('the real corpus does not build');
  const annotations = parseYaml(input.annotations.crosswalk.text) as CrosswalkAnnotations;
  const rowOf = new Map<string, CrosswalkRow>(real.model.crosswalk.map((r) => [r.record, r]));
  const matchOf = new Map(annotations.links.filter((l) => l.match !== undefined).map((l) => [`${l.source} ${l.name}`, l.match!]));
  const drafts: CrosswalkLink[] = [];
  for (const source of sources.filter((s) => s.parser === 'fr-legacy' || s.parser === 'traits-alt')) {
    const bytes = raw.get(source.file);
    if (!bytes) continue;
    const text = new TextDecoder().decode(bytes);
    const lines = applyErrata(source.id, source.file, text, errata, input.annotations.errata.path, () => null).lines;
    const records = real.model.records.filter((r: Skill) => r.source.id === source.id);
    const copies: string[] = [];
    for (let k = 1; k < factor; k++) {
      const word = copyWord(k);
      // A copy links to the copy of its concept where the English 2020 copies define one (`Syb Dodge` → syb-dodge), as the original links to the original.
      const copied = copiedConcepts(real.model.records, sources, word);
      for (const record of records) {
        const [first, last] = record.source.lines;
        const body = lines.slice(first - 1, last);
        const row = rowOf.get(record.id)!;
        // A French copy is filed under the list's last heading (extraordinary, which crosswalk.yaml declares
        // as the 2020 trait): it can only link to a copied 2020 concept (a trait), not to a concept of its own.
        if (source.parser === 'fr-legacy' && !copied.has(row.concept)) continue;
        const common = {
          source: source.id,
          concept: copied.get(row.concept) ?? row.concept,
          relation: row.relation,
          confidence: row.confidence,
          rationale: row.rationale,
          ...(row.summary ? { summary: row.summary } : {}),
          ...(row.summaryFr ? { summaryFr: row.summaryFr } : {}),
          ...(row.related.length ? { related: row.related } : {}),
        };
        copies.push('');
        if (source.parser === 'fr-legacy') {
          const name = `${word} ${record.name}`;
          copies.push(name, ...body.slice(1));
          drafts.push({ ...common, record: `${record.edition}/${slugify(name)}` });
        } else {
          copies.push(`${word} ${body.join(' ')}`);
          drafts.push({ ...common, match: `${word} ${matchOf.get(`${source.id} ${record.displayName}`)}`, name: `${word} ${record.displayName}` });
        }
      }
    }
    raw.set(source.file, new TextEncoder().encode(`${withOneFinalNewline(text)}${copies.join('\n')}\n`));
  }
  const rows = drafts.length
    ? `${stringify(drafts, { lineWidth: 0 })
        .trimEnd()
        .split('\n')
        .map((line) => `  ${line}`)
        .join('\n')}\n`
    : '';
  return { crosswalk: `${withOneFinalNewline(input.annotations.crosswalk.text)}${rows}`, rows: drafts.length };
}

/** Each concept an English 2020 record defines → the concept its copy under `word` defines. */
function copiedConcepts(records: readonly Skill[], sources: readonly ManifestSource[], word: string): Map<string, string> {
  const base = new Set(sources.filter((s) => s.parser === 'en-2020').map((s) => s.id));
  return new Map(records.filter((r) => base.has(r.source.id) && r.concept !== null).map((r) => [r.concept!, slugify(`${word} ${r.name}`)]));
}

/** `text` with its final newlines replaced by one. */
function withOneFinalNewline(text: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === '\n') end--;
  return `${text.slice(0, end)}\n`;
}
