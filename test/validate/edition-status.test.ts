/**
 * The editions' reviewed year and status (issue 36, item 8): the manifest's
 * schema refuses a bad value at its line, and checkEditionStatus
 * (pipeline/validate/edition-status.ts) refuses two current years and a
 * superseded edition newer than the rules in force, at the edition's
 * `status` line. Literal manifests only.
 */
import { describe, expect, it } from 'vitest';
import { readSchemaFiles } from '../../pipeline/io.ts';
import type { ManifestSource, SourceManifest } from '../../pipeline/model/schema-types.ts';
import { parseYaml } from '../../pipeline/parse/yaml.ts';
import { checkEditionStatus } from '../../pipeline/validate/edition-status.ts';
import { createValidator } from '../../pipeline/validate/schemas.ts';
import { repoRoot } from '../helpers.ts';

type EditionFields = Record<string, string | number | boolean>;

/** A manifest of one source per edition, each edition's fields written out one per line, as a maintainer writes them. */
function manifest(editions: readonly EditionFields[]): string {
  const sources = editions.map((edition, n) =>
    [
      `  - id: source-${n}`,
      `    file: sources/raw/s${n}.txt`,
      '    lang: en',
      '    edition:',
      ...Object.entries(edition).map(([key, value]) => `      ${key}: ${value}`),
      '    parser: traits-alt',
      `    note: Source ${n}.`,
    ].join('\n'),
  );
  return ['dataset:', '  version: 1.0.0', '  schemaVersion: 4.1.0', 'sources:', ...sources, ''].join('\n');
}

const PATH = 'sources/manifest.yaml';
const validator = createValidator(readSchemaFiles(repoRoot));

/** What the build says of a manifest: its schema problems, then (when it meets its schema) the editions checked together. */
function check(text: string) {
  const parsed = parseYaml({ path: PATH, text });
  const schema = validator.validate('input/manifest.schema.json', parsed.value, PATH, (path) => parsed.locate(path));
  if (schema.length) return schema;
  const { sources } = parsed.value as SourceManifest;
  return checkEditionStatus({ sources, file: PATH, locate: parsed.locate });
}
/** The line of the first line of `text` that starts with `start`, after `after` lines of it. */
const lineOf = (text: string, start: string, after = 0) => text.split('\n').findIndex((line, n) => n >= after && line.trimStart().startsWith(start)) + 1;
const summary = (text: string) => check(text).map((d) => ({ line: d.place?.line, ruleId: d.ruleId, fatal: d.fatal }));

const TRAITS_2025 = { id: 'en-traits-alt', label: 'Traits 2025', year: 2025, status: 'current' };
const RULES_2020 = { id: 'en-2020', label: 'Rules 2020', year: 2020, status: 'superseded' };
const OLD_FRENCH = { id: 'fr-legacy', label: 'Liste', year: 2006, circa: true, status: 'superseded' };

describe('the manifest schema on an edition’s year and status', () => {
  it('takes a current edition, a superseded one and an approximate year', () => expect(check(manifest([TRAITS_2025, RULES_2020, OLD_FRENCH]))).toEqual([]));

  it.each([
    ['a year before the game', { ...RULES_2020, year: 1850 }, 'year'],
    ['a year far ahead', { ...RULES_2020, year: 20250 }, 'year'],
    ['a year that is not a whole number', { ...RULES_2020, year: 2020.5 }, 'year'],
    ['a year written as words', { ...RULES_2020, year: 'twenty-twenty' }, 'year'],
    ['a status it does not know', { ...RULES_2020, status: 'latest' }, 'status'],
    ['a circa that is not true or false', { ...OLD_FRENCH, circa: 'maybe' }, 'circa'],
  ])('refuses %s, at its line', (_, edition, key) => {
    const text = manifest([TRAITS_2025, edition]);
    const problems = check(text);
    expect(problems.map((d) => d.ruleId)).toEqual(['schema/invalid']);
    expect(problems[0]!.place?.line).toBe(lineOf(text, `${key}:`, lineOf(text, '- id: source-1')));
    expect(problems[0]!.expected).toContain(key === 'year' ? 'rulesYear' : key === 'status' ? 'editionStatus' : 'circa');
  });

  it.each(['year', 'status'])('refuses an edition without its %s, at the edition (its first field)', (key) => {
    const edition = Object.fromEntries(Object.entries(RULES_2020).filter(([name]) => name !== key));
    const text = manifest([TRAITS_2025, edition]);
    expect(summary(text)).toEqual([{ line: lineOf(text, 'edition:', lineOf(text, '- id: source-1')) + 1, ruleId: 'schema/invalid', fatal: true }]);
    expect(check(text)[0]!.reason).toContain(key);
  });
});

describe('checkEditionStatus', () => {
  const sources = (...editions: ManifestSource['edition'][]) => editions.map((edition) => ({ edition }));
  const at = (path: readonly (string | number)[]) => ({ line: 10 * Number(path[1]) + (path.at(-1) === 'status' ? 1 : 0) });
  const run = (...editions: ManifestSource['edition'][]) => checkEditionStatus({ sources: sources(...editions), file: PATH, locate: at });
  const current = (id: string, year: number): ManifestSource['edition'] => ({ id, label: id, year, status: 'current' });
  const superseded = (id: string, year: number, circa?: boolean): ManifestSource['edition'] => ({
    id,
    label: id,
    year,
    status: 'superseded',
    ...(circa ? { circa } : {}),
  });

  it('takes one current year with older superseded editions', () =>
    expect(run(superseded('en-2020', 2020), current('en-2025', 2025), superseded('fr-old', 2006, true))).toEqual([]));

  it('takes two current editions of the same year (a text and its translation)', () =>
    expect(run(current('en-2025', 2025), current('fr-2025', 2025))).toEqual([]));

  it('takes a superseded edition of the current year (a preview the final text replaced)', () =>
    expect(run(superseded('en-2025-preview', 2025), current('en-2025', 2025))).toEqual([]));

  it('takes no current edition at all: the sources then hold no text of the rules in force', () =>
    expect(run(superseded('en-2020', 2020), superseded('fr-old', 2006, true))).toEqual([]));

  it('refuses the older of two current years, at its status line, naming the newer', () => {
    const problems = run(current('en-2025', 2025), superseded('en-2020', 2020), current('en-2028', 2028));
    expect(problems.map((d) => ({ ruleId: d.ruleId, line: d.place?.line, fatal: d.fatal, file: d.file }))).toEqual([
      { ruleId: 'manifest/two-current-years', line: 1, fatal: true, file: PATH },
    ]);
    expect(problems[0]!.reason).toMatch(/^en-2025 is marked current with the 2025 rules, .*2028 \(en-2028\)/);
    expect(problems[0]!.expected).toMatch(/^status: superseded here/);
  });

  it('refuses a superseded edition newer than the rules in force, at its status line', () => {
    const problems = run(current('en-2025', 2025), superseded('en-2028', 2028));
    expect(problems.map((d) => ({ ruleId: d.ruleId, line: d.place?.line }))).toEqual([{ ruleId: 'manifest/superseded-newer', line: 11 }]);
    expect(problems[0]!.reason).toMatch(/^en-2028 is marked superseded, but its 2028 rules are newer than the rules marked current: 2025 \(en-2025\)/);
  });

  it('says what to write instead of a superseded edition newer than the rules in force, and what it found', () => {
    const [problem] = run(current('en-2025', 2025), superseded('en-2028', 2028));
    expect([problem!.expected, problem!.actual, problem!.source]).toEqual([
      'status: current here and superseded on the 2025 editions (a new rules revision), or the year of the rules it gives',
      'status: superseded, year: 2028',
      'validate',
    ]);
  });

  it('says what to write instead of the older of two current years, and what it found', () => {
    const [problem] = run(current('en-2025', 2025), current('en-2028', 2028));
    expect([problem!.expected, problem!.actual, problem!.source]).toEqual([
      'status: superseded here (the 2028 rules replaced it), or the year of the rules it gives',
      'status: current, year: 2025',
      'validate',
    ]);
  });
});
