/**
 * dist/data/csv/: the dataset as CSV tables, for pandas, R and spreadsheets.
 * One table per record kind (`skills.csv`, `rulings.csv`…), and one join
 * table per list field (`skill-games.csv`, `ruling-records.csv`…): the SQLite
 * database's tables (`skill_games`) and its column names. datapackage.json gives
 * each its Table Schema (types, required, primary and foreign keys), built
 * from the table definitions below.
 *
 * RFC 4180: comma-separated, CRLF between records, a field quoted (with `"`
 * doubled) when it holds a comma, a quote, CR or LF; a text a spreadsheet
 * would run as a formula neutralised by a leading `'` (csvField); UTF-8 without a byte
 * order mark; a header line. A missing value (`null`) is an empty field, and
 * no required field is ever empty. Deterministic: rows in the order of the
 * JSON files (sorted by id), list items in their order.
 */
import { FORMULA_START } from '../model/characters.ts';
import type { DataBundle } from '../model/dataset.ts';
import type { Inducement, PriceItem } from '../model/schema-types.ts';

/** The folder of dist/data that holds the tables. */
const CSV_DIR = 'csv';

type Value = string | number | boolean | null;
type CsvData = Pick<
  DataBundle,
  'editions' | 'skills' | 'rulings' | 'randomTables' | 'concepts' | 'crosswalk' | 'inducements' | 'leagues' | 'migrations' | 'names'
>;

/** A Table Schema field, and how a row gives its value. */
interface Column<Row> {
  name: string;
  type: 'string' | 'integer' | 'boolean';
  /** Never empty (Table Schema `constraints.required`). */
  required: boolean;
  description: string;
  value: (row: Row) => Value;
}

interface CsvTable<Row = unknown> {
  /** The SQLite table's name; the file is the same in kebab case (`csv/skill-games.csv`). */
  name: string;
  /** The JSON data file the rows come from. */
  from: string;
  description: string;
  rows: (data: CsvData) => readonly Row[];
  columns: readonly Column<Row>[];
  primaryKey: readonly string[];
  /** The foreign keys: columns that name a row of another table (or a composite key of it). */
  references: readonly Reference[];
}

interface Reference {
  fields: readonly string[];
  table: string;
  columns: readonly string[];
}
/** `concept` names a row of `concepts` by its `id`: `ref('concept', 'concepts', 'id')`. */
const ref = (fields: string | readonly string[], table: string, columns: string | readonly string[]): Reference => ({
  fields: typeof fields === 'string' ? [fields] : fields,
  table,
  columns: typeof columns === 'string' ? [columns] : columns,
});

const str = <Row>(name: string, description: string, value: (row: Row) => string): Column<Row> => ({
  name,
  type: 'string',
  required: true,
  description,
  value,
});
const optStr = <Row>(name: string, description: string, value: (row: Row) => string | null): Column<Row> => ({
  name,
  type: 'string',
  required: false,
  description,
  value,
});
const int = <Row>(name: string, description: string, value: (row: Row) => number): Column<Row> => ({
  name,
  type: 'integer',
  required: true,
  description,
  value,
});
const optInt = <Row>(name: string, description: string, value: (row: Row) => number | null): Column<Row> => ({
  name,
  type: 'integer',
  required: false,
  description,
  value,
});
const bool = <Row>(name: string, description: string, value: (row: Row) => boolean): Column<Row> => ({
  name,
  type: 'boolean',
  required: true,
  description,
  value,
});
const optBool = <Row>(name: string, description: string, value: (row: Row) => boolean | null): Column<Row> => ({
  name,
  type: 'boolean',
  required: false,
  description,
  value,
});
const table = <Row>(t: CsvTable<Row>): CsvTable => t as unknown as CsvTable;

/** Each item of each list of each parent, with the parent and the item's 1-based place. */
function each<P, I>(parents: readonly P[], list: (p: P) => readonly I[]): { parent: P; item: I; n: number }[] {
  return parents.flatMap((parent) => list(parent).map((item, i) => ({ parent, item, n: i + 1 })));
}

type PriceRow = { inducement: Inducement; item: PriceItem; n: number };
const priceItems = (d: CsvData): PriceRow[] =>
  each(d.inducements, (i) => i.priceList?.items ?? []).map(({ parent, item, n }) => ({ inducement: parent, item, n }));
const ITEM_KEY = ['inducement', 'item'] as const;
const itemOf = <Row extends { parent: PriceRow }>() => [
  str<Row>('inducement', 'The inducement (price list) id.', (r) => r.parent.inducement.id),
  int<Row>('item', 'The item’s place in its price list (1-based).', (r) => r.parent.n),
];
/** A list field of a price item, one row per entry. */
function priceItemList<I>(d: CsvData, list: (item: PriceItem) => readonly I[]): { parent: PriceRow; item: I; n: number }[] {
  return each(priceItems(d), (row) => list(row.item));
}
const ITEM_REF = ref(['inducement', 'item'], 'price_items', ['inducement', 'item']);

type Pair<P, I> = { parent: P; item: I; n: number };
type Skill = CsvData['skills'][number];
type Ruling = CsvData['rulings'][number];
type Concept = CsvData['concepts'][number];
type CrosswalkRow = CsvData['crosswalk'][number];
type League = CsvData['leagues'][number];
type Table = CsvData['randomTables'][number];

/** Every table, in the order datapackage.json lists them. */
export const CSV_TABLES: readonly CsvTable[] = [
  table<CsvData['editions'][number]>({
    name: 'editions',
    from: 'editions.json',
    description: 'One row per compiled source (editions.json).',
    rows: (d) => d.editions,
    columns: [
      str('id', 'Edition id.', (e) => e.id),
      str('label', 'Edition label.', (e) => e.label),
      str('lang', 'Language (BCP 47).', (e) => e.lang),
      str('source', 'Source id.', (e) => e.source),
      str('file', 'Raw text, relative to the repository.', (e) => e.file),
      str('sha256', 'Digest of the raw text.', (e) => e.sha256),
      str('parser', 'Parser that read it.', (e) => e.parser),
      optStr('note', 'What the source is.', (e) => e.note),
      int('records', 'Records compiled from it.', (e) => e.records),
      int('rulings', 'Rulings compiled from it.', (e) => e.rulings),
    ],
    primaryKey: ['id'],
    references: [],
  }),
  table<Concept>({
    name: 'concepts',
    from: 'concepts.json',
    description: 'One row per concept: one game rule across editions and languages (concepts.json).',
    rows: (d) => d.concepts,
    columns: [
      str('id', 'Concept id.', (c) => c.id),
      str('name', 'Display name: English, or the name in the one language that has the rule.', (c) => c.name),
      optStr('name_en', 'English name (names.en); empty for a rule no English source has.', (c) => c.names.en ?? null),
      optStr('name_fr', 'French name (names.fr), when a French record is linked.', (c) => c.names.fr ?? null),
      optStr(
        'french_name',
        'The French name to show (frenchName.name): names.fr, else a reviewed usual name; empty when there is neither.',
        (c) => c.frenchName?.name ?? null,
      ),
      optStr('french_name_from', 'Where french_name comes from (frenchName.from): `source` or `reviewed`.', (c) => c.frenchName?.from ?? null),
      str('kind', '`skill` or `trait`.', (c) => c.kind),
      str('category', 'Category.', (c) => c.category),
      optBool('compulsory', 'Compulsory in the 2020 rules; empty when unknown.', (c) => c.compulsory),
      optStr('compulsory_from', 'The record the compulsory value is read from.', (c) => c.compulsoryFrom),
    ],
    primaryKey: ['id'],
    references: [ref('compulsory_from', 'skills', 'id')],
  }),
  table<Pair<Concept, string>>({
    name: 'concept_records',
    from: 'concepts.json',
    description: 'concepts.json → records: the records of each concept, in order.',
    rows: (d) => each(d.concepts, (c) => c.records),
    columns: [
      str('concept', 'Concept id.', (r) => r.parent.id),
      str('record', 'Record id.', (r) => r.item),
      int('n', 'Place in the list (1-based).', (r) => r.n),
    ],
    primaryKey: ['concept', 'record'],
    references: [ref('concept', 'concepts', 'id'), ref('record', 'skills', 'id')],
  }),
  table<Pair<Concept, Concept['relations'][number]>>({
    name: 'concept_relations',
    from: 'concepts.json',
    description: 'concepts.json → relations: replaced or split concepts.',
    rows: (d) => each(d.concepts, (c) => c.relations),
    columns: [
      str('concept', 'Concept id.', (r) => r.parent.id),
      str('type', 'Relation type.', (r) => r.item.type),
      str('other', 'The other concept.', (r) => r.item.concept),
      str('record', 'The record that states it.', (r) => r.item.record),
      int('n', 'Place in the list (1-based).', (r) => r.n),
    ],
    primaryKey: ['concept', 'type', 'other', 'record'],
    references: [ref('concept', 'concepts', 'id'), ref('other', 'concepts', 'id'), ref('record', 'skills', 'id')],
  }),
  table<Skill>({
    name: 'skills',
    from: 'skills.json',
    description: 'One row per skill or trait record of every edition and language (skills.json).',
    rows: (d) => d.skills,
    columns: [
      str('id', 'Record id.', (s) => s.id),
      str('edition', 'Edition id.', (s) => s.edition),
      str('lang', 'Language.', (s) => s.lang),
      str('name', 'Name without parameter or mark.', (s) => s.name),
      str('display_name', 'Name as printed.', (s) => s.displayName),
      optStr('parameter', 'Parameter, such as `+1` or `X+`.', (s) => s.parameter),
      optBool('compulsory', 'Compulsory (`*`); empty when the source does not say.', (s) => s.compulsory),
      str('kind', '`skill` or `trait`.', (s) => s.kind),
      str('category', 'Category.', (s) => s.category),
      str('text', 'Rule text, Markdown.', (s) => s.text),
      optStr('concept', 'Concept id.', (s) => s.concept),
      str('source_id', 'Source id (source.id).', (s) => s.source.id),
      int('line_start', 'First line in the source (source.lines[0]).', (s) => s.source.lines[0]),
      int('line_end', 'Last line in the source (source.lines[1]).', (s) => s.source.lines[1]),
    ],
    primaryKey: ['id'],
    references: [ref('edition', 'editions', 'id'), ref('concept', 'concepts', 'id')],
  }),
  table<Pair<Skill, string>>({
    name: 'skill_games',
    from: 'skills.json',
    description: 'skills.json → games.',
    rows: (d) => each(d.skills, (s) => s.games),
    columns: [str('record', 'Record id.', (r) => r.parent.id), str('game', 'Game.', (r) => r.item), int('n', 'Place in the list (1-based).', (r) => r.n)],
    primaryKey: ['record', 'game'],
    references: [ref('record', 'skills', 'id')],
  }),
  table<Pair<Skill, string>>({
    name: 'skill_errata',
    from: 'skills.json',
    description: 'skills.json → source.errata: the errata applied to each record’s text.',
    rows: (d) => each(d.skills, (s) => s.source.errata),
    columns: [
      str('record', 'Record id.', (r) => r.parent.id),
      str('erratum', 'Erratum id.', (r) => r.item),
      int('n', 'Place in the list (1-based).', (r) => r.n),
    ],
    primaryKey: ['record', 'erratum'],
    references: [ref('record', 'skills', 'id')],
  }),
  table<Pair<Skill, string>>({
    name: 'skill_rulings',
    from: 'skills.json',
    description: 'skills.json → rulings: the rulings about each record.',
    rows: (d) => each(d.skills, (s) => s.rulings),
    columns: [
      str('record', 'Record id.', (r) => r.parent.id),
      str('ruling', 'Ruling id.', (r) => r.item),
      int('n', 'Place in the list (1-based).', (r) => r.n),
    ],
    primaryKey: ['record', 'ruling'],
    references: [ref('record', 'skills', 'id'), ref('ruling', 'rulings', 'id')],
  }),
  table<Pair<Skill, Skill['randomSlots'][number]>>({
    name: 'skill_random_slots',
    from: 'skills.json',
    description: 'skills.json → randomSlots: the random-table slots of each record.',
    rows: (d) => each(d.skills, (s) => s.randomSlots),
    columns: [
      str('record', 'Record id.', (r) => r.parent.id),
      str('game', 'Game.', (r) => r.item.game),
      str('roll', 'First D6 band.', (r) => r.item.roll),
      int('d6', 'Second D6.', (r) => r.item.d6),
      int('n', 'Place in the list (1-based).', (r) => r.n),
    ],
    primaryKey: ['record', 'game', 'roll', 'd6'],
    references: [ref('record', 'skills', 'id')],
  }),
  table<CrosswalkRow>({
    name: 'crosswalk',
    from: 'crosswalk.json',
    description: 'One row per record: its concept and relation to the English 2020 rules (crosswalk.json).',
    rows: (d) => d.crosswalk,
    columns: [
      str('record', 'Record id.', (r) => r.record),
      str('concept', 'Concept id.', (r) => r.concept),
      str('relation', 'Relation to the 2020 rule.', (r) => r.relation),
      str('confidence', 'Confidence.', (r) => r.confidence),
      str('rationale', 'The evidence, for maintainers.', (r) => r.rationale),
      optStr('summary', 'What changed for a player, for readers.', (r) => r.summary),
      optStr('summary_fr', 'The same reader summary, in French.', (r) => r.summaryFr),
      str('declared_by', 'Who declared the row.', (r) => r.declaredBy),
      optStr('false_friend', 'A name that misleads across editions.', (r) => r.falseFriend),
    ],
    primaryKey: ['record'],
    references: [ref('record', 'skills', 'id'), ref('concept', 'concepts', 'id')],
  }),
  table<Pair<CrosswalkRow, string>>({
    name: 'crosswalk_related',
    from: 'crosswalk.json',
    description: 'crosswalk.json → related: other concepts a row relates to.',
    rows: (d) => each(d.crosswalk, (r) => r.related),
    columns: [
      str('record', 'Record id.', (r) => r.parent.record),
      str('concept', 'Concept id.', (r) => r.item),
      int('n', 'Place in the list (1-based).', (r) => r.n),
    ],
    primaryKey: ['record', 'concept'],
    references: [ref('record', 'crosswalk', 'record'), ref('concept', 'concepts', 'id')],
  }),
  table<Ruling>({
    name: 'rulings',
    from: 'rulings.json',
    description: 'One row per FAQ ruling (rulings.json).',
    rows: (d) => d.rulings,
    columns: [
      str('id', 'Ruling id.', (r) => r.id),
      str('edition', 'Edition id.', (r) => r.edition),
      str('question', 'Question.', (r) => r.question),
      str('answer', 'Answer.', (r) => r.answer),
      optStr('page_note', 'Note on the page reference.', (r) => r.pageNote),
      str('source_id', 'Source id.', (r) => r.source.id),
      int('line_start', 'First line of the first printing.', (r) => r.source.lines[0]),
      int('line_end', 'Last line of the first printing.', (r) => r.source.lines[1]),
    ],
    primaryKey: ['id'],
    references: [ref('edition', 'editions', 'id')],
  }),
  table<Pair<Ruling, number>>({
    name: 'ruling_pages',
    from: 'rulings.json',
    description: 'rulings.json → pages: the rulebook pages each ruling cites.',
    rows: (d) => each(d.rulings, (r) => r.pages),
    columns: [str('ruling', 'Ruling id.', (r) => r.parent.id), int('page', 'Page.', (r) => r.item), int('n', 'Place in the list (1-based).', (r) => r.n)],
    primaryKey: ['ruling', 'page'],
    references: [ref('ruling', 'rulings', 'id')],
  }),
  table<Pair<Ruling, string>>({
    name: 'ruling_records',
    from: 'rulings.json',
    description: 'rulings.json → records: the records each ruling is about.',
    rows: (d) => each(d.rulings, (r) => r.records),
    columns: [
      str('ruling', 'Ruling id.', (r) => r.parent.id),
      str('record', 'Record id.', (r) => r.item),
      int('n', 'Place in the list (1-based).', (r) => r.n),
    ],
    primaryKey: ['ruling', 'record'],
    references: [ref('ruling', 'rulings', 'id'), ref('record', 'skills', 'id')],
  }),
  table<Pair<Ruling, Ruling['occurrences'][number]>>({
    name: 'ruling_occurrences',
    from: 'rulings.json',
    description: 'rulings.json → occurrences: where each ruling is printed.',
    rows: (d) => each(d.rulings, (r) => r.occurrences),
    columns: [
      str('ruling', 'Ruling id.', (r) => r.parent.id),
      str('record', 'The record it is printed under.', (r) => r.item.record),
      int('line_start', 'First line.', (r) => r.item.lines[0]),
      int('line_end', 'Last line.', (r) => r.item.lines[1]),
      int('n', 'Place in the list (1-based).', (r) => r.n),
    ],
    primaryKey: ['ruling', 'record'],
    references: [ref('ruling', 'rulings', 'id'), ref('record', 'skills', 'id')],
  }),
  table<Pair<Ruling, string>>({
    name: 'ruling_errata',
    from: 'rulings.json',
    description: 'rulings.json → source.errata.',
    rows: (d) => each(d.rulings, (r) => r.source.errata),
    columns: [
      str('ruling', 'Ruling id.', (r) => r.parent.id),
      str('erratum', 'Erratum id.', (r) => r.item),
      int('n', 'Place in the list (1-based).', (r) => r.n),
    ],
    primaryKey: ['ruling', 'erratum'],
    references: [ref('ruling', 'rulings', 'id')],
  }),
  table<Table>({
    name: 'random_tables',
    from: 'random-tables.json',
    description: 'One row per random-skill table (random-tables.json).',
    rows: (d) => d.randomTables,
    columns: [
      str('id', 'Table id.', (t) => t.id),
      str('edition', 'Edition id.', (t) => t.edition),
      str('game', 'Game.', (t) => t.game),
      str('category', 'Category.', (t) => t.category),
    ],
    primaryKey: ['id'],
    references: [ref('edition', 'editions', 'id')],
  }),
  table<Pair<Table, Table['slots'][number]>>({
    name: 'random_slots',
    from: 'random-tables.json',
    description: 'random-tables.json → slots: the 12 slots of each table; `record` empty when `vacancy` says what the roll does.',
    rows: (d) => each(d.randomTables, (t) => t.slots),
    columns: [
      str('table', 'Table id.', (r) => r.parent.id),
      str('roll', 'First D6 band.', (r) => r.item.roll),
      int('d6', 'Second D6.', (r) => r.item.d6),
      optStr('record', 'The record the slot gives.', (r) => r.item.record),
      optStr('vacancy', '`vacant` or `re-roll` when no record holds the slot.', (r) => r.item.vacancy),
    ],
    primaryKey: ['table', 'roll', 'd6'],
    references: [ref('table', 'random_tables', 'id'), ref('record', 'skills', 'id')],
  }),
  table<League>({
    name: 'leagues',
    from: 'leagues.json',
    description: 'One row per league the price lists name (leagues.json).',
    rows: (d) => d.leagues,
    columns: [str('id', 'League id.', (l) => l.id), str('name', 'Name.', (l) => l.name)],
    primaryKey: ['id'],
    references: [],
  }),
  table<Pair<League, League['aliases'][number]>>({
    name: 'league_aliases',
    from: 'leagues.json',
    description: 'leagues.json → aliases: every spelling of each league.',
    rows: (d) => each(d.leagues, (l) => l.aliases),
    columns: [
      str('league', 'League id.', (r) => r.parent.id),
      str('text', 'The spelling.', (r) => r.item.text),
      int('n', 'Place in the list (1-based).', (r) => r.n),
    ],
    primaryKey: ['league', 'text'],
    references: [ref('league', 'leagues', 'id')],
  }),
  table<Pair<Pair<League, League['aliases'][number]>, number>>({
    name: 'league_alias_lines',
    from: 'leagues.json',
    description: 'leagues.json → aliases → lines: the lines of the notes each spelling is on.',
    rows: (d) =>
      each(
        each(d.leagues, (l) => l.aliases),
        (a) => a.item.lines,
      ),
    columns: [
      str('league', 'League id.', (r) => r.parent.parent.id),
      str('text', 'The spelling.', (r) => r.parent.item.text),
      int('line', 'Line of the notes.', (r) => r.item),
      int('n', 'Place in the list (1-based).', (r) => r.n),
    ],
    primaryKey: ['league', 'text', 'line'],
    references: [ref(['league', 'text'], 'league_aliases', ['league', 'text'])],
  }),
  ...inducementTables(),
  table<CsvData['migrations'][number]>({
    name: 'migrations',
    from: 'migrations.json',
    description: 'What became of each retired id (migrations.json).',
    rows: (d) => d.migrations,
    columns: [
      str('id', 'The retired id.', (m) => m.id),
      str('kind', 'What it named.', (m) => m.kind),
      str('action', '`renamed`, `merged` or `deleted`.', (m) => m.action),
      optStr('to', 'The id it became; empty when deleted.', (m) => m.to),
      str('since', 'The dataset version that retired it.', (m) => m.since),
      str('note', 'Why.', (m) => m.note),
    ],
    primaryKey: ['kind', 'id'],
    references: [],
  }),
  table<Pair<null, CsvData['names'][number]>>({
    name: 'aliases',
    from: 'names.json',
    description: 'The alias index: every spelling of every concept (names.json).',
    rows: (d) => d.names.map((item, i) => ({ parent: null, item, n: i + 1 })),
    columns: [
      int('n', 'Place in names.json (1-based).', (r) => r.n),
      str('alias', 'The spelling.', (r) => r.item.alias),
      str('folded', 'Its matching key.', (r) => r.item.folded),
      str('concept', 'Concept id.', (r) => r.item.concept),
      optStr('lang', 'Language, when the spelling has one.', (r) => r.item.lang),
      str('source', 'Where the spelling comes from.', (r) => r.item.source),
      optStr('record', 'The record it names.', (r) => r.item.record),
    ],
    primaryKey: ['n'],
    references: [ref('concept', 'concepts', 'id'), ref('record', 'skills', 'id')],
  }),
];

/** The inducement tables: the records, their list fields, and the price lists item by item. */
// function-length: table — one table definition per list field, nothing else.
function inducementTables(): CsvTable[] {
  type I = Inducement;
  const inducement = <Row extends { parent: I }>() => str<Row>('inducement', 'Inducement id.', (r) => r.parent.id);
  const n = <Row extends { n: number }>() => int<Row>('n', 'Place in the list (1-based).', (r) => r.n);
  const toInducement = ref('inducement', 'inducements', 'id');
  return [
    table<I>({
      name: 'inducements',
      from: 'inducements.json',
      description: 'One row per inducement, mercenary, staff, referee, wizard or price list (inducements.json).',
      rows: (d) => d.inducements,
      columns: [
        str('id', 'Inducement id.', (i) => i.id),
        str('edition', 'Edition id.', (i) => i.edition),
        str('name', 'Name.', (i) => i.name),
        optStr('name_fr', 'The usual French name, reviewed; empty for a proper name French keeps.', (i) => i.nameFr),
        str('kind', 'Kind.', (i) => i.kind),
        optStr('text', 'Text, Markdown (empty for a price list, whose items are in price_items).', (i) => i.text),
        optInt('limit_max', 'How many may be bought (limits.max).', (i) => i.limits.max),
        bool('once_per_game', 'Usable once per game (limits.oncePerGame).', (i) => i.limits.oncePerGame),
        optInt('minimum_cost', 'A price list’s floor (priceList.minimumCost).', (i) => i.priceList?.minimumCost ?? null),
        bool('price_list', 'Whether it has a price list (its items: price_items).', (i) => i.priceList !== null),
        bool('price_stated', 'Whether the notes state a price (priceStated): false means unknown, not free.', (i) => i.priceStated),
        str('confidence', 'Confidence of the naming.', (i) => i.confidence),
        optStr('note', 'Why, below high confidence.', (i) => i.note),
        str('source_id', 'Source id.', (i) => i.source.id),
        int('line_start', 'First line.', (i) => i.source.lines[0]),
        int('line_end', 'Last line.', (i) => i.source.lines[1]),
      ],
      primaryKey: ['id'],
      references: [ref('edition', 'editions', 'id')],
    }),
    table<Pair<I, I['abilities'][number]>>({
      name: 'inducement_abilities',
      from: 'inducements.json',
      description: 'inducements.json → abilities: named abilities.',
      rows: (d) => each(d.inducements, (i) => i.abilities),
      columns: [
        inducement(),
        n(),
        str('name', 'Name.', (r) => r.item.name),
        optStr('text', 'Text.', (r) => r.item.text),
        int('line', 'Line.', (r) => r.item.line),
      ],
      primaryKey: ['inducement', 'n'],
      references: [toInducement],
    }),
    table<Pair<I, I['spells'][number]>>({
      name: 'inducement_spells',
      from: 'inducements.json',
      description: 'inducements.json → spells: a wizard’s spells.',
      rows: (d) => each(d.inducements, (i) => i.spells),
      columns: [
        str('id', 'Spell id.', (r) => r.item.id),
        inducement(),
        n(),
        str('name', 'Name.', (r) => r.item.name),
        optStr('text', 'Text.', (r) => r.item.text),
        int('line', 'Line.', (r) => r.item.line),
      ],
      primaryKey: ['id'],
      references: [toInducement],
    }),
    table<Pair<I['spells'][number], string>>({
      name: 'spell_mentions',
      from: 'inducements.json',
      description: 'inducements.json → spells → mentions: the concepts a spell names.',
      rows: (d) =>
        each(
          d.inducements.flatMap((i) => i.spells),
          (s) => s.mentions,
        ),
      columns: [str('spell', 'Spell id.', (r) => r.parent.id), str('concept', 'Concept id.', (r) => r.item), n()],
      primaryKey: ['spell', 'concept'],
      references: [ref('spell', 'inducement_spells', 'id'), ref('concept', 'concepts', 'id')],
    }),
    table<Pair<I, string>>({
      name: 'inducement_mentions',
      from: 'inducements.json',
      description: 'inducements.json → mentions: the concepts the text names.',
      rows: (d) => each(d.inducements, (i) => i.mentions),
      columns: [inducement(), str('concept', 'Concept id.', (r) => r.item), n()],
      primaryKey: ['inducement', 'concept'],
      references: [toInducement, ref('concept', 'concepts', 'id')],
    }),
    table<Pair<I, I['costs'][number]>>({
      name: 'inducement_costs',
      from: 'inducements.json',
      description: 'inducements.json → costs: stated costs, in gold pieces.',
      rows: (d) => each(d.inducements, (i) => i.costs),
      columns: [inducement(), n(), int('amount', 'Gold pieces.', (r) => r.item.amount), optStr('text', 'As written.', (r) => r.item.text)],
      primaryKey: ['inducement', 'n'],
      references: [toInducement],
    }),
    table<Pair<I, string>>({
      name: 'inducement_errata',
      from: 'inducements.json',
      description: 'inducements.json → source.errata.',
      rows: (d) => each(d.inducements, (i) => i.source.errata),
      columns: [inducement(), str('erratum', 'Erratum id.', (r) => r.item), n()],
      primaryKey: ['inducement', 'erratum'],
      references: [toInducement],
    }),
    table<Pair<I, I['blocks'][number]>>({
      name: 'inducement_blocks',
      from: 'inducements.json',
      description: 'inducements.json → blocks: the blocks of the notes each record is made of.',
      rows: (d) => each(d.inducements, (i) => i.blocks),
      columns: [
        inducement(),
        n(),
        optStr('opening', 'The block’s opening words.', (r) => r.item.opening),
        int('line_start', 'First line.', (r) => r.item.lines[0]),
        int('line_end', 'Last line.', (r) => r.item.lines[1]),
      ],
      primaryKey: ['inducement', 'n'],
      references: [toInducement],
    }),
    ...priceTables(),
  ];
}

/** A price list's items, and each item's list fields. */
// function-length: table — one table definition per list field, nothing else.
function priceTables(): CsvTable[] {
  type L<I> = { parent: PriceRow; item: I; n: number };
  const n = <Row extends { n: number }>() => int<Row>('n', 'Place in the list (1-based).', (r) => r.n);
  return [
    table<PriceRow>({
      name: 'price_items',
      from: 'inducements.json',
      description: 'inducements.json → priceList.items: one row per bullet of a price list.',
      rows: priceItems,
      columns: [
        str('inducement', 'The price list’s inducement id.', (r) => r.inducement.id),
        int('item', 'The item’s place in its price list (1-based).', (r) => r.n),
        str('kind', '`skill-category`, `characteristic` or `package`.', (r) => r.item.kind),
        int('line', 'Line of the notes.', (r) => r.item.line),
        optStr('text', 'The bullet as written.', (r) => r.item.text),
        optStr('category', 'Skill category (skill-category items).', (r) => r.item.category),
        optInt('count_min', 'Fewest skills the price is for (count.min).', (r) => r.item.count?.min ?? null),
        optInt('count_max', 'Most skills the price is for (count.max); empty when unbounded.', (r) => r.item.count?.max ?? null),
        int('cost', 'Gold pieces.', (r) => r.item.cost),
        str('per', '`item` or `each`.', (r) => r.item.per),
        optInt('minimum_cost', 'The mercenary’s floor, when stated.', (r) => r.item.minimumCost),
        bool('any_league', 'True when the item is for any team (leagues null); otherwise price_item_leagues lists them.', (r) => r.item.leagues === null),
      ],
      primaryKey: ITEM_KEY,
      references: [ref('inducement', 'inducements', 'id')],
    }),
    table<L<string>>({
      name: 'price_item_leagues',
      from: 'inducements.json',
      description: 'priceList.items → leagues: the leagues an item is for.',
      rows: (d) => priceItemList(d, (item) => item.leagues ?? []),
      columns: [...itemOf<L<string>>(), str('league', 'League id.', (r) => r.item), n()],
      primaryKey: [...ITEM_KEY, 'league'],
      references: [ITEM_REF, ref('league', 'leagues', 'id')],
    }),
    table<L<PriceItem['skills'][number]>>({
      name: 'price_item_skills',
      from: 'inducements.json',
      description: 'priceList.items → skills: a package’s skills.',
      rows: (d) => priceItemList(d, (item) => item.skills),
      columns: [
        ...itemOf<L<PriceItem['skills'][number]>>(),
        n(),
        str('concept', 'Concept id.', (r) => r.item.concept),
        optStr('name', 'As written.', (r) => r.item.name),
        optStr('parameter', 'Parameter.', (r) => r.item.parameter),
      ],
      primaryKey: [...ITEM_KEY, 'n'],
      references: [ITEM_REF, ref('concept', 'concepts', 'id')],
    }),
    table<L<PriceItem['changes'][number]>>({
      name: 'price_item_changes',
      from: 'inducements.json',
      description: 'priceList.items → changes: characteristic changes.',
      rows: (d) => priceItemList(d, (item) => item.changes),
      columns: [
        ...itemOf<L<PriceItem['changes'][number]>>(),
        n(),
        str('stat', 'Characteristic.', (r) => r.item.stat),
        int('delta', 'Change.', (r) => r.item.delta),
        optStr('as', 'As written.', (r) => r.item.as),
      ],
      primaryKey: [...ITEM_KEY, 'n'],
      references: [ITEM_REF],
    }),
    table<L<string>>({
      name: 'price_item_except',
      from: 'inducements.json',
      description: 'priceList.items → except: skills a category price excludes.',
      rows: (d) => priceItemList(d, (item) => item.except),
      columns: [...itemOf<L<string>>(), str('concept', 'Concept id.', (r) => r.item), n()],
      primaryKey: [...ITEM_KEY, 'concept'],
      references: [ITEM_REF, ref('concept', 'concepts', 'id')],
    }),
    table<L<string>>({
      name: 'price_item_removes',
      from: 'inducements.json',
      description: 'priceList.items → removes: skills a package removes.',
      rows: (d) => priceItemList(d, (item) => item.removes),
      columns: [...itemOf<L<string>>(), str('concept', 'Concept id.', (r) => r.item), n()],
      primaryKey: [...ITEM_KEY, 'concept'],
      references: [ITEM_REF, ref('concept', 'concepts', 'id')],
    }),
  ];
}

/** The mark of a neutralised cell: a spreadsheet shows what follows as text, never as a formula. */
const NEUTRALISED = "'";

/**
 * The one cell function of every table. A text that a spreadsheet would read
 * as a formula (FORMULA_START: `=`, `+`, `-`, `@`, tab, CR, NUL) is neutralised as
 * OWASP recommends, with a `'` before it; so is a text that starts with `'`
 * itself, so reading back is exact: a text cell that starts with `'` lost
 * that one character (docs/DATA.md, "CSV"). Numbers and booleans are written
 * as they are. Then RFC 4180: quoted when it holds a comma, a quote, CR or
 * LF; null is empty.
 */
export function csvField(value: Value): string {
  if (value === null) return '';
  const text = typeof value === 'string' && (FORMULA_START.test(value) || value.startsWith(NEUTRALISED)) ? `${NEUTRALISED}${value}` : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A table's CSV text: the header, then one line per row, each ended by CRLF. */
function csvText(t: CsvTable, data: CsvData): string {
  const lines = [t.columns.map((c) => csvField(c.name)), ...t.rows(data).map((row) => t.columns.map((c) => csvField(c.value(row))))];
  return lines.map((fields) => `${fields.join(',')}\r\n`).join('');
}

/** `csv/<table>.csv` for every table. */
export function csvFiles(data: CsvData): Map<string, string> {
  return new Map(CSV_TABLES.map((t) => [csvResourceName(t.name), csvText(t, data)]));
}

/** A table's file, and its resource name in datapackage.json: `skill_games` → `csv/skill-games.csv` (file names in kebab case, as every file of dist/data). */
export const csvResourceName = (name: string): string => `${CSV_DIR}/${name.replaceAll('_', '-')}.csv`;

/** A table's Table Schema (Frictionless v2): its fields, primary key and foreign keys. */
export function tableSchema(t: CsvTable): Record<string, unknown> {
  return {
    fields: t.columns.map((c) => ({ name: c.name, type: c.type, description: c.description, ...(c.required ? { constraints: { required: true } } : {}) })),
    missingValues: [''],
    primaryKey: [...t.primaryKey],
    ...(t.references.length
      ? { foreignKeys: t.references.map((r) => ({ fields: [...r.fields], reference: { resource: csvResourceName(r.table), fields: [...r.columns] } })) }
      : {}),
  };
}
