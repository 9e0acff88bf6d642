/**
 * docs/DIAGNOSTICS.md names, for every code, the fixture that shows it: each
 * code of the table has a row in "The fixture that shows each code", every
 * file named exists, and a broken-input case or fixture pair named there
 * raises that code.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { parse } from 'yaml';
import { repoRoot } from './helpers.ts';

const doc = readFileSync(join(repoRoot, 'docs/DIAGNOSTICS.md'), 'utf8');
const [reference, fixtures] = doc.split('## The fixture that shows each code') as [string, string | undefined];

it('has a fixture section', () => {
  expect(fixtures).toBeDefined();
});

it('gives every code of the table a row, and every case named raises its code', () => {
  const codes = [...reference.matchAll(/^\| `([a-z0-9-]+\/[a-z0-9-]+)` \| (?:error|warning) \|/gm)].map((m) => m[1]!);
  expect(codes.length).toBeGreaterThan(50);
  const rows = new Map([...(fixtures ?? '').matchAll(/^\| `([^`]+)` \| (.+) \|$/gm)].map((m) => [m[1]!, [...m[2]!.matchAll(/`([^`]+)`/g)].map((f) => f[1]!)]));
  for (const code of codes) {
    expect(rows.has(code), `${code} has no row in "The fixture that shows each code"`).toBe(true);
    for (const file of rows.get(code)!) {
      expect(existsSync(join(repoRoot, file)), file).toBe(true);
      const text = readFileSync(join(repoRoot, file), 'utf8');
      if (file.startsWith('test/fixtures/bad/')) expect((parse(text) as { expect: { code: string } }).expect.code, file).toBe(code);
      else if (file.startsWith('test/fixtures/')) expect(text, file).toContain(code);
    }
  }
  const withFixture = codes.filter((code) => (rows.get(code) ?? []).length > 0);
  expect(withFixture.length / codes.length).toBeGreaterThan(0.85);
});
