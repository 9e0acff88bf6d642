/**
 * `nuffle build --watch`: build once, then rebuild whenever a file under
 * sources/ or schema/ changes, in this process (modules and schemas stay
 * loaded, so a rebuild costs the stages only). Each rebuild prints what
 * changed, its diagnostics and its stage timings; a failed rebuild leaves the
 * last good dist/ in place. Only the asked targets are rebuilt (default: data).
 *
 * Files are watched with chokidar, which follows a file that an editor saves
 * by writing a temporary file and renaming it over the original (vim,
 * JetBrains' "safe write"): Node's own recursive watcher loses such a file.
 */
import { join, relative } from 'node:path';
import { watch as watchFiles } from 'chokidar';
import type { BuildOptions, BuildSession } from './build-options.ts';

export interface WatchOptions extends BuildOptions {
  build: (options: BuildOptions) => Promise<number>;
  /** Stop after this many rebuilds (tests and the bench); default: run until interrupted. */
  maxRebuilds?: number;
  /** Quiet period after the last change before rebuilding, in ms. */
  debounceMs?: number;
  /** Build once before watching (default); `nuffle dev` has built already. */
  initialBuild?: boolean;
  /** The session of the builds so far (`nuffle dev` built once already); a new one by default. */
  session?: BuildSession;
  /** Called after each rebuild with its exit code (`nuffle dev` says the pages it serves changed). */
  onRebuild?: (code: number, changed: readonly string[]) => void | Promise<void>;
}

/** Editors' swap and backup files, and temporary files, are not sources. */
export const isScratchFile = (path: string): boolean => /(^|\/)\.|~$|\.swp$|\.tmp$/.test(path);

const format = (timings: Map<string, number>): string => [...timings].map(([stage, ms]) => `${stage} ${ms.toFixed(0)} ms`).join(' · ');

export async function watch(options: WatchOptions): Promise<number> {
  const { root } = options;
  // The stage memo stays in this process from one rebuild to the next (commands/build.ts compileInSession).
  const session: BuildSession = options.session ?? { stages: null };
  const run = async (why: string): Promise<number> => {
    const timings = new Map<string, number>();
    const started = performance.now();
    console.log(`\n── ${why}: building ${options.targets.join(', ')}`);
    const code = await options.build({ ...options, timings, session });
    const total = performance.now() - started;
    console.log(`${code === 0 ? 'rebuilt' : 'failed'} in ${total.toFixed(0)} ms (${format(timings)})${code === 0 ? '' : '; the last good dist/ is in place'}`);
    return code;
  };
  if (options.initialBuild !== false) await run('start');

  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let rebuilds = 0;
  const watcher = watchFiles([join(root, 'sources'), join(root, 'schema')], {
    ignoreInitial: true,
    // An editor's write-to-temporary-then-rename is one change of the file it replaces.
    atomic: true,
    ignored: (path) => isScratchFile(relative(root, path)),
  });
  await new Promise<void>((ready) => watcher.once('ready', () => ready()));
  return new Promise<number>((resolveWatch) => {
    const stop = (code: number) => {
      void watcher.close();
      if (timer) clearTimeout(timer);
      resolveWatch(code);
    };
    const flush = () => {
      const changed = [...pending].sort();
      pending = new Set();
      running = running.then(async () => {
        const code = await run(`changed ${changed.slice(0, 3).join(', ')}${changed.length > 3 ? ` and ${changed.length - 3} more` : ''}`);
        await options.onRebuild?.(code, changed);
        rebuilds++;
        if (options.maxRebuilds !== undefined && rebuilds >= options.maxRebuilds) stop(0);
      });
    };
    watcher.on('all', (event, path) => {
      if (event === 'addDir' || event === 'unlinkDir') return;
      pending.add(relative(root, path));
      if (timer) clearTimeout(timer);
      timer = setTimeout(flush, options.debounceMs ?? 60);
    });
    console.log(`watching ${join(root, 'sources')} and ${join(root, 'schema')}; Ctrl-C to stop`);
    process.once('SIGINT', () => stop(0));
  });
}
