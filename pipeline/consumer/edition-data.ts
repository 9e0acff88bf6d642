/**
 * The records of one edition. In the package this module is replaced by one
 * the api target writes (targets/api.ts `editionDataModule`): a static import
 * of `dist/data/skills/<edition>.json` per edition of the dataset, so a
 * bundler splits them (Vite's default, esbuild's `--splitting`) and an app
 * loads only the editions its calls read. Here, in the repository and the
 * tests on literal data, the edition's records are read from skills.json.
 */
import type { Skill } from '../model/schema-types.ts';
import { loadSkills } from './data.ts';

/** The records of `edition`, sorted by id; an empty list for an edition the data does not have. */
export async function loadEditionSkills(edition: string): Promise<readonly Skill[]> {
  return (await loadSkills()).filter((record) => record.edition === edition);
}
