/**
 * The cards target, the I/O edge of the card stage: reads the published
 * dataset, a roster file and the fonts; runs the pure stages of
 * pipeline/emit/cards/; writes dist/cards/ atomically (or one PDF with -o,
 * through a temporary file and a rename). `nuffle build` calls
 * `buildCardsTarget`; `nuffle cards …` calls `runCardsCommand`.
 */
import { closeSync, existsSync, openSync, readFileSync, readSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { dataDirReader, guardProblem, OUTPUT_MARKER, OUTPUT_MARKER_TEXT, outputFolderProblem, projectGuard, readSchemaFiles, repoRoot, writeTreeAtomically, type OutputGuard } from '../io.ts';
import type { DataBundle } from '../model/dataset.ts';
import { error, formatDiagnostic, sortDiagnostics, type Diagnostic } from '../model/diagnostic.ts';
import { createValidator, type Validator } from '../validate/schemas.ts';
import type { Lang } from '../model/schema-types.ts';
import { playerCardSpec, skillCardSpec, specContextOf } from '../emit/cards/card-specs.ts';
import { indexJson, planAllDocuments, renderDocuments, type CardDocumentPlan, type CardsOptions, type RenderedDocument } from '../emit/cards/emit-cards.ts';
import { FACES, FONT_FILES, loadFonts, type FontBytes, type Fonts } from '../emit/cards/fonts.ts';
import { PAPERS, sheetFor, type Paper } from '../emit/cards/geometry.ts';
import { createResolver, parseRoster, parseSkillList, resolveAll, type Filter, type Selected } from '../emit/cards/select.ts';
import type { TargetContext } from './context.ts';
import { readBundle } from '../validate/data-bundle.ts';
import { repeatedOption } from '../commands/args.ts';

export const CARDS_HELP = `nuffle cards — printable PDF skill cards (poker size, 3 × 3 per sheet, with crop marks)

Usage: nuffle cards [selection] [options]

Without a selection, writes every card to dist/cards/: one PDF per edition,
inducements.pdf (coaching staff and wizards) and index.json. With a selection,
writes one PDF (-o FILE, default ./cards.pdf).

Selection:
  --skills LIST    Names or ids, comma-separated, in any edition or language:
                   "Block, Dodge, Mighty Blow (+2), Châtaigne". A parameter given
                   (Mighty Blow (+2), Loner (4+)) is printed instead of the record's.
  --edition ID     Only this edition (en-2020, en-traits-alt, fr-legacy); alone: all its cards
  --lang en|fr     Only this language; alone: all its cards
  --roster FILE    A team list in YAML or JSON: { team, edition?, players: [{ name,
                   position?, skills: [names] }] }; one card per distinct skill
  --per-player     With --roster: one card per player, with the player's name and
                   every skill's text (continued on more cards as needed)

Options:
  --paper a4|letter  Sheet size (default a4); the 3 × 3 grid is centred
  --bleed            Draw 3 mm of bleed around the grid and set TrimBox/BleedBox (A4)
  --backs            A back page after each front page, mirrored for long-edge duplex
  -o, --output FILE  The PDF to write (a selection only); its folder must exist, and a
                     file already there is replaced only when it is a PDF
  --data DIR         The dataset to read (default: <root>/dist/data)
  --out DIR          Where the full set goes (default: <root>/dist/cards); replaced whole,
                     so it must be new, empty or a folder of cards nuffle wrote
  --root DIR         Project root (default: this repository)
  -h, --help         This help

Print at 100 % ("actual size"), cut on the crop marks. Texts too long for one card
at 6 pt continue on a card marked "(cont.)" / "(suite)"; the run lists them.
Exit codes: 0 written, 1 a data or selection error (nothing written), 2 bad usage.`;

/** The faces' bytes, from the dejavu-fonts-ttf package as installed with the codex. */
export function readFontBytes(): FontBytes {
  let dir: string;
  try {
    dir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  } catch {
    dir = join(repoRoot, 'node_modules/dejavu-fonts-ttf/ttf');
  }
  return Object.fromEntries(FACES.map((face) => [face, new Uint8Array(readFileSync(join(dir, FONT_FILES[face])))])) as FontBytes;
}

let fontsCache: Fonts | undefined;
const fonts = (): Fonts => (fontsCache ??= loadFonts(readFontBytes()));

function printDiagnostics(diagnostics: readonly Diagnostic[]): void {
  for (const d of sortDiagnostics(diagnostics)) console.error(formatDiagnostic(d));
}

function reportContinued(documents: readonly RenderedDocument[]): void {
  const continued = documents.flatMap((d) => d.continued.map((key) => `${key} (${d.file})`));
  if (continued.length) console.log(`${continued.length} card${continued.length === 1 ? '' : 's'} continued on a second card at 6 pt: ${continued.join(', ')}`);
}

/** The dataset in `dataDir`, checked against its published schemas; null after printing every problem, located. */
function loadBundle(dataDir: string): DataBundle | null {
  let result;
  try {
    result = readBundle(dataDirReader(dataDir));
  } catch (cause) {
    console.error(`nuffle cards: cannot read the dataset in ${dataDir}: ${(cause as Error).message}`);
    return null;
  }
  if (result.bundle) return result.bundle;
  printDiagnostics(result.diagnostics.slice(0, 20));
  console.error(`nuffle cards: the dataset in ${dataDir} has ${result.diagnostics.length} problem${result.diagnostics.length === 1 ? '' : 's'}; build it again (nuffle build --only data); nothing was written`);
  return null;
}

/** The full set into `outDir`, from `dataDir`: what `nuffle build` runs. */
export async function buildCardsTarget(context: TargetContext, options: CardsOptions = { paper: 'a4', bleed: false, backs: false }): Promise<number> {
  const bundle = loadBundle(context.dataDir);
  if (!bundle) return 1;
  const result = await renderDocuments(planAllDocuments(bundle), bundle, options, fonts());
  if (result.diagnostics.length) {
    printDiagnostics(result.diagnostics);
    console.error(`nuffle cards: ${result.diagnostics.length} error${result.diagnostics.length === 1 ? '' : 's'}; nothing was written`);
    return 1;
  }
  const files = new Map<string, Uint8Array | string>(result.documents.map((d) => [d.file, d.bytes]));
  files.set('index.json', indexJson(result.documents, bundle, options));
  files.set(OUTPUT_MARKER, OUTPUT_MARKER_TEXT);
  try {
    writeTreeAtomically(context.outDir, files);
  } catch (cause) {
    console.error(`nuffle cards: cannot write ${context.outDir}: ${(cause as Error).message}`);
    return 1;
  }
  for (const d of result.documents) console.log(`${d.file}: ${d.cards} cards (${d.records} records) on ${d.pages} pages`);
  reportContinued(result.documents);
  return 0;
}

/** `nuffle cards [options]`. */
export async function runCardsCommand(args: readonly string[]): Promise<number> {
  let values: Record<string, string | boolean | undefined>;
  try {
    let tokens;
    ({ values, tokens } = parseArgs({
      args: [...args],
      tokens: true,
      options: {
        skills: { type: 'string' },
        edition: { type: 'string' },
        lang: { type: 'string' },
        roster: { type: 'string' },
        'per-player': { type: 'boolean' },
        paper: { type: 'string' },
        bleed: { type: 'boolean' },
        backs: { type: 'boolean' },
        output: { type: 'string', short: 'o' },
        data: { type: 'string' },
        out: { type: 'string' },
        root: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
    const repeated = repeatedOption(tokens);
    if (repeated) return usage(repeated);
  } catch (cause) {
    return usage((cause as Error).message);
  }
  if (values.help) {
    console.log(CARDS_HELP);
    return 0;
  }
  const str = (key: string): string | null => (typeof values[key] === 'string' ? (values[key] as string) : null);
  const paper = (str('paper') ?? 'a4').toLowerCase();
  if (!(paper in PAPERS)) return usage(`--paper takes a4 or letter; got "${paper}"`);
  const lang = str('lang');
  if (lang !== null && lang !== 'en' && lang !== 'fr') return usage(`--lang takes en or fr; got "${lang}"`);
  const options: CardsOptions = { paper: paper as Paper, bleed: values.bleed === true, backs: values.backs === true };
  try {
    sheetFor(options.paper, options.bleed);
  } catch (cause) {
    return usage((cause as Error).message);
  }
  const perPlayer = values['per-player'] === true;
  const skills = str('skills');
  const rosterPath = str('roster');
  if (perPlayer && rosterPath === null) return usage('--per-player needs --roster FILE');
  if (skills !== null && rosterPath !== null) return usage('choose cards with --skills or --roster, not both');
  if (skills !== null && parseSkillList(skills).length === 0) return usage('--skills is empty');
  const root = resolve(str('root') ?? repoRoot);
  const dataDir = resolve(str('data') ?? join(root, 'dist/data'));
  const selecting = skills !== null || rosterPath !== null || str('edition') !== null || lang !== null;
  const output = str('output');
  if (!selecting && output !== null) return usage('-o FILE writes one PDF of a selection: choose cards with --skills, --roster, --edition or --lang (without a selection every edition goes to dist/cards)');
  if (selecting && str('out') !== null) return usage('--out is the folder of the full set; a selection is written with -o FILE');
  if (!existsSync(join(dataDir, 'meta.json'))) {
    console.error(`nuffle cards: ${dataDir} has no dataset; run nuffle build (or --only data) first`);
    return 1;
  }
  const guard = projectGuard(root, [dataDir]);
  if (!selecting) {
    const out = str('out');
    const outDir = resolve(out ?? join(root, 'dist/cards'));
    // A folder given with --out is replaced whole: only when it is new, empty or nuffle's cards.
    const problem = out === null ? null : outputFolderProblem(outDir, guard, (file) => file.endsWith('.pdf') || file === 'index.json');
    if (problem) return refuse(`--out ${out}: ${problem}`);
    return buildCardsTarget({ root, dataDir, outDir }, options);
  }
  const target = resolve(output ?? 'cards.pdf');
  const problem = outputFileProblem(target, guard);
  if (problem) return refuse(`${output === null ? 'the default output ./cards.pdf' : `-o ${output}`}: ${problem}`);

  const bundle = loadBundle(dataDir);
  if (!bundle) return 1;
  let rosterText: string | null = null;
  if (rosterPath !== null) {
    try {
      rosterText = readFileSync(rosterPath, 'utf8');
    } catch (cause) {
      console.error(`nuffle cards: cannot read the roster ${rosterPath}: ${(cause as Error).message}`);
      return 1;
    }
  }
  const planned = planSelection(bundle, { skills, edition: str('edition'), lang: lang as Lang | null, roster: rosterText === null ? null : { text: rosterText, file: relative(process.cwd(), resolve(rosterPath!)) || rosterPath! }, perPlayer });
  if ('usage' in planned) return usage(planned.usage);
  // Warnings (an old id followed through its migration) are printed; errors stop the run.
  const selectionErrors = planned.diagnostics.filter((d) => d.fatal);
  printDiagnostics(planned.diagnostics);
  if (selectionErrors.length) {
    console.error(`nuffle cards: ${selectionErrors.length} error${selectionErrors.length === 1 ? '' : 's'}; nothing was written`);
    return 1;
  }
  const result = await renderDocuments([planned.plan], bundle, options, fonts());
  if (result.diagnostics.length) {
    printDiagnostics(result.diagnostics);
    console.error(`nuffle cards: ${result.diagnostics.length} error${result.diagnostics.length === 1 ? '' : 's'}; nothing was written`);
    return 1;
  }
  const document = result.documents[0]!;
  const temporary = `${target}.tmp-${process.pid}`;
  try {
    writeFileSync(temporary, document.bytes);
    renameSync(temporary, target);
  } catch (cause) {
    rmSync(temporary, { force: true });
    console.error(`nuffle cards: cannot write ${target}: ${(cause as Error).message}`);
    return 1;
  }
  console.log(`wrote ${target}: ${document.cards} cards (${document.records} ${perPlayer ? 'players' : 'records'}) on ${document.pages} pages`);
  reportContinued([document]);
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
  if (!existsSync(folder) || !statSync(folder).isDirectory()) return `the folder ${folder} does not exist; create it first (mkdir -p ${folder}), or check the path`;
  if (!existsSync(target)) return null;
  if (!statSync(target).isFile()) return `${target} is a folder; -o names the PDF file to write`;
  const head = Buffer.alloc(5);
  const fd = openSync(target, 'r');
  try {
    readSync(fd, head, 0, 5, 0);
  } finally {
    closeSync(fd);
  }
  return head.toString('latin1') === '%PDF-' ? null : `${target} exists and is not a PDF; nuffle replaces only a PDF there: choose another name, or remove it yourself first`;
}

/** An output nuffle will not write: exit 2, nothing written. */
function refuse(message: string): number {
  console.error(`nuffle cards: ${message}; nothing was written`);
  return 2;
}

function usage(message: string): number {
  console.error(`nuffle cards: ${message}\n\n${CARDS_HELP}`);
  return 2;
}

export interface SelectionInput {
  skills: string | null;
  edition: string | null;
  lang: Lang | null;
  roster: { text: string; file: string } | null;
  perPlayer: boolean;
}

let rosterSchemas: Validator | undefined;
/** The validator of schema/input/roster.schema.json (this repository's schemas, compiled ahead of time). */
const rosterValidator = (): Validator => (rosterSchemas ??= createValidator(readSchemaFiles(repoRoot)));

/** A selection that would print no card: an error, never an empty PDF. */
function emptySelection(input: SelectionInput, players: number, filter: Filter): Diagnostic {
  const scope = [filter.edition ? `edition ${filter.edition}` : null, filter.lang ? `language ${filter.lang}` : null].filter(Boolean).join(' and ');
  return error({
    reason: input.roster
      ? `the roster's ${players} player${players === 1 ? '' : 's'} list no skills or traits, so there is no card to print`
      : `no card is in ${scope || 'the selection'}`,
    file: input.roster ? input.roster.file : input.skills !== null ? '--skills' : '--edition/--lang',
    place: input.roster ? { line: 1 } : null,
    ruleId: 'cards/empty-selection',
    source: 'select',
    note: input.roster ? 'give each player a skills: list (skills: [Block, Dodge])' : 'choose an edition and a language that have cards together (nuffle cards --help lists the editions)',
  });
}

/** The one document of a selection (pure: the bundle and the texts in, a plan or the errors out). */
export function planSelection(bundle: DataBundle, input: SelectionInput): { plan: CardDocumentPlan; diagnostics: Diagnostic[] } | { usage: string } {
  const context = specContextOf(bundle);
  const skillEditions = new Set(bundle.skills.map((s) => s.edition));
  const empty = (diagnostics: Diagnostic[]) => ({ plan: { file: 'cards.pdf', edition: '', label: '', language: 'en' as Lang, title: '', specs: [] }, diagnostics });
  let edition = input.edition;
  let roster = null;
  if (input.roster) {
    const parsed = parseRoster(input.roster.text, input.roster.file, rosterValidator());
    if (!parsed.roster) return empty(parsed.diagnostics);
    roster = parsed.roster;
    edition ??= roster.edition;
  }
  if (edition !== null && !skillEditions.has(edition)) return { usage: `unknown edition "${edition}"; editions with cards: ${[...skillEditions].sort().join(', ')}` };
  const filter: Filter = { edition, lang: input.lang };
  const resolver = createResolver(bundle, filter);
  let specs;
  let diagnostics: Diagnostic[] = [];
  let what: string;
  if (roster && input.perPlayer) {
    specs = [];
    for (const player of roster.players) {
      const resolved = resolveAll(player.skills, resolver);
      diagnostics.push(...resolved.diagnostics);
      specs.push(playerCardSpec({ name: player.name, position: player.position, skills: resolved.selected }, roster.team, input.roster!.file, context));
    }
    what = `${roster.team ?? 'roster'}: player cards`;
  } else {
    let selected: Selected[];
    if (roster) ({ selected, diagnostics } = resolveAll(roster.players.flatMap((p) => p.skills), resolver));
    else if (input.skills !== null) ({ selected, diagnostics } = resolveAll(parseSkillList(input.skills), resolver));
    else {
      selected = bundle.skills
        .filter((r) => (filter.edition === null || r.edition === filter.edition) && (filter.lang === null || r.lang === filter.lang))
        .sort((a, b) => (a.edition < b.edition ? -1 : a.edition > b.edition ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
        .map((record) => ({ record, parameter: null }));
    }
    specs = selected.map((s) => skillCardSpec(s.record, s.parameter, context));
    what = roster ? `${roster.team ?? 'roster'}: skill cards` : 'skill cards';
  }
  const asked = roster ? roster.players.flatMap((p) => p.skills).length : specs.length;
  if (!diagnostics.some((d) => d.fatal) && (asked === 0 || specs.length === 0)) diagnostics.push(emptySelection(input, roster?.players.length ?? 0, filter));
  const languages = [...new Set(specs.map((s) => s.lang))];
  const editions = [...new Set(specs.map((s) => s.footerLeft))];
  return {
    plan: {
      file: 'cards.pdf',
      edition: edition ?? 'selection',
      label: editions.join(', '),
      language: languages.length === 1 ? languages[0]! : (input.lang ?? 'en'),
      title: `${what} (${editions.join(', ') || 'none'})`,
      specs,
    },
    diagnostics,
  };
}
