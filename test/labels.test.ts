/**
 * pipeline/model/labels.ts: one label per value of each schema enum, in every
 * language. The type check already refuses a missing key (each table is a
 * Record over the generated type); this reads the schemas themselves, so a
 * label table typed against a stale enum fails too.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENUM_LABELS, type EnumLabels } from '../pipeline/model/labels.ts';
import { repoRoot } from './helpers.ts';

const schema = (file: string) =>
  JSON.parse(readFileSync(join(repoRoot, 'schema', file), 'utf8')) as { $defs: Record<string, { enum?: string[] }>; items?: unknown };
const common = schema('common.schema.json').$defs;
const inducementKind = JSON.parse(readFileSync(join(repoRoot, 'schema/inducements.schema.json'), 'utf8')) as {
  $defs: Record<string, { properties?: Record<string, { enum?: string[] }> }>;
};
const enumOf = (name: string) => common[name]!.enum!;

const TABLES: [keyof EnumLabels, string[]][] = [
  ['kinds', enumOf('kind')],
  ['categories', enumOf('category')],
  ['relations', enumOf('relation')],
  ['confidences', enumOf('confidence')],
  ['games', enumOf('game')],
  ['languages', enumOf('lang')],
  ['inducementKinds', inducementKind.$defs.inducement!.properties!.kind!.enum!],
];

describe('the enum labels', () => {
  for (const lang of enumOf('lang')) {
    it(`label every value of every schema enum in ${lang}, and nothing else`, () => {
      for (const [table, values] of TABLES) {
        expect(values.length, `${table}: the schema lists its values`).toBeGreaterThan(0);
        const labels = ENUM_LABELS[lang as 'en' | 'fr'][table] as Record<string, string>;
        expect(Object.keys(labels).sort(), `${lang} ${table}`).toEqual([...values].sort());
        for (const value of values) expect(labels[value]!.trim().length, `${lang} ${table} ${value}`).toBeGreaterThan(0);
      }
    });
  }

  it('word the new relation as absence from the 2020 text, never as non-existence', () => {
    expect(ENUM_LABELS.en.relations.new).toBe('not in the 2020 text');
    expect(ENUM_LABELS.fr.relations.new).toBe('absente du texte 2020');
  });
});
