/**
 * The static API (dist/api/v1) holds the values of the JSON data: for every
 * endpoint kind, every endpoint's fields are derived here from the data files
 * (each link resolved one level) and compared with the endpoint's text, as
 * the api target writes it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { API_VERSION, apiTexts, emitApi } from '../../pipeline/emit/api.ts';
import { parseDataBundle, type DataBundle } from '../../pipeline/model/dataset.ts';
import { compare } from '../../pipeline/model/order.ts';
import type { ApiIndex, ConceptEndpoint, RecordEndpoint, RulingEndpoint } from '../../pipeline/model/schema-types.ts';
import { realBuild } from '../helpers.ts';

let data: DataBundle;
let texts: Map<string, string>;
const endpoint = <T>(path: string): T => {
  const text = texts.get(path);
  if (text === undefined) throw new Error(`no endpoint ${path}`);
  return JSON.parse(text) as T;
};
const byId = <T extends { id: string }>(list: readonly T[]) => new Map(list.map((x) => [x.id, x]));
const sortedIds = (ids: Iterable<string>) => [...new Set(ids)].sort(compare);

beforeAll(() => {
  const build = realBuild();
  data = parseDataBundle((file) => build.files.get(file) ?? null);
  texts = apiTexts(emitApi(data));
});

describe('the static API', () => {
  it('has one endpoint per concept, record and ruling, a stub per retired one, and the index, and nothing else', () => {
    const folder = { concept: 'concepts', record: 'records', ruling: 'rulings' } as Record<string, string>;
    const expected = [
      `${API_VERSION}/index.json`,
      ...data.concepts.map((c) => `${API_VERSION}/concepts/${c.id}.json`),
      ...data.skills.map((s) => `${API_VERSION}/records/${s.id}.json`),
      ...data.rulings.map((r) => `${API_VERSION}/rulings/${r.id}.json`),
      // The old address of every retired concept, record and ruling id (test/updates/retired-ids.test.ts reads the stubs).
      ...(data.migrations ?? []).filter((m) => m.kind in folder).map((m) => `${API_VERSION}/${folder[m.kind]}/${m.id}.json`),
      // the bulk-data manifest, and one list per kind (records: one per edition)
      `${API_VERSION}/bulk-data.json`,
      ...['concepts', 'editions', 'inducements', 'leagues', 'migrations', 'random-tables', 'rulings'].map((kind) => `${API_VERSION}/${kind}.json`),
      ...[...new Set(data.skills.map((s) => s.edition))].map((edition) => `${API_VERSION}/records/${edition}.json`),
      // the lists by category, and by edition and category (issue 35.8), and the not-found body
      ...[...new Set(data.concepts.map((c) => c.category))].map((category) => `${API_VERSION}/categories/${category}.json`),
      ...[...new Set(data.skills.map((s) => `${s.edition}/categories/${s.category}`))].map((path) => `${API_VERSION}/records/${path}.json`),
      `${API_VERSION}/404.json`,
    ];
    expect([...texts.keys()].sort()).toEqual(expected.sort());
  });

  it('gives every concept endpoint the concept, its records, their crosswalk rows and rulings, and its related concepts', () => {
    const records = byId(data.skills);
    const concepts = byId(data.concepts);
    for (const c of data.concepts) {
      const got = endpoint<ConceptEndpoint>(`${API_VERSION}/concepts/${c.id}.json`);
      const recordIds = sortedIds(c.records);
      expect(got.concept, c.id).toEqual(c);
      expect(got.records, c.id).toEqual(recordIds.map((id) => records.get(id)));
      expect(got.crosswalk, c.id).toEqual(recordIds.flatMap((id) => data.crosswalk.filter((row) => row.record === id)));
      expect(got.rulings, c.id).toEqual(data.rulings.filter((r) => r.records.some((id) => c.records.includes(id))).sort((a, b) => compare(a.id, b.id)));
      expect(got.related, c.id).toEqual(sortedIds(c.relations.map((r) => r.concept)).map((id) => concepts.get(id)));
    }
  });

  it('gives every record endpoint the record, its concept, its crosswalk row, its rulings and the random tables it is on', () => {
    const concepts = byId(data.concepts);
    const rulings = byId(data.rulings);
    for (const s of data.skills) {
      const got = endpoint<RecordEndpoint>(`${API_VERSION}/records/${s.id}.json`);
      expect(got.record, s.id).toEqual(s);
      expect(got.concept, s.id).toEqual(s.concept ? concepts.get(s.concept) : null);
      expect(got.crosswalk, s.id).toEqual(data.crosswalk.find((row) => row.record === s.id) ?? null);
      expect(got.rulings, s.id).toEqual(sortedIds(s.rulings).map((id) => rulings.get(id)));
      expect(got.randomTables, s.id).toEqual(data.randomTables.filter((t) => t.slots.some((slot) => slot.record === s.id)));
      // The tables agree with the record's own slots.
      const slots = got.randomTables.flatMap((t) => t.slots.filter((slot) => slot.record === s.id).map((slot) => `${t.game} ${slot.roll} ${slot.d6}`));
      expect(slots.sort(), s.id).toEqual(s.randomSlots.map((slot) => `${slot.game} ${slot.roll} ${slot.d6}`).sort());
    }
  });

  it('gives every ruling endpoint the ruling and every record it is linked to', () => {
    const records = byId(data.skills);
    for (const r of data.rulings) {
      const got = endpoint<RulingEndpoint>(`${API_VERSION}/rulings/${r.id}.json`);
      expect(got.ruling, r.id).toEqual(r);
      expect(got.records, r.id).toEqual(sortedIds(r.records).map((id) => records.get(id)));
    }
  });

  it('lists in the index every endpoint with its id, name, kind and a path that leads to it', () => {
    const index = endpoint<ApiIndex>(`${API_VERSION}/index.json`);
    expect([index.apiVersion, index.datasetVersion, index.schemaVersion]).toEqual([API_VERSION, data.meta.datasetVersion, data.meta.schemaVersion]);
    const expected = [
      // a concept's names in each language, a record's language: for look-ups in French or English
      ...data.concepts.map((c) => ({
        id: c.id,
        name: c.name,
        names: Object.fromEntries(Object.entries(c.names).filter(([, name]) => name !== null)),
        frenchName: c.frenchName,
        kind: 'concepts',
        // Relative to the API root, as every url (issue 35.8).
        path: `${API_VERSION}/concepts/${c.id}.json`,
      })),
      ...data.skills.map((s) => ({ id: s.id, name: s.name, lang: s.lang, kind: 'records', path: `${API_VERSION}/records/${s.id}.json` })),
      ...data.rulings.map((r) => ({ id: r.id, name: r.question, kind: 'rulings', path: `${API_VERSION}/rulings/${r.id}.json` })),
    ];
    expect(index.endpoints).toEqual(expected);
    const key = { concepts: 'concept', records: 'record', rulings: 'ruling' } as const;
    for (const e of index.endpoints) {
      const body = endpoint<Record<string, { id: string }>>(e.path);
      expect(body[key[e.kind as keyof typeof key]]!.id, e.path).toBe(e.id);
    }
  });
});
