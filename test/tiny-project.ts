/**
 * A small literal project in a temporary folder: an English 2020 text of
 * traits only (no random table to fill), a French legacy list and the
 * annotation files, every one written here, none copied from sources/; only
 * the schemas (code, not data) come from the repository. A scenario starts
 * from it, changes the files it is about, and builds in-process.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buildDataset, type BuildResult } from '../pipeline/build.ts';
import { readProject } from '../pipeline/commands/project.ts';
import { lockText } from '../pipeline/validate/ids.ts';
import { repoRoot } from './helpers.ts';

/** The 2020 text: two traits, each defining its concept (`really-stupid`, `stunty`). */
const EN_2020 = `skills-traits

Really Stupid*
Traits
This player is without doubt one of the dimmest creatures to ever take to the pitch. Roll a D6 after declaring an action.
Bloodbowlnone
Dungeonbowl

Stunty*
Traits
This player is small. When this player attempts to Dodge, they ignore any -1 modifiers.
Bloodbowlnone
Dungeonbowl
`;

/** The French list: a strength block (Écrasement, of an old-edition concept) and an agility block (Bond, likewise), then the extraordinary skills. */
const FR_LEGACY = `Liste des Compétences

• Compétences de force

Ecrasement
Le joueur peut relancer le jet d'Armure de la victime Plaquée.

• Compétences d'agilité

Bond
Le joueur peut se relever gratuitement.

• Compétences spéciales

Gros débile
Le joueur est particulièrement stupide : lancez un D6 après avoir déclaré une action.

Minus
Le joueur est petit et ignore les modificateurs d'Esquive.
`;

const MANIFEST = `dataset:
  version: 1.0.0
  schemaVersion: ${(readFileSync(join(repoRoot, 'sources/manifest.yaml'), 'utf8').match(/schemaVersion: (\S+)/) ?? [])[1]}
sources:
  - id: en-2020-skills-traits
    file: sources/raw/en-2020-skills-traits.txt
    lang: en
    edition: { id: en-2020, label: Blood Bowl 2020, year: 2020, status: superseded }
    parser: en-2020
    note: A tiny 2020 text.
  - id: fr-legacy-skills
    file: sources/raw/fr-legacy-skills.txt
    lang: fr
    edition: { id: fr-legacy, label: Ancienne liste, year: 2006, circa: true, status: superseded }
    parser: fr-legacy
    games: [blood-bowl]
    note: A tiny French list.
`;

/** The crosswalk: two old-edition concepts, the French extraordinary skills declared traits, a row per French record (not stamped: see `stampAll`). */
const CROSSWALK = `concepts:
  - { id: piling-on, name: Piling On, kind: skill, category: strength, note: An older edition's skill. }
  - { id: jump-up-old, name: Old Jump Up, kind: skill, category: agility, note: An older edition's skill. }
categories:
  - edition: fr-legacy
    category: extraordinary
    conceptCategory: trait
    reason: The old list's special skills are the 2020 traits.
links:
  - source: fr-legacy-skills
    record: fr-legacy/ecrasement
    concept: piling-on
    relation: removed
    confidence: high
    rationale: Re-roll the victim's Armour roll; no 2020 rule does.
  - source: fr-legacy-skills
    record: fr-legacy/bond
    concept: jump-up-old
    relation: removed
    confidence: high
    rationale: Stand up for free; no 2020 rule of this corpus.
  - source: fr-legacy-skills
    record: fr-legacy/gros-debile
    concept: really-stupid
    relation: same
    confidence: high
    rationale: The same D6 after declaring an action.
  - source: fr-legacy-skills
    record: fr-legacy/minus
    concept: stunty
    relation: same
    confidence: high
    rationale: Small, ignores dodge modifiers, as in 2020.
`;

const FILES: Record<string, string> = {
  'package.json': '{ "name": "tiny", "version": "1.0.0" }\n',
  'sources/manifest.yaml': MANIFEST,
  'sources/raw/en-2020-skills-traits.txt': EN_2020,
  'sources/raw/fr-legacy-skills.txt': FR_LEGACY,
  'sources/annotations/errata.yaml': 'errata: []\n',
  'sources/annotations/mentions.yaml': 'qualifiedOnly: []\naliases: []\nnotNames: []\n',
  'sources/annotations/crosswalk.yaml': CROSSWALK,
  'sources/annotations/glossary.yaml': 'terms: []\n',
  'sources/annotations/inducements.yaml': 'characteristics: {}\nleagues: []\nrecords: []\n',
  'sources/annotations/compulsory.yaml': 'reviewed: []\n',
  'sources/annotations/migrations.yaml': 'migrations: []\n',
  'sources/annotations/aliases.yaml': 'aliases: []\nwinners: []\n',
};

/** A fresh tiny project (with `changes`: files replaced or added, by path). Returns its root. */
export function tinyProject(changes: Record<string, string> = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'nuffle-tiny-'));
  cpSync(join(repoRoot, 'schema'), join(root, 'schema'), { recursive: true });
  for (const [path, text] of Object.entries({ ...FILES, ...changes })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** The project built in-process (no cache, no lock unless the project has one). */
export const buildTiny = (root: string, options: { strict?: boolean } = {}): BuildResult => buildDataset(readProject(root, options));

/** The project's crosswalk with every row stamped as the build asks (`crosswalk/review-unstamped`'s line pasted). */
export function stampAll(root: string): void {
  const path = join(root, 'sources/annotations/crosswalk.yaml');
  const result = buildTiny(root);
  const lines = readFileSync(path, 'utf8').split('\n');
  const stamps = result.diagnostics
    .filter((d) => d.ruleId === 'crosswalk/review-unstamped')
    .map((d) => ({ line: d.place!.line, paste: d.expected!.slice(d.expected!.indexOf('textDigest:')) }))
    .sort((a, b) => b.line - a.line);
  for (const { line, paste } of stamps) {
    let end = line;
    while (end < lines.length && lines[end]!.startsWith('    ')) end++;
    lines.splice(end, 0, `    ${paste}`);
  }
  writeFileSync(path, lines.join('\n'));
}

/** The project's lock, with every id it publishes now (what `nuffle release` writes). */
export function lockAll(root: string): void {
  const result = buildTiny(root);
  writeFileSync(join(root, 'sources/ids.lock'), lockText([], result.ids.published, '1.0.0'));
}

/** Replace `find` (which must occur) by `replace` in a file of the tiny project: these files are this module's literals. */
export function editTiny(root: string, path: string, find: string, replace: string): void {
  const file = join(root, path);
  const text = readFileSync(file, 'utf8');
  if (!text.includes(find)) throw new Error(`${path} has no "${find}"`);
  writeFileSync(file, text.replace(find, replace));
}
