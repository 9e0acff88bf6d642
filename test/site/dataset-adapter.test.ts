/**
 * The adapter over Astro's content layer (site/src/lib/dataset.ts): it reads
 * each collection the pages use, by its bundle key, hands the entries' data to
 * indexDataset, and builds the dataset once per site build (per page in dev).
 * `astro:content` exists only inside an Astro build: here it is a module
 * written out in the test, whose collections are literal entries.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { concept, row, skill } from '../diff/bundle.ts';

const read = vi.hoisted(() => [] as string[]);
const COLLECTIONS = vi.hoisted(
  (): Record<string, unknown[]> => ({
    meta: [{ datasetVersion: '1.0.0', schemaVersion: '3.0.0', sources: [], files: [] }],
    editions: [{ id: 'en-2020', parser: 'en-2020', source: 'en-2020-source' }],
    rulings: [],
    randomTables: [],
    inducements: [],
    leagues: [],
    names: [],
  }),
);
vi.mock('astro:content', () => ({
  getCollection: async (name: string) => {
    read.push(name);
    const entries = COLLECTIONS[name];
    if (!entries) throw new Error(`no collection ${name}`);
    return entries.map((data, i) => ({ id: String(i), collection: name, data }));
  },
}));
Object.assign(COLLECTIONS, { skills: [skill('leap'), skill('dodge')], concepts: [concept('dodge'), concept('leap')], crosswalk: [row('leap'), row('dodge')] });

const { dataset } = await import('../../site/src/lib/dataset.ts');

afterEach(() => {
  read.length = 0;
  vi.unstubAllEnvs();
});

describe('the dataset from the content layer', () => {
  it('reads every published file but the migrations, once each, by its bundle key', async () => {
    vi.stubEnv('DEV', true);
    await dataset();
    expect([...read].sort()).toEqual(['concepts', 'crosswalk', 'editions', 'inducements', 'leagues', 'meta', 'names', 'randomTables', 'rulings', 'skills']);
  });
  it('gives the pages the entries’ data, indexed', async () => {
    vi.stubEnv('DEV', true);
    const data = await dataset();
    expect([data.skills.map((s) => s.id), data.concept('leap').name, data.meta.datasetVersion, data.baseEdition]).toEqual([
      ['en-2020/dodge', 'en-2020/leap'],
      'leap',
      '1.0.0',
      'en-2020',
    ]);
  });
  it('reads the collections again for each page in dev, so that a reloaded file shows', async () => {
    vi.stubEnv('DEV', true);
    const [first, second] = [await dataset(), await dataset()];
    expect([first === second, read.length]).toEqual([false, 20]);
  });
  it('reads the collections once per site build', async () => {
    vi.stubEnv('DEV', false);
    const [first, second] = [await dataset(), await dataset()];
    expect([first === second, read.length]).toEqual([true, 10]);
  });
});
