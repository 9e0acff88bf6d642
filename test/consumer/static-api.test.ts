/**
 * The static API (issue 22, item 8), as the api target builds it beside the
 * packed data: every payload carries its own `url`; one list endpoint per
 * kind, in step with the data files; a bulk-data manifest whose files and
 * digests are those of dist/data; an index that links the lists and names
 * concepts in French too; `_headers` and `_redirects` for the static hosts.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiIndex,
  BulkDataEndpoint,
  Concept,
  Edition,
  Inducement,
  League,
  ListEndpoint,
  Migration,
  MovedEndpoint,
  RandomTable,
  Ruling,
  Skill,
} from '../../pipeline/model/schema-types.ts';
import { hostFiles } from '../../pipeline/emit/api.ts';
import { builtData, packPackage, type Packed } from './pack.ts';

let packed: Packed;
const api = (path: string) => join(packed.out, 'api', path);
const json = <T>(path: string): T => JSON.parse(readFileSync(api(path), 'utf8')) as T;
const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)).map((p) => `${e.name}/${p}`) : [e.name]));

beforeAll(() => {
  packed = packPackage('static-api');
}, 240_000);

describe('the static API', () => {
  it("gives every payload but the index (the root) its own url, and a retired id's stub the url of what it became", () => {
    const payloads = walk(api('v1'))
      .map((p) => `v1/${p}`)
      .filter((p) => p !== 'v1/index.json');
    const retired = new Map(builtData<Migration[]>(packed, 'migrations.json').map((m) => [`${m.kind} ${m.id}`, m]));
    for (const path of payloads) {
      const payload = json<{ url?: string | null; id?: string; kind?: string; action?: string }>(path);
      // A stub leads to a payload of the API, or nowhere (withdrawn).
      if (payload.action !== undefined && payload.url !== undefined && retired.has(`${payload.kind} ${payload.id}`))
        expect(payload.url === null || (payload.url !== path && existsSync(api(payload.url))), path).toBe(true);
      else expect(payload.url, path).toBe(path);
    }
  });

  it('has a list endpoint per kind, in step with the data files', () => {
    const ids = (items: { id: string }[]) => items.map((i) => i.id);
    const index = json<ApiIndex>('v1/index.json');
    const concepts = json<ListEndpoint>(index.lists!.concepts);
    expect(ids(concepts.items as { id: string }[])).toEqual(builtData<Concept[]>(packed, 'concepts.json').map((c) => c.id));
    for (const item of concepts.items as { url: string }[]) expect(existsSync(api(item.url)), item.url).toBe(true);
    const skills = builtData<Skill[]>(packed, 'skills.json');
    const byEdition = Object.entries(index.lists!.records);
    expect(byEdition.map(([edition]) => edition)).toEqual([...new Set(skills.map((s) => s.edition))].sort());
    for (const [edition, path] of byEdition)
      expect(ids(json<ListEndpoint>(path).items as { id: string }[])).toEqual(skills.filter((s) => s.edition === edition).map((s) => s.id));
    expect(ids(json<ListEndpoint>(index.lists!.rulings).items as { id: string }[])).toEqual(builtData<Ruling[]>(packed, 'rulings.json').map((r) => r.id));
    const tables: [string, string][] = [
      [index.lists!.inducements, 'inducements.json'],
      [index.lists!.leagues, 'leagues.json'],
      [index.lists!.editions, 'editions.json'],
      [index.lists!.randomTables, 'random-tables.json'],
      [index.lists!.migrations, 'migrations.json'],
    ];
    for (const [path, file] of tables)
      expect(json<ListEndpoint>(path).items, path).toEqual(builtData<(Inducement | League | Edition | RandomTable | Migration)[]>(packed, file));
  });

  it('names concepts in French and English in the index, with the French name and where it comes from, as the data does (issue 35.7)', () => {
    const index = json<ApiIndex>('v1/index.json');
    const concepts = builtData<Concept[]>(packed, 'concepts.json');
    const entries = index.endpoints.filter((e) => e.kind === 'concepts');
    expect(entries.map((e) => e.names)).toEqual(concepts.map((c) => c.names));
    expect(entries.some((e) => e.names?.fr && e.names.fr !== e.names.en)).toBe(true);
    expect(entries.map((e) => e.frenchName)).toEqual(concepts.map((c) => c.frenchName));
    const list = json<ListEndpoint>(index.lists!.concepts).items as { frenchName?: unknown }[];
    expect(list.map((i) => i.frenchName)).toEqual(concepts.map((c) => c.frenchName));
  });

  it('has a bulk-data manifest whose files, sizes and digests are those of dist/data, each downloadable from the API itself', () => {
    const bulk = json<BulkDataEndpoint>(json<ApiIndex>('v1/index.json').bulkData!);
    const meta = builtData<{ releaseDate: string | null; datasetVersion: string }>(packed, 'meta.json');
    const paths = bulk.files.map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['SHA256SUMS', 'datapackage.json', 'nuffle-codex.sqlite', 'skills.json', 'meta.json']));
    for (const file of bulk.files) {
      const body = readFileSync(join(packed.out, 'data', file.path));
      expect(createHash('sha256').update(body).digest('hex'), file.path).toBe(file.sha256);
      expect(file.size, file.path).toBe(body.byteLength);
      expect(file.date, file.path).toBe(meta.releaseDate);
      expect(file.download).toBe(`data/${meta.datasetVersion}/${file.path}`);
      expect(readFileSync(api(file.download)).equals(body), file.download).toBe(true);
    }
  });

  it('writes _headers (JSON, CORS) and a _redirects line for every retired id that leads somewhere', () => {
    const headers = readFileSync(api('_headers'), 'utf8');
    expect(headers).toMatch(/^\/v1\/\*\n {2}Access-Control-Allow-Origin: \*\n {2}Content-Type: application\/json; charset=utf-8\n/);
    const stubs = walk(api('v1'))
      .map((p) => json<MovedEndpoint>(`v1/${p}`))
      .filter((v) => 'action' in v && v.url !== null);
    const redirects = readFileSync(api('_redirects'), 'utf8').split('\n').filter(Boolean);
    // A redirect per retired id that leads somewhere, then the not-found rule.
    expect(redirects).toHaveLength(stubs.length + 1);
    expect(redirects.at(-1)).toBe('/v1/* /v1/404.json 404');
    // A retired id, on a host that reads _redirects: its old address leads to the new one, from the host's root.
    const moved = { path: 'v1/concepts/sidestep.json', kind: 'moved' as const, value: { url: 'v1/concepts/side-step.json' } };
    const deleted = { path: 'v1/concepts/gone.json', kind: 'moved' as const, value: { url: null } };
    expect(hostFiles([moved, deleted]).get('_redirects')).toBe('/v1/concepts/sidestep.json /v1/concepts/side-step.json 301\n/v1/* /v1/404.json 404\n');
    expect(hostFiles([moved], '/api/').get('_redirects')).toBe(
      '/api/v1/concepts/sidestep.json /api/v1/concepts/side-step.json 301\n/api/v1/* /api/v1/404.json 404\n',
    );
  });
});
