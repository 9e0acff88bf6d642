/**
 * The one document of a league's selection (`--skills`, `--edition`,
 * `--lang`, `--roster`, `--per-player`): names resolved to records, a team
 * deck with its team and who has each skill (and the team's inducements), or
 * one card per player. A roster written in English prints English cards (2020
 * by default), one in French the French list; only one that mixes both asks.
 * A French deck never refuses a skill the data knows: one with no French
 * wording prints its English text, marked, and the run says how many did.
 * Pure: the bundle, the texts and the roster schema's validator in; a plan
 * and the diagnostics out (or a usage message for an option that cannot work).
 */
import { BASE_PARSER, type DataBundle } from '../../model/dataset.ts';
import { error, warning, type Diagnostic } from '../../model/diagnostic.ts';
import { editionTitleIn } from '../../model/labels.ts';
import { compare } from '../../model/order.ts';
import { nameKey, splitParameter } from '../../model/fold.ts';
import { buildNameIndex } from '../../model/resolve-names.ts';
import type { Lang, NameEntry } from '../../model/schema-types.ts';
import type { ProblemValidator } from '../../model/validator.ts';
import { playerCardSpec, skillCardSpec, specContextOf, type CardSpec, type SpecContext } from './card-specs.ts';
import type { CardDocumentPlan } from './emit-cards.ts';
import { inducementCardSpec } from './inducement-cards.ts';
import { resolveInducements, type SelectedInducement } from './resolve-inducements.ts';
import { unknownRosterEdition } from './roster-problems.ts';
import { createResolver, parseRoster, parseSkillList, resolveAll, skippedNames, type Filter, type Resolver, type Roster, type Selected } from './select.ts';
import type { Wanted } from './wanted.ts';
import { CLI_SPEAKER, wordsOf, type Speaker } from './words.ts';

export interface SelectionInput {
  skills: string | null;
  edition: string | null;
  lang: Lang | null;
  /** The roster's text and its path as shown in errors. */
  roster: { text: string; file: string } | null;
  perPlayer: boolean;
  /** The team's name (`--team`): printed on the footers and backs; wins over a roster's `team:`. */
  team?: string | null;
}

export type SelectionPlan = { plan: CardDocumentPlan; diagnostics: Diagnostic[] } | { usage: string };

/** A selection that would print no card: an error, never an empty PDF. */
function emptySelection(input: SelectionInput, players: number, filter: Filter, speaker: Speaker): Diagnostic {
  const t = wordsOf(speaker);
  const asked = filter.asked ?? filter;
  return error({
    reason: input.roster ? t.emptyRoster(players) : t.emptyFilter(t.scope(asked.edition, asked.lang)),
    file: input.roster ? input.roster.file : input.skills !== null ? '--skills' : '--edition/--lang',
    place: input.roster ? { line: 1 } : null,
    ruleId: 'cards/empty-selection',
    source: 'select',
    note: input.roster ? t.emptyRosterAdvice : t.emptyFilterAdvice(speaker),
  });
}

const selectionKey = (s: Selected): string => JSON.stringify([s.record.id, s.parameter]);

/** Each (record, parameter) of a roster with the players who have it, in roster order. */
function playersBySkill(roster: Roster, resolver: Resolver): Map<string, string[]> {
  const players = new Map<string, string[]>();
  for (const player of roster.players) {
    for (const wanted of player.skills) {
      const { selected } = resolver.resolve(wanted);
      if (!selected) continue;
      const names = players.get(selectionKey(selected)) ?? [];
      if (!names.includes(player.name)) names.push(player.name);
      players.set(selectionKey(selected), names);
    }
  }
  return players;
}

/** Every record of the filter, by edition and name (a selection by --edition or --lang alone); a French deck of an English edition: its records. */
function everyRecord(bundle: DataBundle, filter: Filter): Selected[] {
  const edition = (r: DataBundle['skills'][number]) => filter.edition === null || r.edition === filter.edition;
  const own = bundle.skills.filter((r) => edition(r) && (filter.lang === null || r.lang === filter.lang));
  const records = own.length || !filter.english || filter.edition !== filter.english ? own : bundle.skills.filter(edition);
  return records.sort((a, b) => compare(a.edition, b.edition) || compare(a.name, b.name)).map((record) => ({ record, parameter: null }));
}

/** What the cards are made in: the deck's language (null: each card its record's, no language being asked or read), and the context every card reads. */
interface Deck {
  lang: Lang | null;
  context: SpecContext;
}

/** The cards of a selection: one per player, one per skill of a team (with its players), or the names asked for. */
function specsOf(
  input: SelectionInput,
  roster: Roster | null,
  resolver: Resolver,
  bundle: DataBundle,
  filter: Filter,
  deck: Deck,
): { specs: CardSpec[]; selected: Selected[]; diagnostics: Diagnostic[] } {
  const { lang, context } = deck;
  if (roster && input.perPlayer) {
    const diagnostics: Diagnostic[] = [];
    const selected: Selected[] = [];
    const specs = roster.players.map((player) => {
      const resolved = resolveAll(player.skills, resolver);
      diagnostics.push(...resolved.diagnostics);
      selected.push(...resolved.selected);
      const skills = resolved.selected;
      const card = { name: player.name, position: player.position, skills, line: player.line, profile: player.profile };
      return playerCardSpec(card, roster.team, input.roster!.file, context, lang ?? skills[0]?.record.lang);
    });
    return { specs, selected, diagnostics };
  }
  if (roster) {
    const { selected, diagnostics } = resolveAll(
      roster.players.flatMap((p) => p.skills),
      resolver,
    );
    const players = playersBySkill(roster, resolver);
    const specs = selected.map((s) =>
      skillCardSpec(s.record, s.parameter, context, { team: roster.team, players: players.get(selectionKey(s)) ?? [] }, lang ?? s.record.lang),
    );
    return { specs, selected, diagnostics };
  }
  const { selected, diagnostics } =
    input.skills !== null ? resolveAll(parseSkillList(input.skills), resolver) : { selected: everyRecord(bundle, filter), diagnostics: [] };
  const team = input.team ? { team: input.team, players: [] } : null;
  return { specs: selected.map((s) => skillCardSpec(s.record, s.parameter, context, team, lang ?? s.record.lang)), selected, diagnostics };
}

/** The edition whose records an English deck prefers and a French one falls back on: the base edition (2020). */
const baseEdition = (bundle: DataBundle): string | null => bundle.editions.find((e) => e.parser === BASE_PARSER)?.id ?? null;

/** The languages a name is written in: each spelling names.json gives for it; empty for an unknown name, an id (which names its record, whatever the deck) or an abbreviation (`MB`: initials any table writes). */
function languagesOf(bundle: DataBundle, byKey: Map<string, NameEntry[]>, wanted: Wanted): Set<Lang> {
  if (bundle.skills.some((r) => r.id === wanted.name)) return new Set();
  const entries = byKey.get(nameKey(splitParameter(wanted.text).name)) ?? byKey.get(nameKey(wanted.text)) ?? [];
  return new Set(entries.flatMap((e) => (e.lang === null || e.source === 'abbreviation' ? [] : [e.lang])));
}

/**
 * The language a list of names is written in: each name only one language
 * spells votes for it (`Dodge` English, `Esquive` French; `Sprint`, spelt
 * alike, neither). No French vote: English. Both: the names that are fewer
 * (or, as many, the later) are where the roster mixes them.
 */
function namesLanguage(bundle: DataBundle, wanted: readonly Wanted[]): { lang: Lang | null } | { mixed: { english: Wanted; french: Wanted; odd: Wanted } } {
  const byKey = new Map<string, NameEntry[]>();
  for (const entry of bundle.names.length ? bundle.names : buildNameIndex(bundle).names) byKey.set(entry.folded, [...(byKey.get(entry.folded) ?? []), entry]);
  const votes: Record<Lang, Wanted[]> = { en: [], fr: [] };
  for (const item of wanted) {
    const langs = languagesOf(bundle, byKey, item);
    if (langs.size === 1) votes[[...langs][0]!].push(item);
  }
  const [english, french] = [votes.en[0], votes.fr[0]];
  if (!english || !french) return { lang: french ? 'fr' : english ? 'en' : null };
  const later = (english.line ?? 0) > (french.line ?? 0) ? english : french;
  const odd = votes.en.length < votes.fr.length ? english : votes.fr.length < votes.en.length ? french : later;
  return { mixed: { english, french, odd } };
}

/** A roster (or list) that mixes English and French names, at the first name of the fewer: choose the language. */
function mixedLanguages(bundle: DataBundle, mixed: { english: Wanted; french: Wanted; odd: Wanted }, speaker: Speaker): Diagnostic {
  const t = wordsOf(speaker);
  const first = (lang: Lang) => bundle.editions.find((e) => e.lang === lang && bundle.skills.some((s) => s.edition === e.id)) ?? null;
  const base = bundle.editions.find((e) => e.id === baseEdition(bundle)) ?? first('en');
  return error({
    reason: t.mixedLanguages(t.at(mixed.english.text, mixed.english.line), t.at(mixed.french.text, mixed.french.line)),
    file: mixed.odd.file,
    place: mixed.odd.line === null ? null : { line: mixed.odd.line },
    ruleId: 'cards/mixed-languages',
    source: 'select',
    expected: t.mixedAdvice(speaker, { en: base, fr: first('fr') }),
  });
}

/**
 * The filter of a deck: the edition and language asked for; with neither,
 * the language the names are written in (French: the French list; English,
 * or names any language spells alike: any English edition, the base
 * edition's record first); a roster that mixes both asks, a list of names
 * (`roster` false) prints each name in its own. A French deck falls back on
 * English text: the edition asked for when it is English, else the base
 * edition. `lang`, the cards' language, is null when nothing chose one.
 */
export function deckFilter(
  bundle: DataBundle,
  asked: { edition: string | null; lang: Lang | null },
  wanted: readonly Wanted[],
  speaker: Speaker = CLI_SPEAKER,
  roster = true,
): { filter: Filter; lang: Lang | null } | { mixed: Diagnostic } {
  const base = baseEdition(bundle);
  const editionLang = bundle.editions.find((e) => e.id === asked.edition)?.lang ?? null;
  let read: Lang | null = null;
  if (asked.edition === null && asked.lang === null) {
    const names = namesLanguage(bundle, wanted);
    // A list of names asked one by one (`--skills`) may mix them: each prints in its own language, the base edition first.
    if ('mixed' in names && !roster) return { filter: { edition: null, lang: null, prefer: base, english: null, asked }, lang: null };
    if ('mixed' in names) return { mixed: mixedLanguages(bundle, names.mixed, speaker) };
    read = names.lang;
  }
  const lang = asked.lang ?? read ?? (asked.edition === null && wanted.length ? 'en' : null);
  const deck = asked.lang ?? read ?? editionLang;
  const english = deck === 'fr' ? (editionLang === 'en' ? asked.edition : base) : null;
  return { filter: { edition: asked.edition, lang, prefer: asked.edition === null ? base : null, english, asked }, lang: deck };
}

/** The names a selection asks for: the roster's players' skills, or the --skills list. */
const wantedOf = (input: SelectionInput, roster: Roster | null): Wanted[] =>
  roster ? roster.players.flatMap((p) => p.skills) : input.skills !== null ? parseSkillList(input.skills) : [];

/** How many names the warning about English texts lists before "and N more". */
const MAX_NAMED = 8;

/** How many texts of a French deck are printed in English, and of which: one warning; null when none is. */
function englishTexts(
  selected: readonly Selected[],
  inducements: readonly SelectedInducement[],
  deck: Deck,
  file: string,
  bundle: DataBundle,
  speaker: Speaker,
): Diagnostic | null {
  if (deck.lang !== 'fr') return null;
  const english = [...new Map(selected.filter((s) => s.record.lang !== 'fr').map((s) => [JSON.stringify([s.record.id, s.parameter]), s])).values()];
  const nameOf = ({ record, parameter }: Selected) => {
    const name = record.concept ? (deck.context.frenchName.get(record.concept) ?? record.name) : record.name;
    return parameter === null ? name : `${name} (${parameter})`;
  };
  const named = [
    ...english.map((s) => ({ edition: s.record.edition, name: nameOf(s) })),
    // Named as their cards are titled: the reviewed French name where there is one.
    ...inducements.map((i) => ({ edition: i.inducement.edition, name: i.inducement.nameFr ?? i.inducement.name })),
  ];
  if (!named.length) return null;
  const t = wordsOf(speaker);
  const editions = [...new Set(named.map((n) => n.edition))].map((id) => {
    const edition = bundle.editions.find((e) => e.id === id);
    return edition ? editionTitleIn(edition, speaker.lang) : id;
  });
  const names = named.map((n) => n.name);
  return warning({
    reason: t.englishText(named.length, editions, names.length > MAX_NAMED ? [...names.slice(0, MAX_NAMED), t.more(names.length - MAX_NAMED)] : names),
    file,
    ruleId: 'cards/english-text',
    source: 'select',
    note: t.englishTextNote,
  });
}

/** A plan with no card (the selection stopped before any): only its diagnostics matter. */
const empty = (diagnostics: Diagnostic[]): SelectionPlan => ({
  plan: { file: 'cards.pdf', edition: '', label: '', language: 'en', title: '', specs: [] },
  diagnostics,
});

/** The roster read, and the edition it asks for checked; or the plan that says why not. */
function readSelection(
  input: SelectionInput,
  validator: ProblemValidator,
  speaker: Speaker,
  editions: readonly string[],
): { roster: Roster | null; edition: string | null } | { stop: SelectionPlan } {
  if (!input.roster) return { roster: null, edition: input.edition };
  const parsed = parseRoster(input.roster.text, input.roster.file, validator, { speaker, editions });
  if (!parsed.roster) return { stop: empty(parsed.diagnostics) };
  const roster = input.team ? { ...parsed.roster, team: input.team } : parsed.roster;
  if (input.edition === null && roster.edition !== null && !editions.includes(roster.edition))
    return { stop: empty([unknownRosterEdition(roster.edition, input.roster.file, roster.editionLine, editions, speaker)]) };
  return { roster, edition: input.edition ?? roster.edition };
}

/** The one document of a selection (pure: the bundle and the texts in, a plan or the errors out), its messages worded for `speaker`. */
export function planSelection(bundle: DataBundle, input: SelectionInput, rosterValidator: ProblemValidator, speaker: Speaker = CLI_SPEAKER): SelectionPlan {
  const t = wordsOf(speaker);
  const editions = [...new Set(bundle.skills.map((s) => s.edition))].sort(compare);
  const read = readSelection(input, rosterValidator, speaker, editions);
  if ('stop' in read) return read.stop;
  const { roster, edition } = read;
  if (edition !== null && !editions.includes(edition)) return { usage: t.unknownEdition(edition, editions) };
  const chosen = deckFilter(bundle, { edition, lang: input.lang }, wantedOf(input, roster), speaker, roster !== null);
  if ('mixed' in chosen) return empty([chosen.mixed]);
  const { filter } = chosen;
  const deck: Deck = { lang: chosen.lang, context: specContextOf(bundle) };
  const resolver = createResolver(bundle, filter, speaker);
  const { specs, selected, diagnostics } = specsOf(input, roster, resolver, bundle, filter, deck);
  const inducements = roster
    ? resolveInducements(bundle, roster.inducements, (text) => resolver.lookup(splitWanted(text))[0]?.name ?? null, speaker)
    : { selected: [], diagnostics: [] };
  diagnostics.push(...inducements.diagnostics);
  specs.push(
    ...inducements.selected.map((i) => inducementCardSpec(i.inducement, deck.context, { team: roster?.team ?? null, count: i.count, lang: deck.lang ?? 'en' })),
  );
  const skipped = skippedNames(resolver, speaker);
  if (skipped) diagnostics.push(skipped);
  const asked = roster || input.skills !== null ? wantedOf(input, roster).length + (roster?.inducements.length ?? 0) : specs.length;
  const fatal = diagnostics.some((d) => d.fatal);
  if (!fatal && (asked === 0 || specs.length === 0)) diagnostics.push(emptySelection(input, roster?.players.length ?? 0, filter, speaker));
  const fellBack = fatal
    ? null
    : englishTexts(selected, inducements.selected, deck, input.roster?.file ?? (input.skills !== null ? '--skills' : '--lang'), bundle, speaker);
  if (fellBack) diagnostics.push(fellBack);
  return { plan: planOf(input, roster, edition, specs), diagnostics };
}

/** A name as a skill's, to ask the skill resolver whether an inducement's name is a skill's. */
const splitWanted = (text: string): Wanted => ({ text, ...splitParameter(text), file: '', line: null });

/** The document: its title (the team, the kind of cards), its editions' labels, its language. */
function planOf(input: SelectionInput, roster: Roster | null, edition: string | null, specs: CardSpec[]): CardDocumentPlan {
  const what = roster ? `${roster.team ?? 'roster'}: ${input.perPlayer ? 'player' : 'skill'} cards` : `${input.team ? `${input.team}: ` : ''}skill cards`;
  const languages = [...new Set(specs.map((s) => s.lang))];
  const labels = [...new Set(specs.map((s) => s.footerLeft))];
  return {
    file: 'cards.pdf',
    edition: edition ?? 'selection',
    label: labels.join(', '),
    language: languages.length === 1 ? languages[0]! : (input.lang ?? 'en'),
    title: `${what} (${labels.join(', ') || 'none'})`,
    specs,
  };
}
