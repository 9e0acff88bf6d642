/**
 * `nuffle dev`'s first data build, in a worker thread: it runs while the
 * main thread starts Astro's dev server, so the two take the time of the
 * longer, not of both (commands/dev.ts). It posts back the exit code and the
 * warnings it printed, from which the rebuilds print only what changed.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { BuildOptions, BuildSession } from './build-options.ts';

const { buildOnce } = await import('./build.ts');
const session: BuildSession = { stages: null };
const code = await buildOnce({ ...(workerData as Omit<BuildOptions, 'session'>), session });
parentPort?.postMessage({ code, warnings: session.warnings ?? [] });
