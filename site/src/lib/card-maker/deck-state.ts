/**
 * The card page's state: the roster (as text) or the skills, and the print
 * options: what the form shows, what the link shares, and the selection and
 * options the CLI's `nuffle cards` takes for the same deck. Pure; the page
 * (page.ts), its worker and the tests read it.
 */
import {
  DEFAULT_CARDS_OPTIONS,
  DUPLEX_VALUES,
  INK_VALUES,
  LAYOUT_VALUES,
  PAPER_VALUES,
  SIZE_VALUES,
  TEXT_SIZE_VALUES,
  cardsOptions,
  type CardsOptions,
} from '../../../../pipeline/emit/cards/options.ts';
import type { SelectionInput } from '../../../../pipeline/emit/cards/plan-selection.ts';
import type { Lang } from '../../../../pipeline/model/schema-types.ts';
import { shellWord } from '../shell-word.ts';

export const SOURCES = ['roster', 'skills'] as const;
type Source = (typeof SOURCES)[number];

export interface DeckState extends CardsOptions {
  source: Source;
  /** The roster as pasted or uploaded, unparsed: a shared link shows the same errors at the same lines. */
  roster: string;
  /** The roster's name in messages (`roster.yaml`, or the uploaded file's name). */
  rosterFile: string;
  /** Names or ids, comma-separated, as `--skills` takes them. */
  skills: string;
  perPlayer: boolean;
  edition: string | null;
  lang: Lang | null;
  team: string;
}

export const DEFAULT_ROSTER_FILE = 'roster.yaml';
/** The longest roster a page or a link takes (a 16-player roster is about 1.5 kB). */
export const MAX_ROSTER = 64 * 1024;
/** As the roster schema's `team`. */
const MAX_TEAM = 200;

export const DEFAULT_STATE: Readonly<DeckState> = {
  source: 'roster',
  roster: '',
  rosterFile: DEFAULT_ROSTER_FILE,
  skills: '',
  perPlayer: false,
  edition: null,
  lang: null,
  team: '',
  ...DEFAULT_CARDS_OPTIONS,
};

/** The selection of `nuffle cards` for the state. */
export function selectionInput(state: DeckState): SelectionInput {
  const roster = state.source === 'roster';
  return {
    skills: roster ? null : state.skills,
    edition: state.edition,
    lang: state.lang,
    roster: roster ? { text: state.roster, file: state.rosterFile } : null,
    perPlayer: roster && state.perPlayer,
    team: state.team.trim() || null,
  };
}

/** The print options of `nuffle cards` for the state. */
export function printOptions(state: DeckState): CardsOptions {
  return cardsOptions({
    paper: state.paper,
    layout: state.layout,
    bleed: state.bleed,
    backs: state.backs,
    duplex: state.duplex,
    ink: state.ink,
    size: state.size,
    textSize: state.textSize,
  });
}

/** One argument of the command line, and the field of the state it carries a value of (null for an option's name or a fixed value). */
interface CliPart {
  arg: string;
  field: 'rosterFile' | 'skills' | 'team' | null;
}

/** `--name value`, or `--name=value` for a value that starts with "-" (which the CLI would read as an option). */
function option(name: string, value: string, field: CliPart['field']): CliPart[] {
  return value.startsWith('-')
    ? [{ arg: `${name}=${value}`, field }]
    : [
        { arg: name, field: null },
        { arg: value, field },
      ];
}

function cliParts(state: DeckState): CliPart[] {
  const fixed = (...args: string[]): CliPart[] => args.map((arg) => ({ arg, field: null }));
  const parts = fixed('cards');
  if (state.source === 'roster') parts.push(...option('--roster', state.rosterFile, 'rosterFile'));
  else parts.push(...option('--skills', state.skills, 'skills'));
  if (state.source === 'roster' && state.perPlayer) parts.push(...fixed('--per-player'));
  if (state.edition) parts.push(...option('--edition', state.edition, null));
  if (state.lang) parts.push(...fixed('--lang', state.lang));
  if (state.team.trim()) parts.push(...option('--team', state.team.trim(), 'team'));
  const d = DEFAULT_CARDS_OPTIONS;
  if (state.paper !== d.paper) parts.push(...fixed('--paper', state.paper));
  if (state.layout !== d.layout) parts.push(...fixed('--layout', state.layout));
  if (state.bleed) parts.push(...fixed('--bleed'));
  if (state.backs) parts.push(...fixed('--backs'));
  if (state.backs && state.duplex !== d.duplex) parts.push(...fixed('--duplex', state.duplex));
  if (state.ink !== d.ink) parts.push(...fixed('--ink', state.ink));
  if (state.size !== d.size) parts.push(...fixed('--size', state.size));
  if (state.textSize !== d.textSize) parts.push(...fixed('--text-size', state.textSize));
  return parts;
}

/** The command line that makes the same PDF (the roster saved under its name in the working folder). */
export const cliArgs = (state: DeckState): string[] => cliParts(state).map((p) => p.arg);

/**
 * What the page shows for the command line: `npm run nuffle -- cards …` with every
 * argument a shell word (shell-word.ts) and, for a roster, the file to save it
 * as first; or why no command is shown: nothing chosen yet, or a skills list
 * or team name no one command line passes alike in every shell.
 */
/** The words before `cards`: the project's npm script, as README and docs/LEAGUES.md show it. */
export const CLI_PREFIX = ['npm', 'run', 'nuffle', '--'] as const;

export type CliLine = { command: string; saveAs: string | null } | { none: 'empty' | 'skills' | 'team' };

export function cliLine(state: DeckState): CliLine {
  if (state.source === 'skills' && !state.skills.trim()) return { none: 'empty' };
  // A roster is saved under a name the command can carry bare; a name it cannot is not carried at all.
  const saveAs = state.source === 'roster' ? (shellWord(state.rosterFile) === state.rosterFile ? state.rosterFile : DEFAULT_ROSTER_FILE) : null;
  // The command of a checkout (docs/LEAGUES.md): npm passes what follows `--` to nuffle word for word.
  const words: string[] = [...CLI_PREFIX];
  for (const { arg, field } of cliParts(saveAs === null ? state : { ...state, rosterFile: saveAs })) {
    const word = shellWord(arg);
    if (word === null) return { none: field === 'skills' ? 'skills' : 'team' };
    words.push(word);
  }
  return { command: words.join(' '), saveAs };
}

/** Each field's check: a value of the right type and range, or undefined. */
const CHOICES: { [K in keyof DeckState]: (value: unknown) => DeckState[K] | undefined } = {
  source: oneOf(SOURCES),
  roster: text(MAX_ROSTER),
  rosterFile: (v) => (typeof v === 'string' && /^[^/\\\u0000-\u001f]{1,100}$/.test(v) ? v : undefined),
  skills: text(4096),
  perPlayer: flag,
  edition: (v) => (v === null || (typeof v === 'string' && /^[a-z0-9-]{1,40}$/.test(v)) ? v : undefined),
  lang: (v) => (v === null || v === 'en' || v === 'fr' ? v : undefined),
  team: text(MAX_TEAM),
  paper: oneOf(PAPER_VALUES),
  layout: oneOf(LAYOUT_VALUES),
  bleed: flag,
  backs: flag,
  duplex: oneOf(DUPLEX_VALUES),
  ink: oneOf(INK_VALUES),
  size: oneOf(SIZE_VALUES),
  textSize: oneOf(TEXT_SIZE_VALUES),
};

function oneOf<T extends string>(values: readonly T[]): (value: unknown) => T | undefined {
  return (value) => (values.includes(value as T) ? (value as T) : undefined);
}
function text(max: number): (value: unknown) => string | undefined {
  return (value) => (typeof value === 'string' && value.length <= max ? value : undefined);
}
function flag(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

/** Why a link's deck cannot be read: data, worded by the page in its language (strings.ts). */
export type LinkProblem =
  | { kind: 'too-long'; length: number; max: number }
  | { kind: 'version'; found: string; expected: string }
  | { kind: 'damaged' }
  | { kind: 'not-deck' }
  | { kind: 'unknown-field'; key: string }
  | { kind: 'bad-value'; key: string };

/** A decoded link's fields as a state, or the first field that is not one (unknown keys included). */
export function stateFromFields(fields: unknown): { state: DeckState } | { problem: LinkProblem } {
  if (!fields || typeof fields !== 'object' || Array.isArray(fields)) return { problem: { kind: 'not-deck' } };
  const state: Record<string, unknown> = { ...DEFAULT_STATE };
  for (const [field, value] of Object.entries(fields)) {
    // A link made before the card sizes carries the text size as `size` (fit or uniform).
    const key = field === 'size' && (TEXT_SIZE_VALUES as readonly unknown[]).includes(value) ? 'textSize' : field;
    // Own keys only: `__proto__`, `constructor` or `toString` are unknown fields, not the object's own machinery.
    if (!Object.hasOwn(CHOICES, key)) return { problem: { kind: 'unknown-field', key: key.slice(0, 40) } };
    const check = CHOICES[key as keyof DeckState];
    const checked = check(value);
    if (checked === undefined) return { problem: { kind: 'bad-value', key } };
    state[key] = checked;
  }
  return { state: state as unknown as DeckState };
}

/** The fields that differ from the defaults: what a link carries. */
export function changedFields(state: DeckState): Partial<DeckState> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(CHOICES) as (keyof DeckState)[]) if (state[key] !== DEFAULT_STATE[key]) out[key] = state[key];
  return out as Partial<DeckState>;
}
