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

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

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
  const word = String.raw`[A-Z][\p{L}’'!-]*(?:\s\([^)]*\))?`;
  const named = new RegExp(String.raw`\b(?:the|a|an)\s+(${word}(?:(?:,\s|\s(?:and|or)\s|\s)${word})*)\s+(?:skills?|traits?)\b`, 'gu');
  for (const match of text.matchAll(named)) if (!notNames.includes(match[1]!)) groups.push(match[1]!);
  const item = String.raw`[A-Z][\p{Ll}’'-]*\p{Ll}(?:\s[A-Z][\p{Ll}’'-]*\p{Ll})*`;
  // A profile: five characteristics, an optional `Skills :`, then the names.
  const profile = new RegExp(String.raw`profile:\s*(?:\S+\s+){5}(?:Skills\s*:\s*)?(${item}(?:,\s${item})*)`, 'gu');
  for (const match of text.matchAll(profile)) groups.push(match[1]!);
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

/** `30,000 gold pieces`, with the clause that states it. */
function statedCosts(text: string): { amount: number; text: string }[] {
  return [...text.matchAll(/[^.,;:]*?\b(\d{1,3}(?:,\d{3})+|\d+) gold pieces[^.,;]*/g)].map((m) => ({ amount: Number(m[1]!.replace(/,/g, '')), text: m[0].trim() }));
}

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

function findHeading(text: string, heading: string): { start: number; end: number } | null {
  const escaped = heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(String.raw`(?:^|(?<=\s))["“]?${escaped}["”]?(?=\s|$)`, 'u').exec(text);
  return match ? { start: match.index, end: match.index + match[0].length } : null;
}

/** Runs of capitals that look like a heading (followed by a sentence), for a warning when not listed. */
function undeclaredHeadings(segments: readonly Segment[], declared: readonly string[]): { text: string; line: number }[] {
  const out: { text: string; line: number }[] = [];
  const pattern = /(?:^|(?<=[.!?:]\s)|(?<=[a-z]\s))["“]?((?:[A-Z][A-Z’'\-]*[A-Z!?)…]?|\(|[A-Z]+\)|OR)(?:[ ,]+(?:[A-Z][A-Z’'\-]*[A-Z!?)…]?|\([A-Z]+|[A-Z]+\)))*[!?…]?)["”]?(?=\s[A-Z][a-z])/gu;
  for (const segment of segments) {
    for (const match of segment.text.matchAll(pattern)) {
      const text = match[1]!.trim();
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
