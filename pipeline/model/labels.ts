/**
 * Reader-facing labels of the schema's enums, one table per language, shared
 * by the site and the cards (pipeline/emit/cards may import it: it imports no
 * site code). Each table is a Record over the generated enum type, so a new
 * enum value in schema/ fails the type check until every language labels it.
 */
import type { Category, Confidence, Game, Inducement, Kind, Lang, Relation, Vacancy } from './schema-types.ts';

type InducementKind = Inducement['kind'];

export interface EnumLabels {
  kinds: Record<Kind, string>;
  categories: Record<Category, string>;
  relations: Record<Relation, string>;
  confidences: Record<Confidence, string>;
  games: Record<Game, string>;
  inducementKinds: Record<InducementKind, string>;
  /** A random-table slot no record holds: what the roll does. */
  vacancies: Record<Vacancy, string>;
  /** The language names, in this language. */
  languages: Record<Lang, string>;
}

const en: EnumLabels = {
  kinds: { skill: 'skill', trait: 'trait' },
  categories: {
    agility: 'Agility',
    general: 'General',
    mutation: 'Mutation',
    passing: 'Passing',
    strength: 'Strength',
    trait: 'Trait',
    extraordinary: 'Extraordinary',
  },
  relations: { same: 'same', renamed: 'renamed', reworked: 'reworked', split: 'split', replaced: 'replaced', removed: 'removed', new: 'not in the 2020 text' },
  confidences: { high: 'high', medium: 'medium', low: 'low' },
  games: { 'blood-bowl': 'Blood Bowl', 'dungeon-bowl': 'Dungeon Bowl' },
  inducementKinds: {
    inducement: 'Inducement',
    mercenary: 'Mercenaries',
    'coaching-staff': 'Coaching staff',
    referee: 'Referee',
    wizard: 'Wizard',
    'special-rules': 'Special rules',
    'price-list': 'Price list',
  },
  vacancies: { vacant: 'No skill (vacant slot)', 're-roll': 'Roll again' },
  languages: { en: 'English', fr: 'French' },
};

const fr: EnumLabels = {
  kinds: { skill: 'compétence', trait: 'trait' },
  // `extraordinary` is the old lists' special skills: the French list's own word, « spéciales ».
  categories: { agility: 'Agilité', general: 'Générale', mutation: 'Mutation', passing: 'Passe', strength: 'Force', trait: 'Trait', extraordinary: 'Spéciale' },
  relations: {
    same: 'identique',
    renamed: 'renommée',
    reworked: 'remaniée',
    split: 'scindée',
    replaced: 'remplacée',
    removed: 'supprimée',
    new: 'absente du texte 2020',
  },
  confidences: { high: 'haute', medium: 'moyenne', low: 'basse' },
  games: { 'blood-bowl': 'Blood Bowl', 'dungeon-bowl': 'Dungeon Bowl' },
  inducementKinds: {
    inducement: 'Coup de pouce',
    mercenary: 'Mercenaires',
    'coaching-staff': 'Staff d’entraîneurs',
    referee: 'Arbitre',
    wizard: 'Sorcier',
    'special-rules': 'Règles spéciales',
    'price-list': 'Liste de prix',
  },
  vacancies: { vacant: 'Aucune compétence (case vide)', 're-roll': 'Relancez' },
  languages: { en: 'anglais', fr: 'français' },
};

export const ENUM_LABELS: Readonly<Record<Lang, EnumLabels>> = { en, fr };

/** The French names of the editions the sources give in English, without their language (the manifest's labels are English, but for the French list's own). */
const FRENCH_EDITION_NAMES: Readonly<Record<string, string>> = {
  'en-2020': 'Blood Bowl 2020',
  'en-traits-alt': 'Traits de Blood Bowl 2025',
  'en-2020-inducements': 'Notes sur les coups de pouce',
};

type EditionOf = { id: string; label: string; lang: string };

/**
 * An edition's name in `lang`: the manifest's label, or in French its French
 * name, its language named in French ("Blood Bowl 2020 (anglais)"; an unknown
 * English edition keeps its label, "(English)" turned to "(anglais)").
 */
export function editionNameIn(edition: EditionOf, lang: Lang): string {
  if (lang === 'en' || edition.lang === 'fr') return edition.label;
  const name = FRENCH_EDITION_NAMES[edition.id];
  return name ? `${name} (${ENUM_LABELS.fr.languages.en})` : edition.label.replace(/\(English\)$/, `(${ENUM_LABELS.fr.languages.en})`);
}

/** The name alone, its language left out, where the sentence says it ("Texte anglais, Blood Bowl 2020"). */
export function editionTitleIn(edition: EditionOf, lang: Lang): string {
  const name = editionNameIn(edition, lang);
  const language = ` (${ENUM_LABELS[lang].languages[edition.lang as Lang] ?? edition.lang})`;
  return name.endsWith(language) ? name.slice(0, -language.length) : name;
}
