/**
 * An output option never deletes what the tool did not write (issue 17, item 2),
 * an option given twice is a usage error (item 9), and two builds of one
 * output never wreck each other (item 10).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repeatedOption } from '../pipeline/commands/args.ts';
import { guardProblem, LOCK_FILE, lockOutput, OUTPUT_MARKER, outputFolderProblem, projectGuard, realPathOf, writeTreeAtomically } from '../pipeline/io.ts';
import { copyProject, repoRoot, runCli, treeDigest } from './helpers.ts';

const temp = (): string => mkdtempSync(join(tmpdir(), 'nuffle-out-'));
const nothing = () => false;

/** The pid of a process that has ended (a child that exited). */
const deadPid = (): number => spawnSync(process.execPath, ['-e', '0']).pid!;

describe('outputFolderProblem', () => {
  it('lets a new or empty folder be written', () => {
    const dir = temp();
    expect(outputFolderProblem(join(dir, 'new'), projectGuard(repoRoot), nothing)).toBeNull();
    expect(outputFolderProblem(dir, projectGuard(repoRoot), nothing)).toBeNull();
  });

  it('refuses a folder holding a file nuffle did not write, naming it', () => {
    const dir = temp();
    writeFileSync(join(dir, 'notes.md'), 'mine');
    expect(outputFolderProblem(dir, projectGuard(repoRoot), (file) => file === 'changes.json')).toMatch(/holds files nuffle did not write \(notes\.md\)/);
  });

  it("accepts a folder holding only the files the command writes, or nuffle's marker", () => {
    const dir = temp();
    writeFileSync(join(dir, 'changes.json'), '{}');
    expect(outputFolderProblem(dir, projectGuard(repoRoot), (file) => file === 'changes.json')).toBeNull();
    writeFileSync(join(dir, 'other.txt'), 'written by nuffle, with its marker');
    writeFileSync(join(dir, OUTPUT_MARKER), '');
    expect(outputFolderProblem(dir, projectGuard(repoRoot), nothing)).toBeNull();
  });

  it('refuses a file where the folder should be', () => {
    const dir = temp();
    writeFileSync(join(dir, 'f'), '');
    expect(outputFolderProblem(join(dir, 'f'), projectGuard(repoRoot), nothing)).toMatch(/is a file, not a folder/);
  });
});

describe('guardProblem', () => {
  it('refuses the project root, a folder above it, and anything inside sources/, schema/ or dist/data', () => {
    const guard = projectGuard(repoRoot);
    expect(guardProblem(repoRoot, guard)).toMatch(/which replacing it would delete/);
    expect(guardProblem(join(repoRoot, '..'), guard)).toMatch(/a folder that contains/);
    expect(guardProblem(join(repoRoot, 'sources'), guard)).toMatch(/inside .*sources/);
    expect(guardProblem(join(repoRoot, 'sources/annotations/new'), guard)).toMatch(/inside .*sources/);
    expect(guardProblem(join(repoRoot, 'dist/data/x.pdf'), guard)).toMatch(/inside .*dist\/data/);
    expect(guardProblem(join(repoRoot, 'dist/cards'), guard)).toBeNull();
    expect(guardProblem(join(repoRoot, 'sources-copy'), guard)).toBeNull();
  });

  it('resolves symbolic links: a link to the project is the project', () => {
    const dir = temp();
    symlinkSync(repoRoot, join(dir, 'link'));
    expect(realPathOf(join(dir, 'link/sources/x'))).toBe(join(realPathOf(repoRoot), 'sources/x'));
    expect(guardProblem(join(dir, 'link'), projectGuard(repoRoot))).toMatch(/which replacing it would delete/);
    expect(guardProblem(join(dir, 'link/sources/new'), projectGuard(repoRoot))).toMatch(/inside/);
  });
});

it('an option given twice is named; options given once are not', () => {
  const tokens = (...names: [string, string][]) => names.map(([name, rawName]) => ({ kind: 'option', name, rawName }));
  expect(repeatedOption(tokens(['roster', '--roster'], ['output', '-o']))).toBeNull();
  expect(repeatedOption(tokens(['roster', '--roster'], ['roster', '--roster']))).toMatch(/^--roster given twice/);
  expect(repeatedOption(tokens(['output', '-o'], ['output', '--output']))).toMatch(/^-o and --output given twice/);
});

describe('lockOutput', () => {
  it('is held by a running build: a second taker learns its pid', () => {
    const dir = temp();
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    try {
      writeFileSync(join(dir, LOCK_FILE), `${child.pid}\n`);
      expect(lockOutput(dir)).toEqual({ heldBy: child.pid });
    } finally {
      child.kill();
    }
  });

  it('a lock whose process is gone is taken over, and released after', () => {
    const dir = temp();
    writeFileSync(join(dir, LOCK_FILE), `${deadPid()}\n`);
    const lock = lockOutput(dir);
    expect('release' in lock).toBe(true);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(`${process.pid}\n`);
    if ('release' in lock) lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it("a staging folder of a build still running is not another build's leftover", () => {
    const dir = temp();
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    try {
      const live = join(dir, `.staging-data-${child.pid}-abc`);
      const dead = join(dir, `.staging-data-${deadPid()}-abc`);
      mkdirSync(live);
      mkdirSync(dead);
      writeTreeAtomically(join(dir, 'data'), new Map([['a.json', '1']]));
      expect(existsSync(live)).toBe(true);
      expect(existsSync(dead)).toBe(false);
    } finally {
      child.kill();
    }
  });
});

describe('the commands, on a copy of the project', () => {
  let root: string;
  let data: string;
  beforeAll(async () => {
    root = copyProject();
    const built = await runCli(['build', '--only', 'data', '--root', root]);
    expect(built.status, built.stderr).toBe(0);
    data = join(root, 'dist/data');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** A folder of the user's, with what it holds. */
  const usersFolder = (): { dir: string; before: Record<string, string> } => {
    const dir = join(temp(), 'docs');
    mkdirSync(join(dir, 'guide'), { recursive: true });
    writeFileSync(join(dir, 'README.md'), '# my notes\n');
    writeFileSync(join(dir, 'guide/setup.md'), 'setup\n');
    return { dir, before: treeDigest(dir) };
  };

  it.each([
    ['nuffle diff --out', (dir: string) => ['diff', data, data, '--out', dir]],
    ['nuffle cards --out', (dir: string) => ['cards', '--data', data, '--out', dir]],
    ['nuffle build --out', (dir: string) => ['build', '--only', 'data', '--root', root, '--out', dir]],
  ])("%s refuses a folder of the user's and leaves it as it was", async (_what, args) => {
    const { dir, before } = usersFolder();
    const result = await runCli(args(dir));
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('holds files nuffle did not write');
    expect(result.stderr).not.toContain('    at ');
    expect(treeDigest(dir)).toEqual(before);
  });

  it("nuffle diff --out writes a new folder, then replaces it on the next run (its marker says it is nuffle's)", async () => {
    const out = join(temp(), 'changes');
    expect((await runCli(['diff', data, data, '--out', out])).status).toBe(0);
    expect(readdirSync(out).sort()).toEqual([OUTPUT_MARKER, 'CHANGES.md', 'changes.json']);
    expect((await runCli(['diff', data, data, '--out', out])).status).toBe(0);
  });

  it('--out . in the project, .. above it, and a path into sources/ or dist/data are refused', async () => {
    for (const out of [root, join(root, '..'), join(root, 'sources/out'), join(data, 'changes')]) {
      const before = treeDigest(join(root, 'sources'));
      const result = await runCli(['diff', data, data, '--out', out]);
      expect(result.status, out).toBe(2);
      expect(treeDigest(join(root, 'sources'))).toEqual(before);
    }
    expect((await runCli(['cards', '--data', data, '--skills', 'Block', '-o', join(root, 'sources/cards.pdf')])).status).toBe(2);
    expect(existsSync(join(root, 'sources/cards.pdf'))).toBe(false);
    expect((await runCli(['build', '--only', 'data', '--root', root, '--out', join(root, 'sources')])).status).toBe(2);
  });

  it('cards -o into a missing folder, or over a file that is not a PDF, is refused', async () => {
    const dir = temp();
    const missing = await runCli(['cards', '--data', data, '--skills', 'Block', '-o', join(dir, 'no/such/folder/cards.pdf')]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain(`the folder ${join(dir, 'no/such/folder')} does not exist; create it first`);
    expect(existsSync(join(dir, 'no'))).toBe(false);
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    expect((await runCli(['cards', '--data', data, '--skills', 'Block', '-o', join(dir, 'notes.txt')])).status).toBe(2);
    expect(readFileSync(join(dir, 'notes.txt'), 'utf8')).toBe('mine');
  });

  it('--roster (or any option) given twice is a usage error', async () => {
    const result = await runCli(['cards', '--data', data, '--roster', 'a.yaml', '--roster', 'b.yaml']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--roster given twice');
    expect((await runCli(['build', '--only', 'data', '--only', 'api', '--root', root])).status).toBe(2);
  });

  it('a second build of an output that a running build holds exits 2, naming it, and writes nothing', async () => {
    const out = join(temp(), 'dist');
    mkdirSync(out);
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    try {
      writeFileSync(join(out, LOCK_FILE), `${child.pid}\n`);
      const result = await runCli(['build', '--only', 'data', '--root', root, '--out', out]);
      expect(result.status).toBe(2);
      expect(result.stderr).toContain(`another build (pid ${child.pid}) is writing ${out}`);
      expect(existsSync(join(out, 'data'))).toBe(false);
    } finally {
      child.kill();
    }
  });

  it('two real builds of one output at once: each ends with 0 or 2, never a crash, and the output is whole', async () => {
    const out = join(temp(), 'dist');
    // Processes of their own, run at once: the lock tells builds apart by their pids, and one worker has one.
    const run = () =>
      new Promise<{ code: number | null; stderr: string }>((done) => {
        const child = spawn(process.execPath, [join(repoRoot, 'pipeline/cli.ts'), 'build', '--only', 'data', '--no-cache', '--root', root, '--out', out]);
        let stderr = '';
        child.stderr.on('data', (chunk) => (stderr += chunk));
        child.on('close', (code) => done({ code, stderr }));
      });
    const results = await Promise.all([run(), run(), run()]);
    for (const r of results) {
      expect([0, 2], r.stderr).toContain(r.code);
      if (r.code === 2) expect(r.stderr).toContain('another build');
    }
    expect(results.some((r) => r.code === 0)).toBe(true);
    expect(treeDigest(join(out, 'data'))).toEqual(treeDigest(data));
    expect(readdirSync(out).sort()).toEqual([OUTPUT_MARKER, 'data']);
  });
});
