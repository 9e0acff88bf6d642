/**
 * The schema version follows the compatibility rules of docs/DATA.md: a
 * change to the published schemas needs at least the bump it implies. Each
 * released contract is snapshotted in test/golden/schemas/<version>.json;
 * the current schemas are compared with the newest snapshot (UPDATE=1 writes
 * the snapshot of a new version; review it).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPublishedSchema } from '../pipeline/emit/json.ts';
import { readSchemaFiles } from '../pipeline/io.ts';
import { bumpSuffices, compareSchemas, requiredBump, versionBump } from '../pipeline/validate/schema-compat.ts';
import { repoRoot } from './helpers.ts';

type Snapshot = Record<string, Record<string, unknown>>;
const dir = join(repoRoot, 'test/golden/schemas');
const byVersion = (a: string, b: string) => {
  const [x, y] = [a, b].map((v) =>
    v
      .replace(/\.json$/, '')
      .split('.')
      .map(Number),
  ) as [number[], number[]];
  return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!;
};
const snapshots = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort(byVersion);
const load = (file: string): Snapshot => JSON.parse(readFileSync(join(dir, file), 'utf8')) as Snapshot;
const current = (): Snapshot =>
  Object.fromEntries(
    readSchemaFiles(repoRoot)
      .filter(isPublishedSchema)
      .map((s) => [s.path, s.schema as Record<string, unknown>]),
  );
const declared = (): string => /\n {2}schemaVersion: (\d+\.\d+\.\d+)/.exec(readFileSync(join(repoRoot, 'sources/manifest.yaml'), 'utf8'))![1]!;

describe('the schema version', () => {
  it('moves at least as far as the changes since the last released contract require', () => {
    const latest = snapshots.at(-1)!;
    const from = latest.replace(/\.json$/, '');
    const to = declared();
    const changes = compareSchemas(load(latest), current());
    if (process.env.UPDATE && to !== from && bumpSuffices(changes, from, to)) writeFileSync(join(dir, `${to}.json`), `${JSON.stringify(current(), null, 1)}\n`);
    const needed = requiredBump(changes);
    const summary = changes
      .filter((c) => c.bump === needed)
      .map((c) => `${c.bump}: ${c.at} ${c.what}`)
      .slice(0, 10)
      .join('\n');
    if (to === from)
      expect(
        changes.filter((c) => c.bump !== 'patch'),
        `schema ${to} changed since its snapshot; bump schemaVersion in sources/manifest.yaml:\n${summary}`,
      ).toEqual([]);
    else expect(bumpSuffices(changes, from, to), `${from} → ${to} is a ${versionBump(from, to)} bump, but the changes need ${needed}:\n${summary}`).toBe(true);
  });

  it('was bumped right at every release so far', () => {
    expect(snapshots.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < snapshots.length; i++) {
      const [from, to] = [snapshots[i - 1]!, snapshots[i]!].map((f) => f.replace(/\.json$/, '')) as [string, string];
      expect(bumpSuffices(compareSchemas(load(snapshots[i - 1]!), load(snapshots[i]!)), from, to), `${from} → ${to}`).toBe(true);
    }
    // 1.0.0 → 2.0.0 was major because `compulsory` admits null now.
    const changes = compareSchemas(load('1.0.0.json'), load('2.0.0.json'));
    expect(requiredBump(changes)).toBe('major');
    expect(changes).toContainEqual({
      bump: 'major',
      at: 'skills.schema.json#/$defs/skill/properties/compulsory/type',
      what: 'type "boolean" → ["boolean","null"]',
    });
  });
});

describe('compareSchemas', () => {
  const base = {
    'x.schema.json': {
      $id: 'https://nuffle-codex.dev/schema/v2/x.schema.json',
      type: 'object',
      required: ['a'],
      properties: { a: { type: 'string', description: 'A.' }, k: { enum: ['x', 'y'] } },
    },
  };
  const change = (edit: (s: any) => void) => {
    const after = structuredClone(base) as any;
    edit(after['x.schema.json']);
    return requiredBump(compareSchemas(base, after));
  };

  it('calls retyping, removing and narrowing major', () => {
    expect(change((s) => (s.properties.a.type = 'number'))).toBe('major');
    expect(change((s) => (s.properties.a.type = ['string', 'null']))).toBe('major');
    expect(change((s) => delete s.properties.k)).toBe('major');
    expect(change((s) => (s.properties.k.enum = ['x']))).toBe('major');
    expect(change((s) => (s.properties.a.pattern = '^a'))).toBe('major');
    expect(change((s) => (s.additionalProperties = false))).toBe('major');
    expect(change((s) => s.required.push('k'))).toBe('major');
    expect(requiredBump(compareSchemas(base, {}))).toBe('major');
  });

  it('calls a bound that narrows a field minor, and one that widens it major', () => {
    expect(change((s) => (s.properties.a.maxLength = 80))).toBe('minor');
    expect(change((s) => (s.properties.a.minLength = 1))).toBe('minor');
    const bounded = structuredClone(base) as any;
    bounded['x.schema.json'].properties.a.maxLength = 80;
    const from = (edit: (s: any) => void) => {
      const after = structuredClone(bounded);
      edit(after['x.schema.json']);
      return requiredBump(compareSchemas(bounded, after));
    };
    expect(from((s) => (s.properties.a.maxLength = 60))).toBe('minor');
    expect(from((s) => (s.properties.a.maxLength = 100))).toBe('major');
    expect(from((s) => delete s.properties.a.maxLength)).toBe('major');
  });

  it('calls additions minor and documentation a patch', () => {
    expect(change((s) => (s.properties.b = { type: 'string' }))).toBe('minor');
    expect(change((s) => ((s.properties.b = { type: 'string' }), s.required.push('b')))).toBe('minor');
    expect(change((s) => s.properties.k.enum.push('z'))).toBe('minor');
    expect(requiredBump(compareSchemas(base, { ...base, 'y.schema.json': {} }))).toBe('minor');
    expect(change((s) => (s.properties.a.description = 'Another.'))).toBe('patch');
    expect(change((s) => (s.$id = 'https://nuffle-codex.dev/schema/v3/x.schema.json'))).toBe('none');
  });

  it('reads version steps', () => {
    expect([
      versionBump('2.0.0', '3.0.0'),
      versionBump('2.0.0', '2.1.0'),
      versionBump('2.0.0', '2.0.1'),
      versionBump('2.1.0', '2.0.9'),
      versionBump('2.0.0', '2.0.0'),
    ]).toEqual(['major', 'minor', 'patch', 'none', 'none']);
    expect(existsSync(join(dir, '1.0.0.json'))).toBe(true);
  });
});
