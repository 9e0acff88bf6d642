import { readFileSync, writeFileSync } from 'node:fs';

/**
 * `withFileChanged` (test/helpers.ts) for a `fn` that awaits, such as an
 * in-process `runCli`: the original bytes come back once its promise
 * settles, not at its first `await` (while the run still reads the file).
 */
export async function withFileChangedAsync<T>(path: string, change: (text: string) => string | Buffer, fn: () => Promise<T>): Promise<T> {
  const original = readFileSync(path);
  writeFileSync(path, change(original.toString('utf8')));
  try {
    return await fn();
  } finally {
    writeFileSync(path, original);
  }
}
