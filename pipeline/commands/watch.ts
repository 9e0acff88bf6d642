/**
 * `nuffle build --watch`: build once, then rebuild whenever a file under
 * sources/ or schema/ changes, in this process (modules and schemas stay
 * loaded, so a rebuild costs the stages only). Each rebuild prints what
 * changed, its diagnostics and its stage timings; a failed rebuild leaves the
 * last good dist/ in place. Only the asked targets are rebuilt (default: data).
 */
import { watch as watchFs, type FSWatcher } from 'node:fs';
import { join, relative } from 'node:path';
import type { BuildOptions } from '../cli.ts';

export interface WatchOptions extends BuildOptions {
  build: (options: BuildOptions) => Promise<number>;
  /** Stop after this many rebuilds (tests and the bench); default: run until interrupted. */
  maxRebuilds?: number;
  /** Quiet period after the last change before rebuilding, in ms. */
  debounceMs?: number;
}

const format = (timings: Map<string, number>): string => [...timings].map(([stage, ms]) => `${stage} ${ms.toFixed(0)} ms`).join(' · ');

export async function watch(options: WatchOptions): Promise<number> {
  const { root } = options;
  const run = async (why: string): Promise<number> => {
    const timings = new Map<string, number>();
    const started = performance.now();
    console.log(`\n── ${why}: building ${options.targets.join(', ')}`);
    const code = await options.build({ ...options, timings });
    const total = performance.now() - started;
    console.log(`${code === 0 ? 'rebuilt' : 'failed'} in ${total.toFixed(0)} ms (${format(timings)})${code === 0 ? '' : '; the last good dist/ is in place'}`);
    return code;
  };
  await run('start');

  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let rebuilds = 0;
  const watchers: FSWatcher[] = [];
  return new Promise<number>((resolveWatch) => {
    const stop = (code: number) => {
      for (const w of watchers) w.close();
      if (timer) clearTimeout(timer);
      resolveWatch(code);
    };
    const flush = () => {
      const changed = [...pending].sort();
      pending = new Set();
      running = running.then(async () => {
        await run(`changed ${changed.slice(0, 3).join(', ')}${changed.length > 3 ? ` and ${changed.length - 3} more` : ''}`);
        rebuilds++;
        if (options.maxRebuilds !== undefined && rebuilds >= options.maxRebuilds) stop(0);
      });
    };
    for (const folder of ['sources', 'schema']) {
      const watcher = watchFs(join(root, folder), { recursive: true }, (_event, name) => {
        if (!name) return;
        const path = relative(root, join(root, folder, name.toString()));
        // Editors' swap and backup files, and the lock written by --update-lock, are not sources.
        if (/(^|\/)\.|~$|\.swp$|\.tmp$/.test(path)) return;
        pending.add(path);
        if (timer) clearTimeout(timer);
        timer = setTimeout(flush, options.debounceMs ?? 60);
      });
      watchers.push(watcher);
    }
    console.log(`watching ${join(root, 'sources')} and ${join(root, 'schema')}; Ctrl-C to stop`);
    process.once('SIGINT', () => stop(0));
  });
}
