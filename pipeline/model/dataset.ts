/**
 * The published dataset as one typed value: what the outputs that render from
 * `dist/data` (cards, site loaders, the consumer API) read. Built from the
 * file texts by `parseDataBundle`; `io.ts` `readDataBundle` reads a folder.
 */
import type {
  Concept,
  CrosswalkRow,
  Edition,
  Inducement,
  League,
  ManifestSource,
  MetaFile,
  Migration,
  NameEntry,
  RandomTable,
  Ruling,
  Skill,
} from './schema-types.ts';

/**
 * The parser of the reference edition (English 2020): its records define the
 * concepts, and the site compares every other wording with it.
 */
export const BASE_PARSER = 'en-2020' satisfies ManifestSource['parser'];

export interface DataBundle {
  meta: MetaFile;
  editions: Edition[];
  skills: Skill[];
  rulings: Ruling[];
  randomTables: RandomTable[];
  concepts: Concept[];
  crosswalk: CrosswalkRow[];
  inducements: Inducement[];
  leagues: League[];
  migrations: Migration[];
  /** The alias index (names.json); empty in a release before schema 2.3.0. */
  names: NameEntry[];
}

/** File name in `dist/data` of each part of the bundle. */
export const BUNDLE_FILES = {
  meta: 'meta.json',
  editions: 'editions.json',
  skills: 'skills.json',
  rulings: 'rulings.json',
  randomTables: 'random-tables.json',
  concepts: 'concepts.json',
  crosswalk: 'crosswalk.json',
  inducements: 'inducements.json',
  leagues: 'leagues.json',
  migrations: 'migrations.json',
  names: 'names.json',
} as const satisfies Record<keyof DataBundle, string>;

/**
 * The bundle from the files' texts (`read(name)` returns a file's text). The
 * files were validated against their schemas when they were emitted; this
 * only parses them.
 */
export function parseDataBundle(read: (file: string) => string | null): DataBundle {
  const parse = (key: string, file: string): unknown => {
    let text: string | null;
    try {
      text = read(file);
      // Files a later contract added are empty in an older release.
      if (text === null && key in SINCE) return [];
      if (text === null) throw new Error('missing');
      return JSON.parse(text);
    } catch (cause) {
      throw new Error(`${file}: ${(cause as Error).message}`);
    }
  };
  return Object.fromEntries(Object.entries(BUNDLE_FILES).map(([key, file]) => [key, parse(key, file)])) as unknown as DataBundle;
}

/** Bundle parts that older releases lack, with the schema version that added them. */
export const SINCE: Partial<Record<keyof DataBundle, string>> = { migrations: '2.1.0', names: '3.0.0' };
