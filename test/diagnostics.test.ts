import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { formatDiagnostic } from '../pipeline/model/diagnostic.ts';
import { repoRoot } from './helpers.ts';

it('lists every diagnostic code the pipeline can raise in docs/DIAGNOSTICS.md', () => {
  const doc = readFileSync(join(repoRoot, 'docs/DIAGNOSTICS.md'), 'utf8');
  const codes = new Set<string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts')) for (const m of readFileSync(full, 'utf8').matchAll(/ruleId: '([^']+)'/g)) codes.add(m[1]!);
    }
  };
  walk(join(repoRoot, 'pipeline'));
  expect(codes.size).toBeGreaterThan(15);
  for (const code of codes) expect(doc, code).toContain(`\`${code}\``);
});

it('prints file:line:column, severity, reason and code, then expected/actual', () => {
  expect(
    formatDiagnostic({
      reason: 'Dodge and Defensive both claim Blood Bowl agility 1-3·4',
      file: 'sources/raw/en-2020-skills-traits.txt',
      place: { line: 51 },
      ruleId: 'random-table/slot-collision',
      source: 'validate',
      fatal: true,
      expected: 'one entry per slot',
    }),
  ).toBe(
    'sources/raw/en-2020-skills-traits.txt:51:1 error Dodge and Defensive both claim Blood Bowl agility 1-3·4 [random-table/slot-collision]\n  expected: one entry per slot',
  );
});
