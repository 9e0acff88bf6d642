/** `nuffle check`: parse, link and validate the sources; print every error and warning; write nothing. */
import { resolve } from 'node:path';
import { cacheDir, cacheEnabled, codeFingerprint } from '../cache/build-cache.ts';
import { repoRoot } from '../io.ts';
import { type CommandSpec, parseCommand } from './args.ts';
import { compileProject, readProjectOrReport, report } from './project.ts';

export const CHECK = {
  name: 'check',
  title: 'parse, link and validate the sources; write nothing',
  usage: 'nuffle check [--root DIR] [--strict] [--no-cache]',
  about: 'Prints every error and warning, then a summary. Exit code 1 if any error.',
  options: [
    { name: 'root', type: 'string', value: 'DIR', help: 'Project root (default: this repository)' },
    { name: 'strict', type: 'boolean', help: 'Crosswalk rows drafted by nuffle suggest --write and not reviewed are errors' },
    {
      name: 'no-cache',
      type: 'boolean',
      help: 'Parse every file, even those the last build or check read unchanged\n(node_modules/.cache/nuffle/build/stages.json)',
    },
  ],
} as const satisfies CommandSpec;

export async function runCheckCommand(argv: readonly string[]): Promise<number> {
  const parsed = parseCommand(CHECK, argv);
  if ('exit' in parsed) return parsed.exit;
  const { values } = parsed;
  const input = readProjectOrReport(resolve(values.root ?? repoRoot), { strict: values.strict === true });
  if (!input) return 1;
  // The stage memo makes a check after an edit re-read only the edited files.
  const cache = values['no-cache'] !== true && cacheEnabled();
  const { result } = await compileProject(input, cache ? { dir: cacheDir(repoRoot), code: codeFingerprint(repoRoot) } : null);
  report(result, 'check');
  if (result.summary === null) {
    console.error('nuffle check: failed; nothing was written');
    return 1;
  }
  return 0;
}
