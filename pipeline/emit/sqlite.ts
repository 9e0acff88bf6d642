/**
 * dist/data/nuffle-codex.sqlite: the dataset as one SQLite database, built in
 * memory with Node's built-in `node:sqlite` (no native dependency) and
 * serialised to bytes. One table per data file, keys and foreign keys that
 * mirror the contract, join tables for list fields, the alias index (`aliases`,
 * names.json) and an FTS5 table `search` over names in every language, every
 * alias and rule text (accents folded, so `chataigne` finds Châtaigne).
 *
 * Deterministic: the same data gives the same bytes (fixed page size, rows
 * inserted in id order in one transaction, no timestamps).
 */
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import type { DataBundle } from '../model/dataset.ts';
import type { NameEntry } from '../model/schema-types.ts';

export const SQLITE_FILE = 'nuffle-codex.sqlite';

/** The DDL, in creation order. Column comments say which JSON field each mirrors. */
const SQLITE_SCHEMA = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
CREATE TABLE editions (
  id TEXT PRIMARY KEY, label TEXT NOT NULL, lang TEXT NOT NULL, source TEXT NOT NULL, file TEXT NOT NULL,
  sha256 TEXT NOT NULL, parser TEXT NOT NULL, note TEXT, records INTEGER NOT NULL, rulings INTEGER NOT NULL
) STRICT;
CREATE TABLE concepts (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, name_en TEXT, name_fr TEXT, kind TEXT NOT NULL, category TEXT NOT NULL,
  compulsory INTEGER, compulsory_from TEXT REFERENCES skills(id)
) STRICT;
CREATE TABLE skills (
  id TEXT PRIMARY KEY, edition TEXT NOT NULL REFERENCES editions(id), lang TEXT NOT NULL, name TEXT NOT NULL,
  display_name TEXT NOT NULL, parameter TEXT, compulsory INTEGER, kind TEXT NOT NULL, category TEXT NOT NULL,
  text TEXT NOT NULL, concept TEXT REFERENCES concepts(id), source_id TEXT NOT NULL, line_start INTEGER NOT NULL, line_end INTEGER NOT NULL
) STRICT;
CREATE INDEX skills_concept ON skills(concept);
CREATE TABLE skill_games (record TEXT NOT NULL REFERENCES skills(id), game TEXT NOT NULL, PRIMARY KEY (record, game)) STRICT;
CREATE TABLE skill_errata (record TEXT NOT NULL REFERENCES skills(id), erratum TEXT NOT NULL, PRIMARY KEY (record, erratum)) STRICT;
CREATE TABLE concept_records (concept TEXT NOT NULL REFERENCES concepts(id), record TEXT NOT NULL REFERENCES skills(id), PRIMARY KEY (concept, record)) STRICT;
CREATE TABLE concept_relations (
  concept TEXT NOT NULL REFERENCES concepts(id), type TEXT NOT NULL, other TEXT NOT NULL REFERENCES concepts(id),
  record TEXT NOT NULL REFERENCES skills(id), PRIMARY KEY (concept, type, other, record)
) STRICT;
CREATE TABLE crosswalk (
  record TEXT PRIMARY KEY REFERENCES skills(id), concept TEXT NOT NULL REFERENCES concepts(id), relation TEXT NOT NULL,
  confidence TEXT NOT NULL, rationale TEXT NOT NULL, summary TEXT, summary_fr TEXT, declared_by TEXT NOT NULL, false_friend TEXT
) STRICT;
CREATE TABLE crosswalk_related (record TEXT NOT NULL REFERENCES crosswalk(record), concept TEXT NOT NULL REFERENCES concepts(id), PRIMARY KEY (record, concept)) STRICT;
CREATE TABLE rulings (
  id TEXT PRIMARY KEY, edition TEXT NOT NULL REFERENCES editions(id), question TEXT NOT NULL, answer TEXT NOT NULL,
  page_note TEXT, source_id TEXT NOT NULL, line_start INTEGER NOT NULL, line_end INTEGER NOT NULL
) STRICT;
CREATE TABLE ruling_pages (ruling TEXT NOT NULL REFERENCES rulings(id), page INTEGER NOT NULL, PRIMARY KEY (ruling, page)) STRICT;
CREATE TABLE ruling_records (ruling TEXT NOT NULL REFERENCES rulings(id), record TEXT NOT NULL REFERENCES skills(id), PRIMARY KEY (ruling, record)) STRICT;
CREATE INDEX ruling_records_record ON ruling_records(record);
CREATE TABLE ruling_occurrences (
  ruling TEXT NOT NULL REFERENCES rulings(id), record TEXT NOT NULL REFERENCES skills(id), line_start INTEGER NOT NULL,
  line_end INTEGER NOT NULL, PRIMARY KEY (ruling, record)
) STRICT;
CREATE TABLE random_tables (id TEXT PRIMARY KEY, edition TEXT NOT NULL REFERENCES editions(id), game TEXT NOT NULL, category TEXT NOT NULL) STRICT;
CREATE TABLE random_slots (
  "table" TEXT NOT NULL REFERENCES random_tables(id), roll TEXT NOT NULL, d6 INTEGER NOT NULL,
  record TEXT REFERENCES skills(id), vacancy TEXT, PRIMARY KEY ("table", roll, d6),
  CHECK ((record IS NULL) <> (vacancy IS NULL))
) STRICT;
CREATE TABLE leagues (id TEXT PRIMARY KEY, name TEXT NOT NULL) STRICT;
CREATE TABLE league_aliases (league TEXT NOT NULL REFERENCES leagues(id), text TEXT NOT NULL, PRIMARY KEY (league, text)) STRICT;
CREATE TABLE inducements (
  id TEXT PRIMARY KEY, edition TEXT NOT NULL REFERENCES editions(id), name TEXT NOT NULL, name_fr TEXT, kind TEXT NOT NULL, text TEXT NOT NULL,
  limit_max INTEGER, once_per_game INTEGER NOT NULL, confidence TEXT NOT NULL, json TEXT NOT NULL
) STRICT;
CREATE TABLE inducement_spells (id TEXT PRIMARY KEY, inducement TEXT NOT NULL REFERENCES inducements(id), name TEXT NOT NULL, text TEXT NOT NULL) STRICT;
CREATE TABLE inducement_mentions (inducement TEXT NOT NULL REFERENCES inducements(id), concept TEXT NOT NULL REFERENCES concepts(id), PRIMARY KEY (inducement, concept)) STRICT;
CREATE TABLE aliases (
  alias TEXT NOT NULL, folded TEXT NOT NULL, concept TEXT NOT NULL REFERENCES concepts(id), lang TEXT, source TEXT NOT NULL,
  record TEXT REFERENCES skills(id)
) STRICT;
CREATE INDEX aliases_folded ON aliases(folded);
CREATE TABLE migrations (
  id TEXT NOT NULL, kind TEXT NOT NULL, action TEXT NOT NULL, "to" TEXT, since TEXT NOT NULL, note TEXT NOT NULL, PRIMARY KEY (kind, id)
) STRICT;
CREATE VIRTUAL TABLE search USING fts5(kind UNINDEXED, id UNINDEXED, lang UNINDEXED, name, aliases, text, tokenize = 'unicode61 remove_diacritics 2');
`;

const bool = (value: boolean | null): number | null => (value === null ? null : value ? 1 : 0);

/** What `emitSqlite` reads: the dataset, with only the versions of its meta. */
type SqliteData = Omit<DataBundle, 'meta'> & { meta: Pick<DataBundle['meta'], 'datasetVersion' | 'schemaVersion'> };

type Rows = readonly (readonly SQLInputValue[])[];

/**
 * Every table's rows, in insertion order (the DDL's order), each row in its
 * columns' order.
 */
const TABLE_ROWS: readonly (readonly [table: string, rows: (data: SqliteData) => Rows])[] = [
  [
    'meta',
    (data) => [
      ['datasetVersion', data.meta.datasetVersion],
      ['schemaVersion', data.meta.schemaVersion],
    ],
  ],
  ['editions', (data) => data.editions.map((e) => [e.id, e.label, e.lang, e.source, e.file, e.sha256, e.parser, e.note ?? null, e.records, e.rulings])],
  [
    'concepts',
    (data) => data.concepts.map((c) => [c.id, c.name, c.names.en ?? null, c.names.fr ?? null, c.kind, c.category, bool(c.compulsory), c.compulsoryFrom]),
  ],
  [
    'skills',
    (data) =>
      data.skills.map((s) => [
        s.id,
        s.edition,
        s.lang,
        s.name,
        s.displayName,
        s.parameter,
        bool(s.compulsory),
        s.kind,
        s.category,
        s.text,
        s.concept,
        s.source.id,
        s.source.lines[0],
        s.source.lines[1],
      ]),
  ],
  ['skill_games', (data) => data.skills.flatMap((s) => s.games.map((g) => [s.id, g]))],
  ['skill_errata', (data) => data.skills.flatMap((s) => s.source.errata.map((e) => [s.id, e]))],
  ['concept_records', (data) => data.concepts.flatMap((c) => c.records.map((r) => [c.id, r]))],
  ['concept_relations', (data) => data.concepts.flatMap((c) => c.relations.map((r) => [c.id, r.type, r.concept, r.record]))],
  [
    'crosswalk',
    (data) =>
      data.crosswalk.map((r) => [
        r.record,
        r.concept,
        r.relation,
        r.confidence,
        r.rationale,
        r.summary ?? null,
        r.summaryFr ?? null,
        r.declaredBy,
        r.falseFriend,
      ]),
  ],
  ['crosswalk_related', (data) => data.crosswalk.flatMap((r) => r.related.map((c) => [r.record, c]))],
  ['rulings', (data) => data.rulings.map((r) => [r.id, r.edition, r.question, r.answer, r.pageNote, r.source.id, r.source.lines[0], r.source.lines[1]])],
  ['ruling_pages', (data) => data.rulings.flatMap((r) => r.pages.map((p) => [r.id, p]))],
  ['ruling_records', (data) => data.rulings.flatMap((r) => r.records.map((record) => [r.id, record]))],
  ['ruling_occurrences', (data) => data.rulings.flatMap((r) => r.occurrences.map((o) => [r.id, o.record, o.lines[0], o.lines[1]]))],
  ['random_tables', (data) => data.randomTables.map((t) => [t.id, t.edition, t.game, t.category])],
  ['random_slots', (data) => data.randomTables.flatMap((t) => t.slots.map((s) => [t.id, s.roll, s.d6, s.record, s.vacancy]))],
  ['leagues', (data) => data.leagues.map((l) => [l.id, l.name])],
  ['league_aliases', (data) => data.leagues.flatMap((l) => l.aliases.map((a) => [l.id, a.text]))],
  [
    'inducements',
    (data) =>
      data.inducements.map((i) => [
        i.id,
        i.edition,
        i.name,
        i.nameFr ?? null,
        i.kind,
        i.text,
        i.limits.max,
        i.limits.oncePerGame ? 1 : 0,
        i.confidence,
        JSON.stringify(i),
      ]),
  ],
  ['inducement_spells', (data) => data.inducements.flatMap((i) => i.spells.map((s) => [s.id, i.id, s.name, s.text]))],
  ['inducement_mentions', (data) => data.inducements.flatMap((i) => i.mentions.map((c) => [i.id, c]))],
  ['aliases', (data) => data.names.map((n) => [n.alias, n.folded, n.concept, n.lang, n.source, n.record])],
  ['migrations', (data) => (data.migrations ?? []).map((m) => [m.id, m.kind, m.action, m.to, m.since, m.note])],
  ['search', (data) => searchRows(data)],
];

/** The database's bytes. `data` must be the validated dataset (ids resolve). */
export function emitSqlite(data: SqliteData): Uint8Array {
  // Stryker disable next-line StringLiteral: an empty name is a private temporary database, serialised to the same bytes
  const db = new DatabaseSync(':memory:');
  try {
    // Stryker disable next-line StringLiteral,CallExpression: both are node:sqlite's defaults (4096-byte pages, foreign keys on); stated so the bytes do not hang on a default
    db.exec('PRAGMA page_size = 4096; PRAGMA foreign_keys = ON;');
    db.exec(SQLITE_SCHEMA);
    db.exec('BEGIN');
    // Concepts and skills refer to each other: the keys are checked at the commit.
    db.exec('PRAGMA defer_foreign_keys = ON');
    for (const [table, rows] of TABLE_ROWS) insertRows(db, table, rows(data));
    db.exec('COMMIT');
    db.exec("INSERT INTO search(search) VALUES ('optimize')");
    db.exec('VACUUM');
    return db.serialize();
  } finally {
    // Stryker disable next-line CallExpression: closing frees memory after the bytes are taken; nothing reads the database afterwards
    db.close();
  }
}

function insertRows(db: DatabaseSync, table: string, rows: Rows): void {
  if (!rows.length) return;
  const statement = db.prepare(`INSERT INTO ${table} VALUES (${rows[0]!.map(() => '?').join(', ')})`);
  for (const row of rows) statement.run(...row);
}

type SearchRow = readonly [kind: string, id: string, lang: string, name: string, aliases: string, text: string];

/**
 * A spelling the full-text index carries: every one of the alias index but a
 * retired record id (`en-traits-alt/breathe-fire`): its tokens (`en`, `traits`,
 * `alt`, …) would rank the concept it went to above the living concept that
 * bears its words. Retired ids are looked up whole, in `aliases` and `migrations`.
 */
const searchesSpelling = (n: Pick<NameEntry, 'alias' | 'source'>): boolean => n.source !== 'retired' || !n.alias.includes('/');

/**
 * The full-text rows: every concept with its names and every spelling of the
 * alias index (as written and as its matching key, so `timmmber` and
 * `pickmeup` find their concept; not retired ids), every record, every ruling
 * under the names of the skills it is about, every inducement.
 */
function searchRows(data: Pick<DataBundle, 'concepts' | 'skills' | 'rulings' | 'inducements' | 'names'>): SearchRow[] {
  const conceptOf = new Map(data.concepts.map((c) => [c.id, c]));
  const recordOf = new Map(data.skills.map((s) => [s.id, s]));
  const spellings = new Map<string, Set<string>>();
  for (const n of data.names.filter(searchesSpelling)) {
    const set = spellings.get(n.concept) ?? new Set<string>();
    set.add(n.alias).add(n.folded);
    spellings.set(n.concept, set);
  }
  const unique = (names: readonly (string | null | undefined)[]): string => names.filter((n, i, all): n is string => !!n && all.indexOf(n) === i).join(' · ');
  return [
    ...data.concepts.map(
      (c): SearchRow => ['concept', c.id, c.names.en ? 'en' : 'fr', unique([c.names.en, c.names.fr]), [...(spellings.get(c.id) ?? [])].join(' · '), ''],
    ),
    ...data.skills.map((s): SearchRow => {
      const concept = s.concept ? conceptOf.get(s.concept) : undefined;
      return ['record', s.id, s.lang, unique([s.name, concept?.names.en, concept?.names.fr]), '', s.text];
    }),
    ...data.rulings.map((r): SearchRow => ['ruling', r.id, 'en', unique(r.records.map((id) => recordOf.get(id)?.name)), '', `${r.question}\n${r.answer}`]),
    ...data.inducements.map(
      (i): SearchRow => [
        'inducement',
        i.id,
        'en',
        i.name,
        '',
        [i.text, ...i.abilities.map((a) => `${a.name}\n${a.text}`), ...i.spells.map((s) => `${s.name}\n${s.text}`)].join('\n'),
      ],
    ),
  ];
}
