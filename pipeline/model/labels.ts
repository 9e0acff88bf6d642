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
