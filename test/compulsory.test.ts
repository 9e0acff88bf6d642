/**
 * Issue 7: `compulsory` says what the source says (true, false, or null where
 * a source has no marker convention); concepts carry the English 2020 value;
 * two missing 2020 marks are fixed by reviewed errata; unmarked obligations
 * are reported until reviewed; and nothing else of the published data moved.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { compileSource } from '../pipeline/build.ts';
import type { CompulsoryReview, Concept, CrosswalkRow, Erratum } from '../pipeline/model/schema-types.ts';
import { checkObligations, findObligations } from '../pipeline/validate/compulsory.ts';
import { copyProject, en2020Source, lineOf, mentionRules, rawText, realData, record, repoRoot, runCli, skills } from './helpers.ts';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { removeEntries } from './yaml-edit.ts';

const errata = () => (parseYaml(readFileSync(join(repoRoot, 'sources/annotations/errata.yaml'), 'utf8')) as { errata: Erratum[] }).errata;
const concepts = () => realData<Concept[]>('concepts.json');

describe('the two missing 2020 marks', () => {
  it.each([
    ['en-2020/bloodlust', 'en-2020/bloodlust-compulsory', 'Bloodlust (X+)*', 'must roll a D6'],
    ['en-2020/ball-and-chain', 'en-2020/ball-and-chain-compulsory', 'Ball and Chain*', 'the only action they may'],
  ])('%s is compulsory through the reviewed erratum %s', (id, erratumId, displayName, wording) => {
    const r = record(id);
    expect(r.compulsory).toBe(true);
    expect(r.displayName).toBe(displayName);
    expect(r.source.errata).toContain(erratumId);
    const erratum = errata().find((e) => e.id === erratumId)!;
    // The patch marks the record's own heading line.
    expect(erratum.replace.split('\n')[0]).toBe(displayName);
    // The note gives the evidence: the rule text's wording and the independent references.
    expect(erratum.reason).toContain(wording);
    expect(r.text).toContain(wording);
    expect(erratum.reason).toMatch(/Jervis/);
  });

  it('without the errata, both records are unmarked and the check reports their obligations', async () => {
    const dir = copyProject();
    const path = join(dir, 'sources/annotations/errata.yaml');
    const text = readFileSync(path, 'utf8');
    const without = removeEntries(text, ['errata'], (e) => ['en-2020/ball-and-chain-compulsory', 'en-2020/bloodlust-compulsory'].includes(String(e.id)));
    expect(without).not.toContain('-compulsory');
    writeFileSync(path, without);
    const run = await runCli(['check', '--root', dir]);
    expect(run.status).toBe(0);
    // At the first line of each rule text: after the name line and the category line.
    const raw = rawText('en-2020-skills-traits.txt');
    expect(run.stdout).toContain(
      `en-2020-skills-traits.txt:${lineOf(raw, 'Ball and Chain') + 2}:1 warning en-2020/ball-and-chain has no compulsory mark, but its text obliges ("the only action they may")`,
    );
    expect(run.stdout).toContain(
      `en-2020-skills-traits.txt:${lineOf(raw, 'Bloodlust (X+)') + 2}:1 warning en-2020/bloodlust has no compulsory mark, but its text obliges ("must")`,
    );
    expect(run.stdout.match(/\[compulsory\/unmarked-obligation\]/g)?.length).toBeGreaterThanOrEqual(2);
  });
});

describe('sources without a marker convention', () => {
  it('gives null on every second-wording and French record', () => {
    const unmarked = skills().filter((r) => r.edition === 'en-traits-alt' || r.edition === 'fr-legacy');
    expect(unmarked.length).toBeGreaterThan(0);
    for (const r of unmarked) expect(r.compulsory, r.id).toBeNull();
  });

  it('gives true or false on every English 2020 record, as its name is marked', () => {
    for (const r of skills().filter((s) => s.edition === 'en-2020')) expect(r.compulsory, r.id).toBe(r.displayName.endsWith('*'));
  });
});

describe('concepts', () => {
  it('carry the value of their English 2020 record, and name it', () => {
    const records = skills();
    let with2020 = 0;
    for (const concept of concepts()) {
      const base = records.find((r) => r.edition === 'en-2020' && r.concept === concept.id);
      if (base) {
        with2020++;
        expect(concept.compulsory, concept.id).toBe(base.compulsory);
        expect(concept.compulsoryFrom, concept.id).toBe(base.id);
      } else {
        expect(concept.compulsory, concept.id).toBeNull();
        expect(concept.compulsoryFrom, concept.id).toBeNull();
      }
    }
    // One concept per English 2020 record: each defines its own.
    expect(with2020).toBe(records.filter((r) => r.edition === 'en-2020').length);
    expect(concepts().find((c) => c.id === 'bloodlust')).toMatchObject({ compulsory: true, compulsoryFrom: 'en-2020/bloodlust' });
    expect(concepts().find((c) => c.id === 'hatred')).toMatchObject({ compulsory: null, compulsoryFrom: null });
  });
});

describe('the second-wording Ball and Chain', () => {
  it('is named as its own text names it, under the id it was published with', () => {
    const r = record('en-traits-alt/ball-and-chain');
    expect(r.name).toBe('Ball and Chain');
    expect(r.displayName).toBe('Ball and Chain');
    expect(r.text).toContain('special Ball and Chain action');
    const row = realData<CrosswalkRow[]>('crosswalk.json').find((c) => c.record === r.id)!;
    expect(row.rationale).toContain("'special Ball and Chain action'");
  });
});

describe('unmarked obligations', () => {
  const file = 'test/fixtures/compulsory/obligations.txt';
  const compiled = compileSource({ ...en2020Source, file }, readFileSync(join(repoRoot, file), 'utf8'), [], mentionRules());
  const lines = readFileSync(join(repoRoot, file), 'utf8').split('\n');
  const check = (reviews: CompulsoryReview[]) =>
    checkObligations({
      records: compiled.records,
      linesOf: () => lines,
      fileOf: () => file,
      reviews,
      reviewFile: 'compulsory.yaml',
      locateReview: (i) => ({ line: i + 10 }),
    });

  it('finds every obliging sentence of an unmarked record, on its line, and none of a marked one', () => {
    expect(compiled.records.map((r) => [r.id, r.compulsory])).toEqual([
      ['en-2020/chained-up', false],
      ['en-2020/marked-rage', true],
      ['en-2020/quiet-skill', false],
    ]);
    const found = findObligations(compiled.records, () => lines);
    expect(found.map((o) => [o.record, o.line, o.words])).toEqual([
      ['en-2020/chained-up', 5, ['the only action they may']],
      ['en-2020/chained-up', 6, ['must']],
      ['en-2020/quiet-skill', 16, ['must']],
    ]);
    const diagnostics = check([]);
    expect(diagnostics.map((d) => `${d.file}:${d.place?.line} ${d.fatal ? 'error' : 'warning'} [${d.ruleId}]`)).toEqual([
      `${file}:5 warning [compulsory/unmarked-obligation]`,
      `${file}:6 warning [compulsory/unmarked-obligation]`,
      `${file}:16 warning [compulsory/unmarked-obligation]`,
    ]);
    expect(diagnostics[2]!.reason).toContain('"To use this Skill, this player must be Standing."');
  });

  it('is silenced by a review of that sentence only; a review that matches nothing is stale', () => {
    const diagnostics = check([
      { record: 'en-2020/quiet-skill', sentence: 'to use this skill, this player  must be standing', reason: 'a precondition' },
      { record: 'en-2020/chained-up', sentence: 'This player must roll a D6', reason: 'reviewed' },
      { record: 'en-2020/marked-rage', sentence: 'This player must Block', reason: 'marked already' },
    ]);
    expect(diagnostics.map((d) => `${d.place?.line} [${d.ruleId}]`)).toEqual(['5 [compulsory/unmarked-obligation]', '12 [compulsory/stale-review]']);
  });

  it('raises nothing on the real sources: every obligation is reviewed or marked', async () => {
    const run = await runCli(['check']);
    expect(run.status).toBe(0);
    expect(run.stdout).not.toContain('compulsory/');
  });
});

const ABOUT =
  'Field digests (first 16 hex of sha256 of each field value as JSON) of every record of the last reviewed release, written by npm run golden. test/compulsory.test.ts compares the current build against it field by field.';

/**
 * Every field of every record is what the last reviewed release recorded: a
 * digest per field (test/golden/data-fields.json; `npm run golden` records a
 * reviewed release's), so a change of the code that moves any field of any
 * record is named, record and field. Issue 7 began it, against the 0.1.0
 * build, to show that its errata changed nothing but the two marks.
 */
describe('every field is what the last reviewed release recorded', () => {
  const path = join(repoRoot, 'test/golden/data-fields.json');
  const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);
  const FILES = ['concepts.json', 'crosswalk.json', 'editions.json', 'inducements.json', 'leagues.json', 'random-tables.json', 'rulings.json', 'skills.json'];
  const fields = (file: string) =>
    Object.fromEntries(
      realData<Record<string, unknown>[]>(file).map((r) => [String(r.id ?? r.record), Object.fromEntries(Object.entries(r).map(([k, v]) => [k, digest(v)]))]),
    );
  const current = () => Object.fromEntries(FILES.map((file) => [file, fields(file)]));
  if (process.env.UPDATE) writeFileSync(path, `${JSON.stringify({ _about: ABOUT, ...current() }, null, 1)}\n`);
  const golden = JSON.parse(readFileSync(path, 'utf8')) as Record<string, Record<string, Record<string, string>>>;

  it.each(FILES)('%s', (file) => {
    const now = fields(file);
    expect(Object.keys(now).sort(), 'records').toEqual(Object.keys(golden[file]!).sort());
    const moved = Object.entries(golden[file]!).flatMap(([key, before]) =>
      [...new Set([...Object.keys(before), ...Object.keys(now[key]!)])].filter((field) => before[field] !== now[key]![field]).map((field) => `${key} ${field}`),
    );
    expect(moved, 'fields that moved since the golden was recorded (npm run golden after a reviewed release)').toEqual([]);
  });
});
