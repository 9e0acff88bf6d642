/**
 * The rosters "Paste an example" writes, one per page language: a whole team
 * with its inducements, in the format docs/LEAGUES.md describes. No
 * `edition:` line: the names choose the cards' language.
 */
import type { Locale } from '../i18n.ts';

export const EXAMPLE_ROSTERS: Readonly<Record<Locale, string>> = {
  en: `team: Reikland Reavers
players:
  - name: Griff Oberwald
    position: Blitzer
    skills: [Block, Dodge, Sprint, Sure Feet]
  - name: Big Bertha
    position: Ogre
    skills: "Mighty Blow (+1), Loner (4+), Bone Head, Thick Skull, Throw Team-mate"
  - name: Mighty Zug
    position: Blocker
    skills: [Block, Mighty Blow (+1)]
  - name: Rookie Thrower
    position: Thrower
    skills: [Pass, Sure Hands]
inducements: [2 Bribes, Wandering Apothecaries]
`,
  fr: `team: Les Écorcheurs de Bretonnie
players:
  - name: Gaspard Gros-Bras
    position: Blitzer
    skills: [Blocage, Esquive, Sprint, Équilibre]
  - name: Bertille la Brute
    position: Ogre
    skills: "Châtaigne, Solitaire, Cerveau lent, Crâne épais, Lancer un coéquipier"
  - name: Zoé Zinc
    position: Bloqueur
    skills: [Blocage, Garde]
  - name: Karl Lanceur
    position: Lanceur
    skills: [Passe, Précision]
inducements: [2 Bribes, Wandering Apothecaries]
`,
};
