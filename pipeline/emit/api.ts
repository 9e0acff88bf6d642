/**
 * The static JSON API (dist/api, served by the site under /api/): one file per
 * concept, record and ruling, each with its links resolved one level, and an
 * index of every endpoint. An app can host the folder anywhere. A pure
 * function of the published dataset; every endpoint validates against its
 * schema in schema/api/.
 */
import type { DataBundle } from '../model/dataset.ts';
import type { Concept, Migration, RandomTable, Ruling, Skill } from '../model/schema-types.ts';
import { followMigrations } from '../model/migrations.ts';
import { compare } from '../model/order.ts';
import { toJson } from './json.ts';

export const API_VERSION = 'v1';

/** Endpoint paths, relative to dist/api. */
export const apiPath = {
  index: () => `${API_VERSION}/index.json`,
  concept: (id: string) => `${API_VERSION}/concepts/${id}.json`,
  record: (id: string) => `${API_VERSION}/records/${id}.json`,
  ruling: (id: string) => `${API_VERSION}/rulings/${id}.json`,
};

/** The schema (relative to schema/) each endpoint kind satisfies. */
export const API_SCHEMAS = {
  index: 'api/index.schema.json',
  concept: 'api/concept.schema.json',
  record: 'api/record.schema.json',
  ruling: 'api/ruling.schema.json',
  moved: 'api/moved.schema.json',
} as const;

export interface ApiFile {
  path: string;
  kind: keyof typeof API_SCHEMAS;
  value: unknown;
}

export function emitApi(data: DataBundle): ApiFile[] {
  const record = new Map(data.skills.map((r) => [r.id, r]));
  const concept = new Map(data.concepts.map((c) => [c.id, c]));
  const row = new Map(data.crosswalk.map((r) => [r.record, r]));
  const rulingsOf = new Map<string, Ruling[]>();
  for (const ruling of data.rulings) for (const id of ruling.records) rulingsOf.set(id, [...(rulingsOf.get(id) ?? []), ruling]);
  const tablesOf = new Map<string, RandomTable[]>();
  for (const table of data.randomTables) for (const id of new Set(table.slots.flatMap((s) => (s.record === null ? [] : [s.record])))) tablesOf.set(id, [...(tablesOf.get(id) ?? []), table]);
  const pick = <T>(ids: Iterable<string>, from: Map<string, T>): T[] => [...new Set(ids)].sort(compare).map((id) => from.get(id)!);
  const files: ApiFile[] = [];

  for (const c of data.concepts) {
    const records = pick(c.records, record);
    const rulings = [...new Map(records.flatMap((r) => rulingsOf.get(r.id) ?? []).map((x) => [x.id, x])).values()].sort((a, b) => compare(a.id, b.id));
    files.push({
      path: apiPath.concept(c.id),
      kind: 'concept',
      value: { concept: c, records, crosswalk: records.map((r) => row.get(r.id)!).filter(Boolean), rulings, related: pick(c.relations.map((r) => r.concept), concept) },
    });
  }
  for (const r of data.skills) {
    files.push({
      path: apiPath.record(r.id),
      kind: 'record',
      value: {
        record: r,
        concept: (r.concept ? concept.get(r.concept) : undefined) ?? null,
        crosswalk: row.get(r.id) ?? null,
        rulings: pick(r.rulings, new Map(data.rulings.map((x) => [x.id, x]))),
        randomTables: tablesOf.get(r.id) ?? [],
      },
    });
  }
  for (const ruling of data.rulings) {
    files.push({ path: apiPath.ruling(ruling.id), kind: 'ruling', value: { ruling, records: pick(ruling.records, record) } });
  }
  files.push(...movedStubs(data.migrations ?? []));
  const entry = (kind: 'concepts' | 'records' | 'rulings', id: string, name: string, path: string) => ({ id, name, path: path.slice(API_VERSION.length + 1), kind });
  files.push({
    path: apiPath.index(),
    kind: 'index',
    value: {
      apiVersion: API_VERSION,
      datasetVersion: data.meta.datasetVersion,
      schemaVersion: data.meta.schemaVersion,
      endpoints: [
        ...data.concepts.map((c: Concept) => entry('concepts', c.id, c.name, apiPath.concept(c.id))),
        ...data.skills.map((r: Skill) => entry('records', r.id, r.name, apiPath.record(r.id))),
        ...data.rulings.map((r: Ruling) => entry('rulings', r.id, r.question, apiPath.ruling(r.id))),
      ],
    },
  });
  return files.sort((a, b) => compare(a.path, b.path));
}

/** A stub at the old address of every retired concept, record and ruling id, naming what became of it. */
function movedStubs(migrations: readonly Migration[]): ApiFile[] {
  const paths = { concept: apiPath.concept, record: apiPath.record, ruling: apiPath.ruling } as const;
  return migrations.flatMap((m) => {
    if (!(m.kind in paths)) return [];
    const path = paths[m.kind as keyof typeof paths];
    const { to } = followMigrations(migrations, m.kind, m.id)!;
    return [{ path: path(m.id), kind: 'moved' as const, value: { id: m.id, kind: m.kind, action: to === null ? 'deleted' : m.action, to, url: to === null ? null : path(to), since: m.since, note: m.note } }];
  });
}

/** The endpoint files as text. */
export const apiTexts = (files: readonly ApiFile[]): Map<string, string> => new Map(files.map((f) => [f.path, toJson(f.value)]));
