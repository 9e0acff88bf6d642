// import.meta.env's types (Vite's), for the project's own type check: the site's tsconfig has them through astro/client.
/// <reference path="../../../node_modules/vite/types/importMeta.d.ts" />
/**
 * The dataset as the pages use it: every collection of the content layer
 * (`astro:content`, one per published file) read once and handed to
 * indexDataset (site/src/lib/dataset-index.ts), which sorts the lists and
 * makes the look-ups; in the dev server, the data folder read directly
 * (dev-dataset.ts). This file is the adapter only: what the pages get is
 * decided there, and tested there on literal data.
 */
import { getCollection } from 'astro:content';
import { BUNDLE_FILES } from '../../../pipeline/model/dataset.ts';
import type { Concept, Inducement, Skill } from '../../../pipeline/model/schema-types.ts';
import { dataDir } from './data-dir.ts';
import { type Dataset, type DatasetEntries, indexDataset } from './dataset-index.ts';
import { createDevReader, type DevReader } from './dev-dataset.ts';
import { readDataFile } from './loader.ts';

export type { Concept, Dataset, Inducement, Skill };

/** The collections the pages read, named by their bundle keys: every published file but migrations.json (as site/src/content.config.ts defines them). */
const { migrations: _unread, ...read } = BUNDLE_FILES;
const COLLECTIONS = Object.keys(read) as (keyof DatasetEntries)[];

// The collections have no zod schema (the loader validates against the
// published JSON Schemas), so their entries are typed by DatasetEntries.
async function load(name: keyof DatasetEntries): Promise<unknown[]> {
  return ((await getCollection(name as never)) as { data: unknown }[]).map((entry) => entry.data);
}

async function build(): Promise<Dataset> {
  const lists = await Promise.all(COLLECTIONS.map(async (name) => [name, await load(name)] as const));
  return indexDataset(Object.fromEntries(lists) as unknown as DatasetEntries);
}

let cached: Promise<Dataset> | undefined;
/** The dataset, built once per site build; in dev (`nuffle dev`), read from the data folder when it changed (dev-dataset.ts), so a rebuild shows at the next request. */
export function dataset(): Promise<Dataset> {
  if (import.meta.env.DEV) return new Promise((resolve) => resolve(devDataset()));
  cached ??= build();
  return cached;
}

const readDev = createDevReader({ readFile: readDataFile, files: read as DevReader['files'] });
let dev: { metaSha256: string; dataset: Dataset } | undefined;
/** The data folder's dataset, indexed again only when its meta.json changed. */
function devDataset(): Dataset {
  const { metaSha256, entries } = readDev(dataDir());
  if (dev?.metaSha256 !== metaSha256) dev = { metaSha256, dataset: indexDataset(entries) };
  return dev.dataset;
}
