/**
 * The static JSON API (dist/api, served by the site under /api/): one file per
 * concept, record and ruling, each with its links resolved one level, and an
 * index of every endpoint. An app can host the folder anywhere. A pure
 * function of the published dataset; every endpoint validates against its
 * schema in schema/api/.
 */
import { createHash } from 'node:crypto';
import type { DataBundle } from '../model/dataset.ts';
import type { Category, Concept, Migration, RandomTable, Ruling, Skill } from '../model/schema-types.ts';
import { followMigrations } from '../model/migrations.ts';
import { writeHeaders, writeRedirects, type HeaderRule, type RedirectRule } from '../model/host-rules.ts';
import { compare } from '../model/order.ts';
import { toJson } from './json.ts';

export const API_VERSION = 'v1';

/** Endpoint paths, relative to dist/api. */
export const apiPath = {
  index: () => `${API_VERSION}/index.json`,
  concept: (id: string) => `${API_VERSION}/concepts/${id}.json`,
  record: (id: string) => `${API_VERSION}/records/${id}.json`,
  ruling: (id: string) => `${API_VERSION}/rulings/${id}.json`,
  list: (kind: string) => `${API_VERSION}/${kind}.json`,
  category: (category: string) => `${API_VERSION}/categories/${category}.json`,
  editionCategory: (edition: string, category: string) => `${API_VERSION}/records/${edition}/categories/${category}.json`,
  bulkData: () => `${API_VERSION}/bulk-data.json`,
  notFound: () => `${API_VERSION}/404.json`,
  /** A downloadable file of the dataset, under a path that names its version: its bytes never change there. */
  download: (datasetVersion: string, path: string) => `data/${datasetVersion}/${path}`,
};

/** The schema (relative to schema/) each endpoint kind satisfies. */
export const API_SCHEMAS = {
  index: 'api/index.schema.json',
  concept: 'api/concept.schema.json',
  record: 'api/record.schema.json',
  ruling: 'api/ruling.schema.json',
  moved: 'api/moved.schema.json',
  list: 'api/list.schema.json',
  bulkData: 'api/bulk-data.schema.json',
  notFound: 'api/not-found.schema.json',
} as const;

export interface ApiFile {
  path: string;
  kind: keyof typeof API_SCHEMAS;
  value: unknown;
}

/**
 * Every endpoint of the API; `downloads` holds the bytes of the dataset's
 * files (by their path in dist/data) that bulk-data.json offers, which the
 * api target copies to `data/<datasetVersion>/` (apiPath.download).
 */
export function emitApi(data: DataBundle, downloads: ReadonlyMap<string, Uint8Array> = new Map()): ApiFile[] {
  const record = new Map(data.skills.map((r) => [r.id, r]));
  const concept = new Map(data.concepts.map((c) => [c.id, c]));
  const row = new Map(data.crosswalk.map((r) => [r.record, r]));
  const rulingsOf = new Map<string, Ruling[]>();
  for (const ruling of data.rulings) for (const id of ruling.records) rulingsOf.set(id, [...(rulingsOf.get(id) ?? []), ruling]);
  const tablesOf = new Map<string, RandomTable[]>();
  for (const table of data.randomTables) {
    // Stryker disable next-line ConditionalExpression,ArrayDeclaration: a vacant slot's null (or any id no record has) only adds a key no record looks up
    for (const id of new Set(table.slots.flatMap((s) => (s.record === null ? [] : [s.record])))) tablesOf.set(id, [...(tablesOf.get(id) ?? []), table]);
  }
  const pick = <T>(ids: Iterable<string>, from: Map<string, T>): T[] => [...new Set(ids)].sort(compare).map((id) => from.get(id)!);
  const files: ApiFile[] = [];

  for (const c of data.concepts) {
    const records = pick(c.records, record);
    const rulings = [...new Map(records.flatMap((r) => rulingsOf.get(r.id) ?? []).map((x) => [x.id, x])).values()].sort((a, b) => compare(a.id, b.id));
    files.push({
      path: apiPath.concept(c.id),
      kind: 'concept',
      value: {
        url: apiPath.concept(c.id),
        concept: c,
        records,
        crosswalk: records.map((r) => row.get(r.id)!).filter(Boolean),
        rulings,
        related: pick(
          c.relations.map((r) => r.concept),
          concept,
        ),
      },
    });
  }
  for (const r of data.skills) {
    files.push({
      path: apiPath.record(r.id),
      kind: 'record',
      value: {
        url: apiPath.record(r.id),
        record: r,
        concept: (r.concept ? concept.get(r.concept) : undefined) ?? null,
        crosswalk: row.get(r.id) ?? null,
        rulings: pick(r.rulings, new Map(data.rulings.map((x) => [x.id, x]))),
        randomTables: tablesOf.get(r.id) ?? [],
      },
    });
  }
  for (const ruling of data.rulings) {
    files.push({ path: apiPath.ruling(ruling.id), kind: 'ruling', value: { url: apiPath.ruling(ruling.id), ruling, records: pick(ruling.records, record) } });
  }
  files.push(...movedStubs(data.migrations ?? []), ...listEndpoints(data), ...categoryLists(data), bulkData(data, downloads), indexFile(data), notFound());
  return files.sort((a, b) => compare(a.path, b.path));
}

/** The index: the versions, where each list is, and an entry per concept, record and ruling endpoint. */
function indexFile(data: DataBundle): ApiFile {
  const entry = (kind: 'concepts' | 'records' | 'rulings', id: string, name: string, path: string, extra: object = {}) => ({
    id,
    name,
    path,
    kind,
    ...extra,
  });
  return {
    path: apiPath.index(),
    kind: 'index',
    value: {
      apiVersion: API_VERSION,
      datasetVersion: data.meta.datasetVersion,
      schemaVersion: data.meta.schemaVersion,
      // index.json is at <root>/v1/index.json: every path and url here (and in every endpoint) resolves against <root>.
      root: '../',
      lists: {
        ...Object.fromEntries(TABLE_KINDS.map(([key, kind]) => [key, apiPath.list(kind)])),
        concepts: apiPath.list('concepts'),
        rulings: apiPath.list('rulings'),
        records: Object.fromEntries(recordEditions(data).map((edition) => [edition, apiPath.list(`records/${edition}`)])),
        categories: Object.fromEntries(conceptCategories(data).map((category) => [category, apiPath.category(category)])),
        recordsByCategory: Object.fromEntries(
          recordEditions(data).map((edition) => [
            edition,
            Object.fromEntries(recordCategories(data, edition).map((category) => [category, apiPath.editionCategory(edition, category)])),
          ]),
        ),
      },
      notFound: apiPath.notFound(),
      bulkData: apiPath.bulkData(),
      endpoints: [
        ...data.concepts.map((c: Concept) => entry('concepts', c.id, c.name, apiPath.concept(c.id), { names: c.names, frenchName: c.frenchName })),
        ...data.skills.map((r: Skill) => entry('records', r.id, r.name, apiPath.record(r.id), { lang: r.lang })),
        ...data.rulings.map((r: Ruling) => entry('rulings', r.id, r.question, apiPath.ruling(r.id))),
      ],
    },
  };
}

/** The kinds listed in full (they have no endpoint of their own): index key, list name, bundle part. */
const TABLE_KINDS = [
  ['inducements', 'inducements', 'inducements'],
  ['leagues', 'leagues', 'leagues'],
  ['editions', 'editions', 'editions'],
  ['randomTables', 'random-tables', 'randomTables'],
  ['migrations', 'migrations', 'migrations'],
] as const;

/** The editions that have records, sorted by id. */
const recordEditions = (data: DataBundle): string[] => [...new Set(data.skills.map((r) => r.edition))].sort(compare);

/** One list endpoint per kind: links to the concept, record (per edition) and ruling endpoints; the other kinds in full. */
function listEndpoints(data: DataBundle): ApiFile[] {
  const list = (kind: string, items: readonly unknown[], extra: object = {}): ApiFile => ({
    path: apiPath.list(kind),
    kind: 'list',
    value: { url: apiPath.list(kind), kind: kind.split('/')[0], ...extra, count: items.length, items },
  });
  return [
    list('concepts', data.concepts.map(conceptLink)),
    ...recordEditions(data).map((edition) =>
      list(
        `records/${edition}`,
        data.skills.filter((r) => r.edition === edition).map((r) => ({ id: r.id, name: r.name, lang: r.lang, url: apiPath.record(r.id) })),
        { edition },
      ),
    ),
    list(
      'rulings',
      data.rulings.map((r) => ({ id: r.id, name: r.question, url: apiPath.ruling(r.id) })),
    ),
    ...TABLE_KINDS.map(([, kind, part]) => list(kind, data[part] ?? [])),
  ];
}

/** A concept as a list links it: its names, the French name with where it comes from, and its endpoint. */
const conceptLink = (c: Concept) => ({ id: c.id, name: c.name, names: c.names, frenchName: c.frenchName, url: apiPath.concept(c.id) });

/** The categories that have concepts, sorted. */
const conceptCategories = (data: DataBundle): Category[] => [...new Set(data.concepts.map((c) => c.category))].sort(compare);
/** The categories an edition's records are in, sorted. */
const recordCategories = (data: DataBundle, edition: string): Category[] =>
  [...new Set(data.skills.filter((r) => r.edition === edition).map((r) => r.category))].sort(compare);

/**
 * The lists by category (PokeAPI's `/type/{name}`): the concepts of each
 * category (`categories/{category}.json`), and the records of each edition
 * in each category (`records/{edition}/categories/{category}.json`), so a
 * category is one request, not one per concept.
 */
function categoryLists(data: DataBundle): ApiFile[] {
  const list = (path: string, kind: 'concepts' | 'records', extra: object, items: readonly unknown[]): ApiFile => ({
    path,
    kind: 'list',
    value: { url: path, kind, ...extra, count: items.length, items },
  });
  return [
    ...conceptCategories(data).map((category) =>
      list(apiPath.category(category), 'concepts', { category }, data.concepts.filter((c) => c.category === category).map(conceptLink)),
    ),
    ...recordEditions(data).flatMap((edition) =>
      recordCategories(data, edition).map((category) =>
        list(
          apiPath.editionCategory(edition, category),
          'records',
          { edition, category },
          data.skills
            .filter((r) => r.edition === edition && r.category === category)
            .map((r) => ({ id: r.id, name: r.name, lang: r.lang, url: apiPath.record(r.id) })),
        ),
      ),
    ),
  ];
}

/** The files bulk-data.json offers: every top-level JSON data file (not a minified copy, not package.json), the database and SHA256SUMS. */
export const isDownloadable = (path: string): boolean =>
  path === 'SHA256SUMS' ||
  (!path.includes('/') && !path.endsWith('.min.json') && path !== 'package.json' && (path.endsWith('.json') || path.endsWith('.sqlite')));

/** The media type a file of the dataset is served with. */
const downloadType = (path: string): string =>
  path.endsWith('.json') ? 'application/json' : path.endsWith('.sqlite') ? 'application/vnd.sqlite3' : 'text/plain; charset=utf-8';

/**
 * The bulk-data manifest (Scryfall's bulk-data): each downloadable file with
 * where the API serves it (relative to the API root, under a path that names
 * the dataset version, so it resolves wherever the folder is hosted and its
 * bytes never change there), its size, SHA-256, record count and date (the
 * release's date from the data, meta.json releaseDate: never the clock).
 */
function bulkData(data: DataBundle, downloads: ReadonlyMap<string, Uint8Array>): ApiFile {
  const records = new Map(data.meta.files.map((f) => [f.path, f.records]));
  const files = [...downloads]
    .filter(([path]) => isDownloadable(path))
    .sort(([a], [b]) => compare(a, b))
    .map(([path, bytes]) => ({
      path,
      download: apiPath.download(data.meta.datasetVersion, path),
      size: bytes.byteLength,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      records: records.get(path) ?? null,
      date: data.meta.releaseDate ?? null,
      contentType: downloadType(path),
    }));
  return {
    path: apiPath.bulkData(),
    kind: 'bulkData',
    value: {
      url: apiPath.bulkData(),
      datasetVersion: data.meta.datasetVersion,
      schemaVersion: data.meta.schemaVersion,
      date: data.meta.releaseDate ?? null,
      files,
    },
  };
}

/** The body a host serves, with status 404, for any path under v1/ that is no endpoint (an unknown id): JSON, as every answer of the API. */
function notFound(): ApiFile {
  return {
    path: apiPath.notFound(),
    kind: 'notFound',
    value: {
      status: 404,
      error: 'not-found',
      message:
        'No endpoint at this address: the id is unknown (a retired id has a stub that says where it went). Look ids up in the index or the list endpoints.',
      index: apiPath.index(),
      url: apiPath.notFound(),
    },
  };
}

/**
 * `_headers` and `_redirects` for the static hosts that read them (Netlify,
 * Cloudflare Pages): JSON served as JSON with CORS open to any origin, and
 * each retired id's old address redirected (301) to where it leads (a host
 * that serves a file before a redirect, as Netlify does, serves the stub
 * there instead, which says the same). Paths from `root`: `/` when dist/api
 * is served alone, `/api/` under the docs site. Rules, not text: the one
 * writer (model/host-rules.ts) refuses a field that is not a path of the site.
 */
function hostRules(files: readonly ApiFile[], root = '/'): { headers: HeaderRule[]; redirects: RedirectRule[] } {
  const headers: HeaderRule[] = [
    {
      path: `${root}${API_VERSION}/*`,
      headers: [
        ['Access-Control-Allow-Origin', '*'],
        ['Content-Type', 'application/json; charset=utf-8'],
      ],
    },
    // The 404 body (served for every path under v1/ that is no endpoint): never cached, as the id it answers may be published later.
    { path: `${root}${apiPath.notFound()}`, headers: [['Cache-Control', 'no-cache']] },
    // The downloads live under a path naming their dataset version, so a copy never goes stale: cache them for a year.
    {
      path: `${root}data/*`,
      headers: [
        ['Access-Control-Allow-Origin', '*'],
        ['Cache-Control', 'public, max-age=31536000, immutable'],
        ['X-Content-Type-Options', 'nosniff'],
      ],
    },
    ...files
      .filter((f) => f.kind === 'bulkData')
      .flatMap((f) => (f.value as { files: { download: string; contentType: string }[] }).files)
      .map((file): HeaderRule => ({ path: `${root}${file.download}`, headers: [['Content-Type', file.contentType]] })),
  ];
  const redirects = files
    .filter((f) => f.kind === 'moved')
    .flatMap((f): RedirectRule[] => {
      const { url } = f.value as { url: string | null };
      return url === null ? [] : [{ from: `${root}${f.path}`, to: `${root}${url}`, status: 301 }];
    });
  // Last: any other path under v1/ answers the JSON 404 body, with status 404 (a host serves an existing file first).
  redirects.push({ from: `${root}${API_VERSION}/*`, to: `${root}${apiPath.notFound()}`, status: 404 });
  return { headers, redirects };
}

/** The host files' texts, from hostRules through the one writer. */
export function hostFiles(files: readonly ApiFile[], root = '/'): Map<string, string> {
  const rules = hostRules(files, root);
  return new Map([
    ['_headers', writeHeaders(rules.headers)],
    ['_redirects', writeRedirects(rules.redirects)],
  ]);
}

/** A stub at the old address of every retired concept, record and ruling id, naming what became of it. */
function movedStubs(migrations: readonly Migration[]): ApiFile[] {
  const paths = { concept: apiPath.concept, record: apiPath.record, ruling: apiPath.ruling } as const;
  return migrations.flatMap((m) => {
    if (!(m.kind in paths)) return [];
    const path = paths[m.kind as keyof typeof paths];
    const { to } = followMigrations(migrations, m.kind, m.id)!;
    return [
      {
        path: path(m.id),
        kind: 'moved' as const,
        value: { id: m.id, kind: m.kind, action: to === null ? 'deleted' : m.action, to, url: to === null ? null : path(to), since: m.since, note: m.note },
      },
    ];
  });
}

/** The endpoint files as text. */
export const apiTexts = (files: readonly ApiFile[]): Map<string, string> => new Map(files.map((f) => [f.path, toJson(f.value)]));
