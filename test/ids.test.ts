/**
 * Published ids never change meaning. test/golden/published-ids.json lists
 * every id ever published with what it means (the record's name, the
 * ruling's question). An id may be added (UPDATE=1 appends new ones, review
 * the diff) but never removed or repointed: an id the data no longer has
 * needs a migration, and one kept through a rename may change its name.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import type { Concept, Inducement, League, MigrationAnnotations } from '../pipeline/model/schema-types.ts';
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

/** What the sources say became of retired ids, and the ids kept through a rename. */
const migrationFile = () => parseYaml(readFileSync(join(repoRoot, 'sources/annotations/migrations.yaml'), 'utf8')) as MigrationAnnotations;
const KIND_OF: Record<Kind, string> = {
  records: 'record',
  rulings: 'ruling',
  concepts: 'concept',
  inducements: 'inducement',
  spells: 'spell',
  leagues: 'league',
};

it('keeps every published id, with the same meaning, or migrated as the sources say', () => {
  const now = current();
  if (!existsSync(path) && !process.env.UPDATE) throw new Error('test/golden/published-ids.json is missing: run npm run golden and review it');
  const empty = () => Object.fromEntries(KINDS.map((k) => [k, {}])) as Golden;
  const golden: Golden = { ...empty(), ...(existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : {}) };
  const { migrations, keep = [] } = migrationFile();
  const migrated = new Set(migrations.map((m) => `${m.kind} ${m.id}`));
  const kept = new Set(keep.map((k) => k.id as string));
  const renamedConcepts = new Set(keep.map((k) => k.id.slice(k.id.indexOf('/') + 1)));
  for (const kind of KINDS) {
    for (const [id, meaning] of Object.entries(golden[kind])) {
      if (!(id in now[kind])) {
        // A retired id still leads somewhere: the sources say what became of it.
        expect(migrated.has(`${KIND_OF[kind]} ${id}`), `${KIND_OF[kind]} id ${id} ("${meaning}") is gone without a migration`).toBe(true);
        continue;
      }
      // An id kept through a rename names the same rule under its new name.
      if ((kind === 'records' && kept.has(id)) || (kind === 'concepts' && renamedConcepts.has(id))) continue;
      expect(now[kind][id], `${kind} id ${id} was published as "${meaning}"`).toBe(meaning);
    }
  }
  if (process.env.UPDATE) {
    // Retired ids stay: the list is of every id ever published.
    const merged = Object.fromEntries(
      KINDS.map((kind) => [kind, Object.fromEntries(Object.entries({ ...golden[kind], ...now[kind] }).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))]),
    ) as Golden;
    writeFileSync(path, `${JSON.stringify(merged, null, 2)}\n`);
  }
  // Every id published now is recorded (after npm run golden).
  const written: Golden = JSON.parse(readFileSync(path, 'utf8'));
  for (const kind of KINDS)
    for (const id of Object.keys(now[kind]))
      expect(written[kind], `${kind} id ${id} is not in test/golden/published-ids.json: npm run golden`).toHaveProperty([id]);
});

it('derives record ids from names and ruling ids from questions, not from positions', () => {
  for (const r of skills()) expect(r.id.startsWith(`${r.edition}/`)).toBe(true);
  expect(skills().find((r) => r.name === 'Timmm-ber!')!.id).toBe('en-2020/timmm-ber');
  expect(skills().find((r) => r.displayName === 'Loner (X+)*')!.id).toBe('en-2020/loner');
});
