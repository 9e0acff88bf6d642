/**
 * The adapter over Astro's content layer (site/src/lib/dataset.ts): it reads
 * each collection the pages use, by its bundle key, hands the entries' data to
 * indexDataset, and builds the dataset once per site build; in dev it reads
 * the data folder instead (test/site/dev-dataset.test.ts).
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
  it('reads every published file but the migrations, once each, by its bundle key, once per site build', async () => {
    vi.stubEnv('DEV', false);
    const [first, second] = [await dataset(), await dataset()];
    expect(first).toBe(second);
    expect([...read].sort()).toEqual(['concepts', 'crosswalk', 'editions', 'inducements', 'leagues', 'meta', 'names', 'randomTables', 'rulings', 'skills']);
  });
  it('gives the pages the entries’ data, indexed', async () => {
    vi.stubEnv('DEV', false);
    const data = await dataset();
    expect([data.skills.map((s) => s.id), data.concept('leap').name, data.meta.datasetVersion, data.baseEdition]).toEqual([
      ['en-2020/dodge', 'en-2020/leap'],
      'leap',
      '1.0.0',
      'en-2020',
    ]);
  });
  it('reads no collection in dev: the data folder, as dev-dataset.ts reads it', async () => {
    vi.stubEnv('DEV', true);
    vi.stubEnv('NUFFLE_DATA_DIR', '/nonexistent/nuffle-data');
    await expect(dataset()).rejects.toThrow(/nuffle-data\/meta\.json/);
    expect(read).toEqual([]);
  });
});
