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
import { buildNameIndex, createNameResolver, sameParameter, type NameResolver } from '../../model/resolve-names.ts';
import type { Lang, Roster as RosterFile, Skill } from '../../model/schema-types.ts';
import { compare } from '../../model/order.ts';
import type { Validator } from '../../model/validator.ts';
import { profileOf, type PlayerProfile } from './player-profile.ts';

export interface Filter {
  edition: string | null;
  lang: Lang | null;
}

/** One name as asked for, with where it was written (for errors). */
export interface Wanted {
  /** As written: `Mighty Blow (+2)`. */
  text: string;
  /** Without its parameter, trimmed: `Mighty Blow`. */
  name: string;
  parameter: string | null;
  file: string;
  line: number | null;
}

export interface Selected {
  record: Skill;
  parameter: string | null;
}

interface RosterPlayer {
  name: string;
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
}

/** `Mighty Blow (+2)`, `Mighty Blow +2`, `Loner (4+)*` → name and parameter, through the one name module. */
export function parseWanted(text: string, file: string, line: number | null): Wanted {
  const { name, parameter } = splitParameter(text);
  return { text: text.trim(), name, parameter, file, line };
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
  /** Every record of the filter the name could mean (no parameter check). */
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
 * Resolve names to records through the one name resolver (model/resolve-names.ts):
 * any spelling of any concept (a record's name in any edition, a concept's name
 * in any language, a reviewed alias, a retired name) selects the concept's record
 * of the filter, so `Châtaigne` with `--edition en-2020` prints Mighty Blow. An id
 * of any edition selects its record. More than one record left is ambiguous.
 */
export function createResolver(bundle: DataBundle, filter: Filter): Resolver {
  const names = bundleNames(bundle);
  const byId = new Map(bundle.skills.map((r) => [r.id, r]));
  const lookup = (wanted: Wanted): Skill[] => {
    const id = byId.get(wanted.name);
    if (id) return [id];
    const match = names.resolve(wanted.text).find((m) => m.exact);
    if (!match) return [];
    const records = bundle.skills.filter((r) => r.concept === match.concept && inFilter(r, filter));
    const named = records.filter((r) => bundle.names.some((n) => n.record === r.id && n.alias === match.alias));
    return named.length === 1 ? named : records;
  };
  const context: ResolveContext = { bundle, names, filter, lookup, records: bundle.skills.filter((r) => inFilter(r, filter)) };
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
}

/** One name: a retired id, then the resolver; an unknown, ambiguous or misused name is an error. */
function resolveName({ bundle, names, filter, lookup, records }: ResolveContext, wanted: Wanted): Resolved {
  const place = wanted.line === null ? null : { line: wanted.line };
  const retired = movedRecord(bundle, records, wanted, place);
  if (retired) return retired;
  const found = lookup(wanted);
  if (!found.length) return { selected: null, diagnostics: [unknownName(bundle, names, filter, wanted, place)] };
  if (found.length > 1) return { selected: null, diagnostics: [ambiguousName(bundle, found, wanted, place)] };
  const record = found[0]!;
  const renamed = retiredName(bundle, names, wanted, record, place);
  if (renamed) return { selected: { record, parameter: wanted.parameter }, diagnostics: [renamed] };
  // `Loner (X+)` written as the record prints it asks for no particular value.
  const parameter = sameParameter(wanted.parameter, record.parameter) ? null : wanted.parameter;
  if (parameter !== null && record.parameter === null) {
    const reason = `"${wanted.text}": ${record.name} (${record.id}) takes no parameter`;
    return { selected: null, diagnostics: [error({ reason, file: wanted.file, place, ruleId: 'cards/unexpected-parameter', source: 'select' })] };
  }
  return { selected: { record, parameter }, diagnostics: [] };
}

/** The one error for the names left unchecked after MAX_NAME_ERRORS failures; null when none was. */
export function skippedNames(resolver: Resolver): Diagnostic | null {
  const { count, first } = resolver.skipped();
  if (first === null) return null;
  return error({
    reason: `${count} more ${count === 1 ? 'name was' : 'names were'} not checked: ${MAX_NAME_ERRORS} names had already failed`,
    file: first.file,
    place: first.line === null ? null : { line: first.line },
    ruleId: 'cards/unknown-name',
    source: 'select',
    expected: 'correct the names above, then run again to check the rest',
  });
}

const scopeOf = (filter: Filter): string =>
  [filter.edition ? `edition ${filter.edition}` : null, filter.lang ? `language ${filter.lang}` : null].filter(Boolean).join(', ');

/**
 * A name no record of the filter answers: when it names a concept, which
 * editions have it (and that the asked one has no skill of its category at
 * all); otherwise up to three suggestions, never none.
 */
function unknownName(bundle: DataBundle, names: NameResolver, filter: Filter, wanted: Wanted, place: { line: number } | null): Diagnostic {
  const exact = names.resolve(wanted.text).find((m) => m.exact);
  const note = 'names and ids of any edition or language are accepted: "Mighty Blow (+2)", "Châtaigne", "en-2020/block"';
  // A name of a concept the data lacks (a names.json out of step with concepts.json) is unknown, as any other.
  const concept = exact && bundle.concepts.find((c) => c.id === exact.concept);
  if (concept) {
    const editions = [...new Set(bundle.skills.filter((r) => r.concept === concept.id).map((r) => r.edition))].sort(compare);
    const category = `${concept.category[0]!.toUpperCase()}${concept.category.slice(1)}`;
    const none = bundle.skills.some((r) => inFilter(r, filter) && r.category === concept.category)
      ? ''
      : `: ${filter.edition ? 'that edition' : 'that language'} has no ${category} skills`;
    return error({
      reason: `${concept.name} has no wording in ${scopeOf(filter)}${none} (${concept.name} is in ${editions.join(', ')})`,
      file: wanted.file,
      place,
      ruleId: 'cards/unknown-name',
      source: 'select',
      expected: `--edition ${editions.join(' or --edition ')}, or a skill that ${scopeOf(filter)} has`,
    });
  }
  const fuzzy = [...new Set(names.resolve(wanted.text).map((m) => conceptName(bundle, m.concept)))];
  const suggestions = (fuzzy.length ? fuzzy : names.closest(wanted.text, 3)).slice(0, 3);
  const scope = scopeOf(filter);
  return error({
    reason: `unknown skill or trait "${wanted.text}"${scope ? ` in ${scope}` : ''}; did you mean: ${suggestions.join(', ')}?`,
    file: wanted.file,
    place,
    ruleId: 'cards/unknown-name',
    source: 'select',
    note,
  });
}

const conceptName = (bundle: DataBundle, id: string): string => bundle.concepts.find((c) => c.id === id)?.name ?? id;

function ambiguousName(bundle: DataBundle, found: readonly Skill[], wanted: Wanted, place: { line: number } | null): Diagnostic {
  const editionLabel = new Map(bundle.editions.map((e) => [e.id, e.label]));
  const options = [...found].sort((a, b) => compare(a.id, b.id)).map((r) => `${r.id} (${editionLabel.get(r.edition) ?? r.edition})`);
  return error({
    reason: `"${wanted.text}" is ambiguous: ${options.join(', ')}`,
    file: wanted.file,
    place,
    ruleId: 'cards/ambiguous-name',
    source: 'select',
    note: `choose with --edition ${[...new Set(found.map((r) => r.edition))].sort(compare).join(' or --edition ')}, or write the id`,
  });
}

/**
 * A retired record id (a saved roster written before a rename) followed
 * through migrations.json to the record it became, with a warning naming it;
 * null when the name is no retired id, or leads to no record of the filter.
 */
function movedRecord(
  bundle: DataBundle,
  records: readonly Skill[],
  wanted: Wanted,
  place: { line: number } | null,
): { selected: Selected; diagnostics: Diagnostic[] } | null {
  const id = wanted.name;
  const moved = followMigrations(bundle.migrations, 'record', id);
  const record = moved?.to ? records.find((r) => r.id === moved.to) : undefined;
  if (!moved || !record) return null;
  return {
    selected: { record, parameter: wanted.parameter },
    diagnostics: [
      warning({
        reason: `${id} was ${moved.migration.action} in ${moved.migration.since}: printing ${record.displayName} (${record.id})`,
        file: wanted.file,
        place,
        ruleId: 'cards/retired-id',
        source: 'select',
        expected: `${record.id} in the roster or the list, so it no longer depends on the migration`,
      }),
    ],
  };
}

/**
 * A name that only a retired id still spells (`Sidestep` after the rename to
 * Side Step): the record it leads to is printed, with a warning naming it, as
 * for a retired id. Null when a live spelling matched.
 */
function retiredName(bundle: DataBundle, names: NameResolver, wanted: Wanted, record: Skill, place: { line: number } | null): Diagnostic | null {
  const match = names.resolve(wanted.text).find((m) => m.exact);
  const spelled = match ? bundle.names.filter((n) => n.alias === match.alias) : [];
  if (!spelled.length || spelled.some((n) => n.source !== 'retired')) return null;
  return warning({
    reason: `"${wanted.name}" is a retired name: printing ${record.displayName} (${record.id})`,
    file: wanted.file,
    place,
    ruleId: 'cards/retired-id',
    source: 'select',
    expected: `${record.displayName} or ${record.id} in the roster or the list`,
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

const ROSTER_NOTE =
  'a roster is { team?, edition?, players: [{ name, position?, skills: [names] | "names, …" }] }, in YAML or JSON (schema/input/roster.schema.json)';

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
 * ```
 *
 * A bare list of players is accepted too. Its syntax, then its shape, are
 * checked against schema/input/roster.schema.json (`validator`), each problem
 * at its YAML line: a misspelt key, a player without a name, an empty list of
 * players. The schema is the one guard: a roster that passes it is read as
 * the schema's type. Each skill keeps its line for errors.
 */
export function parseRoster(text: string, file: string, validator: Validator): { roster: Roster | null; diagnostics: Diagnostic[] } {
  const parsed = parseYamlWith(Yaml, { path: file, text });
  // The YAML reader locates a syntax error best (an unclosed bracket at the bracket itself).
  if (parsed.diagnostics.length)
    return {
      roster: null,
      diagnostics: parsed.diagnostics.map((d) => ({ ...d, reason: `not YAML or JSON: ${d.reason}`, ruleId: 'cards/bad-roster', source: 'select' })),
    };
  const bare = Array.isArray(parsed.value);
  const value = bare ? { players: parsed.value } : parsed.value;
  // A bare list's paths start at the list: `/players/0/name` is `/0/name` in the file.
  const locate = (path: readonly (string | number)[]) => parsed.locate(bare ? path.slice(1) : path);
  const diagnostics = validator
    .validate('input/roster.schema.json', value, file, (path) => locate(path) ?? { line: 1 })
    .filter((d) => !d.expected?.includes('/anyOf/')) // the branches of an anyOf: its own error says it
    .map((d) => ({ ...d, ruleId: 'cards/bad-roster', source: 'select', note: ROSTER_NOTE }));
  if (diagnostics.length) return { roster: null, diagnostics };
  return { roster: readRoster(value as RosterFile, file, (path) => locate(path)?.line ?? null), diagnostics: [] };
}

/** A roster that passed its schema, each skill with its line (`lineOf` a path in the roster). */
function readRoster(value: RosterFile, file: string, lineOf: (path: readonly (string | number)[]) => number | null): Roster {
  const edition = value.edition ?? null;
  const players = value.players.map((player, p): RosterPlayer => {
    const at = ['players', p, 'skills'] as const;
    const skills =
      typeof player.skills === 'string'
        ? player.skills
            .split(',')
            .filter((s) => s.trim() !== '')
            .map((s) => parseWanted(s, file, lineOf(at)))
        : (player.skills ?? []).map((s, i) => parseWanted(s, file, lineOf([...at, i])));
    return { name: player.name, position: player.position ?? null, skills, line: lineOf(['players', p, 'name']), profile: profileOf(player) };
  });
  return { team: value.team ?? value.name ?? null, edition, editionLine: edition === null ? null : lineOf(['edition']), players };
}
