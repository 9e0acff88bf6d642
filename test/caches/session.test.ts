/**
 * A watching session (`build --watch`, `nuffle dev`): its first build may go
 * through the caches, every later one runs in memory from the stage memo of
 * the build before, writing no build-cache entry (commands/build.ts).
 */
import { appendFileSync, existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildOnce } from '../../pipeline/commands/build.ts';
import type { BuildOptions, BuildSession } from '../../pipeline/commands/build-options.ts';
import { copyProject } from '../helpers.ts';

/** Every file under the build cache folder (none when there is no folder). */
const cacheFiles = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort() : []);

let root: string;
let cache: string;
beforeEach(() => {
  root = copyProject();
  cache = mkdtempSync(join(tmpdir(), 'nuffle-session-cache-'));
  vi.stubEnv('NUFFLE_CACHE_DIR', cache);
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const options = (session: BuildSession): BuildOptions => ({ root, out: join(root, 'dist'), targets: ['data'], strict: false, cache: true, session });
/** A change every build sees: a line appended to the first raw text. */
const save = (n: number) => {
  const raw = join(root, 'sources/raw', readdirSync(join(root, 'sources/raw')).sort()[0]!);
  appendFileSync(raw, `\n\nsession edit ${n}\n`);
};

describe('a watching session', () => {
  it('goes through the build cache on its first build only: every rebuild keeps the stage memo in memory and writes no cache entry', async () => {
    const session: BuildSession = { stages: null };
    expect(await buildOnce(options(session))).toBe(0);
    const afterFirst = cacheFiles(cache);
    expect(afterFirst.length).toBeGreaterThan(0);
    for (const n of [1, 2]) {
      save(n);
      await buildOnce(options(session));
      expect(session.stages, `rebuild ${n}`).not.toBeNull();
      expect(cacheFiles(cache), `rebuild ${n}`).toEqual(afterFirst);
    }
  });

  it('started as built (nuffle dev: its worker made the first build), runs its first build in memory too', async () => {
    expect(await buildOnce(options({ stages: null }))).toBe(0);
    const before = cacheFiles(cache);
    const session: BuildSession = { stages: null, built: true };
    save(1);
    await buildOnce(options(session));
    expect(session.stages).not.toBeNull();
    expect(cacheFiles(cache)).toEqual(before);
  });
});
