/**
 * Published ids never change meaning. test/golden/published-ids.json lists
 * every id ever published with what it means (the record's name, the
 * ruling's question). An id may be added (UPDATE=1 appends new ones, review
 * the diff) but never removed or repointed: an id the data no longer has
 * needs a migration, and one kept through a rename may change its name.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import type { Concept, Inducement, League, MigrationAnnotations } from '../pipeline/model/schema-types.ts';
import { slugify } from '../pipeline/model/slug.ts';
import { realData, repoRoot, rulings, skills } from './helpers.ts';

type Kind = 'records' | 'rulings' | 'concepts' | 'inducements' | 'spells' | 'leagues';
type Golden = Record<Kind, Record<string, string>>;
const KINDS: Kind[] = ['records', 'rulings', 'concepts', 'inducements', 'spells', 'leagues'];

const path = join(repoRoot, 'test/golden/published-ids.json');
const emptyGolden = () => Object.fromEntries(KINDS.map((k) => [k, {}])) as Golden;
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

/**
 * The same rule under the same id: the meaning as published, or a name the id
 * is still made from (an accent or a capital fixed: `Chaine et boulet` →
 * `Chaîne et boulet` keeps `fr-legacy/chaine-et-boulet`). That is the rename
 * with a kept id `nuffle check` accepts and `nuffle diff` reports as
 * `record-renamed`; the test and the pipeline agree through model/slug.ts.
 */
const sameRule = (kind: Kind, then: string, now: string): boolean =>
  then === now || (kind !== 'rulings' && slugify(then.slice(then.indexOf(': ') + 2)) === slugify(now.slice(now.indexOf(': ') + 2)));

/** What is wrong with the ids published now against every id ever published (`golden`), given the migrations and kept ids. */
function idProblems(golden: Golden, now: Golden, { migrations, keep = [] }: MigrationAnnotations): string[] {
  const migrated = new Set(migrations.map((m) => `${m.kind} ${m.id}`));
  const kept = new Set(keep.map((k) => k.id as string));
  const renamedConcepts = new Set(keep.map((k) => k.id.slice(k.id.indexOf('/') + 1)));
  const problems: string[] = [];
  for (const kind of KINDS) {
    for (const [id, meaning] of Object.entries(golden[kind])) {
      // A retired id still leads somewhere: the sources say what became of it.
      if (!(id in now[kind])) {
        if (!migrated.has(`${KIND_OF[kind]} ${id}`)) problems.push(`${KIND_OF[kind]} id ${id} ("${meaning}") is gone without a migration`);
        continue;
      }
      // An id kept through a rename names the same rule under its new name.
      if ((kind === 'records' && kept.has(id)) || (kind === 'concepts' && renamedConcepts.has(id))) continue;
      if (!sameRule(kind, meaning, now[kind][id]!)) problems.push(`${kind} id ${id} was published as "${meaning}", now "${now[kind][id]}"`);
    }
  }
  return problems;
}

it('keeps every published id, with the same meaning, or migrated as the sources say', () => {
  const now = current();
  if (!existsSync(path) && !process.env.UPDATE) throw new Error('test/golden/published-ids.json is missing: run npm run golden and review it');
  const golden: Golden = { ...emptyGolden(), ...(existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : {}) };
  expect(idProblems(golden, now, migrationFile())).toEqual([]);
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

describe('idProblems (on literal ids)', () => {
  const golden = (records: Record<string, string>): Golden => ({ ...emptyGolden(), records });
  const none: MigrationAnnotations = { migrations: [] };

  it('accepts an accent fixed in a name: the id, made from the name, is the same (a rename with a kept id)', () => {
    expect(
      idProblems(
        golden({ 'fr-legacy/chaine-et-boulet': 'fr-legacy: Chaine et boulet' }),
        golden({ 'fr-legacy/chaine-et-boulet': 'fr-legacy: Chaîne et boulet' }),
        none,
      ),
    ).toEqual([]);
  });

  it('refuses an id that names another rule, and one gone without a migration', () => {
    expect(
      idProblems(golden({ 'en-2020/dodge': 'en-2020: Dodge', 'en-2020/leap': 'en-2020: Leap' }), golden({ 'en-2020/dodge': 'en-2020: Sidestep' }), none),
    ).toEqual([
      'records id en-2020/dodge was published as "en-2020: Dodge", now "en-2020: Sidestep"',
      'record id en-2020/leap ("en-2020: Leap") is gone without a migration',
    ]);
  });

  it('accepts a rename the migrations keep the id of, and an id they retire', () => {
    const migrations: MigrationAnnotations = {
      migrations: [{ id: 'en-2020/leap', kind: 'record', action: 'deleted', to: null, since: '1.0.0', note: 'gone' }],
      keep: [{ id: 'en-2020/sidestep', name: 'Side Step', since: '1.0.0', note: 'two words' }],
    };
    expect(
      idProblems(
        golden({ 'en-2020/sidestep': 'en-2020: Sidestep', 'en-2020/leap': 'en-2020: Leap' }),
        golden({ 'en-2020/sidestep': 'en-2020: Side Step' }),
        migrations,
      ),
    ).toEqual([]);
  });
});

it('derives record ids from names and ruling ids from questions, not from positions', () => {
  for (const r of skills()) expect(r.id.startsWith(`${r.edition}/`)).toBe(true);
  expect(skills().find((r) => r.name === 'Timmm-ber!')!.id).toBe('en-2020/timmm-ber');
  expect(skills().find((r) => r.displayName === 'Loner (X+)*')!.id).toBe('en-2020/loner');
});
