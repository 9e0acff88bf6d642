/**
 * The one document of a league's selection (`--skills`, `--edition`,
 * `--lang`, `--roster`, `--per-player`): names resolved to records, a team
 * deck with its team and who has each skill, or one card per player. Pure:
 * the bundle, the texts and the roster schema's validator in; a plan and the
 * diagnostics out (or a usage message for an option that cannot work).
 */
import type { DataBundle } from '../../model/dataset.ts';
import { error, type Diagnostic } from '../../model/diagnostic.ts';
import { compare } from '../../model/order.ts';
import type { Lang } from '../../model/schema-types.ts';
import type { Validator } from '../../model/validator.ts';
import { playerCardSpec, skillCardSpec, specContextOf, type CardSpec, type SpecContext } from './card-specs.ts';
import type { CardDocumentPlan } from './emit-cards.ts';
import { createResolver, parseRoster, parseSkillList, resolveAll, skippedNames, type Filter, type Resolver, type Roster, type Selected } from './select.ts';

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
    note: input.roster
      ? 'give each player a skills: list (skills: [Block, Dodge])'
      : 'choose an edition and a language that have cards together (nuffle cards --help lists the editions)',
  });
}

/** A roster's `edition:` that names no edition with cards (`edition: 2020`): a roster error at its line, listing the ids. */
function unknownRosterEdition(value: string, file: string, line: number | null, editions: readonly string[]): Diagnostic {
  return error({
    reason: `unknown edition "${value}"; the editions with cards are ${editions.join(', ')}`,
    file,
    place: { line: line ?? 1 },
    ruleId: 'cards/bad-roster',
    source: 'select',
    expected: `an edition id: ${editions.join(', ')}`,
    note: `write the id, as in "edition: ${editions[0] ?? 'en-2020'}", or leave the line out to accept names of any edition`,
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

/** Every record of the filter, by edition and name (a selection by --edition or --lang alone). */
function everyRecord(bundle: DataBundle, filter: Filter): Selected[] {
  return bundle.skills
    .filter((r) => (filter.edition === null || r.edition === filter.edition) && (filter.lang === null || r.lang === filter.lang))
    .sort((a, b) => compare(a.edition, b.edition) || compare(a.name, b.name))
    .map((record) => ({ record, parameter: null }));
}

/** The cards of a selection: one per player, one per skill of a team (with its players), or the names asked for. */
function specsOf(
  input: SelectionInput,
  roster: Roster | null,
  resolver: Resolver,
  bundle: DataBundle,
  filter: Filter,
  context: SpecContext,
): { specs: CardSpec[]; diagnostics: Diagnostic[] } {
  if (roster && input.perPlayer) {
    const diagnostics: Diagnostic[] = [];
    const specs = roster.players.map((player) => {
      const resolved = resolveAll(player.skills, resolver);
      diagnostics.push(...resolved.diagnostics);
      const card = { name: player.name, position: player.position, skills: resolved.selected, line: player.line, profile: player.profile };
      return playerCardSpec(card, roster.team, input.roster!.file, context);
    });
    return { specs, diagnostics };
  }
  if (roster) {
    const { selected, diagnostics } = resolveAll(
      roster.players.flatMap((p) => p.skills),
      resolver,
    );
    const players = playersBySkill(roster, resolver);
    return {
      specs: selected.map((s) => skillCardSpec(s.record, s.parameter, context, { team: roster.team, players: players.get(selectionKey(s)) ?? [] })),
      diagnostics,
    };
  }
  const { selected, diagnostics } =
    input.skills !== null ? resolveAll(parseSkillList(input.skills), resolver) : { selected: everyRecord(bundle, filter), diagnostics: [] };
  const deck = input.team ? { team: input.team, players: [] } : null;
  return { specs: selected.map((s) => skillCardSpec(s.record, s.parameter, context, deck)), diagnostics };
}

/** The one document of a selection (pure: the bundle and the texts in, a plan or the errors out). */
export function planSelection(bundle: DataBundle, input: SelectionInput, rosterValidator: Validator): SelectionPlan {
  const empty = (diagnostics: Diagnostic[]) => ({
    plan: { file: 'cards.pdf', edition: '', label: '', language: 'en' as Lang, title: '', specs: [] },
    diagnostics,
  });
  const editions = [...new Set(bundle.skills.map((s) => s.edition))].sort(compare);
  let edition = input.edition;
  let roster: Roster | null = null;
  if (input.roster) {
    const parsed = parseRoster(input.roster.text, input.roster.file, rosterValidator);
    // `edition: 2020` is a number to YAML, so the schema refuses it first: say which ids there are.
    const asEdition = (d: Diagnostic) =>
      d.expected?.includes('/properties/edition/') ? unknownRosterEdition(String(d.actual ?? ''), d.file, d.place?.line ?? null, editions) : d;
    if (!parsed.roster) return empty(parsed.diagnostics.map(asEdition));
    roster = input.team ? { ...parsed.roster, team: input.team } : parsed.roster;
    if (edition === null && roster.edition !== null && !editions.includes(roster.edition))
      return empty([unknownRosterEdition(roster.edition, input.roster.file, roster.editionLine, editions)]);
    edition ??= roster.edition;
  }
  if (edition !== null && !editions.includes(edition)) return { usage: `unknown edition "${edition}"; editions with cards: ${editions.join(', ')}` };
  const filter: Filter = { edition, lang: input.lang };
  const context = specContextOf(bundle);
  const resolver = createResolver(bundle, filter);
  const { specs, diagnostics } = specsOf(input, roster, resolver, bundle, filter, context);
  const skipped = skippedNames(resolver);
  if (skipped) diagnostics.push(skipped);
  const asked = roster ? roster.players.flatMap((p) => p.skills).length : specs.length;
  if (!diagnostics.some((d) => d.fatal) && (asked === 0 || specs.length === 0)) diagnostics.push(emptySelection(input, roster?.players.length ?? 0, filter));
  const what = roster ? `${roster.team ?? 'roster'}: ${input.perPlayer ? 'player' : 'skill'} cards` : `${input.team ? `${input.team}: ` : ''}skill cards`;
  const languages = [...new Set(specs.map((s) => s.lang))];
  const labels = [...new Set(specs.map((s) => s.footerLeft))];
  return {
    plan: {
      file: 'cards.pdf',
      edition: edition ?? 'selection',
      label: labels.join(', '),
      language: languages.length === 1 ? languages[0]! : (input.lang ?? 'en'),
      title: `${what} (${labels.join(', ') || 'none'})`,
      specs,
    },
    diagnostics,
  };
}
