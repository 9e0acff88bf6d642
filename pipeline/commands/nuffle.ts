/**
 * `nuffle` — the command line's dispatcher. Each command lives in a file of
 * its own under commands/, declares its options as a table (args.ts
 * `CommandSpec`, from which its help is written) and does its own file and
 * process I/O; this file only picks the command and loads its module. Run
 * through `pipeline/cli.ts`, which turns Node's compile cache on before this
 * loads. To add a command: a file here exporting `run<Name>Command(argv)`,
 * a line in COMMANDS, and a line in HELP.
 */
import { usageError } from './args.ts';

type Run = (argv: readonly string[]) => Promise<number>;

/** Each command's module, loaded only when it runs. */
const COMMANDS: Record<string, () => Promise<Run>> = {
  build: async () => (await import('./build.ts')).runBuildCommand,
  check: async () => (await import('./check.ts')).runCheckCommand,
  suggest: async () => (await import('./suggest.ts')).runSuggestCommand,
  cards: async () => (await import('./cards.ts')).runCardsCommand,
  diff: async () => (await import('./diff.ts')).runDiffCommand,
  release: async () => (await import('./release.ts')).runReleaseCommand,
  dev: async () => (await import('./dev.ts')).runDevCommand,
};

const HELP = `nuffle — compile Blood Bowl rule texts into datasets, a docs site and skill cards

Usage: nuffle <command> [options]

Commands:
  build    Parse, link, validate and write dist/ (atomically; a failed build leaves dist/ as it was)
  check    Parse, link and validate; write nothing
  suggest  Rank candidate concepts for unlinked records; --evaluate measures the engine
  cards    Print PDF skill cards from dist/data (all editions, or a league's selection)
  diff     What changed between two dist/data folders: summary, changes.json, CHANGES.md
  release  Cut a dataset release: version bump from the changes, CHANGELOG.md, lock, golden files
  dev      Serve the site locally and rebuild the data on every save: see the page while you edit

Options:
  --root DIR   Project root (default: this repository)
  -h, --help   Help for a command: nuffle build --help

Exit codes: 0 success, 1 the sources have errors, 2 bad usage.`;

export async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '-h' || command === '--help' || command === 'help') {
    console.log(HELP);
    return command ? 0 : 2;
  }
  const load = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!load) return usageError('', `unknown command "${command}"`);
  return (await load())(rest);
}

/**
 * `main` with the last net, as the entry runs it: every failure the commands
 * foresee is a located diagnostic; one they did not is still one line and
 * exit 1, never a raw stack trace (NUFFLE_DEBUG=1 adds the stack).
 */
export async function runNuffle(argv: readonly string[]): Promise<number> {
  try {
    return await main(argv);
  } catch (cause) {
    const stack = process.env.NUFFLE_DEBUG ? `\n${(cause as Error).stack ?? ''}` : '';
    console.error(
      `nuffle: ${(cause as Error).message ?? String(cause)}${stack}\n  note: nuffle did not foresee this failure; run again with NUFFLE_DEBUG=1 for the stack, and report it with the command you ran`,
    );
    return 1;
  }
}
