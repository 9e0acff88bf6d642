/**
 * A roster's inducements: names as coaches write them (`Bribes`, `2 Bribes`,
 * `Bribes x2`, `Wandering Apothecary`, an id), resolved through the one name
 * resolver (model/resolve-names.ts) over an index of the inducements that get
 * a card: each one's name, and that name with its words in the singular.
 * "Did you mean" offers inducements only; a skill's name says it is a skill.
 * Pure.
 */
import type { DataBundle } from '../../model/dataset.ts';
import { error, warning, type Diagnostic } from '../../model/diagnostic.ts';
import { nameKey } from '../../model/fold.ts';
import { followMigrations } from '../../model/migrations.ts';
import { createNameResolver, type NameResolver } from '../../model/resolve-names.ts';
import type { Inducement, NameEntry } from '../../model/schema-types.ts';
import type { Wanted } from './wanted.ts';
import { wordsOf, type Speaker } from './words.ts';

/** An inducement of the team's deck, with how many the team has. */
export interface SelectedInducement {
  inducement: Inducement;
  count: number;
}

/** The inducements a team can list: every one but the mercenary price lists (tables of prices, not something a team buys by name). */
const isListable = (inducement: Inducement): boolean => inducement.kind !== 'price-list';

/** A word in the singular, as English plurals go (`Apothecaries` → `Apothecary`, `Coaches` → `Coach`, `Bribes` → `Bribe`). */
function singular(word: string): string {
  const lower = word.toLowerCase();
  if (lower.length > 4 && lower.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (lower.endsWith('ches') || lower.endsWith('shes') || lower.endsWith('sses') || lower.endsWith('xes')) return word.slice(0, -2);
  if (lower.length > 3 && lower.endsWith('s') && !lower.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** A name with every word in the singular, and without a leading "The". */
const singularName = (name: string): string => name.split(' ').map(singular).join(' ').replace(/^the /i, '');

const indexes = new WeakMap<DataBundle, { resolver: NameResolver; byId: Map<string, Inducement> }>();

/** The name index of a bundle's listable inducements, built once per bundle. */
function indexOf(bundle: DataBundle): { resolver: NameResolver; byId: Map<string, Inducement> } {
  const known = indexes.get(bundle);
  if (known) return known;
  const listable = bundle.inducements.filter(isListable);
  const names: NameEntry[] = listable.flatMap((i) => {
    const entry = (alias: string, source: NameEntry['source']): NameEntry => ({
      alias,
      folded: nameKey(alias),
      concept: i.id,
      lang: 'en',
      source,
      record: null,
    });
    const other = singularName(i.name);
    return nameKey(other) === nameKey(i.name) ? [entry(i.name, 'concept')] : [entry(i.name, 'concept'), entry(other, 'curated')];
  });
  const made = { resolver: createNameResolver({ names, skills: [], migrations: [] }), byId: new Map(listable.map((i) => [i.id, i])) };
  indexes.set(bundle, made);
  return made;
}

/** The listable inducement a name or id spells exactly (in the singular or the plural); null when none does. */
export function inducementNamed(bundle: DataBundle, text: string): Inducement | null {
  const { resolver, byId } = indexOf(bundle);
  const id = byId.get(text.trim());
  if (id) return id;
  for (const spelling of [text, singularName(text.trim())]) {
    const match = resolver.resolve(spelling).find((m) => m.exact);
    if (match) return byId.get(match.concept) ?? null;
  }
  return null;
}

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
const TIMES = new Set(['x', 'X', '×', '*']);

/**
 * A count written before or after the name: `2 Bribes`, `2x Bribes`,
 * `Bribes x2`, `Bribes ×2`, `Bribes (2)`, `Bribes 2`; 1 when none is. Read with string
 * operations (linear on any input); a count of 0 or over 99 is read as part of the name.
 */
export function splitCount(text: string): { name: string; count: number } {
  const whole = text.trim();
  let end = 0;
  while (isDigit(whole[end])) end++;
  if (end > 0 && end <= 2) {
    let rest = whole.slice(end);
    if (TIMES.has(rest[0] ?? '') && (rest[1] === ' ' || end === whole.length - 1)) rest = rest.slice(1);
    const count = Number(whole.slice(0, end));
    if (rest.startsWith(' ') && rest.trim() !== '' && count > 0) return { name: rest.trim(), count };
  }
  const bracketed = whole.endsWith(')') ? whole.slice(0, -1) : whole;
  let start = bracketed.length;
  while (isDigit(bracketed[start - 1])) start--;
  const digits = bracketed.length - start;
  if (digits === 0 || digits > 2) return { name: whole, count: 1 };
  const before = bracketed.slice(0, start);
  let head = before.trimEnd();
  if (bracketed !== whole) {
    if (!head.endsWith('(')) return { name: whole, count: 1 };
    head = head.slice(0, -1).trimEnd();
  } else if (TIMES.has(head.at(-1) ?? '')) head = head.slice(0, -1).trimEnd();
  // Digits glued to a word are part of the name; after a space, a count (`Bribes 2`).
  else if (head === before) return { name: whole, count: 1 };
  const count = Number(bracketed.slice(start));
  return head !== '' && count > 0 ? { name: head, count } : { name: whole, count: 1 };
}

/** Each inducement of a roster, in roster order, its counts added when it is listed twice; the problems, each at its line. */
export function resolveInducements(
  bundle: DataBundle,
  wanted: readonly Wanted[],
  isSkill: (text: string) => string | null,
  speaker: Speaker,
): { selected: SelectedInducement[]; diagnostics: Diagnostic[] } {
  const t = wordsOf(speaker);
  const selected = new Map<string, SelectedInducement>();
  const diagnostics: Diagnostic[] = [];
  for (const item of wanted) {
    const at = { file: item.file, place: item.line === null ? null : { line: item.line }, source: 'select' };
    const { name, count } = splitCount(item.text);
    const moved = movedInducement(bundle, name);
    const inducement = inducementNamed(bundle, name) ?? moved?.inducement ?? null;
    if (!inducement) {
      const skill = isSkill(name);
      const reason = skill ? t.isSkill(name, skill) : t.unknownInducement(name, suggestionsFor(bundle, name));
      diagnostics.push(error({ ...at, reason, ruleId: 'cards/unknown-inducement' }));
      continue;
    }
    if (moved) diagnostics.push(warning({ ...at, ...moved.warning(t), ruleId: 'cards/retired-id' }));
    const known = selected.get(inducement.id);
    const total = (known?.count ?? 0) + count;
    selected.set(inducement.id, { inducement, count: total });
    const max = inducement.limits.max;
    if (max !== null && total > max && (known?.count ?? 0) <= max)
      diagnostics.push(
        warning({ ...at, reason: t.inducementCount(inducement.name, total, max), ruleId: 'cards/inducement-count', expected: t.inducementCountAdvice }),
      );
  }
  return { selected: [...selected.values()], diagnostics };
}

/** A retired inducement id followed through migrations.json to a listable inducement, with the warning that says so; null otherwise. */
function movedInducement(bundle: DataBundle, id: string) {
  const moved = followMigrations(bundle.migrations, 'inducement', id.trim());
  const inducement = moved?.to ? indexOf(bundle).byId.get(moved.to) : undefined;
  if (!moved || !inducement) return null;
  return {
    inducement,
    warning: (t: ReturnType<typeof wordsOf>) => ({
      reason: t.retiredId(id.trim(), moved.migration.action, moved.migration.since, inducement.name, inducement.id),
      expected: t.retiredIdAdvice(inducement.id),
    }),
  };
}

/** Up to three inducements a misspelt name is near, never none. */
function suggestionsFor(bundle: DataBundle, text: string): string[] {
  const { resolver, byId } = indexOf(bundle);
  const near = [...resolver.resolve(text), ...resolver.resolve(singularName(text))].map((m) => byId.get(m.concept)?.name);
  const closest = resolver
    .closest(text, 3)
    .map((alias) => [...byId.values()].find((i) => nameKey(i.name) === nameKey(alias) || nameKey(singularName(i.name)) === nameKey(alias))?.name);
  return [...new Set([...near, ...closest].filter((n): n is string => n !== undefined))].slice(0, 3);
}
