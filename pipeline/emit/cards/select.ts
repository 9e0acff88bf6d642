/**
 * A league's selection: names or ids in any edition or language
 * (`--skills "Block, Dodge, Mighty Blow (+2), Châtaigne"`), filtered by
 * `--edition` and `--lang`, or a roster file (YAML or JSON) of players with
 * their skills. An unknown or ambiguous name is an error listing the closest
 * names. Pure: texts in, records (with the parameter asked for) out.
 */
import * as Yaml from 'yaml';
import type { DataBundle } from '../../model/dataset.ts';
import { parseYamlWith } from '../../model/yaml-document.ts';
import { error, warning, type Diagnostic } from '../../model/diagnostic.ts';
import { followMigrations } from '../../model/migrations.ts';
import { splitParameter } from '../../model/fold.ts';
import { reviewedNameIn } from '../../model/names.ts';
import { buildNameIndex, createNameResolver, sameParameter, type NameResolver } from '../../model/resolve-names.ts';
import type { Category, Concept, Edition, Lang, Roster as RosterFile, Skill } from '../../model/schema-types.ts';
import { compare } from '../../model/order.ts';
import type { ProblemValidator } from '../../model/validator.ts';
import { profileOf, type PlayerProfile } from './player-profile.ts';
import { inducementNamed } from './resolve-inducements.ts';
import type { Wanted } from './wanted.ts';
import { schemaProblems, unknownRosterEdition, yamlProblem } from './roster-problems.ts';
import { CLI_SPEAKER, wordsOf, type Speaker } from './words.ts';

export interface Filter {
  edition: string | null;
  lang: Lang | null;
  /** With no edition: the edition whose record wins when several of the language have one (the base edition, 2020). */
  prefer?: string | null;
  /** A French deck: the English edition whose wording a skill with no French one prints; null or absent: such a name is refused. */
  english?: string | null;
  /** What the organiser asked for, as messages name it (the language a roster's names chose is not named); default: edition and lang. */
  asked?: { edition: string | null; lang: Lang | null };
}

export interface Selected {
  record: Skill;
  parameter: string | null;
}

interface RosterPlayer {
  name: string;
  /** From 1, in roster order. */
  number: number;
  position: string | null;
  skills: Wanted[];
  /** The line of the player's `name:` (its `- name:`), for an error about the player. */
  line: number | null;
  /** Position, characteristics, cost and SPP, when the roster gives more than a position. */
  profile: PlayerProfile | null;
}

export interface Roster {
  team: string | null;
  edition: string | null;
  /** The line of `edition:`, for an error about it. */
  editionLine: number | null;
  players: RosterPlayer[];
  /** The team's inducements as written (`Bribes x2`), each at its line. */
  inducements: Wanted[];
}

/** `Mighty Blow (+2)`, `Mighty Blow +2`, `Loner (4+)*` → name and parameter, through the one name module. */
export function parseWanted(text: string, file: string, line: number | null, player?: Wanted['player']): Wanted {
  const { name, parameter } = splitParameter(text);
  return { text: text.trim(), name, parameter, file, line, ...(player && { player }) };
}

/** The comma-separated `--skills` list. */
export function parseSkillList(value: string): Wanted[] {
  return value
    .split(/[,;\n]/)
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((s) => parseWanted(s, '--skills', null));
}

const inFilter = (record: Skill, filter: Filter): boolean =>
  (filter.edition === null || record.edition === filter.edition) && (filter.lang === null || record.lang === filter.lang);

export interface Resolver {
  /** Every record of the filter the name could mean (no parameter check); for a French deck, the English record standing in for a French one. */
  lookup(wanted: Wanted): Skill[];
  resolve(wanted: Wanted): { selected: Selected | null; diagnostics: Diagnostic[] };
  /**
   * The names left unchecked once MAX_NAME_ERRORS names have failed, and the
   * first of them (for the one error that says so); count 0 when none was.
   */
  skipped(): { count: number; first: Wanted | null };
}

/**
 * How many names may fail (unknown, ambiguous, a parameter refused) before the
 * rest go unchecked: each failure costs a fuzzy search over every spelling, so
 * a pasted roster of thousands of wrong names would otherwise keep the CLI and
 * the card page busy for a minute. The result is an error either way.
 */
export const MAX_NAME_ERRORS = 20;

/** The name resolver of a bundle: its names.json, or (a release before schema 2.3.0) the index rebuilt from its data. */
function bundleNames(bundle: DataBundle): NameResolver {
  const names = bundle.names.length ? bundle.names : buildNameIndex(bundle).names;
  return createNameResolver({ names, skills: bundle.skills, migrations: bundle.migrations });
}

/**
 * The records a name's concept has in the filter. With no edition, the
 * preferred edition's record wins over the language's others (`Always Hungry`
 * in an English deck is 2020's); in a French deck, a concept with no French
 * record gives the English one: the edition asked for, or (none asked, or a
 * French one) the preferred edition first, then the others in order.
 */
function recordsOf(bundle: DataBundle, filter: Filter, concept: string, alias: string): Skill[] {
  const records = bundle.skills.filter((r) => r.concept === concept && inFilter(r, filter));
  const named = records.filter((r) => bundle.names.some((n) => n.record === r.id && n.alias === alias));
  const found = named.length === 1 ? named : records;
  const preferred = found.length > 1 && filter.edition === null ? found.filter((r) => r.edition === filter.prefer) : [];
  if (preferred.length === 1) return preferred;
  if (found.length || !filter.english) return found;
  const english = englishRecord(bundle, filter, concept);
  return english ? [english] : [];
}

/** A French deck's English record of a concept: the English edition asked for alone, or (none asked, or a French one) the preferred edition first, then the others in order. */
function englishRecord(bundle: DataBundle, filter: Filter, concept: string): Skill | null {
  const order = bundle.editions.map((e) => e.id);
  const asked = filter.edition !== null && filter.edition === filter.english;
  const english = bundle.skills
    .filter((r) => r.concept === concept && r.lang === 'en' && (!asked || r.edition === filter.english))
    .sort((a, b) => Number(b.edition === filter.english) - Number(a.edition === filter.english) || order.indexOf(a.edition) - order.indexOf(b.edition));
  return english[0] ?? null;
}

/**
 * Resolve names to records through the one name resolver (model/resolve-names.ts):
 * any spelling of any concept (a record's name in any edition, a concept's name
 * in any language, a reviewed alias, a retired name) selects the concept's record
 * of the filter, so `Châtaigne` with `--edition en-2020` prints Mighty Blow. An id
 * of any edition selects its record. More than one record left is ambiguous.
 * Messages are worded for `speaker` (the CLI, or the card page in its language).
 */
export function createResolver(bundle: DataBundle, filter: Filter, speaker: Speaker = CLI_SPEAKER): Resolver {
  const names = bundleNames(bundle);
  const byId = new Map(bundle.skills.map((r) => [r.id, r]));
  const lookup = (wanted: Wanted): Skill[] => {
    const id = byId.get(wanted.name);
    if (id) return [id];
    const match = names.resolve(wanted.text).find((m) => m.exact);
    return match ? recordsOf(bundle, filter, match.concept, match.alias) : [];
  };
  const context: ResolveContext = { bundle, names, filter, lookup, records: bundle.skills.filter((r) => inFilter(r, filter)), speaker };
  // A name is resolved once (a team deck asks again who has each skill), and after MAX_NAME_ERRORS failures the rest are skipped.
  const done = new Map<Wanted, Resolved>();
  let failures = 0;
  const skipped: Wanted[] = [];
  return {
    lookup,
    resolve(wanted) {
      const known = done.get(wanted);
      if (known) return known;
      let result: Resolved = { selected: null, diagnostics: [] };
      if (failures < MAX_NAME_ERRORS) result = resolveName(context, wanted);
      else skipped.push(wanted);
      if (!result.selected) failures++;
      done.set(wanted, result);
      return result;
    },
    skipped: () => ({ count: skipped.length, first: skipped[0] ?? null }),
  };
}

type Resolved = { selected: Selected | null; diagnostics: Diagnostic[] };

interface ResolveContext {
  bundle: DataBundle;
  names: NameResolver;
  filter: Filter;
  lookup: (wanted: Wanted) => Skill[];
  /** The records of the filter. */
  records: readonly Skill[];
  speaker: Speaker;
}

const placeOf = (wanted: Wanted): { line: number } | null => (wanted.line === null ? null : { line: wanted.line });

/** "… (player 3, Griff)": who has the name in a roster. */
const whose = (wanted: Wanted, speaker: Speaker): string => (wanted.player ? ` (${wordsOf(speaker).player(wanted.player)})` : '');

/** One name: a retired id, then the resolver; an unknown, ambiguous or misused name is an error. */
function resolveName(context: ResolveContext, wanted: Wanted): Resolved {
  const { bundle, names, speaker } = context;
  const t = wordsOf(speaker);
  const place = placeOf(wanted);
  const retired = movedRecord(context, wanted);
  if (retired) return retired;
  const found = context.lookup(wanted);
  if (!found.length) return { selected: null, diagnostics: [unknownName(context, wanted)] };
  if (found.length > 1) return { selected: null, diagnostics: [ambiguousName(context, found, wanted)] };
  const record = paramTaker(context, found[0]!, wanted);
  const renamed = retiredName(bundle, names, wanted, record, speaker);
  if (renamed) return { selected: { record, parameter: wanted.parameter }, diagnostics: [renamed] };
  // `Loner (X+)` written as the record prints it asks for no particular value.
  const parameter = sameParameter(wanted.parameter, record.parameter) ? null : wanted.parameter;
  if (parameter !== null && record.parameter === null) {
    const reason = `${t.unexpectedParameter(wanted.text, record.name, record.id)}${whose(wanted, speaker)}`;
    return { selected: null, diagnostics: [error({ reason, file: wanted.file, place, ruleId: 'cards/unexpected-parameter', source: 'select' })] };
  }
  return { selected: { record, parameter }, diagnostics: [] };
}

/**
 * In a French deck, a parameter the French record cannot take
 * (`Mighty Blow (+1)`: the French list's Châtaigne has none) selects the
 * English record that takes it, printed as an English text; the record itself otherwise.
 */
function paramTaker({ bundle, filter }: ResolveContext, record: Skill, wanted: Wanted): Skill {
  if (!filter.english || record.lang === 'en' || wanted.parameter === null || record.parameter !== null || record.concept === null) return record;
  const english = englishRecord(bundle, filter, record.concept);
  return english?.parameter ? english : record;
}

/** The one error for the names left unchecked after MAX_NAME_ERRORS failures; null when none was. */
export function skippedNames(resolver: Resolver, speaker: Speaker = CLI_SPEAKER): Diagnostic | null {
  const { count, first } = resolver.skipped();
  if (first === null) return null;
  const t = wordsOf(speaker);
  return error({
    reason: t.skipped(count, MAX_NAME_ERRORS),
    file: first.file,
    place: placeOf(first),
    ruleId: 'cards/unknown-name',
    source: 'select',
    expected: t.skippedAdvice,
  });
}

/** What the organiser asked for (an edition, a language), as messages name it. */
const askedOf = (filter: Filter): { edition: string | null; lang: Lang | null } => filter.asked ?? { edition: filter.edition, lang: filter.lang };

/**
 * A name no record of the filter answers: an inducement's (list it under
 * `inducements:`); a concept's (which editions have it, and whether the
 * edition or language asked has no skill of its category at all, with advice
 * that never repeats what was asked); otherwise up to three suggestions in the
 * deck's language, never none.
 */
function unknownName(context: ResolveContext, wanted: Wanted): Diagnostic {
  const { bundle, names, filter, speaker } = context;
  const t = wordsOf(speaker);
  const base = { file: wanted.file, place: placeOf(wanted), ruleId: 'cards/unknown-name', source: 'select' } as const;
  const exact = names.resolve(wanted.text).find((m) => m.exact);
  // A name of a concept the data lacks (a names.json out of step with concepts.json) is unknown, as any other.
  const concept = exact && bundle.concepts.find((c) => c.id === exact.concept);
  if (concept) return error({ ...base, ...noWording(context, concept, wanted) });
  const inducement = inducementNamed(bundle, wanted.text);
  if (inducement) return error({ ...base, reason: t.isInducement(wanted.text, inducement.name, wanted.file !== '--skills') + whose(wanted, speaker) });
  const asked = askedOf(filter);
  const scope = t.scope(asked.edition, asked.lang);
  const lang = filter.lang ?? speaker.lang;
  const fuzzy = names.resolve(wanted.text, { lang }).map((m) => m.concept);
  const suggestions = [...new Set((fuzzy.length ? fuzzy : closestConcepts(bundle, names, wanted.text)).map((id) => conceptNameOf(bundle, id, lang)))].slice(
    0,
    3,
  );
  return error({ ...base, reason: t.unknownName(wanted.text, scope, suggestions) + whose(wanted, speaker), note: t.anyName });
}

/** The concepts of the names nearest a text, nearest first (for a suggestion when nothing is within the fuzzy bound). */
function closestConcepts(bundle: DataBundle, names: NameResolver, text: string): string[] {
  const byAlias = new Map(bundle.names.map((n) => [n.alias, n.concept]));
  return names.closest(text, 3).map((alias) => byAlias.get(alias) ?? alias);
}

/** A concept's name in a language (model/names.ts), by its id; the id when the data lacks it. */
function conceptNameOf(bundle: DataBundle, id: string, lang: Lang): string {
  const concept = bundle.concepts.find((c) => c.id === id);
  return concept ? reviewedNameIn(concept, bundle.names, lang) : id;
}

/**
 * The category clause of a concept's missing wording: the edition asked has
 * no skill of its category in any language, or (no edition asked) the
 * language has none; null when the category is there and only this wording is missing.
 */
function missingCategory(bundle: DataBundle, filter: Filter, category: Category): { in: 'edition' | 'language'; category: Category } | null {
  if (filter.edition !== null) return bundle.skills.some((r) => r.edition === filter.edition && r.category === category) ? null : { in: 'edition', category };
  if (filter.lang === null || bundle.skills.some((r) => r.lang === filter.lang && r.category === category)) return null;
  return { in: 'language', category };
}

/** Why a known concept has no card in the filter, and what to ask instead (never what was asked already). */
function noWording(context: ResolveContext, concept: Concept, wanted: Wanted): { reason: string; expected: string } {
  const { bundle, filter, speaker } = context;
  const t = wordsOf(speaker);
  const asked = askedOf(filter);
  const scope = t.scope(asked.edition, asked.lang) || t.scope(filter.edition, filter.lang);
  const records = bundle.skills.filter((r) => r.concept === concept.id);
  const editions = [...new Set(records.map((r) => r.edition))].sort(compare);
  // Another edition that has it, in the deck's language (or any, in a French deck that prints English text).
  const fits = (e: Edition) => e.id !== filter.edition && editions.includes(e.id) && (filter.lang === null || e.lang === filter.lang || !!filter.english);
  const elsewhere = bundle.editions.filter(fits).sort((a, b) => compare(a.id, b.id));
  const advice = elsewhere.length ? [t.chooseEdition(speaker, elsewhere)] : [];
  // The edition asked (or any, none asked) has it in another language: that language.
  const languages = [...new Set(records.filter((r) => filter.edition === null || r.edition === filter.edition).map((r) => r.lang))].filter(
    (l) => filter.lang !== null && l !== filter.lang,
  );
  for (const lang of languages.sort(compare)) advice.push(t.chooseLanguage(speaker, lang));
  const none = missingCategory(bundle, filter, concept.category);
  return { reason: t.noWording(concept.name, scope, none, editions) + whose(wanted, speaker), expected: t.noWordingAdvice(advice, scope) };
}

function ambiguousName({ bundle, speaker }: ResolveContext, found: readonly Skill[], wanted: Wanted): Diagnostic {
  const t = wordsOf(speaker);
  const editionLabel = new Map(bundle.editions.map((e) => [e.id, e.label]));
  const options = [...found].sort((a, b) => compare(a.id, b.id)).map((r) => `${r.id} (${editionLabel.get(r.edition) ?? r.edition})`);
  const editions = [...new Set(found.map((r) => r.edition))]
    .sort(compare)
    .map((id) => bundle.editions.find((e) => e.id === id) ?? { id, label: id, lang: 'en' as Lang });
  return error({
    reason: t.ambiguous(wanted.text, options) + whose(wanted, speaker),
    file: wanted.file,
    place: placeOf(wanted),
    ruleId: 'cards/ambiguous-name',
    source: 'select',
    note: t.ambiguousAdvice(t.chooseEdition(speaker, editions)),
  });
}

/**
 * A retired record id (a saved roster written before a rename) followed
 * through migrations.json to the record it became, with a warning naming it;
 * null when the name is no retired id, or leads to no record of the filter.
 */
function movedRecord({ bundle, records, speaker }: ResolveContext, wanted: Wanted): Resolved | null {
  const id = wanted.name;
  const moved = followMigrations(bundle.migrations, 'record', id);
  const record = moved?.to ? records.find((r) => r.id === moved.to) : undefined;
  if (!moved || !record) return null;
  const t = wordsOf(speaker);
  return {
    selected: { record, parameter: wanted.parameter },
    diagnostics: [
      warning({
        reason: t.retiredId(id, moved.migration.action, moved.migration.since, record.displayName, record.id),
        file: wanted.file,
        place: placeOf(wanted),
        ruleId: 'cards/retired-id',
        source: 'select',
        expected: t.retiredIdAdvice(record.id),
      }),
    ],
  };
}

/**
 * A name that only a retired id still spells (`Sidestep` after the rename to
 * Side Step): the record it leads to is printed, with a warning naming it, as
 * for a retired id. Null when a live spelling matched.
 */
function retiredName(bundle: DataBundle, names: NameResolver, wanted: Wanted, record: Skill, speaker: Speaker): Diagnostic | null {
  const match = names.resolve(wanted.text).find((m) => m.exact);
  const spelled = match ? bundle.names.filter((n) => n.alias === match.alias) : [];
  if (!spelled.length || spelled.some((n) => n.source !== 'retired')) return null;
  const t = wordsOf(speaker);
  return warning({
    reason: t.retiredName(wanted.name, record.displayName, record.id),
    file: wanted.file,
    place: placeOf(wanted),
    ruleId: 'cards/retired-id',
    source: 'select',
    expected: t.retiredNameAdvice(record.displayName, record.id),
  });
}

/** Resolve a list, keeping the first of each (record, parameter) pair, in the order asked. */
export function resolveAll(wanted: readonly Wanted[], resolver: Resolver): { selected: Selected[]; diagnostics: Diagnostic[] } {
  const selected: Selected[] = [];
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const item of wanted) {
    const result = resolver.resolve(item);
    diagnostics.push(...result.diagnostics);
    if (!result.selected) continue;
    const key = JSON.stringify([result.selected.record.id, result.selected.parameter]);
    if (seen.has(key)) continue;
    seen.add(key);
    selected.push(result.selected);
  }
  return { selected, diagnostics };
}

/** How a roster is read: who is spoken to, and the editions a roster's `edition:` may name. */
export interface RosterOptions {
  speaker?: Speaker;
  /** The editions with cards, listed when `edition:` names none of them (`edition: 2020`). */
  editions?: readonly string[];
}

/**
 * A roster file, YAML or JSON (JSON is read as YAML):
 *
 * ```yaml
 * team: Reikland Reavers      # optional
 * edition: en-2020            # optional; --edition wins
 * players:
 *   - name: Griff Oberwald
 *     position: Blitzer       # optional
 *     skills: [Block, Dodge, Sprint, Sure Feet]   # or "Block, Dodge"
 * inducements: [Bribes x2, Wandering Apothecaries]   # optional
 * ```
 *
 * A bare list of players is accepted too. Its syntax, then its shape, are
 * checked against schema/input/roster.schema.json (`validator`), each problem
 * worded for the organiser at its YAML line (roster-problems.ts): a misspelt
 * key at the key's own line, a player without a name by number and name, an
 * empty list of players. The schema is the one guard: a roster that passes it
 * is read as the schema's type. Each skill keeps its line for errors.
 */
export function parseRoster(
  text: string,
  file: string,
  validator: ProblemValidator,
  options: RosterOptions = {},
): { roster: Roster | null; diagnostics: Diagnostic[] } {
  const speaker = options.speaker ?? CLI_SPEAKER;
  const parsed = parseYamlWith(Yaml, { path: file, text });
  // The YAML reader locates a syntax error best (an unclosed bracket at the bracket itself).
  if (parsed.diagnostics.length) return { roster: null, diagnostics: [yamlProblem(parsed, text, file, speaker)] };
  const bare = Array.isArray(parsed.value);
  const value = bare ? { players: parsed.value } : parsed.value;
  const problems = validator.problems('input/roster.schema.json', value);
  const shape = { value, bare, parsed, file, speaker };
  const edition = problems.find((p) => p.path.length === 1 && p.path[0] === 'edition' && p.keyword === 'type');
  if (edition && options.editions) {
    // `edition: 2020` is a number to YAML, so the schema refuses it: say which ids there are.
    const line = parsed.locate(['edition'])?.line ?? null;
    return { roster: null, diagnostics: [unknownRosterEdition(String((value as { edition: unknown }).edition), file, line, options.editions, speaker)] };
  }
  if (problems.length) return { roster: null, diagnostics: schemaProblems(problems, shape) };
  const locate = (path: readonly (string | number)[]) => parsed.locate(bare ? path.slice(1) : path)?.line ?? null;
  return { roster: readRoster(value as RosterFile, file, locate), diagnostics: [] };
}

/** A list of names (`skills:`, `inducements:`) as written: a YAML list, each at its line, or one string of names separated by commas at its line. */
function namesAt(
  names: string[] | string | null | undefined,
  at: readonly (string | number)[],
  file: string,
  lineOf: (path: readonly (string | number)[]) => number | null,
  player?: Wanted['player'],
): Wanted[] {
  if (typeof names === 'string')
    return names
      .split(',')
      .filter((s) => s.trim() !== '')
      .map((s) => parseWanted(s, file, lineOf(at), player));
  return (names ?? []).map((s, i) => parseWanted(s, file, lineOf([...at, i]), player));
}

/** A roster that passed its schema, each skill and inducement with its line (`lineOf` a path in the roster). */
function readRoster(value: RosterFile, file: string, lineOf: (path: readonly (string | number)[]) => number | null): Roster {
  const edition = value.edition ?? null;
  const players = value.players.map((player, p): RosterPlayer => {
    const who = { number: p + 1, name: player.name.trim() };
    return {
      name: player.name,
      number: p + 1,
      position: player.position ?? null,
      skills: namesAt(player.skills, ['players', p, 'skills'], file, lineOf, who),
      line: lineOf(['players', p, 'name']),
      profile: profileOf(player),
    };
  });
  return {
    team: value.team ?? value.name ?? null,
    edition,
    editionLine: edition === null ? null : lineOf(['edition']),
    players,
    inducements: namesAt(value.inducements, ['inducements'], file, lineOf),
  };
}
