/**
 * Interface strings of the two locales, and locale-aware paths. The labels of
 * the schema's enums come from pipeline/model/labels.ts (shared with the
 * cards); the French table spells out every key (no spread of the English
 * one), so a string missing in French fails the type check.
 */
import { conceptNameIn } from '../../../pipeline/model/names.ts';
import { ENUM_LABELS, editionNameIn } from '../../../pipeline/model/labels.ts';
import type { Relation } from '../../../pipeline/model/schema-types.ts';

export type Locale = 'en' | 'fr';
export const LOCALES: readonly Locale[] = ['en', 'fr'];

/**
 * A site path in a locale: `/concepts/dodge/` → `/fr/concepts/dodge/`. Paths
 * are built from schema-checked ids and slugs only (lower-case letters, digits,
 * `-`), so no link of the site can leave it or become a `javascript:` URL; any
 * other path is a bug and fails the build.
 */
export function href(locale: Locale, path: string): string {
  if (!SITE_PATH.test(path) || path.includes('//')) throw new Error(`not a site path made of ids: ${JSON.stringify(path)}`);
  return locale === 'fr' ? `/fr${path}` : path;
}
const SITE_PATH = /^\/[a-z0-9/-]*$/;

/** A link to a file served under `/data/` or `/cards/`: each segment URL-encoded, so a file name stays one path. */
export function fileHref(folder: 'data' | 'cards', path: string): string {
  return `/${folder}/${path.split('/').map(encodeURIComponent).join('/')}`;
}

/** An HTML id from a dataset id: `en-2020/r-1a2b3c4d` → `en-2020-r-1a2b3c4d`. */
export function anchor(...parts: string[]): string {
  return parts.join('-').replace(/[^A-Za-z0-9_-]+/g, '-');
}

const en = {
  movedTitle: (id: string) => `${id} has moved`,
  movedTo: (version: string) => `Since version ${version}, this page is:`,
  withdrawnTitle: (id: string) => `${id} was withdrawn`,
  mergedTitle: (id: string) => `${id} was merged into another rule`,
  mergedInto: (version: string) => `Since version ${version}, its rule is part of:`,
  /** What follows a merged rule's name on the page of the rule it joined. */
  mergedHere: (version: string) => ` was merged into this rule in version ${version}.`,
  merged: 'merged',
  withdrawn: (version: string) => `This rule was withdrawn in version ${version} of the dataset. See the list:`,
  home: 'Home',
  tagline: 'Blood Bowl skills and traits across editions and languages.',
  concepts: 'Concepts',
  byCategory: 'Concepts by category',
  byEdition: 'Concepts by edition',
  azEnglish: 'A–Z by English name',
  azFrench: 'A–Z by French name',
  whatChanged: 'What changed',
  randomTables: 'Random skill tables',
  rulings: 'Rulings',
  inducements: 'Inducements',
  leagues: 'Leagues',
  downloads: 'Downloads',
  kind: 'Kind',
  category: 'Category',
  compulsory: 'Compulsory',
  parameter: 'Parameter',
  yes: 'yes',
  no: 'no',
  none: 'none',
  unknown: 'not known',
  compulsoryIn: (edition: string, value: string) => `${value}, as in ${edition}`,
  notStated: 'not stated',
  notStatedHere: 'not stated in this text',
  marksNoCompulsory: (editions: number): string => (editions > 1 ? 'mark no rule as compulsory' : 'marks no rule as compulsory'),
  variants: 'Wordings',
  edition: 'Edition',
  relation: 'Relation',
  confidence: 'Confidence',
  rationale: 'Rationale',
  falseFriend: 'False friend',
  record: 'Record',
  displayName: 'Printed name',
  games: 'Games',
  diff: 'Side by side',
  outline: 'On this page',
  outlineRulings: (n: number) => `${n} FAQ ruling${n > 1 ? 's' : ''}`,
  outlineTables: (n: number) => `on ${n} random table${n > 1 ? 's' : ''}`,
  outlineInducements: (n: number) => `in ${n} inducement${n > 1 ? 's' : ''}`,
  diffIntro: (a: string, b: string) =>
    `${a} beside ${b}, sentence by sentence: a row holds one sentence and its counterpart; words struck through are only in ${a}, underlined words only in ${b}; a sentence with no counterpart has a row of its own.`,
  onlyIn: (edition: string) => `only in ${edition}`,
  movedSentence: (edition: string) => `said elsewhere in ${edition}`,
  inserted: 'inserted',
  deleted: 'deleted',
  faq: 'FAQ rulings',
  question: 'Question',
  answer: 'Answer',
  pages: 'pages',
  noPage: 'no page reference',
  rulebookPages: (pages: readonly number[]) => `rulebook ${pages.length > 1 ? 'pages' : 'page'} ${pages.join(', ')}`,
  tableSlots: 'On the random skill tables',
  mentionedIn: 'Inducements and price lists that mention it',
  related: 'Related concepts',
  provenance: 'Provenance',
  file: 'File',
  lines: 'Lines',
  errata: 'Errata applied',
  noErrata: 'none',
  englishName: 'English name',
  frenchName: 'French name',
  alsoWritten: 'Also written',
  noFrench: 'none: no French text has this rule',
  frenchFromSource: 'as printed in',
  frenchReviewed: 'the usual name, reviewed: no French text has this rule',
  noEnglish: 'none: no English text has this rule',
  records: 'Records',
  noRecord: 'no record',
  filterBy: 'Filter',
  any: 'any',
  anyRelation: 'any relation',
  anyKind: 'any kind',
  shown: (n: number, total: number) => `${n} of ${total} concepts shown`,
  firstD6: 'First D6',
  secondD6: 'Second D6',
  cost: 'Cost',
  skills: 'Skills',
  changes: 'Characteristics',
  except: 'except',
  removes: 'removes',
  forAnyTeam: 'any team',
  each: 'each',
  minimumCost: 'Minimum cost',
  abilities: 'Abilities',
  spells: 'Spells',
  limits: 'Limits',
  maxBought: 'At most',
  oncePerGame: 'Once per game',
  costs: 'Costs',
  note: 'Editor’s note',
  mentions: 'Mentions',
  spellings: 'Spellings in the notes',
  source: 'Source',
  digest: 'SHA-256',
  schema: 'Schema',
  size: 'Records',
  cards: 'Skill cards (PDF)',
  noCards: 'The card PDFs are not part of this build.',
  line: 'line',
  aboutRecord: 'This page is generated from the published dataset',
  forMaintainers: 'For maintainers',
  price: 'Price',
  noPrice: 'The inducement notes give no price for it.',
  filterRulings: 'Filter by skill or words',
  rulingsShown: (n: string, total: string) => `${n} of ${total} skills shown`,
  permalink: 'link to this ruling',
  onConceptPage: 'on the skill’s page',
  notation:
    'How to read this page: an asterisk (*) after a printed name marks a compulsory skill or trait, one the player must use whenever it applies ("Compulsory" above). Each badge says how a wording relates to the English 2020 rules: same, renamed, reworked (same idea, mechanics changed), split, replaced, removed, or not in the 2020 text. The line under each edition’s name says which rules it gives: the rules in force today, the newest wording the sources hold (when they lack the current rules’ text of this rule), or an older edition.',
  confidenceHelp: 'how sure the reviewers are that the two texts are the same rule; anything below high is explained in the crosswalk notes',
  sources: 'Sources',
  sourcesMore: 'Source files and their checksums:',
  identifiers: 'Identifiers',
  sourceTexts: 'Source texts',
  compact: 'compact',
  csvTables: 'CSV tables',
  csvIntro:
    'The same data as CSV tables (UTF-8, RFC 4180), for a spreadsheet, pandas or R: one table per kind of record, one per list field. datapackage.json gives the types and keys of each column.',
  perConcept: 'One concept as JSON',
  perConceptIntro: 'Every concept, record and ruling also has a JSON file of its own (the static API); each concept page links to its file. For example:',
  conceptJson: 'This concept as JSON',
  printCard: 'Print this card',
  printCards: 'Print cards for your team',
  sourceTextsIntro: 'The raw rule texts every record is read from, as the build checked them (SHA-256).',
  correctedBy: (n: number) => (n === 1 ? 'corrected by one erratum' : `corrected by ${n} errata`),
  other: 'Other',
  editions: 'Editions',
  language: 'Language',
  browse: 'Browse',
  dataset: 'Dataset',
  schemas: 'Schemas',
  cardsColumn: 'Cards',
  seeAlso: 'See also: ',
  asPrinted: 'As printed',
  priceListAsPrinted: 'The price list as the notes write it:',
  reportMistake: 'Report a mistake on this page',
  /** The locale of numbers, and the unit of prices (gold pieces). */
  numberLocale: 'en-GB',
  goldPieces: 'gp',
  homeCounts: {
    concepts: 'concepts',
    records: 'skill and trait records',
    rulings: 'FAQ rulings',
    randomTables: 'random tables',
    inducements: 'inducement records',
  },
  downloadsLead: 'The dataset, its JSON Schemas and the card PDFs are on the ',
  homeLead:
    'Every Blood Bowl skill and trait in each edition, side by side, in English and French: what it does, what changed, what the FAQ rules on it and where it sits on the random tables.',
  lookUpLabel: 'Look up a skill or trait',
  lookUpPlaceholder: 'e.g. Dodge, Esquive',
  lookUp: 'Look up',
  /** A label and its value: `same: 16`. */
  colon: ': ',
  homeSeeChanges: 'Every rule and how it changed',
  homeCards: 'Skill cards',
  homeCardsLead: 'Cards that print and cut right, for a whole edition or for your team’s players.',
  forApps: 'For app authors:',
  downloadsLink: 'downloads page',
  datasetIntro: (version: string, schema: string) =>
    `The published dataset, version ${version} (schema ${schema}): JSON files validated by the JSON Schemas (2020-12) published beside them, an SQLite database and TypeScript types. Each file has a compact copy (.min.json) and a SHA-256 checksum.`,
  inducementsIntro: (n: number) => `${n} records from the inducement notes.`,
  /** On a page of another language than the inducement notes, the note above their English rule text (empty on an English page: no note). */
  sourceInEnglish: '',
  rulingsIntro: (n: number) => `${n} rulings of the English 2020 FAQ, grouped by concept; a ruling about several concepts stands under each of them.`,
  whatChangedIntro:
    'Every concept and how each of its records relates to the English 2020 rules: same, renamed, reworked, split, replaced, removed, or not in the 2020 text. A dash: the edition has no record of the concept. The filters are kept in the page’s address, so a filtered view can be shared.',
  frenchNamesCount: (n: number) => `${n} concepts have a French name (from the French legacy list).`,
  byEditionIntro: 'Every record of every edition, with its relation to the English 2020 rules.',
  /** Which wording is the rules in force (lib/edition-status.ts): each edition's standing on a page that shows several. */
  standing: {
    year: (year: number, circa: boolean) => (circa ? `c. ${year}` : String(year)),
    current: (year: string) => `Current rules (${year})`,
    newest: (year: string) => `${year} — newest wording in the sources`,
    older: (year: string) => `Older edition (${year})`,
    notInSources: (inForce: string | null, kind: 'skill' | 'trait') =>
      inForce ? `The current ${inForce} rules are not in the sources for this ${kind}.` : `The rules in force are not in the sources for this ${kind}.`,
    /** Of an older edition alone (the editions page): how many of its rules it still gives the newest wording of. */
    newestOf: (n: number, total: number, inForce: string | null) =>
      `The newest wording in the sources for ${n} of its ${total} rules${inForce ? `: the current ${inForce} rules are not in the sources for them` : ''}.`,
  },
  /** What changed: the editions compared, with their standing. */
  editionsCompared: 'Editions compared',
  referenceEdition: 'the reference of this page',
  /** The search panel's answer from the name resolver, around the concept's name. */
  /** The search panel (site/src/lib/search-panel.ts): `[SEARCH_TERM]` and `[COUNT]` are filled in; `best` and `mean` label the resolver's row. */
  searchPanel: {
    clear: 'Clear',
    loadMore: 'Load more results',
    zero: 'No results for [SEARCH_TERM]',
    one: '1 result for [SEARCH_TERM]',
    many: '[COUNT] results for [SEARCH_TERM]',
    searching: 'Searching for [SEARCH_TERM]…',
    best: 'Best match',
    mean: 'Did you mean',
    section: '1 section',
    sections: '[COUNT] sections',
  },
  /** How a related concept relates, on a concept page. */
  relatedAs: {
    'replaced-by': 'replaced by',
    replaces: 'replaces',
    'split-into': 'split into',
    'split-from': 'split from',
    split: 'split',
    replaced: 'replacement',
  } as Record<string, string>,
  kinds: ENUM_LABELS.en.kinds as Record<string, string>,
  categories: ENUM_LABELS.en.categories as Record<string, string>,
  relations: ENUM_LABELS.en.relations as Record<string, string>,
  confidences: ENUM_LABELS.en.confidences as Record<string, string>,
  gameNames: ENUM_LABELS.en.games as Record<string, string>,
  vacancies: ENUM_LABELS.en.vacancies as Record<string, string>,
  inducementKinds: ENUM_LABELS.en.inducementKinds as Record<string, string>,
  languages: ENUM_LABELS.en.languages as Record<string, string>,
};

type Strings = typeof en;

const fr: Strings = {
  movedTitle: (id: string) => `${id} a changé d’adresse`,
  movedTo: (version: string) => `Depuis la version ${version}, cette page est\u00a0:`,
  withdrawnTitle: (id: string) => `${id} a été retiré`,
  mergedTitle: (id: string) => `${id} a été fusionné dans une autre règle`,
  mergedInto: (version: string) => `Depuis la version ${version}, sa règle fait partie de\u00a0:`,
  mergedHere: (version: string) => ` a été fusionnée dans cette règle dans la version ${version}.`,
  merged: 'fusionnée',
  withdrawn: (version: string) => `Cette règle a été retirée dans la version ${version} des données. Voir la liste\u00a0:`,
  home: 'Accueil',
  tagline: 'Les compétences et traits de Blood Bowl, d’une édition et d’une langue à l’autre.',
  concepts: 'Concepts',
  byCategory: 'Concepts par catégorie',
  byEdition: 'Concepts par édition',
  azEnglish: 'A–Z par nom anglais',
  azFrench: 'A–Z par nom français',
  whatChanged: 'Ce qui a changé',
  randomTables: 'Tables de compétences aléatoires',
  rulings: 'Décisions (FAQ)',
  inducements: 'Coups de pouce',
  leagues: 'Ligues',
  downloads: 'Téléchargements',
  kind: 'Type',
  category: 'Catégorie',
  compulsory: 'Obligatoire',
  parameter: 'Paramètre',
  yes: 'oui',
  no: 'non',
  none: 'aucun',
  unknown: 'inconnu',
  compulsoryIn: (edition, value) => `${value}, comme dans ${edition}`,
  notStated: 'non précisé',
  notStatedHere: 'non précisé dans ce texte',
  marksNoCompulsory: (editions) => (editions > 1 ? 'ne marquent aucune règle comme obligatoire' : 'ne marque aucune règle comme obligatoire'),
  variants: 'Formulations',
  edition: 'Édition',
  relation: 'Relation',
  confidence: 'Confiance',
  rationale: 'Justification',
  falseFriend: 'Faux ami',
  record: 'Fiche',
  displayName: 'Nom imprimé',
  games: 'Jeux',
  diff: 'Côte à côte',
  outline: 'Sur cette page',
  outlineRulings: (n) => `${n} décision${n > 1 ? 's' : ''} de la FAQ`,
  outlineTables: (n) => `sur ${n} table${n > 1 ? 's' : ''} aléatoire${n > 1 ? 's' : ''}`,
  outlineInducements: (n) => `dans ${n} coup${n > 1 ? 's' : ''} de pouce`,
  diffIntro: (a, b) =>
    `${a} à côté de ${b}, phrase par phrase : une ligne réunit une phrase et son équivalent ; les mots barrés ne sont que dans ${a}, les mots soulignés que dans ${b} ; une phrase sans équivalent a sa propre ligne.`,
  onlyIn: (edition) => `seulement dans ${edition}`,
  movedSentence: (edition) => `placée ailleurs dans ${edition}`,
  inserted: 'ajouté',
  deleted: 'supprimé',
  faq: 'Décisions de la FAQ',
  question: 'Question',
  answer: 'Réponse',
  pages: 'pages',
  noPage: 'sans référence de page',
  rulebookPages: (pages) => `${pages.length > 1 ? 'pages' : 'page'} ${pages.join(', ')} du livre de règles`,
  tableSlots: 'Sur les tables de compétences aléatoires',
  mentionedIn: 'Coups de pouce et listes de prix qui la citent',
  related: 'Concepts liés',
  provenance: 'Provenance',
  file: 'Fichier',
  lines: 'Lignes',
  errata: 'Errata appliqués',
  noErrata: 'aucun',
  englishName: 'Nom anglais',
  frenchName: 'Nom français',
  alsoWritten: 'Autres graphies',
  noFrench: 'aucun : aucun texte français n’a cette règle',
  frenchFromSource: 'tel qu’imprimé dans',
  frenchReviewed: 'le nom usuel, relu : aucun texte français n’a cette règle',
  noEnglish: 'aucun : aucun texte anglais n’a cette règle',
  records: 'Fiches',
  noRecord: 'aucune fiche',
  filterBy: 'Filtrer',
  any: 'tous',
  anyRelation: 'toute relation',
  anyKind: 'tout type',
  shown: (n, total) => `${n} concepts affichés sur ${total}`,
  firstD6: 'Premier D6',
  secondD6: 'Second D6',
  cost: 'Coût',
  skills: 'Compétences',
  changes: 'Caractéristiques',
  except: 'sauf',
  removes: 'retire',
  forAnyTeam: 'toute équipe',
  each: 'chacune',
  minimumCost: 'Coût minimum',
  abilities: 'Capacités',
  spells: 'Sorts',
  limits: 'Limites',
  maxBought: 'Au plus',
  oncePerGame: 'Une fois par match',
  costs: 'Coûts',
  note: 'Note de l’éditeur',
  mentions: 'Cite',
  spellings: 'Graphies dans les notes',
  source: 'Source',
  digest: 'SHA-256',
  schema: 'Schéma',
  size: 'Fiches',
  cards: 'Cartes de compétences (PDF)',
  noCards: 'Les cartes PDF ne font pas partie de cette version.',
  line: 'ligne',
  aboutRecord: 'Cette page est générée à partir des données publiées',
  forMaintainers: 'Pour les mainteneurs',
  price: 'Prix',
  noPrice: 'Les notes sur les coups de pouce ne donnent pas son prix.',
  filterRulings: 'Filtrer par compétence ou par mots',
  rulingsShown: (n, total) => `${n} compétences affichées sur ${total}`,
  permalink: 'lien vers cette décision',
  onConceptPage: 'sur la page de la compétence',
  notation:
    'Lire cette page : un astérisque (*) après un nom imprimé signale une compétence ou un trait obligatoire, que le joueur doit utiliser dès qu’il s’applique (« Obligatoire » ci-dessus). Chaque badge dit comment une formulation se rapporte aux règles anglaises de 2020 : identique, renommée, remaniée (même idée, mécanique changée), scindée, remplacée, supprimée, ou absente du texte 2020. La ligne sous le nom de chaque édition dit quelles règles elle donne : les règles en vigueur, la formulation la plus récente des sources (quand elles n’ont pas le texte actuel de cette règle), ou une édition antérieure.',
  confidenceHelp:
    'à quel point les relecteurs sont sûrs que les deux textes sont la même règle ; tout niveau inférieur à « haute » est expliqué dans les notes de correspondance',
  sources: 'Sources',
  sourcesMore: 'Fichiers sources et leurs sommes de contrôle :',
  identifiers: 'Identifiants',
  sourceTexts: 'Textes sources',
  compact: 'compact',
  csvTables: 'Tables CSV',
  csvIntro:
    'Les mêmes données en tables CSV (UTF-8, RFC 4180), pour un tableur, pandas ou R : une table par type d’enregistrement, une par liste. datapackage.json donne le type et les clés de chaque colonne.',
  perConcept: 'Un concept en JSON',
  perConceptIntro: 'Chaque concept, fiche et décision a aussi son propre fichier JSON (l’API statique) ; chaque page de concept renvoie au sien. Par exemple :',
  conceptJson: 'Ce concept en JSON',
  printCard: 'Imprimer cette carte',
  printCards: 'Imprimer les cartes de votre équipe',
  sourceTextsIntro: 'Les textes de règles bruts dont chaque fiche est tirée, tels que la compilation les a vérifiés (SHA-256).',
  correctedBy: (n) => (n === 1 ? 'corrigée par un erratum' : `corrigée par ${n} errata`),
  other: 'Autres',
  editions: 'Éditions',
  language: 'Langue',
  browse: 'Parcourir',
  dataset: 'Données',
  schemas: 'Schémas',
  cardsColumn: 'Cartes',
  seeAlso: 'Voir aussi : ',
  asPrinted: 'Ligne imprimée',
  priceListAsPrinted: 'La liste de prix telle que les notes l’écrivent\u00a0:',
  reportMistake: 'Signaler une erreur sur cette page',
  numberLocale: 'fr-FR',
  goldPieces: 'po',
  homeCounts: {
    concepts: 'concepts',
    records: 'fiches de compétences et traits',
    rulings: 'décisions de FAQ',
    randomTables: 'tables aléatoires',
    inducements: 'fiches de coups de pouce',
  },
  downloadsLead: 'Les données, leurs schémas JSON et les cartes PDF sont dans les ',
  homeLead:
    'Chaque compétence et trait de Blood Bowl dans chaque édition, côte à côte, en anglais et en français : ce qu’elle fait, ce qui a changé, ce qu’en dit la FAQ et sa place sur les tables aléatoires.',
  lookUpLabel: 'Chercher une compétence ou un trait',
  lookUpPlaceholder: 'ex. Esquive, Dodge',
  lookUp: 'Chercher',
  colon: '\u00a0: ',
  homeSeeChanges: 'Toutes les règles et ce qui a changé',
  homeCards: 'Cartes de compétences',
  homeCardsLead: 'Des cartes qui s’impriment et se découpent juste, pour toute une édition ou pour les joueurs de votre équipe.',
  forApps: 'Pour les développeurs d’applications :',
  downloadsLink: 'téléchargements',
  datasetIntro: (version, schema) =>
    `Les données publiées, version ${version} (schéma ${schema}) : des fichiers JSON validés par les schémas JSON (2020-12) publiés à côté, une base SQLite et les types TypeScript. Chaque fichier a sa copie compacte (.min.json) et sa somme de contrôle SHA-256.`,
  inducementsIntro: (n) => `${n} fiches tirées des notes sur les coups de pouce (en anglais).`,
  sourceInEnglish:
    'Le texte des règles reste en anglais, comme les noms propres des coups de pouce\u00a0: c’est le texte de la source, dont il n’existe pas de traduction relue. Les rubriques, les prix et les libellés sont en français.',
  rulingsIntro: (n) =>
    `${n} décisions de la FAQ anglaise de 2020, rangées par concept ; une décision qui concerne plusieurs concepts figure sous chacun d’eux. Questions et réponses sont en anglais.`,
  whatChangedIntro:
    'Chaque concept et la relation de chacune de ses fiches aux règles anglaises de 2020 : identique, renommée, remaniée, scindée, remplacée, supprimée, ou absente du texte 2020. Un tiret : l’édition n’a pas de fiche pour ce concept. Les filtres sont gardés dans l’adresse de la page, qu’on peut partager.',
  frenchNamesCount: (n) => `${n} concepts ont un nom français (ancienne édition française).`,
  byEditionIntro: 'Chaque fiche de chaque édition, avec sa relation aux règles anglaises de 2020.',
  standing: {
    year: (year, circa) => (circa ? `vers ${year}` : String(year)),
    current: (year) => `Règles en vigueur (${year})`,
    newest: (year) => `${year} — formulation la plus récente des sources`,
    older: (year) => `Édition antérieure (${year})`,
    notInSources: (inForce, kind) =>
      `Les règles en vigueur${inForce ? ` (${inForce})` : ''} ne sont pas dans les sources pour ${kind === 'skill' ? 'cette compétence' : 'ce trait'}.`,
    newestOf: (n, total, inForce) =>
      `La formulation la plus récente des sources pour ${n} de ses ${total} règles${inForce ? `\u00a0: les règles en vigueur (${inForce}) ne sont pas dans les sources pour elles` : ''}.`,
  },
  editionsCompared: 'Éditions comparées',
  referenceEdition: 'la référence de cette page',
  searchPanel: {
    clear: 'Effacer',
    loadMore: 'Plus de résultats',
    zero: 'Aucun résultat pour [SEARCH_TERM]',
    one: '1 résultat pour [SEARCH_TERM]',
    many: '[COUNT] résultats pour [SEARCH_TERM]',
    searching: 'Recherche de [SEARCH_TERM]…',
    best: 'Meilleur résultat',
    mean: 'Vouliez-vous dire',
    section: '1 section',
    sections: '[COUNT] sections',
  },
  relatedAs: {
    'replaced-by': 'remplacée par',
    replaces: 'remplace',
    'split-into': 'scindée en',
    'split-from': 'issue de',
    split: 'scission',
    replaced: 'remplacement',
  },
  kinds: ENUM_LABELS.fr.kinds,
  categories: ENUM_LABELS.fr.categories,
  relations: ENUM_LABELS.fr.relations,
  confidences: ENUM_LABELS.fr.confidences,
  gameNames: ENUM_LABELS.fr.games,
  vacancies: ENUM_LABELS.fr.vacancies,
  inducementKinds: ENUM_LABELS.fr.inducementKinds,
  languages: ENUM_LABELS.fr.languages,
};

export function strings(locale: Locale): Strings {
  return locale === 'fr' ? fr : en;
}

export const CATEGORY_ORDER = ['general', 'agility', 'passing', 'strength', 'mutation', 'trait', 'extraordinary'];
export const RELATION_ORDER: readonly Relation[] = ['same', 'renamed', 'reworked', 'split', 'replaced', 'removed', 'new'];

/** Locale-aware sort of names (French accents fold: Éclair after Dodge). */
export function byName(locale: Locale) {
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  return (a: string, b: string) => collator.compare(a, b);
}

/** A concept's name in the reader's language where the rule has one (the French name on /fr/), else in the one it has (a French-only rule: its French name everywhere). */
export function conceptName(concept: { name: string; names: { en?: string; fr?: string } }, locale: Locale): string {
  return conceptNameIn(concept, locale).name;
}

/** An edition's name in the reader's language: the manifest's label, or on /fr/ its French name (an unknown English edition keeps its label, its language named in French). */
export function editionName(edition: { id: string; label: string; lang: string }, locale: Locale): string {
  return editionNameIn(edition, locale);
}

/** The language of `editionName(edition, locale)`. */
export function editionLang(edition: { id: string; label: string; lang: string }, locale: Locale): string {
  return locale === 'fr' ? 'fr' : edition.lang;
}

/** The `[...locale]` route parameter of a locale: none for English (the root locale), `fr` for French. */
export function localeParam(locale: Locale): string | undefined {
  return locale === 'en' ? undefined : locale;
}
