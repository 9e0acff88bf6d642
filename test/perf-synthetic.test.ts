/**
 * The synthetic corpus of the scale series (`npm run bench`) is a valid
 * corpus: it builds with no errors, with the records and rulings it claims.
 * Speed is measured by the bench, never asserted here.
 */
import { expect, it } from 'vitest';
import { buildDataset } from '../pipeline/build.ts';
import { readProject } from '../pipeline/cli.ts';
import { scaleCorpus } from '../pipeline/scripts/synthetic-corpus.ts';
import { realBuild, repoRoot } from './helpers.ts';

const count = (files: Map<string, string>, path: string) => (JSON.parse(files.get(path)!) as unknown[]).length;

it('the corpus at ×3 builds with no errors, with the records and rulings it claims', () => {
  const real = realBuild();
  const corpus = scaleCorpus(readProject(repoRoot), 3);
  const result = buildDataset(corpus.input);
  expect(result.diagnostics.filter((d) => d.fatal)).toEqual([]);
  expect(corpus.addedRecords).toBeGreaterThan(150);
  expect(count(result.files, 'skills.json')).toBe(count(real.files, 'skills.json') + corpus.addedRecords);
  expect(count(result.files, 'rulings.json')).toBe(3 * count(real.files, 'rulings.json'));
  // French and second-wording records are copied with their crosswalk rows: every copy is linked
  // (a French record of a concept no 2020 entry defines is not copied: its copy could only be a trait).
  const linked = (JSON.parse(real.files.get('skills.json')!) as { edition: string }[]).filter((r) => r.edition !== 'en-2020').length;
  const copies = (JSON.parse(result.files.get('skills.json')!) as { id: string; edition: string }[]).filter(
    (r) => r.edition !== 'en-2020' && /\/sy[bc]-/.test(r.id),
  ).length;
  expect(corpus.addedRows).toBe(copies);
  expect(copies).toBeGreaterThan(1.5 * linked);
  expect(count(result.files, 'crosswalk.json')).toBe(count(real.files, 'crosswalk.json') + corpus.addedRecords);
  const conceptOf = new Map((JSON.parse(result.files.get('skills.json')!) as { id: string; concept: string }[]).map((s) => [s.id, s.concept]));
  // A copy links to its concept's copy where the English 2020 copies define one (so no spelling names two concepts), else to the original concept.
  expect([conceptOf.get('fr-legacy/syb-chataigne'), conceptOf.get('fr-legacy/syc-chataigne')]).toEqual(['syb-mighty-blow', 'syc-mighty-blow']);
  expect([conceptOf.get('en-traits-alt/syb-always-hungry'), conceptOf.get('en-traits-alt/syc-hatred')]).toEqual(['syb-always-hungry', 'hatred']);
  // The real records come through unchanged, but for the copies' rulings that name them.
  const scaled = new Map((JSON.parse(result.files.get('skills.json')!) as { id: string; rulings: string[] }[]).map((s) => [s.id, s]));
  for (const { rulings, ...skill } of JSON.parse(real.files.get('skills.json')!) as { id: string; rulings: string[] }[]) {
    const { rulings: scaledRulings, ...same } = scaled.get(skill.id)!;
    expect(same).toEqual(skill);
    expect(scaledRulings).toEqual(expect.arrayContaining(rulings));
  }
});

it('at ×1 the corpus is the real one', () => {
  const input = readProject(repoRoot);
  expect(scaleCorpus(input, 1).input).toBe(input);
});
