/**
 * What every command's argument parsing shares. A command declares its
 * options as a table (`CommandSpec`): each option's name, type, value
 * placeholder, whether it may repeat, and its help. `parseCommand` parses the
 * arguments with node:util parseArgs from that table, answers `--help` with
 * the help the table writes (`commandHelp`), and turns every usage error into
 * two lines on stderr, the error and a pointer at `--help`, with exit 2
 * (`usageError`). To give a command options: declare a `CommandSpec`, call
 * `parseCommand(SPEC, argv)` first in its `run…Command`, and return the exit
 * code when it gives one; the values come back typed by the table.
 *
 * node:util parseArgs keeps the last of an option given twice, so
 * `--roster a.yaml --roster b.yaml` would silently drop a.yaml. An option
 * not declared `repeatable` given twice is a usage error instead.
 */
import { parseArgs } from 'node:util';

/** One option of a command, as the command line and its help show it. */
interface OptionSpec {
  /** The long name, without dashes: `only` is `--only`. */
  readonly name: string;
  readonly type: 'string' | 'boolean';
  /** The placeholder of a string option's value in the help: `DIR`, `N`, `LIST`. */
  readonly value?: string;
  /** A one-letter alias: `o` is `-o`. */
  readonly short?: string;
  /** May be given more than once; its values arrive as a list, in order. Any other option given twice is a usage error. */
  readonly repeatable?: boolean;
  /** What it does, as printed in the help (later lines are indented under the first). */
  readonly help: string;
}

/** A command's declaration: its help is written from it, its arguments parsed by it. */
export interface CommandSpec {
  /** `build`: printed as `nuffle build`. */
  readonly name: string;
  /** The help's title, after the command's name. */
  readonly title: string;
  /** The usage line, after `Usage: `. */
  readonly usage: string;
  /** A paragraph between the usage line and the options. */
  readonly about?: string;
  readonly options: readonly OptionSpec[];
  /** Takes positional arguments (the command checks how many). */
  readonly positionals?: boolean;
  /** Paragraphs after the options. */
  readonly notes?: string;
}

type ValueOf<O extends OptionSpec> = O['type'] extends 'boolean' ? boolean : O['repeatable'] extends true ? string[] : string;

/** The parsed values of a table of options, keyed by name; an option not given is undefined. */
type OptionValues<Options extends readonly OptionSpec[]> = { [O in Options[number] as O['name']]?: ValueOf<O> };

export interface ParsedCommand<Spec extends CommandSpec> {
  values: OptionValues<Spec['options']>;
  positionals: string[];
}

/** Every command answers `-h` and `--help`. */
const HELP_OPTION: OptionSpec = { name: 'help', type: 'boolean', short: 'h', help: 'This help' };

/**
 * The arguments of one command, parsed by its table, or the exit code when
 * the command should stop: 0 after printing its help, 2 after a usage error.
 */
export function parseCommand<Spec extends CommandSpec>(spec: Spec, argv: readonly string[]): ParsedCommand<Spec> | { exit: number } {
  const options = Object.fromEntries(
    [...spec.options, HELP_OPTION].map((o) => [o.name, { type: o.type, ...(o.short ? { short: o.short } : {}), ...(o.repeatable ? { multiple: true } : {}) }]),
  );
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options, strict: true, allowPositionals: spec.positionals === true, tokens: true });
  } catch (cause) {
    return { exit: usageError(spec.name, (cause as Error).message) };
  }
  const repeatable = new Set(spec.options.filter((o) => o.repeatable).map((o) => o.name));
  const repeated = repeatedOption(parsed.tokens.filter((t) => !(t.kind === 'option' && repeatable.has(t.name))));
  if (repeated) return { exit: usageError(spec.name, repeated) };
  if (parsed.values.help === true) {
    console.log(commandHelp(spec));
    return { exit: 0 };
  }
  return { values: parsed.values as OptionValues<Spec['options']>, positionals: parsed.positionals };
}

/**
 * A usage error, as every command prints it: the error, then one line saying
 * where the options are listed. Returns 2, the exit code of bad usage.
 * `command` is the command's name, or '' for nuffle itself.
 */
export function usageError(command: string, message: string): number {
  const program = command ? `nuffle ${command}` : 'nuffle';
  console.error(`${program}: ${message}\n  ${program} --help lists the ${command ? 'options' : 'commands'}`);
  return 2;
}

/** The help of a command, written from its table: title, usage, about, the options aligned, notes. */
function commandHelp(spec: CommandSpec): string {
  const options = [...spec.options, HELP_OPTION];
  const flag = (o: OptionSpec) => `${o.short ? `-${o.short}, ` : ''}--${o.name}${o.value ? ` ${o.value}` : ''}`;
  const width = Math.max(...options.map((o) => flag(o).length)) + 2;
  const rows = options.map((o) => `  ${flag(o).padEnd(width)}${o.help.split('\n').join(`\n  ${' '.repeat(width)}`)}`);
  const parts = [`nuffle ${spec.name} — ${spec.title}`, `Usage: ${spec.usage}`, spec.about, `Options:\n${rows.join('\n')}`, spec.notes];
  return parts.filter((part) => part !== undefined).join('\n\n');
}

/** The tokens parseArgs returns with `tokens: true` (only what is read here). */
interface Token {
  kind: string;
  name?: string;
  rawName?: string;
}

/** The first option given more than once, as a usage message; null when none is. */
export function repeatedOption(tokens: readonly Token[] | undefined): string | null {
  const seen = new Map<string, string>();
  for (const token of tokens ?? []) {
    if (token.kind !== 'option' || token.name === undefined) continue;
    const earlier = seen.get(token.name);
    if (earlier !== undefined) {
      const same = earlier === token.rawName ? `${earlier}` : `${earlier} and ${token.rawName}`;
      return `${same} given twice; give each option once (lists go in one value, comma-separated)`;
    }
    seen.set(token.name, token.rawName ?? `--${token.name}`);
  }
  return null;
}
