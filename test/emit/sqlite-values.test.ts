/**
 * dist/data/nuffle-codex.sqlite holds the values of the JSON data files: every
 * table and join table, every row and every column, derived here from the
 * JSON (by column name, not position) and compared with what the database
 * returns. A table the database gains without a derivation here fails.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDataBundle, type DataBundle } from '../../pipeline/model/dataset.ts';
import { SQLITE_FILE } from '../../pipeline/emit/sqlite.ts';
import { realBuild } from '../helpers.ts';
import { searchQuery } from '../names/surfaces.ts';

type Row = Record<string, string | number | null>;

const bool = (value: boolean | null): number | null => (value === null ? null : value ? 1 : 0);

/** Every table's rows, from the JSON data alone. */
function expectedTables(d: DataBundle): Record<string, Row[]> {
  const conceptOf = new Map(d.concepts.map((c) => [c.id, c]));
  return {
    meta: [
      { key: 'datasetVersion', value: d.meta.datasetVersion },
      { key: 'schemaVersion', value: d.meta.schemaVersion },
    ],
    editions: d.editions.map((e) => ({
      id: e.id,
      label: e.label,
      lang: e.lang,
      source: e.source,
      file: e.file,
      sha256: e.sha256,
      parser: e.parser,
      note: e.note ?? null,
      records: e.records,
      rulings: e.rulings,
    })),
    concepts: d.concepts.map((c) => ({
      id: c.id,
      name: c.name,
      name_en: c.names.en,
      name_fr: c.names.fr ?? null,
      kind: c.kind,
      category: c.category,
      compulsory: bool(c.compulsory),
      compulsory_from: c.compulsoryFrom,
    })),
    skills: d.skills.map((s) => ({
      id: s.id,
      edition: s.edition,
      lang: s.lang,
      name: s.name,
      display_name: s.displayName,
      parameter: s.parameter,
      compulsory: bool(s.compulsory),
      kind: s.kind,
      category: s.category,
      text: s.text,
      concept: s.concept,
      source_id: s.source.id,
      line_start: s.source.lines[0],
      line_end: s.source.lines[1],
    })),
    skill_games: d.skills.flatMap((s) => s.games.map((game) => ({ record: s.id, game }))),
    skill_errata: d.skills.flatMap((s) => s.source.errata.map((erratum) => ({ record: s.id, erratum }))),
    concept_records: d.concepts.flatMap((c) => c.records.map((record) => ({ concept: c.id, record }))),
    concept_relations: d.concepts.flatMap((c) => c.relations.map((r) => ({ concept: c.id, type: r.type, other: r.concept, record: r.record }))),
    crosswalk: d.crosswalk.map((r) => ({
      record: r.record,
      concept: r.concept,
      relation: r.relation,
      confidence: r.confidence,
      rationale: r.rationale,
      summary: r.summary ?? null,
      declared_by: r.declaredBy,
      false_friend: r.falseFriend,
    })),
    crosswalk_related: d.crosswalk.flatMap((r) => r.related.map((concept) => ({ record: r.record, concept }))),
    rulings: d.rulings.map((r) => ({
      id: r.id,
      edition: r.edition,
      question: r.question,
      answer: r.answer,
      page_note: r.pageNote,
      source_id: r.source.id,
      line_start: r.source.lines[0],
      line_end: r.source.lines[1],
    })),
    ruling_pages: d.rulings.flatMap((r) => r.pages.map((page) => ({ ruling: r.id, page }))),
    ruling_records: d.rulings.flatMap((r) => r.records.map((record) => ({ ruling: r.id, record }))),
    ruling_occurrences: d.rulings.flatMap((r) => r.occurrences.map((o) => ({ ruling: r.id, record: o.record, line_start: o.lines[0], line_end: o.lines[1] }))),
    random_tables: d.randomTables.map((t) => ({ id: t.id, edition: t.edition, game: t.game, category: t.category })),
    random_slots: d.randomTables.flatMap((t) => t.slots.map((s) => ({ table: t.id, roll: s.roll, d6: s.d6, record: s.record, vacancy: s.vacancy }))),
    leagues: d.leagues.map((l) => ({ id: l.id, name: l.name })),
    league_aliases: d.leagues.flatMap((l) => l.aliases.map((a) => ({ league: l.id, text: a.text }))),
    inducements: d.inducements.map((i) => ({
      id: i.id,
      edition: i.edition,
      name: i.name,
      kind: i.kind,
      text: i.text,
      limit_max: i.limits.max,
      once_per_game: i.limits.oncePerGame ? 1 : 0,
      confidence: i.confidence,
      json: JSON.stringify(i),
    })),
    inducement_spells: d.inducements.flatMap((i) => i.spells.map((s) => ({ id: s.id, inducement: i.id, name: s.name, text: s.text }))),
    inducement_mentions: d.inducements.flatMap((i) => i.mentions.map((concept) => ({ inducement: i.id, concept }))),
    aliases: d.names.map((n) => ({ alias: n.alias, folded: n.folded, concept: n.concept, lang: n.lang, source: n.source, record: n.record })),
    migrations: d.migrations.map((m) => ({ id: m.id, kind: m.kind, action: m.action, to: m.to, since: m.since, note: m.note })),
    // Full-text search: every concept's names and its aliases (as written and folded), every record's names (its own and its concept's),
    // every ruling under its skills' names, every inducement.
    search: [
      ...d.concepts.map((c) => ({
        kind: 'concept',
        id: c.id,
        lang: 'en',
        name: [...new Set([c.names.en, c.names.fr].filter(Boolean))].join(' · '),
        aliases: [...new Set(d.names.filter((n) => n.concept === c.id).flatMap((n) => [n.alias, n.folded]))].join(' · '),
        text: '',
      })),
      ...d.skills.map((s) => {
        const c = s.concept ? conceptOf.get(s.concept) : undefined;
        return {
          kind: 'record',
          id: s.id,
          lang: s.lang,
          name: [...new Set([s.name, c?.names.en, c?.names.fr].filter(Boolean))].join(' · '),
          aliases: '',
          text: s.text,
        };
      }),
      ...d.rulings.map((r) => ({
        kind: 'ruling',
        id: r.id,
        lang: 'en',
        name: [...new Set(r.records.map((id) => d.skills.find((s) => s.id === id)?.name))].join(' · '),
        aliases: '',
        text: `${r.question}\n${r.answer}`,
      })),
      ...d.inducements.map((i) => ({
        kind: 'inducement',
        id: i.id,
        lang: 'en',
        name: i.name,
        aliases: '',
        text: [i.text, ...i.abilities.map((a) => `${a.name}\n${a.text}`), ...i.spells.map((s) => `${s.name}\n${s.text}`)].join('\n'),
      })),
    ],
  };
}

const canonical = (rows: readonly Row[]): string[] => rows.map((r) => JSON.stringify(Object.entries(r).sort(([a], [b]) => (a < b ? -1 : 1)))).sort();

let dir: string;
let db: DatabaseSync;
let data: DataBundle;
let expected: Record<string, Row[]>;

beforeAll(() => {
  const build = realBuild();
  data = parseDataBundle((file) => build.files.get(file) ?? null);
  expected = expectedTables(data);
  dir = mkdtempSync(join(tmpdir(), 'nuffle-sqlite-values-'));
  writeFileSync(join(dir, SQLITE_FILE), build.assets.get(SQLITE_FILE)!);
  db = new DatabaseSync(join(dir, SQLITE_FILE), { readOnly: true });
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const rows = (table: string): Row[] => db.prepare(`SELECT * FROM "${table}"`).all() as Row[];
const tables = (): string[] =>
  (
    db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'search\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
      )
      .all() as { name: string }[]
  ).map((r) => r.name);

describe('the SQLite database', () => {
  it('has exactly the tables derived here from the JSON data', () => {
    expect(tables()).toEqual(Object.keys(expected).sort());
  });

  it('gives every table the columns of its derivation', () => {
    for (const table of tables()) {
      const columns = (db.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[]).map((c) => c.name);
      const derived = Object.keys(expected[table]![0] ?? Object.fromEntries(columns.map((c) => [c, null])));
      expect(columns.sort(), table).toEqual(derived.sort());
    }
  });

  it.each([
    'meta',
    'editions',
    'concepts',
    'skills',
    'crosswalk',
    'rulings',
    'random_tables',
    'leagues',
    'inducements',
    'inducement_spells',
    'aliases',
    'migrations',
  ])('holds every row of %s with the values of the JSON data', (table) => {
    expect(canonical(rows(table))).toEqual(canonical(expected[table]!));
  });

  it.each([
    'skill_games',
    'skill_errata',
    'concept_records',
    'concept_relations',
    'crosswalk_related',
    'ruling_pages',
    'ruling_records',
    'ruling_occurrences',
    'random_slots',
    'league_aliases',
    'inducement_mentions',
  ])('holds every item of the list behind join table %s, once', (table) => {
    const got = canonical(rows(table));
    expect(got).toEqual(canonical(expected[table]!));
    expect(new Set(got).size).toBe(got.length);
  });

  it('indexes for full-text search every concept, record, ruling and inducement with its names and text', () => {
    expect(canonical(rows('search'))).toEqual(canonical(expected.search!));
  });

  it('finds every record by each of its words, without accents, through FTS5', () => {
    const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '');
    const find = db.prepare('SELECT id FROM search WHERE search MATCH ?');
    for (const s of data.skills) {
      const word = fold(s.name).match(/\p{L}{3,}/u)?.[0];
      if (!word) continue;
      expect(
        (find.all(`name:"${word.toLowerCase()}"`) as { id: string }[]).map((r) => r.id),
        s.id,
      ).toContain(s.id);
    }
  });

  it('searches user input safely, quoted as docs/DATA.md shows: no input is a syntax error, and each finds its concept first', () => {
    const search = db.prepare("SELECT kind, id FROM search WHERE search MATCH ? AND kind = 'concept' ORDER BY rank LIMIT 1");
    const cases = {
      'Pick-Me-Up': 'pick-me-up',
      "nerf d'acier": 'nerves-of-steel',
      'Mighty Blow (+1)': 'mighty-blow',
      'ball & chain': 'ball-and-chain',
      Timmmber: 'timmm-ber',
    };
    for (const [text, concept] of Object.entries(cases)) expect((search.get(searchQuery(text)!) as { id: string } | undefined)?.id, text).toBe(concept);
    for (const hostile of ['"', 'NEAR(a b', 'a*', '-x', 'AND OR NOT', '{name}: x', 'x" OR "y', 'a""b']) {
      const query = searchQuery(hostile);
      if (query !== null) expect(() => search.all(query), hostile).not.toThrow();
    }
  });

  it('filters full-text results by kind, and carries a ruling under the names of its skills', () => {
    const kinds = (query: string, kind: string) =>
      (db.prepare('SELECT DISTINCT kind FROM search WHERE search MATCH ? AND kind = ?').all(query, kind) as { kind: string }[]).map((r) => r.kind);
    expect(kinds('name:"dodge"', 'ruling')).toEqual(['ruling']);
    const ruling = data.rulings.find((r) => r.records.length > 0)!;
    const name = data.skills.find((s) => s.id === ruling.records[0])!.name;
    const hits = db.prepare("SELECT id FROM search WHERE search MATCH ? AND kind = 'ruling'").all(searchQuery(name)!) as { id: string }[];
    expect(hits.map((h) => h.id)).toContain(ruling.id);
  });

  it('joins every record to its concept and every slot to its record, with no dangling key', () => {
    expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    const joined = db.prepare('SELECT s.id AS record, c.id AS concept FROM skills s JOIN concepts c ON c.id = s.concept').all() as {
      record: string;
      concept: string;
    }[];
    expect(joined.map((r) => `${r.record} ${r.concept}`).sort()).toEqual(
      data.skills
        .filter((s) => s.concept)
        .map((s) => `${s.id} ${s.concept}`)
        .sort(),
    );
  });
});
