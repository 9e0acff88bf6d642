/**
 * The spellings table (issue 21): how players, rosters and apps write skill
 * names, and the concept each must find, through every surface. `exact: false`
 * rows are typos: the first suggestion must be the concept. `retired` rows
 * need the migrations of `RETIRED_MIGRATIONS` (the real data has none yet).
 * Expectations name concepts by id, which a data release never changes.
 */
import type { Migration } from '../../pipeline/model/schema-types.ts';

export interface Spelling {
  text: string;
  concept: string;
  /** The parameter the resolver returns (null: none). */
  parameter?: string | null;
  exact?: boolean;
  retired?: boolean;
}

const m = (id: string, kind: Migration['kind'], to: string): Migration => ({
  id,
  kind,
  action: 'renamed',
  to,
  since: '0.3.0',
  note: 'A fixture rename for the spellings table.',
});

/** Renames an app may have stored: a concept id and two record ids, as a later release would publish them. */
export const RETIRED_MIGRATIONS: Migration[] = [
  m('monstrous-maw', 'concept', 'monstrous-mouth'),
  m('en-2020/foul-appearence', 'record', 'en-2020/foul-appearance'),
  m('en-2020/side-stepping', 'record', 'en-2020/sidestep'),
];

export const SPELLINGS: Spelling[] = [
  // English names, as printed and as typed.
  { text: 'Block', concept: 'block' },
  { text: 'block', concept: 'block' },
  { text: '  BLOCK ', concept: 'block' },
  { text: 'Dodge', concept: 'dodge' },
  { text: 'Sure Feet', concept: 'sure-feet' },
  { text: 'Nerves of Steel', concept: 'nerves-of-steel' },
  { text: 'On the Ball', concept: 'on-the-ball' },
  { text: 'Frenzy*', concept: 'frenzy' },
  // Every parameter form.
  { text: 'Mighty Blow (+1)', concept: 'mighty-blow', parameter: '+1' },
  { text: 'Mighty Blow +1', concept: 'mighty-blow', parameter: '+1' },
  { text: 'Mighty Blow+1', concept: 'mighty-blow', parameter: '+1' },
  { text: 'mighty blow (+2)', concept: 'mighty-blow', parameter: '+2' },
  { text: 'Mighty Blow', concept: 'mighty-blow', parameter: null },
  { text: 'Loner (4+)', concept: 'loner', parameter: '4+' },
  { text: 'Loner 4+', concept: 'loner', parameter: '4+' },
  { text: 'Loner (4+)*', concept: 'loner', parameter: '4+' },
  { text: 'Loner (X+)', concept: 'loner', parameter: 'X+' },
  { text: 'Animosity (X)', concept: 'animosity', parameter: 'X' },
  { text: 'Animosity (all team-mates)', concept: 'animosity', parameter: 'all team-mates' },
  { text: 'Dirty Player +2', concept: 'dirty-player', parameter: '+2' },
  { text: 'Bloodlust (3+)', concept: 'bloodlust', parameter: '3+' },
  { text: 'Bloodlust 2+', concept: 'bloodlust', parameter: '2+' },
  // Punctuation, `&`, hyphens and spaces.
  { text: 'Ball & Chain', concept: 'ball-and-chain' },
  { text: 'ball and chain', concept: 'ball-and-chain' },
  { text: 'Pick-Me-Up', concept: 'pick-me-up' },
  { text: 'pick me up', concept: 'pick-me-up' },
  { text: 'Throw Team-mate', concept: 'throw-team-mate' },
  { text: 'Throw Teammate', concept: 'throw-team-mate' },
  { text: 'Kick Team Mate', concept: 'kick-team-mate' },
  { text: 'Timmm-ber!', concept: 'timmm-ber' },
  { text: 'Timmmber', concept: 'timmm-ber' },
  { text: 'Dump Off', concept: 'dump-off' },
  { text: 'Side Step', concept: 'sidestep' },
  { text: 'Hail-Mary Pass', concept: 'hail-mary-pass' },
  // Concept names with no English record, and the later wording's names.
  { text: 'Piling On', concept: 'piling-on' },
  { text: 'Safe Throw', concept: 'safe-throw' },
  { text: 'Deathroller', concept: 'deathroller' },
  { text: 'Death Roller', concept: 'deathroller' },
  { text: 'Breathe Fire', concept: 'breathe-fire' },
  { text: 'No Ball', concept: 'no-hands' },
  { text: 'Pogo', concept: 'pogo-stick' },
  // French, with and without accents, with typographic apostrophes.
  { text: 'Châtaigne', concept: 'mighty-blow' },
  { text: 'chataigne', concept: 'mighty-blow' },
  { text: 'CHÂTAIGNE (+1)', concept: 'mighty-blow', parameter: '+1' },
  { text: 'Tronçonneuse', concept: 'chainsaw' },
  { text: 'tronconneuse', concept: 'chainsaw' },
  { text: "Nerf d'acier", concept: 'nerves-of-steel' },
  { text: 'Nerf d’acier', concept: 'nerves-of-steel' },
  { text: 'nerf d acier', concept: 'nerves-of-steel' },
  { text: 'Chaîne et boulet', concept: 'ball-and-chain' },
  { text: 'Chaine & boulet', concept: 'ball-and-chain' },
  { text: 'Lancer un coéquipier', concept: 'throw-team-mate' },
  { text: 'gros debile', concept: 'really-stupid' },
  { text: 'Solitaire (4+)', concept: 'loner', parameter: '4+' },
  { text: 'Glissade contrôlée', concept: 'sidestep' },
  { text: 'Blocage', concept: 'block' },
  { text: 'Frénésie', concept: 'frenzy' },
  // Ids of any edition.
  { text: 'en-traits-alt/breathe-fire', concept: 'breathe-fire' },
  { text: 'fr-legacy/chataigne', concept: 'mighty-blow' },
  { text: 'mighty-blow', concept: 'mighty-blow' },
  // Retired ids and names, through the migrations.
  { text: 'monstrous-maw', concept: 'monstrous-mouth', retired: true },
  { text: 'Monstrous Maw', concept: 'monstrous-mouth', retired: true },
  { text: 'en-2020/foul-appearence', concept: 'foul-appearance', retired: true },
  { text: 'Foul Appearence', concept: 'foul-appearance', retired: true },
  { text: 'Side Stepping', concept: 'sidestep', retired: true },
  // Typos: the first suggestion.
  { text: 'blok', concept: 'block', exact: false },
  { text: 'mighty blw', concept: 'mighty-blow', exact: false },
  { text: 'Dodgee', concept: 'dodge', exact: false },
  { text: 'Tronconeuse', concept: 'chainsaw', exact: false },
  { text: 'Jugernaut', concept: 'juggernaut', exact: false },
  { text: 'Regenration', concept: 'regeneration', exact: false },
  { text: 'Thick Skul', concept: 'thick-skull', exact: false },
  { text: 'Pilling On', concept: 'piling-on', exact: false },
  { text: 'Sure Handz', concept: 'sure-hands', exact: false },
];
