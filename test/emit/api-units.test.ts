/**
 * The static API's endpoint kinds that the real data cannot show today (no
 * retired id yet) or shows only in part, on the small literal bundle of the
 * diff tests: the stub at a retired id's address, each list endpoint, and the
 * bulk-data manifest, value by value (test/emit/api-values.test.ts checks
 * the concept, record, ruling and index endpoints on the real build).
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiTexts, emitApi, hostFiles } from '../../pipeline/emit/api.ts';
import type { DataBundle } from '../../pipeline/model/dataset.ts';
import type { Migration } from '../../pipeline/model/schema-types.ts';
import { bundle, league, skill } from '../diff/bundle.ts';
import { literalBundle } from './literal-bundle.ts';

const migration = (id: string, kind: Migration['kind'], action: Migration['action'], to: string | null): Migration => ({
  id,
  kind,
  action,
  to,
  since: '1.1.0',
  note: `${id}: ${action}`,
});

function data(): DataBundle {
  const d = bundle();
  d.skills.push({ ...skill('esquive'), id: 'fr-legacy/esquive', edition: 'fr-legacy', lang: 'fr', name: 'Esquive', concept: 'dodge' });
  d.concepts[0]!.names.fr = 'Esquive';
  d.leagues.push(league('lustria', 'Lustrian Superleague'));
  d.migrations = [
    migration('sidestep', 'concept', 'renamed', 'side-step-old'),
    migration('side-step-old', 'concept', 'renamed', 'side-step'),
    migration('en-2020/jump', 'record', 'deleted', null),
    migration('en-2020/leap-old', 'record', 'renamed', 'en-2020/jump'),
    migration('en-2020/dodge/q-0', 'ruling', 'merged', 'en-2020/dodge/q-1'),
    migration('notes/bribes', 'inducement', 'renamed', 'notes/bribe'),
    migration('old-world-cup', 'league', 'renamed', 'old-world'),
  ];
  d.meta.files = [
    { path: 'skills.json', sha256: 'a'.repeat(64), records: 7 },
    { path: 'skills.min.json', sha256: 'b'.repeat(64), records: 7 },
    { path: 'nuffle-codex.sqlite', sha256: 'c'.repeat(64), records: null },
    { path: 'schema/skills.schema.json', sha256: 'd'.repeat(64), records: null },
    { path: 'package.json', sha256: 'e'.repeat(64), records: null },
    { path: 'index.d.ts', sha256: 'f'.repeat(64), records: null },
    { path: 'datapackage.json', sha256: '0'.repeat(64), records: null },
  ] as DataBundle['meta']['files'];
  return d;
}

/** The endpoints, emitted in each test (so that each test, not the file, reaches the emitter). */
const files = () => emitApi(data());
const at = (path: string) => {
  const file = files().find((f) => f.path === path);
  if (!file) throw new Error(`no endpoint ${path}`);
  return file;
};

describe('the stub at a retired id', () => {
  it('names where a renamed concept leads, through a chain of renames', () =>
    expect(at('v1/concepts/sidestep.json')).toEqual({
      path: 'v1/concepts/sidestep.json',
      kind: 'moved',
      value: {
        id: 'sidestep',
        kind: 'concept',
        action: 'renamed',
        to: 'side-step',
        url: 'v1/concepts/side-step.json',
        since: '1.1.0',
        note: 'sidestep: renamed',
      },
    }));
  it('sits at each id of the chain', () => expect((at('v1/concepts/side-step-old.json').value as { to: string }).to).toBe('side-step'));
  it('says a deleted record leads nowhere', () =>
    expect(at('v1/records/en-2020/jump.json').value).toEqual({
      id: 'en-2020/jump',
      kind: 'record',
      action: 'deleted',
      to: null,
      url: null,
      since: '1.1.0',
      note: 'en-2020/jump: deleted',
    }));
  it('says a renamed record whose new id was deleted since leads nowhere', () =>
    expect(at('v1/records/en-2020/leap-old.json').value).toMatchObject({ action: 'deleted', to: null, url: null }));
  it('leads a merged ruling to the ruling it was merged into', () =>
    expect(at('v1/rulings/en-2020/dodge/q-0.json').value).toMatchObject({
      action: 'merged',
      to: 'en-2020/dodge/q-1',
      url: 'v1/rulings/en-2020/dodge/q-1.json',
    }));
  it('is not written for a kind without endpoints of its own (inducements, leagues)', () =>
    expect(
      files()
        .filter((f) => f.kind === 'moved')
        .map((f) => f.path),
    ).toEqual([
      'v1/concepts/side-step-old.json',
      'v1/concepts/sidestep.json',
      'v1/records/en-2020/jump.json',
      'v1/records/en-2020/leap-old.json',
      'v1/rulings/en-2020/dodge/q-0.json',
    ]));
});

describe('the list endpoints', () => {
  const d = data();
  it('list every concept with its names and the url of its endpoint', () =>
    expect(at('v1/concepts.json').value).toEqual({
      url: 'v1/concepts.json',
      kind: 'concepts',
      count: d.concepts.length,
      items: d.concepts.map((c) => ({ id: c.id, name: c.name, names: c.names, frenchName: c.frenchName, url: `v1/concepts/${c.id}.json` })),
    }));
  it('list the records of each edition, with their language, under the edition', () => {
    expect(at('v1/records/fr-legacy.json').value).toEqual({
      url: 'v1/records/fr-legacy.json',
      kind: 'records',
      edition: 'fr-legacy',
      count: 1,
      items: [{ id: 'fr-legacy/esquive', name: 'Esquive', lang: 'fr', url: 'v1/records/fr-legacy/esquive.json' }],
    });
    expect((at('v1/records/en-2020.json').value as { items: { id: string }[] }).items.map((i) => i.id)).toEqual(
      d.skills.filter((s) => s.edition === 'en-2020').map((s) => s.id),
    );
  });
  it('list every ruling by its question', () =>
    expect(at('v1/rulings.json').value).toEqual({
      url: 'v1/rulings.json',
      kind: 'rulings',
      count: 1,
      items: [{ id: d.rulings[0]!.id, name: d.rulings[0]!.question, url: `v1/rulings/${d.rulings[0]!.id}.json` }],
    }));
  it.each([
    ['inducements', 'inducements'],
    ['leagues', 'leagues'],
    ['editions', 'editions'],
    ['random-tables', 'randomTables'],
    ['migrations', 'migrations'],
  ] as const)('list the %s in full', (kind, part) =>
    expect(at(`v1/${kind}.json`).value).toEqual({ url: `v1/${kind}.json`, kind, count: d[part].length, items: d[part] }),
  );
  it('are linked from the index, records by edition', () =>
    expect((at('v1/index.json').value as { lists: unknown }).lists).toEqual({
      inducements: 'v1/inducements.json',
      leagues: 'v1/leagues.json',
      editions: 'v1/editions.json',
      randomTables: 'v1/random-tables.json',
      migrations: 'v1/migrations.json',
      concepts: 'v1/concepts.json',
      rulings: 'v1/rulings.json',
      records: { 'en-2020': 'v1/records/en-2020.json', 'fr-legacy': 'v1/records/fr-legacy.json' },
      categories: Object.fromEntries([...new Set(d.concepts.map((c) => c.category))].sort().map((c) => [c, `v1/categories/${c}.json`])),
      recordsByCategory: Object.fromEntries(
        ['en-2020', 'fr-legacy'].map((edition) => [
          edition,
          Object.fromEntries(
            [...new Set(d.skills.filter((r) => r.edition === edition).map((r) => r.category))]
              .sort()
              .map((c) => [c, `v1/records/${edition}/categories/${c}.json`]),
          ),
        ]),
      ),
    }));
  it('list the concepts of a category in one request, and the records of an edition in a category (issue 35.8)', () => {
    const category = d.concepts[0]!.category;
    expect(at(`v1/categories/${category}.json`).value).toEqual({
      url: `v1/categories/${category}.json`,
      kind: 'concepts',
      category,
      count: d.concepts.filter((c) => c.category === category).length,
      items: d.concepts
        .filter((c) => c.category === category)
        .map((c) => ({ id: c.id, name: c.name, names: c.names, frenchName: c.frenchName, url: `v1/concepts/${c.id}.json` })),
    });
    const records = d.skills.filter((r) => r.edition === 'fr-legacy');
    expect(at(`v1/records/fr-legacy/categories/${records[0]!.category}.json`).value).toMatchObject({
      kind: 'records',
      edition: 'fr-legacy',
      category: records[0]!.category,
      items: records.map((r) => ({ id: r.id, name: r.name, lang: 'fr', url: `v1/records/${r.id}.json` })),
    });
  });
});

describe('the bulk-data manifest', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  const downloads = new Map([
    ['skills.json', bytes('[1]\n')],
    ['skills.min.json', bytes('[1]')],
    ['nuffle-codex.sqlite', bytes('SQLite format 3')],
    ['SHA256SUMS', bytes('sums\n')],
    ['package.json', bytes('{}')],
    ['csv/skills.csv', bytes('id\r\n')],
  ]);
  const sha = (text: string) => createHash('sha256').update(text).digest('hex');
  const manifest = () => emitApi(data(), downloads).find((f) => f.kind === 'bulkData')!.value;
  it('lists each downloadable file under its version’s folder, relative to the API root, with its size, digest, records and the release date (issue 35.8)', () => {
    const d = data();
    d.meta.releaseDate = '2026-11-30';
    expect(emitApi(d, downloads).find((f) => f.kind === 'bulkData')!.value).toEqual({
      url: 'v1/bulk-data.json',
      datasetVersion: '1.0.0',
      schemaVersion: '2.1.0',
      date: '2026-11-30',
      files: [
        {
          path: 'SHA256SUMS',
          download: 'data/1.0.0/SHA256SUMS',
          size: 5,
          sha256: sha('sums\n'),
          records: null,
          date: '2026-11-30',
          contentType: 'text/plain; charset=utf-8',
        },
        {
          path: 'nuffle-codex.sqlite',
          download: 'data/1.0.0/nuffle-codex.sqlite',
          size: 15,
          sha256: sha('SQLite format 3'),
          records: null,
          date: '2026-11-30',
          contentType: 'application/vnd.sqlite3',
        },
        {
          path: 'skills.json',
          download: 'data/1.0.0/skills.json',
          size: 4,
          sha256: sha('[1]\n'),
          records: 7,
          date: '2026-11-30',
          contentType: 'application/json',
        },
      ],
    });
  });
  it('dates nothing when the data has no release date: never the clock', () => expect(manifest()).toMatchObject({ date: null }));
  it('is linked from the index', () => expect((at('v1/index.json').value as { bulkData: string }).bulkData).toBe('v1/bulk-data.json'));
});

describe('the concept, record and ruling endpoints, on the literal dataset of test/emit/literal-bundle.ts', () => {
  const d = literalBundle();
  const api = () => emitApi(d);
  const get = (path: string) => api().find((f) => f.path === path)!;
  const skill = (id: string) => d.skills.find((s) => s.id === id)!;
  const ruling = (id: string) => d.rulings.find((r) => r.id === id)!;

  it('give a concept its records, their crosswalk rows, their rulings once each, and the concepts it relates to', () =>
    expect(get('v1/concepts/dodge.json')).toEqual({
      path: 'v1/concepts/dodge.json',
      kind: 'concept',
      value: {
        url: 'v1/concepts/dodge.json',
        concept: d.concepts[0],
        records: [skill('en-2020/dodge'), skill('fr-legacy/esquive')],
        crosswalk: [d.crosswalk[0], d.crosswalk[2]],
        rulings: [ruling('en-2020/dodge/q-1')],
        related: [d.concepts[1]],
      },
    }));
  it('give a concept the rulings of all its records, sorted by id', () =>
    expect((get('v1/concepts/mighty-blow.json').value as { rulings: { id: string }[] }).rulings.map((r) => r.id)).toEqual([
      'en-2020/dodge/q-1',
      'en-2020/mighty-blow/q-2',
    ]));
  it('list a ruling about two records of one concept once on the concept', () => {
    const e = literalBundle();
    e.rulings[0]!.records.push('fr-legacy/esquive');
    const value = emitApi(e).find((f) => f.path === 'v1/concepts/dodge.json')!.value as { rulings: { id: string }[] };
    expect(value.rulings.map((r) => r.id)).toEqual(['en-2020/dodge/q-1']);
  });
  it('leave out of a concept’s crosswalk a record that has no row', () => {
    const e = literalBundle();
    e.crosswalk = e.crosswalk.filter((r) => r.record !== 'fr-legacy/esquive');
    const value = emitApi(e).find((f) => f.path === 'v1/concepts/dodge.json')!.value as { crosswalk: unknown[] };
    expect(value.crosswalk).toEqual([e.crosswalk[0]]);
  });
  it('give a concept its records and related concepts sorted by id, and its rulings sorted by id', () => {
    const e = literalBundle();
    e.concepts[0]!.records.reverse();
    e.concepts[0]!.relations.push({ type: 'replaces', concept: 'dodge', record: 'en-2020/dodge' });
    e.rulings.reverse();
    const dodge = emitApi(e).find((f) => f.path === 'v1/concepts/dodge.json')!.value as { records: { id: string }[]; related: { id: string }[] };
    expect(dodge.records.map((r) => r.id)).toEqual(['en-2020/dodge', 'fr-legacy/esquive']);
    expect(dodge.related.map((r) => r.id)).toEqual(['dodge', 'mighty-blow']);
    const blow = emitApi(e).find((f) => f.path === 'v1/concepts/mighty-blow.json')!.value as { rulings: { id: string }[] };
    expect(blow.rulings.map((r) => r.id)).toEqual(['en-2020/dodge/q-1', 'en-2020/mighty-blow/q-2']);
  });
  it('name each endpoint’s kind, for the schema it is checked against', () =>
    expect(Object.fromEntries(api().map((f) => [f.path, f.kind]))).toMatchObject({
      'v1/index.json': 'index',
      'v1/concepts/dodge.json': 'concept',
      'v1/records/en-2020/dodge.json': 'record',
      'v1/rulings/en-2020/dodge/q-1.json': 'ruling',
      'v1/records/en-2020/leap.json': 'moved',
      'v1/concepts.json': 'list',
      'v1/bulk-data.json': 'bulkData',
    }));
  it('list the editions of the records in the index sorted by id', () => {
    const e = literalBundle();
    e.skills.reverse();
    const index = emitApi(e).find((f) => f.kind === 'index')!.value as { lists: { records: object } };
    expect(Object.keys(index.lists.records)).toEqual(['en-2020', 'fr-legacy']);
  });
  it('are endpoint files only, nothing for a retired inducement or league id', () => {
    const e = literalBundle();
    e.migrations.push({ id: 'notes/old', kind: 'inducement', action: 'deleted', to: null, since: '1.1.0', note: 'gone' });
    const all = emitApi(e);
    expect(all.every((f) => typeof f === 'object' && typeof f.path === 'string')).toBe(true);
    expect(all.some((f) => f.path.includes('notes/old'))).toBe(false);
  });
  it('give a record its concept, its crosswalk row, its rulings and the tables it has a slot in', () =>
    expect(get('v1/records/en-2020/dodge.json').value).toEqual({
      url: 'v1/records/en-2020/dodge.json',
      record: skill('en-2020/dodge'),
      concept: d.concepts[0],
      crosswalk: d.crosswalk[0],
      rulings: [ruling('en-2020/dodge/q-1')],
      randomTables: [d.randomTables[0]],
    }));
  it('give a record without a concept, a crosswalk row or a slot null and empty lists', () => {
    const e = literalBundle();
    const alone = { ...e.skills[2]!, id: 'fr-legacy/seul', concept: null, rulings: [] };
    e.skills.push(alone);
    expect(emitApi(e).find((f) => f.path === 'v1/records/fr-legacy/seul.json')!.value).toEqual({
      url: 'v1/records/fr-legacy/seul.json',
      record: alone,
      concept: null,
      crosswalk: null,
      rulings: [],
      randomTables: [],
    });
  });
  it('give a ruling the records it is about', () =>
    expect(get('v1/rulings/en-2020/dodge/q-1.json')).toEqual({
      path: 'v1/rulings/en-2020/dodge/q-1.json',
      kind: 'ruling',
      value: { url: 'v1/rulings/en-2020/dodge/q-1.json', ruling: ruling('en-2020/dodge/q-1'), records: [skill('en-2020/dodge'), skill('en-2020/mighty-blow')] },
    }));
  it('are listed in the index with their names, paths and kinds', () =>
    expect((get('v1/index.json').value as { endpoints: unknown[] }).endpoints).toEqual([
      {
        id: 'dodge',
        name: 'Dodge',
        path: 'v1/concepts/dodge.json',
        kind: 'concepts',
        names: { en: 'Dodge', fr: 'Esquive' },
        frenchName: { name: 'Esquive', from: 'source' },
      },
      { id: 'mighty-blow', name: 'Mighty Blow', path: 'v1/concepts/mighty-blow.json', kind: 'concepts', names: { en: 'Mighty Blow' }, frenchName: null },
      { id: 'en-2020/dodge', name: 'Dodge', path: 'v1/records/en-2020/dodge.json', kind: 'records', lang: 'en' },
      { id: 'en-2020/mighty-blow', name: 'Mighty Blow', path: 'v1/records/en-2020/mighty-blow.json', kind: 'records', lang: 'en' },
      { id: 'fr-legacy/esquive', name: 'Esquive', path: 'v1/records/fr-legacy/esquive.json', kind: 'records', lang: 'fr' },
      { id: 'en-2020/dodge/q-1', name: 'Can a player Dodge twice?', path: 'v1/rulings/en-2020/dodge/q-1.json', kind: 'rulings' },
      { id: 'en-2020/mighty-blow/q-2', name: 'Does Mighty Blow stack?', path: 'v1/rulings/en-2020/mighty-blow/q-2.json', kind: 'rulings' },
    ]));
  it('resolve every path and url of the index against one base, the API root it names (issue 35.8)', () => {
    const index = get('v1/index.json').value as { root: string; endpoints: { path: string }[]; lists: { concepts: string }; bulkData: string };
    const root = new URL(index.root, 'https://host.example/any/v1/index.json');
    expect(root.href).toBe('https://host.example/any/');
    const paths = new Set(api().map((f) => f.path));
    for (const path of [...index.endpoints.map((e) => e.path), index.lists.concepts, index.bulkData])
      expect(paths.has(new URL(path, root).href.slice(root.href.length)), path).toBe(true);
  });
  it('answer an unknown id with a JSON 404 body, which the host files serve with status 404 (issue 35.8)', () => {
    expect(get('v1/404.json').value).toEqual({
      status: 404,
      error: 'not-found',
      message: expect.stringMatching(/unknown/),
      index: 'v1/index.json',
      url: 'v1/404.json',
    });
    const host = hostFiles(api(), '/');
    expect(host.get('_redirects')!.trimEnd().split('\n').at(-1)).toBe('/v1/* /v1/404.json 404');
    expect(host.get('_headers')).toContain('/v1/404.json\n  Cache-Control: no-cache\n');
  });
  it('give the index the API, dataset and schema versions', () =>
    expect(get('v1/index.json').value).toMatchObject({ apiVersion: 'v1', datasetVersion: '1.2.3', schemaVersion: '4.5.6' }));
  it('are sorted by path with every other endpoint', () =>
    expect(api().map((f) => f.path)).toEqual(
      api()
        .map((f) => f.path)
        .sort(),
    ));
  it('are written as two-space JSON texts by path', () =>
    expect(apiTexts(api()).get('v1/rulings.json')).toBe(`${JSON.stringify(get('v1/rulings.json').value, null, 2)}\n`));
});

describe('the bulk-data manifest’s files', () => {
  it('lists no TypeScript, CSV, minified or package file, nor a file in a folder', () => {
    const files = [
      'types.d.ts',
      'csv/skills.csv',
      'skills.min.json',
      'package.json',
      'skills/en-2020.json',
      'schema/skills.schema.json',
      'meta.json',
      'SHA256SUMS',
    ];
    const manifest = emitApi(literalBundle(), new Map(files.map((f) => [f, new Uint8Array(1)]))).find((f) => f.kind === 'bulkData')!.value as {
      files: { path: string; contentType: string }[];
    };
    expect(manifest.files.map((f) => [f.path, f.contentType])).toEqual([
      ['SHA256SUMS', 'text/plain; charset=utf-8'],
      ['meta.json', 'application/json'],
    ]);
  });
});

describe('the host files', () => {
  it('serve JSON with CORS open to any origin, under the root given', () =>
    expect(hostFiles([], '/api/').get('_headers')).toMatch(
      /^\/api\/v1\/\*\n {2}Access-Control-Allow-Origin: \*\n {2}Content-Type: application\/json; charset=utf-8\n/,
    ));
  it('cache the downloads for good, as their folder names their version, each with its type (issue 35.8)', () => {
    const headers = hostFiles(emitApi(data(), new Map([['nuffle-codex.sqlite', new Uint8Array(3)]])), '/api/').get('_headers')!;
    expect(headers).toContain('/api/data/*\n  Access-Control-Allow-Origin: *\n  Cache-Control: public, max-age=31536000, immutable\n');
    expect(headers).toContain('/api/data/1.0.0/nuffle-codex.sqlite\n  Content-Type: application/vnd.sqlite3\n');
  });
  it('redirect each retired id that leads somewhere, and nothing for a deletion', () =>
    expect(hostFiles(files()).get('_redirects')).toBe(
      [
        '/v1/concepts/side-step-old.json /v1/concepts/side-step.json 301',
        '/v1/concepts/sidestep.json /v1/concepts/side-step.json 301',
        '/v1/rulings/en-2020/dodge/q-0.json /v1/rulings/en-2020/dodge/q-1.json 301',
        '/v1/* /v1/404.json 404',
        '',
      ].join('\n'),
    ));
  it('write an empty _redirects when no id was retired', () => {
    const d = literalBundle();
    d.migrations = [];
    expect(hostFiles(emitApi(d)).get('_redirects')).toBe('/v1/* /v1/404.json 404\n');
  });
});
