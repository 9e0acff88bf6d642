/** The roster "Paste an example" writes: a whole team, in the format docs/LEAGUES.md describes. */
export const EXAMPLE_ROSTER = `team: Reikland Reavers
edition: en-2020
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
`;
