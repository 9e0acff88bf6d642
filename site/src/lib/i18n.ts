/** Interface strings of the two locales, and locale-aware paths. */
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
const SITE_PATH = /^\/[a-z0-9\/-]*$/;

/** A link to a file served under `/data/` or `/cards/`: each segment URL-encoded, so a file name stays one path. */
export function fileHref(folder: 'data' | 'cards', path: string): string {
  return `/${folder}/${path.split('/').map(encodeURIComponent).join('/')}`;
}

/** An HTML id from a dataset id: `en-2020/r-1a2b3c4d` → `en-2020-r-1a2b3c4d`. */
export function anchor(...parts: string[]): string {
  return parts.join('-').replace(/[^A-Za-z0-9_-]+/g, '-');
}

const en = {
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
  compulsoryIn: (edition: string, value: string) => `${value} (as in ${edition})`,
  variants: 'Wordings',
  edition: 'Edition',
  relation: 'Relation',
  confidence: 'Confidence',
  rationale: 'Rationale',
  falseFriend: 'False friend',
  record: 'Record',
  displayName: 'Printed name',
  games: 'Games',
  diff: 'Word-level changes',
  diffIntro: (a: string, b: string) => `From ${a} to ${b}: inserted words are underlined, deleted words struck through.`,
  inserted: 'inserted',
  deleted: 'deleted',
  faq: 'FAQ rulings',
  question: 'Question',
  answer: 'Answer',
  page: 'page',
  pages: 'pages',
  noPage: 'no page reference',
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
  noFrench: 'no French name',
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
  except: 'Except',
  removes: 'Removes',
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
  kinds: { skill: 'skill', trait: 'trait' } as Record<string, string>,
  categories: {
    agility: 'Agility',
    general: 'General',
    mutation: 'Mutation',
    passing: 'Passing',
    strength: 'Strength',
    trait: 'Trait',
    extraordinary: 'Extraordinary',
  } as Record<string, string>,
  relations: {
    same: 'same',
    renamed: 'renamed',
    reworked: 'reworked',
    split: 'split',
    replaced: 'replaced',
    removed: 'removed',
    new: 'new',
  } as Record<string, string>,
  confidences: { high: 'high', medium: 'medium', low: 'low' } as Record<string, string>,
  gameNames: { 'blood-bowl': 'Blood Bowl', 'dungeon-bowl': 'Dungeon Bowl' } as Record<string, string>,
  inducementKinds: {
    inducement: 'Inducement',
    mercenary: 'Mercenaries',
    'coaching-staff': 'Coaching staff',
    referee: 'Referee',
    wizard: 'Wizard',
    'special-rules': 'Special rules',
    'price-list': 'Price list',
  } as Record<string, string>,
};

type Strings = typeof en;

const fr: Strings = {
  ...en,
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
  compulsoryIn: (edition, value) => `${value} (comme dans ${edition})`,
  variants: 'Formulations',
  edition: 'Édition',
  relation: 'Relation',
  confidence: 'Confiance',
  rationale: 'Justification',
  falseFriend: 'Faux ami',
  record: 'Fiche',
  displayName: 'Nom imprimé',
  games: 'Jeux',
  diff: 'Changements mot à mot',
  diffIntro: (a, b) => `De ${a} à ${b} : les mots ajoutés sont soulignés, les mots supprimés barrés.`,
  inserted: 'ajouté',
  deleted: 'supprimé',
  faq: 'Décisions de la FAQ',
  question: 'Question',
  answer: 'Réponse',
  page: 'page',
  pages: 'pages',
  noPage: 'sans référence de page',
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
  noFrench: 'pas de nom français',
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
  except: 'Sauf',
  removes: 'Retire',
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
  kinds: { skill: 'compétence', trait: 'trait' },
  categories: {
    agility: 'Agilité',
    general: 'Générale',
    mutation: 'Mutation',
    passing: 'Passe',
    strength: 'Force',
    trait: 'Trait',
    extraordinary: 'Extraordinaire',
  },
  relations: {
    same: 'identique',
    renamed: 'renommée',
    reworked: 'remaniée',
    split: 'scindée',
    replaced: 'remplacée',
    removed: 'supprimée',
    new: 'nouvelle',
  },
  confidences: { high: 'haute', medium: 'moyenne', low: 'basse' },
  inducementKinds: {
    inducement: 'Coup de pouce',
    mercenary: 'Mercenaires',
    'coaching-staff': 'Staff d’entraîneurs',
    referee: 'Arbitre',
    wizard: 'Sorcier',
    'special-rules': 'Règles spéciales',
    'price-list': 'Liste de prix',
  },
};

export function strings(locale: Locale): Strings {
  return locale === 'fr' ? fr : en;
}

export const CATEGORY_ORDER = ['general', 'agility', 'passing', 'strength', 'mutation', 'trait', 'extraordinary'];
export const RELATION_ORDER = ['same', 'renamed', 'reworked', 'split', 'replaced', 'removed', 'new'];

/** Locale-aware sort of names (French accents fold: Éclair after Dodge). */
export function byName(locale: Locale) {
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  return (a: string, b: string) => collator.compare(a, b);
}

/** A concept's name in the reader's language: the French name on /fr/ where there is one. */
export function conceptName(concept: { name: string; names: { fr?: string } }, locale: Locale): string {
  return locale === 'fr' && concept.names.fr ? concept.names.fr : concept.name;
}
