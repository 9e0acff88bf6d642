/**
 * Reproducible builds: a full `nuffle build` (data, api, cards, site) run
 * twice — the run's shared build (this repository, the test's own working
 * directory, time zone and locale) and one from a project copy at another
 * path, from another working directory, under TZ=Pacific/Chatham and
 * LANG=fr_FR.UTF-8 — gives byte-identical trees, and dist/ records no
 * absolute path, user name or time.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { homedir, tmpdir, userInfo } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, repoRoot, treeDigest } from './helpers.ts';
import { sharedBuild } from './shared-build.ts';

function fullBuild(root: string, cwd: string, env: Record<string, string>): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [join(repoRoot, 'pipeline/cli.ts'), 'build', '--root', root, '--out', join(root, 'dist')], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 600_000,
  });
  return { status: run.status, output: `${run.stdout}\n${run.stderr}` };
}

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });

describe('a full build, twice, in two environments', () => {
  /** The shared build's output folder (read only). */
  let first: string;
  let second: string;
  let elsewhere: string;
  beforeAll(() => {
    first = sharedBuild('site');
    second = copyProject();
    elsewhere = copyProject();
    const b = fullBuild(second, elsewhere, { TZ: 'Pacific/Chatham', LANG: 'fr_FR.UTF-8', LC_ALL: 'fr_FR.UTF-8' });
    expect(b.status, b.output).toBe(0);
  }, 900_000);
  afterAll(() => {
    for (const dir of [second, elsewhere]) rmSync(dir, { recursive: true, force: true });
  });

  it('builds every target', () => {
    expect(readdirSync(first).sort()).toEqual(expect.arrayContaining(['api', 'cards', 'data', 'site']));
  });

  it('gives byte-identical trees across paths, working directories, time zones and locales', () => {
    const a = treeDigest(first);
    const b = treeDigest(join(second, 'dist'));
    expect(Object.keys(a).length).toBeGreaterThan(100);
    expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
    const differing = Object.keys(a).filter((path) => a[path] !== b[path]);
    expect(differing).toEqual([]);
  });

  it('records no absolute path, user name or time', () => {
    const user = userInfo().username;
    const now = new Date();
    const day = now.toISOString().slice(0, 10);
    // The release's date comes from the sources (manifest dataset.released), not the clock: a build on the day of a release holds it.
    const released = /^\s+released:\s*(\d{4}-\d{2}-\d{2})/m.exec(readFileSync(join(repoRoot, 'sources/manifest.yaml'), 'utf8'))?.[1];
    const forbidden = [
      repoRoot,
      first,
      second,
      elsewhere,
      tmpdir(),
      `${homedir()}/`,
      `/${user}/`,
      `\\${user}\\`,
      ...(day === released ? [] : [day]), // 2026-11-30 in an ISO timestamp
      `D:${day.replace(/-/g, '')}`, // a PDF date of today
      `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-${String(now.getUTCDate()).padStart(2, '0')}T`,
    ].filter((s) => s.length > 3 && s !== '/');
    const hits: string[] = [];
    for (const file of files(first)) {
      const text = readFileSync(file).toString('latin1');
      for (const needle of forbidden) if (text.includes(needle)) hits.push(`${relative(first, file)}: ${needle}`);
    }
    expect(hits).toEqual([]);
  });
});
