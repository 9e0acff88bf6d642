/**
 * Checks of meaning (issue 33, item 8), on the tiny literal project
 * (test/tiny-project.ts): a record filed under another category than its
 * concept, a concept of another kind than its records, a reviewed alias
 * whose reason is gone, a reviewed row whose texts changed since its review.
 * Each is reported at its line, with what to do, and what it offers to paste
 * clears it.
 */
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../pipeline/model/diagnostic.ts';
import { buildTiny, editTiny, stampAll, tinyProject } from '../tiny-project.ts';

const CROSSWALK = 'sources/annotations/crosswalk.yaml';
const FR = 'sources/raw/fr-legacy-skills.txt';
const ALIASES = 'sources/annotations/aliases.yaml';
const codes = (diagnostics: readonly Diagnostic[], prefix = 'crosswalk/') =>
  diagnostics.filter((d) => d.ruleId.startsWith(prefix) || d.ruleId.startsWith('names/')).map((d) => `${d.file}:${d.place?.line ?? '-'} ${d.ruleId}`);
const lineOf = (root: string, path: string, text: string) => readFileSync(join(root, path), 'utf8').split('\n').indexOf(text) + 1;

/** A tiny project, every row stamped: it builds with no crosswalk message. */
function reviewed(): string {
  const root = tinyProject();
  stampAll(root);
  expect(codes(buildTiny(root).diagnostics)).toEqual([]);
  return root;
}

describe('a record filed under another category than its concept', () => {
  it('is an error at the record when a lost heading files agility skills as strength, with the fix and the declaration to paste', () => {
    const root = reviewed();
    editTiny(root, FR, "• Compétences d'agilité\n\n", '');
    const result = buildTiny(root);
    expect(codes(result.diagnostics)).toEqual([`${FR}:8 crosswalk/category-mismatch`]);
    const [mismatch] = result.diagnostics.filter((d) => d.ruleId === 'crosswalk/category-mismatch');
    expect(lineOf(root, FR, 'Bond')).toBe(8);
    expect(mismatch).toMatchObject({ fatal: true, reason: 'fr-legacy/bond is filed under strength, but its concept jump-up-old is agility' });
    expect(mismatch!.expected).toContain('    - record: fr-legacy/bond\n      category: strength\n      conceptCategory: agility');
    expect(mismatch!.note).toContain('erratum');
    expect(result.summary).toBeNull();
  });

  it('passes a difference declared for the record, with its reason', () => {
    const root = reviewed();
    editTiny(root, FR, "• Compétences d'agilité\n\n", '');
    editTiny(root, CROSSWALK, 'links:', '  - { record: fr-legacy/bond, category: strength, conceptCategory: agility, reason: The list files it so. }\nlinks:');
    expect(codes(buildTiny(root).diagnostics)).toEqual([]);
  });

  it("needs the edition's declaration for the extraordinary skills its concepts call traits, and says when one is stale", () => {
    const root = reviewed();
    editTiny(root, CROSSWALK, '  - edition: fr-legacy\n    category: extraordinary', '  - edition: fr-legacy\n    category: mutation');
    const result = buildTiny(root);
    const line = lineOf(root, FR, 'Gros débile');
    expect(codes(result.diagnostics)).toEqual([`${CROSSWALK}:5 crosswalk/stale-category`, `${FR}:${line} crosswalk/category-mismatch`]);
    expect(result.diagnostics.find((d) => d.ruleId === 'crosswalk/category-mismatch')!.reason).toMatch(
      new RegExp(
        `^2 records of fr-legacy are filed under extraordinary, but their concepts are trait: fr-legacy/gros-debile \\(line ${line}, really-stupid\\), fr-legacy/minus`,
      ),
    );
    expect(result.diagnostics.find((d) => d.ruleId === 'crosswalk/stale-category')!.fatal).toBe(false);
  });
});

describe("a concept's kind", () => {
  it('is an error at the concept when the crosswalk declares a kind its records do not have', () => {
    const root = reviewed();
    editTiny(root, CROSSWALK, 'name: Piling On, kind: skill', 'name: Piling On, kind: trait');
    const result = buildTiny(root);
    expect(codes(result.diagnostics)).toEqual([`${CROSSWALK}:2 crosswalk/kind-mismatch`]);
    expect(result.diagnostics.find((d) => d.ruleId === 'crosswalk/kind-mismatch')).toMatchObject({
      fatal: true,
      reason: 'fr-legacy/ecrasement is a skill, but its concept piling-on is a trait',
    });
  });
});

describe('a reviewed alias whose reason is gone', () => {
  const ALIAS =
    'aliases:\n  - alias: Gros Débile\n    concept: really-stupid\n    lang: fr\n    note: The list prints it without its accent.\n    printed: Gros débile\nwinners: []\n';

  it('passes while a record prints the spelling it makes up for', () => {
    const root = reviewed();
    editTiny(root, ALIASES, 'aliases: []\nwinners: []\n', ALIAS);
    expect(codes(buildTiny(root).diagnostics)).toEqual([]);
  });

  it('is a warning at `printed` once the source no longer prints that spelling', () => {
    const root = reviewed();
    editTiny(root, ALIASES, 'aliases: []\nwinners: []\n', ALIAS);
    editTiny(root, FR, 'Gros débile\n', 'Gros Débile\n');
    stampAll(root);
    const result = buildTiny(root);
    expect(codes(result.diagnostics)).toEqual([`${ALIASES}:6 names/stale-alias`]);
    expect(result.diagnostics.find((d) => d.ruleId === 'names/stale-alias')).toMatchObject({
      fatal: false,
      reason: 'The alias "Gros Débile" (really-stupid) is stale: no record of really-stupid prints "Gros débile" any more, the spelling it makes up for',
    });
  });

  it('is a warning when the data now gives the concept that very name', () => {
    const root = reviewed();
    editTiny(root, ALIASES, 'aliases: []', 'aliases:\n  - { alias: Minus, concept: stunty, lang: fr, note: The French name. }');
    expect(codes(buildTiny(root).diagnostics)).toEqual([`${ALIASES}:2 names/stale-alias`]);
  });
});

describe('a reviewed row whose texts changed since its review', () => {
  it('asks for a digest on a reviewed row, and the line it offers clears it', () => {
    const root = tinyProject();
    const result = buildTiny(root);
    const unstamped = result.diagnostics.filter((d) => d.ruleId === 'crosswalk/review-unstamped');
    const rows = readFileSync(join(root, CROSSWALK), 'utf8')
      .split('\n')
      .flatMap((text, index) => (text === '  - source: fr-legacy-skills' ? [index + 1] : []));
    expect(unstamped.map((d) => d.place?.line)).toEqual(rows);
    expect(unstamped.every((d) => !d.fatal && /add to the row: textDigest: "[0-9a-f]{16}"$/.test(d.expected!))).toBe(true);
    stampAll(root);
    expect(codes(buildTiny(root).diagnostics)).toEqual([]);
  });

  it("says the record's text changed, at the digest, with the digest to set after a new review", () => {
    const root = reviewed();
    editTiny(root, FR, "relancer le jet d'Armure", 'relancer le jet de Blessure');
    const [outdated, ...rest] = buildTiny(root).diagnostics.filter((d) => d.ruleId.startsWith('crosswalk/'));
    expect(rest).toEqual([]);
    expect(outdated).toMatchObject({
      ruleId: 'crosswalk/review-outdated',
      file: CROSSWALK,
      place: { line: lineOf(root, CROSSWALK, "    rationale: Re-roll the victim's Armour roll; no 2020 rule does.") + 1 },
    });
    expect(outdated!.reason).toBe(
      `The rationale of the row for fr-legacy/ecrasement was reviewed against other text: the text of fr-legacy/ecrasement (${FR}:5) changed since`,
    );
    expect(outdated!.expected).toMatch(/then set textDigest: "[0-9a-f]{16}"$/);
  });

  it("says the concept's English 2020 text changed, and is an error with --strict", () => {
    const root = reviewed();
    editTiny(root, 'sources/raw/en-2020-skills-traits.txt', 'they ignore any -1 modifiers', 'they ignore every -1 modifier');
    const outdated = (strict: boolean) => buildTiny(root, { strict }).diagnostics.filter((d) => d.ruleId === 'crosswalk/review-outdated');
    const reason =
      'The rationale of the row for fr-legacy/minus was reviewed against other text: the English 2020 text of Stunty (sources/raw/en-2020-skills-traits.txt:9) changed since';
    expect(outdated(false).map((d) => [d.fatal, d.reason])).toEqual([[false, reason]]);
    expect(outdated(true).map((d) => [d.fatal, d.reason])).toEqual([[true, reason]]);
  });
});
