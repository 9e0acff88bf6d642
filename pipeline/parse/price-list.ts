/**
 * One bullet of a mercenary price list → structure, before names are
 * resolved (link stage). Three shapes:
 *   skill-category   `2 agility skills or more : +20K each`, `One single pass skill (but leader): +20K`
 *   characteristic   `+1MV : +30K`, `+2MA: +50K for Favorites of... and Lustria Super League`,
 *                    `-1 to any characteristic : -10K (mercenary cost 30K at least)`
 *   package          `Chain and Ball + Secret Weapon + No Hands + 3F -2M - Dodge : +60K for …`
 */

export interface RawChange {
  /** Abbreviation as printed (`MV`, `F`, `CP`), or `any`. */
  abbreviation: string;
  delta: number;
  as: string;
}

export interface PriceBulletDraft {
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

/** `: +20K each…` after the item; the first one after at least one character is the price. */
const PRICE = /:\s*(?<sign>[+-])(?<amount>\d+)K(?<each>\s+each)?/g;

/**
 * `<left> : <sign><amount>K[ each]<rest>`, `left` as short as it can be: what
 * `^(.+?)\s*:\s*([+-])(\d+)K(\s+each)?(.*)$` reads, found without a lazy
 * prefix (that one retries quadratically on a long run of spaces).
 */
function matchPrice(text: string): { left: string; sign: string; amount: string; each: string | undefined; rest: string } | null {
  if (/[\n\r\u2028\u2029]/.test(text)) return null;
  PRICE.lastIndex = 1;
  const match = PRICE.exec(text);
  if (!match?.groups) return null;
  return {
    left: text.slice(0, match.index).trimEnd(),
    sign: match.groups.sign!,
    amount: match.groups.amount!,
    each: match.groups.each,
    rest: text.slice(match.index + match[0].length),
  };
}
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

export function parsePriceBullet(text: string, line: number): PriceBulletResult {
  const match = matchPrice(text.trim());
  if (!match) return fail('a price: `<what> : +20K`');
  const { left, sign, amount, each, rest } = match;
  const cost = (sign === '-' ? -1 : 1) * Number(amount) * 1000;
  const tail = parseTail(rest ?? '');
  if (!tail) return fail('after the price: nothing, `each`, `(mercenary cost 30K at least)`, `(only for <leagues>)` or `for <leagues>.`');
  const base = { line, text: text.trim(), cost, per: each ? ('each' as const) : ('item' as const), minimumCost: tail.minimumCost, leagues: tail.leagues };
  const what = left!.trim();

  // `-1 to any characteristic`
  const any = /^([+-]\d+) to any characteristic$/i.exec(what);
  if (any) {
    return ok({ ...base, kind: 'characteristic', category: null, count: null, except: [], skills: [], removes: [], changes: [{ abbreviation: 'any', delta: Number(any[1]), as: what }] });
  }
  // Only stat changes: `+1MV`, `+2ST -1MA`
  const parts = what.split(/\s+(?=[+-]?\s*\d)/);
  if (parts.every((part) => CHANGE.test(part))) {
    return ok({ ...base, kind: 'characteristic', category: null, count: null, except: [], skills: [], removes: [], changes: parts.map(change) });
  }
  // A number of skills of a category: `1 agility skill`, `One only general skill (but Dirty Player)`, `Two or more mutations`
  const category = /^(?<count>1|2|one|two)\s+(?:only\s+|single\s+)?(?:or more\s+)?(?<word>agility|general|pass|passing|strength|mutations?)\b(?:\s+skills?)?(?<more>\s+or more)?\s*(?:\((?:but|except)\s+(?<except>[^)]+)\))?$/i.exec(
    what.replace(/^(2|two)\s+or more\s+/i, '$1 '),
  );
  if (category?.groups) {
    const two = /^(2|two)$/i.test(category.groups.count!);
    const moreAnywhere = two && /or more/i.test(what);
    if (two && !moreAnywhere) return fail('`2 … or more` (a count of two means two or more)');
    return ok({
      ...base,
      kind: 'skill-category',
      category: CATEGORY_WORDS[category.groups.word!.toLowerCase()]!,
      count: two ? { min: 2, max: null } : { min: 1, max: 1 },
      except: category.groups.except ? category.groups.except.split(/\s*(?:,|\band\b)\s*/).filter(Boolean) : [],
      skills: [],
      changes: [],
      removes: [],
    });
  }
  if (/^(1|2|one|two)\b.*\b(skills?|mutations?)\b/i.test(what)) return fail('`<count> <agility|general|pass|strength> skill(s)` or `<count> mutation(s)`, optionally `(but <skills>)`');

  // A package: skills joined by ` + `, with stat changes and `- Skill` removals.
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
      const removal = /^-\s+(.+?)(?=\s+[+-]?\d+\s*[A-Za-z]{1,2}(?:\s|$)|\s+-\s|$)\s*/.exec(restOfPart);
      if (removal) {
        removes.push(removal[1]!.trim());
        restOfPart = restOfPart.slice(removal[0].length);
        continue;
      }
      const skill = /^(.+?)(?=\s+[+-]?\d+\s*[A-Za-z]{1,2}(?:\s|$)|\s+-\s|$)\s*/.exec(restOfPart)!;
      const named = /^(.*?)\s*(?:\(([^()]+)\))?$/.exec(skill[1]!.trim())!;
      skills.push({ name: named[1]!.trim(), parameter: named[2]?.trim() ?? null, as: skill[1]!.trim() });
      restOfPart = restOfPart.slice(skill[0].length);
    }
  }
  if (skills.length === 0) return fail('at least one skill in a package');
  return ok({ ...base, kind: 'package', category: null, count: null, except: [], skills, changes, removes });

  function fail(expected: string): PriceBulletResult {
    return { ok: false, reason: `Price-list bullet not understood: "${text.trim()}"`, expected };
  }
}

const ok = (item: PriceBulletDraft): PriceBulletResult => ({ ok: true, item });

/** `+1MV`, `-2M`, `3F` (no sign: an increase), `+ 1 AG`. */
function change(as: string): RawChange {
  const [, sign, amount, abbreviation] = CHANGE.exec(as.replace(/\s+/g, ''))!;
  return { abbreviation: abbreviation!, delta: (sign === '-' ? -1 : 1) * Number(amount), as };
}

/** What follows the price: floors and league restrictions. */
function parseTail(rest: string): { minimumCost: number | null; leagues: string[] | null } | null {
  let tail = rest.trim();
  let minimumCost: number | null = null;
  const floor = /\(mercenary cost (\d+)K at least\)/i.exec(tail);
  if (floor) {
    minimumCost = Number(floor[1]) * 1000;
    tail = tail.replace(floor[0], '').trim();
  }
  const only = /^\(only for (.+)\)$/i.exec(tail);
  const forLeagues = /^for (.+)$/i.exec(tail);
  const list = only?.[1] ?? forLeagues?.[1];
  if (list === undefined) return tail === '' || tail === '.' ? { minimumCost, leagues: null } : null;
  // A final full stop ends the sentence; `Favorites of...` keeps its ellipsis.
  const body = list.trim().replace(/(?<!\.\.)\.$/, '').replace(/\.\.\.\.$/, '...');
  if (/^any team$/i.test(body)) return { minimumCost, leagues: null };
  const leagues = body
    .split(/\s*,\s*|\s+and\s+/)
    .map((name) => name.replace(/^and\s+/, '').trim())
    .filter(Boolean);
  return { minimumCost, leagues };
}
