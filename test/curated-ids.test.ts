/**
 * Every id of every curated file (issue 32, item 1): ID_FIELDS
 * (pipeline/validate/curated-ids.ts) lists every field of schema/input/ that
 * holds an id; each is tried on a literal project with a hostile id (a line
 * break, a space, a path out of dist/) and with a well-formed id that names
 * nothing: each is a located error at the field's line, and the build
 * writes nothing. The grammar is the published one (model/id-grammar.ts,
 * checked against the schemas here).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { buildDataset } from '../pipeline/build.ts';
import { ANNOTATION_FILES } from '../pipeline/build/annotations.ts';
import { ID_GRAMMAR } from '../pipeline/model/id-grammar.ts';
import { ID_FIELDS, type IdField } from '../pipeline/validate/curated-ids.ts';
import { parseLock } from '../pipeline/validate/ids.ts';
import { lineOf, repoRoot, runCli, treeDigest } from './helpers.ts';
import { FR_SOURCE, EN_SOURCE, LOCK, type LiteralFiles, literalFiles, literalProject, writeProject } from './literal-project.ts';

type Schema = Record<string, unknown>;
const schemaAt = (path: string): Schema => JSON.parse(readFileSync(join(repoRoot, 'schema', path), 'utf8')) as Schema;

/** The node a `file#/pointer` reference names (pointer parts unescaped). */
function resolveRef(ref: string, from: string): { schema: Schema; file: string } {
  const [target = '', pointer = ''] = ref.split('#');
  const file = target ? join(from.split('/').slice(0, -1).join('/'), target).replace(/^\.\//, '') : from;
  let node: unknown = schemaAt(file);
  for (const part of pointer.split('/').filter(Boolean)) node = (node as Schema)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return { schema: node as Schema, file };
}

/** A reference to one of the id definitions of common.schema.json (`recordId`, `conceptId`…). */
const ID_REF = /common\.schema\.json#\/\$defs\/\w+Id$/;
/** A schema node holds an id when it refers to an id definition, has a slug-like pattern, or is a property named id or to. */
const holdsId = (key: string, node: Schema): boolean =>
  ID_REF.test(String(node.$ref ?? '')) || /\[a-z0-9/.test(String(node.pattern ?? '')) || ((key === 'id' || key === 'to') && node.type !== 'object');

/** The paths (keys, `*` for list items) of every field of an input schema that holds an id, `$ref`s followed. */
function idFieldsOf(file: string): string[] {
  const found = new Set<string>();
  const visit = (node: Schema, path: string[], from: string, key: string, depth: number): void => {
    if (depth > 12) return;
    if (holdsId(key, node)) found.add(path.join('.'));
    if (typeof node.$ref === 'string' && !ID_REF.test(node.$ref)) {
      const target = resolveRef(node.$ref, from);
      visit(target.schema, path, target.file, key, depth + 1);
    }
    for (const [name, child] of Object.entries((node.properties ?? {}) as Record<string, Schema>)) visit(child, [...path, name], from, name, depth + 1);
    if (node.items && typeof node.items === 'object') visit(node.items as Schema, [...path, '*'], from, key, depth + 1);
    for (const option of [...((node.anyOf ?? []) as Schema[]), ...((node.oneOf ?? []) as Schema[])]) visit(option, path, from, key, depth + 1);
  };
  visit(schemaAt(file), [], file, '', 0);
  return [...found].sort();
}

describe('the id fields of the curated files', () => {
  it('ID_FIELDS lists every field of schema/input/ that holds an id, in every curated file', () => {
    for (const [key, { schema }] of Object.entries(ANNOTATION_FILES)) {
      const listed = ID_FIELDS.filter((f) => f.file === key).map((f) => f.path.join('.'));
      expect(listed.sort(), `${schema}`).toEqual(idFieldsOf(schema));
    }
  });

  it('the grammar of each kind is the pattern and bound its schema publishes', () => {
    for (const [kind, grammar] of Object.entries(ID_GRAMMAR)) {
      const [file = '', pointer = ''] = grammar.schema.split('#');
      const { schema } = resolveRef(`#${pointer}`, file);
      expect([kind, grammar.pattern.source.replaceAll('\\/', '/'), grammar.maxLength]).toEqual([kind, schema.pattern, schema.maxLength]);
    }
  });

  it('a lock line with an id out of its grammar is a located error', () => {
    const { diagnostics } = parseLock('record en-2020/stab\nrecord ../../package\nruling en-2020/stab\n', 'sources/ids.lock');
    expect(diagnostics.map((d) => [d.ruleId, d.place?.line])).toEqual([
      ['ids/bad-lock-line', 2],
      ['ids/bad-lock-line', 3],
    ]);
  });
});

/** A retired record the lock lists, for entries that need a published id. */
const LOCK_WITH_GONE = `${LOCK}record en-2020/gone\n`;

/** For each id field, the project with `id` in it, in an entry that is otherwise valid. */
const PLANT: Record<string, (id: string, files: LiteralFiles) => Partial<LiteralFiles>> = {
  'manifest sources.*.id': (id, f) => ({ manifest: withSource(f, { id }) }),
  'manifest sources.*.edition.id': (id, f) => ({
    manifest: withSource(f, { edition: { id, label: 'Français', year: 2006, circa: true, status: 'superseded' } }),
  }),
  'errata errata.*.id': (id) => ({ errata: { errata: [erratum({ id })] } }),
  'errata errata.*.source': (id) => ({ errata: { errata: [erratum({ source: id })] } }),
  'errata errata.*.record': (id) => ({ errata: { errata: [erratum({ record: id })] } }),
  'errata accepted.*.source': (id) => ({ errata: { errata: [], accepted: [{ source: id, after: 'stab', character: 'U+00AD', reason: 'r' }] } }),
  'crosswalk concepts.*.id': (id, f) => ({
    crosswalk: { ...(f.crosswalk as object), concepts: [{ id, name: 'Extra', kind: 'trait', category: 'trait', note: 'n' }] },
  }),
  'crosswalk links.*.source': (id) => ({ crosswalk: { concepts: [], links: [link({ source: id })] } }),
  'crosswalk links.*.record': (id) => ({ crosswalk: { concepts: [], links: [link({ record: id })] } }),
  'crosswalk links.*.concept': (id) => ({ crosswalk: { concepts: [], links: [link({ concept: id })] } }),
  'crosswalk links.*.related.*': (id) => ({ crosswalk: { concepts: [], links: [link({ relation: 'split', related: [id] })] } }),
  'crosswalk categories.*.edition': (id, f) => ({ crosswalk: { ...(f.crosswalk as object), categories: [difference({ edition: id })] } }),
  'crosswalk categories.*.record': (id, f) => ({ crosswalk: { ...(f.crosswalk as object), categories: [difference({ record: id })] } }),
  'inducements leagues.*.id': (id) => ({ inducements: { characteristics: {}, leagues: [{ id, name: 'League', aliases: ['League'] }], records: [] } }),
  'inducements records.*.id': (id) => ({
    inducements: { characteristics: {}, leagues: [], records: [{ id, name: 'Kegs', kind: 'inducement', confidence: 'low', note: 'n', blocks: ['Kegs'] }] },
  }),
  'compulsory reviewed.*.record': (id) => ({ compulsory: { reviewed: [{ record: id, sentence: 'must stab', reason: 'r' }] } }),
  'migrations keep.*.id': (id) => ({ migrations: { keep: [{ id, name: 'Stab', since: '1.0.0', note: 'n' }], migrations: [] } }),
  'migrations migrations.*.id': (id) => ({ migrations: { migrations: [migration({ id })] } }),
  'migrations migrations.*.to': (id) => ({ migrations: { migrations: [migration({ action: 'merged', to: id })] } }),
  'aliases aliases.*.concept': (id) => ({ aliases: { aliases: [{ alias: 'Dagger', concept: id, lang: 'en', note: 'n' }] } }),
  'aliases winners.*.concept': (id) => ({ aliases: { aliases: [], winners: [{ alias: 'Dagger', concept: id, note: 'n' }] } }),
  'randomTables slots.*.table': (id) => ({ randomTables: { slots: [{ table: id, roll: '1-3', d6: 1, vacancy: 'vacant', reason: 'r' }] } }),
};

function withSource(files: LiteralFiles, change: object): unknown {
  const manifest = files.manifest as { sources: object[] };
  return { ...manifest, sources: [manifest.sources[0], { ...manifest.sources[1], ...change }] };
}
const erratum = (change: object) => ({
  id: 'en-2020/stab-typo',
  source: EN_SOURCE,
  record: 'en-2020/stab',
  find: 'may stab',
  replace: 'may stab',
  reason: 'r',
  ...change,
});
const link = (change: object) => ({
  source: FR_SOURCE,
  record: 'fr-legacy/poignard',
  concept: 'stab',
  relation: 'same',
  confidence: 'high',
  rationale: 'Both stab the same way.',
  ...change,
});
const difference = (change: object) => ({
  category: 'strength',
  conceptCategory: 'trait',
  reason: 'The literal French list files its one trait under strength.',
  ...change,
});
const migration = (change: object) => ({ id: 'en-2020/gone', kind: 'record', action: 'deleted', to: null, since: '1.0.0', note: 'n', ...change });

const keyOf = (field: IdField) => `${field.file} ${field.path.join('.')}`;

/** The project with `id` planted in `field`, and the line of the file that holds it. */
function planted(field: IdField, id: string, marker: RegExp) {
  const files = literalFiles();
  const input = literalProject(PLANT[keyOf(field)]!(id, files), { lock: LOCK_WITH_GONE });
  const file = field.file === 'manifest' ? input.manifest : input.annotations[field.file as keyof typeof input.annotations]!;
  return { input, file: file.path, line: lineOf(file.text, marker) };
}

/** The codes of the errors at `file:line`. */
const errorsAt = (diagnostics: readonly { fatal: boolean; file: string; place: { line: number } | null; ruleId: string }[], file: string, line: number) =>
  diagnostics.filter((d) => d.fatal && d.file === file && d.place?.line === line).map((d) => d.ruleId);

describe('a hostile id in any id field', () => {
  it('every field has a scenario', () => {
    expect(Object.keys(PLANT).sort()).toEqual(ID_FIELDS.map(keyOf).sort());
  });

  const HOSTILE = {
    'a line break and host rules': 'evil 301\n/* https://attacker.example/:splat 302!\n/z',
    'a space': 'en-2020/evil mighty blow',
    'a path out of dist/': '../../../../evil/package',
  };
  for (const field of ID_FIELDS) {
    for (const [what, id] of Object.entries(HOSTILE)) {
      it(`${keyOf(field)}: ${what} is refused at its line, and nothing is built`, () => {
        const { input, file, line } = planted(field, id, /evil/);
        const result = buildDataset(input);
        expect(result.files.size).toBe(0);
        expect(
          errorsAt(result.diagnostics, file, line).filter((code) => ['schema/invalid', 'ids/bad-id', 'text/hostile-character'].includes(code)),
        ).not.toEqual([]);
      });
    }
  }
});

describe('a well-formed id that names nothing', () => {
  /** A well-formed id of each kind that the literal project does not have. */
  const UNKNOWN: Record<string, string> = {
    record: 'en-2020/nothing-here',
    concept: 'nothing-here',
    source: 'nothing-here',
    table: 'en-2020/blood-bowl/agility',
    entry: 'en-2020/nothing-here',
    edition: 'nothing-here',
  };
  for (const field of ID_FIELDS.filter((f) => f.names !== 'defines')) {
    const code = field.names === 'lock' ? 'ids/never-published' : field.names === 'manifest' ? 'ids/unknown-source' : field.unknown!;
    it(`${keyOf(field)}: ${code} at its line`, () => {
      const id = UNKNOWN[field.kind]!;
      const { input, file, line } = planted(field, id, new RegExp(id.replaceAll('/', '\\/')));
      const result = buildDataset(input);
      expect(result.files.size).toBe(0);
      expect(errorsAt(result.diagnostics, file, line)).toContain(code);
    });
  }

  it('the base project and its retired record build with no error', () => {
    const result = buildDataset(literalProject({ migrations: { migrations: [migration({})] } }, { lock: LOCK_WITH_GONE }));
    expect(result.diagnostics.filter((d) => d.fatal)).toEqual([]);
    expect(stringify(JSON.parse(result.files.get('migrations.json')!))).toContain('en-2020/gone');
  });
});

describe('the exploit of the issue', () => {
  it('a migration id that climbs out of dist/api fails `build --only data,api` at its line; package.json is untouched and nothing is built', async () => {
    const hostile = migration({ id: '../../../../package', kind: 'ruling' });
    const root = writeProject(literalProject({ migrations: { migrations: [hostile] } }, { lock: LOCK_WITH_GONE }));
    writeFileSync(join(root, 'package.json'), '{ "name": "victim", "version": "1.0.0" }\n');
    const before = treeDigest(root);
    const run = await runCli(['build', '--only', 'data,api', '--root', root, '--no-cache']);
    expect(run.status).toBe(1);
    const line = lineOf(readFileSync(join(root, 'sources/annotations/migrations.yaml'), 'utf8'), /package/);
    expect(run.stderr).toContain(`sources/annotations/migrations.yaml:${line}:9 error id "../../../../package" is not a valid ruling id`);
    expect(run.stderr).toContain('[ids/bad-id]');
    // Only nuffle's own marker of its output folder is new: no data, no API, nothing outside.
    const { 'dist/.nuffle-output': marker, ...after } = treeDigest(root);
    expect(marker).toBeDefined();
    expect(after).toEqual(before);
  });
});
