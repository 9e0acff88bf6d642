import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { format } from 'node:util';
import { afterAll, expect, vi } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { buildDataset, type BuildResult } from '../pipeline/build.ts';
import { readProject, runNuffle } from '../pipeline/cli.ts';
import { repoRoot } from '../pipeline/io.ts';
import type { ManifestSource, MentionRules, Ruling, Skill } from '../pipeline/model/schema-types.ts';
import { needsBuild } from './guard.ts';
import { sharedBuildResult } from './shared-build.ts';
import { appendEntries, editYamlFile } from './yaml-edit.ts';

export { repoRoot };
export { treeDigest } from './tree.ts';

/** The real build of this repository's sources, in memory: built once per run and shared (test/shared-build.ts). */
export function realBuild(): BuildResult {
  return sharedBuildResult(() => buildDataset(readProject(repoRoot)));
}

export function realData<T>(path: string): T {
  const text = realBuild().files.get(path);
  if (text === undefined) throw new Error(`build produced no ${path}`);
  return JSON.parse(text) as T;
}

export const skills = () => realData<Skill[]>('skills.json');
export const rulings = () => realData<Ruling[]>('rulings.json');
export const record = (id: string): Skill => {
  const found = skills().find((r) => r.id === id);
  if (!found) throw new Error(`no record ${id}`);
  return found;
};

export const rawText = (name: string) => readFileSync(join(repoRoot, 'sources/raw', name), 'utf8');

export const mentionRules = (): MentionRules => parseYaml(readFileSync(join(repoRoot, 'sources/annotations/mentions.yaml'), 'utf8')) as MentionRules;

export const en2020Source: ManifestSource = {
  id: 'en-2020-skills-traits',
  file: 'sources/raw/en-2020-skills-traits.txt',
  lang: 'en',
  edition: { id: 'en-2020', label: 'Blood Bowl 2020 (English)', year: 2020, status: 'superseded' },
  parser: 'en-2020',
  note: 'fixture',
};

/** A throw-away copy of the project's inputs (sources/ and schema/), for CLI runs. */
export function copyProject(): string {
  needsBuild('copyProject()');
  const dir = mkdtempSync(join(tmpdir(), 'nuffle-'));
  cpSync(join(repoRoot, 'sources'), join(dir, 'sources'), { recursive: true });
  cpSync(join(repoRoot, 'schema'), join(dir, 'schema'), { recursive: true });
  return dir;
}

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export interface CliRunOptions {
  /** The working directory of the run (a roster or an output path given relative to it). */
  cwd?: string;
  /** Variables set for the run (`undefined` unsets one), put back after it. */
  env?: Readonly<Record<string, string | undefined>>;
}

/**
 * `nuffle <args>` in this process, as the entry runs it (`runNuffle`: the
 * commands and the last net), with what it prints captured: its exit code,
 * stdout (console.log, console.info) and stderr (console.error,
 * console.warn). The modules and the JIT stay warm between runs, which a
 * child process pays for on every run (about a second of CPU). The process
 * itself (the entry's exit code, signals, a run that must not share this
 * worker's state) is `runCliProcess`'s.
 */
export function runCli(args: readonly string[], options: CliRunOptions = {}): Promise<CliRun> {
  needsBuild('runCli()'); // at once, not as a rejected promise
  return runInProcess(args, options);
}

async function runInProcess(args: readonly string[], options: CliRunOptions): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const into =
    (lines: string[]) =>
    (...parts: unknown[]) =>
      void lines.push(`${format(...parts)}\n`);
  const spies = [
    vi.spyOn(console, 'log').mockImplementation(into(out)),
    vi.spyOn(console, 'info').mockImplementation(into(out)),
    vi.spyOn(console, 'error').mockImplementation(into(err)),
    vi.spyOn(console, 'warn').mockImplementation(into(err)),
  ];
  const saved = Object.fromEntries(Object.keys(options.env ?? {}).map((k) => [k, process.env[k]]));
  const cwd = process.cwd();
  try {
    for (const [k, v] of Object.entries(options.env ?? {})) setEnv(k, v);
    if (options.cwd) process.chdir(options.cwd);
    const status = await runNuffle(args);
    return { status, stdout: out.join(''), stderr: err.join('') };
  } finally {
    process.chdir(cwd);
    for (const [k, v] of Object.entries(saved)) setEnv(k, v);
    for (const spy of spies) spy.mockRestore();
  }
}

function setEnv(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

/** `nuffle <args>` as a child process of its own (`node pipeline/cli.ts`): for what only the process shows (the entry's exit code, signals, a fresh process). */
export function runCliProcess(args: readonly string[], options: CliRunOptions = {}): CliRun {
  needsBuild('runCliProcess()');
  const env = options.env ? { ...process.env, ...options.env } : undefined;
  const result = spawnSync(process.execPath, [join(repoRoot, 'pipeline/cli.ts'), ...args], { encoding: 'utf8', cwd: options.cwd, env });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * A FAQ ruling of the English text to withdraw in a scenario: the first, in
 * text order, whose question and answer name none of `avoid` (the words the
 * scenario edits elsewhere). Whatever the FAQ says today, not a question
 * written into the test.
 */
export function rulingToWithdraw(rulings: readonly Ruling[], avoid: readonly string[] = []): Ruling {
  const found = rulings
    .filter((r) => r.source.id === en2020Source.id && !avoid.some((word) => `${r.question}\n${r.answer}`.includes(word)))
    .sort((a, b) => a.source.lines[0] - b.source.lines[0])[0];
  if (!found) throw new Error('the English text has no FAQ ruling to withdraw');
  return found;
}

/** `text` (the ruling's source) without the ruling: its question and answer lines, and the blank line after them. */
export function withoutRuling(text: string, ruling: Ruling): string {
  const lines = text.split('\n');
  const [from, to] = ruling.source.lines;
  lines.splice(from - 1, to - from + 1 + (lines[to] === '' ? 1 : 0));
  return lines.join('\n');
}

/** Append migrations to a project's sources/annotations/migrations.yaml, after whatever it holds (test/yaml-edit.ts). */
export function addMigrations(root: string, entries: readonly Record<string, unknown>[], key: 'migrations' | 'keep' = 'migrations'): void {
  editYamlFile(join(root, 'sources/annotations/migrations.yaml'), (text) => appendEntries(text, [key], entries));
}

/** Change a file for the duration of `fn` (until its promise settles, if it returns one), then put the original bytes back. */
export function withFileChanged<T>(path: string, change: (text: string) => string | Buffer, fn: () => T): T {
  needsBuild('withFileChanged()');
  const original = readFileSync(path);
  writeFileSync(path, change(original.toString('utf8')));
  const restore = () => writeFileSync(path, original);
  let result: T;
  try {
    result = fn();
  } catch (cause) {
    restore();
    throw cause;
  }
  // An async fn (an awaited runCli): the bytes come back once it settles, not at its first await.
  if (result instanceof Promise) return result.finally(restore) as T;
  restore();
  return result;
}

/** 1-based line of the first line of `text` that `match` matches (a string: the whole line, trimmed; a pattern: anywhere in it). */
export function lineOf(text: string, match: string | RegExp): number {
  const index = text.split('\n').findIndex((line) => (typeof match === 'string' ? line.trim() === match : match.test(line)));
  if (index < 0) throw new Error(`no line ${match} in the text`);
  return index + 1;
}

/**
 * Facts about today's corpus (counts, lines) that a test pins, kept in
 * test/golden/corpus/<owner>.json rather than in the test: after a reviewed
 * data release, `npm run golden` (UPDATE=1) records the new values, and the
 * tests' properties hold whatever the sources say. Returns `fact(name,
 * actual)`, which asserts `actual` equals the recorded value (or records it).
 */
export function corpusFacts(owner: string): (name: string, actual: unknown) => void {
  const path = join(repoRoot, 'test/golden/corpus', `${owner}.json`);
  const golden = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>) : {};
  const seen: Record<string, unknown> = {};
  afterAll(() => {
    if (!process.env.UPDATE) return;
    // Read again now, not at the start: another file of the same owner (crosswalk.test.ts and crosswalk-confidence.test.ts)
    // may have recorded its facts meanwhile, in another worker, and they must not be lost.
    const current = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>) : {};
    const merged = { ...current, ...seen };
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(
      path,
      `${JSON.stringify(
        Object.fromEntries(
          Object.keys(merged)
            .sort()
            .map((k) => [k, merged[k]]),
        ),
        null,
        2,
      )}\n`,
    );
  });
  return (name, actual) => {
    seen[name] = actual;
    if (process.env.UPDATE) return;
    expect(name in golden, `no fact "${name}" in test/golden/corpus/${owner}.json: run npm run golden and review it`).toBe(true);
    expect(
      actual,
      `"${name}", a fact of today's corpus (test/golden/corpus/${owner}.json); after a reviewed release, npm run golden records the new value`,
    ).toEqual(golden[name]);
  };
}
