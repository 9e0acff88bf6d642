/**
 * Published ids never change meaning. test/golden/published-ids.json lists
 * every id ever published with what it means (the record's name, the
 * ruling's question). An id may be added (UPDATE=1 appends new ones, review
 * the diff) but never removed or repointed.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Concept, Inducement, League } from '../pipeline/model/schema-types.ts';
import { realData, repoRoot, rulings, skills } from './helpers.ts';

type Kind = 'records' | 'rulings' | 'concepts' | 'inducements' | 'spells' | 'leagues';
type Golden = Record<Kind, Record<string, string>>;
const KINDS: Kind[] = ['records', 'rulings', 'concepts', 'inducements', 'spells', 'leagues'];

const path = join(repoRoot, 'test/golden/published-ids.json');
const current = (): Golden => {
  const inducements = realData<Inducement[]>('inducements.json');
  return {
    records: Object.fromEntries(skills().map((r) => [r.id, `${r.edition}: ${r.name}`])),
    rulings: Object.fromEntries(rulings().map((r) => [r.id, r.question])),
    concepts: Object.fromEntries(realData<Concept[]>('concepts.json').map((c) => [c.id, c.name])),
    inducements: Object.fromEntries(inducements.map((r) => [r.id, r.name])),
    spells: Object.fromEntries(inducements.flatMap((r) => r.spells.map((s) => [s.id, s.name]))),
    leagues: Object.fromEntries(realData<League[]>('leagues.json').map((l) => [l.id, l.name])),
  };
};

it('keeps every published id, with the same meaning', () => {
  const now = current();
  if (!existsSync(path) && !process.env.UPDATE) throw new Error('test/golden/published-ids.json is missing: run UPDATE=1 npm test and review it');
  const empty = () => Object.fromEntries(KINDS.map((k) => [k, {}])) as Golden;
  const golden: Golden = { ...empty(), ...(existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : {}) };
  for (const kind of KINDS) {
    for (const [id, meaning] of Object.entries(golden[kind])) {
      expect(now[kind][id], `${kind} id ${id} was published as "${meaning}"`).toBe(meaning);
    }
  }
  if (process.env.UPDATE) {
    const merged = Object.fromEntries(
      KINDS.map((kind) => [kind, Object.fromEntries(Object.entries({ ...golden[kind], ...now[kind] }).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))]),
    ) as Golden;
    writeFileSync(path, `${JSON.stringify(merged, null, 2)}\n`);
  }
  const written: Golden = JSON.parse(readFileSync(path, 'utf8'));
  expect(Object.keys(written.records).length).toBeGreaterThanOrEqual(189);
  expect(Object.keys(written.rulings).length).toBeGreaterThanOrEqual(100);
  expect(Object.keys(written.concepts).length).toBeGreaterThanOrEqual(105);
  expect(Object.keys(written.inducements).length).toBeGreaterThanOrEqual(38);
});

it('derives record ids from names and ruling ids from questions, not from positions', () => {
  for (const r of skills()) expect(r.id.startsWith(`${r.edition}/`)).toBe(true);
  expect(skills().find((r) => r.name === 'Timmm-ber!')!.id).toBe('en-2020/timmm-ber');
  expect(skills().find((r) => r.displayName === 'Loner (X+)*')!.id).toBe('en-2020/loner');
});
