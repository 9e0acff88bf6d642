import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { buildDataset } from '../pipeline/build.ts';
import { readProject } from '../pipeline/cli.ts';
import { readSchemaFiles } from '../pipeline/io.ts';
import type { MetaFile, Skill } from '../pipeline/model/schema-types.ts';
import { createValidator } from '../pipeline/validate/schemas.ts';
import { corpusFacts, realBuild, realData, record, repoRoot } from './helpers.ts';

const fact = corpusFacts('sources');

const files = () => realBuild().files;

describe('dist/data contract', () => {
  it('builds without errors', () => {
    expect(realBuild().diagnostics.filter((d) => d.fatal)).toEqual([]);
  });

  it('validates every emitted data file against its published schema, with a fresh strict ajv', () => {
    const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
    const published = [...files()].filter(([path]) => path.startsWith('schema/') && path.endsWith('.schema.json'));
    expect(published.map(([path]) => path).sort()).toEqual([
      'schema/api/bulk-data.schema.json',
      'schema/api/concept.schema.json',
      'schema/api/index.schema.json',
      'schema/api/list.schema.json',
      'schema/api/moved.schema.json',
      'schema/api/not-found.schema.json',
      'schema/api/record.schema.json',
      'schema/api/ruling.schema.json',
      'schema/changes.schema.json',
      'schema/common.schema.json',
      'schema/concepts.schema.json',
      'schema/crosswalk.schema.json',
      'schema/datapackage.schema.json',
      'schema/editions.schema.json',
      'schema/inducements.schema.json',
      'schema/leagues.schema.json',
      'schema/meta.schema.json',
      'schema/migrations.schema.json',
      'schema/names.schema.json',
      'schema/random-tables.schema.json',
      'schema/rulings.schema.json',
      'schema/skills.schema.json',
    ]);
    for (const [, text] of published) ajv.addSchema(JSON.parse(text));
    for (const name of [
      'editions',
      'skills',
      'rulings',
      'random-tables',
      'concepts',
      'crosswalk',
      'inducements',
      'leagues',
      'migrations',
      'names',
      'meta',
      'datapackage',
    ]) {
      // Published schemas name their exact version (emit/json.ts): …/schema/<schemaVersion>/<file>.
      const validate = ajv.getSchema(
        `https://nuffle-codex.dev/schema/${(JSON.parse(files().get('meta.json')!) as { schemaVersion: string }).schemaVersion}/${name}.schema.json`,
      )!;
      const ok = validate(JSON.parse(files().get(`${name}.json`)!));
      expect(validate.errors ?? [], name).toEqual([]);
      expect(ok).toBe(true);
    }
  });

  it('rejects a record with an unknown key or a wrong type (strict schemas)', () => {
    const validator = createValidator(readSchemaFiles(repoRoot));
    const mightyBlow = record('en-2020/mighty-blow');
    const unknownKey = validator.validate('skills.schema.json', [{ ...mightyBlow, colour: 'red' }], 'skills.json');
    expect(unknownKey.map((d) => d.reason)).toEqual(['en-2020/mighty-blow: /0 unknown key "colour"']);
    const wrongType = validator.validate('skills.schema.json', [{ ...mightyBlow, compulsory: 'yes' } as unknown as Skill], 'skills.json');
    expect(wrongType.map((d) => d.reason)).toEqual(['en-2020/mighty-blow: /0/compulsory must be boolean,null']);
    const badSlot = validator.validate('skills.schema.json', [{ ...mightyBlow, randomSlots: [{ game: 'blood-bowl', roll: '1-3', d6: 7 }] }], 'skills.json');
    expect(badSlot).toHaveLength(1);
  });

  it('documents every schema property with a description and every defined type with an example', () => {
    for (const { path, schema } of readSchemaFiles(repoRoot)) {
      const visit = (node: unknown, where: string): void => {
        if (!node || typeof node !== 'object') return;
        const n = node as Record<string, unknown>;
        if (n.properties) {
          for (const [key, value] of Object.entries(n.properties as Record<string, Record<string, unknown>>)) {
            if (!value.$ref) expect(value.description, `${path} ${where}.${key}`).toBeTypeOf('string');
            visit(value, `${where}.${key}`);
          }
        }
        for (const [key, value] of Object.entries((n.$defs ?? {}) as Record<string, Record<string, unknown>>)) {
          expect(value.description, `${path} $defs.${key}`).toBeTypeOf('string');
          if (!value.properties && !value.items) expect(value.examples, `${path} $defs.${key}`).toBeInstanceOf(Array);
          visit(value, `$defs.${key}`);
        }
        if (n.items) visit(n.items, `${where}[]`);
      };
      visit(schema, '');
    }
  });

  it('meta.json lists every other file with its sha256 and record count, and every source digest', () => {
    const meta = realData<MetaFile>('meta.json');
    expect(meta.datasetVersion).toMatch(/^\d+\.\d+\.\d+/);
    const all = new Map<string, string | Uint8Array>([...files(), ...realBuild().assets]);
    // Everything but meta.json itself and what derives from it: its minified copy and the checksums (each file's, and SHA256SUMS).
    const listed = [...all.keys()].filter((p) => p !== 'meta.json' && p !== 'meta.min.json' && !p.endsWith('.sha256') && p !== 'SHA256SUMS').sort();
    expect(meta.files.map((f) => f.path)).toEqual(listed);
    for (const entry of meta.files) {
      const body = all.get(entry.path)!;
      expect(createHash('sha256').update(body).digest('hex'), entry.path).toBe(entry.sha256);
      const isData =
        entry.path.endsWith('.json') &&
        !entry.path.startsWith('schema/') &&
        !entry.path.endsWith('.min.json') &&
        entry.path !== 'datapackage.json' &&
        entry.path !== 'package.json' &&
        // A release's changes are one object per release, not records.
        entry.path !== 'changes.json' &&
        !entry.path.startsWith('changes/');
      expect(entry.records, entry.path).toBe(isData ? JSON.parse(body as string).length : null);
    }
    for (const source of meta.sources) {
      const bytes = readFileSync(join(repoRoot, source.file));
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(source.sha256);
    }
    expect(meta.sources.map((s) => s.id)).toEqual(['en-2020-skills-traits', 'fr-legacy-skills', 'inducement-notes', 'traits-alt-wording']);
  });

  it('editions.json gives the source, its digest and counts', () => {
    const [en] = realData<{ id: string; records: number; rulings: number; sha256: string; file: string }[]>('editions.json');
    const records = realData<Skill[]>('skills.json').filter((r) => r.edition === 'en-2020').length;
    const rulings = realData<unknown[]>('rulings.json').length;
    expect(en).toMatchObject({ id: 'en-2020', records, rulings, file: 'sources/raw/en-2020-skills-traits.txt' });
    expect(en!.sha256).toBe(
      createHash('sha256')
        .update(readFileSync(join(repoRoot, en!.file)))
        .digest('hex'),
    );
  });

  it('is deterministic: two builds give byte-identical files', () => {
    const again = buildDataset(readProject(repoRoot));
    expect([...again.files.keys()]).toEqual([...files().keys()]);
    for (const [path, text] of files()) expect(again.files.get(path), path).toBe(text);
    expect([...again.assets.keys()]).toEqual([...realBuild().assets.keys()]);
    for (const [path, bytes] of realBuild().assets) expect(Buffer.compare(again.assets.get(path)!, bytes), path).toBe(0);
  });

  it('carries no timestamps: the only version-like value is the declared dataset version', () => {
    for (const [path, text] of files()) expect(text, path).not.toMatch(/\b20\d\d-\d\d-\d\dT\d\d:/);
  });

  it('applies recorded errata and shows them in provenance, leaving the raw file as it is', () => {
    const legs = record('en-2020/very-long-legs');
    expect(legs.text).toContain('to a minimum of -1');
    expect(legs.source.errata).toEqual(['en-2020/very-long-legs-zero']);
    expect(readFileSync(join(repoRoot, 'sources/raw/en-2020-skills-traits.txt'), 'utf8')).toContain('to a minimum 0f -1');
  });

  it('keeps the raw sources byte-identical to the reviewed release (golden digests), and meta.json reports those digests', () => {
    const meta = realData<MetaFile>('meta.json');
    const digests = Object.fromEntries(
      readdirSync(join(repoRoot, 'sources/raw'))
        .sort()
        .map((name) => [
          name,
          createHash('sha256')
            .update(readFileSync(join(repoRoot, 'sources/raw', name)))
            .digest('hex'),
        ]),
    );
    for (const [name, digest] of Object.entries(digests)) expect(meta.sources.find((s) => s.file === `sources/raw/${name}`)?.sha256, name).toBe(digest);
    // A raw text changes only when a reviewed update replaces it whole; npm run golden then records its digest.
    fact('raw source digests', digests);
  });
});
