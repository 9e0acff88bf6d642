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
import type { Inducement, InducementAbility, InducementAnnotations, InducementSpell, League, ManifestSource } from '../model/schema-types.ts';
import { slugify } from '../model/slug.ts';
import { foldSpaces } from '../model/fold.ts';
import { errataWithin } from '../model/source.ts';
import type { NoteBlock, NoteLine } from '../model/parse-result.ts';
import { mdastToMarkdown } from '../model/markdown.ts';
import { leagueSpellings, leagueUsage, type LeagueSpellings, priceListOf } from './inducement-prices.ts';
import { type Found, type LeagueUse, noteError, type Segment } from './notes.ts';
import { findAmounts } from './amounts.ts';

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

const normalise = foldSpaces;

/** A record of the annotations and the blocks its openings matched (null when one did not match). */
export interface MatchedRecord {
  annotation: InducementAnnotations['records'][number];
  index: number;
  blocks: { block: NoteBlock; opening: string }[] | null;
  diagnostics: Diagnostic[];
}

/** What the phases of one record share: the input, and the league spellings. */
interface RecordContext {
  input: InducementInput;
  leagues: LeagueSpellings;
}

export function linkInducements(input: InducementInput): InducementResult {
  const { annotations, file, locate } = input;
  const leagues = leagueSpellings(annotations.leagues, file, locate);
  const diagnostics = [...leagues.diagnostics];
  const inducements: Inducement[] = [];
  const uses: LeagueUse[] = [];
  const { records, claimed } = matchBlocks(annotations.records, input.blocks, file, locate);
  for (const matched of records) {
    diagnostics.push(...matched.diagnostics);
    if (!matched.blocks) continue;
    const built = buildInducement(matched, matched.blocks, { input, leagues });
    diagnostics.push(...built.diagnostics);
    uses.push(...built.uses);
    inducements.push(built.value);
  }
  for (const block of input.blocks) {
    if (claimed.has(block)) continue;
    diagnostics.push(
      noteError(input, 'inducements/unnamed-block', `No record of ${file} claims the block on line ${block.first}`, block.first, {
        expected: `a record whose blocks list its opening words, e.g. "${block.flat.split(' ').slice(0, 7).join(' ')}"`,
      }),
    );
  }
  const usage = leagueUsage(annotations.leagues, uses, file, locate);
  return { inducements: inducements.sort((a, b) => compare(a.id, b.id)), leagues: usage.leagues, diagnostics: [...diagnostics, ...usage.diagnostics] };
}

/**
 * Matching blocks: each record's openings, each to the one block that starts
 * with it (case and spacing folded), in the record's order. A record id used
 * twice, an opening no block or several blocks start with, a block two
 * openings claim: each an error, and that record is left without blocks.
 */
export function matchBlocks(
  records: InducementAnnotations['records'],
  blocks: readonly NoteBlock[],
  file: string,
  locate: InducementInput['locate'],
): { records: MatchedRecord[]; claimed: Map<NoteBlock, string> } {
  const claimed = new Map<NoteBlock, string>();
  const ids = new Set<string>();
  // Each block folded once, not once per opening looked up.
  const folded = blocks.map((block) => ({ block, text: normalise(block.flat) }));
  const matched = records.map((annotation, index): MatchedRecord => {
    const diagnostics: Diagnostic[] = [];
    if (ids.has(annotation.id)) {
      diagnostics.push(
        error({
          reason: `Record id ${annotation.id} is used twice`,
          file,
          place: locate(['records', index, 'id']),
          ruleId: 'inducements/duplicate-id',
          source: 'link',
        }),
      );
      return { annotation, index, blocks: null, diagnostics };
    }
    ids.add(annotation.id);
    const found: { block: NoteBlock; opening: string }[] = [];
    annotation.blocks.forEach((opening, n) => {
      const claim = claimBlock(opening, folded, claimed, file, locate(['records', index, 'blocks', n]));
      if ('reason' in claim) diagnostics.push(claim);
      else {
        claimed.set(claim, annotation.id);
        found.push({ block: claim, opening });
      }
    });
    const complete = found.length === annotation.blocks.length;
    return { annotation, index, blocks: complete ? found.sort((a, b) => a.block.first - b.block.first) : null, diagnostics };
  });
  return { records: matched, claimed };
}

/** The one block `opening` starts and no record has claimed yet, or the error that says why there is none. */
function claimBlock(
  opening: string,
  folded: readonly { block: NoteBlock; text: string }[],
  claimed: ReadonlyMap<NoteBlock, string>,
  file: string,
  place: ReturnType<InducementInput['locate']>,
): NoteBlock | Diagnostic {
  const wanted = normalise(opening);
  const matches = folded.filter(({ text }) => text.startsWith(wanted)).map(({ block }) => block);
  if (matches.length !== 1)
    return error({
      reason:
        matches.length === 0
          ? `No block of the notes opens with "${opening}"`
          : `${matches.length} blocks open with "${opening}" (lines ${matches.map((b) => b.first).join(', ')})`,
      file,
      place,
      ruleId: matches.length === 0 ? 'inducements/block-not-found' : 'inducements/ambiguous-block',
      source: 'link',
      expected: 'opening words that start exactly one block (case and spacing folded)',
    });
  const block = matches[0]!;
  const owner = claimed.get(block);
  if (owner)
    return error({
      reason: `The block on line ${block.first} already belongs to ${owner}`,
      file,
      place,
      ruleId: 'inducements/block-claimed-twice',
      source: 'link',
    });
  return block;
}

/** One record from its matched blocks: its headed parts, its price list, what it names, its limits, costs and provenance. */
function buildInducement(matched: MatchedRecord, blocks: { block: NoteBlock; opening: string }[], context: RecordContext): Found<Inducement> {
  const { input } = context;
  const { annotation } = matched;
  const { source } = input;
  const id = `${source.edition.id}/${annotation.id}`;
  const segments: Segment[] = blocks.flatMap(({ block }) => block.lines.map((l: NoteLine) => ({ line: l.line, text: l.text, bullet: l.bullet })));
  const headed = splitHeadings(matched, id, segments, input);
  // A price list's bullets are read as prices, not as prose.
  const prose = segments.filter((s) => !s.bullet || annotation.kind !== 'price-list');
  const named = mentionsOf(prose, input);
  const prices = annotation.kind === 'price-list' ? priceListOf(segments, context) : null;
  const whole = segments.map((s) => s.text).join('\n');
  const first = blocks[0]!.block.first;
  const last = blocks.at(-1)!.block.last;
  const costs = statedCosts(prose.map((s) => s.text).join('\n'));
  const value: Inducement = {
    id,
    edition: source.edition.id,
    name: annotation.name,
    nameFr: annotation.nameFr ?? null,
    kind: annotation.kind,
    text: toMarkdown(headed.value.intro),
    abilities: headed.value.abilities,
    spells: headed.value.spells,
    limits: { max: maxCount(headed.value.intro.map((s) => s.text).join(' ')), oncePerGame: /\bonce per (?:game|match)\b/i.test(whole) },
    costs,
    priceList: prices?.value ?? null,
    // Stated: an amount in the text, or a price list's items; otherwise the notes give no price (unknown, not free).
    priceStated: costs.length > 0 || (prices?.value.items.length ?? 0) > 0,
    mentions: [...new Set([...named.value, ...(prices?.mentions ?? [])])].sort(compare),
    confidence: annotation.confidence,
    note: annotation.note,
    blocks: blocks.map(({ block, opening }) => ({ opening, lines: [block.first, block.last] as [number, number] })),
    source: { id: source.id, lines: [first, last], errata: errataWithin(input.errata, first, last) },
  };
  return { value, mentions: [], uses: prices?.uses ?? [], diagnostics: [...headed.diagnostics, ...named.diagnostics, ...(prices?.diagnostics ?? [])] };
}

/**
 * Splitting headings: the record's listed abilities (staff, referees) and
 * spells (wizards) cut its text into parts, in text order; a listed heading
 * not found is an error, a capitalised heading not listed a warning. Each
 * spell gets an id and the concepts it names.
 */
export function splitHeadings(
  matched: Pick<MatchedRecord, 'annotation' | 'index'>,
  id: string,
  segments: readonly Segment[],
  input: InducementInput,
): Found<{ intro: Segment[]; abilities: InducementAbility[]; spells: InducementSpell[] }> {
  const { annotation, index } = matched;
  const { file, locate } = input;
  const diagnostics: Diagnostic[] = [];
  const headings = [
    ...(annotation.abilities ?? []).map((name) => ({ name, spell: false })),
    ...(annotation.spells ?? []).map((name) => ({ name, spell: true })),
  ];
  const names = headings.map((h) => h.name);
  const split = splitAtHeadings(segments, names);
  diagnostics.push(...headingProblems(matched, split.missing, undeclaredHeadings(segments, names), input));
  const abilities: InducementAbility[] = [];
  const spells: InducementSpell[] = [];
  for (const part of split.parts) {
    const text = toMarkdown(part.segments);
    if (!headings.find((h) => h.name === part.name)!.spell) {
      abilities.push({ name: part.name, text, line: part.line });
      continue;
    }
    const spellId = `${id}/${slugify(part.name)}`;
    if (spells.some((spell) => spell.id === spellId)) {
      diagnostics.push(
        error({
          reason: `Two spells of ${annotation.id} share the id ${spellId}`,
          file,
          place: locate(['records', index, 'spells']),
          ruleId: 'inducements/duplicate-id',
          source: 'link',
        }),
      );
      continue;
    }
    const named = mentionsOf(part.segments, input);
    diagnostics.push(...named.diagnostics);
    spells.push({ id: spellId, name: part.name, text, line: part.line, mentions: [...named.value].sort(compare) });
  }
  return { value: { intro: split.intro, abilities, spells }, mentions: [], uses: [], diagnostics };
}

/** Listed headings not found in the text (errors, at the record), and capitalised ones not listed (warnings, at their line). */
function headingProblems(
  { annotation, index }: Pick<MatchedRecord, 'annotation' | 'index'>,
  missing: readonly string[],
  undeclared: readonly { text: string; line: number }[],
  input: InducementInput,
): Diagnostic[] {
  const { file, locate } = input;
  return [
    ...missing.map((heading) =>
      error({
        reason: `Heading "${heading}" of ${annotation.id} is not in its text, in the order given`,
        file,
        place: locate(['records', index]),
        ruleId: 'inducements/heading-not-found',
        source: 'link',
        expected: 'each listed heading, in capitals, in text order',
      }),
    ),
    ...undeclared.map((found) =>
      warning({
        reason: `"${found.text}" looks like a named heading but ${annotation.id} does not list it`,
        file: input.source.file,
        place: { line: found.line },
        ruleId: 'inducements/undeclared-heading',
        source: 'link',
        note: `List it under abilities or spells in ${file}, or ignore if it is not one.`,
      }),
    ),
  ];
}

/** The concepts some segments name: those presented as skills (which must resolve) and those merely mentioned. */
export function mentionsOf(
  parts: readonly Segment[],
  input: Pick<InducementInput, 'resolveSkill' | 'findMentions' | 'notNames' | 'source'>,
): Found<Set<string>> {
  const ids = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  for (const part of parts) {
    const named = namedSkills(part.text, input.resolveSkill, input.notNames);
    for (const concept of named.resolved) ids.add(concept);
    for (const name of named.unresolved) {
      diagnostics.push(
        noteError(input, 'inducements/unknown-skill', `"${name}" is named as a skill or trait but matches no concept`, part.line, {
          expected: 'an English skill or trait name, or an alias in sources/annotations/mentions.yaml',
        }),
      );
    }
    for (const concept of input.findMentions(part.text)) ids.add(concept);
  }
  return { value: ids, mentions: [], uses: [], diagnostics };
}

/**
 * Names the text presents as skills or traits — `the Dauntless and Frenzy
 * skills`, `the Loner (4+) trait`, a profile's `Dodge, Leap, No Hands` — which
 * must resolve. A group is tried whole first (`Ball and Chain`), then split at
 * commas and at `and`/`or`.
 */
function namedSkills(text: string, resolve: (name: string) => string | null, notNames: readonly string[] = []): { resolved: string[]; unresolved: string[] } {
  const groups: string[] = [];
  for (const group of namedGroups(text)) if (!notNames.includes(group)) groups.push(group);
  groups.push(...profileSkills(text));
  const resolved: string[] = [];
  const unresolved: string[] = [];
  const take = (name: string, splitFurther: RegExp | null): void => {
    const concept = resolve(name);
    if (concept) resolved.push(concept);
    else if (splitFurther?.test(name)) for (const part of name.split(splitFurther)) take(part.trim(), null);
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
const PROFILE_REST =
  /\s*(?:\S+\s+){5}(?:Skills\s*:\s*)?([A-Z][\p{Ll}’'-]*\p{Ll}(?:\s[A-Z][\p{Ll}’'-]*\p{Ll})*(?:,\s[A-Z][\p{Ll}’'-]*\p{Ll}(?:\s[A-Z][\p{Ll}’'-]*\p{Ll})*)*)/uy;

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
 * Every amount the text states (link/amounts.ts: `30,000 gold pieces`,
 * `+20K`, `20,000 gp`), with the clause that states it: from the stop before
 * the amount (read back once, never past the clause before) to the next stop.
 */
function statedCosts(text: string): { amount: number; text: string }[] {
  const out: { amount: number; text: string }[] = [];
  let from = 0;
  for (const amount of findAmounts(text)) {
    // An amount inside the clause of the one before is part of it.
    if (amount.start < from) continue;
    let start = amount.start;
    while (start > from && !CLAUSE_STOPS.includes(text[start - 1]!)) start--;
    CLAUSE_REST.lastIndex = amount.end;
    CLAUSE_REST.exec(text);
    out.push({ amount: amount.value, text: text.slice(start, CLAUSE_REST.lastIndex).trim() });
    from = CLAUSE_REST.lastIndex;
  }
  return out;
}
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
const CAPITAL_RUN = /(?:^|[.!?:a-z]\s)["“]?((?:[A-Z][A-Z’'-]*[!?)…]?|\()(?:[ ,]+(?:[A-Z][A-Z’'-]*[!?)…]?|\([A-Z]+))*[!?…]?)/gu;
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
