/**
 * Published ids never change meaning. test/golden/published-ids.json lists
 * every id ever published with what it means (the record's name, the
 * ruling's question). An id may be added (UPDATE=1 appends new ones, review
 * the diff) but never removed or repointed.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { repoRoot, rulings, skills } from './helpers.ts';

interface Golden {
  records: Record<string, string>;
  rulings: Record<string, string>;
}

const path = join(repoRoot, 'test/golden/published-ids.json');
const current = (): Golden => ({
  records: Object.fromEntries(skills().map((r) => [r.id, `${r.edition}: ${r.name}`])),
  rulings: Object.fromEntries(rulings().map((r) => [r.id, r.question])),
});

it('keeps every published id, with the same meaning', () => {
  const now = current();
  if (!existsSync(path) && !process.env.UPDATE) throw new Error('test/golden/published-ids.json is missing: run UPDATE=1 npm test and review it');
  const golden: Golden = existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : { records: {}, rulings: {} };
  for (const kind of ['records', 'rulings'] as const) {
    for (const [id, meaning] of Object.entries(golden[kind])) {
      expect(now[kind][id], `${kind} id ${id} was published as "${meaning}"`).toBe(meaning);
    }
  }
  if (process.env.UPDATE) {
    const merged: Golden = {
      records: Object.fromEntries(Object.entries({ ...golden.records, ...now.records }).sort(([a], [b]) => a.localeCompare(b))),
      rulings: Object.fromEntries(Object.entries({ ...golden.rulings, ...now.rulings }).sort(([a], [b]) => a.localeCompare(b))),
    };
    writeFileSync(path, `${JSON.stringify(merged, null, 2)}\n`);
  }
  const written: Golden = JSON.parse(readFileSync(path, 'utf8'));
  expect(Object.keys(written.records).length).toBeGreaterThanOrEqual(98);
  expect(Object.keys(written.rulings).length).toBeGreaterThanOrEqual(100);
});

it('derives record ids from names and ruling ids from questions, not from positions', () => {
  for (const r of skills()) expect(r.id.startsWith(`${r.edition}/`)).toBe(true);
  expect(skills().find((r) => r.name === 'Timmm-ber!')!.id).toBe('en-2020/timmm-ber');
  expect(skills().find((r) => r.displayName === 'Loner (X+)*')!.id).toBe('en-2020/loner');
});
