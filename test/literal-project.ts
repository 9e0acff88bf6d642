/**
 * A small literal project for scenario tests, written out here and never
 * taken from today's sources: an English 2020 source of two traits (Stab,
 * Loner), a French legacy source of one skill (Poignard, linked to Stab), the
 * annotation files nearly empty, and a lock of the ids it publishes. A
 * scenario gives the values it changes (`literalProject({ migrations: … })`);
 * each file is YAML written from its value, so a test finds a field's line
 * with `lineOf(input.annotations.<file>.text, …)`. `writeProject` puts it in
 * a temp dir for CLI runs.
 */
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { stringify } from 'yaml';
import type { BuildInput, TextFile } from '../pipeline/build/types.ts';
import { readSchemaFiles, repoRoot } from '../pipeline/io.ts';
import {
  ALIASES_PATH,
  COMPULSORY_PATH,
  CROSSWALK_PATH,
  ERRATA_PATH,
  GLOSSARY_PATH,
  INDUCEMENTS_PATH,
  LOCK_PATH,
  MANIFEST_PATH,
  MENTIONS_PATH,
  MIGRATIONS_PATH,
  RANDOM_TABLES_PATH,
} from '../pipeline/model/paths.ts';

export const EN_SOURCE = 'en-2020-skills-traits';
export const FR_SOURCE = 'fr-legacy-skills';

/** The English 2020 text: two traits, no random-table slot. */
export const EN_TEXT = [
  'skills-traits',
  '',
  'Stab',
  'Traits',
  'This player may stab.',
  'Bloodbowlnone',
  'Dungeonbowl',
  'Loner',
  'Traits',
  'This player is alone.',
  'Bloodbowlnone',
  'Dungeonbowl',
  '',
].join('\n');
/** The French legacy text: one skill of the strength block. */
const FR_TEXT = ['Liste des Compétences', '', '• Compétences de force', '', 'Poignard', 'Le joueur poignarde un adversaire.', ''].join('\n');

/** The values of the curated files, by their key in the build (build/annotations.ts). */
export interface LiteralFiles {
  manifest: unknown;
  errata: unknown;
  mentions: unknown;
  crosswalk: unknown;
  glossary: unknown;
  inducements: unknown;
  compulsory: unknown;
  migrations: unknown;
  aliases: unknown;
  randomTables: unknown;
}

const PATHS: Record<keyof LiteralFiles, string> = {
  manifest: MANIFEST_PATH,
  errata: ERRATA_PATH,
  mentions: MENTIONS_PATH,
  crosswalk: CROSSWALK_PATH,
  glossary: GLOSSARY_PATH,
  inducements: INDUCEMENTS_PATH,
  compulsory: COMPULSORY_PATH,
  migrations: MIGRATIONS_PATH,
  aliases: ALIASES_PATH,
  randomTables: RANDOM_TABLES_PATH,
};

/** The base project's files: every one valid, the project builds with no error. */
export function literalFiles(): LiteralFiles {
  return {
    manifest: {
      dataset: { version: '1.0.0', schemaVersion: '3.2.0' },
      sources: [
        {
          id: EN_SOURCE,
          file: 'sources/raw/en.txt',
          lang: 'en',
          edition: { id: 'en-2020', label: 'English', year: 2020, status: 'superseded' },
          parser: 'en-2020',
          note: 'Two traits.',
        },
        {
          id: FR_SOURCE,
          file: 'sources/raw/fr.txt',
          lang: 'fr',
          edition: { id: 'fr-legacy', label: 'Français', year: 2006, circa: true, status: 'superseded' },
          parser: 'fr-legacy',
          note: 'One skill.',
        },
      ],
    },
    errata: { errata: [] },
    mentions: { qualifiedOnly: [], aliases: [], notNames: [] },
    crosswalk: {
      concepts: [],
      links: [{ source: FR_SOURCE, record: 'fr-legacy/poignard', concept: 'stab', relation: 'same', confidence: 'high', rationale: 'Both stab.' }],
      categories: [
        { record: 'fr-legacy/poignard', category: 'strength', conceptCategory: 'trait', reason: 'The literal French list files its one trait under strength.' },
      ],
    },
    glossary: { terms: [] },
    inducements: { characteristics: {}, leagues: [], records: [] },
    compulsory: { reviewed: [] },
    migrations: { migrations: [] },
    aliases: { aliases: [] },
    randomTables: { slots: [] },
  };
}

/** The lock of what the base project publishes. */
export const LOCK = ['concept loner', 'concept stab', 'record en-2020/loner', 'record en-2020/stab', 'record fr-legacy/poignard', ''].join('\n');

const yaml = (value: unknown): string => stringify(value, { lineWidth: 0, blockQuote: false });

/** The base project with `changes` applied (whole files, by key), as the build reads it. */
export function literalProject(changes: Partial<LiteralFiles> = {}, options: { lock?: string | null; raw?: Record<string, string> } = {}): BuildInput {
  const files = { ...literalFiles(), ...changes };
  const text = (key: keyof LiteralFiles): TextFile => ({ path: PATHS[key], text: yaml(files[key]) });
  const raw = { 'sources/raw/en.txt': EN_TEXT, 'sources/raw/fr.txt': FR_TEXT, ...options.raw };
  return {
    manifest: text('manifest'),
    raw: new Map(Object.entries(raw).map(([path, content]) => [path, new TextEncoder().encode(content)])),
    annotations: {
      errata: text('errata'),
      mentions: text('mentions'),
      crosswalk: text('crosswalk'),
      glossary: text('glossary'),
      inducements: text('inducements'),
      compulsory: text('compulsory'),
      migrations: text('migrations'),
      aliases: text('aliases'),
      randomTables: text('randomTables'),
    },
    lock: options.lock === null ? null : { path: LOCK_PATH, text: options.lock ?? LOCK },
    schemas: readSchemaFiles(repoRoot),
  };
}

/** The project on disk, in a new temp dir (sources/ and a copy of schema/), for CLI runs. Returns its root. */
export function writeProject(input: BuildInput): string {
  const root = mkdtempSync(join(tmpdir(), 'nuffle-literal-'));
  const write = (path: string, content: string | Uint8Array) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  };
  for (const file of [input.manifest, ...Object.values(input.annotations)]) if (file) write(file.path, file.text);
  for (const [path, bytes] of input.raw) write(path, bytes);
  if (input.lock) write(input.lock.path, input.lock.text);
  for (const file of input.releases ?? []) write(file.path, file.text);
  cpSync(join(repoRoot, 'schema'), join(root, 'schema'), { recursive: true });
  return root;
}
