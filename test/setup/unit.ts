/**
 * setupFiles of the unit project: no test in it starts a process other than
 * poppler's PDF readers. The real-build helpers throw by themselves
 * (test/guard.ts); this covers a child process started directly, by
 * replacing node:child_process's functions (ES imports see the change
 * through syncBuiltinESMExports).
 */
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { basename } from 'node:path';
import { needsBuild } from '../guard.ts';

const require = createRequire(import.meta.url);
const processes = require('node:child_process') as Record<string, unknown>;
/** The PDF readers the card tests use on the PDFs they draw (test/cards/helpers.ts). */
const ALLOWED = new Set(['pdftotext', 'pdfinfo', 'pdffonts', 'pdftoppm']);
const GUARDED = Symbol.for('nuffle.unit-guard');

for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork']) {
  const original = processes[name] as ((...args: unknown[]) => unknown) & { [GUARDED]?: true };
  if (original[GUARDED]) continue;
  const guarded = Object.assign(
    (command: unknown, ...rest: unknown[]) => {
      const program = basename(String(command).trim().split(/\s+/)[0] ?? '');
      if (!ALLOWED.has(program)) needsBuild(`child_process.${name}(${program})`);
      return original(command, ...rest);
    },
    { [GUARDED]: true as const },
  );
  processes[name] = guarded;
}
syncBuiltinESMExports();
