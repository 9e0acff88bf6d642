/**
 * One bullet of a mercenary price list → structure, before names are
 * resolved (link stage). Three shapes:
 *   skill-category   `2 agility skills or more : +20K each`, `One single pass skill (but leader): +20K`
 *   characteristic   `+1MV : +30K`, `+2MA: +50K for Favorites of... and Lustria Super League`,
 *                    `-1 to any characteristic : -10K (mercenary cost 30K at least)`
 *   package          `Chain and Ball + Secret Weapon + No Hands + 3F -2M - Dodge : +60K for …`
 * The price is any amount link/amounts.ts reads (`+20K`, `+20,000 gold pieces`, `20,000 gp`).
 */
import { readAmount, wholeAmount } from './amounts.ts';

interface RawChange {
  /** Abbreviation as printed (`MV`, `F`, `CP`), or `any`. */
  abbreviation: string;
  delta: number;
  as: string;
}

interface PriceBulletDraft {
  kind: 'skill-category' | 'characteristic' | 'package';
  line: number;
  text: string;
  category: 'agility' | 'general' | 'passing' | 'strength' | 'mutation' | null;
  count: { min: number; max: number | null } | null;
  except: string[];
  skills: { name: string; parameter: string | null; as: string }[];
  changes: RawChange[];
  removes: string[];
  cost: number;
  per: 'item' | 'each';
  minimumCost: number | null;
  /** League names as printed; null for any team. */
  leagues: string[] | null;
}

export type PriceBulletResult = { ok: true; item: PriceBulletDraft } | { ok: false; reason: string; expected: string };

/**
 * `<left> : <amount>[ each]<rest>`: the first colon (after at least one
 * character) that an amount follows (link/amounts.ts: `+20K`,
 * `+20,000 gold pieces`, `20,000 gp`); each colon is tried once.
 */
function matchPrice(text: string): { left: string; cost: number; each: boolean; rest: string } | null {
  if (/[\n\r\u2028\u2029]/.test(text)) return null;
  for (let colon = text.indexOf(':', 1); colon >= 0; colon = text.indexOf(':', colon + 1)) {
    let at = colon + 1;
    while (/\s/.test(text[at] ?? '')) at++;
    const amount = readAmount(text, at);
    if (!amount) continue;
    EACH.lastIndex = amount.end;
    const each = EACH.test(text);
    return { left: text.slice(0, colon).trimEnd(), cost: amount.value, each, rest: text.slice(each ? EACH.lastIndex : amount.end) };
  }
  return null;
}
const EACH = /\s+each\b/y;
const CHANGE = /^([+-]?)\s*(\d+)\s*([A-Za-z]{1,2})$/;
const CATEGORY_WORDS: Record<string, PriceBulletDraft['category']> = {
  agility: 'agility',
  general: 'general',
  pass: 'passing',
  passing: 'passing',
  strength: 'strength',
  mutation: 'mutation',
  mutations: 'mutation',
};

/** What an item is, apart from its price and who may buy it. */
type PriceShape = Omit<PriceBulletDraft, 'line' | 'text' | 'cost' | 'per' | 'minimumCost' | 'leagues'>;

/** A reader of one shape: the shape, `{ expected }` when the text has the shape's look but not its form, or null when it is another shape. */
type ShapeReader = (what: string) => PriceShape | { expected: string } | null;

export function parsePriceBullet(text: string, line: number): PriceBulletResult {
  const fail = (expected: string): PriceBulletResult => ({ ok: false, reason: `Price-list bullet not understood: "${text.trim()}"`, expected });
  const match = matchPrice(text.trim());
  if (!match) return fail('a price: `<what> : +20K` (or `+20,000 gold pieces`, `20,000 gp`)');
  const { left, cost, each, rest } = match;
  const tail = parseTail(rest);
  if (!tail) return fail('after the price: nothing, `each`, `(mercenary cost 30K at least)`, `(only for <leagues>)` or `for <leagues>.`');
  const base = { line, text: text.trim(), cost, per: each ? ('each' as const) : ('item' as const), minimumCost: tail.minimumCost, leagues: tail.leagues };
  const what = left!.trim();
  for (const read of SHAPES) {
    const shape = read(what);
    if (shape === null) continue;
    return 'expected' in shape ? fail(shape.expected) : { ok: true, item: { ...base, ...shape } };
  }
  return fail('at least one skill in a package');
}

/** `-1 to any characteristic`. */
export function readAnyCharacteristic(what: string): PriceShape | null {
  const any = /^([+-]\d+) to any characteristic$/i.exec(what);
  if (!any) return null;
  return {
    kind: 'characteristic',
    category: null,
    count: null,
    except: [],
    skills: [],
    removes: [],
    changes: [{ abbreviation: 'any', delta: Number(any[1]), as: what }],
  };
}

/** Only stat changes: `+1MV`, `+2ST -1MA`. */
export function readStatChanges(what: string): PriceShape | null {
  const parts = what.split(/(?<!\s)\s+(?=[+-]?\d|[+-]\s+\d)/);
  if (!parts.every((part) => CHANGE.test(part))) return null;
  return { kind: 'characteristic', category: null, count: null, except: [], skills: [], removes: [], changes: parts.map(change) };
}

/** A number of skills of a category: `1 agility skill`, `One only general skill (but Dirty Player)`, `Two or more mutations`. */
export function readSkillCategory(what: string): PriceShape | { expected: string } | null {
  const category =
    /^(?<count>1|2|one|two)\s+(?:only\s+|single\s+)?(?:or more\s+)?(?<word>agility|general|pass|passing|strength|mutations?)\b(?:\s+skills?)?(?<more>\s+or more)?\s*(?:\((?:but|except)\s+(?<except>[^\s)][^)]*)\))?$/i.exec(
      what.replace(/^(2|two)\s+or more\s+/i, '$1 '),
    );
  if (category?.groups) {
    const two = /^(2|two)$/i.test(category.groups.count!);
    const moreAnywhere = two && /or more/i.test(what);
    if (two && !moreAnywhere) return { expected: '`2 … or more` (a count of two means two or more)' };
    return {
      kind: 'skill-category',
      category: CATEGORY_WORDS[category.groups.word!.toLowerCase()]!,
      count: two ? { min: 2, max: null } : { min: 1, max: 1 },
      except: category.groups.except ? category.groups.except.split(/(?<!\s)\s*(?:,|\band\b)\s*/).filter(Boolean) : [],
      skills: [],
      changes: [],
      removes: [],
    };
  }
  if (/^(1|2|one|two)\b.*\b(skills?|mutations?)\b/i.test(what))
    return { expected: '`<count> <agility|general|pass|strength> skill(s)` or `<count> mutation(s)`, optionally `(but <skills>)`' };
  return null;
}

/** A package: skills joined by ` + `, with stat changes and `- Skill` removals; null without a skill. */
export function readPackage(what: string): PriceShape | null {
  const skills: PriceBulletDraft['skills'] = [];
  const changes: RawChange[] = [];
  const removes: string[] = [];
  for (const part of what.split(/\s\+\s/)) {
    let restOfPart = part.trim();
    while (restOfPart) {
      const stat = /^([+-]?\s*\d+\s*[A-Za-z]{1,2})(?=\s|$)\s*/.exec(restOfPart);
      if (stat) {
        changes.push(change(stat[1]!));
        restOfPart = restOfPart.slice(stat[0].length);
        continue;
      }
      // `- Skill`: a removal, up to the next change or removal.
      if (REMOVAL_START.test(restOfPart)) {
        const start = restOfPart.length - restOfPart.slice(1).trimStart().length;
        const end = nextStop(restOfPart, start + 1);
        removes.push(restOfPart.slice(start, end).trim());
        restOfPart = restOfPart.slice(end).trimStart();
        continue;
      }
      const as = restOfPart.slice(0, nextStop(restOfPart, 1)).trim();
      const named = splitParameter(as);
      skills.push({ name: named.name, parameter: named.parameter, as });
      restOfPart = restOfPart.slice(nextStop(restOfPart, 1)).trimStart();
    }
  }
  if (skills.length === 0) return null;
  return { kind: 'package', category: null, count: null, except: [], skills, changes, removes };
}

/** The shapes, tried in order: the first that is not null decides. */
const SHAPES: readonly ShapeReader[] = [readAnyCharacteristic, readStatChanges, readSkillCategory, readPackage];

/** `+1MV`, `-2M`, `3F` (no sign: an increase), `+ 1 AG`. */
function change(as: string): RawChange {
  const [, sign, amount, abbreviation] = CHANGE.exec(as.replace(/\s+/g, ''))!;
  return { abbreviation: abbreviation!, delta: (sign === '-' ? -1 : 1) * Number(amount), as };
}

/** What follows the price: floors and league restrictions. */
function parseTail(rest: string): { minimumCost: number | null; leagues: string[] | null } | null {
  let tail = rest.trim();
  let minimumCost: number | null = null;
  const floor = /\(mercenary cost ([^()]+) at least\)/i.exec(tail);
  const floorAmount = floor ? wholeAmount(floor[1]!) : null;
  if (floor && floorAmount !== null) {
    minimumCost = floorAmount;
    tail = tail.replace(floor[0], '').trim();
  }
  const only = /^\(only for (.+)\)$/i.exec(tail);
  const forLeagues = /^for (.+)$/i.exec(tail);
  const list = only?.[1] ?? forLeagues?.[1];
  if (list === undefined) return tail === '' || tail === '.' ? { minimumCost, leagues: null } : null;
  // A final full stop ends the sentence; `Favorites of...` keeps its ellipsis.
  const body = list
    .trim()
    .replace(/(?<!\.\.)\.$/, '')
    .replace(/\.\.\.\.$/, '...');
  if (/^any team$/i.test(body)) return { minimumCost, leagues: null };
  const leagues = body
    .split(',')
    .flatMap((part) => part.split(/\sand\s/))
    .map((name) => name.replace(/^and\s+/, '').trim())
    .filter(Boolean);
  return { minimumCost, leagues };
}

/**
 * `Mighty Blow (+1)` → name `Mighty Blow`, parameter `+1`: a final
 * parenthesis with no parenthesis inside, read from the end (a pattern
 * `^(.*?)\s*(?:\(([^()]+)\))?$` retries at every space: quadratic).
 */
function splitParameter(text: string): { name: string; parameter: string | null } {
  const open = text.lastIndexOf('(');
  const inside = open >= 0 && text.endsWith(')') ? text.slice(open + 1, -1) : '';
  if (inside === '' || inside.includes(')')) return { name: text.trim(), parameter: null };
  return { name: text.slice(0, open).trim(), parameter: inside.trim() };
}

const REMOVAL_START = /^-\s+\S/;
/** What ends a skill's name in a package: a change (` +1MA`, ` 2ST`) or a removal (` - `), read at one place. */
const STOP = /\s+(?:[+-]?\d+\s*[A-Za-z]{1,2}(?:\s|$)|-\s)/y;

/**
 * Where the name that starts `text` ends: at the first run of spaces (from
 * `from` on) that a change or a removal follows, or at the end. Each run is
 * tried once, from its start (a lazy pattern with this look-ahead retried it
 * from every space of a long run: quadratic).
 */
function nextStop(text: string, from: number): number {
  for (let at = Math.max(from, 1); at < text.length; at++) {
    if (!/\s/.test(text[at]!) || /\s/.test(text[at - 1]!)) continue;
    STOP.lastIndex = at;
    if (STOP.test(text)) return at;
  }
  return text.length;
}
