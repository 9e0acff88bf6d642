/**
 * Reader summaries (issue 36, items 2 and 3), on the literal project
 * (test/literal-project.ts) with a second English wording of Stab added:
 * a `same` row whose words differ from the English 2020 wording needs a
 * summary (`crosswalk/missing-summary`, at the row's relation line, with
 * what to write); a translation does not; every summary has its French one
 * (`summaryFr`), required with it, checked like it, and published beside it.
 */
import { describe, expect, it } from 'vitest';
import { buildDataset } from '../pipeline/build.ts';
import type { CrosswalkLink, CrosswalkRow } from '../pipeline/model/schema-types.ts';
import { CROSSWALK_PATH } from '../pipeline/model/paths.ts';
import { lineOf } from './helpers.ts';
import { EN_TEXT, LOCK, literalFiles, literalProject } from './literal-project.ts';

const ALT_SOURCE = 'traits-alt-wording';
const ALT_FILE = 'sources/raw/alt.txt';
/** The English 2020 wording of Stab, as the literal project's source gives it. */
const STAB_2020 = EN_TEXT.split('\n')[EN_TEXT.split('\n').indexOf('Stab') + 2]!;
const SUMMARY = 'Wording only: the activation now ends after the stab, as before.';
const SUMMARY_FR = "Formulation seule : l'activation se termine après le coup de poignard, comme avant.";

/** The literal project with a second English wording of Stab (`text`), linked by `row` (merged into a `same` row). */
function withAltWording(text: string, row: Partial<CrosswalkLink> = {}) {
  const files = literalFiles();
  const manifest = files.manifest as { sources: object[] };
  const crosswalk = files.crosswalk as { links: object[] };
  const link = {
    source: ALT_SOURCE,
    match: text.slice(0, 16),
    name: 'Stab',
    concept: 'stab',
    relation: 'same',
    confidence: 'high',
    rationale: 'The same stab.',
    ...row,
  };
  const lock = [...LOCK.split('\n').filter(Boolean), 'record en-traits-alt/stab'].sort().join('\n');
  return literalProject(
    {
      manifest: {
        ...manifest,
        sources: [
          ...manifest.sources,
          {
            id: ALT_SOURCE,
            file: ALT_FILE,
            lang: 'en',
            edition: { id: 'en-traits-alt', label: 'Later', year: 2025, status: 'current' },
            parser: 'traits-alt',
            note: 'One trait.',
          },
        ],
      },
      crosswalk: { ...crosswalk, links: [...crosswalk.links, link] },
    },
    { raw: { [ALT_FILE]: `Skills\n\n${text}\n` }, lock: `${lock}\n` },
  );
}

const build = (input: ReturnType<typeof literalProject>) => buildDataset(input);
const only = (result: ReturnType<typeof build>, ruleId: string) => result.diagnostics.filter((d) => d.ruleId === ruleId);
const errors = (result: ReturnType<typeof build>) => result.diagnostics.filter((d) => d.fatal).map((d) => `${d.ruleId} ${d.reason}`);
const rowOf = (result: ReturnType<typeof build>, record: string) =>
  (JSON.parse(result.files.get('crosswalk.json')!) as CrosswalkRow[]).find((r) => r.record === record)!;

describe('a same row whose words differ from the English 2020 wording', () => {
  const REWORDED = 'This player may stab, and then their activation ends.';

  it('without a summary, is an error at its relation line that names the record and says what to write, in English and French', () => {
    const input = withAltWording(REWORDED);
    const result = build(input);
    const [missing, ...more] = only(result, 'crosswalk/missing-summary');
    expect(more).toEqual([]);
    expect(missing).toMatchObject({ fatal: true, file: CROSSWALK_PATH, source: 'validate' });
    // The link is the last of the list: its `relation: same` is the last such line.
    const lines = input.annotations.crosswalk.text.split('\n');
    expect(missing!.place?.line).toBe(lines.lastIndexOf('    relation: same') + 1);
    expect(missing!.reason).toContain('en-traits-alt/stab (same)');
    expect(missing!.reason).toContain('Stab');
    expect(missing!.expected).toMatch(/summary: "Wording only: …"/);
    expect(missing!.expected).toContain('summaryFr');
    expect(result.summary).toBeNull();
    expect(result.files.size).toBe(0);
  });

  it('with a summary and its French, builds, and both reach crosswalk.json', () => {
    const result = build(withAltWording(REWORDED, { summary: SUMMARY, summaryFr: SUMMARY_FR }));
    expect(errors(result)).toEqual([]);
    expect(rowOf(result, 'en-traits-alt/stab')).toMatchObject({ relation: 'same', summary: SUMMARY, summaryFr: SUMMARY_FR });
  });

  it('that differ only in spacing and line breaks need no summary', () => {
    const result = build(withAltWording(`  ${STAB_2020.replace(' ', '   ')}`));
    expect(only(result, 'crosswalk/missing-summary')).toEqual([]);
    expect(errors(result)).toEqual([]);
  });
});

describe('rows that need no summary', () => {
  it('a translation (the French list) whose row is same: its page shows no word diff', () => {
    const result = build(literalProject());
    expect(errors(result)).toEqual([]);
    expect(rowOf(result, 'fr-legacy/poignard')).toMatchObject({ relation: 'same', summary: null, summaryFr: null });
  });

  it('a draft of suggest --write: it is reported as unreviewed, and summarised when reviewed', () => {
    const result = build(withAltWording('This player may stab, and then their activation ends.', { declaredBy: 'suggestion', score: 0.9 }));
    expect(only(result, 'crosswalk/missing-summary')).toEqual([]);
    expect(only(result, 'crosswalk/unreviewed-suggestion')).toHaveLength(1);
  });
});

describe('the French summary', () => {
  const reworked = (row: Partial<CrosswalkLink>) =>
    withAltWording('This player may stab twice.', { relation: 'reworked', rationale: 'Two stabs now.', ...row });

  it('is required wherever the English one is: a reworked row with only the English one is a schema error at the row', () => {
    const input = reworked({ summary: 'The player now stabs twice.' });
    const result = build(input);
    const problems = result.diagnostics.filter((d) => d.fatal);
    expect(problems.map((d) => d.ruleId)).toEqual(['schema/invalid']);
    expect(problems[0]!.reason).toContain('summaryFr');
    expect(problems[0]!.file).toBe(CROSSWALK_PATH);
    expect(problems[0]!.place?.line).toBe(lineOf(input.annotations.crosswalk.text, `- source: ${ALT_SOURCE}`));
  });

  it('comes only with the English one: a French summary alone is a schema error naming summary', () => {
    const result = build(withAltWording('This player may stab, and then their activation ends.', { summaryFr: SUMMARY_FR }));
    expect(result.diagnostics.filter((d) => d.fatal).map((d) => [d.ruleId, /must have property summary /.test(d.reason)])).toEqual([['schema/invalid', true]]);
  });

  it('is checked for hidden characters like the English one, at its own line', () => {
    const input = reworked({ summary: 'The player now stabs twice.', summaryFr: 'Le joueur poignarde\u202e deux fois.' });
    const result = build(input);
    const hostile = only(result, 'text/hostile-character');
    expect(hostile).toHaveLength(1);
    expect(hostile[0]!.place?.line).toBe(lineOf(input.annotations.crosswalk.text, /^\s+summaryFr:/));
  });

  it('is as long as the English one must be (20 characters at least)', () => {
    const result = build(reworked({ summary: 'The player now stabs twice.', summaryFr: 'Deux fois.' }));
    expect(result.diagnostics.filter((d) => d.fatal).map((d) => d.ruleId)).toEqual(['schema/invalid']);
  });
});
