/**
 * The site's content loader (site/src/lib/loader.ts) on a literal data folder
 * of its own (NUFFLE_DATA_DIR): two small files with their `.sha256`, meta.json
 * and a schema each, a store, a logger and a watcher written out here.
 */
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoaderContext } from 'astro/loaders';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHECKED_DATASET, datasetLoader } from '../../site/src/lib/loader.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const SKILLS = JSON.stringify([
  { id: 'en-2020/dodge', text: 'Dodge.' },
  { id: 'en-2020/block', text: 'Block.' },
]);
const ROWS = JSON.stringify([{ record: 'en-2020/dodge', text: 'same' }, { text: 'no id' }]);

const FILES = { 'skills.json': SKILLS, 'crosswalk.json': ROWS };

let dir: string;
const before = process.env.NUFFLE_DATA_DIR;

/** Write `file` with `text`, its `.sha256` (`claimed` when given) and meta.json's entry for it. */
function publish(files: Record<string, string>, claimed: Record<string, string> = {}, folder = dir): void {
  const meta = JSON.stringify({ files: Object.entries(files).map(([path, text]) => ({ path, sha256: sha256(text) })) });
  for (const [path, text] of Object.entries({ ...files, 'meta.json': meta })) {
    writeFileSync(join(folder, path), text);
    writeFileSync(join(folder, `${path}.sha256`), `${claimed[path] ?? sha256(text)}  ${path}\n`);
  }
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'nuffle-loader-'));
  process.env.NUFFLE_DATA_DIR = dir;
  mkdirSync(join(dir, 'schema'));
  const list = (id: string, required: string) => ({
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `https://example.org/${id}`,
    type: 'array',
    items: { type: 'object', properties: { id: { type: 'string' }, record: { type: 'string' }, text: { type: ['string', 'null'] } }, required: [required] },
  });
  writeFileSync(join(dir, 'schema/skills.schema.json'), JSON.stringify(list('skills', 'id')));
  writeFileSync(join(dir, 'schema/crosswalk.schema.json'), JSON.stringify(list('crosswalk', 'text')));
  writeFileSync(join(dir, 'schema/meta.schema.json'), JSON.stringify({ $id: 'https://example.org/meta', type: 'object' }));
  // Not a schema: the loader reads only *.schema.json.
  writeFileSync(join(dir, 'schema/skills.schema.json.sha256'), 'not JSON');
});
beforeEach(() => publish(FILES));
afterAll(() => {
  if (before === undefined) delete process.env.NUFFLE_DATA_DIR;
  else process.env.NUFFLE_DATA_DIR = before;
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Run `test` on a copy of the data folder: the loader reads a folder's schemas
 * once, so a test of what it makes of them needs a folder it has not read.
 */
async function inCopy(test: (folder: string) => Promise<void>): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'nuffle-loader-copy-'));
  cpSync(dir, folder, { recursive: true });
  process.env.NUFFLE_DATA_DIR = folder;
  try {
    await test(folder);
  } finally {
    process.env.NUFFLE_DATA_DIR = dir;
    rmSync(folder, { recursive: true, force: true });
  }
}

/** A store, a logger and a watcher that record what the loader did. */
function context(watching = false) {
  const entries = new Map<string, unknown>();
  const log: string[] = [];
  const handlers: [string, (path: string) => void][] = [];
  const watchedPaths: string[] = [];
  const store = { clear: () => entries.clear(), set: ({ id, data }: { id: string; data: unknown }) => void entries.set(id, data) };
  const logger = { debug: (m: string) => log.push(`debug ${m}`), info: (m: string) => log.push(`info ${m}`), error: (m: string) => log.push(`error ${m}`) };
  const watcher = {
    add: (path: string) => void watchedPaths.push(path),
    on: (event: string, handler: (path: string) => void) => void handlers.push([event, handler]),
  };
  const ctx = { store, logger, watcher: watching ? watcher : undefined } as unknown as LoaderContext;
  return { ctx, entries, log, handlers, watchedPaths };
}
const load = async (file: string, c = context()) => {
  await datasetLoader(file).load(c.ctx);
  return c;
};

describe('datasetLoader', () => {
  it('is named after its file', () => expect(datasetLoader('skills.json').name).toBe('nuffle-dataset:skills.json'));
  it('stores each record under its id', async () =>
    expect([...(await load('skills.json')).entries]).toEqual([
      ['en-2020/dodge', { id: 'en-2020/dodge', text: 'Dodge.' }],
      ['en-2020/block', { id: 'en-2020/block', text: 'Block.' }],
    ]));
  it('stores a row without an id under its record, else its index', async () =>
    expect([...(await load('crosswalk.json')).entries.keys()]).toEqual(['en-2020/dodge', '1']));
  it('stores meta.json, one object, under "meta", without a digest of its own in meta.json', async () =>
    expect([...(await load('meta.json')).entries.keys()]).toEqual(['meta']));
  it('logs how many records it read', async () => expect((await load('skills.json')).log).toEqual(['debug skills.json: 2 records']));
  it('refuses a file whose bytes are not those its .sha256 gives, naming the file', async () => {
    publish(FILES, { 'skills.json': sha256('other') });
    await expect(load('skills.json')).rejects.toThrow(
      `${join(dir, 'skills.json')}: skills.json changed after it was published: its SHA-256 ${sha256(SKILLS)} is not the one skills.json.sha256 and meta.json give; rebuild with \`nuffle build --only data\` [data/digest-mismatch]`,
    );
  });
  it('refuses a file whose bytes are not those meta.json gives', async () => {
    writeFileSync(join(dir, 'skills.json'), `${SKILLS} `);
    writeFileSync(join(dir, 'skills.json.sha256'), `${sha256(`${SKILLS} `)}  skills.json\n`);
    await expect(load('skills.json')).rejects.toThrow('[data/digest-mismatch]');
  });
  it('refuses a file meta.json does not list', async () => {
    publish({ 'crosswalk.json': ROWS });
    await expect(load('skills.json')).rejects.toThrow(`${join(dir, 'skills.json')}: skills.json changed after it was published`);
  });
  it('refuses every file when meta.json lists none', async () => {
    writeFileSync(join(dir, 'meta.json'), '{}');
    writeFileSync(join(dir, 'meta.json.sha256'), `${sha256('{}')}  meta.json\n`);
    await expect(load('skills.json')).rejects.toThrow(`${join(dir, 'skills.json')}: skills.json changed after it was published`);
  });
  it('refuses a meta.json that does not match meta.json.sha256', async () => {
    publish(FILES, { 'meta.json': sha256('other') });
    await expect(load('skills.json')).rejects.toThrow('meta.json does not match meta.json.sha256 [data/digest-mismatch]');
  });
  describe('a dataset nuffle build validated (NUFFLE_DATA_CHECKED: its meta.json)', () => {
    const bad = JSON.stringify([{ id: 'en-2020/dodge', text: 5 }]);
    /** Load `file` with NUFFLE_DATA_CHECKED set to `checked` (a function of the folder's meta.json). */
    const loadChecked = async (file: string, checked: (meta: string) => string) => {
      process.env[CHECKED_DATASET] = checked(readFileSync(join(dir, 'meta.json'), 'utf8'));
      try {
        return await load(file);
      } finally {
        delete process.env[CHECKED_DATASET];
      }
    };
    it('is not validated a second time: its records are stored as read', async () => {
      publish({ ...FILES, 'skills.json': bad });
      expect([...(await loadChecked('skills.json', sha256)).entries.keys()]).toEqual(['en-2020/dodge']);
    });
    it('still has its bytes checked against that meta.json', async () => {
      publish({ ...FILES, 'skills.json': bad });
      writeFileSync(join(dir, 'skills.json'), SKILLS);
      await expect(loadChecked('skills.json', sha256)).rejects.toThrow('[data/digest-mismatch]');
    });
    it('is validated when the one named is another meta.json', async () => {
      publish({ ...FILES, 'skills.json': bad });
      await expect(loadChecked('skills.json', (meta) => sha256(`${meta} `))).rejects.toThrow('the dataset does not fit its schema');
    });
  });
  it('refuses a record that does not fit the schema, naming the file and the record', async () => {
    const bad = JSON.stringify([{ id: 'en-2020/dodge', text: 5 }]);
    publish({ ...FILES, 'skills.json': bad });
    await expect(load('skills.json')).rejects.toThrow('the dataset does not fit its schema\nskills.json: record en-2020/dodge: /text must be string,null');
  });
  it('names every record that does not fit, reading *.schema.json only', () =>
    inCopy(async (folder) => {
      publish(
        {
          ...FILES,
          'skills.json': JSON.stringify([
            { id: 'a', text: 5 },
            { id: 'b', text: 6 },
          ]),
        },
        {},
        folder,
      );
      await expect(load('skills.json')).rejects.toThrow('skills.json: record a: /text must be string,null\nskills.json: record b: /text must be string,null');
    }));
  it('reads the schemas once per folder: a schema added since is not known', () =>
    inCopy(async (folder) => {
      await load('skills.json');
      writeFileSync(join(folder, 'schema/late.schema.json'), JSON.stringify({ $id: 'https://example.org/late', type: 'array' }));
      publish({ ...FILES, 'late.json': '[]' }, {}, folder);
      await expect(load('late.json')).rejects.toThrow(`late.json: no published schema late.schema.json in ${folder}/schema`);
    }));
  it('refuses a schema with a keyword JSON Schema does not have (Ajv in strict mode)', () =>
    inCopy(async (folder) => {
      writeFileSync(join(folder, 'schema/odd.schema.json'), JSON.stringify({ $id: 'https://example.org/odd', type: 'array', itemz: {} }));
      publish({ ...FILES, 'odd.json': '[]' }, {}, folder);
      await expect(load('odd.json')).rejects.toThrow('strict mode: unknown keyword: "itemz"');
    }));
  it('reads a schema with a union type of two kinds (`type: ["string", "integer"]`)', () =>
    inCopy(async (folder) => {
      const schema = { $id: 'https://example.org/mixed', type: 'array', items: { type: 'object', properties: { id: { type: ['string', 'integer'] } } } };
      writeFileSync(join(folder, 'schema/mixed.schema.json'), JSON.stringify(schema));
      publish({ ...FILES, 'mixed.json': '[{"id":"a"},{"id":1}]' }, {}, folder);
      expect([...(await load('mixed.json')).entries.keys()]).toEqual(['a', '1']);
    }));
  it('refuses a file without its published schema', async () => {
    publish({ ...FILES, 'leagues.json': '[]' });
    await expect(load('leagues.json')).rejects.toThrow('schema/leagues.schema.json');
  });
});

describe('datasetLoader in the dev server', () => {
  it('stores nothing and watches nothing: the pages read the data folder themselves (dev-dataset.ts)', async () => {
    const c = await load('skills.json', context(true));
    expect([c.entries.size, c.watchedPaths, c.handlers, c.log]).toEqual([0, [], [], []]);
  });
});
