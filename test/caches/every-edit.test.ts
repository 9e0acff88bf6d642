/**
 * The caches never change what a build publishes. For EVERY input file the
 * build reads (the manifest, each raw text, each annotation, the id lock, each
 * schema), one deterministic edit that changes what the build makes of it,
 * then `nuffle build` with the build cache and the stage memo of the build
 * before (the unedited project): the same files, byte for byte, and the same
 * report as a build without them. No sample: every file, every run.
 *
 * The edit of a file is the first of its candidate edits (fixed order) that
 * changes the files or the diagnostics of a build without the caches, so a
 * file whose edit would change nothing cannot hide a stale cache entry.
 */
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildDataset } from '../../pipeline/build.ts';
import { buildOnce, readProject } from '../../pipeline/cli.ts';
import { readProjectOrReport, report } from '../../pipeline/commands/project.ts';
import { forgetPlainTexts } from '../../pipeline/model/markdown.ts';
import { copyProject, treeDigest } from '../helpers.ts';

interface Edit {
  what: string;
  apply: (text: string) => string | null;
}

/** Lines of running rule text, nearest the middle of the file first. */
function rawTextEdits(text: string): Edit[] {
  const lines = text.split('\n');
  const middle = lines.length / 2;
  return lines
    .map((line, i) => ({ line, i }))
    .filter(({ line }) => line.trim().split(/\s+/).length >= 8)
    .sort((a, b) => Math.abs(a.i - middle) - Math.abs(b.i - middle) || a.i - b.i)
    .slice(0, 3)
    .map(({ i }) => ({
      what: `line ${i + 1}: "edited" after its third word`,
      apply: (t) =>
        t
          .split('\n')
          .map((l, j) => (j === i ? l.replace(/^(\s*\S+\s+\S+\s+\S+) /, '$1 edited ') : l))
          .join('\n'),
    }));
}

/** Keys whose values the build reads as words, most telling first (an erratum's `replace` before all). */
const PROSE_KEYS = ['replace', 'rationale', 'sentence', 'label', 'name', 'fr', 'en', 'note', 'reason'];
const KEY_LINE = /^(\s*(?:- )?)([A-Za-z]+)(:[ \t]+)(\S.*?)\s*$/;

/** A YAML scalar with "Edited " in front of its words, in the quoting it has. */
function editScalar(value: string): string | null {
  if (/^[|>[{&*!]/.test(value)) return null;
  if (value.startsWith('"') || value.startsWith("'")) return `${value[0]}Edited ${value.slice(1)}`;
  return `Edited ${value}`;
}

function yamlEdits(text: string): Edit[] {
  const lines = text.split('\n');
  const found = lines
    .map((line, i) => ({ i, match: KEY_LINE.exec(line) }))
    .filter(
      (x): x is { i: number; match: RegExpExecArray } =>
        !!x.match && PROSE_KEYS.includes(x.match[2]!) && editScalar(x.match[4]!.replace(/\s+#.*$/, '')) !== null,
    )
    .sort((a, b) => PROSE_KEYS.indexOf(a.match[2]!) - PROSE_KEYS.indexOf(b.match[2]!) || a.i - b.i);
  const firstOfKey = found.filter((x, n) => found.findIndex((y) => y.match[2] === x.match[2]) === n);
  const edits: Edit[] = firstOfKey.slice(0, 3).map(({ i, match }) => ({
    what: `line ${i + 1}: ${match[2]} prefixed "Edited"`,
    apply: (t) =>
      t
        .split('\n')
        .map((l, j) => (j === i ? `${match[1]}${match[2]}${match[3]}${editScalar(match[4]!)}` : l))
        .join('\n'),
  }));
  // A list of plain words (mentions.yaml) loses its first item.
  const item = lines.findIndex((line) => /^\s*- [^:#"'{[]+$/.test(line));
  if (item >= 0)
    edits.push({
      what: `line ${item + 1}: list item removed`,
      apply: (t) =>
        t
          .split('\n')
          .filter((_, j) => j !== item)
          .join('\n'),
    });
  // An empty list (`migrations: []`) gets an entry that names nothing the data has.
  edits.push({
    what: 'an empty list given an entry',
    apply: (t) =>
      /^\w+: \[\]$/m.test(t)
        ? t.replace(/^(\w+): \[\]$/m, '$1:\n  - id: edited/away\n    kind: record\n    action: deleted\n    to: null\n    since: 0.0.1\n    note: Edited.')
        : null,
  });
  // Last: a key no schema allows (every input schema is strict).
  edits.push({ what: 'a key no schema allows', apply: (t) => `${t.trimEnd()}\nedited: true\n` });
  return edits;
}

const lockEdits = (): Edit[] => [{ what: 'a locked id that the data lacks', apply: (t) => `${t.trimEnd()}\nconcept edited-away\n` }];

/** A schema that accepts nothing (what the build validates changes: a validator kept from the build before would pass), else its definitions; else its description reworded (the published copy changes). */
const schemaEdits = (): Edit[] => {
  const json =
    (change: (schema: Record<string, unknown>) => boolean): Edit['apply'] =>
    (t) => {
      const schema = JSON.parse(t) as Record<string, unknown>;
      return change(schema) ? `${JSON.stringify(schema, null, 2)}\n` : null;
    };
  return [
    { what: 'the root accepts nothing', apply: json((s) => Boolean((s.not = {}))) },
    {
      what: 'every definition accepts nothing',
      apply: json((s) => {
        const defs = Object.values((s.$defs ?? {}) as Record<string, Record<string, unknown>>);
        for (const def of defs) def.not = {};
        return defs.length > 0;
      }),
    },
    { what: 'description prefixed "Edited"', apply: json((s) => typeof s.description === 'string' && Boolean((s.description = `Edited. ${s.description}`))) },
    // A schema the data build only compiles (the roster's): a reference that resolves nowhere breaks every build.
    { what: 'a $ref that resolves nowhere', apply: json((s) => Boolean((s.$ref = '#/$defs/nowhere-edited'))) },
  ];
};

function editsFor(path: string, text: string): Edit[] {
  if (path.startsWith('sources/raw/')) return rawTextEdits(text);
  if (path.endsWith('.yaml')) return yamlEdits(text);
  if (path.endsWith('.lock')) return lockEdits();
  if (path.startsWith('schema/')) return schemaEdits();
  throw new Error(`no edits for ${path}: add them here`);
}

let root: string;
let cacheDir: string;
let baselineCache: string;
let baseline: Outcome;
const env = { NUFFLE_CACHE_DIR: process.env.NUFFLE_CACHE_DIR };

interface Outcome {
  exit: number;
  files: Record<string, string>;
  report: string[];
}

/** What a build printed, without the command's closing line (where it wrote, or that it kept dist/): the report of the stages. */
const reportOf = (printed: readonly string[]): string[] => printed.filter((line) => !/^(wrote |nuffle build: failed)/.test(line));

/** Everything `fn` prints, with its result. */
async function printing<T>(fn: () => T | Promise<T>): Promise<{ value: T; printed: string[] }> {
  const printed: string[] = [];
  const keep = (...args: unknown[]) => void printed.push(args.map(String).join(' '));
  const spies = [vi.spyOn(console, 'error').mockImplementation(keep), vi.spyOn(console, 'log').mockImplementation(keep)];
  try {
    // Plain texts this process computed are forgotten: a memoised build reads the memo's.
    forgetPlainTexts();
    return { value: await fn(), printed };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

/** `nuffle build --only data` in this process, into a fresh folder, caches on or off: its exit, files and report. */
async function build(name: string, cache: boolean): Promise<Outcome> {
  const out = join(root, 'out', name);
  try {
    const { value: exit, printed } = await printing(() => buildOnce({ root, out, targets: ['data'], strict: false, cache }));
    return { exit, files: treeDigest(join(out, 'data')), report: reportOf(printed) };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** What `build(…, false)` gives, without writing it: the project read, the stages without caches, the report; the files as the build would write them. */
async function buildWithoutCaches(): Promise<Outcome> {
  const { value: result, printed } = await printing(() => {
    const input = readProjectOrReport(root);
    if (!input) return null;
    const built = buildDataset(input);
    report(built, 'build');
    return built;
  });
  const sha256 = (body: string | Uint8Array) => createHash('sha256').update(body).digest('hex');
  const files = result?.summary
    ? Object.fromEntries([...result.files, ...result.assets].map(([path, body]) => [path, sha256(body)]).sort(([a], [b]) => (a! < b! ? -1 : 1)))
    : {};
  return { exit: result?.summary ? 0 : 1, files, report: reportOf(printed) };
}

const inputFiles = (dir: string): string[] => {
  const input = readProject(dir);
  return [
    input.manifest.path,
    ...input.raw.keys(),
    ...Object.values(input.annotations).map((a) => a.path),
    ...(input.lock ? [input.lock.path] : []),
    ...input.schemas.map((s) => `schema/${s.path}`),
  ];
};

beforeAll(async () => {
  root = copyProject();
  cacheDir = mkdtempSync(join(tmpdir(), 'nuffle-every-edit-cache-'));
  baselineCache = mkdtempSync(join(tmpdir(), 'nuffle-every-edit-baseline-'));
  process.env.NUFFLE_CACHE_DIR = cacheDir;
  baseline = await build('baseline', true);
  if (baseline.exit !== 0) throw new Error(baseline.report.join('\n'));
  // What the caches hold after the unedited build: restored before every edited one.
  cpSync(cacheDir, baselineCache, { recursive: true });
});

afterAll(() => {
  if (env.NUFFLE_CACHE_DIR === undefined) delete process.env.NUFFLE_CACHE_DIR;
  else process.env.NUFFLE_CACHE_DIR = env.NUFFLE_CACHE_DIR;
  for (const dir of [root, cacheDir, baselineCache]) rmSync(dir, { recursive: true, force: true });
});

describe('a build after an edit of any one input file', () => {
  it('reads a project with a raw text, an annotation, a lock and schemas to edit', () => {
    const files = inputFiles(root);
    for (const prefix of ['sources/raw/', 'sources/annotations/', 'sources/ids.lock', 'schema/'])
      expect(
        files.some((f) => f.startsWith(prefix)),
        prefix,
      ).toBe(true);
  });

  it('gives the same files and report with the build cache and stage memo of the build before as without them, for every input file', async () => {
    const unchanged: string[] = [];
    let n = 0;
    for (const file of inputFiles(root)) {
      const path = join(root, file);
      const original = readFileSync(path, 'utf8');
      try {
        let fresh: Outcome | null = null;
        let edit: Edit | null = null;
        for (const candidate of editsFor(file, original)) {
          const text = candidate.apply(original);
          if (text === null || text === original) continue;
          writeFileSync(path, text);
          const outcome = await buildWithoutCaches();
          if (
            outcome.exit !== baseline.exit ||
            JSON.stringify(outcome.files) !== JSON.stringify(baseline.files) ||
            outcome.report.join('\n') !== baseline.report.join('\n')
          ) {
            [fresh, edit] = [outcome, candidate];
            break;
          }
        }
        if (!fresh || !edit) {
          unchanged.push(file);
          continue;
        }
        rmSync(cacheDir, { recursive: true, force: true });
        cpSync(baselineCache, cacheDir, { recursive: true });
        const cached = await build(`cached-${n}`, true);
        const what = `${file}, ${edit.what}`;
        expect(cached.exit, what).toBe(fresh.exit);
        expect(cached.files, what).toEqual(fresh.files);
        expect(cached.report, what).toEqual(fresh.report);
      } finally {
        writeFileSync(path, original);
        n++;
      }
    }
    expect(unchanged, 'input files for which no candidate edit changed the build: give them one in this test').toEqual([]);
  }, 600_000);
});
