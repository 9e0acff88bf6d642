/**
 * Fuzzing the parse stage: each of the four parsers behind the errata
 * patcher, the source reader (bytes → UTF-8 → parser) and the annotation
 * readers (YAML + schema), on mutations of the real files. Properties: no
 * throw; every diagnostic names a line inside the file it names; the same
 * input gives the same output. Runs: 50 per property from a fixed seed in
 * npm test, 10,000 from a fresh one in `npm run fuzz` (fuzz/mutations.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { PARSERS } from '../../pipeline/build.ts';
import { ERRATA_PATH } from '../../pipeline/model/paths.ts';
import { readSchemaFiles } from '../../pipeline/io.ts';
import type { Diagnostic } from '../../pipeline/model/diagnostic.ts';
import type { Erratum, SourceManifest } from '../../pipeline/model/schema-types.ts';
import { applyErrata, splitLines } from '../../pipeline/parse/errata.ts';
import { parseSources } from '../../pipeline/parse/sources.ts';
import { parseYaml } from '../../pipeline/parse/yaml.ts';
import { createValidator } from '../../pipeline/validate/schemas.ts';
import { repoRoot } from '../helpers.ts';
import { byteMutationArb, check, FUZZ_TIMEOUT, fuzzRuns, mutate, mutateBytes, mutationArb } from './mutations.ts';

/** The costlier properties (two parses, or all four sources per run) run fewer times in npm test; `npm run fuzz` runs them all FUZZ_RUNS times. */
const QUARTER = fuzzRuns(15);

const read = (path: string) => readFileSync(join(repoRoot, path), 'utf8');
const manifest = parse(read('sources/manifest.yaml')) as SourceManifest;
const errataText = read(ERRATA_PATH);
const errata = (parse(errataText) as { errata: Erratum[] }).errata;
const errataLines = splitLines(errataText).length;
const locateErratum = (n: number) => {
  const lines = errataText.split('\n');
  let seen = -1;
  for (let i = 0; i < lines.length; i++) if (/^ {2}- id:/.test(lines[i]!) && ++seen === n) return i + 1;
  return null;
};

/** Words and marks of every source, so mutations insert what parsers key on. */
const FRAGMENTS = [
  'Q: ',
  'Q. ',
  'A: ',
  'A. ',
  'Bloodbowl',
  'Dungeonbowl',
  'none',
  'random skill: 1d6 "(1-3)" + 1d6 "4"',
  'Agility',
  'Traits',
  '• ',
  '• Compétences de force',
  '(p.75)',
  '(p. 12 & p.3)',
  ': +20K',
  ' each',
  '(only for Badland Brawl)',
  '*',
  '(+1)',
  'Block',
  'Mighty Blow',
  'the Dodge skill',
  'profile: 6 3 3 4+ 8+ Skills: Block',
  'goblins',
  'CLOSE SCRUTINY',
  '"',
  '“',
  '’',
];

/** Every diagnostic's line lies inside the file it names (its line count, at least 1 for an empty file). */
function expectLinesInside(diagnostics: readonly Diagnostic[], lineCounts: ReadonlyMap<string, number>): void {
  for (const d of diagnostics) {
    if (!d.place) continue;
    const count = lineCounts.get(d.file);
    expect(count, `${d.ruleId} names ${d.file}, which is not an input here`).toBeDefined();
    expect(Number.isInteger(d.place.line), `${d.ruleId} line ${d.place.line}`).toBe(true);
    expect(d.place.line, `${d.ruleId} at ${d.file}:${d.place.line} (${count} lines)`).toBeGreaterThanOrEqual(1);
    expect(d.place.line, `${d.ruleId} at ${d.file}:${d.place.line} (${count} lines)`).toBeLessThanOrEqual(Math.max(1, count!));
    if (d.place.column !== undefined) expect(d.place.column).toBeGreaterThanOrEqual(1);
  }
}

describe('the four parsers behind the errata patcher, on mutated real sources', { timeout: FUZZ_TIMEOUT }, () => {
  for (const source of manifest.sources) {
    const text = read(source.file);
    const parser = PARSERS[source.parser]!;
    const run = (mutated: string) => {
      const patched = applyErrata(source.id, source.file, mutated, errata, ERRATA_PATH, locateErratum);
      const result = parser({ manifest: source, lines: patched.lines, errata: patched.applied });
      return { patched, result };
    };

    it(`${source.parser}: never throws, and every diagnostic names a line inside the input`, () => {
      check(
        `${source.parser} lines`,
        mutationArb(FRAGMENTS),
        (mutations) => {
          const mutated = mutate(text, mutations);
          const { patched, result } = run(mutated);
          expect(Array.isArray(result.records) && Array.isArray(result.diagnostics)).toBe(true);
          expectLinesInside(
            [...patched.diagnostics, ...result.diagnostics],
            new Map([
              [source.file, splitLines(mutated).length],
              [ERRATA_PATH, errataLines],
            ]),
          );
          for (const record of [...result.records, ...result.unnamed]) {
            const [first, last] = record.source.lines;
            expect(first).toBeGreaterThanOrEqual(1);
            expect(last).toBeLessThanOrEqual(splitLines(mutated).length);
          }
        },
        { input: (mutations) => mutate(text, mutations) },
      );
    });

    it(`${source.parser}: the same input gives the same records and diagnostics`, () => {
      check(
        `${source.parser} determinism`,
        mutationArb(FRAGMENTS),
        (mutations) => {
          const mutated = mutate(text, mutations);
          expect(JSON.stringify(run(mutated), replacer)).toBe(JSON.stringify(run(mutated), replacer));
        },
        { runs: QUARTER, input: (mutations) => mutate(text, mutations) },
      );
    });
  }
});

const replacer = (_key: string, value: unknown) => (value instanceof Map ? [...value] : value);

describe('the source reader on broken bytes', { timeout: FUZZ_TIMEOUT }, () => {
  it('digests, decodes and parses any bytes without throwing; an invalid byte is located inside the file', () => {
    const raw = new Map<string, Uint8Array>(manifest.sources.map((s) => [s.file, readFileSync(join(repoRoot, s.file))]));
    const target = fc.constantFrom(...manifest.sources.map((s) => s.file));
    check(
      'source bytes',
      fc.tuple(target, byteMutationArb),
      ([file, mutations]) => {
        const bytes = mutateBytes(raw.get(file)!, mutations);
        const input = new Map<string, Uint8Array>(raw);
        input.set(file, bytes);
        const result = parseSources({
          manifest,
          manifestPath: 'sources/manifest.yaml',
          locateManifest: () => ({ line: 1 }),
          raw: input,
          errata,
          errataPath: ERRATA_PATH,
          locateErratum,
          parsers: PARSERS,
        });
        const counts = new Map<string, number>([
          [ERRATA_PATH, errataLines],
          ['sources/manifest.yaml', 1],
        ]);
        for (const [path, b] of input)
          counts.set(
            path,
            Buffer.from(b)
              .toString('utf8')
              .split(/\r\n|\r|\n/).length,
          );
        expectLinesInside(result.diagnostics, counts);
        const decodes = (() => {
          try {
            new TextDecoder('utf-8', { fatal: true }).decode(bytes);
            return true;
          } catch {
            return false;
          }
        })();
        expect(result.diagnostics.some((d) => d.ruleId === 'source/invalid-utf8' && d.file === file)).toBe(!decodes);
      },
      { runs: QUARTER, input: ([, mutations]) => mutations.map((m) => JSON.stringify(m)).join('\n') },
    );
  });
});

describe('the annotation readers (YAML, then the input schemas)', { timeout: FUZZ_TIMEOUT }, () => {
  const validator = createValidator(readSchemaFiles(repoRoot));
  const FILES: Record<string, string> = {
    'sources/manifest.yaml': 'input/manifest.schema.json',
    'sources/annotations/errata.yaml': 'input/errata.schema.json',
    'sources/annotations/mentions.yaml': 'input/mentions.schema.json',
    'sources/annotations/crosswalk.yaml': 'input/crosswalk.schema.json',
    'sources/annotations/glossary.yaml': 'input/glossary.schema.json',
    'sources/annotations/inducements.yaml': 'input/inducements.schema.json',
    'sources/annotations/compulsory.yaml': 'input/compulsory.schema.json',
  };
  const YAML_BITS = [
    '[',
    ']',
    '{',
    '}',
    ':',
    ': ',
    '- ',
    '  ',
    '\t',
    '"',
    "'",
    '#',
    '&a',
    '*a',
    '!!str',
    '---',
    '...',
    '|',
    '>-',
    '? ',
    '%YAML 1.2',
    'null',
    '~',
    '<<: *a',
  ];
  for (const [path, schema] of Object.entries(FILES)) {
    const text = read(path);
    it(`${path}: never throws; one located problem per syntax error; schema problems inside the file`, () => {
      check(
        `yaml ${path}`,
        mutationArb(YAML_BITS),
        (mutations) => {
          const mutated = mutate(text, mutations);
          const parsed = parseYaml({ path, text: mutated });
          const counts = new Map([[path, splitLines(mutated).length]]);
          expectLinesInside(parsed.diagnostics, counts);
          expect(parsed.diagnostics.length).toBeLessThanOrEqual(1);
          if (parsed.diagnostics.length) {
            expect(parsed.diagnostics[0]!.place).not.toBeNull();
            return;
          }
          const problems = validator.validate(schema, parsed.value, path, (p) => parsed.locate(p) ?? { line: 1 });
          expectLinesInside(problems, counts);
        },
        { input: (mutations) => mutate(text, mutations) },
      );
    });
  }
});
