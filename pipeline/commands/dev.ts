/**
 * `nuffle dev`: see the page while you edit. Builds the data (in a worker
 * thread, while Astro's dev server starts),
 * serves the site with Astro's dev server (pages rendered from `<out>/data` on
 * each request, read by site/src/lib/dev-dataset.ts when meta.json changed),
 * and rebuilds the data on every save under sources/ or schema/ (the watcher
 * of `build --watch`, its stage memo kept in memory), so the next request
 * shows the change; a failed rebuild keeps the last good data, and its errors
 * are printed here. After the first build, only the warnings that changed are
 * printed (commands/diagnostic-delta.ts).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { repoRoot } from '../io.ts';
import { type CommandSpec, parseCommand, usageError } from './args.ts';
import { Worker } from 'node:worker_threads';
import type { Diagnostic } from '../model/diagnostic.ts';
import type { BuildOptions } from './build-options.ts';
import { buildOnce } from './build.ts';

export const DEV = {
  name: 'dev',
  title: 'the site served locally, updated on every save',
  usage: 'nuffle dev [--port N] [--root DIR]',
  about: `Builds <root>/dist/data, serves the site on http://127.0.0.1:4321/ (--port to change)
from it, and rebuilds the data whenever a file under sources/ or schema/ is
saved: reload the page to read the change as readers will. A save that breaks
the build prints its errors and keeps the last good data. Ctrl-C to stop.`,
  options: [
    { name: 'port', type: 'string', value: 'N', help: 'The port to serve on (default 4321)' },
    { name: 'root', type: 'string', value: 'DIR', help: 'Project root (default: this repository)' },
  ],
} as const satisfies CommandSpec;

export async function runDevCommand(argv: readonly string[]): Promise<number> {
  const parsed = parseCommand(DEV, argv);
  if ('exit' in parsed) return parsed.exit;
  const { values } = parsed;
  const port = values.port === undefined ? 4321 : Number(values.port);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) return usageError('dev', `--port takes a port number (1–65535); got "${values.port}"`);
  const root = resolve(values.root ?? repoRoot);
  const out = join(root, 'dist');
  // The stage memo on: after a save, only the saved file is parsed again.
  // One session for every rebuild (the worker made the first build): rebuilds keep the stage memo in memory and print only the warnings that changed.
  const options: BuildOptions = { root, out, targets: ['data'], strict: false, cache: true, session: { stages: null, built: true } };
  // The first build (in a worker) and the dev server's start, at once: the pages read the data only when asked for.
  const [first, server] = await Promise.all([firstBuild(options), startSite(root, join(out, 'data'), port)]);
  if (first.code !== 0 && !existsSync(join(out, 'data/meta.json'))) {
    await server?.stop();
    console.error('nuffle dev: the data does not build and there is no earlier dist/data to serve; fix the errors above');
    return 1;
  }
  if (!server) return 1;
  options.session!.warnings = first.warnings;
  console.log(`serving the site on http://127.0.0.1:${server.port}/ from ${join(out, 'data')}`);
  const { watch } = await import('./watch.ts');
  try {
    return await watch({
      ...options,
      build: buildOnce,
      initialBuild: false,
      ...(process.env.NUFFLE_WATCH_MAX_REBUILDS ? { maxRebuilds: Number(process.env.NUFFLE_WATCH_MAX_REBUILDS) } : {}),
      onRebuild: (code) => void (code === 0 && console.log(`the site serves the new data: reload http://127.0.0.1:${server.port}/`)),
    });
  } finally {
    await server.stop();
  }
}

/** The first data build, in a worker thread (commands/dev-build-worker.ts): its exit code and the warnings it printed. */
async function firstBuild(options: BuildOptions): Promise<{ code: number; warnings: Diagnostic[] }> {
  const { session: _, timings: __, ...plain } = options;
  const worker = new Worker(new URL('./dev-build-worker.ts', import.meta.url), { workerData: plain });
  // A worker that fails is a failed build (said here), never a dev server left running with nothing behind it.
  const failed = (why: string) => {
    console.error(`nuffle dev: the first build failed: ${why}`);
    return { code: 1, warnings: [] };
  };
  return new Promise((resolveBuild) => {
    let answered = false;
    const answer = (result: { code: number; warnings: Diagnostic[] }) => {
      if (!answered) resolveBuild(result);
      answered = true;
    };
    worker.once('message', answer);
    worker.once('error', (cause) => answered || answer(failed(cause.message)));
    worker.once('exit', (code) => answered || answer(failed(`its worker exited with ${code} before it answered`)));
  });
}

/** Astro's dev server on the project's site/ (or the compiler's), reading `dataDir`. */
async function startSite(root: string, dataDir: string, port: number): Promise<{ port: number; stop: () => Promise<void> } | null> {
  const siteRoot = [join(root, 'site'), join(repoRoot, 'site')].find((dir) => existsSync(join(dir, 'astro.config.mjs')));
  if (!siteRoot) {
    console.error(`nuffle dev: no site project (site/astro.config.mjs) in ${root} or ${repoRoot}`);
    return null;
  }
  process.env.NUFFLE_DATA_DIR = dataDir;
  // Astro resolves its packages from the working folder: run from the repository, as the site target does.
  process.chdir(repoRoot);
  const { dev } = await import('astro');
  const server = await dev({
    root: siteRoot,
    logLevel: 'warn',
    server: { host: '127.0.0.1', port },
    telemetry: { enabled: false },
  } as Parameters<typeof dev>[0]);
  return { port: server.address.port, stop: () => server.stop() };
}
