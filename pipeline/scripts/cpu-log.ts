/**
 * Where a test run's CPU goes (docs/TESTING.md, "Where the CPU goes"):
 * loaded into every Node process of a run with
 * `NODE_OPTIONS="--import $PWD/pipeline/scripts/cpu-log.ts"` (an absolute path: the children run in other folders), it appends one
 * JSON line per process and second to $NUFFLE_CPU_LOG (the process's CPU
 * time, all its threads, its argv, its parent, and the test file a Vitest
 * worker runs). `node pipeline/scripts/cpu-report.ts` sums it by test file
 * and by command. Never loaded by the suite itself.
 */
import { appendFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

const log = process.env.NUFFLE_CPU_LOG;

/** The test files a Vitest worker has run (its worker state, when there is one). */
function testFiles(): string[] {
  const state = (globalThis as { __vitest_worker__?: { filepath?: string; ctx?: { files?: ({ filepath: string } | string)[] } } }).__vitest_worker__;
  if (state?.filepath) return [state.filepath];
  return (state?.ctx?.files ?? []).map((file) => (typeof file === 'string' ? file : file.filepath));
}

if (log && isMainThread) {
  const files = new Set<string>();
  const started = Date.now();
  const write = () => {
    for (const file of testFiles()) files.add(file.replace(`${process.cwd()}/`, ''));
    const { user, system } = process.cpuUsage();
    const line = {
      pid: process.pid,
      ppid: process.ppid,
      argv: process.argv.slice(1).join(' ').slice(0, 200),
      files: [...files],
      cpuSeconds: (user + system) / 1e6,
      wallSeconds: (Date.now() - started) / 1000,
    };
    try {
      appendFileSync(log, `${JSON.stringify(line)}\n`);
    } catch {
      // a full disk or a removed folder: the measurement is lost, never the run
    }
  };
  // Vitest's workers are stopped without an exit event: they write every second.
  if (process.argv.some((arg) => arg.includes('vitest'))) setInterval(write, 1000).unref();
  process.on('exit', write);
}
