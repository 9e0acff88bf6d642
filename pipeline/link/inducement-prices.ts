/**
 * The price-list half of the inducement linker: a price list's bullets →
 * items (each bullet read by link/price-list.ts, then its skills, leagues and
 * characteristics resolved), the leagues' spellings (the alias table of
 * sources/annotations/inducements.yaml), and which spellings the notes use.
 * Phases of link/inducements.ts `linkInducements`; pure.
 */
import { error, warning, type Diagnostic, type Place } from '../model/diagnostic.ts';
import { compare } from '../model/order.ts';
import type { Inducement, InducementAnnotations, League, ManifestSource, PriceItem } from '../model/schema-types.ts';
import { type Found, type LeagueUse, noteError, type Segment } from './notes.ts';
import { parsePriceBullet } from './price-list.ts';

/** The spellings of every league: exact spelling → league id, and the spellings sorted (for messages). */
export interface LeagueSpellings {
  leagueOf: ReadonlyMap<string, string>;
  known: readonly string[];
  diagnostics: Diagnostic[];
}

/** What resolving a price item reads: where the notes are, the characteristics' aliases, the skill resolver, and the league spellings. */
export interface PriceContext {
  input: {
    source: Pick<ManifestSource, 'file'>;
    annotations: Pick<InducementAnnotations, 'characteristics'>;
    /** Path of the annotation file, for messages. */
    file: string;
    /** A skill or trait name as printed (parameter allowed) → concept id, or null. */
    resolveSkill: (name: string) => string | null;
  };
  leagues: LeagueSpellings;
}

type Locate = (path: readonly (string | number)[]) => Place | null;

/** League spellings: each alias → its league; an alias two leagues list is an error. */
export function leagueSpellings(leagues: InducementAnnotations['leagues'], file: string, locate: Locate): LeagueSpellings {
  const leagueOf = new Map<string, string>();
  const diagnostics: Diagnostic[] = [];
  leagues.forEach((league, index) => {
    for (const alias of league.aliases) {
      const other = leagueOf.get(alias);
      if (other !== undefined && other !== league.id) {
        diagnostics.push(
          error({
            reason: `League spelling "${alias}" is listed under both ${other} and ${league.id}`,
            file,
            place: locate(['leagues', index]),
            ruleId: 'inducements/duplicate-alias',
            source: 'link',
          }),
        );
      }
      leagueOf.set(alias, league.id);
    }
  });
  return { leagueOf, known: [...leagueOf.keys()].sort(compare), diagnostics };
}

/** A price list: one item per bullet (text that is not a bullet is an error), and the floor its first stated minimum gives. */
export function priceListOf(segments: readonly Segment[], context: PriceContext): Found<NonNullable<Inducement['priceList']>> {
  const items: PriceItem[] = [];
  const found: Found<unknown>[] = [];
  for (const segment of segments) {
    const item = segment.bullet
      ? resolvePriceItem(segment, context)
      : {
          value: null,
          mentions: [],
          uses: [],
          diagnostics: [noteError(context.input, 'inducements/price-list-text', 'A price list holds bullets only', segment.line)],
        };
    found.push(item);
    if (item.value) items.push(item.value);
  }
  return {
    value: { minimumCost: items.find((item) => item.minimumCost !== null)?.minimumCost ?? null, items },
    mentions: found.flatMap((f) => f.mentions),
    uses: found.flatMap((f) => f.uses),
    diagnostics: found.flatMap((f) => f.diagnostics),
  };
}

/**
 * Resolving a price item: one bullet parsed, its league spellings, stats and
 * skills resolved. Returns the item (null when the bullet does not parse), the
 * concepts it names and the league spellings it uses; changes nothing.
 */
export function resolvePriceItem(segment: Segment, context: PriceContext): Found<PriceItem | null> {
  const { input, leagues: spellings } = context;
  const { annotations, file } = input;
  const diagnostics: Diagnostic[] = [];
  const raise = (ruleId: string, reason: string, expected: string) => diagnostics.push(noteError(input, ruleId, reason, segment.line, { expected }));
  const parsed = parsePriceBullet(segment.text, segment.line);
  if (!parsed.ok)
    return {
      value: null,
      mentions: [],
      uses: [],
      diagnostics: [noteError(input, 'inducements/price-bullet', parsed.reason, segment.line, { expected: parsed.expected })],
    };
  const draft = parsed.item;
  const uses: LeagueUse[] = [];
  const leagues = draft.leagues?.flatMap((spelling) => {
    const league = spellings.leagueOf.get(spelling);
    if (league) {
      uses.push({ league, spelling, line: segment.line });
      return [league];
    }
    raise('inducements/unknown-league', `Unknown league "${spelling}"`, `one of the spellings in ${file}: ${spellings.known.join(', ')}`);
    return [];
  });
  const changes = draft.changes.map((change) => {
    const stat = change.abbreviation === 'any' ? 'any' : annotations.characteristics[change.abbreviation];
    if (!stat)
      raise(
        'inducements/unknown-characteristic',
        `Unknown characteristic "${change.abbreviation}" in "${change.as}"`,
        `one of ${Object.keys(annotations.characteristics).join(', ')} (the alias table in ${file})`,
      );
    return { stat: (stat ?? 'any') as PriceItem['changes'][number]['stat'], delta: change.delta, as: change.as };
  });
  const concept = (name: string): string[] => {
    const found = input.resolveSkill(name);
    if (!found)
      raise(
        'inducements/unknown-skill',
        `"${name}" in a price list matches no skill or trait`,
        'an English skill or trait name, or an alias in sources/annotations/mentions.yaml',
      );
    return found ? [found] : [];
  };
  const except = draft.except.flatMap(concept);
  const skills = draft.skills.flatMap((skill) => concept(skill.name).map((found) => ({ concept: found, name: skill.as, parameter: skill.parameter })));
  const removes = draft.removes.flatMap(concept);
  const { kind, line, text, category, count, cost, per, minimumCost } = draft;
  const value: PriceItem = { kind, line, text, category, count, except, skills, changes, removes, cost, per, minimumCost, leagues: leagues ?? null };
  return { value, mentions: [...except, ...skills.map((s) => s.concept), ...removes], uses, diagnostics };
}

/**
 * League usage: each league with the spellings the notes use, and the lines
 * each is on; a listed spelling the notes never use is a warning.
 */
export function leagueUsage(
  leagues: InducementAnnotations['leagues'],
  uses: readonly LeagueUse[],
  file: string,
  locate: Locate,
): { leagues: League[]; diagnostics: Diagnostic[] } {
  const used = new Map<string, Map<string, number[]>>();
  for (const league of leagues) used.set(league.id, new Map(league.aliases.map((alias) => [alias, []])));
  for (const use of uses) used.get(use.league)!.get(use.spelling)!.push(use.line);
  const published: League[] = leagues
    .map((league) => ({
      id: league.id,
      name: league.name,
      aliases: [...used.get(league.id)!]
        .map(([text, lines]) => ({ text, lines: [...new Set(lines)].sort((a, b) => a - b) }))
        .sort((a, b) => compare(a.text, b.text)),
    }))
    .sort((a, b) => compare(a.id, b.id));
  const diagnostics: Diagnostic[] = [];
  leagues.forEach((league, index) => {
    for (const [alias, lines] of used.get(league.id)!) {
      if (lines.length === 0)
        diagnostics.push(
          warning({
            reason: `League alias "${alias}" is not used by the notes`,
            file,
            place: locate(['leagues', index]),
            ruleId: 'inducements/unused-alias',
            source: 'link',
          }),
        );
    }
  });
  return { leagues: published, diagnostics };
}
