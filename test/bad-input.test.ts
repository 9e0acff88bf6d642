/**
 * Broken pastes, as a maintainer would make them: every case in
 * test/fixtures/bad/*.yaml changes one file of a copy of the bad-input
 * project (test/fixtures/bad/project/, a frozen copy of the sources: no case
 * depends on today's annotations), runs what `nuffle build --only data` runs
 * in this process (read the project, the stages up to the first that fails,
 * the report), and checks the exit code, the diagnostic code, and the file
 * and line it names. The stages run with the stage memo of the clean build,
 * so a case recomputes only what its edit touches (what the memo recalls is
 * the same: test/build-cache.test.ts). Cases that must build (CRLF, BOM,
 * trailing spaces) build the same records as the clean file. That a failed
 * build leaves dist/ as it was is the CLI's (test/cli.test.ts).
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { type BuildResult, buildDataset } from '../pipeline/build.ts';
import { readProjectOrReport, report } from '../pipeline/commands/project.ts';
import { HIDDEN_CHARACTER } from '../pipeline/model/characters.ts';
import { createMemo, type StageMemo } from '../pipeline/model/memo.ts';
import type { Skill } from '../pipeline/model/schema-types.ts';
import { mutate, type Mutation } from './fuzz/mutations.ts';
import { repoRoot } from './helpers.ts';

interface Edit {
  /** Replace the first occurrence (or the `nth`, 1-based) of `find`. */
  replace?: { find: string; with: string; nth?: number; fill?: { token: string; text: string; repeat: number } };
  /** Delete lines `from`..`to` (1-based, inclusive). */
  deleteLines?: { from: number; to: number };
  /** Insert text (one or more lines) before line `line`. */
  insertBefore?: { line: number; text: string };
  /** Copy lines `from`..`to` and insert the copy before line `before`. */
  duplicateLines?: { from: number; to: number; before: number };
  /** Keep only what comes before line `line`, column `column` (1-based): a copy cut off. */
  cutAt?: { line: number; column: number };
  /** Cut right after the first byte of the first multi-byte character on or after line `line`. */
  cutMidUtf8?: { line: number };
  /** Insert raw bytes (hex) at the start of line `line`. */
  insertBytes?: { line: number; hex: string };
  /** The whole file. */
  content?: string;
  /** Append `text` repeated `repeat` times. */
  append?: { prefix?: string; text: string; repeat?: number };
  lineEnds?: 'crlf' | 'cr';
  bom?: boolean;
  trailingSpaces?: boolean;
  /** A counterexample of the fuzz properties, replayed: its mutations, in order (test/fuzz/mutations.ts). */
  mutations?: Mutation[];
  /** Replace the file by a symbolic link to a copy of it outside the project. */
  symlinkOut?: boolean;
}

interface BadCase {
  name: string;
  description: string;
  file: string;
  edit: Edit;
  expect:
    | { exit: 1; code: string; file: string; line: number | null; column?: number; says?: string; only?: boolean }
    | { exit: 0; sameRecords: true }
    | { exit: 0; code: string; file: string; line: number | null; column?: number; warning: true };
}

const FIXTURES = join(repoRoot, 'test/fixtures/bad');
/** The project the cases break: its own sources, the repository's schemas. */
const PROJECT = join(FIXTURES, 'project');
const badCases = (): BadCase[] =>
  readdirSync(FIXTURES)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => ({ name: f.replace(/\.yaml$/, ''), ...(parse(readFileSync(join(FIXTURES, f), 'utf8')) as Omit<BadCase, 'name'>) }));

const lineStarts = (bytes: Buffer): number[] => {
  const starts = [0];
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 0x0a) starts.push(i + 1);
  return starts;
};

/** The edited bytes of a file. */
function applyEdit(original: Buffer, edit: Edit): Buffer {
  let text = original.toString('utf8');
  const lines = () => text.split('\n');
  if (edit.content !== undefined) return Buffer.from(edit.content, 'utf8');
  if (edit.mutations) text = mutate(text, edit.mutations);
  if (edit.replace) {
    const { find, nth = 1, fill } = edit.replace;
    // `fill` puts a long run (a pasted 300 KB of spaces) where `token` stands, keeping the case file small.
    const replacement = fill ? edit.replace.with.split(fill.token).join(fill.text.repeat(fill.repeat)) : edit.replace.with;
    let at = -1;
    for (let n = 0; n < nth; n++) at = text.indexOf(find, at + 1);
    if (at < 0) throw new Error(`"${find}" not found`);
    text = text.slice(0, at) + replacement + text.slice(at + find.length);
  }
  if (edit.deleteLines) {
    const all = lines();
    all.splice(edit.deleteLines.from - 1, edit.deleteLines.to - edit.deleteLines.from + 1);
    text = all.join('\n');
  }
  if (edit.insertBefore) {
    const all = lines();
    all.splice(edit.insertBefore.line - 1, 0, ...edit.insertBefore.text.replace(/\n$/, '').split('\n'));
    text = all.join('\n');
  }
  if (edit.duplicateLines) {
    const all = lines();
    const copy = all.slice(edit.duplicateLines.from - 1, edit.duplicateLines.to);
    all.splice(edit.duplicateLines.before - 1, 0, ...copy);
    text = all.join('\n');
  }
  if (edit.append) text += (edit.append.prefix ?? '') + edit.append.text.repeat(edit.append.repeat ?? 1);
  if (edit.trailingSpaces)
    text = text
      .split('\n')
      .map((l, n) => (l === '' && n % 2 ? l : `${l}${n % 3 ? ' ' : ' \t  '}`))
      .join('\n');
  if (edit.lineEnds === 'crlf') text = text.replace(/\n/g, '\r\n');
  if (edit.lineEnds === 'cr') text = text.replace(/\n/g, '\r');
  let bytes = Buffer.from(text, 'utf8');
  if (edit.bom) bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]);
  if (edit.cutAt) {
    const start = lineStarts(bytes)[edit.cutAt.line - 1]!;
    const prefix = Buffer.from([...bytes.subarray(start).toString('utf8')].slice(0, edit.cutAt.column - 1).join(''), 'utf8');
    bytes = bytes.subarray(0, start + prefix.length);
  }
  if (edit.cutMidUtf8) {
    const start = lineStarts(bytes)[edit.cutMidUtf8.line - 1]!;
    let i = start;
    while (bytes[i]! < 0x80) i++;
    bytes = bytes.subarray(0, i + 1);
  }
  if (edit.insertBytes) {
    const start = lineStarts(bytes)[edit.insertBytes.line - 1]!;
    bytes = Buffer.concat([bytes.subarray(0, start), Buffer.from(edit.insertBytes.hex.replace(/\s+/g, ''), 'hex'), bytes.subarray(start)]);
  }
  return bytes;
}

/**
 * What `nuffle build --only data` runs, in this process: the project read
 * (a refused read is reported as the command does), the stages with the
 * memo of the clean build, the report. Its exit code, what it printed, and
 * the files it would write.
 */
function build(root: string, memo: StageMemo, previous?: readonly Skill[]): { exit: number; output: string; result: BuildResult | null } {
  const printed: string[] = [];
  const collect = (...args: unknown[]) => void printed.push(args.map(String).join(' '));
  const spies = [
    vi.spyOn(console, 'error').mockImplementation(collect),
    vi.spyOn(console, 'log').mockImplementation(collect),
    vi.spyOn(console, 'warn').mockImplementation(collect),
  ];
  try {
    const input = readProjectOrReport(root);
    if (!input) return { exit: 1, output: printed.join('\n'), result: null };
    const result = buildDataset({ ...input, memo, ...(previous ? { previous } : {}) });
    report(result, 'build');
    return { exit: result.summary ? 0 : 1, output: printed.join('\n'), result };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

/** The record files: what a clean file and its CRLF/BOM/trailing-space copy must both give (sha256s of the raw bytes differ). */
const RECORD_FILES = ['skills.json', 'rulings.json', 'random-tables.json', 'concepts.json', 'crosswalk.json', 'inducements.json', 'leagues.json'];

describe('broken input fails located, with one clear error', () => {
  const cases = badCases();
  let root: string;
  let outside: string;
  let clean: Map<string, string>;
  let records: Skill[];
  /** What the clean build's stages computed: each case starts from it. */
  let stored: ReturnType<StageMemo['used']>;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'nuffle-bad-'));
    cpSync(join(PROJECT, 'sources'), join(root, 'sources'), { recursive: true });
    cpSync(join(repoRoot, 'schema'), join(root, 'schema'), { recursive: true });
    outside = mkdtempSync(join(tmpdir(), 'nuffle-outside-'));
    const memo = createMemo();
    const first = build(root, memo);
    expect(first.exit, first.output).toBe(0);
    stored = memo.used();
    clean = new Map(RECORD_FILES.map((f) => [f, first.result!.files.get(f)!]));
    // What `nuffle build` reads from the dist/ it would keep: the records of the last good build (rename hints).
    records = JSON.parse(clean.get('skills.json')!) as Skill[];
  });
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  it('has at least 30 cases, across the four sources and every annotation file', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
    const files = new Set(cases.map((c) => c.file));
    const annotations = readdirSync(join(PROJECT, 'sources/annotations'))
      .filter((f) => f.endsWith('.yaml'))
      .map((f) => `sources/annotations/${f}`);
    const raw = readdirSync(join(PROJECT, 'sources/raw')).map((f) => `sources/raw/${f}`);
    for (const file of [...raw, ...annotations, 'sources/manifest.yaml']) expect(files, file).toContain(file);
  });

  it("has every kind of file today's project has (a new annotation file needs its copy and its cases here)", () => {
    const names = (dir: string) => readdirSync(dir).sort();
    expect(names(join(PROJECT, 'sources/annotations'))).toEqual(names(join(repoRoot, 'sources/annotations')));
    expect(names(join(PROJECT, 'sources'))).toEqual(names(join(repoRoot, 'sources')));
  });

  for (const c of cases) {
    it(`${c.name}: ${c.description}`, () => {
      const path = join(root, c.file);
      const original = readFileSync(path);
      const changed = applyEdit(original, c.edit);
      if (c.edit.symlinkOut) {
        const target = join(outside, c.file.replace(/\//g, '_'));
        writeFileSync(target, original);
        unlinkSync(path);
        symlinkSync(target, path);
      } else writeFileSync(path, changed);
      try {
        const run = build(root, createMemo(stored), records);
        if (c.expect.exit === 1) {
          const { code, file, line, column, says, only } = c.expect;
          expect(run.exit, run.output).toBe(1);
          const where = line === null ? `${file} error` : `${file}:${line}:${column ?? ''}`;
          const hit = run.output.split('\n').find((l) => l.startsWith(where) && l.endsWith(`[${code}]`));
          expect(hit, `no "${where}… [${code}]" in:\n${run.output.slice(0, 3000)}`).toBeDefined();
          if (says) expect(run.output).toContain(says);
          if (only) expect(run.output.match(new RegExp(`\\[${code.replace('/', '\\/')}\\]`, 'g'))?.length, run.output).toBe(1);
          // Nothing a source says reaches the terminal raw: control, bidirectional and zero-width characters are printed as U+XXXX.
          expect(run.output.match(HIDDEN_CHARACTER) ?? []).toEqual([]);
          // Never a whole line echoed: the longest printed line stays short.
          expect(Math.max(...run.output.split('\n').map((l) => l.length))).toBeLessThan(1000);
          // A pasted long line is quoted, never echoed: nothing of it beyond a short excerpt.
          expect(run.output.split('\n').filter((l) => l.length > 600)).toEqual([]);
          // A failed build writes nothing: no file to publish.
          expect(run.result?.files.size ?? 0).toBe(0);
          return;
        }
        expect(run.exit, run.output).toBe(0);
        if ('warning' in c.expect) {
          // A warning: the build succeeds and says where.
          const { code, file, line, column } = c.expect;
          const where = line === null ? `${file} warning` : `${file}:${line}:${column ?? ''}`;
          const hit = run.output.split('\n').find((l) => l.startsWith(where) && l.includes(' warning ') && l.endsWith(`[${code}]`));
          expect(hit, `no "${where}… warning … [${code}]" in:\n${run.output.slice(0, 3000)}`).toBeDefined();
          return;
        }
        for (const f of RECORD_FILES) expect(run.result!.files.get(f), f).toBe(clean.get(f));
      } finally {
        if (existsSync(path)) unlinkSync(path);
        writeFileSync(path, original);
      }
    });
  }
});
