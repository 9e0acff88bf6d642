/**
 * The card page's "same command" in every shell a reader may paste it into
 * (issue 32, item 3): each value is one shell word (site/src/lib/shell-word.ts),
 * and the command line the page shows (deck-state.ts cliLine) is run here, as
 * written, in dash, bash, zsh and fish — by `-c` and, for bash and zsh, as
 * typed into an interactive shell (history expansion on) — with a stub
 * `npm` first on PATH that records its arguments (the command is `npm run nuffle -- cards …`). Each hostile value
 * arrives as exactly one argument, `nuffle` runs once, and nothing else runs
 * (no PWNED file appears). A value no one word carries alike in every shell
 * gets no command at all. PowerShell is not installed here: its rules
 * (single quotes end at ' and ‘ ’ ‚ ‛, double quotes expand $ and `) are
 * checked on the words' text.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_PREFIX, cliLine, DEFAULT_STATE, type DeckState } from '../../site/src/lib/card-maker/deck-state.ts';
import { shellWord } from '../../site/src/lib/shell-word.ts';

const deck = (fields: Partial<DeckState>): DeckState => ({ ...DEFAULT_STATE, ...fields });

/** Values an attacker (or an unlucky team name) could put in a field; each must stay one argument. */
const HOSTILE = [
  'y; touch PWNED #',
  "O'Hara's",
  "'; touch PWNED; echo '",
  '$(touch PWNED)',
  '`touch PWNED`',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell's parameter expansion, written as the attacker would
  '${HOME}',
  '$HOME',
  'a & touch PWNED',
  'a | touch PWNED',
  'a > PWNED',
  'a && touch PWNED',
  '(touch PWNED)',
  '{touch,PWNED}',
  '*',
  '[ab]*',
  '~root',
  '=ls',
  '%self',
  '#no comment',
  '!!',
  'Block!',
  'a  b  c',
  'Block, Dodge',
  '@(1,2)',
  'Mighty Blow (+2)',
  'Châtaigne',
  'Les Gars d’Altdorf',
  '‘x’; touch PWNED',
  '“x”; touch PWNED',
  '-x',
  '--help',
  '-a.b',
];
/** Values no one word carries alike in every shell shown: no command is shown for them. */
const UNSAYABLE = [
  'Block\\',
  "\\'; touch PWNED #",
  "it's !!",
  'a\tb',
  '',
  'a\nb; touch PWNED',
  'a\rtouch PWNED',
  'a\u0000b',
  'a\u2028b',
  'a"b',
  "'$(touch PWNED)'",
  "it's `x`",
  "O'Hara\\",
  'x’$(touch PWNED)',
];

describe('a shell word', () => {
  it.each([
    ['Block', 'Block'],
    ['roster.yaml', 'roster.yaml'],
    ['en-2020', 'en-2020'],
    ['--roster', '--roster'],
    ['2020', "'2020'"],
    ['Block, Dodge', "'Block, Dodge'"],
    ['Block\\', null],
    ["O'Hara's", `"O'Hara's"`],
    ['Les Gars d’Altdorf', '"Les Gars d’Altdorf"'],
    ['$(x)', "'$(x)'"],
    ["it's $(x)", null],
    ['a\nb', null],
    ['', null],
  ])('%j is %j', (value, word) => expect(shellWord(value)).toBe(word));

  it('is never a form PowerShell reads otherwise: no quote of the form inside it, nothing PowerShell expands in double quotes', () => {
    for (const value of [...HOSTILE, ...UNSAYABLE]) {
      const word = shellWord(value);
      if (word === null) continue;
      if (word.startsWith("'")) expect(word.slice(1, -1), value).not.toMatch(/['\u2018-\u201b]/);
      else if (word.startsWith('"')) expect(word.slice(1, -1), value).not.toMatch(/["$`\u201c-\u201e]/);
      else expect(word, value).toMatch(/^[A-Za-z0-9_.-]+$/);
    }
  });
});

/** A shell, how it is started, and whether the command line goes in as typed (stdin) or as `-c`. */
const SHELLS: { name: string; args: string[]; typed: boolean }[] = [
  { name: 'dash', args: ['-c'], typed: false },
  { name: 'bash', args: ['--norc', '--noprofile', '-c'], typed: false },
  { name: 'bash', args: ['--norc', '--noprofile', '-i'], typed: true },
  { name: 'zsh', args: ['-f', '-c'], typed: false },
  { name: 'zsh', args: ['-f', '-i'], typed: true },
  { name: 'fish', args: ['--no-config', '-c'], typed: false },
];

const root = mkdtempSync(join(tmpdir(), 'nuffle-shell-'));
/** What the stub writes before each run's arguments: no value the tests pass. */
const RUN_MARK = '<<a run of the stub>>';
const bin = join(root, 'bin');
mkdirSync(bin);
// The stub: one NUL-separated record per run, RUN_MARK then each argument.
// The stub stands for npm: the page's command is `npm run nuffle -- cards …` (CLI_PREFIX); what it records is what nuffle gets.
writeFileSync(join(bin, 'npm'), '#!/bin/sh\n{ printf \'%s\\0\' "$RUN_MARK"; for a in "$@"; do printf \'%s\\0\' "$a"; done; } >> "$NUFFLE_ARGV"\n');
chmodSync(join(bin, 'npm'), 0o755);

/** The command line run in each shell from an empty folder: what the stub recorded, per shell, and what else appeared in the folder. */
function runEverywhere(command: string): { shell: string; runs: string[][]; left: string[]; stderr: string }[] {
  return SHELLS.map(({ name, args, typed }) => {
    const cwd = mkdtempSync(join(root, 'run-'));
    // A home of its own: an interactive shell writes its history there, not in the folder watched.
    const home = mkdtempSync(join(root, 'home-'));
    const argv = join(root, `${name}-${typed ? 'typed' : 'c'}-${readdirSync(root).length}.argv`);
    writeFileSync(argv, '');
    const env = { PATH: `${bin}:/usr/bin:/bin`, HOME: home, NUFFLE_ARGV: argv, RUN_MARK, TERM: 'dumb', LANG: 'C.UTF-8' };
    const result = spawnSync(name, typed ? args : [...args, command], {
      cwd,
      env,
      input: typed ? `${command}\nexit\n` : '',
      encoding: 'utf8',
      timeout: 20_000,
    });
    const records = readFileSync(argv, 'utf8').split('\0').slice(0, -1);
    const runs: string[][] = [];
    for (const field of records)
      if (field === RUN_MARK) runs.push([]);
      else runs.at(-1)?.push(field);
    const left = readdirSync(cwd);
    rmSync(cwd, { recursive: true, force: true });
    return { shell: `${name} ${args.join(' ')}`, runs, left, stderr: result.stderr };
  });
}

/** Every shell ran `nuffle` once with exactly `expected`, and nothing else happened in the folder. */
function expectRuns(command: string, expected: string[]): void {
  for (const { shell, runs, left, stderr } of runEverywhere(command)) {
    expect(runs, `${shell}: ${command}\n${stderr}`).toEqual([[...CLI_PREFIX.slice(1), ...expected]]);
    expect(left, `${shell}: ${command}`).toEqual([]);
  }
}

describe('the command the card page shows, run in dash, bash, zsh and fish', () => {
  it('shows no command for a value no one word carries in every shell', () => {
    for (const value of UNSAYABLE) {
      expect(shellWord(value), JSON.stringify(value)).toBeNull();
      expect(cliLine(deck({ source: 'skills', skills: value || ' ' })), JSON.stringify(value)).toEqual({ none: value.trim() ? 'skills' : 'empty' });
      if (value.trim()) expect(cliLine(deck({ team: value })), JSON.stringify(value)).toEqual({ none: 'team' });
    }
  });

  it('runs nothing for the issue’s deck (skills "Block\\", team "y; touch PWNED #"), which once ran touch in fish', () => {
    const line = cliLine(deck({ source: 'skills', skills: 'Block\\', team: 'y; touch PWNED #' }));
    if ('command' in line) expectRuns(line.command, ['cards', '--skills', 'Block\\', '--team', 'y; touch PWNED #']);
    else expect(line).toEqual({ none: 'skills' });
  });

  it.each(HOSTILE)('passes the team name %j as one argument, and runs nothing else', (team) => {
    const line = cliLine(deck({ team }));
    if (!('command' in line)) throw new Error(`no command for ${JSON.stringify(team)}`);
    const teamArgs = team.trim().startsWith('-') ? [`--team=${team.trim()}`] : ['--team', team.trim()];
    expectRuns(line.command, ['cards', '--roster', 'roster.yaml', ...teamArgs]);
  });

  it.each(HOSTILE)('passes the skills %j as one argument, and runs nothing else', (skills) => {
    const line = cliLine(deck({ source: 'skills', skills, paper: 'letter', backs: true }));
    if (!('command' in line)) throw new Error(`no command for ${JSON.stringify(skills)}`);
    const skillArgs = skills.startsWith('-') ? [`--skills=${skills}`] : ['--skills', skills];
    expectRuns(line.command, ['cards', ...skillArgs, '--paper', 'letter', '--backs']);
  });

  it('names the roster file to save only when the command can carry it bare; else roster.yaml', () => {
    expect(cliLine(deck({ rosterFile: 'reavers.yaml' }))).toEqual({ command: 'npm run nuffle -- cards --roster reavers.yaml', saveAs: 'reavers.yaml' });
    for (const rosterFile of ['y; touch PWNED #.yaml', "O'Hara.yaml", 'my team.yaml', '-x.yaml', '$(x).yaml']) {
      const line = cliLine(deck({ rosterFile, team: 'Reavers' }));
      expect(line, rosterFile).toEqual({ command: 'npm run nuffle -- cards --roster roster.yaml --team Reavers', saveAs: 'roster.yaml' });
    }
    expectRuns('npm run nuffle -- cards --roster reavers.yaml', ['cards', '--roster', 'reavers.yaml']);
  });

  it('runs every option the page sets as the CLI reads it', () => {
    const state = deck({
      perPlayer: true,
      edition: 'en-2020',
      lang: 'fr',
      team: "Nuffle's Own",
      layout: 'single',
      bleed: true,
      backs: true,
      duplex: 'short',
      ink: 'low',
      size: 'tarot',
      textSize: 'uniform',
    });
    const line = cliLine(state);
    if (!('command' in line)) throw new Error('no command');
    expectRuns(line.command, [
      'cards',
      '--roster',
      'roster.yaml',
      '--per-player',
      '--edition',
      'en-2020',
      '--lang',
      'fr',
      '--team',
      "Nuffle's Own",
      '--layout',
      'single',
      '--bleed',
      '--backs',
      '--duplex',
      'short',
      '--ink',
      'low',
      '--size',
      'tarot',
      '--text-size',
      'uniform',
    ]);
  });
});
