/**
 * Bench: the data rebuild after a one-file change, measured inside the
 * watching process (`nuffle build --watch`), as a maintainer meets it.
 * Edits a copy of the project, never the real sources.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../io.ts';

export interface WatchBench {
  /** Median of the rebuilds' own times, as the watcher prints them. */
  watchRebuildMs: number;
  /** Each rebuild's time. */
  rebuildsMs: number[];
}

export async function benchWatch(options: { rebuilds?: number } = {}): Promise<WatchBench> {
  const rebuilds = options.rebuilds ?? 5;
  const root = mkdtempSync(join(tmpdir(), 'nuffle-bench-watch-'));
  cpSync(join(repoRoot, 'sources'), join(root, 'sources'), { recursive: true });
  cpSync(join(repoRoot, 'schema'), join(root, 'schema'), { recursive: true });
  const child = spawn(process.execPath, [join(repoRoot, 'pipeline/cli.ts'), 'build', '--watch', '--only', 'data', '--root', root], {
    env: { ...process.env, NUFFLE_WATCH_MAX_REBUILDS: String(rebuilds) },
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const count = (pattern: RegExp) => (out.match(pattern) ?? []).length;
  const until = async (pattern: RegExp, n: number) => {
    const deadline = Date.now() + 60_000;
    while (count(pattern) < n) {
      if (Date.now() > deadline) throw new Error(`bench-watch: timed out waiting for ${pattern}\n${out}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  try {
    await until(/watching /g, 1);
    const raw = join(root, 'sources/raw/en-2020-skills-traits.txt');
    const text = readFileSync(raw, 'utf8');
    for (let i = 1; i <= rebuilds; i++) {
      writeFileSync(
        raw,
        text.replace(
          'may re-roll a failed Agility test when attempting to Dodge',
          `may re-roll ${i % 2 ? 'one' : 'a'} failed Agility test when attempting to Dodge`,
        ),
      );
      await until(/^(?:rebuilt|failed) in \d+ ms/gm, i + 1);
    }
    const times = [...out.matchAll(/^rebuilt in (\d+) ms/gm)].slice(1).map((m) => Number(m[1]));
    const sorted = [...times].sort((a, b) => a - b);
    return { watchRebuildMs: sorted[Math.floor(sorted.length / 2)] ?? Number.NaN, rebuildsMs: times };
  } finally {
    child.kill();
    rmSync(root, { recursive: true, force: true });
  }
}

if (import.meta.main) console.log(JSON.stringify(await benchWatch()));
