// Generated from schema/*.schema.json by `npm run gen`. Do not edit by hand:
// edit the schema and regenerate; test/schema-types.test.ts fails when this file drifts.

// api/bulk-data.schema.json

/** dist/api/v1/bulk-data.json: every downloadable file of the dataset (the data files, SHA256SUMS, the SQLite database, datapackage.json), with where the API serves it, its size, digest and date, like Scryfall's bulk-data list. */
export type BulkDataEndpoint = {
  /** This endpoint's path, relative to the API root (dist/api, served under /api/ by the site). */
  url: string;
  /** The dataset version these files are (meta.json datasetVersion). */
  datasetVersion: string;
  /** The version of the schemas they meet (meta.json schemaVersion). */
  schemaVersion: string;
  /** The release's date (meta.json releaseDate), YYYY-MM-DD; null for data no release has dated yet. */
  date: string | null;
  /** Sorted by path. */
  files: {
    /** The file's path in the dataset folder (dist/data). */
    path: string;
    /** Where the API serves it, relative to the API root (as every `url`), under a folder that names the dataset version: its bytes never change there, so it resolves wherever the API is hosted and may be cached for good. */
    download: string;
    /** Its size in bytes. */
    size: number;
    /** Its SHA-256, as SHA256SUMS gives it (meta.json too, but for itself and SHA256SUMS). */
    sha256: string;
    /** Record count of a data file; null for the others. */
    records: number | null;
    /** The date of the release it belongs to (meta.json releaseDate); null for data no release has dated yet. Never the build's clock: the same data gives the same bytes. */
    date: string | null;
    /** The media type it is served with (the API's _headers). */
    contentType: string;
  }[];
};

// api/concept.schema.json

/** dist/api/v1/concepts/{id}.json: a concept with its links resolved one level. */
export type ConceptEndpoint = {
  /** This endpoint's path, relative to the API root (dist/api, served under /api/ by the site). */
  url?: string;
  concept: Concept;
  /** Every record of the concept (its `records`), sorted by id. */
  records: Skill[];
  /** The crosswalk row of each record, in the same order. */
  crosswalk: CrosswalkRow[];
  /** Every ruling about any of the records, sorted by id. */
  rulings: Ruling[];
  /** The concepts its relations name, sorted by id. */
  related: Concept[];
};

// api/index.schema.json

/** dist/api/v1/index.json: every endpoint of the static API. */
export type ApiIndex = {
  /** The API version, also the first path segment. */
  apiVersion: "v1";
  /** meta.json → datasetVersion. */
  datasetVersion: string;
  /** meta.json → schemaVersion. */
  schemaVersion: string;
  /** The API root, relative to this file (index.json is <root>/v1/index.json): every `path` and `url` of the API resolves against it: `new URL(path, new URL(root, indexUrl))`. */
  root: "../";
  /** Concepts, then records, then rulings, each sorted by id. */
  endpoints: {
    /** The id of what it serves. */
    id: string;
    /** Its name (a ruling's question). */
    name: string;
    /** The endpoint, relative to the API root (as every `url`): `v1/concepts/mighty-blow.json`. (Before 4.0.0 it was relative to this file.) */
    path: string;
    /** What it serves. */
    kind: "concepts" | "records" | "rulings";
    /** A concept's name in each language that has the rule (concepts only), for a look-up in French or English; a rule only the French list has has no English name. */
    names?: {
      /** The English name; absent when no English source has the rule. */
      en?: string;
      /** The French name, when the French list has one. */
      fr?: string;
    };
    /** A concept's French name and where it comes from (`source` or `reviewed`), as concepts.json `frenchName` (concepts only). */
    frenchName?: FrenchName | null;
    /** A record's language (records only). */
    lang?: "en" | "fr";
  }[];
  /** The list endpoint of each kind (paths relative to the API root): read one kind without this index's full list. */
  lists?: {
    /** The list endpoint of the concepts, relative to the API root. */
    concepts: string;
    /** The list endpoint of the rulings, relative to the API root. */
    rulings: string;
    /** The list endpoint of the inducements, relative to the API root. */
    inducements: string;
    /** The list endpoint of the leagues, relative to the API root. */
    leagues: string;
    /** The list endpoint of the editions, relative to the API root. */
    editions: string;
    /** The list endpoint of the random-skill tables, relative to the API root. */
    randomTables: string;
    /** The list endpoint of the migrations (retired ids and where they lead), relative to the API root. */
    migrations: string;
    /** Records, one list per edition id. */
    records: {
      [key: string]: string;
    };
    /** The list of the concepts of each category (PokeAPI's /type/{name}), by category, relative to the API root. */
    categories: {
      [key: string]: string;
    };
    /** The list of the records of each edition in each category, by edition then category, relative to the API root. */
    recordsByCategory: {
      [key: string]: {
        [key: string]: string;
      };
    };
  };
  /** The bulk-data manifest: every downloadable file of the dataset. */
  bulkData?: string;
  /** The body served, with status 404, for any path under v1/ that is no endpoint (an unknown id); _redirects and _headers say so to the hosts that read them. */
  notFound?: string;
};

// api/list.schema.json

/** dist/api/v1/{concepts,rulings,inducements,leagues,editions,random-tables,migrations}.json v1/records/{edition}.json, v1/categories/{category}.json and v1/records/{edition}/categories/{category}.json: every item of one kind (of one category). Concepts, records and rulings are listed as links to their endpoints; the other kinds, which have no endpoint of their own, in full, as in their data file. */
export type ListEndpoint = {
  /** This endpoint's path, relative to the API root (dist/api, served under /api/ by the site). */
  url: string;
  /** What it lists. */
  kind: "concepts" | "records" | "rulings" | "inducements" | "leagues" | "editions" | "random-tables" | "migrations";
  /** For records: the edition listed. */
  edition?: string;
  category?: Category;
  /** Number of items. */
  count: number;
  /** Links (concepts, records, rulings) or the records of the data file (the other kinds), sorted by id. */
  items: ApiLink[] | InducementsFile | LeaguesFile | EditionsFile | RandomTablesFile | MigrationsFile;
};

/** A link to an endpoint, PokeAPI-style. */
export type ApiLink = {
  /** The item's id (a concept, record, ruling, inducement, league or edition id). */
  id: string;
  /** Its name (a ruling's question). */
  name: string;
  /** A concept's name in each language that has the rule (concepts only), for a look-up in French or English; a rule only the French list has has no English name. */
  names?: {
    /** The English name; absent when no English source has the rule. */
    en?: string;
    /** The French name, when the French list has one. */
    fr?: string;
  };
  /** A concept's French name and where it comes from (`source` or `reviewed`), as concepts.json `frenchName` (concepts only). */
  frenchName?: FrenchName | null;
  /** A record's language (records only). */
  lang?: "en" | "fr";
  /** The endpoint's path, relative to the API root. */
  url: string;
};

// api/moved.schema.json

/** dist/api/v1/{concepts,records,rulings}/{old id}.json for an id the data no longer has: a stub at the old address that says what became of it (migrations.json), so a stored link still leads somewhere. */
export type MovedEndpoint = {
  /** The retired id. */
  id: string;
  kind: IdKind;
  /** What became of it, as in migrations.json. */
  action: "renamed" | "merged" | "deleted";
  /** The id to follow now (at the end of a chain of migrations); null when the id was deleted. */
  to: string | null;
  /** The endpoint of `to`, relative to the API root (`v1/…`); null when deleted. */
  url: string | null;
  /** The dataset version in which the id went. */
  since: string;
  /** Why, in one line. */
  note: string;
};

// api/not-found.schema.json

/** dist/api/v1/404.json: the body a host serves, with status 404, for any path under v1/ that is no endpoint (an id the data does not have); _redirects and _headers say so to the hosts that read them. */
export type NotFoundEndpoint = {
  /** The HTTP status it is served with. */
  status: 404;
  /** A stable code an app can test. */
  error: "not-found";
  /** What happened and what to do, for a person. */
  message: string;
  /** The index, relative to the API root: where every id is listed. */
  index: string;
  /** This body's own path, relative to the API root. */
  url: string;
};

// api/record.schema.json

/** dist/api/v1/records/{edition}/{slug}.json: a skill or trait record with its links resolved one level. */
export type RecordEndpoint = {
  /** This endpoint's path, relative to the API root (dist/api, served under /api/ by the site). */
  url?: string;
  record: Skill;
  /** Its concept, or null while unlinked. */
  concept: Concept | null;
  /** Its crosswalk row. */
  crosswalk: CrosswalkRow | null;
  /** The rulings its `rulings` list names, sorted by id. */
  rulings: Ruling[];
  /** The random-skill tables it is on. */
  randomTables: RandomTable[];
};

// api/ruling.schema.json

/** dist/api/v1/rulings/{edition}/{id}.json: a ruling with the records it is about. */
export type RulingEndpoint = {
  /** This endpoint's path, relative to the API root (dist/api, served under /api/ by the site). */
  url?: string;
  ruling: Ruling;
  /** The records its `records` list names, sorted by id. */
  records: Skill[];
};

// changes.schema.json

/** changes.json, written by `nuffle diff OLD NEW --out DIR`: what changed between two builds of dist/data. Provenance (source lines) is left out; each change is reported once, where it happens. */
export type Changelog = {
  from: ChangelogVersions;
  to: ChangelogVersions;
  /** Number of changes by kind (kinds without changes are absent). */
  counts: {
    [key: string]: number;
  };
  /** Every change, by kind then id. */
  changes: Change[];
  /** What a maintainer should look at that is not a change of its own: a ruling whose text still names a record that was removed, renamed or merged; a record another was merged into whose reviewed crosswalk row is as it was before the merge. */
  warnings: string[];
};

/** The versions of one side of the comparison. */
export type ChangelogVersions = {
  /** meta.json → datasetVersion. */
  datasetVersion: string;
  /** meta.json → schemaVersion. */
  schemaVersion: string;
};

/** What changed: editions (added, removed, or changed: which rules they give, `status` current or superseded, their `year`, `circa`, `label`, `lang` and `note`; listed first, since a new rules revision shows there), records (a rename is one `record-renamed`, paired through the migrations or the id kept; a record folded into another by a `merged` migration is one `record-merged`, not a removal), crosswalk rows, concepts, rulings, random-table slots, inducements and their price items, leagues, and migrations published. */
export type ChangeKind = "edition-added" | "edition-removed" | "edition-changed" | "record-added" | "record-removed" | "record-changed" | "record-renamed" | "record-merged" | "crosswalk-added" | "crosswalk-changed" | "concept-added" | "concept-removed" | "concept-changed" | "ruling-added" | "ruling-removed" | "ruling-changed" | "slot-moved" | "inducement-added" | "inducement-removed" | "inducement-changed" | "price-changed" | "league-added" | "league-removed" | "league-changed" | "migration-added";

/** One change. */
export type Change = {
  kind: ChangeKind;
  /** The id the change is about (an edition: its id; a reworded ruling: its new id; a renamed record: its id now; a merged record: the id of the record it was merged into; a slot: `<table> <roll>·<d6>`; a price item: `<inducement id>#<n>`, a removed one `<inducement id>#<n>-removed`, its position in the previous list). */
  id: string;
  /** One line a person reads. */
  summary: string;
  /** Each field that moved (changes only). */
  fields: FieldChange[];
  /** A reworded ruling's previous id; a renamed record's previous id (itself when the id was kept); a merged record's own (retired) id; the record a moved slot held. */
  previous: string | null;
};

/** One field's values before and after. */
export type FieldChange = {
  /** The field name. */
  field: string;
  /** Its value before (provenance left out). */
  before: unknown;
  /** Its value after. */
  after: unknown;
  /** For text fields, the word-level diff (jsdiff `diffWords`); else null. */
  words: WordPart[] | null;
};

/** A run of words kept, added or removed. */
export type WordPart = {
  /** The words, with their spacing. */
  value: string;
  /** What happened to them. */
  op: "same" | "added" | "removed";
};

// common.schema.json

/** Identifier of an edition: one source text in one language. Lower-case kebab case. */
export type EditionId = string;

/** The year of the Blood Bowl rules an edition's text gives (reviewed in sources/manifest.yaml; not the year the text was typed or published): 2020 for Blood Bowl's second season (Blood Bowl 2020), 2025 for its third (the 2025 revision). From 1986, the game's first edition. */
export type RulesYear = number;

/** Whether an edition's text gives the rules in force today (reviewed in sources/manifest.yaml): `current`, the rules in force (for what the text covers: a rule it lacks may still have a current wording the sources do not hold); `superseded`, a later revision replaced it. */
export type EditionStatus = "current" | "superseded";

/** Identifier of a raw source text, as declared in sources/manifest.yaml. */
export type SourceId = string;

/** Stable identifier of a skill or trait record: `<edition>/<slug of the name>`. A published id never changes meaning. */
export type RecordId = string;

/** Stable identifier of a ruling: `<edition>/r-<first 8 hex digits of the SHA-256 of its normalised question>`. It does not depend on where the ruling stands in the text. */
export type RulingId = string;

/** Identifier of a concept (one game rule across editions): the slug of its canonical English name without parameter. */
export type ConceptId = string;

/** BCP 47 language tag of the text. */
export type Lang = "en" | "fr";

/** Game the record belongs to: `blood-bowl` (the pitch game) or `dungeon-bowl` (the dungeon variant). */
export type Game = "blood-bowl" | "dungeon-bowl";

/** `skill` (can be learned or rolled) or `trait` (comes with the player). */
export type Kind = "skill" | "trait";

/** Canonical category. `trait` is the 2020 Traits list; `extraordinary` is the older editions' special skills (French `spéciales`), which 2020 turned mostly into traits. */
export type Category = "agility" | "general" | "mutation" | "passing" | "strength" | "trait" | "extraordinary";

/** Category that has a random-skill table (traits have none). */
export type RandomCategory = "agility" | "general" | "mutation" | "passing" | "strength";

/** Result band of the first D6 of a random-skill roll: `1-3` is the first half of the table, `4-6` the second. */
export type Roll = "1-3" | "4-6";

/** Result of the second D6 of a random-skill roll. */
export type D6 = number;

/** Lower-case hex SHA-256 digest. */
export type Sha256 = string;

/** First and last line (1-based, inclusive) in the raw source file. */
export type LineRange = [number, number];

/** Identifier of a recorded erratum in sources/annotations/errata.yaml. */
export type ErrataId = string;

/** Provenance: where in which raw source the item was read, and which recorded errata were applied to those lines. */
export type SourceRef = {
  id: SourceId;
  lines: LineRange;
  /** Errata applied to these lines before parsing, in application order. */
  errata: ErrataId[];
};

/** Relation of the record to the English 2020 rules: `same` (same rule; wording or language differs), `renamed` (same rule, another name), `reworked` (same idea, mechanics changed: the rationale says what changed), `split` (one old rule became several: `concept` is the primary, `related` the others), `replaced` (succeeded by a different rule, named in `related`; the record keeps a concept of its own), `removed` (no successor), `new` (no predecessor). */
export type Relation = "same" | "renamed" | "reworked" | "split" | "replaced" | "removed" | "new";

/** How sure the link is: `high`, `medium` or `low`. Links below high are explained in docs/CROSSWALK.md. */
export type Confidence = "high" | "medium" | "low";

// concepts.schema.json

/** dist/data/concepts.json: every concept (one game rule across editions and languages) with its records, sorted by id. */
export type ConceptsFile = Concept[];

/** A French name and where it comes from. */
export type FrenchName = {
  /** The French name. */
  name: string;
  /** `source`: a French source text names the rule (names.fr); `reviewed`: no French source has the rule, and this is a reviewed usual name (sources/annotations/aliases.yaml). */
  from: "source" | "reviewed";
};

/** One game rule across editions and languages: go from any wording to all the others. */
export type Concept = {
  id: ConceptId;
  /** Canonical name, without parameter: the English 2020 name where there is one; else the name the crosswalk declares, in English, or, for a rule only a source in another language has, in that language (then `names` has that language only). */
  name: string;
  /** Name by language, for every language whose sources have the rule: `en` for every rule an English source has, `fr` from the French records. A rule that only a French source has is named in French only: no English name is invented for it (4.0.0: `en` is no longer always there). */
  names: {
    /** English name; absent when no English source has the rule. */
    en?: string;
    /** French name, from the French record of the concept. */
    fr?: string;
  };
  /** The name to show a French reader, with where it comes from: a French source text (`from: source`, the same as `names.fr`), or, where no French source has the rule, a reviewed usual French name (`from: reviewed`: the first French alias of the concept in sources/annotations/aliases.yaml, as names.json lists it with `source: curated`); null when there is neither. The runtime API's getConcept and the static API's index and lists give the same (4.0.0). */
  frenchName: FrenchName | null;
  kind: Kind;
  category: Category;
  /** Whether the rule is compulsory as the record that defines the concept says (`compulsoryFrom`, the English 2020 record): a consumer shows it, naming that edition, for a record whose own `compulsory` is null. `null` when the concept has no English 2020 record (rules new in 2025, rules 2020 dropped). */
  compulsory: boolean | null;
  /** The English 2020 record whose marker gives `compulsory`, or null when the concept has none. */
  compulsoryFrom: RecordId | null;
  /** Every record of the concept, in every edition and language, sorted by id. */
  records: RecordId[];
  /** Links to other concepts: `replaced-by`/`replaces` and `split-into`/`split-from`, each with the record that declares it. */
  relations: ConceptRelation[];
};

/** A link between two concepts, declared by a crosswalk row. */
export type ConceptRelation = {
  /** `replaced-by`: this rule's role passed to `concept`; `replaces` the reverse; `split-into`/`split-from` for splits. */
  type: "replaced-by" | "replaces" | "split-into" | "split-from";
  concept: ConceptId;
  record: RecordId;
};

// crosswalk.schema.json

/** dist/data/crosswalk.json: one row per record of every source: its concept and its typed relation to the English 2020 rules, sorted by record id. */
export type CrosswalkFile = CrosswalkRow[];

/** How one record relates to its concept. */
export type CrosswalkRow = {
  record: RecordId;
  concept: ConceptId;
  relation: Relation;
  confidence: Confidence;
  /** Maintainer's evidence for the link (one line, in review shorthand; not reader text). For `reworked`, what changed, as checked against the texts. */
  rationale: string;
  /** Reader-facing: what changed for a player, in one or two plain sentences written from the two texts. Set for every `reworked`, `renamed` and `replaced` row, and for a `same` row whose words differ from the English 2020 wording in the same language (then it says the change is wording only, or what the wording changes); null otherwise. */
  summary: string | null;
  /** The same reader summary in French, reviewed with it (4.0.0): set exactly when `summary` is set, null otherwise. French pages show it in place of `summary`. */
  summaryFr: string | null;
  /** `source`: the record defines its concept (English 2020); `editor`: a reviewed link in sources/annotations/crosswalk.yaml; `suggestion`: a draft written by `nuffle suggest --write`, not reviewed yet (its confidence is low). */
  declaredBy: "source" | "editor" | "suggestion";
  /** Successor (`replaced`) or other parts (`split`); empty otherwise. */
  related: ConceptId[];
  /** Why the record's name misleads, when it does; null otherwise. */
  falseFriend: string | null;
};

// datapackage.schema.json

/** dist/data/datapackage.json: a Frictionless Data Package (v2) describing every file of dist/data but the checksums and meta.json (which lists this file's digest): format, size, sha256, JSON Schema, licence notes and the raw sources it was compiled from. */
export type DataPackage = {
  /** The Data Package profile. */
  $schema: "https://datapackage.org/profiles/2.0/datapackage.json";
  /** Package name. */
  name: "nuffle-codex";
  /** Human title. */
  title: string;
  /** What the package holds. */
  description: string;
  /** The dataset version (meta.json → datasetVersion). */
  version: string;
  /** The schema version (meta.json → schemaVersion). */
  schemaVersion: string;
  /** Project home page. */
  homepage: string;
  /** Search keywords. */
  keywords: string[];
  /** Licences of the package's own work. */
  licenses: {
    /** SPDX identifier. */
    name: string;
    /** Licence text URL. */
    path: string;
    /** What the licence covers. */
    title: string;
  }[];
  /** Who owns the rule texts, and what the package's own work is. */
  licenseNote: string;
  /** The raw sources, sorted by id. */
  sources: {
    /** The edition label. */
    title: string;
    /** Path in the repository. */
    path: string;
    id: SourceId;
    lang: Lang;
    sha256: Sha256;
    /** What the source is, from the manifest. */
    note: string;
  }[];
  /** Every file of dist/data but the `.sha256` files, meta.json, its minified copy and this one, sorted by path. */
  resources: {
    /** Resource name (the path, lower case). */
    name: string;
    /** Path relative to dist/data. */
    path: string;
    /** File format (`csv`: a table of `csv/`, with `type`, `dialect` and `schema`). */
    format: "json" | "sqlite" | "ts" | "csv" | "bin";
    /** Media type. */
    mediatype: string;
    /** Text encoding (text files only). */
    encoding?: "utf-8";
    /** Size in bytes. */
    bytes: number;
    /** Digest, `sha256:<hex>`. */
    hash: string;
    /** What the file holds. */
    description: string;
    /** The JSON Schema the file validates against, relative to dist/data. */
    jsonSchema?: string;
    /** Set on the CSV tables: a tabular resource (Frictionless v2). */
    type?: "table";
    dialect?: TableDialect;
    schema?: TableSchema;
  }[];
};

/** How a CSV table is written (Frictionless v2 Table Dialect): RFC 4180, a header line, CRLF line ends. */
export type TableDialect = {
  /** The first line names the fields. */
  header: true;
  /** Field separator. */
  delimiter: ",";
  /** Line end. */
  lineTerminator: "\r\n";
  /** Quote character. */
  quoteChar: "\"";
  /** A quote inside a quoted field is doubled. */
  doubleQuote: true;
};

/** A CSV table's Table Schema (Frictionless v2): its fields in column order, the primary key and the foreign keys. */
export type TableSchema = {
  /** The columns, in order. */
  fields: {
    /** Column name (the header). */
    name: string;
    /** Field type; booleans are written `true` and `false`. */
    type: "string" | "integer" | "boolean";
    /** What the column holds, and the JSON field it comes from. */
    description: string;
    /** Set on the columns that are never empty. */
    constraints?: {
      /** Never empty. */
      required: true;
    };
  }[];
  /** An empty field is a missing value (JSON `null`, or an empty text). */
  missingValues: ""[];
  /** The columns that identify a row. */
  primaryKey: string[];
  /** Columns that name a row of another table. */
  foreignKeys?: {
    /** The columns of this table. */
    fields: string[];
    /** The table and columns they name. */
    reference: {
      /** The referenced resource's name. */
      resource: string;
      /** Its columns. */
      fields: string[];
    };
  }[];
};

// editions.schema.json

/** dist/data/editions.json: one row per compiled source, sorted by id. */
export type EditionsFile = Edition[];

/** A source text and the edition it gives: its label, the year and status of its rules, its language, file and digest, and how many records it yields. */
export type Edition = {
  id: EditionId;
  /** Human label of the edition. */
  label: string;
  year: RulesYear;
  /** true when `year` is approximate: an undated text whose wording places it near that year (readers see "c. 2006"). */
  circa: boolean;
  status: EditionStatus;
  lang: Lang;
  source: SourceId;
  /** Path of the raw source, relative to the repository root. */
  file: string;
  sha256: Sha256;
  /** Parser module that read the source. */
  parser: string;
  /** What the source is and where it comes from, from sources/manifest.yaml (the evidence for its label included). */
  note: string;
  /** Number of skill and trait records the source yields. */
  records: number;
  /** Number of distinct rulings the source yields. */
  rulings: number;
};

// inducements.schema.json

/** dist/data/inducements.json: every record of the inducement notes (inducements, mercenaries, coaching staff, referees, wizards, special rules, mercenary price lists), sorted by id. */
export type InducementsFile = Inducement[];

/** One inducement-like record, named from the reviewed annotations, built from one or more blocks of the notes. */
export type Inducement = {
  /** `<edition>/<slug>`; stable, from the annotations. */
  id: string;
  edition: EditionId;
  /** Name, from sources/annotations/inducements.yaml (the notes name nothing). */
  name: string;
  /** The usual French name, reviewed in sources/annotations/inducements.yaml (no French source names inducements); null for a proper name French keeps (then French pages show `name`) (4.0.0). */
  nameFr: string | null;
  /** What the record is: an `inducement`, `mercenary` players, (infamous) `coaching-staff`, a named `referee`, a `wizard` with spells, `special-rules` for an unusual player, or a mercenary `price-list`. */
  kind: "inducement" | "mercenary" | "coaching-staff" | "referee" | "wizard" | "special-rules" | "price-list";
  /** The record's text as Markdown, up to its first named ability or spell (the whole text when it has none). Bullet blocks are lists. Render as text. */
  text: string;
  /** Named abilities of coaching staff and referees, in text order: the headings printed in capitals (`CLOSE SCRUTINY`). */
  abilities: InducementAbility[];
  /** A wizard's spells, in text order, each a named sub-record. */
  spells: InducementSpell[];
  limits: InducementLimits;
  /** Costs the text states in gold pieces, with the clause that states them. Empty when the notes give none. */
  costs: InducementCost[];
  /** For `price-list` records: every bullet as structure; null otherwise. */
  priceList: PriceList | null;
  /** Whether the notes state a price for it: true when `costs` or the items of its `priceList` give amounts; false when the notes give none, which means the price is unknown here, not that it is free (the official price tables are not among the sources; docs/DATA.md, Prices, says which prices the corpus has). */
  priceStated: boolean;
  /** Concepts (skills and traits) the record names anywhere, sorted. */
  mentions: ConceptId[];
  confidence: Confidence;
  /** Why the record has its name (research), and what stays uncertain. */
  note: string;
  /** The blocks of the notes the record is made of, in text order. */
  blocks: InducementBlock[];
  source: SourceRef;
};

/** One blank-line separated block of the notes. */
export type InducementBlock = {
  /** The annotation's fingerprint: the opening words that identify the block. */
  opening: string;
  lines: LineRange;
};

/** A named ability: its heading as printed and its text. */
export type InducementAbility = {
  /** Heading as printed, in capitals. */
  name: string;
  /** The ability's text (Markdown), up to the next heading. */
  text: string;
  /** Line of the heading in the raw file. */
  line: number;
};

/** A wizard's spell: a named sub-record with an id of its own. */
export type InducementSpell = {
  /** `<inducement id>/<slug of the spell>`. */
  id: string;
  /** Spell name as printed. */
  name: string;
  /** The spell's text (Markdown). */
  text: string;
  /** Line of the spell heading in the raw file. */
  line: number;
  /** Concepts the spell names (a frog's profile: Dodge, Leap, No Hands, …). */
  mentions: ConceptId[];
};

/** Numbers the text states about how many and how often. */
export type InducementLimits = {
  /** Most that may be bought (`Up to 3`, `up to two`), or null when the text does not say. */
  max: number | null;
  /** True when the text limits its use to once per game (or match). */
  oncePerGame: boolean;
};

/** A cost stated in the text. */
export type InducementCost = {
  /** Gold pieces. */
  amount: number;
  /** The clause that states it. */
  text: string;
};

/** A mercenary price list: what each skill, characteristic change or package adds to a mercenary's cost. */
export type PriceList = {
  /** The floor a mercenary's cost cannot go below (`mercenary cost 30K at least`), in gold pieces. */
  minimumCost: number | null;
  /** Every bullet, in text order. */
  items: PriceItem[];
};

/** One bullet of a price list as structure. `skill-category`: skills of a category (`category`, `count`, `except`); `characteristic`: stat changes (`changes`); `package`: named skills (`skills`), with `changes` and `removes`. */
export type PriceItem = {
  /** Which of the three bullet shapes. */
  kind: "skill-category" | "characteristic" | "package";
  /** Line in the raw file. */
  line: number;
  /** The bullet as printed. */
  text: string;
  /** Skill category, for `skill-category`. */
  category: "agility" | "general" | "passing" | "strength" | "mutation" | null;
  /** How many skills of the category the price is for, for `skill-category`. */
  count: SkillCount | null;
  /** Skills the price does not cover (`(but Dirty Player)`). */
  except: ConceptId[];
  /** The skills of a `package`. */
  skills: PackageSkill[];
  /** Characteristic changes (`+1MA`, `3F -2M`). */
  changes: CharacteristicChange[];
  /** Skills a package takes away (`- Dodge`). */
  removes: ConceptId[];
  /** Gold pieces added (negative: taken off). */
  cost: number;
  /** `each`: the cost is per skill (`+20K each`); `item`: for the bullet as a whole. */
  per: "item" | "each";
  /** A floor stated on this bullet (`mercenary cost 30K at least`), in gold pieces. */
  minimumCost: number | null;
  /** League ids (leagues.json) the bullet is restricted to; null for any team. */
  leagues: string[] | null;
};

/** A number of skills: `{min: 1, max: 1}` for one, `{min: 2, max: null}` for two or more. */
export type SkillCount = {
  /** At least. */
  min: number;
  /** At most; null for no limit. */
  max: number | null;
};

/** A skill of a package, as a concept reference with its parameter. */
export type PackageSkill = {
  concept: ConceptId;
  /** As printed. */
  name: string;
  /** Bracketed value (`5+`, `+1`), or null. */
  parameter: string | null;
};

/** A characteristic change, normalised through the alias table of the annotations (MV, M → MA; F → ST; P, CP → PA). */
export type CharacteristicChange = {
  /** Characteristic: MA, ST, AG, PA, AV, or `any` ("-1 to any characteristic"). */
  stat: "MA" | "ST" | "AG" | "PA" | "AV" | "any";
  /** Change; `3F` is +3. */
  delta: number;
  /** As printed. */
  as: string;
};

// input/aliases.schema.json

/** sources/annotations/aliases.yaml: reviewed extra spellings of concept names (a later spelling, a translation the sources lack, a common variant), and which concept wins a spelling two concepts share. Compiled with the names the data already gives into dist/data/names.json. */
export type AliasAnnotations = {
  /** Extra spellings, one per entry. */
  aliases: CuratedAlias[];
  /** Spellings that name two concepts (the build's `names/alias-collision`), each with the concept it resolves to. The other concept loses that spelling. */
  winners?: AliasWinner[];
};

/** One reviewed spelling of a concept's name. */
export type CuratedAlias = {
  /** The spelling, as people write it. */
  alias: string;
  concept: ConceptId;
  lang: Lang;
  /** Where the spelling is used, in one line. */
  note: string;
  /** `spelling` (the default): another way to write the name, matched exactly and as the nearest name to a typo. `abbreviation`: the initials players write (`MB`, `TTM`), matched only when written exactly (case and dots aside), never offered for a near spelling, and never taken as the concept's reviewed name in a language; names.json gives it `source: abbreviation`. */
  kind?: "spelling" | "abbreviation";
  /** When the alias makes up for how a source prints the name (a missing accent, a typo): that printed spelling, exactly. Once no record of the concept prints it, the alias's reason is gone (`names/stale-alias`). */
  printed?: string;
};

/** A spelling two concepts share, and the concept it resolves to. */
export type AliasWinner = {
  /** The spelling (any spelling with the same matching key). */
  alias: string;
  concept: ConceptId;
  /** Why this concept, in one line. */
  note: string;
};

// input/compulsory.schema.json

/** sources/annotations/compulsory.yaml: reviewed sentences that oblige ("must", "the only action they may", "cannot choose not to") in records a marking source leaves without `*`. `nuffle check` warns about every such sentence (`compulsory/unmarked-obligation`) until a review here says why the rule is still optional; a missing mark is fixed by an erratum instead. */
export type CompulsoryReviews = {
  /** One entry per reviewed sentence. */
  reviewed: CompulsoryReview[];
};

/** A sentence of a record's text that obliges, reviewed as not making the rule compulsory. */
export type CompulsoryReview = {
  record: RecordId;
  /** Words of the obliging sentence, as printed (case and spacing folded); they must occur in exactly the sentence that raised the warning, so a new obligation in the same record is still reported. */
  sentence: string;
  /** Why the rule stays optional although the sentence obliges. */
  reason: string;
};

// input/crosswalk.schema.json

/** sources/annotations/crosswalk.yaml: the reviewed links from every record of every non-2020 source to one concept, the concepts no English 2020 record defines, and the categories an edition files differently from its concepts. */
export type CrosswalkAnnotations = {
  /** Concepts with no English 2020 record (new in a later edition, or gone since an older one). */
  concepts: ExtraConcept[];
  /** One link per record of every source but the English 2020 text (whose records define their concepts). */
  links: CrosswalkLink[];
  /** Differences of category the editions really have: a record whose category is not its concept's is an error (`crosswalk/category-mismatch`) unless an entry here declares it, once for a whole edition (`edition`) or for one record (`record`), with the reason. */
  categories?: CategoryDifference[];
};

/** A concept no English 2020 record defines, named in English or, when only a source in another language has the rule, in that language. */
export type ExtraConcept = {
  id: ConceptId;
  /** Canonical name, without parameter: the English name, or, for a rule only a source in another language has (`lang`), its name in that language; no English name is invented for it. */
  name: string;
  lang?: Lang;
  kind: Kind;
  category: Category;
  /** Where the rule comes from and why it has no 2020 record. */
  note: string;
};

/** Link one record to its concept. Named sources give `record`; unnamed ones (the second trait wording) give `match` (the paragraph's opening words) and `name`. */
export type CrosswalkLink = {
  source: SourceId;
  record?: RecordId;
  /** Opening words of an unnamed paragraph; must start exactly one paragraph of the source (case and spacing folded). */
  match?: string;
  /** Name of an unnamed paragraph, with its parameter if any: `Hatred (X)`. The record id is `<edition>/<slug of the name>`. */
  name?: string;
  concept?: ConceptId;
  relation: Relation;
  /** Other concepts: the successor for `replaced`, the other parts for `split`. */
  related?: ConceptId[];
  confidence: Confidence;
  /** One line: the rule-text evidence for the link; for `reworked`, what changed. */
  rationale: string;
  /** For readers (shown first on the concept page): what changed for a player, in one or two plain sentences written from the two texts, with no review shorthand. Required for `reworked`, `renamed` and `replaced`, and (checked by the build: `crosswalk/missing-summary`) for a `same` row whose words differ from the English 2020 wording in the same language: then one line saying the change is wording only, or what the new words change. Always given with `summaryFr`. */
  summary?: string;
  /** The same reader summary in French, for the French pages: written from the same two texts and reviewed with `summary` (the same `textDigest`), in the words of the French skill list (Esquive, Tacle, Blocage, Distrait…), English names kept only for skills the French list does not have. Required wherever `summary` is, and only with it. */
  summaryFr?: string;
  /** The digest of the texts the rationale and summary were reviewed against (the record's text, then its concept's English 2020 text), written by the reviewer from the line the build prints (`crosswalk/review-unstamped`, `crosswalk/review-outdated`): when either text changes, the build asks for the row to be reviewed again. */
  textDigest?: string;
  /** `editor` (the default): a reviewed row. `suggestion`: a draft written by `nuffle suggest --write`, reported by every build until a reviewer checks it, edits it and removes this key with `score` and `evidence` (`--strict` makes it an error). */
  declaredBy?: "editor" | "suggestion";
  /** The suggestion engine's score for `concept` (drafts only). */
  score?: number;
  /** What drove the suggestion's score (drafts only). */
  evidence?: string[];
  /** When the name misleads (a French name that reads like another skill): which skill it suggests and the rule-text reason it is not that one. */
  falseFriend?: string;
};

/** A category an edition (or one record) files differently from the concepts it links to: the records of `edition` (or the record `record`) filed under `category` belong to concepts filed under `conceptCategory`. */
export type CategoryDifference = {
  edition?: EditionId;
  record?: RecordId;
  category: Category;
  conceptCategory: Category;
  /** Why the editions differ, from the texts, in one line. */
  reason: string;
};

// input/errata.schema.json

/** sources/annotations/errata.yaml: reviewed corrections of obvious typos in raw sources. Each is a patch applied by the pipeline before parsing and listed in the provenance of what it touches; the raw file itself is never edited. */
export type Errata = {
  /** The recorded patches, in application order. */
  errata: Erratum[];
  /** Invisible or control characters that the rule text of a source prints on purpose, each reviewed: kept as printed instead of failing the build (`text/hostile-character`). Never for names, which never accept them. */
  accepted?: AcceptedCharacter[];
};

/** Replace `find` by `replace` in one source. An erratum is anchored by its text: `find` must occur exactly once in the record named by `record`, or, without `record`, in the whole source; it may span lines (`\n`), and `replace` keeps the number of lines. A `find` that occurs nowhere or more than once fails the build; lines added or removed elsewhere never do. */
export type Erratum = {
  id: ErrataId;
  source: SourceId;
  record?: RecordId;
  /** Exact text to replace: it must occur exactly once in its scope (the record, or the source). Lengthen it with the words around the typo to make it unique. */
  find: string;
  /** Replacement text. */
  replace: string;
  /** Why this is an obvious typo. */
  reason: string;
};

/** An invisible or control character accepted in the rule text of one source (after errata), anchored by its text like an erratum: the character right after `after` and right before `before` (at least one of the two), wherever the rule text has it so. Lines added or removed elsewhere never make it stale; the build fails when no rule text has the character there any more (the acceptance is stale). */
export type AcceptedCharacter = {
  source: SourceId;
  /** The text right before the character, as the rule text prints it (visible characters only). */
  after?: string;
  /** The text right after the character, as the rule text prints it (visible characters only). */
  before?: string;
  /** The character as `U+XXXX` (upper-case hex), as diagnostics print it. */
  character: string;
  /** Why the source means it (a joiner inside a word of a script that needs it, …). */
  reason: string;
};

// input/glossary.schema.json

/** sources/annotations/glossary.yaml: French → English game terms that feed `nuffle suggest`. Terms only, never rule sentences. */
export type Glossary = {
  /** The terms; longest French terms are matched first, ignoring case and accents. */
  terms: GlossaryTerm[];
};

/** One French game term and its English equivalent. */
export type GlossaryTerm = {
  /** French term as the texts write it. */
  fr: string;
  /** English game term. */
  en: string;
};

// input/inducements.schema.json

/** sources/annotations/inducements.yaml: names and kinds of the unnamed blocks of the inducement notes, the league alias table and the characteristic alias table. */
export type InducementAnnotations = {
  /** Abbreviation as printed → canonical characteristic. */
  characteristics: {
    [key: string]: "MA" | "ST" | "AG" | "PA" | "AV";
  };
  /** Leagues with every spelling the notes use; a spelling not listed fails the build. */
  leagues: LeagueAnnotation[];
  /** The records, each made of the blocks whose opening words are listed. */
  records: InducementAnnotation[];
};

/** A league id, its canonical name and its spellings. */
export type LeagueAnnotation = {
  /** Stable id. */
  id: string;
  /** Canonical name. */
  name: string;
  /** Exact spellings (case matters). */
  aliases: string[];
};

/** Name and kind of one record and the blocks it is made of. */
export type InducementAnnotation = {
  /** Slug; the record id is `<edition>/<id>`. */
  id: string;
  /** Name (researched; descriptive when unknown). */
  name: string;
  /** The usual French name, reviewed (no French source names inducements): the title of the French page. Left out for a proper name that French keeps as it is (a star coach's name). */
  nameFr?: string;
  /** What the record is. */
  kind: "inducement" | "mercenary" | "coaching-staff" | "referee" | "wizard" | "special-rules" | "price-list";
  confidence: Confidence;
  /** Evidence for the name; for low confidence, why. */
  note: string;
  /** Opening words of each block, in text order; each must open exactly one block (case and spacing folded). */
  blocks: string[];
  /** Headings in capitals that open the record's named abilities, in text order. */
  abilities?: string[];
  /** Headings in capitals that open a wizard's spells, in text order. */
  spells?: string[];
};

// input/manifest.schema.json

/** sources/manifest.yaml: the dataset version and every raw source the build reads. */
export type SourceManifest = {
  /** Versions stamped into dist/data/meta.json. */
  dataset: {
    /** Dataset version (semver). Bump it when the data changes. */
    version: string;
    /** Version of the data contract in schema/. */
    schemaVersion: string;
    /** The date the release of `version` was cut, YYYY-MM-DD: nuffle release writes it with the version. Published as meta.json releaseDate and the date of every file of the static API's bulk-data.json; absent until a version is released. */
    released?: string;
  };
  /** The raw sources, each read by one parser. */
  sources: ManifestSource[];
};

/** One raw source text. */
export type ManifestSource = {
  id: SourceId;
  /** Path relative to the repository root; raw files live in sources/raw/ and are never edited by hand. */
  file: string;
  lang: Lang;
  /** The edition this source gives: its id, its label, and which rules it gives (their year, and whether they are the rules in force), reviewed. */
  edition: {
    id: EditionId;
    /** Human label, one line. */
    label: string;
    year: RulesYear;
    /** true when `year` is approximate: the text is undated and its wording places it near that year (shown as "c. 2006"). Absent means false. */
    circa?: boolean;
    status: EditionStatus;
  };
  /** Parser module in pipeline/parse/. */
  parser: "en-2020" | "traits-alt" | "fr-legacy" | "inducements";
  /** What the source is, where it came from, and the evidence behind its label. */
  note: string;
  /** Games every record of this source belongs to, for sources that do not say (the English 2020 text marks them per entry and needs none). */
  games?: Game[];
};

// input/mentions.schema.json

/** sources/annotations/mentions.yaml: how English rule text names skills and traits, so rulings (and later inducement notes) link to the records they name. */
export type MentionRules = {
  /** Names that are also ordinary game words (the Block action, to Dodge, the Tackle Zone). They count as a mention only when followed by skill, trait or mutation. */
  qualifiedOnly: string[];
  /** Other spellings the texts use for a name. Case, spaces, hyphens and `&`/`and` differences need no alias. */
  aliases: NameAlias[];
  /** Capitalised words that precede skill or trait in the texts without being names (`a Primary skill`): never read as a name. */
  notNames: string[];
};

/** One other spelling of an English 2020 name. */
export type NameAlias = {
  /** The spelling found in a text. */
  alias: string;
  /** The English 2020 name it stands for. */
  name: string;
  /** Where the spelling occurs. */
  note: string;
};

// input/migrations.schema.json

/** sources/annotations/migrations.yaml: what became of each published id (listed in sources/ids.lock). `keep` holds ids kept through a rename (the record keeps its published id under its new name); `migrations` the ids the data no longer has. The build fails when a locked id disappears without an entry in either; migrations are published as dist/data/migrations.json. */
export type MigrationAnnotations = {
  /** Published record ids kept through a rename: the record of the id's edition now named `name` keeps `id` (and its concept keeps its id), so apps that stored it keep working. What `nuffle build` proposes first when a locked id looks renamed. */
  keep?: KeptId[];
  /** One entry per retired id, oldest first. */
  migrations: Migration[];
};

/** A published record id kept through a rename: the record of the id's edition now named `name` keeps `id`. */
export type KeptId = {
  id: RecordId;
  /** The record's name now, as its source prints it (without parameter or compulsory mark). */
  name: string;
  /** The dataset version in which the name changed. */
  since: string;
  /** Why, in one line. */
  note: string;
};

// input/random-tables.schema.json

/** sources/annotations/random-tables.yaml: random-table slots that no record holds, each declared on purpose. A random table must have all 12 slots; a slot whose skill was withdrawn (and that the publisher did not give to another) is declared here as `vacant` or `re-roll` instead of being filled with an invented skill. Published in random-tables.json as a slot with `record: null` and its `vacancy`. */
export type RandomTableAnnotations = {
  /** One entry per slot no record holds. */
  slots: DeclaredSlot[];
};

/** A slot of one random table declared vacant or re-rolled. The build fails when a record claims it too (the declaration is stale) or when the table does not exist. */
export type DeclaredSlot = {
  /** The table's id, `<edition>/<game>/<category>`. */
  table: string;
  roll: Roll;
  d6: D6;
  vacancy: Vacancy;
  /** Why no record holds the slot, with the evidence (for maintainers; not published). */
  reason: string;
};

// input/roster.schema.json

/** A team list for `nuffle cards --roster FILE`, in YAML or JSON: the players and their skills, one card per distinct skill (or per player with --per-player, with each player's position, characteristics, cost and SPP when given). A bare list of players is read as `players`. Unknown keys are errors, so a misspelt `skills:` is reported at its line instead of printing no cards. */
export type Roster = {
  /** The team's name, printed in the PDF's title and on player cards. */
  team?: string | null;
  /** Another key for `team`, as some roster tools write it (`team` wins when both are given). */
  name?: string | null;
  /** The edition whose cards to print (an edition id of the dataset); `--edition` wins. */
  edition?: string | null;
  /** The players, in the order their cards are printed. */
  players: RosterPlayer[];
  /** The team's inducements, by name as a coach writes them (`Bribes`, `Wandering Apothecaries`, `Hireling Sports-Wizard`), with a count if more than one (`2 Bribes`, `Bribes x2`); a list or one comma-separated string. Each gets a card in the team's deck, after the skill cards. May be empty or absent. */
  inducements?: string[] | string | null;
};

/** One player: a name and the skills and traits to print; the position, characteristics (MA, ST, AG, PA, AV), cost and SPP are optional and printed on the player's card. */
export type RosterPlayer = {
  /** The player's name, printed on their card with --per-player. */
  name: string;
  /** The player's position, printed under the name with --per-player. */
  position?: string | null;
  /** Movement Allowance (MA), as the roster writes it. Printed with the other characteristics on the player's card (--per-player). */
  ma?: number | null;
  /** Strength (ST), as the roster writes it. */
  st?: number | null;
  /** Agility (AG): the target a coach writes, 3+ (or a number, as older editions have it). */
  ag?: string | number | null;
  /** Passing Ability (PA): 4+, or "-" (quoted: a bare - is YAML's list mark) or nothing for a player with none. */
  pa?: string | "-" | null;
  /** Armour Value (AV): 9+ (or a number, as older editions have it). */
  av?: string | number | null;
  /** The player's value in gold pieces: a number (85000) or as coaches shorten it ("85k"). */
  cost?: number | string | null;
  /** The player's Star Player Points (SPP). */
  spp?: number | null;
  /** Skill and trait names or ids in any edition or language, as a list or one comma-separated string; a parameter in brackets is printed instead of the record's. May be empty or absent for a player with none. */
  skills?: string[] | string | null;
};

// leagues.schema.json

/** dist/data/leagues.json: the team special rules (leagues) the price lists name, with every spelling the notes use, sorted by id. */
export type LeaguesFile = League[];

/** A league (team special rule) and its spellings. */
export type League = {
  /** Stable id. */
  id: string;
  /** Canonical name. */
  name: string;
  /** Every spelling the notes use, with the lines it is used on. */
  aliases: LeagueAlias[];
};

/** One spelling of a league name. */
export type LeagueAlias = {
  /** As printed. */
  text: string;
  /** Lines of the notes that use it. */
  lines: number[];
};

// meta.schema.json

/** dist/data/meta.json: versions, source digests and a checksum and count for every other emitted file. The only file without a digest of its own. */
export type MetaFile = {
  /** Semantic version of the dataset, declared in sources/manifest.yaml. The only version-like value in the data; there are no timestamps (releaseDate is the release's date, from the sources). */
  datasetVersion: string;
  /** Semantic version of the data contract (the schemas in schema/). A major bump means a breaking change for consumers. */
  schemaVersion: string;
  /** The date the release of datasetVersion was cut (sources/manifest.yaml dataset.released, written by nuffle release), as YYYY-MM-DD; null for data built from sources no release has dated yet. A date of the data, never the build's clock: the same sources give the same bytes (4.0.0). */
  releaseDate: string | null;
  /** Every raw source declared in the manifest, sorted by id. */
  sources: SourceDigest[];
  /** Every emitted file but meta.json, sorted by path. */
  files: FileDigest[];
};

/** A raw source and its digest. */
export type SourceDigest = {
  id: SourceId;
  /** Path relative to the repository root. */
  file: string;
  sha256: Sha256;
};

/** An emitted file, its digest and, for data files, its number of records. */
export type FileDigest = {
  /** Path relative to dist/data. */
  path: string;
  sha256: Sha256;
  /** Number of top-level records (array items), or null for files that are not record lists (schemas). */
  records: number | null;
};

// migrations.schema.json

/** dist/data/migrations.json: every published id the data no longer has, and what became of it, so an app that stored an id can follow it (like the Scryfall migrations feed). Compiled from sources/annotations/migrations.yaml. */
export type MigrationsFile = Migration[];

/** A retired id: renamed to another id (same meaning), merged into another (its meaning now lives there), or deleted. */
export type Migration = {
  /** The retired id. */
  id: string;
  kind: IdKind;
  /** `renamed`: the same thing under a new id; `merged`: folded into another record; `deleted`: gone, with no successor. */
  action: "renamed" | "merged" | "deleted";
  /** The id to follow (`renamed`, `merged`); null for `deleted`. */
  to: string | null;
  /** The dataset version in which the id went. */
  since: string;
  /** Why, in one line. */
  note: string;
};

/** What the id names: a concept, a skill or trait record, a ruling, an inducement, a wizard's spell, a league. */
export type IdKind = "concept" | "record" | "ruling" | "inducement" | "spell" | "league";

// names.schema.json

/** dist/data/names.json: the alias index. Every way the data and the reviewed aliases (sources/annotations/aliases.yaml) name a concept, each with its matching key, sorted by key, then concept, then alias. One key names one concept: the build fails otherwise, unless sources/annotations/aliases.yaml says which concept wins. What `resolveName`, the cards and the SQLite `aliases` table resolve names with. */
export type NamesFile = NameEntry[];

/** One spelling of a concept's name. */
export type NameEntry = {
  /** The spelling as written (a name, a printed name, a retired id, a reviewed alias). */
  alias: string;
  /** The matching key: accents, case, quotes, punctuation, hyphens, spaces and a final `*` dropped, `&` and "et" read as "and" (docs/DATA.md, Names). Two spellings match when their keys are equal. */
  folded: string;
  concept: ConceptId;
  /** The language of the spelling; null when it belongs to none (a retired id). */
  lang: Lang | null;
  /** Where the spelling comes from: `concept` (a concept's name in a language), `record` (a record's name or printed name, in any edition), `retired` (a retired id, through migrations.json), `curated` (a reviewed alias in sources/annotations/aliases.yaml), `abbreviation` (a reviewed abbreviation there, `kind: abbreviation`: `MB`, `TTM`; it names the concept when written exactly, and is never a suggestion for a near spelling). */
  source: "concept" | "record" | "retired" | "curated" | "abbreviation";
  /** For `record`: the record that prints this name; null otherwise. */
  record: RecordId | null;
};

// random-tables.schema.json

/** dist/data/random-tables.json: the random-skill tables, one per edition, game and category, each a complete 2×6 grid (a slot no record holds is declared vacant or re-roll). */
export type RandomTablesFile = RandomTable[];

/** A random-skill table: roll a D6 for the band (1-3 or 4-6) and a D6 for the slot. */
export type RandomTable = {
  /** `<edition>/<game>/<category>`. */
  id: string;
  edition: EditionId;
  game: Game;
  category: RandomCategory;
  /** The 12 slots, ordered by band then D6. */
  slots: TableSlot[];
};

/** One slot of a random-skill table and the record it gives, or, when no record holds it (a withdrawn skill's slot), what the roll does instead. */
export type TableSlot = {
  roll: Roll;
  d6: D6;
  /** The record the slot gives; null when the slot is vacant or re-rolled (`vacancy` says which). */
  record: RecordId | null;
  /** Null when a record holds the slot; otherwise what the roll does (declared in sources/annotations/random-tables.yaml). */
  vacancy: Vacancy | null;
};

/** What a slot no record holds does: `vacant`, the roll gives no skill (the rules leave the slot empty); `re-roll`, roll again on the same table. */
export type Vacancy = "vacant" | "re-roll";

// rulings.schema.json

/** dist/data/rulings.json: every FAQ ruling, once, sorted by id. */
export type RulingsFile = Ruling[];

/** One FAQ question and its answer. A ruling printed under several entries is one ruling linked to all of them. */
export type Ruling = {
  id: RulingId;
  edition: EditionId;
  /** The question as printed, without the `Q:` mark and the page reference. */
  question: string;
  /** The answer as printed, without the `A:` mark. */
  answer: string;
  /** Rulebook pages the question refers to, ascending; empty when the text gives none. */
  pages: number[];
  /** Qualifier printed with the page reference (`(p.71, dungeon bowl)` gives `dungeon bowl`), or null. */
  pageNote: string | null;
  /** Records the ruling is linked to: every entry it is printed under, and every entry its question names. Sorted. */
  records: RecordId[];
  /** Every place the ruling is printed, in source order. */
  occurrences: RulingOccurrence[];
  source: SourceRef;
};

/** One printing of a ruling: the entry it stands under and its lines. */
export type RulingOccurrence = {
  record: RecordId;
  lines: LineRange;
};

// skills.schema.json

/** dist/data/skills.json: every skill and trait record of every edition, sorted by id. */
export type SkillsFile = Skill[];

/** One skill or trait as one edition words it. */
export type Skill = {
  id: RecordId;
  edition: EditionId;
  lang: Lang;
  /** Base name, without parameter or compulsory mark. */
  name: string;
  /** Name as printed in the source, with parameter and `*` when compulsory. */
  displayName: string;
  /** Text in brackets after the name (`+1`, `X`, `X+`), or null when the name has none. */
  parameter: string | null;
  /** What the source says: `true` when it marks the name with `*` (the player must use it when it applies), `false` when a source that marks compulsory names leaves this one unmarked, `null` when the source has no marker convention (the 2025 trait wording has no names; the French list has no `*`). For `null`, the concept's `compulsory` gives the English 2020 value. */
  compulsory: boolean | null;
  kind: Kind;
  category: Category;
  /** Rule text as CommonMark + GFM Markdown: paragraphs, and bullet or numbered lists as real Markdown lists. Words are the source's (with recorded errata applied). Render it as text: it never contains HTML. */
  text: string;
  /** Games the record is part of, in fixed order (blood-bowl, dungeon-bowl). */
  games: Game[];
  /** Slots on the random-skill tables, one per game at most. Empty for records not on a random table. */
  randomSlots: RandomSlot[];
  /** Ids of the rulings (FAQ) linked to this record: those printed under it and those whose question names it. */
  rulings: RulingId[];
  /** Concept the record belongs to (one game rule across editions), or null while no crosswalk links it. */
  concept: ConceptId | null;
  source: SourceRef;
};

/** A place on a random-skill table: first D6 band and second D6 result. */
export type RandomSlot = {
  game: Game;
  roll: Roll;
  d6: D6;
};
