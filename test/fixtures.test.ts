/**
 * Fixture pairs: test/fixtures/en-2020/<case>.txt is compiled as if it were
 * the English 2020 source; the output (diagnostics as printed, records,
 * rulings, tables) must equal <case>.json. Regenerate with `UPDATE=1 npm test`
 * and review the diff.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileSource, PARSERS } from '../pipeline/build.ts';
import { splitLines } from '../pipeline/parse/errata.ts';
import { formatDiagnostic } from '../pipeline/model/diagnostic.ts';
import { en2020Source, mentionRules, repoRoot } from './helpers.ts';

const dir = join(repoRoot, 'test/fixtures/en-2020');
const cases = readdirSync(dir)
  .filter((name) => name.endsWith('.txt'))
  .map((name) => name.slice(0, -4))
  .sort();

describe('English 2020 fixtures', () => {
  it('has the fixture cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(8);
  });

  it.each(cases)('%s', (name) => {
    const file = `test/fixtures/en-2020/${name}.txt`;
    const compiled = compileSource({ ...en2020Source, file }, readFileSync(join(repoRoot, file), 'utf8'), [], mentionRules());
    const actual = {
      diagnostics: compiled.diagnostics.map(formatDiagnostic),
      records: compiled.records,
      rulings: compiled.rulings,
      randomTables: compiled.randomTables,
    };
    const expectedPath = join(dir, `${name}.json`);
    if (process.env.UPDATE) writeFileSync(expectedPath, `${JSON.stringify(actual, null, 2)}\n`);
    if (!existsSync(expectedPath)) throw new Error(`${name}.json is missing: run UPDATE=1 npm test and review it`);
    expect(actual).toEqual(JSON.parse(readFileSync(expectedPath, 'utf8')));
  });
});

/**
 * The other parsers, alone: test/fixtures/<parser>/<case>.txt → what the
 * parser returns (records, unnamed records, note blocks, diagnostics as
 * printed). Linking is tested on the real sources.
 */
describe.each(['fr-legacy', 'traits-alt', 'inducements'])('%s parser fixtures', (parser) => {
  const parserDir = join(repoRoot, 'test/fixtures', parser);
  const parserCases = readdirSync(parserDir)
    .filter((name) => name.endsWith('.txt'))
    .map((name) => name.slice(0, -4))
    .sort();
  it.each(parserCases)('%s', (name) => {
    const file = `test/fixtures/${parser}/${name}.txt`;
    const source = {
      ...en2020Source,
      id: `${parser}-fixture`,
      file,
      parser: parser as 'fr-legacy',
      edition: { id: `${parser}-fixture`, label: 'fixture', year: 2020, status: 'current' as const },
      games: ['blood-bowl' as const],
    };
    const parsed = PARSERS[parser]!({ manifest: source, lines: splitLines(readFileSync(join(repoRoot, file), 'utf8')), errata: new Map() });
    const actual = { diagnostics: parsed.diagnostics.map(formatDiagnostic), records: parsed.records, unnamed: parsed.unnamed, notes: parsed.notes ?? [] };
    const expectedPath = join(parserDir, `${name}.json`);
    if (process.env.UPDATE) writeFileSync(expectedPath, `${JSON.stringify(actual, null, 2)}\n`);
    if (!existsSync(expectedPath)) throw new Error(`${parser}/${name}.json is missing: run UPDATE=1 npm test and review it`);
    expect(actual).toEqual(JSON.parse(readFileSync(expectedPath, 'utf8')));
  });
});

describe('each error code has a fixture with file and line in the message', () => {
  const printed = (name: string) => JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8')).diagnostics as string[];
  it.each([
    ['unknown-category', 'test/fixtures/en-2020/unknown-category.txt:4:1 error', 'en2020/unknown-category'],
    ['entry-without-text', 'test/fixtures/en-2020/entry-without-text.txt:3:1 error', 'en2020/entry-without-text'],
    ['duplicate-entry', 'test/fixtures/en-2020/duplicate-entry.txt:8:1 error', 'en2020/duplicate-entry'],
    [
      'slot-collision',
      'test/fixtures/en-2020/slot-collision.txt:11:1 error Defensive and Dodge both claim Blood Bowl agility 1-3·4',
      'random-table/slot-collision',
    ],
    ['malformed-marker', 'test/fixtures/en-2020/malformed-marker.txt:6:1 error', 'en2020/malformed-marker'],
    ['malformed-marker', 'test/fixtures/en-2020/malformed-marker.txt:11:1 error', 'en2020/malformed-marker'],
    ['question-without-answer', 'test/fixtures/en-2020/question-without-answer.txt:7:1 error', 'en2020/question-without-answer'],
    ['question-without-answer', 'test/fixtures/en-2020/question-without-answer.txt:11:1 error', 'en2020/question-without-answer'],
    ['missing-marker', 'test/fixtures/en-2020/missing-marker.txt:5:1 error', 'en2020/missing-marker'],
    [
      'conflicting-ruling',
      'test/fixtures/en-2020/conflicting-ruling.txt:16:1 error The same question is printed here and on line 7 with a different answer',
      'en2020/conflicting-ruling',
    ],
    [
      'answer-without-question',
      'test/fixtures/en-2020/answer-without-question.txt:6:1 error An answer with no question before it',
      'en2020/answer-without-question',
    ],
    ['bad-name', 'test/fixtures/en-2020/bad-name.txt:3:1 error', 'en2020/bad-name'],
  ])('%s: %s', (name, prefix, code) => {
    expect(printed(name).some((line) => line.startsWith(prefix) && line.includes(`[${code}]`))).toBe(true);
  });
});
