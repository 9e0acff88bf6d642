/**
 * A published dataset read back is checked before it is used (issue 17, items
 * 11 and 12): `nuffle diff`, the api and the cards targets answer a cut-off
 * or old-shaped dist/data with located errors, and data of another schema
 * major with exit 2 naming both versions — never a stack trace.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSchemaFiles } from '../pipeline/io.ts';
import type { SchemaFile } from '../pipeline/model/generate-types.ts';
import { checkBundle, incompatibleSchemaChange, jsonErrorPlace, parseBundleFiles, SCHEMA_MAJOR } from '../pipeline/validate/data-bundle.ts';
import { copyProject, repoRoot, runCli } from './helpers.ts';

const label = (file: string) => `data/${file}`;

describe('parseBundleFiles', () => {
  it('locates a file cut off mid-string at the line and column where JSON.parse stopped', () => {
    const text = '[\n  {\n    "id": "en-2020/blo';
    const { diagnostics } = parseBundleFiles((file) => (file === 'skills.json' ? text : '[]'), label);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ file: 'data/skills.json', ruleId: 'data/invalid-json', place: { line: 3 } });
  });

  it('an empty file ends too soon, at its end', () => {
    expect(jsonErrorPlace('', 'Unexpected end of JSON input')).toEqual({ line: 1, column: 1 });
    expect(jsonErrorPlace('[\n  1,\n', 'Unexpected end of JSON input')).toEqual({ line: 3, column: 1 });
    expect(jsonErrorPlace('[1 2]', 'Expected , at position 3')).toEqual({ line: 1, column: 4 });
  });

  it('a missing file is an error, except one a later schema version added', () => {
    const { values, diagnostics } = parseBundleFiles((file) => (file === 'rulings.json' || file === 'migrations.json' ? null : '[]'), label);
    expect(diagnostics.map((d) => [d.file, d.ruleId])).toEqual([['data/rulings.json', 'data/missing-file']]);
    expect(values.migrations).toEqual([]);
  });
});

describe('checkBundle', () => {
  it(`refuses data of another schema major than ${SCHEMA_MAJOR} before reading its schemas`, () => {
    const { bundle, diagnostics } = checkBundle(
      { meta: { schemaVersion: `${SCHEMA_MAJOR + 1}.0.0` } },
      () => {
        throw new Error('the schemas of another major are not read');
      },
      label,
    );
    expect(bundle).toBeNull();
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ ruleId: 'data/schema-major', file: 'data/meta.json' });
    expect(diagnostics[0]!.reason).toContain(`${SCHEMA_MAJOR + 1}.0.0`);
  });
});

describe('incompatibleSchemaChange', () => {
  const golden = (version: string): SchemaFile[] =>
    Object.entries(JSON.parse(readFileSync(join(repoRoot, 'test/golden/schemas', `${version}.json`), 'utf8')) as Record<string, SchemaFile['schema']>).map(
      ([path, schema]) => ({ path, schema, text: '' }),
    );
  const own = readSchemaFiles(repoRoot);

  it('the schemas of an earlier minor release keep the contract (they differ by additions only)', () => {
    expect(incompatibleSchemaChange(golden('2.0.0'), golden('2.2.0'))).toBeNull();
    expect(incompatibleSchemaChange(own, own)).toBeNull();
  });

  it('schemas that changed a type while claiming the same major break it, named at the change', () => {
    const changed = own.map((s) =>
      s.path === 'skills.schema.json' ? { ...s, schema: JSON.parse(JSON.stringify(s.schema).replace('["boolean","null"]', '"boolean"')) } : s,
    );
    expect(incompatibleSchemaChange(changed, own)).toMatch(/^skills\.schema\.json#/);
    expect(incompatibleSchemaChange(golden('1.0.0'), own)).not.toBeNull();
  });
});

describe('the commands on a broken dist/data', () => {
  let root: string;
  let good: string;
  const broken = (change: (dir: string) => void): string => {
    const dir = join(mkdtempSync(join(tmpdir(), 'nuffle-data-')), 'data');
    cpSync(good, dir, { recursive: true });
    change(dir);
    return dir;
  };
  const truncate = (dir: string) => {
    const path = join(dir, 'skills.json');
    const text = readFileSync(path, 'utf8');
    writeFileSync(path, text.slice(0, Math.floor(text.length / 2)));
  };
  beforeAll(async () => {
    root = copyProject();
    expect((await runCli(['build', '--only', 'data', '--root', root])).status).toBe(0);
    good = join(root, 'dist/data');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('nuffle diff: a truncated file is one located error, not "after.map is not a function"', async () => {
    const bad = broken(truncate);
    const result = await runCli(['diff', good, bad]);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`${join(bad, 'skills.json')}:\\d+:\\d+ error skills\\.json is not JSON: .* \\[data/invalid-json\\]`));
    expect(result.stderr).not.toMatch(/is not a function| {4}at /);
  });

  const ofMajor = (major: number) =>
    broken((dir) => {
      const path = join(dir, 'meta.json');
      const meta = JSON.parse(readFileSync(path, 'utf8'));
      writeFileSync(path, JSON.stringify({ ...meta, schemaVersion: `${major}.0.0` }));
    });

  it(`nuffle diff: data of schema major ${SCHEMA_MAJOR + 1} is exit 2, naming both versions`, async () => {
    const bad = ofMajor(SCHEMA_MAJOR + 1);
    const meta = JSON.parse(readFileSync(join(good, 'meta.json'), 'utf8')) as { schemaVersion: string };
    const result = await runCli(['diff', good, bad]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`schema versions ${meta.schemaVersion} (${good}) and ${SCHEMA_MAJOR + 1}.0.0 (${bad})`);
    expect(result.stdout).not.toContain('no record changed');
  });

  it('nuffle diff: the last release of the previous major compares with this one (the older first), and the schema change is named', async () => {
    const older = ofMajor(SCHEMA_MAJOR - 1);
    const meta = JSON.parse(readFileSync(join(good, 'meta.json'), 'utf8')) as { schemaVersion: string };
    const out = join(mkdtempSync(join(tmpdir(), 'nuffle-diff-')), 'changes');
    const result = await runCli(['diff', older, good, '--out', out]);
    expect(result.status, result.stderr).toBe(0);
    expect(readFileSync(join(out, 'CHANGES.md'), 'utf8')).toContain(`Schema ${SCHEMA_MAJOR - 1}.0.0 → ${meta.schemaVersion}: a new contract`);
    // Not the other way round, and not two majors apart.
    expect((await runCli(['diff', good, older])).status).toBe(2);
    expect((await runCli(['diff', ofMajor(SCHEMA_MAJOR - 2), good])).status).toBe(2);
  });

  it("nuffle diff: shipped schemas that break this major's contract are exit 2 with data/schema-major", async () => {
    const bad = broken((dir) => {
      const path = join(dir, 'schema/skills.schema.json');
      const schema = JSON.parse(readFileSync(path, 'utf8'));
      schema.$defs.skill.properties.name.type = ['string', 'integer'];
      writeFileSync(path, JSON.stringify(schema));
    });
    const result = await runCli(['diff', good, bad]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('skills.schema.json#/$defs/skill/properties/name/type');
    expect(result.stderr).toContain('[data/schema-major]');
  });

  it('nuffle diff: old-shaped records break their published schema, and nothing is compared', async () => {
    const bad = broken((dir) => {
      const path = join(dir, 'skills.json');
      const skills = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>[];
      writeFileSync(path, JSON.stringify(skills.map(({ displayName, ...rest }) => ({ ...rest, label: displayName }))));
    });
    const result = await runCli(['diff', good, bad]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('[schema/invalid]');
    expect(result.stderr).toContain('nothing was compared');
    expect(result.stdout).toBe('');
  });

  it.each([
    ['the api target', (out: string) => ['build', '--only', 'api', '--out', out]],
    ['the cards target', (out: string) => ['build', '--only', 'cards', '--out', out]],
    ['nuffle cards', (out: string) => ['cards', '--data', join(out, 'data'), '--out', join(out, 'cards')]],
  ])('%s: a truncated skills.json is one located error, not a stack trace', async (_what, args) => {
    const bad = broken(truncate);
    const out = join(bad, '..');
    const result = await runCli(args(out));
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`${join(bad, 'skills.json')}:\\d+:\\d+ error skills\\.json is not JSON`));
    expect(result.stderr).not.toContain('    at ');
  });
});
