/**
 * Every ruling's links, reviewed by reading each of the 100 questions:
 * test/golden/ruling-links.json maps each question to the records it is
 * linked to (where it is printed + every entry it names). Regenerate with
 * UPDATE=1 only after reviewing the change.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { repoRoot, rulings } from './helpers.ts';

const path = join(repoRoot, 'test/golden/ruling-links.json');

it('links every ruling to the reviewed set of records', () => {
  const actual = Object.fromEntries(
    rulings()
      .map((r) => [`${r.source.lines[0]}: ${r.question}`, r.records] as const)
      .sort(([a], [b]) => Number.parseInt(a, 10) - Number.parseInt(b, 10)),
  );
  if (process.env.UPDATE) writeFileSync(path, `${JSON.stringify(actual, null, 2)}\n`);
  if (!existsSync(path)) throw new Error('test/golden/ruling-links.json is missing: run UPDATE=1 npm test and review it');
  expect(actual).toEqual(JSON.parse(readFileSync(path, 'utf8')));
});

it('links the Frenzy question about "a Rooted player" to Take Root (alias Rooted)', () => {
  const ruling = rulings().find((r) => r.question.includes('against a Rooted player'))!;
  expect(ruling.records).toEqual(['en-2020/frenzy', 'en-2020/take-root']);
});
