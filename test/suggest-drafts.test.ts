/**
 * `suggest --write` claims no equivalence it has not earned (issue 33, item
 * 6), on literal inputs: the threshold `suggest --evaluate` calibrates from
 * reviewed rows, a draft below it is a rule of its own (`relation: new`, no
 * concept) that says why, the input schema accepts such a draft only, and the
 * build reports it at its row with the concept to paste (never as unlinked).
 */
import { describe, expect, it } from 'vitest';
import { readSchemaFiles } from '../pipeline/io.ts';
import { checkRows, defineBaseConcepts, findUnlinked, type At, type UnlinkedRecord } from '../pipeline/link/crosswalk.ts';
import { draftRow } from '../pipeline/link/draft-rows.ts';
import { CALIBRATION_PRECISION, calibrateThreshold, type Outcome, type SourceEvaluation, thresholdFor } from '../pipeline/link/evaluate.ts';
import type { Suggestion } from '../pipeline/link/suggest.ts';
import type { CrosswalkLink, Skill } from '../pipeline/model/schema-types.ts';
import { createValidator } from '../pipeline/validate/schemas.ts';
import { skill } from './literal-fixtures.ts';
import { repoRoot } from './helpers.ts';

const hit = (score: number): Outcome => ({ score, right: true });
const miss = (score: number): Outcome => ({ score, right: false });

describe('calibrateThreshold', () => {
  it('is the lowest score from which 9 in 10 top candidates were the reviewed concept', () => {
    expect(CALIBRATION_PRECISION).toBe(0.9);
    // From 0.40 down: 9 right of 9, then 9 of 10 at 0.30, then 9 of 11 at 0.20.
    const outcomes = [...[0.9, 0.85, 0.8, 0.7, 0.65, 0.6, 0.5, 0.45, 0.4].map(hit), miss(0.3), miss(0.2)];
    expect(calibrateThreshold(outcomes)).toBe(0.3);
  });
  it('judges rows of one score together', () => {
    expect(calibrateThreshold([hit(0.5), miss(0.5)], 0.5)).toBe(0.5);
    expect(calibrateThreshold([hit(0.6), hit(0.5), miss(0.5), miss(0.5)], 0.6)).toBe(0.6);
  });
  it('is null when no score earns the precision, or nothing was reviewed', () => {
    expect(calibrateThreshold([miss(0.9), hit(0.1)])).toBeNull();
    expect(calibrateThreshold([])).toBeNull();
  });
  it('counts a row whose concept is its own as a wrong top candidate at its score', () => {
    expect(calibrateThreshold([hit(0.6), miss(0.55), hit(0.5)], 0.9)).toBe(0.6);
  });
});

describe('thresholdFor', () => {
  const evaluation = (source: string, outcomes: Outcome[]): SourceEvaluation => ({
    source,
    rows: outcomes.length,
    evaluated: outcomes.length,
    ownConcept: 0,
    top1: 0,
    top3: 0,
    misses: [],
    outcomes,
    threshold: calibrateThreshold(outcomes),
  });
  const results = [evaluation('fr', [hit(0.5), miss(0.2)]), evaluation('alt', [hit(0.3), hit(0.25)])];
  it("takes a source's own threshold", () => expect(thresholdFor(results, 'fr')).toBe(0.5));
  it('takes the threshold of every reviewed row for a source no row reviews yet', () => expect(thresholdFor(results, 'new-source')).toBe(0.25));
});

const frenchOnly: UnlinkedRecord = {
  source: 'fr-legacy-skills',
  line: 75,
  record: 'fr-legacy/chance-du-debutant',
  opening: null,
  label: 'fr-legacy/chance-du-debutant ("Chance du débutant")',
  query: { name: 'Chance du débutant', text: 'Une fois par match…', lang: 'fr', edition: 'fr-legacy' },
};
const pro: Suggestion = { concept: 'pro', score: 0.11, name: 0, text: 0.2, mechanics: 0.1, evidence: ['text: re-roll', 'text: once per game'] };

describe('draftRow', () => {
  const draft = (best: Suggestion | undefined, threshold: number | null) =>
    draftRow({ item: frenchOnly, best, conceptName: 'Pro', baseConcept: true, threshold });

  it('below the threshold, drafts a rule of its own with no concept, saying why and which concept came closest', () => {
    const row = draft(pro, 0.31);
    expect(row).toMatchObject({ record: 'fr-legacy/chance-du-debutant', relation: 'new', confidence: 'low', declaredBy: 'suggestion', score: 0.11 });
    expect(row).not.toHaveProperty('concept');
    expect(row.rationale).toBe(
      'No concept matches: the closest, pro, scores 0.11 (name 0.00), below 0.31, the score from which nuffle suggest --evaluate found the top candidate right in 90 % of the reviewed rows. Drafted as a rule of its own: give it a concept, or link the concept the rule text shows it is.',
    );
    expect(row.evidence).toEqual(['closest concept: pro', 'text: re-roll', 'text: once per game']);
  });
  it('at the threshold and above, links the top candidate as before', () =>
    expect(draft(pro, 0.11)).toMatchObject({ concept: 'pro', relation: 'same', score: 0.11 }));
  it('without a calibrated threshold or a candidate, drafts a rule of its own', () => {
    expect(draft({ ...pro, score: 0.99 }, null)).toMatchObject({ relation: 'new' });
    expect(draft(undefined, 0.3)).toMatchObject({ relation: 'new', score: 0, evidence: [] });
  });
  it('names an unnamed paragraph of its own with a placeholder of its line', () =>
    expect(
      draftRow({
        item: { ...frenchOnly, record: null, opening: 'When this player does a thing' },
        best: pro,
        conceptName: 'Pro',
        baseConcept: true,
        threshold: 0.5,
      }),
    ).toMatchObject({
      match: 'When this player does a thing',
      name: '<name of the rule on line 75>',
    }));
});

describe('the input schema', () => {
  const validator = createValidator(readSchemaFiles(repoRoot));
  const problems = (link: Partial<CrosswalkLink>) =>
    validator.validate(
      'input/crosswalk.schema.json',
      {
        concepts: [],
        links: [{ source: 'fr-legacy-skills', record: 'fr-legacy/x', relation: 'new', confidence: 'low', rationale: 'Drafted as its own rule.', ...link }],
      },
      'crosswalk.yaml',
    );
  it('accepts a draft of a rule of its own without a concept', () => expect(problems({ declaredBy: 'suggestion', score: 0.1, evidence: [] })).toEqual([]));
  it('refuses a reviewed row without a concept', () => expect(problems({})).not.toEqual([]));
  it('refuses a draft without a concept that claims an equivalence', () => expect(problems({ declaredBy: 'suggestion', relation: 'same' })).not.toEqual([]));
});

describe('a draft without a concept in the build', () => {
  const at: At = { file: 'sources/annotations/crosswalk.yaml', locate: (path) => ({ line: 100 + Number(path[1] ?? 0), column: 5 }) };
  const record: Skill = {
    ...skill('x'),
    id: 'fr-legacy/chance-du-debutant',
    edition: 'fr-legacy',
    lang: 'fr',
    name: 'Chance du débutant',
    category: 'general',
    concept: null,
    source: { id: 'fr-legacy-skills', lines: [75, 76], errata: [] },
  };
  const records = [skill('pro'), record];
  const base = defineBaseConcepts([skill('pro')], [], at);
  const rows = checkRows(
    [{ source: 'fr-legacy-skills', record: record.id, relation: 'new', confidence: 'low', rationale: 'Drafted.', declaredBy: 'suggestion' }],
    new Map(),
    { records, isBase: (id) => id === 'test-source', base, strict: false },
    at,
  );

  it('is one error at its row, offering the concept of its own to paste, named in French only', () => {
    expect(rows.diagnostics).toEqual([
      {
        reason:
          'The draft row for fr-legacy/chance-du-debutant names no concept: no concept scores the threshold nuffle suggest --evaluate calibrates, so it was drafted as a rule of its own',
        file: 'sources/annotations/crosswalk.yaml',
        place: { line: 100, column: 5 },
        ruleId: 'crosswalk/no-concept',
        source: 'link',
        fatal: true,
        expected: [
          'a concept of its own under concepts: in sources/annotations/crosswalk.yaml, and concept: chance-du-debutant in this row (then review the row and remove declaredBy, score and evidence):',
          '    - id: chance-du-debutant',
          '      name: "Chance du débutant"',
          '      lang: fr',
          '      kind: skill',
          '      category: general',
          '      note: <where the rule comes from, in one line>',
          "  or, if it is a wording of an existing concept, that concept's id as concept: and the relation (same, reworked, …)",
        ].join('\n'),
      },
    ]);
  });
  it('asks to name an unnamed paragraph first, when the draft holds its placeholder name', () => {
    const unnamed: Skill = { ...record, id: 'fr-legacy/name-of-the-rule-on-line-75', name: '<name of the rule on line 75>' };
    const found = checkRows(
      [{ source: 'fr-legacy-skills', record: unnamed.id, relation: 'new', confidence: 'low', rationale: 'Drafted.', declaredBy: 'suggestion' }],
      new Map(),
      { records: [unnamed], isBase: () => false, base, strict: false },
      at,
    ).diagnostics;
    expect(found.map((d) => d.note)).toEqual(['name the paragraph first (name: in this row); its record and concept ids are the slug of that name']);
    expect(rows.diagnostics[0]).not.toHaveProperty('note');
  });
  it('is not reported again as unlinked, nor drafted again by the next suggest --write', () => {
    expect(rows.rows.has(record.id)).toBe(false);
    expect(findUnlinked(records, [], rows.rows, new Map(), rows.drafted).map((u) => u.record)).toEqual([]);
  });
});
