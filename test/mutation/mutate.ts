/**
 * `npm run mutate -- [area…] [stryker flags]`: mutation testing, one area of
 * test/mutation/areas.ts after another (all of them when none is named), each
 * with its own incremental file, then each file's mutation score.
 *
 *   npm run mutate -- --list              the areas and what they cover
 *   npm run mutate -- diff                one area (a rerun tests only what changed)
 *   npm run mutate -- diff --force        every mutant again
 *   npm run mutate -- diff --concurrency 2
 *   npm run mutate -- --scores            the scores of the last reports, without running
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AREAS } from './areas.ts';
import { printScores, reportFile } from './scores.ts';

const root = join(import.meta.dirname, '../..');
const args = process.argv.slice(2);
const names = args.filter((a, i) => !a.startsWith('-') && !(args[i - 1] ?? '').match(/^--(concurrency|logLevel|mutate)$/));
const flags = args.filter((a) => !names.includes(a) || a.startsWith('-'));

if (args.includes('--list')) {
  for (const [name, area] of Object.entries(AREAS)) console.log(`${name.padEnd(10)} ${area.about}\n${''.padEnd(10)} mutates ${area.mutate.join(' ')}`);
  process.exit(0);
}
const unknown = names.filter((n) => !(n in AREAS));
if (unknown.length > 0) {
  console.error(
    `npm run mutate: no area ${unknown.map((n) => `"${n}"`).join(', ')}; the areas are ${Object.keys(AREAS).join(', ')} (npm run mutate -- --list)`,
  );
  process.exit(2);
}
const chosen = names.length > 0 ? names : Object.keys(AREAS);
if (!args.includes('--scores')) {
  for (const name of chosen) {
    console.log(`\n== npm run mutate -- ${name}: ${AREAS[name]!.about}`);
    const run = spawnSync(process.execPath, [join(root, 'node_modules/@stryker-mutator/core/bin/stryker.js'), 'run', 'stryker.config.mjs', ...flags], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NUFFLE_MUTATE_AREA: name },
    });
    if (run.status !== 0) process.exit(run.status ?? 1);
  }
}
printScores(chosen.filter((name) => existsSync(reportFile(root, name))).map((name) => ({ name, file: reportFile(root, name) })));
