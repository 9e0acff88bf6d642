/** A folder's fingerprint: shared by the tests, the shared build's read-only check and `npm run golden`. No vitest import: plain scripts use it too. */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** sha256 of every file under `dir`, by path relative to `base` (default: `dir`): a fingerprint of a tree. */
export function treeDigest(dir: string, base = dir): Record<string, string> {
  const out: Record<string, string> = {};
  if (!existsSync(dir)) return out;
  const walk = (current: string): void => {
    for (const name of readdirSync(current).sort()) {
      const full = join(current, name);
      if (statSync(full).isDirectory()) walk(full);
      else out[relative(base, full)] = createHash('sha256').update(readFileSync(full)).digest('hex');
    }
  };
  walk(dir);
  return out;
}
