/**
 * `nuffle cards`: printable PDF skill cards, the full set into dist/cards/ or
 * a league's selection into one PDF. Its options are declared in one table
 * (OPTIONS); the print options become the typed `CardsOptions` the pure
 * layout takes (pipeline/emit/cards/options.ts). All I/O of the command is
 * here: the roster file, the dataset (through targets/cards.ts) and the one
 * PDF, written atomically with io.ts's writeFileAtomically.
 */
import { closeSync, existsSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { guardProblem, outputFolderProblem, projectGuard, readSchemaFiles, repoRoot, writeFileAtomically, type OutputGuard } from '../io.ts';
import type { Lang } from '../model/schema-types.ts';
import { createValidator } from '../validate/schemas.ts';
import type { ProblemValidator } from '../model/validator.ts';
import { renderDocuments } from '../emit/cards/emit-cards.ts';
import {
  DUPLEX_VALUES,
  INK_VALUES,
  LAYOUT_VALUES,
  PAPER_VALUES,
  SIZE_VALUES,
  TEXT_SIZE_VALUES,
  cardsOptions,
  type CardsOptions,
} from '../emit/cards/options.ts';
import { planSelection, type SelectionInput } from '../emit/cards/plan-selection.ts';
import { parseSkillList } from '../emit/cards/select.ts';
import { buildCardsTarget, cardFonts, loadBundle, printDiagnostics, printErrors, reportContinued } from '../targets/cards.ts';
import { repeatedOption } from './args.ts';

export const CARDS_HELP = `nuffle cards — printable PDF skill cards (poker size, 63 × 88 mm, or another size; with crop marks)

Usage: nuffle cards [selection] [options]

Without a selection, writes every card to dist/cards/: one PDF per edition,
inducements.pdf (coaching staff and wizards) and index.json. With a selection,
writes one PDF (-o FILE, default ./cards.pdf).

Selection:
  --skills LIST    Names or ids, comma-separated, in any edition or language:
                   "Block, Dodge, Mighty Blow (+2), Châtaigne". A parameter given
                   (Mighty Blow (+2), Loner (4+)) is printed instead of the record's.
  --edition ID     Only this edition (en-2020, en-traits-alt, fr-legacy); alone: all its cards
  --lang en|fr     The cards' language; alone: all its cards. French cards print the
                   English text (marked, under the French name) of a skill the French
                   sources lack. Without --edition or --lang, the names choose: English
                   names print English cards (2020 first), French ones the French list
  --roster FILE    A team list in YAML or JSON: { team, edition?, players: [{ name,
                   position?, ma? st? ag? pa? av? cost? spp?, skills: [names] }],
                   inducements?: [names] }; one card per distinct skill, with the
                   team's name and the players who have it, then one per
                   inducement ("2 Bribes", "Wandering Apothecaries")
  --per-player     With --roster: one card per player, with the player's name, the
                   characteristics, cost and SPP the roster gives, and every
                   skill's text (continued on more cards as needed)
  --team NAME      The team's name on every card's footer and back (wins over the
                   roster's team:)

Printing:
  --size poker|bridge|mini|tarot
                         The cards' size: poker 63 × 88 mm (default), bridge
                         57 × 89, mini 44 × 63, tarot 70 × 120; each as many a
                         page as fit, with the same bleed, marks and backs
  --paper a4|letter      Sheet size (default a4)
  --layout sheet|single  sheet (default): as many cards a page as fit (3 × 3
                         poker cards) with crop marks; single: one card a page
                         with 3 mm bleed (69 × 94 mm for poker), for
                         print-on-demand services
  --bleed                3 mm of bleed round every card, with gutters between the
                         cards and crop marks outside the bleed, for a print shop
                         (A4 landscape 4 × 2, Letter landscape 3 × 2)
  --backs                A back page after each front page
  --duplex long|short    The edge the printer turns the paper on (default long);
                         implies --backs
  --ink normal|low       low: white name bands and plain backs, for office lasers
  --text-size fit|uniform
                         uniform: one text size per page, the largest that fits
                         every card on it (default fit: each card its own; it
                         was --size uniform before the card sizes)

Files:
  -o, --output FILE  The PDF to write (a selection only); its folder must exist, and a
                     file already there is replaced only when it is a PDF
  --data DIR         The dataset to read (default: <root>/dist/data)
  --out DIR          Where the full set goes (default: <root>/dist/cards); replaced whole,
                     so it must be new, empty or a folder of cards nuffle wrote
  --root DIR         Project root (default: this repository)
  -h, --help         This help

Print at 100 % ("actual size"), cut on the crop marks. A text too long for one
card continues on the next, headed (1/2), (2/2), at a sentence where it can.
docs/LEAGUES.md says how to print, and how to write a roster.
Exit codes: 0 written, 1 a data, roster or selection error (nothing written), 2 bad usage.`;

/** Every option of the command: its type, and the values a choice accepts. */
const OPTIONS = {
  skills: { type: 'string' },
  edition: { type: 'string' },
  lang: { type: 'string', values: ['en', 'fr'] },
  roster: { type: 'string' },
  'per-player': { type: 'boolean' },
  team: { type: 'string' },
  paper: { type: 'string', values: PAPER_VALUES },
  layout: { type: 'string', values: LAYOUT_VALUES },
  bleed: { type: 'boolean' },
  backs: { type: 'boolean' },
  duplex: { type: 'string', values: DUPLEX_VALUES },
  ink: { type: 'string', values: INK_VALUES },
  size: { type: 'string', values: [...SIZE_VALUES, ...TEXT_SIZE_VALUES] },
  'text-size': { type: 'string', values: TEXT_SIZE_VALUES },
  output: { type: 'string', short: 'o' },
  data: { type: 'string' },
  out: { type: 'string' },
  root: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies Record<string, { type: 'string' | 'boolean'; short?: string; values?: readonly string[] }>;

type Values = { [K in keyof typeof OPTIONS]?: (typeof OPTIONS)[K]['type'] extends 'boolean' ? boolean : string };

/** The command line read against OPTIONS: the values, `help`, or one usage message. */
function readOptions(args: readonly string[]): { values: Values; note?: string } | { usage: string } {
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], tokens: true, options: OPTIONS, strict: true, allowPositionals: false });
  } catch (cause) {
    return { usage: (cause as Error).message };
  }
  const repeated = repeatedOption(parsed.tokens);
  if (repeated) return { usage: repeated };
  const values = parsed.values as Values;
  for (const [name, spec] of Object.entries(OPTIONS)) {
    const value = values[name as keyof Values];
    if (!('values' in spec) || typeof value !== 'string') continue;
    const folded = value.toLowerCase();
    const accepted = name === 'size' ? SIZE_VALUES : spec.values;
    if (!(spec.values as readonly string[]).includes(folded)) return { usage: `--${name} takes ${accepted.join(' or ')}; got "${value}"` };
    (values as Record<string, string>)[name] = folded;
  }
  return textSizeOfOldSize(values);
}

/**
 * `--size fit|uniform`, as it was written before `--size` chose the card's
 * size: read as `--text-size`, with a note saying so; with `--text-size`
 * too, a usage error.
 */
function textSizeOfOldSize(values: Values): { values: Values; note?: string } | { usage: string } {
  const old = values.size;
  if (old === undefined || !(TEXT_SIZE_VALUES as readonly string[]).includes(old)) return { values };
  if (values['text-size'] !== undefined) return { usage: `--size ${old} is --text-size ${old} now, and --text-size is given: keep one` };
  const { size: _old, ...rest } = values;
  return {
    values: { ...rest, 'text-size': old },
    note: `--size ${old} is now --text-size ${old}; --size chooses the card size (${SIZE_VALUES.join(', ')})`,
  };
}

/** The print options of the command line. */
function printOptions(values: Values): CardsOptions {
  return cardsOptions({
    ...(values.paper && { paper: values.paper as CardsOptions['paper'] }),
    ...(values.layout && { layout: values.layout as CardsOptions['layout'] }),
    ...(values.duplex && { duplex: values.duplex as CardsOptions['duplex'] }),
    ...(values.ink && { ink: values.ink as CardsOptions['ink'] }),
    ...(values.size && { size: values.size as CardsOptions['size'] }),
    ...(values['text-size'] && { textSize: values['text-size'] as CardsOptions['textSize'] }),
    bleed: values.bleed === true,
    backs: values.backs === true || values.duplex !== undefined,
  });
}

/** Combinations that cannot work, as one usage message; null when the options agree. */
function conflict(values: Values): string | null {
  const selecting = values.skills !== undefined || values.roster !== undefined || values.edition !== undefined || values.lang !== undefined;
  if (values['per-player'] && values.roster === undefined) return '--per-player needs --roster FILE';
  if (values.team !== undefined && values.skills === undefined && values.roster === undefined)
    return '--team names the team of a selection: choose cards with --skills or --roster';
  if (values.team !== undefined && values.team.length > 200) return "--team takes at most 200 characters (as a roster's team:)";
  if (values.skills !== undefined && values.roster !== undefined) return 'choose cards with --skills or --roster, not both';
  if (values.skills !== undefined && parseSkillList(values.skills).length === 0) return '--skills is empty';
  if (!selecting && values.output !== undefined)
    return '-o FILE writes one PDF of a selection: choose cards with --skills, --roster, --edition or --lang (without a selection every edition goes to dist/cards)';
  if (selecting && values.out !== undefined) return '--out is the folder of the full set; a selection is written with -o FILE';
  return null;
}

/** `nuffle cards [options]`. */
export async function runCardsCommand(args: readonly string[]): Promise<number> {
  const read = readOptions(args);
  if ('usage' in read) return usage(read.usage);
  const { values } = read;
  if (read.note) console.error(`nuffle cards: ${read.note}`);
  if (values.help) {
    console.log(CARDS_HELP);
    return 0;
  }
  const problem = conflict(values);
  if (problem) return usage(problem);
  const options = printOptions(values);
  const root = resolve(values.root ?? repoRoot);
  const dataDir = resolve(values.data ?? join(root, 'dist/data'));
  if (!existsSync(join(dataDir, 'meta.json'))) {
    console.error(`nuffle cards: ${dataDir} has no dataset; run nuffle build (or --only data) first`);
    return 1;
  }
  const guard = projectGuard(root, [dataDir]);
  const selecting = values.skills !== undefined || values.roster !== undefined || values.edition !== undefined || values.lang !== undefined;
  if (!selecting) {
    const outDir = resolve(values.out ?? join(root, 'dist/cards'));
    // A folder given with --out is replaced whole: only when it is new, empty or nuffle's cards.
    const refused = values.out === undefined ? null : outputFolderProblem(outDir, guard, (file) => file.endsWith('.pdf') || file === 'index.json');
    if (refused) return refuse(`--out ${values.out}: ${refused}`);
    return buildCardsTarget({ root, dataDir, outDir }, options);
  }
  return runSelection(values, options, dataDir, guard);
}

/** The roster's text and its path as errors show it; null after saying why it cannot be read. */
function readRoster(path: string): { text: string; file: string } | null {
  try {
    return { text: readFileSync(path, 'utf8'), file: relative(process.cwd(), resolve(path)) || path };
  } catch (cause) {
    console.error(`nuffle cards: cannot read the roster ${path}: ${(cause as Error).message}`);
    return null;
  }
}

let rosterSchemas: ProblemValidator | undefined;
/** The validator of schema/input/roster.schema.json (this repository's schemas). */
const rosterValidator = (): ProblemValidator => (rosterSchemas ??= createValidator(readSchemaFiles(repoRoot)));

/** One PDF of a selection, at -o FILE (default ./cards.pdf). */
async function runSelection(values: Values, options: CardsOptions, dataDir: string, guard: OutputGuard): Promise<number> {
  const target = resolve(values.output ?? 'cards.pdf');
  const problem = outputFileProblem(target, guard);
  if (problem) return refuse(`${values.output === undefined ? 'the default output ./cards.pdf' : `-o ${values.output}`}: ${problem}`);
  const bundle = loadBundle(dataDir);
  if (!bundle) return 1;
  const roster = values.roster === undefined ? null : readRoster(values.roster);
  if (values.roster !== undefined && !roster) return 1;
  const input: SelectionInput = {
    skills: values.skills ?? null,
    edition: values.edition ?? null,
    lang: (values.lang ?? null) as Lang | null,
    roster,
    perPlayer: values['per-player'] === true,
    team: values.team?.trim() || null,
  };
  const planned = planSelection(bundle, input, rosterValidator());
  if ('usage' in planned) return usage(planned.usage);
  // Warnings (an old id followed through its migration) are printed; errors stop the run.
  const errors = planned.diagnostics.filter((d) => d.fatal);
  if (errors.length) {
    printErrors(planned.diagnostics);
    return 1;
  }
  printDiagnostics(planned.diagnostics);
  const result = await renderDocuments([{ ...planned.plan, file: basename(target) }], bundle, options, await cardFonts());
  if (result.diagnostics.length) {
    printErrors(result.diagnostics);
    return 1;
  }
  const document = result.documents[0]!;
  try {
    writeFileAtomically(dirname(target), basename(target), document.bytes);
  } catch (cause) {
    console.error(`nuffle cards: cannot write ${target}: ${(cause as Error).message}`);
    return 1;
  }
  // One card per player with --per-player; the team's inducements follow either way.
  const players = planned.plan.specs.filter((spec) => spec.key.startsWith('player:')).length;
  const what = input.perPlayer
    ? [`${players} players`, ...(document.records > players ? [`${document.records - players} inducements`] : [])].join(', ')
    : `${document.records} records`;
  console.log(`wrote ${target}: ${document.cards} cards (${what}) on ${document.pages} page${document.pages === 1 ? '' : 's'}`);
  reportContinued([document], () => values.output ?? 'cards.pdf');
  return 0;
}

/**
 * Why the one PDF of a selection may not be written at `target`; null when
 * it may. Its folder must exist (a mistyped folder is not created silently),
 * and a file already there is replaced only when it is a PDF.
 */
function outputFileProblem(target: string, guard: OutputGuard): string | null {
  const problem = guardProblem(target, guard);
  if (problem) return problem;
  const folder = dirname(target);
  if (!existsSync(folder) || !statSync(folder).isDirectory())
    return `the folder ${folder} does not exist; create it first (mkdir -p ${folder}), or check the path`;
  if (!existsSync(target)) return null;
  if (!statSync(target).isFile()) return `${target} is a folder; -o names the PDF file to write`;
  const head = Buffer.alloc(5);
  const fd = openSync(target, 'r');
  try {
    readSync(fd, head, 0, 5, 0);
  } finally {
    closeSync(fd);
  }
  return head.toString('latin1') === '%PDF-'
    ? null
    : `${target} exists and is not a PDF; nuffle replaces only a PDF there: choose another name, or remove it yourself first`;
}

/** An output nuffle will not write: exit 2, nothing written. */
function refuse(message: string): number {
  console.error(`nuffle cards: ${message}; nothing was written`);
  return 2;
}

/** Bad usage: the one problem, and where the options are listed. */
function usage(message: string): number {
  console.error(`nuffle cards: ${message}\nRun "nuffle cards --help" for the options.`);
  return 2;
}
