/**
 * Every table of the dataset, defined once: its columns (name, type, whether
 * it may be empty, the JSON field it carries), its keys, and where its rows
 * come from. From these come the SQLite database's DDL and rows
 * (emit/sqlite.ts), the CSV tables and their Table Schemas in
 * datapackage.json (emit/csv.ts), and the tests' rebuild of every JSON file
 * from the tables (test/emit/csv-suite.ts). A new field of a record is one
 * column here.
 *
 * The two formats share the tables and the columns, but for those marked
 * `only`: SQLite's versions (`meta`) and whole inducements as JSON; the CSV's
 * places in a list (`n`, which SQLite's keys make unneeded), the reverse
 * indexes a join answers and the inducements' nested lists. In the order
 * SQLite creates them (the published database's bytes depend on it); the CSV
 * files are listed by path.
 */
import type { Concept, CrosswalkRow, Edition, Inducement, League, Migration, NameEntry, PriceItem, RandomTable, Ruling, Skill } from '../model/schema-types.ts';
import { type ColumnBuilder, fileTable, joinParents, listTable, only, ref, type Table } from './table-shape.ts';

type Spell = Inducement['spells'][number];
type Alias = League['aliases'][number];

const csv = (column: Parameters<typeof only>[1]) => only('csv', column);

/** SQLite's own versions, the editions and the concepts. */
function headTables(): Table[] {
  return [
    fileTable<{ key: string; value: string }>({
      name: 'meta',
      from: null,
      only: 'sqlite',
      description: 'The dataset and schema versions.',
      rows: (d) => [
        { key: 'datasetVersion', value: d.meta.datasetVersion },
        { key: 'schemaVersion', value: d.meta.schemaVersion },
      ],
      columns: (c) => [c.str('key', 'Which version.', 'key'), c.str('value', 'The version.', 'value')],
      primaryKey: ['key'],
      references: [],
    }),
    fileTable<Edition>({
      name: 'editions',
      from: 'editions.json',
      description: 'One row per compiled source (editions.json).',
      rows: (d) => d.editions,
      columns: (c) => [
        c.str('id', 'Edition id.', 'id'),
        c.str('label', 'Edition label.', 'label'),
        c.str('lang', 'Language (BCP 47).', 'lang'),
        c.str('source', 'Source id.', 'source'),
        c.str('file', 'Raw text, relative to the repository.', 'file'),
        c.str('sha256', 'Digest of the raw text.', 'sha256'),
        c.str('parser', 'Parser that read it.', 'parser'),
        c.optStr('note', 'What the source is.', 'note'),
        c.int('records', 'Records compiled from it.', 'records'),
        c.int('rulings', 'Rulings compiled from it.', 'rulings'),
        c.int('year', 'Year of the rules it gives (reviewed).', 'year'),
        c.bool('circa', 'Whether that year is approximate (an undated text).', 'circa'),
        c.str('status', 'current (the rules in force, for what it covers) or superseded.', 'status'),
      ],
      primaryKey: ['id'],
      references: [],
      sqlite: { lines: [5, 5, 3] },
    }),
    fileTable<Concept>({
      name: 'concepts',
      from: 'concepts.json',
      description: 'One row per concept: one game rule across editions and languages (concepts.json).',
      rows: (d) => d.concepts,
      columns: (c) => [
        c.str('id', 'Concept id.', 'id'),
        c.str('name', 'Display name: English, or the name in the one language that has the rule.', 'name'),
        c.optStr('name_en', 'English name (names.en); empty for a rule no English source has.', 'names.en', { omitWhenNull: true }),
        // The French name of concepts.json `frenchName` (set by model/names.ts sourcedNameIn); it is names.fr where name_fr_source is `source`.
        c.optStr(
          'name_fr',
          'French name (frenchName.name): a French source’s (names.fr), or else the reviewed usual name of names.json (name_fr_source says which); empty when there is neither.',
          'frenchName.name',
          { nullObject: 'frenchName', also: { path: 'names.fr', where: { column: 'name_fr_source', is: 'source' } } },
        ),
        c.str('kind', '`skill` or `trait`.', 'kind'),
        c.str('category', 'Category.', 'category'),
        c.optBool('compulsory', 'Compulsory in the 2020 rules; empty when unknown.', 'compulsory'),
        c.optStr('compulsory_from', 'The record the compulsory value is read from.', 'compulsoryFrom'),
        c.optStr(
          'name_fr_source',
          'Where name_fr comes from (frenchName.from): `source` (a French source names the rule: names.fr) or `reviewed` (a reviewed usual name, sources/annotations/aliases.yaml, in names.json); empty when there is no French name.',
          'frenchName.from',
        ),
      ],
      primaryKey: ['id'],
      references: [ref('compulsory_from', 'skills', 'id')],
      sqlite: { lines: [6, 3] },
    }),
  ];
}

/** The skill and trait records and their list fields. */
// function-length: table — one table definition per data file and list field, nothing else.
function skillTables(): Table[] {
  return [
    fileTable<Skill>({
      name: 'skills',
      from: 'skills.json',
      description: 'One row per skill or trait record of every edition and language (skills.json).',
      rows: (d) => d.skills,
      columns: (c) => [
        c.str('id', 'Record id.', 'id'),
        c.str('edition', 'Edition id.', 'edition'),
        c.str('lang', 'Language.', 'lang'),
        c.str('name', 'Name without parameter or mark.', 'name'),
        c.str('display_name', 'Name as printed.', 'displayName'),
        c.optStr('parameter', 'Parameter, such as `+1` or `X+`.', 'parameter'),
        c.optBool('compulsory', 'Compulsory (`*`); empty when the source does not say.', 'compulsory'),
        c.str('kind', '`skill` or `trait`.', 'kind'),
        c.str('category', 'Category.', 'category'),
        c.str('text', 'Rule text, Markdown.', 'text'),
        c.optStr('concept', 'Concept id.', 'concept'),
        c.str('source_id', 'Source id (source.id).', 'source.id'),
        c.int('line_start', 'First line in the source (source.lines[0]).', 'source.lines.0'),
        c.int('line_end', 'Last line in the source (source.lines[1]).', 'source.lines.1'),
      ],
      primaryKey: ['id'],
      references: [ref('edition', 'editions', 'id'), ref('concept', 'concepts', 'id')],
      sqlite: { lines: [4, 5, 5], index: 'concept' },
    }),
    listTable<Skill, string>({
      name: 'skill_games',
      from: 'skills.json',
      parent: 'skills',
      list: 'games',
      description: 'skills.json → games.',
      columns: (c) => [c.parent('record', 'Record id.', 'id'), c.str('game', 'Game.', ''), csv(c.place())],
      primaryKey: ['record', 'game'],
      references: [ref('record', 'skills', 'id')],
    }),
    listTable<Skill, string>({
      name: 'skill_errata',
      from: 'skills.json',
      parent: 'skills',
      list: 'source.errata',
      description: 'skills.json → source.errata: the errata applied to each record’s text.',
      columns: (c) => [c.parent('record', 'Record id.', 'id'), c.str('erratum', 'Erratum id.', ''), csv(c.place())],
      primaryKey: ['record', 'erratum'],
      references: [ref('record', 'skills', 'id')],
    }),
    listTable<Skill, string>({
      name: 'skill_rulings',
      from: 'skills.json',
      parent: 'skills',
      list: 'rulings',
      only: 'csv',
      description: 'skills.json → rulings: the rulings about each record.',
      columns: (c) => [c.parent('record', 'Record id.', 'id'), c.str('ruling', 'Ruling id.', ''), c.place()],
      primaryKey: ['record', 'ruling'],
      references: [ref('record', 'skills', 'id'), ref('ruling', 'rulings', 'id')],
    }),
    listTable<Skill, Skill['randomSlots'][number]>({
      name: 'skill_random_slots',
      from: 'skills.json',
      parent: 'skills',
      list: 'randomSlots',
      only: 'csv',
      description: 'skills.json → randomSlots: the random-table slots of each record.',
      columns: (c) => [
        c.parent('record', 'Record id.', 'id'),
        c.str('game', 'Game.', 'game'),
        c.str('roll', 'First D6 band.', 'roll'),
        c.int('d6', 'Second D6.', 'd6'),
        c.place(),
      ],
      primaryKey: ['record', 'game', 'roll', 'd6'],
      references: [ref('record', 'skills', 'id')],
    }),
  ];
}

/** What links the records: the concepts' lists and the crosswalk. */
// function-length: table — one table definition per data file and list field, nothing else.
function linkTables(): Table[] {
  return [
    listTable<Concept, string>({
      name: 'concept_records',
      from: 'concepts.json',
      parent: 'concepts',
      list: 'records',
      description: 'concepts.json → records: the records of each concept, in order.',
      columns: (c) => [c.parent('concept', 'Concept id.', 'id'), c.str('record', 'Record id.', ''), csv(c.place())],
      primaryKey: ['concept', 'record'],
      references: [ref('concept', 'concepts', 'id'), ref('record', 'skills', 'id')],
    }),
    listTable<Concept, Concept['relations'][number]>({
      name: 'concept_relations',
      from: 'concepts.json',
      parent: 'concepts',
      list: 'relations',
      description: 'concepts.json → relations: replaced or split concepts.',
      columns: (c) => [
        c.parent('concept', 'Concept id.', 'id'),
        c.str('type', 'Relation type.', 'type'),
        c.str('other', 'The other concept.', 'concept'),
        c.str('record', 'The record that states it.', 'record'),
        csv(c.place()),
      ],
      primaryKey: ['concept', 'type', 'other', 'record'],
      references: [ref('concept', 'concepts', 'id'), ref('other', 'concepts', 'id'), ref('record', 'skills', 'id')],
      sqlite: { lines: [3, 2] },
    }),
    fileTable<CrosswalkRow>({
      name: 'crosswalk',
      from: 'crosswalk.json',
      description: 'One row per record: its concept and relation to the English 2020 rules (crosswalk.json).',
      rows: (d) => d.crosswalk,
      columns: (c) => [
        c.str('record', 'Record id.', 'record'),
        c.str('concept', 'Concept id.', 'concept'),
        c.str('relation', 'Relation to the 2020 rule.', 'relation'),
        c.str('confidence', 'Confidence.', 'confidence'),
        c.str('rationale', 'The evidence, for maintainers.', 'rationale'),
        c.optStr('summary', 'What changed for a player, for readers.', 'summary'),
        c.optStr('summary_fr', 'The same reader summary, in French (summaryFr).', 'summaryFr'),
        c.str('declared_by', 'Who declared the row.', 'declaredBy'),
        c.optStr('false_friend', 'A name that misleads across editions.', 'falseFriend'),
      ],
      primaryKey: ['record'],
      references: [ref('record', 'skills', 'id'), ref('concept', 'concepts', 'id')],
      sqlite: { lines: [3, 6] },
    }),
    listTable<CrosswalkRow, string>({
      name: 'crosswalk_related',
      from: 'crosswalk.json',
      parent: 'crosswalk',
      list: 'related',
      description: 'crosswalk.json → related: other concepts a row relates to.',
      columns: (c) => [c.parent('record', 'Record id.', 'record'), c.str('concept', 'Concept id.', ''), csv(c.place())],
      primaryKey: ['record', 'concept'],
      references: [ref('record', 'crosswalk', 'record'), ref('concept', 'concepts', 'id')],
    }),
  ];
}

/** The rulings and their list fields. */
// function-length: table — one table definition per data file and list field, nothing else.
function rulingTables(): Table[] {
  return [
    fileTable<Ruling>({
      name: 'rulings',
      from: 'rulings.json',
      description: 'One row per FAQ ruling (rulings.json).',
      rows: (d) => d.rulings,
      columns: (c) => [
        c.str('id', 'Ruling id.', 'id'),
        c.str('edition', 'Edition id.', 'edition'),
        c.str('question', 'Question.', 'question'),
        c.str('answer', 'Answer.', 'answer'),
        c.optStr('page_note', 'Note on the page reference.', 'pageNote'),
        c.str('source_id', 'Source id.', 'source.id'),
        c.int('line_start', 'First line of the first printing.', 'source.lines.0'),
        c.int('line_end', 'Last line of the first printing.', 'source.lines.1'),
      ],
      primaryKey: ['id'],
      references: [ref('edition', 'editions', 'id')],
      sqlite: { lines: [4, 4] },
    }),
    listTable<Ruling, number>({
      name: 'ruling_pages',
      from: 'rulings.json',
      parent: 'rulings',
      list: 'pages',
      description: 'rulings.json → pages: the rulebook pages each ruling cites.',
      columns: (c) => [c.parent('ruling', 'Ruling id.', 'id'), c.int('page', 'Page.', ''), csv(c.place())],
      primaryKey: ['ruling', 'page'],
      references: [ref('ruling', 'rulings', 'id')],
    }),
    listTable<Ruling, string>({
      name: 'ruling_records',
      from: 'rulings.json',
      parent: 'rulings',
      list: 'records',
      description: 'rulings.json → records: the records each ruling is about.',
      columns: (c) => [c.parent('ruling', 'Ruling id.', 'id'), c.str('record', 'Record id.', ''), csv(c.place())],
      primaryKey: ['ruling', 'record'],
      references: [ref('ruling', 'rulings', 'id'), ref('record', 'skills', 'id')],
      sqlite: { index: 'record' },
    }),
    listTable<Ruling, Ruling['occurrences'][number]>({
      name: 'ruling_occurrences',
      from: 'rulings.json',
      parent: 'rulings',
      list: 'occurrences',
      description: 'rulings.json → occurrences: where each ruling is printed.',
      columns: (c) => [
        c.parent('ruling', 'Ruling id.', 'id'),
        c.str('record', 'The record it is printed under.', 'record'),
        c.int('line_start', 'First line.', 'lines.0'),
        c.int('line_end', 'Last line.', 'lines.1'),
        csv(c.place()),
      ],
      primaryKey: ['ruling', 'record'],
      references: [ref('ruling', 'rulings', 'id'), ref('record', 'skills', 'id')],
      sqlite: { lines: [3, 2] },
    }),
    listTable<Ruling, string>({
      name: 'ruling_errata',
      from: 'rulings.json',
      parent: 'rulings',
      list: 'source.errata',
      only: 'csv',
      description: 'rulings.json → source.errata.',
      columns: (c) => [c.parent('ruling', 'Ruling id.', 'id'), c.str('erratum', 'Erratum id.', ''), c.place()],
      primaryKey: ['ruling', 'erratum'],
      references: [ref('ruling', 'rulings', 'id')],
    }),
  ];
}

/** The random tables and the leagues. */
// function-length: table — one table definition per data file and list field, nothing else.
function tableAndLeagueTables(): Table[] {
  return [
    fileTable<RandomTable>({
      name: 'random_tables',
      from: 'random-tables.json',
      description: 'One row per random-skill table (random-tables.json).',
      rows: (d) => d.randomTables,
      columns: (c) => [
        c.str('id', 'Table id.', 'id'),
        c.str('edition', 'Edition id.', 'edition'),
        c.str('game', 'Game.', 'game'),
        c.str('category', 'Category.', 'category'),
      ],
      primaryKey: ['id'],
      references: [ref('edition', 'editions', 'id')],
    }),
    listTable<RandomTable, RandomTable['slots'][number]>({
      name: 'random_slots',
      from: 'random-tables.json',
      parent: 'random_tables',
      list: 'slots',
      description: 'random-tables.json → slots: the 12 slots of each table; `record` empty when `vacancy` says what the roll does.',
      columns: (c) => [
        c.parent('table', 'Table id.', 'id'),
        c.str('roll', 'First D6 band.', 'roll'),
        c.int('d6', 'Second D6.', 'd6'),
        c.optStr('record', 'The record the slot gives.', 'record'),
        c.optStr('vacancy', '`vacant` or `re-roll` when no record holds the slot.', 'vacancy'),
      ],
      primaryKey: ['table', 'roll', 'd6'],
      references: [ref('table', 'random_tables', 'id'), ref('record', 'skills', 'id')],
      sqlite: { check: '(record IS NULL) <> (vacancy IS NULL)', lines: [3, 3, 1] },
    }),
    fileTable<League>({
      name: 'leagues',
      from: 'leagues.json',
      description: 'One row per league the price lists name (leagues.json).',
      rows: (d) => d.leagues,
      columns: (c) => [c.str('id', 'League id.', 'id'), c.str('name', 'Name.', 'name')],
      primaryKey: ['id'],
      references: [],
    }),
    listTable<League, Alias>({
      name: 'league_aliases',
      from: 'leagues.json',
      parent: 'leagues',
      list: 'aliases',
      description: 'leagues.json → aliases: every spelling of each league.',
      columns: (c) => [c.parent('league', 'League id.', 'id'), c.str('text', 'The spelling.', 'text'), csv(c.place())],
      primaryKey: ['league', 'text'],
      references: [ref('league', 'leagues', 'id')],
    }),
    listTable<Alias, number>({
      name: 'league_alias_lines',
      from: 'leagues.json',
      parent: 'league_aliases',
      list: 'lines',
      only: 'csv',
      description: 'leagues.json → aliases → lines: the lines of the notes each spelling is on.',
      columns: (c) => [
        c.parent('league', 'League id.', 'league'),
        c.parent('text', 'The spelling.', 'text'),
        c.int('line', 'Line of the notes.', ''),
        c.place(),
      ],
      primaryKey: ['league', 'text', 'line'],
      references: [ref(['league', 'text'], 'league_aliases', ['league', 'text'])],
    }),
  ];
}

/** The inducement tables: the records, their list fields, and the price lists item by item. */
// function-length: table — one table definition per list field, nothing else.
function inducementTables(): Table[] {
  type I = Inducement;
  const inducement = 'inducements.json';
  const toInducement = ref('inducement', 'inducements', 'id');
  return [
    fileTable<I>({
      name: 'inducements',
      from: inducement,
      description: 'One row per inducement, mercenary, staff, referee, wizard or price list (inducements.json).',
      rows: (d) => d.inducements,
      columns: (c) => [
        c.str('id', 'Inducement id.', 'id'),
        c.str('edition', 'Edition id.', 'edition'),
        c.str('name', 'Name.', 'name'),
        c.optStr('name_fr', 'The usual French name, reviewed (nameFr); empty for a proper name French keeps.', 'nameFr'),
        c.str('kind', 'Kind.', 'kind'),
        c.blankStr('text', 'Text, Markdown (empty for a price list, whose items are in price_items).', 'text'),
        c.optInt('limit_max', 'How many may be bought (limits.max).', 'limits.max'),
        c.bool('once_per_game', 'Usable once per game (limits.oncePerGame).', 'limits.oncePerGame'),
        csv(c.optInt('minimum_cost', 'A price list’s floor (priceList.minimumCost).', 'priceList.minimumCost')),
        csv(c.isThere('price_list', 'Whether it has a price list (its items: price_items).', 'priceList')),
        csv(c.bool('price_stated', 'Whether the notes state a price (priceStated): false means unknown, not free.', 'priceStated')),
        c.str('confidence', 'Confidence of the naming.', 'confidence'),
        csv(c.blankStr('note', 'Why, below high confidence.', 'note')),
        csv(c.str('source_id', 'Source id.', 'source.id')),
        csv(c.int('line_start', 'First line.', 'source.lines.0')),
        csv(c.int('line_end', 'Last line.', 'source.lines.1')),
        // The whole inducement: its prices, costs and abilities, which the CSV spreads over join tables.
        only('sqlite', c.json('json', 'The whole inducement as JSON.')),
      ],
      primaryKey: ['id'],
      references: [ref('edition', 'editions', 'id')],
      sqlite: { lines: [6, 4] },
    }),
    listTable<I, I['abilities'][number]>({
      name: 'inducement_abilities',
      from: inducement,
      parent: 'inducements',
      list: 'abilities',
      only: 'csv',
      description: 'inducements.json → abilities: named abilities.',
      columns: (c) => [
        c.parent('inducement', 'Inducement id.', 'id'),
        c.place(),
        c.str('name', 'Name.', 'name'),
        c.blankStr('text', 'Text.', 'text'),
        c.int('line', 'Line.', 'line'),
      ],
      primaryKey: ['inducement', 'n'],
      references: [toInducement],
    }),
    listTable<I, Spell>({
      name: 'inducement_spells',
      from: inducement,
      parent: 'inducements',
      list: 'spells',
      description: 'inducements.json → spells: a wizard’s spells.',
      columns: (c) => [
        c.str('id', 'Spell id.', 'id'),
        c.parent('inducement', 'Inducement id.', 'id'),
        csv(c.place()),
        c.str('name', 'Name.', 'name'),
        c.blankStr('text', 'Text.', 'text'),
        csv(c.int('line', 'Line.', 'line')),
      ],
      primaryKey: ['id'],
      references: [toInducement],
    }),
    listTable<Spell, string>({
      name: 'spell_mentions',
      from: inducement,
      parent: 'inducement_spells',
      list: 'mentions',
      only: 'csv',
      description: 'inducements.json → spells → mentions: the concepts a spell names.',
      columns: (c) => [c.parent('spell', 'Spell id.', 'id'), c.str('concept', 'Concept id.', ''), c.place()],
      primaryKey: ['spell', 'concept'],
      references: [ref('spell', 'inducement_spells', 'id'), ref('concept', 'concepts', 'id')],
    }),
    listTable<I, string>({
      name: 'inducement_mentions',
      from: inducement,
      parent: 'inducements',
      list: 'mentions',
      description: 'inducements.json → mentions: the concepts the text names.',
      columns: (c) => [c.parent('inducement', 'Inducement id.', 'id'), c.str('concept', 'Concept id.', ''), csv(c.place())],
      primaryKey: ['inducement', 'concept'],
      references: [toInducement, ref('concept', 'concepts', 'id')],
    }),
    listTable<I, I['costs'][number]>({
      name: 'inducement_costs',
      from: inducement,
      parent: 'inducements',
      list: 'costs',
      only: 'csv',
      description: 'inducements.json → costs: stated costs, in gold pieces.',
      columns: (c) => [
        c.parent('inducement', 'Inducement id.', 'id'),
        c.place(),
        c.int('amount', 'Gold pieces.', 'amount'),
        c.blankStr('text', 'As written.', 'text'),
      ],
      primaryKey: ['inducement', 'n'],
      references: [toInducement],
    }),
    listTable<I, string>({
      name: 'inducement_errata',
      from: inducement,
      parent: 'inducements',
      list: 'source.errata',
      only: 'csv',
      description: 'inducements.json → source.errata.',
      columns: (c) => [c.parent('inducement', 'Inducement id.', 'id'), c.str('erratum', 'Erratum id.', ''), c.place()],
      primaryKey: ['inducement', 'erratum'],
      references: [toInducement],
    }),
    listTable<I, I['blocks'][number]>({
      name: 'inducement_blocks',
      from: inducement,
      parent: 'inducements',
      list: 'blocks',
      only: 'csv',
      description: 'inducements.json → blocks: the blocks of the notes each record is made of.',
      columns: (c) => [
        c.parent('inducement', 'Inducement id.', 'id'),
        c.place(),
        c.blankStr('opening', 'The block’s opening words.', 'opening'),
        c.int('line_start', 'First line.', 'lines.0'),
        c.int('line_end', 'Last line.', 'lines.1'),
      ],
      primaryKey: ['inducement', 'n'],
      references: [toInducement],
    }),
    ...priceTables(),
  ];
}

/** A price list's items, and each item's list fields (CSV only: SQLite keeps them in `inducements.json`). */
// function-length: table — one table definition per list field, nothing else.
function priceTables(): Table[] {
  const from = 'inducements.json';
  const ITEM_KEY = ['inducement', 'item'] as const;
  const ITEM_REF = ref(['inducement', 'item'], 'price_items', ['inducement', 'item']);
  /** The key of an item's list: its price list and its place there. */
  const item = (c: Pick<ColumnBuilder<unknown>, 'parent'>) => [
    c.parent('inducement', 'The inducement (price list) id.', 'inducement'),
    c.parent('item', 'The item’s place in its price list (1-based).', 'item'),
  ];
  const parent = 'price_items';
  return [
    listTable<Inducement, PriceItem>({
      name: 'price_items',
      from,
      parent: 'inducements',
      list: 'priceList.items',
      only: 'csv',
      description: 'inducements.json → priceList.items: one row per bullet of a price list.',
      columns: (c) => [
        c.parent('inducement', 'The price list’s inducement id.', 'id'),
        c.place('item', 'The item’s place in its price list (1-based).'),
        c.str('kind', '`skill-category`, `characteristic` or `package`.', 'kind'),
        c.int('line', 'Line of the notes.', 'line'),
        c.blankStr('text', 'The bullet as written.', 'text'),
        c.optStr('category', 'Skill category (skill-category items).', 'category'),
        c.optInt('count_min', 'Fewest skills the price is for (count.min).', 'count.min', { nullObject: 'count' }),
        c.optInt('count_max', 'Most skills the price is for (count.max); empty when unbounded.', 'count.max'),
        c.int('cost', 'Gold pieces.', 'cost'),
        c.str('per', '`item` or `each`.', 'per'),
        c.optInt('minimum_cost', 'The mercenary’s floor, when stated.', 'minimumCost'),
        c.isNull('any_league', 'True when the item is for any team (leagues null); otherwise price_item_leagues lists them.', 'leagues'),
      ],
      primaryKey: ITEM_KEY,
      references: [ref('inducement', 'inducements', 'id')],
    }),
    listTable<PriceItem, string>({
      name: 'price_item_leagues',
      from,
      parent,
      list: 'leagues',
      only: 'csv',
      description: 'priceList.items → leagues: the leagues an item is for.',
      columns: (c) => [...item(c), c.str('league', 'League id.', ''), c.place()],
      primaryKey: [...ITEM_KEY, 'league'],
      references: [ITEM_REF, ref('league', 'leagues', 'id')],
    }),
    listTable<PriceItem, PriceItem['skills'][number]>({
      name: 'price_item_skills',
      from,
      parent,
      list: 'skills',
      only: 'csv',
      description: 'priceList.items → skills: a package’s skills.',
      columns: (c) => [
        ...item(c),
        c.place(),
        c.str('concept', 'Concept id.', 'concept'),
        c.blankStr('name', 'As written.', 'name'),
        c.optStr('parameter', 'Parameter.', 'parameter'),
      ],
      primaryKey: [...ITEM_KEY, 'n'],
      references: [ITEM_REF, ref('concept', 'concepts', 'id')],
    }),
    listTable<PriceItem, PriceItem['changes'][number]>({
      name: 'price_item_changes',
      from,
      parent,
      list: 'changes',
      only: 'csv',
      description: 'priceList.items → changes: characteristic changes.',
      columns: (c) => [
        ...item(c),
        c.place(),
        c.str('stat', 'Characteristic.', 'stat'),
        c.int('delta', 'Change.', 'delta'),
        c.blankStr('as', 'As written.', 'as'),
      ],
      primaryKey: [...ITEM_KEY, 'n'],
      references: [ITEM_REF],
    }),
    listTable<PriceItem, string>({
      name: 'price_item_except',
      from,
      parent,
      list: 'except',
      only: 'csv',
      description: 'priceList.items → except: skills a category price excludes.',
      columns: (c) => [...item(c), c.str('concept', 'Concept id.', ''), c.place()],
      primaryKey: [...ITEM_KEY, 'concept'],
      references: [ITEM_REF, ref('concept', 'concepts', 'id')],
    }),
    listTable<PriceItem, string>({
      name: 'price_item_removes',
      from,
      parent,
      list: 'removes',
      only: 'csv',
      description: 'priceList.items → removes: skills a package removes.',
      columns: (c) => [...item(c), c.str('concept', 'Concept id.', ''), c.place()],
      primaryKey: [...ITEM_KEY, 'concept'],
      references: [ITEM_REF, ref('concept', 'concepts', 'id')],
    }),
  ];
}

/** The alias index, the retired ids, and the matching keys' trigrams (for a misspelled name). */
function nameTables(): Table[] {
  return [
    fileTable<NameEntry>({
      name: 'aliases',
      from: 'names.json',
      description: 'The alias index: every spelling of every concept (names.json).',
      rows: (d) => d.names,
      columns: (c) => [
        csv(c.place('n', 'Place in names.json (1-based).')),
        c.str('alias', 'The spelling.', 'alias'),
        c.str('folded', 'Its matching key.', 'folded'),
        c.str('concept', 'Concept id.', 'concept'),
        c.optStr('lang', 'Language, when the spelling has one.', 'lang'),
        c.str('source', 'Where the spelling comes from.', 'source'),
        c.optStr('record', 'The record it names.', 'record'),
      ],
      // Its place in names.json, a CSV column: the SQLite table has no key (it is looked up by `folded`).
      primaryKey: ['n'],
      references: [ref('concept', 'concepts', 'id'), ref('record', 'skills', 'id')],
      sqlite: { lines: [5, 1], index: 'folded' },
    }),
    fileTable<Migration>({
      name: 'migrations',
      from: 'migrations.json',
      description: 'What became of each retired id (migrations.json).',
      rows: (d) => d.migrations,
      columns: (c) => [
        c.str('id', 'The retired id.', 'id'),
        c.str('kind', 'What it named.', 'kind'),
        c.str('action', '`renamed`, `merged` or `deleted`.', 'action'),
        c.optStr('to', 'The id it became; empty when deleted.', 'to'),
        c.str('since', 'The dataset version that retired it.', 'since'),
        c.str('note', 'Why.', 'note'),
      ],
      primaryKey: ['kind', 'id'],
      references: [],
      sqlite: { lines: [7] },
    }),
    fileTable<{ folded: string; gram: string }>({
      name: 'name_trigrams',
      from: 'names.json',
      only: 'sqlite',
      description: 'The trigrams of every matching key of the alias index (trigramsOf): what a misspelled name is matched by.',
      // names.json is sorted by key: so are the rows.
      rows: (d) => [...new Set(d.names.map((n) => n.folded))].flatMap((folded) => trigramsOf(folded).map((gram) => ({ folded, gram }))),
      columns: (c) => [c.str('folded', 'The matching key (aliases.folded).', 'folded'), c.str('gram', 'Three characters of the key, padded.', 'gram')],
      primaryKey: ['folded', 'gram'],
      references: [],
      sqlite: { index: 'gram' },
    }),
  ];
}

/**
 * The trigrams of a matching key, each once, in order: the key padded with
 * two spaces before and one after, read three characters at a time (`blok` →
 * `  b`, ` bl`, `blo`, `lok`, `ok `), so that a short key has trigrams and its
 * start weighs more. What the SQLite table `name_trigrams` holds for every key
 * of names.json, and what the misspelled-name query of docs/DATA.md makes of
 * the name it is given: the share of trigrams two keys have in common says how
 * near they are.
 */
export function trigramsOf(key: string): string[] {
  const padded = [...`  ${key} `];
  const grams = new Set<string>();
  for (let at = 0; at + 3 <= padded.length; at++) grams.add(padded.slice(at, at + 3).join(''));
  return [...grams];
}

/** Every table, in the order SQLite creates them. */
export const TABLES: readonly Table[] = joinParents([
  ...headTables(),
  ...skillTables(),
  ...linkTables(),
  ...rulingTables(),
  ...tableAndLeagueTables(),
  ...inducementTables(),
  ...nameTables(),
]);
