/**
 * Inducement notes → records. Names and kinds come from
 * sources/annotations/inducements.yaml, matched to blocks by their opening
 * words (never by position). Named headings become abilities or spells;
 * bullet price lists become structure; league spellings go through the alias
 * table; every skill the notes name resolves to a concept, or the build fails
 * naming the line.
 */
import type { List, Paragraph, Root, RootContent } from 'mdast';
import { error, warning, type Diagnostic, type Place } from '../model/diagnostic.ts';
import { compare } from '../model/order.ts';
import type {
  Inducement,
  InducementAbility,
  InducementAnnotations,
  InducementSpell,
  League,
  ManifestSource,
  PriceItem,
} from '../model/schema-types.ts';
import { slugify } from '../model/slug.ts';
import { foldSpaces } from '../model/fold.ts';
import { errataWithin } from '../parse/errata.ts';
import type { NoteBlock, NoteLine } from '../model/parse-result.ts';
import { mdastToMarkdown } from '../parse/markdown.ts';
import { parsePriceBullet } from '../parse/price-list.ts';

export interface InducementInput {
  blocks: readonly NoteBlock[];
  source: ManifestSource;
  errata: ReadonlyMap<number, string[]>;
  annotations: InducementAnnotations;
  /** Path of the annotation file and a locator for its entries. */
  file: string;
  locate: (path: readonly (string | number)[]) => Place | null;
  /** A skill or trait name as printed (parameter allowed) → concept id, or null. */
  resolveSkill: (name: string) => string | null;
  /** Concepts a free text names (soft: no error for what it does not find). */
  findMentions: (text: string) => string[];
  /** Capitalised words before "skill" that are not names (`a Primary skill`). */
  notNames: readonly string[];
}

export interface InducementResult {
  inducements: Inducement[];
  leagues: League[];
  diagnostics: Diagnostic[];
}

/** A run of text with the line it is on. */
interface Segment {
  line: number;
  text: string;
  bullet: boolean;
}

const normalise = foldSpaces;

export function linkInducements(input: InducementInput): InducementResult {
  const { annotations, source, file, locate } = input;
  const diagnostics: Diagnostic[] = [];
  const at = (line: number) => ({ line });
  const raise = (ruleId: string, reason: string, line: number, extra: Partial<Diagnostic> = {}) =>
    diagnostics.push(error({ reason, file: source.file, place: at(line), ruleId, source: 'link', ...extra }));

  // Leagues: exact spelling → id, and where each spelling is used.
  const leagueOf = new Map<string, string>();
  const used = new Map<string, Map<string, number[]>>();
  annotations.leagues.forEach((league, index) => {
    used.set(league.id, new Map(league.aliases.map((alias) => [alias, []])));
    for (const alias of league.aliases) {
      const other = leagueOf.get(alias);
      if (other !== undefined && other !== league.id) {
        diagnostics.push(error({ reason: `League spelling "${alias}" is listed under both ${other} and ${league.id}`, file, place: locate(['leagues', index]), ruleId: 'inducements/duplicate-alias', source: 'link' }));
      }
      leagueOf.set(alias, league.id);
    }
  });
  const knownLeagueNames = [...leagueOf.keys()].sort(compare);

  // Blocks → records.
  const claimed = new Map<NoteBlock, string>();
  const inducements: Inducement[] = [];
  const ids = new Set<string>();
  // Each block folded once, not once per opening looked up.
  const folded = input.blocks.map((block) => ({ block, text: normalise(block.flat) }));
  annotations.records.forEach((annotation, index) => {
    if (ids.has(annotation.id)) {
      diagnostics.push(error({ reason: `Record id ${annotation.id} is used twice`, file, place: locate(['records', index, 'id']), ruleId: 'inducements/duplicate-id', source: 'link' }));
      return;
    }
    ids.add(annotation.id);
    const blocks: { block: NoteBlock; opening: string }[] = [];
    annotation.blocks.forEach((opening, n) => {
      const wanted = normalise(opening);
      const matches = folded.filter(({ text }) => text.startsWith(wanted)).map(({ block }) => block);
      if (matches.length !== 1) {
        diagnostics.push(
          error({
            reason: matches.length === 0 ? `No block of the notes opens with "${opening}"` : `${matches.length} blocks open with "${opening}" (lines ${matches.map((b) => b.first).join(', ')})`,
            file,
            place: locate(['records', index, 'blocks', n]),
            ruleId: matches.length === 0 ? 'inducements/block-not-found' : 'inducements/ambiguous-block',
            source: 'link',
            expected: 'opening words that start exactly one block (case and spacing folded)',
          }),
        );
        return;
      }
      const block = matches[0]!;
      const owner = claimed.get(block);
      if (owner) {
        diagnostics.push(error({ reason: `The block on line ${block.first} already belongs to ${owner}`, file, place: locate(['records', index, 'blocks', n]), ruleId: 'inducements/block-claimed-twice', source: 'link' }));
        return;
      }
      claimed.set(block, annotation.id);
      blocks.push({ block, opening });
    });
    if (blocks.length !== annotation.blocks.length) return;
    blocks.sort((a, b) => a.block.first - b.block.first);
    const id = `${source.edition.id}/${annotation.id}`;
    const segments: Segment[] = blocks.flatMap(({ block }) => block.lines.map((l: NoteLine) => ({ line: l.line, text: l.text, bullet: l.bullet })));

    // Named headings: abilities (staff, referees) and spells (wizards).
    const headings = [...(annotation.abilities ?? []).map((name) => ({ name, spell: false })), ...(annotation.spells ?? []).map((name) => ({ name, spell: true }))];
    const split = splitAtHeadings(segments, headings.map((h) => h.name));
    for (const missing of split.missing) {
      diagnostics.push(error({ reason: `Heading "${missing}" of ${annotation.id} is not in its text, in the order given`, file, place: locate(['records', index]), ruleId: 'inducements/heading-not-found', source: 'link', expected: 'each listed heading, in capitals, in text order' }));
    }
    for (const found of undeclaredHeadings(segments, headings.map((h) => h.name))) {
      diagnostics.push(warning({ reason: `"${found.text}" looks like a named heading but ${annotation.id} does not list it`, file: source.file, place: at(found.line), ruleId: 'inducements/undeclared-heading', source: 'link', note: `List it under abilities or spells in ${file}, or ignore if it is not one.` }));
    }

    const mentionsOf = (parts: readonly Segment[]) => {
      const ids = new Set<string>();
      for (const part of parts) {
        const named = namedSkills(part.text, input.resolveSkill, input.notNames);
        for (const concept of named.resolved) ids.add(concept);
        for (const name of named.unresolved) {
          raise('inducements/unknown-skill', `"${name}" is named as a skill or trait but matches no concept`, part.line, { expected: 'an English skill or trait name, or an alias in sources/annotations/mentions.yaml' });
        }
        for (const concept of input.findMentions(part.text)) ids.add(concept);
      }
      return ids;
    };

    const abilities: InducementAbility[] = [];
    const spells: InducementSpell[] = [];
    for (const part of split.parts) {
      const heading = headings.find((h) => h.name === part.name)!;
      const text = toMarkdown(part.segments);
      if (heading.spell) {
        const spellId = `${id}/${slugify(part.name)}`;
        if (spells.some((spell) => spell.id === spellId)) {
          diagnostics.push(error({ reason: `Two spells of ${annotation.id} share the id ${spellId}`, file, place: locate(['records', index, 'spells']), ruleId: 'inducements/duplicate-id', source: 'link' }));
          continue;
        }
        spells.push({ id: spellId, name: part.name, text, line: part.line, mentions: [...mentionsOf(part.segments)].sort(compare) });
      } else {
        abilities.push({ name: part.name, text, line: part.line });
      }
    }

    // Price lists.
    let priceList: Inducement['priceList'] = null;
    const mentions = mentionsOf(segments.filter((s) => !s.bullet || annotation.kind !== 'price-list'));
    if (annotation.kind === 'price-list') {
      const items: PriceItem[] = [];
      for (const segment of segments) {
        if (!segment.bullet) {
          raise('inducements/price-list-text', 'A price list holds bullets only', segment.line);
          continue;
        }
        const parsed = parsePriceBullet(segment.text, segment.line);
        if (!parsed.ok) {
          raise('inducements/price-bullet', parsed.reason, segment.line, { expected: parsed.expected });
          continue;
        }
        const draft = parsed.item;
        const concept = (name: string) => {
          const found = input.resolveSkill(name);
          if (!found) raise('inducements/unknown-skill', `"${name}" in a price list matches no skill or trait`, segment.line, { expected: 'an English skill or trait name, or an alias in sources/annotations/mentions.yaml' });
          else mentions.add(found);
          return found;
        };
        const leagues = draft.leagues?.map((name) => {
          const league = leagueOf.get(name);
          if (!league) {
            raise('inducements/unknown-league', `Unknown league "${name}"`, segment.line, { expected: `one of the spellings in ${file}: ${knownLeagueNames.join(', ')}` });
            return null;
          }
          used.get(league)!.get(name)!.push(segment.line);
          return league;
        });
        const changes = draft.changes.map((change) => {
          const stat = change.abbreviation === 'any' ? 'any' : annotations.characteristics[change.abbreviation];
          if (!stat) raise('inducements/unknown-characteristic', `Unknown characteristic "${change.abbreviation}" in "${change.as}"`, segment.line, { expected: `one of ${Object.keys(annotations.characteristics).join(', ')} (the alias table in ${file})` });
          return { stat: (stat ?? 'any') as PriceItem['changes'][number]['stat'], delta: change.delta, as: change.as };
        });
        items.push({
          kind: draft.kind,
          line: draft.line,
          text: draft.text,
          category: draft.category,
          count: draft.count,
          except: draft.except.map(concept).filter((c): c is string => c !== null),
          skills: draft.skills.flatMap((skill) => {
            const found = concept(skill.name);
            return found ? [{ concept: found, name: skill.as, parameter: skill.parameter }] : [];
          }),
          changes,
          removes: draft.removes.map(concept).filter((c): c is string => c !== null),
          cost: draft.cost,
          per: draft.per,
          minimumCost: draft.minimumCost,
          leagues: leagues === undefined || leagues === null ? null : leagues.filter((l): l is string => l !== null),
        });
      }
      priceList = { minimumCost: items.find((item) => item.minimumCost !== null)?.minimumCost ?? null, items };
    }

    const whole = segments.map((s) => s.text).join('\n');
    const first = blocks[0]!.block.first;
    const last = blocks.at(-1)!.block.last;
    inducements.push({
      id,
      edition: source.edition.id,
      name: annotation.name,
      kind: annotation.kind,
      text: toMarkdown(split.intro),
      abilities,
      spells,
      limits: { max: maxCount(split.intro.map((s) => s.text).join(' ')), oncePerGame: /\bonce per (?:game|match)\b/i.test(whole) },
      costs: statedCosts(whole),
      priceList,
      mentions: [...mentions].sort(compare),
      confidence: annotation.confidence,
      note: annotation.note,
      blocks: blocks.map(({ block, opening }) => ({ opening, lines: [block.first, block.last] as [number, number] })),
      source: { id: source.id, lines: [first, last], errata: errataWithin(input.errata, first, last) },
    });
  });

  for (const block of input.blocks) {
    if (claimed.has(block)) continue;
    raise('inducements/unnamed-block', `No record of ${file} claims the block on line ${block.first}`, block.first, {
      expected: `a record whose blocks list its opening words, e.g. "${block.flat.split(' ').slice(0, 7).join(' ')}"`,
    });
  }

  const leagues: League[] = annotations.leagues
    .map((league) => ({
      id: league.id,
      name: league.name,
      aliases: [...used.get(league.id)!]
        .map(([text, lines]) => ({ text, lines: [...new Set(lines)].sort((a, b) => a - b) }))
        .sort((a, b) => compare(a.text, b.text)),
    }))
    .sort((a, b) => compare(a.id, b.id));
  annotations.leagues.forEach((league, index) => {
    for (const alias of used.get(league.id)!.entries()) {
      if (alias[1].length === 0) diagnostics.push(warning({ reason: `League alias "${alias[0]}" is not used by the notes`, file, place: locate(['leagues', index]), ruleId: 'inducements/unused-alias', source: 'link' }));
    }
  });
  return { inducements: inducements.sort((a, b) => compare(a.id, b.id)), leagues, diagnostics };
}

/**
 * Names the text presents as skills or traits — `the Dauntless and Frenzy
 * skills`, `the Loner (4+) trait`, a profile's `Dodge, Leap, No Hands` — which
 * must resolve. A group is tried whole first (`Ball and Chain`), then split at
 * commas and at `and`/`or`.
 */
export function namedSkills(
  text: string,
  resolve: (name: string) => string | null,
  notNames: readonly string[] = [],
): { resolved: string[]; unresolved: string[] } {
  const groups: string[] = [];
  for (const group of namedGroups(text)) if (!notNames.includes(group)) groups.push(group);
  groups.push(...profileSkills(text));
  const resolved: string[] = [];
  const unresolved: string[] = [];
  const take = (name: string, splitFurther: RegExp | null): void => {
    const concept = resolve(name);
    if (concept) resolved.push(concept);
    else if (splitFurther && splitFurther.test(name)) for (const part of name.split(splitFurther)) take(part.trim(), null);
    else unresolved.push(name);
  };
  for (const group of groups) {
    if (resolve(group)) {
      resolved.push(resolve(group)!);
      continue;
    }
    for (const part of group.split(/,\s/)) take(part.trim(), /\s(?:and|or)\s/);
  }
  return { resolved, unresolved };
}

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

/** `Up to 3 …`, `up to two …`. */
function maxCount(text: string): number | null {
  const match = /\bup to (\d+|one|two|three|four|five|six|seven|eight|nine|ten)\b/i.exec(text);
  if (!match) return null;
  return /^\d+$/.test(match[1]!) ? Number(match[1]) : NUMBER_WORDS[match[1]!.toLowerCase()]!;
}

/** Where a group of names may start: `the`, `a` or `an` after no letter, quote, `!` or hyphen (that character is part of the match). */
const NAMED_START = /(?:^|[^\p{L}’'!-])(?:the|a|an)\s+/gu;
/** The first name of a group (capitalised, an optional parameter), read at one place. */
const FIRST_NAME = /[A-Z][\p{L}’'!-]*/uy;
/** One more name: after a comma, `and`, `or` or a space. */
const NEXT_NAME = /(?:,\s|\s(?:and|or)\s|\s)[A-Z][\p{L}’'!-]*/uy;
const NAME_PARAMETER = /\s\([^()]*\)/uy;
const SKILLS_WORD = /\s+(?:skills?|traits?)\b/uy;

/**
 * `the Claws and Mighty Blow (+1) skills`: capitalised names (each with an
 * optional parameter) joined by commas, `and`, `or` or a space, then `skill(s)`
 * or `trait(s)`. Each group is read name by name from its start, then the
 * longest run of names that `skills`/`traits` follows is kept; the scan goes
 * on after the group (one expression for it all was retried at every name of
 * a long run: quadratic).
 */
function namedGroups(text: string): string[] {
  const groups: string[] = [];
  // Where the last group found ended: a start before it is inside that group.
  let next = 0;
  for (const start of text.matchAll(NAMED_START)) {
    if (start.index < next) continue;
    const from = start.index + start[0].length;
    const ends: number[] = [];
    let at = from;
    for (let name = FIRST_NAME; ; name = NEXT_NAME) {
      name.lastIndex = at;
      if (!name.test(text)) break;
      at = name.lastIndex;
      ends.push(at);
      NAME_PARAMETER.lastIndex = at;
      if (NAME_PARAMETER.test(text)) {
        at = NAME_PARAMETER.lastIndex;
        ends.push(at);
      }
    }
    for (const end of ends.reverse()) {
      SKILLS_WORD.lastIndex = end;
      if (!SKILLS_WORD.test(text)) continue;
      groups.push(text.slice(from, end));
      next = SKILLS_WORD.lastIndex;
      break;
    }
  }
  return groups;
}
/** After `profile:`: five characteristics, an optional `Skills :`, then the names (read at one place: sticky). */
const PROFILE_REST = /\s*(?:\S+\s+){5}(?:Skills\s*:\s*)?([A-Z][\p{Ll}’'-]*\p{Ll}(?:\s[A-Z][\p{Ll}’'-]*\p{Ll})*(?:,\s[A-Z][\p{Ll}’'-]*\p{Ll}(?:\s[A-Z][\p{Ll}’'-]*\p{Ll})*)*)/uy;

/**
 * The names of each profile (`profile: MA5 ST1 AG2+ PA- AV5+ Skills : Dodge, Leap`):
 * each `profile:` that starts a word is read once, at its place (one
 * expression scanning for it retried across the characteristics: quadratic).
 */
function profileSkills(text: string): string[] {
  const out: string[] = [];
  for (let at = text.indexOf('profile:'); at >= 0; at = text.indexOf('profile:', at + 1)) {
    if (at > 0 && !/\s/.test(text[at - 1]!)) continue;
    PROFILE_REST.lastIndex = at + 'profile:'.length;
    const match = PROFILE_REST.exec(text);
    if (match) out.push(match[1]!);
  }
  return out;
}

/**
 * `30,000 gold pieces`, with the clause that states it: from the stop before
 * the amount (read back once, never past the clause before) to the next stop.
 * One expression scanning for the clause's start retried at every character.
 */
function statedCosts(text: string): { amount: number; text: string }[] {
  const out: { amount: number; text: string }[] = [];
  let from = 0;
  for (const match of text.matchAll(STATED_AMOUNT)) {
    const amountAt = match.index + match[0].length - match[1]!.length - ' gold pieces'.length;
    // An amount inside the clause of the one before is part of it.
    if (amountAt < from) continue;
    let start = amountAt;
    while (start > from && !CLAUSE_STOPS.includes(text[start - 1]!)) start--;
    CLAUSE_REST.lastIndex = match.index + match[0].length;
    CLAUSE_REST.exec(text);
    out.push({ amount: Number(match[1]!.replace(/,/g, '')), text: text.slice(start, CLAUSE_REST.lastIndex).trim() });
    from = CLAUSE_REST.lastIndex;
  }
  return out;
}
/** An amount where a number starts (the character before, not a digit, comma or letter, is part of the match). */
const STATED_AMOUNT = /(?:^|[^\w,])(\d+(?:,\d{3})*) gold pieces/g;
const CLAUSE_STOPS = '.,;:';
/** The rest of the clause after the amount (a colon does not end it). */
const CLAUSE_REST = /[^.,;]*/y;

/**
 * Cut the segments at each heading (in order). A heading may stand inside a
 * long paragraph line, after a sentence or a list, with or without quotes.
 */
function splitAtHeadings(segments: readonly Segment[], headings: readonly string[]) {
  const intro: Segment[] = [];
  const parts: { name: string; line: number; segments: Segment[] }[] = [];
  const missing: string[] = [];
  let current: Segment[] = intro;
  let next = 0;
  for (const segment of segments) {
    let rest = segment.text;
    while (next < headings.length) {
      const heading = headings[next]!;
      const at = findHeading(rest, heading);
      if (at === null) break;
      const before = rest.slice(0, at.start).trim();
      if (before) current.push({ ...segment, text: before });
      const part = { name: heading, line: segment.line, segments: [] as Segment[] };
      parts.push(part);
      current = part.segments;
      rest = rest.slice(at.end).trim();
      next++;
    }
    if (rest) current.push({ ...segment, text: rest });
  }
  for (let i = next; i < headings.length; i++) missing.push(headings[i]!);
  return { intro, parts, missing };
}

/** A declared heading's expression source (its text escaped, optional quotes, space bounds): checked by test/redos.test.ts. */
export function headingPattern(heading: string): string {
  const escaped = heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return String.raw`(?:^|(?<=\s))["“]?${escaped}["”]?(?=\s|$)`;
}

function findHeading(text: string, heading: string): { start: number; end: number } | null {
  const match = new RegExp(headingPattern(heading), 'u').exec(text);
  return match ? { start: match.index, end: match.index + match[0].length } : null;
}

/** Runs of capitals that look like a heading (followed by a sentence), for a warning when not listed. */
function undeclaredHeadings(segments: readonly Segment[], declared: readonly string[]): { text: string; line: number }[] {
  const out: { text: string; line: number }[] = [];
  for (const segment of segments) {
    for (const text of capitalRuns(segment.text)) {
      if (text.replace(/[^A-Z]/g, '').length < 4 && !text.endsWith('!')) continue;
      if (declared.some((d) => d.includes(text) || text.includes(d))) continue;
      out.push({ text, line: segment.line });
    }
  }
  return out;
}

/** Segments → mdast (paragraph per line, bullets as a list) → Markdown. Text nodes only. */
function toMarkdown(segments: readonly Segment[]): string {
  const children: RootContent[] = [];
  let list: List | null = null;
  for (const segment of segments) {
    const paragraph: Paragraph = { type: 'paragraph', children: [{ type: 'text', value: segment.text }] };
    if (segment.bullet) {
      if (!list) {
        list = { type: 'list', ordered: false, start: null, spread: false, children: [] };
        children.push(list);
      }
      list.children.push({ type: 'listItem', spread: false, checked: null, children: [paragraph] });
    } else {
      list = null;
      children.push(paragraph);
    }
  }
  const root: Root = { type: 'root', children };
  return children.length ? mdastToMarkdown(root) : '';
}

/**
 * A run of capitalised words where a sentence may start: `THE BRIBE`, `SPIKE!`,
 * `(OR)` (the stop or letter and the space before it are part of the match;
 * the run is group 1). Greedy, and a scan goes on after the run, never inside it.
 */
const CAPITAL_RUN = /(?:^|[.!?:a-z]\s)["“]?((?:[A-Z][A-Z’'\-]*[!?)…]?|\()(?:[ ,]+(?:[A-Z][A-Z’'\-]*[!?)…]?|\([A-Z]+))*[!?…]?)/gu;
/** What follows a heading: its sentence. */
const SENTENCE_AFTER = /["”]?\s[A-Z][a-z]/y;
/** Where each word of a run ends. */
const WORD_END = /[^ ,](?=[ ,]|$)/g;

/**
 * The runs of capitals followed by a sentence: each run's longest prefix of
 * whole words that a sentence follows. One pass: a run is read once, then
 * its words from the end (a single expression with the look-ahead retried
 * from every word of a long run, quadratic).
 */
function capitalRuns(text: string): string[] {
  const found: string[] = [];
  for (const run of text.matchAll(CAPITAL_RUN)) {
    const start = run.index + run[0].length - run[1]!.length;
    const ends = [...run[1]!.matchAll(WORD_END)].map((end) => start + end.index + 1).reverse();
    for (const end of ends) {
      SENTENCE_AFTER.lastIndex = end;
      if (!SENTENCE_AFTER.test(text)) continue;
      found.push(text.slice(start, end).trim());
      break;
    }
  }
  return found;
}
