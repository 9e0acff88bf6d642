/**
 * The release rehearsal, second scenario (issue 33): a maintainer's release
 * with a merge (the later wording folds Insignificant into Stunty), an
 * erratum made obsolete by an upstream fix, a French-only entry, a category
 * move and a reworded price (`+20,000 gold pieces`), run only through the
 * lines the messages offer and the documented commands (check, suggest,
 * diff, release; docs/MAINTAINING.md). The project is its own: the real raw
 * texts and annotation files copied to a temporary folder, the publisher's
 * update applied to the raw texts, and every annotation written through the
 * YAML document API at the line a message names (never a text replace on
 * today's annotation text), so the scenario survives the next release.
 * Warnings are followed as errors are: the review digests a reviewed row is
 * stamped with (`crosswalk/review-unstamped`, `crosswalk/review-outdated`)
 * are pasted from the line the message prints, and the check after the
 * review warns of nothing the project did not warn of before the update.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { LineCounter, parse as parseYaml, parseDocument, type Document, type YAMLMap, type YAMLSeq } from 'yaml';
import type { Changelog } from '../../pipeline/diff/compare.ts';
import { nextVersion } from '../../pipeline/diff/bump.ts';
import type { Concept, Erratum, Migration, Skill } from '../../pipeline/model/schema-types.ts';
import { type CliRun, repoRoot, runCli } from '../helpers.ts';
import { buildInto, readPage, textOf } from '../site/helpers.ts';

/** The French-only rule the update adds: no concept comes near it (the "Beginner's Luck"). */
const FRENCH_ONLY = {
  name: 'Chance du débutant',
  text: "Une fois par match, au début d'un tour de son équipe, l'entraîneur de ce joueur peut annoncer qu'il tente sa chance : lancez un D6. Sur 4 ou plus, le joueur gagne un point d'expérience ; sur 1, il est envoyé en réserve jusqu'à la fin de la mi-temps.",
};
/** The merge: the later wording folds Insignificant into Stunty (record and concept). */
const MERGED = { record: 'en-traits-alt/insignificant', into: 'en-traits-alt/stunty', concept: 'insignificant', intoConcept: 'stunty' };

let root: string;
const path = (file: string) => join(root, file);
const read = (file: string) => readFileSync(path(file), 'utf8');
const nuffle = (...args: string[]) => runCli([...args, '--root', root]);
const json = <T>(file: string) => JSON.parse(read(file)) as T;
const version = () => (parseYaml(read('sources/manifest.yaml')) as { dataset: { version: string } }).dataset.version;

/** A printed diagnostic: `file:line:column severity reason [code]`, with the indented lines after it. */
interface Printed {
  file: string;
  line: number;
  code: string;
  text: string;
}
function diagnosticsOf(output: string): Printed[] {
  const out: Printed[] = [];
  for (const line of output.split('\n')) {
    const head = /^(\S+):(\d+):\d+ (?:error|warning) .* \[([a-z0-9-]+\/[a-z0-9-]+)\]$/.exec(line);
    if (head) out.push({ file: head[1]!, line: Number(head[2]), code: head[3]!, text: line });
    else if (out.length && line.startsWith('  ')) out.at(-1)!.text += `\n${line}`;
  }
  return out;
}
/** The diagnostics of a run: errors are printed on stderr, warnings on stdout. */
const printed = (run: CliRun): Printed[] => diagnosticsOf(`${run.stderr}\n${run.stdout}`);
const isWarning = (d: Printed) => / warning /.test(d.text.split('\n')[0]!);
const only = (list: Printed[], code: string, mentioning = ''): Printed => {
  const found = list.filter((d) => d.code === code && d.text.includes(mentioning));
  if (found.length !== 1) throw new Error(`expected one ${code} about "${mentioning}", got ${found.length}:\n${list.map((d) => d.text).join('\n')}`);
  return found[0]!;
};

/** The YAML block a message offers after `lead` (printed indented by four), as a value. */
function offered(text: string, lead: string): unknown {
  const at = text.indexOf(lead);
  if (at < 0) throw new Error(`no "${lead}" in:\n${text}`);
  const lines = text
    .slice(at + lead.length)
    .split('\n')
    .slice(1);
  const block = lines.slice(
    0,
    lines.findIndex((l) => !l.startsWith('    ')),
  );
  return parseYaml(block.map((l) => l.slice(4)).join('\n'));
}

/** An annotation file as a YAML document with a line counter; written back with its comments. */
function annotation(file: string): { doc: Document; entryAt: (list: string, line: number) => number; save: () => void } {
  const lines = new LineCounter();
  const doc = parseDocument(read(file), { lineCounter: lines });
  const entryAt = (list: string, line: number) => {
    const items = (doc.get(list) as YAMLSeq).items as { range: [number, number, number] }[];
    // An item's range ends where the next begins: its last line is the one before its end offset.
    const index = items.findIndex(
      (item) => lines.linePos(item.range[0]).line <= line && line <= lines.linePos(Math.max(item.range[0], item.range[1] - 1)).line,
    );
    if (index < 0) throw new Error(`${file}: no ${list} entry at line ${line}`);
    return index;
  };
  return { doc, entryAt, save: () => writeFileSync(path(file), doc.toString({ lineWidth: 0 })) };
}

/** The `textDigest: "…"` line a review message offers, as the value it sets. */
function digestLine(message: Printed): string {
  const [line] = /textDigest: "[0-9a-f]+"$/m.exec(message.text) ?? [];
  if (!line) throw new Error(`no textDigest line to paste in:\n${message.text}`);
  return (parseYaml(line) as { textDigest: string }).textDigest;
}

/** Add an entry to a list of an annotation file (a flow `[]` becomes a block list). */
function append(doc: Document, list: string, value: unknown): void {
  const seq = doc.get(list) as YAMLSeq;
  seq.flow = false;
  seq.add(doc.createNode(value));
}

/** A raw text's lines, edited and written back (the publisher's update: raw texts are replaced, never annotated). */
function editRaw(file: string, change: (lines: string[]) => void): void {
  const lines = read(file).split('\n');
  change(lines);
  writeFileSync(path(file), lines.join('\n'));
}

const records = (): Skill[] => json<Skill[]>('dist/data/skills.json');
const recordOf = (id: string): Skill => {
  const found = records().find((r) => r.id === id);
  if (!found) throw new Error(`the scenario needs ${id} in the sources`);
  return found;
};

/** The obsolete erratum: the first one anchored in the French list, whose typo the publisher now fixes. */
let obsolete: Erratum;
/** The French record the update moves from the strength block to the agility block, and its concept's category. */
let moved: Skill;
let movedConceptCategory: string;

/** Step 1: the publisher's new texts. */
function applyUpdate(): void {
  // The merge: Insignificant's paragraph goes, its sentence joins Stunty's.
  const [gone, into] = [recordOf(MERGED.record), recordOf(MERGED.into)];
  editRaw('sources/raw/traits-alt-wording.txt', (lines) => {
    const [first, last] = gone.source.lines;
    const sentence = lines
      .slice(first - 1, last)
      .join(' ')
      .trim();
    lines[into.source.lines[1] - 1] = `${lines[into.source.lines[1] - 1]!.trimEnd()} ${sentence}`;
    lines.splice(first - 1, last - first + 2);
  });
  // The French-only entry, first of the passing block.
  const passing = records()
    .filter((r) => r.edition === 'fr-legacy' && r.category === 'passing')
    .sort((a, b) => a.source.lines[0] - b.source.lines[0])[0]!;
  editRaw('sources/raw/fr-legacy-skills.txt', (lines) => lines.splice(passing.source.lines[0] - 1, 0, FRENCH_ONLY.name, FRENCH_ONLY.text, ''));
  // The upstream fix that makes an erratum obsolete.
  const errata = (parseYaml(read('sources/annotations/errata.yaml')) as { errata: Erratum[] }).errata;
  const french = read('sources/raw/fr-legacy-skills.txt');
  const fixable = errata.find((e) => e.source === 'fr-legacy-skills' && !e.record && french.split(e.find).length === 2);
  if (!fixable) throw new Error('the scenario needs an erratum of the French list anchored by its text alone');
  obsolete = fixable;
  writeFileSync(path('sources/raw/fr-legacy-skills.txt'), french.split(obsolete.find).join(obsolete.replace));
  // A French entry moved from the strength block to the agility block.
  moveCategory();
  // A price written another way.
  editRaw('sources/raw/inducement-notes.txt', (lines) => {
    const at = lines.findIndex((l) => PRICE.test(l));
    if (at < 0) throw new Error('the scenario needs a price bullet written `+20K`');
    lines[at] = lines[at]!.replace(PRICE, '$1+20,000 gold pieces');
  });
}

const PRICE = /^(• .*: )\+20K$/;

/** The first entry of the French strength block, moved to the top of the agility block. */
function moveCategory(): void {
  const [strength, agility] = (['strength', 'agility'] as const).map(
    (category) =>
      records()
        .filter((r) => r.edition === 'fr-legacy' && r.category === category)
        .sort((a, b) => a.source.lines[0] - b.source.lines[0])[0]!,
  );
  moved = strength!;
  movedConceptCategory = json<Concept[]>('dist/data/concepts.json').find((c) => c.id === moved.concept)!.category;
  editRaw('sources/raw/fr-legacy-skills.txt', (lines) => {
    const first = lines.indexOf(strength!.name);
    let end = first + 1;
    while (end < lines.length && lines[end]!.trim() !== '') end++;
    const entry = lines.splice(first, end + 1 - first);
    lines.splice(lines.indexOf(agility!.name), 0, ...entry);
  });
}

let startCheck: CliRun;
let firstCheck: CliRun;
let suggestRun: CliRun;
let draftCheck: CliRun;
let stampCheck: CliRun;
let finalCheck: CliRun;
let reviewedCheck: CliRun;
let diffRun: CliRun;
let releaseRun: CliRun;
let log: Changelog;
let firstLog: Changelog;
/** The survivor's summary as written before the merge, and the record its outdated review names. */
let beforeMerge: string;
let survivor: string;
/** The raw text's line of the moved entry, after the update. */
let movedLine: number;
let previous: string;
let released: string;
let site: string;
let data: string;

/** Step 5 (ids) and the crosswalk rows of the merge, from the first check's messages. */
function reviewMerge(found: Printed[]): void {
  // The merged-away paragraph's row, at the line the message names; then the concept left with no record.
  const crosswalk = annotation('sources/annotations/crosswalk.yaml');
  const row = crosswalk.entryAt('links', only(found, 'crosswalk/match-not-found').line);
  const concept = crosswalk.entryAt('concepts', only(found, 'crosswalk/empty-concept', MERGED.concept).line);
  (crosswalk.doc.get('links') as YAMLSeq).delete(row);
  (crosswalk.doc.get('concepts') as YAMLSeq).delete(concept);
  crosswalk.save();
  // The ids that went: the migrations the messages offer, as merges into Stunty.
  const migrations = annotation('sources/annotations/migrations.yaml');
  for (const [id, to] of [
    [MERGED.record, MERGED.into],
    [MERGED.concept, MERGED.intoConcept],
  ] as const) {
    const [entry] = offered(
      only(found, 'ids/missing', `id ${id} is gone`).text,
      'the id back, or a migration in sources/annotations/migrations.yaml:',
    ) as Migration[];
    append(migrations.doc, 'migrations', { ...entry, action: 'merged', to, note: 'The 2026 errata fold Insignificant into Stunty.' });
  }
  migrations.save();
  // The obsolete erratum, at its line.
  const errata = annotation('sources/annotations/errata.yaml');
  (errata.doc.get('errata') as YAMLSeq).delete(errata.entryAt('errata', only(found, 'errata/not-found', obsolete.id).line));
  errata.save();
}

/** The category move: a real difference of the editions, declared with the entry the message prints, and its reason. */
function declareCategory(found: Printed[]): void {
  const [entry] = offered(only(found, 'crosswalk/category-mismatch', moved.id).text, 'under categories: in sources/annotations/crosswalk.yaml:') as Record<
    string,
    string
  >[];
  const crosswalk = annotation('sources/annotations/crosswalk.yaml');
  append(crosswalk.doc, 'categories', {
    ...entry,
    reason: `The 2026 French list files ${moved.name} among its agility skills; the 2020 rules keep it where it was.`,
  });
  crosswalk.save();
}

/** Step 3: the draft of the French-only entry, reviewed with the concept its message offers. */
function reviewDraft(found: Printed[]): void {
  const problem = only(found, 'crosswalk/no-concept');
  const lead = /a concept of its own under concepts: in \S+, and concept: (\S+) in this row \([^)]*\):/.exec(problem.text)!;
  const [concept] = offered(problem.text, lead[0]) as Record<string, string>[];
  const crosswalk = annotation('sources/annotations/crosswalk.yaml');
  append(crosswalk.doc, 'concepts', { ...concept, note: 'Only the old French list has it; no English text names it.' });
  const draft = (crosswalk.doc.get('links') as YAMLSeq).get(crosswalk.entryAt('links', problem.line)) as YAMLMap;
  for (const key of ['declaredBy', 'score', 'evidence']) draft.delete(key);
  draft.set('concept', lead[1]);
  // An old rule 2020 has no trace of: removed (docs/CROSSWALK.md), with the evidence from its text.
  draft.set('relation', 'removed');
  draft.set('confidence', 'high');
  draft.set('rationale', 'A once-per-match D6 gamble for experience; no 2020 rule or skill does this.');
  crosswalk.save();
}

/** Step 3, 4.: the reviewed draft stamped with the digest `crosswalk/review-unstamped` prints, at the row it names. */
function stampDraft(found: Printed[]): void {
  const unstamped = only(found, 'crosswalk/review-unstamped', 'fr-legacy/chance-du-debutant');
  const crosswalk = annotation('sources/annotations/crosswalk.yaml');
  ((crosswalk.doc.get('links') as YAMLSeq).get(crosswalk.entryAt('links', unstamped.line)) as YAMLMap).set('textDigest', digestLine(unstamped));
  crosswalk.save();
}

/**
 * The survivor's crosswalk row, which the check says was reviewed against
 * other text (`crosswalk/review-outdated`, at its `textDigest`) and the diff
 * asks to review ("to check"): its summary and rationale rewritten for the
 * merged text, then the digest the message prints set. Returns the summary
 * it had, and the record the message names.
 */
function reviewSurvivor(found: Printed[]): { summary: string; record: string } {
  const outdated = only(found, 'crosswalk/review-outdated');
  const [, record] = /of the row for (\S+) were reviewed/.exec(outdated.text) ?? [];
  const crosswalk = annotation('sources/annotations/crosswalk.yaml');
  const row = (crosswalk.doc.get('links') as YAMLSeq).get(crosswalk.entryAt('links', outdated.line)) as YAMLMap;
  const summary = String(row.get('summary'));
  row.set('summary', 'Dodging ignores every Marking modifier; a team may not field more players with this trait than without it (Insignificant, merged in).');
  row.set('rationale', `${String(row.get('rationale'))} Since the merge it also carries Insignificant's draft limit.`);
  row.set('textDigest', digestLine(outdated));
  crosswalk.save();
  return { summary, record: record! };
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'nuffle-rehearsal-merge-'));
  for (const entry of ['sources', 'schema', 'package.json', 'CHANGELOG.md', 'test/golden/release'])
    cpSync(join(repoRoot, entry), path(entry), { recursive: true });
  previous = version();
  const start = await nuffle('build', '--only', 'data');
  if (start.status !== 0) throw new Error(start.stderr);
  startCheck = await nuffle('check');

  applyUpdate();
  movedLine = read('sources/raw/fr-legacy-skills.txt').split('\n').indexOf(moved.name) + 1;
  // 2. Read the errors.
  firstCheck = await nuffle('check');
  reviewMerge(printed(firstCheck));
  declareCategory(printed(firstCheck));
  // 3. The suggestions for the new French entry, then their review, then its stamp.
  suggestRun = await nuffle('suggest', '--write');
  draftCheck = await nuffle('check');
  reviewDraft(printed(draftCheck));
  stampCheck = await nuffle('check');
  stampDraft(printed(stampCheck));
  finalCheck = await nuffle('check');
  // 6. Build, and the diff against the last release with the documented CI gate; what it asks to check, reviewed.
  const diff = async () => {
    const build = await nuffle('build', '--only', 'data');
    if (build.status !== 0) throw new Error(build.stderr);
    const run = await runCli(['diff', path('test/golden/release'), path('dist/data'), '--out', path('changes'), '--fail-on', 'removed']);
    return { run, log: json<Changelog>('changes/changes.json') };
  };
  firstLog = (await diff()).log;
  ({ summary: beforeMerge, record: survivor } = reviewSurvivor(printed(finalCheck)));
  reviewedCheck = await nuffle('check');
  ({ run: diffRun, log } = await diff());
  // 7. The release, then the site a reader sees.
  releaseRun = await nuffle('release');
  released = version();
  // The site target stays a child process (buildInto): Astro is not built inside the vitest worker.
  const out = buildInto(root, ['data', 'site']);
  data = join(out, 'data');
  site = join(out, 'site');
}, 900_000);

describe('the second rehearsal: the messages lead the way', () => {
  it('2. the first check names every step: the paragraph gone, the empty concept, the two ids, the obsolete erratum, the category move', () => {
    expect(firstCheck.status).toBe(1);
    const found = printed(firstCheck);
    expect(only(found, 'crosswalk/match-not-found').file).toBe('sources/annotations/crosswalk.yaml');
    expect(only(found, 'crosswalk/empty-concept', MERGED.concept).file).toBe('sources/annotations/crosswalk.yaml');
    expect(only(found, 'ids/missing', `id ${MERGED.record} is gone`).text).toContain('action: renamed   # or merged, deleted');
    expect(only(found, 'ids/missing', `id ${MERGED.concept} is gone`).text).toContain('action: renamed   # or merged, deleted');
    expect(only(found, 'errata/not-found', obsolete.id).file).toBe('sources/annotations/errata.yaml');
    expect(only(found, 'crosswalk/category-mismatch').text).toContain(moved.id);
    // The merge brings no alias collision, in a file nobody touched (item 5).
    expect(found.filter((d) => d.code === 'names/alias-collision')).toEqual([]);
  });

  it('2. (item 9) the obsolete erratum says it was fixed upstream; the gone paragraph says so, and points at the lock line whose error offers the migration', () => {
    const found = printed(firstCheck);
    expect(only(found, 'errata/not-found', obsolete.id).text).toContain('fixed upstream: remove this erratum');
    const gone = only(found, 'crosswalk/match-not-found');
    const lock = only(found, 'ids/missing', `id ${MERGED.record} is gone`);
    expect(gone.text).toContain(`the paragraph of ${MERGED.record} (Insignificant) is gone`);
    expect(gone.text).toContain(`remove this row, then migrate ${MERGED.record} with the entry the ids/missing error at ${lock.file}:${lock.line} prints`);
    expect(gone.text).not.toContain('opening words that start exactly one paragraph');
  });

  it('2. (item 8) the category move is located at the French entry, with the per-record declaration and its reason to paste', () => {
    const mismatch = only(printed(firstCheck), 'crosswalk/category-mismatch');
    expect([mismatch.file, mismatch.line]).toEqual(['sources/raw/fr-legacy-skills.txt', movedLine]);
    expect(offered(mismatch.text, 'under categories: in sources/annotations/crosswalk.yaml:')).toEqual([
      { record: moved.id, category: 'agility', conceptCategory: movedConceptCategory, reason: '<why the editions differ, in one line>' },
    ]);
    // Declared, the move is no error any more, and the declaration is used (not stale).
    for (const run of [draftCheck, finalCheck])
      expect(printed(run).filter((d) => ['crosswalk/category-mismatch', 'crosswalk/stale-category'].includes(d.code))).toEqual([]);
  });

  it('3. suggest --write drafts the French-only entry as a rule of its own, saying why (item 6)', () => {
    expect(suggestRun.status, suggestRun.stderr).toBe(0);
    expect(suggestRun.stdout).toMatch(/drafted fr-legacy\/chance-du-debutant as a rule of its own \(No concept matches: the closest, [a-z-]+, scores 0\.\d\d/);
    const draft = printed(draftCheck);
    expect(draftCheck.status).toBe(1);
    expect(only(draft, 'crosswalk/no-concept').text).toContain('lang: fr');
    expect(draft.filter((d) => d.code === 'crosswalk/missing-link')).toEqual([]);
  });

  it('3. the reviewed draft is stamped with the textDigest line the check prints for it (item 8)', () => {
    expect(stampCheck.status, stampCheck.stderr).toBe(0);
    const unstamped = only(printed(stampCheck), 'crosswalk/review-unstamped', 'fr-legacy/chance-du-debutant');
    expect(isWarning(unstamped)).toBe(true);
    expect(unstamped.text).toMatch(/add to the row: textDigest: "[0-9a-f]{8}0{8}"$/m);
    expect(printed(finalCheck).filter((d) => d.code === 'crosswalk/review-unstamped')).toEqual([]);
  });

  it('then the check is clean: every error was fixed by a line a message offered', () => {
    expect(finalCheck.status, finalCheck.stderr).toBe(0);
    expect(printed(finalCheck).filter((d) => !isWarning(d))).toEqual([]);
    expect(printed(finalCheck).filter((d) => d.code !== 'ids/not-locked' && d.text.includes('chance-du-debutant'))).toEqual([]);
  });

  it("6. the merge changed the survivor's text: the check and the diff ask for the same review, and after it the check warns of nothing the project did not warn of before", () => {
    const outdated = only(printed(finalCheck), 'crosswalk/review-outdated');
    expect(isWarning(outdated)).toBe(true);
    expect(survivor).toBe(MERGED.into);
    expect(outdated.text).toContain(`the text of ${MERGED.into} (sources/raw/traits-alt-wording.txt:`);
    expect(firstLog.warnings).toContain(
      `${MERGED.into} took in ${MERGED.record}, but its crosswalk row (rationale and summary) is as it was before the merge: review it`,
    );
    // Every warning the update brought was answered; the standing ones are the project's, as before (lines aside).
    const standing = (run: CliRun) =>
      printed(run)
        .filter((d) => isWarning(d) && d.code !== 'ids/not-locked')
        .map((d) => `${d.file} ${d.text.split('\n')[0]!.replace(/^\S+ warning /, '')}`)
        .sort();
    expect(reviewedCheck.status, reviewedCheck.stderr).toBe(0);
    expect(standing(reviewedCheck)).toEqual(standing(startCheck));
  });
});

describe('the second rehearsal: the diff and the release', () => {
  it('6. the merge is one record-merged line, and --fail-on removed passes it (item 3)', () => {
    expect(diffRun.status, diffRun.stderr).toBe(0);
    expect(log.changes.filter((c) => c.kind === 'record-merged')).toEqual([
      expect.objectContaining({
        id: MERGED.into,
        previous: MERGED.record,
        summary: expect.stringContaining(`concept ${MERGED.concept} merged into ${MERGED.intoConcept}`),
      }),
    ]);
    expect(log.changes.filter((c) => c.kind.endsWith('-removed') || (c.kind === 'migration-added' && c.id.includes('insignificant')))).toEqual([]);
    // Reviewed, the row no longer predates the merge.
    expect(log.warnings.filter((w) => w.includes('took in'))).toEqual([]);
  });

  it('6. the French-only entry is added with its own concept, named in French only (item 7)', () => {
    expect(log.changes.filter((c) => c.kind === 'record-added').map((c) => c.id)).toEqual(['fr-legacy/chance-du-debutant']);
    const concept = json<Concept[]>('dist/data/concepts.json').find((c) => c.id === 'chance-du-debutant')!;
    expect(concept).toMatchObject({ name: FRENCH_ONLY.name, names: { fr: FRENCH_ONLY.name }, compulsory: null, compulsoryFrom: null });
    expect(concept.names).not.toHaveProperty('en');
  });

  it('7. the release is a major, and says why: an id was merged into another', () => {
    expect(releaseRun.status, releaseRun.stderr).toBe(0);
    expect(released).toBe(nextVersion(previous, 'major'));
    expect(releaseRun.stdout).toContain(
      '(major: an id apps may have stored was retired (removed, merged into another or migrated); they follow migrations.json), because:',
    );
    expect(releaseRun.stdout).toMatch(/record-merged +en-traits-alt: Insignificant merged into Stunty/);
    expect(read('sources/annotations/migrations.yaml')).toContain(`since: ${released}`);
  });

  it('6. (item 10) the reworded price reads as the same price: its text changed, its cost did not', () => {
    const prices = log.changes.filter((c) => c.kind === 'price-changed');
    expect(prices.map((c) => c.fields.map((f) => f.field))).toEqual([['text']]);
    expect(prices[0]!.summary).toContain('+20,000 gold pieces');
  });

  it('6. (item 8) the category move is one record-changed line (category), and nothing else about the record', () => {
    expect(log.changes.filter((c) => c.id === moved.id)).toEqual([
      expect.objectContaining({
        kind: 'record-changed',
        fields: [expect.objectContaining({ field: 'category', before: moved.category, after: 'agility' })],
      }),
    ]);
    expect(log.changes.filter((c) => c.kind === 'record-changed' && c.fields.some((f) => f.field === 'category')).map((c) => c.id)).toEqual([moved.id]);
  });
});

describe('the second rehearsal: the pages a reader sees', () => {
  it("the surviving rule's page says what was merged into it, in both locales, and its summary is the reviewed one (item 3)", () => {
    const page = textOf(readPage(site, `concepts/${MERGED.intoConcept}`));
    expect(page).toContain(`Insignificant was merged into this rule in version ${released}.`);
    expect(page).toContain('(Insignificant, merged in)');
    expect(page).not.toContain(beforeMerge);
    expect(textOf(readPage(site, `fr/concepts/${MERGED.intoConcept}`))).toContain(
      `Insignificant a été fusionnée dans cette règle dans la version ${released}.`,
    );
  });

  it("the merged rule's old page says where it went (item 3)", () => {
    const html = readPage(site, `concepts/${MERGED.concept}`);
    expect(textOf(html)).toContain(`${MERGED.concept} was merged into another rule`);
    expect(html).toContain(`<meta http-equiv="refresh" content="0; url=/concepts/${MERGED.intoConcept}/">`);
  });

  it('the French-only rule has no English name and names no edition that lacks it, in either locale (item 7)', () => {
    const editions = json<{ id: string; label: string }[]>('dist/data/editions.json');
    for (const [page, french] of [
      ['concepts/chance-du-debutant', false],
      ['fr/concepts/chance-du-debutant', true],
    ] as const) {
      const html = readPage(site, page);
      const facts = textOf(/<dl class="facts">([\s\S]*?)<\/dl>/.exec(html)![1]!);
      expect(facts).toContain(french ? 'Nom anglais aucun' : 'English name none: no English text has this rule');
      // No compulsory value "as in Blood Bowl 2020", no English name of any edition.
      expect(facts).not.toMatch(/2020|2025/);
      for (const e of editions.filter((x) => x.id !== 'fr-legacy')) expect(facts).not.toContain(e.label);
      // One wording, the French list's.
      const wordings = [...html.matchAll(/<h3 id="record-[^"]*-title"[^>]*>([\s\S]*?)<\/h3>/g)].map((m) => textOf(m[1]!).trim());
      expect(wordings).toEqual([editions.find((e) => e.id === 'fr-legacy')!.label]);
      expect(textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)![1]!).trim()).toBe(FRENCH_ONLY.name);
    }
    expect(JSON.parse(readFileSync(join(data, 'concepts.json'), 'utf8')).find((c: Concept) => c.id === 'chance-du-debutant').names).toEqual({
      fr: FRENCH_ONLY.name,
    });
  });
});
