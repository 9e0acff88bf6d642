// The option tables of the commands (pipeline/commands/args.ts), on literal inputs: parsing, help, usage errors.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CommandSpec, parseCommand, usageError } from '../pipeline/commands/args.ts';

const SPEC = {
  name: 'demo',
  title: 'a command for the tests',
  usage: 'nuffle demo [--out DIR] [--tag T]… [--dry-run]',
  options: [
    { name: 'out', type: 'string', value: 'DIR', short: 'o', help: 'Where to write\nsecond line of help' },
    { name: 'tag', type: 'string', value: 'T', repeatable: true, help: 'A tag; give several' },
    { name: 'dry-run', type: 'boolean', help: 'Write nothing' },
  ],
  notes: 'Exit 2 on bad usage.',
} as const satisfies CommandSpec;

let out: string[];
let err: string[];
beforeEach(() => {
  out = [];
  err = [];
  vi.spyOn(console, 'log').mockImplementation((text: string) => void out.push(text));
  vi.spyOn(console, 'error').mockImplementation((text: string) => void err.push(text));
});
afterEach(() => vi.restoreAllMocks());

describe('parseCommand', () => {
  it('returns the values typed by the table, a repeatable option as a list in order', () => {
    const parsed = parseCommand(SPEC, ['-o', 'x', '--tag', 'a', '--tag', 'b', '--dry-run']);
    expect(parsed).toEqual({ values: { out: 'x', tag: ['a', 'b'], 'dry-run': true }, positionals: [] });
  });

  it('refuses an option given twice that is not repeatable, naming both spellings, with exit 2', () => {
    expect(parseCommand(SPEC, ['--out', 'a', '-o', 'b'])).toEqual({ exit: 2 });
    expect(err).toEqual([
      'nuffle demo: --out and -o given twice; give each option once (lists go in one value, comma-separated)\n  nuffle demo --help lists the options',
    ]);
  });

  it('prints an unknown option as one line and a pointer at --help, not the whole help', () => {
    expect(parseCommand(SPEC, ['--colour'])).toEqual({ exit: 2 });
    expect(err).toHaveLength(1);
    expect(err[0]!.split('\n')).toEqual([expect.stringMatching(/^nuffle demo: Unknown option '--colour'/), '  nuffle demo --help lists the options']);
    expect(out).toEqual([]);
  });

  it('refuses a positional argument unless the command takes them', () => {
    expect(parseCommand(SPEC, ['stray'])).toEqual({ exit: 2 });
    expect(parseCommand({ ...SPEC, positionals: true }, ['a', 'b'])).toEqual({ values: {}, positionals: ['a', 'b'] });
  });

  it('answers --help and -h with the help written from the table, options aligned, exit 0', () => {
    expect(parseCommand(SPEC, ['--help'])).toEqual({ exit: 0 });
    expect(parseCommand(SPEC, ['-h'])).toEqual({ exit: 0 });
    expect(out[0]).toBe(out[1]);
    expect(out[0]).toBe(
      [
        'nuffle demo — a command for the tests',
        '',
        'Usage: nuffle demo [--out DIR] [--tag T]… [--dry-run]',
        '',
        'Options:',
        '  -o, --out DIR  Where to write',
        '                 second line of help',
        '  --tag T        A tag; give several',
        '  --dry-run      Write nothing',
        '  -h, --help     This help',
        '',
        'Exit 2 on bad usage.',
      ].join('\n'),
    );
  });
});

describe('usageError', () => {
  it('points at the command help, or at nuffle --help for the program itself', () => {
    expect(usageError('demo', '--top takes a whole number')).toBe(2);
    expect(usageError('', 'unknown command "x"')).toBe(2);
    expect(err).toEqual([
      'nuffle demo: --top takes a whole number\n  nuffle demo --help lists the options',
      'nuffle: unknown command "x"\n  nuffle --help lists the commands',
    ]);
  });
});
