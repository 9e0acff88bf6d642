/**
 * What changed between two builds of the dataset: a pure function of two
 * `dist/data` bundles. Changes are reported once, where they happen:
 * - editions first (a new rules revision shows there: which edition gives the
 *   current rules, its year, label, language and note), then records,
 *   concepts, inducements and leagues: each added, removed, or changed
 *   field by field (text as a word diff), by one comparison driven by a table
 *   of entity kinds (ENTITIES) whose field lists are typed against the
 *   generated types: a new schema field fails the type check until the diff
 *   says what to do with it;
 * - a renamed record is one `record-renamed` line, paired through the
 *   migrations (`renamed`) or the id kept: its removal and addition, its
 *   concept's, its crosswalk row, slots and migrations are not reported again;
 * - a record merged into another (a `merged` migration new in `after`) is one
 *   `record-merged` line, never a removal: its removal, its migration, its
 *   slots passing to the survivor, and its concept's merge when that went too,
 *   are not reported again; the survivor's own changes are;
 * - crosswalk rows added (a new record's link to its concept), or whose
 *   concept, relation, confidence or rationale moved (a removed record's row
 *   goes with it);
 * - rulings added, removed, re-answered or re-linked; a ruling whose question
 *   was reworded (new id) is paired with its old self and reported as changed;
 * - random-table slots that moved;
 * - price-list items one by one, aligned by content; migrations published.
 * Provenance (`source`, line numbers) shifts whenever a file is edited above a
 * record, so it is left out: a changelog says what the rules say differently.
 */
import { diffArrays, diffWords } from 'diff';
import type { DataBundle } from '../model/dataset.ts';
import { compare } from '../model/order.ts';
import type {
  Change,
  ChangeKind,
  Changelog,
  Concept,
  CrosswalkRow,
  Edition,
  FieldChange,
  Inducement,
  League,
  Migration,
  PriceItem,
  Ruling,
  Skill,
  WordPart,
} from '../model/schema-types.ts';

export type { Change, ChangeKind, Changelog, WordPart };

/** Every change kind, in report order. */
export const CHANGE_KINDS = [
  'edition-added',
  'edition-removed',
  'edition-changed',
  'record-added',
  'record-removed',
  'record-changed',
  'record-renamed',
  'record-merged',
  'crosswalk-added',
  'crosswalk-changed',
  'concept-added',
  'concept-removed',
  'concept-changed',
  'ruling-added',
  'ruling-removed',
  'ruling-changed',
  'slot-moved',
  'inducement-added',
  'inducement-removed',
  'inducement-changed',
  'price-changed',
  'league-added',
  'league-removed',
  'league-changed',
  'migration-added',
] as const satisfies readonly ChangeKind[];
// Every kind of the schema is listed: a kind added to schema/changes.schema.json fails here until it is.
type Unlisted = Exclude<ChangeKind, (typeof CHANGE_KINDS)[number]>;
// Stryker disable next-line BooleanLiteral: a type-level check (`npm run typecheck` fails on an unlisted kind); the value itself is never read
const everyKindListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyKindListed;

/** A copy without provenance: `source`, and every `line`/`lines` key, at any depth. */
export function withoutProvenance(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutProvenance);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key]) => key !== 'source' && key !== 'line' && key !== 'lines')
        .map(([key, v]) => [key, withoutProvenance(v)]),
    );
  }
  return value;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

export function wordDiff(before: string, after: string): WordPart[] {
  return diffWords(before, after).map((part) => ({ value: part.value, op: part.added ? 'added' : part.removed ? 'removed' : 'same' }));
}

/**
 * What the diff does with each field of an entity: `compare` it, compare it
 * as `text` (with a word diff), or `skip` it (the reason is in the table: it
 * is the id, provenance, or reported by another kind of change). Exhaustive
 * over the type's keys, so a field the schema gains must be placed here.
 */
type FieldPlan<T> = { readonly [K in keyof Required<T>]: 'compare' | 'text' | 'skip' };

function fieldChanges<T extends object>(before: T, after: T, plan: FieldPlan<T>): FieldChange[] {
  const out: FieldChange[] = [];
  for (const [field, how] of Object.entries(plan) as [keyof T & string, string][]) {
    if (how !== 'compare' && how !== 'text') continue;
    // A field an older contract lacked reads as null: a new field that says nothing is no change.
    const a = withoutProvenance(before[field]) ?? null;
    const b = withoutProvenance(after[field]) ?? null;
    if (same(a, b)) continue;
    out.push({ field, before: a ?? null, after: b ?? null, words: how === 'text' && typeof a === 'string' && typeof b === 'string' ? wordDiff(a, b) : null });
  }
  return out;
}

/** One kind of published entity compared by id: where its list is, its fields, and how its changes read. */
interface EntityKind<T extends object> {
  kind: 'edition' | 'record' | 'concept' | 'inducement' | 'league';
  list: (bundle: DataBundle) => readonly T[];
  id: (item: T) => string;
  fields: FieldPlan<T>;
  /** The plan for one pair, when it depends on the values (default: `fields`). */
  planFor?: (before: T, after: T) => FieldPlan<T>;
  added: (item: T) => string;
  removed: (item: T) => string;
  changed: (item: T, fields: readonly FieldChange[]) => string;
}

const fieldNames = (fields: readonly FieldChange[]) => fields.map((f) => f.field).join(', ');

/** How an edition's year reads: `2025`, `c. 2006`; a release before schema 4.1.0 has none (absent, or null in a field change). */
const yearOf = (year: unknown, circa: unknown): string => ((year ?? null) === null ? 'no year stated' : `${circa === true ? 'c. ' : ''}${String(year)}`);
/** `year c. 2006 → 2025`, or `year 2025` when the release compared with stated none. */
const yearMoved = (before: string, after: string): string => (before === yearOf(null, null) ? `year ${after}` : `year ${before} → ${after}`);
/** How an edition's status reads, in full and after "was"; a release before schema 4.1.0 has none (null). */
const STANDING: Record<Edition['status'], [string, string]> = {
  current: ['the current rules', 'the current rules'],
  superseded: ['superseded: an older edition', 'superseded'],
};
const standing = (status: unknown): string => STANDING[status as Edition['status']]?.[0] ?? 'of no stated status';
/** ` is now the current rules (was superseded)`, or ` is … (not stated before)` when a release before schema 4.1.0 is compared. */
const statusMoved = ({ before, after }: FieldChange): string =>
  before === null ? ` is ${standing(after)} (not stated before)` : ` is now ${standing(after)} (was ${STANDING[before as Edition['status']][1]})`;

/**
 * An edition changed, in one line, its standing first: `en-traits-alt: Blood
 * Bowl 2025 traits (English) is now the current rules (was superseded); year
 * c. 2006 → 2025; relabelled from "Earlier trait wording"`.
 */
function editionChanged(edition: Edition, fields: readonly FieldChange[]): string {
  const field = (name: keyof Edition) => fields.find((f) => f.field === name);
  const [status, year, circa, label, lang] = [field('status'), field('year'), field('circa'), field('label'), field('lang')];
  // What it was: the value that moved, or the one it kept.
  const was = (change: FieldChange | undefined, kept: unknown) => (change ? change.before : kept);
  const lead = status ? statusMoved(status) : '';
  const clauses = [
    ...(year || circa ? [yearMoved(yearOf(was(year, edition.year), was(circa, edition.circa)), yearOf(edition.year, edition.circa))] : []),
    ...(label ? [`relabelled from ${JSON.stringify(label.before)}`] : []),
    ...(lang ? [`language ${String(lang.before)} → ${edition.lang}`] : []),
    ...(field('note') ? ['note reworded'] : []),
  ];
  if (!clauses.length) return `${edition.id}: ${edition.label}${lead}`;
  return `${edition.id}: ${edition.label}${lead}${lead ? ';' : ':'} ${clauses.join('; ')}`;
}

const EDITIONS: EntityKind<Edition> = {
  kind: 'edition',
  list: (b) => b.editions,
  id: (e) => e.id,
  // source, file and parser are provenance; sha256 moves with every edit of the raw text, whose records say what changed; records and rulings are counts, reported one by one.
  fields: {
    id: 'skip',
    label: 'compare',
    year: 'compare',
    circa: 'compare',
    status: 'compare',
    lang: 'compare',
    source: 'skip',
    file: 'skip',
    sha256: 'skip',
    parser: 'skip',
    note: 'text',
    records: 'skip',
    rulings: 'skip',
  },
  added: (e) => `${e.id}: ${e.label} added (${yearOf(e.year, e.circa)}, ${standing(e.status)})`,
  removed: (e) => `${e.id}: ${e.label} removed${e.status === 'current' ? ' (it gave the current rules)' : ''}`,
  changed: editionChanged,
};

const RECORDS: EntityKind<Skill> = {
  kind: 'record',
  list: (b) => b.skills,
  id: (r) => r.id,
  // concept, slots and rulings are reported by the crosswalk, table and ruling changes.
  fields: {
    id: 'skip',
    edition: 'skip',
    lang: 'skip',
    name: 'compare',
    displayName: 'compare',
    parameter: 'compare',
    compulsory: 'compare',
    kind: 'compare',
    category: 'compare',
    text: 'text',
    games: 'compare',
    randomSlots: 'skip',
    rulings: 'skip',
    concept: 'skip',
    source: 'skip',
  },
  added: (r) => `${r.edition}: ${r.displayName} added (${r.kind}, ${r.category})`,
  removed: (r) => `${r.edition}: ${r.displayName} removed`,
  changed: (r, fields) => `${r.edition}: ${r.displayName}: ${fieldNames(fields)} changed`,
};

const CONCEPTS: EntityKind<Concept> = {
  kind: 'concept',
  list: (b) => b.concepts,
  id: (c) => c.id,
  // records and relations follow from the crosswalk rows, reported there.
  fields: {
    id: 'skip',
    name: 'compare',
    names: 'compare',
    frenchName: 'compare',
    kind: 'compare',
    category: 'compare',
    compulsory: 'compare',
    compulsoryFrom: 'compare',
    records: 'skip',
    relations: 'skip',
  },
  added: (c) => `concept ${c.id} (${c.name}) added`,
  removed: (c) => `concept ${c.id} (${c.name}) removed`,
  changed: (c, fields) => `concept ${c.id}: ${fieldNames(fields)} changed`,
};

/** Fields of an inducement (a price list's items are compared one by one, by comparePrices). */
const INDUCEMENT_FIELDS: FieldPlan<Inducement> = {
  id: 'skip',
  edition: 'skip',
  name: 'compare',
  nameFr: 'compare',
  kind: 'compare',
  text: 'text',
  abilities: 'compare',
  spells: 'compare',
  limits: 'compare',
  costs: 'compare',
  priceStated: 'compare',
  priceList: 'skip',
  mentions: 'compare',
  confidence: 'compare',
  note: 'compare',
  blocks: 'skip',
  source: 'skip',
};

const INDUCEMENTS: EntityKind<Inducement> = {
  kind: 'inducement',
  list: (b) => b.inducements,
  id: (r) => r.id,
  fields: INDUCEMENT_FIELDS,
  // A priced inducement's text is its price list, compared item by item (comparePrices).
  planFor: (a, b) => (a.priceList !== null || b.priceList !== null ? { ...INDUCEMENT_FIELDS, text: 'skip' } : INDUCEMENT_FIELDS),
  added: (r) => `inducement ${r.name} added`,
  removed: (r) => `inducement ${r.name} removed`,
  changed: (r, fields) => `inducement ${r.name}: ${fieldNames(fields)} changed`,
};

const LEAGUES: EntityKind<League> = {
  kind: 'league',
  list: (b) => b.leagues,
  id: (l) => l.id,
  // their spellings' line numbers are provenance.
  fields: {
    id: 'skip',
    name: 'compare',
    aliases: 'compare',
  },
  added: (l) => `league ${l.name} added`,
  removed: (l) => `league ${l.name} removed`,
  changed: (l, fields) => `league ${l.name}: ${fieldNames(fields)} changed`,
};

const CROSSWALK_FIELDS: FieldPlan<CrosswalkRow> = {
  record: 'skip',
  concept: 'compare',
  relation: 'compare',
  confidence: 'compare',
  rationale: 'text',
  summary: 'text',
  summaryFr: 'text',
  related: 'compare',
  falseFriend: 'compare',
  declaredBy: 'compare',
};
const RULING_FIELDS: FieldPlan<Ruling> = {
  id: 'skip',
  edition: 'skip',
  question: 'text',
  answer: 'text',
  pages: 'compare',
  pageNote: 'compare',
  records: 'compare',
  occurrences: 'skip',
  source: 'skip',
};

/** Added, removed and common items of two lists, by id. */
function match<T>(before: readonly T[], after: readonly T[], id: (x: T) => string): { added: T[]; removed: T[]; common: [T, T][] } {
  const old = new Map(before.map((x) => [id(x), x]));
  const now = new Map(after.map((x) => [id(x), x]));
  return {
    added: after.filter((x) => !old.has(id(x))),
    removed: before.filter((x) => !now.has(id(x))),
    common: after.filter((x) => old.has(id(x))).map((x) => [old.get(id(x))!, x]),
  };
}

type Push = (kind: ChangeKind, id: string, summary: string, fields?: FieldChange[], previous?: string | null) => void;

/** One entity kind through the comparison; `quiet` ids are reported elsewhere (a rename). */
function compareEntities<T extends object>(
  entity: EntityKind<T>,
  before: DataBundle,
  after: DataBundle,
  push: Push,
  quiet: ReadonlySet<string | null> = new Set(),
): [T, T][] {
  const { added, removed, common } = match(entity.list(before), entity.list(after), entity.id);
  for (const x of added) if (!quiet.has(entity.id(x))) push(`${entity.kind}-added`, entity.id(x), entity.added(x));
  for (const x of removed) if (!quiet.has(entity.id(x))) push(`${entity.kind}-removed`, entity.id(x), entity.removed(x));
  for (const [a, b] of common) {
    if (quiet.has(entity.id(b))) continue;
    const fields = fieldChanges(a, b, entity.planFor?.(a, b) ?? entity.fields);
    if (fields.length) push(`${entity.kind}-changed`, entity.id(b), entity.changed(b, fields), fields);
  }
  return common;
}

/** A record renamed between the two builds: its id before and after (the same when the id was kept). */
interface Rename {
  from: Skill;
  to: Skill;
}

/**
 * Renames: a `renamed` migration new in `after` whose ids are the removed and
 * the added record, or a record whose id stayed while its name changed.
 */
function findRenames(before: DataBundle, after: DataBundle): Rename[] {
  const old = new Map<string | null, Skill>(before.skills.map((r) => [r.id, r]));
  // Keyed by string or null: a migration's target is null for a deletion, which no record's id is.
  const now = new Map<string | null, Skill>(after.skills.map((r) => [r.id, r]));
  const published = new Set(before.migrations.map((m) => `${m.kind} ${m.id}`));
  const migrated = after.migrations
    .filter(
      (m) =>
        m.kind === 'record' &&
        m.action === 'renamed' &&
        !published.has(`${m.kind} ${m.id}`) &&
        old.has(m.id) &&
        !now.has(m.id) &&
        now.has(m.to) &&
        !old.has(m.to),
    )
    .map((m) => ({ from: old.get(m.id)!, to: now.get(m.to)! }));
  const kept = after.skills.filter((r) => old.has(r.id) && old.get(r.id)!.name !== r.name).map((r) => ({ from: old.get(r.id)!, to: r }));
  return [...migrated, ...kept];
}

/** A record merged into another between the two builds: the one that went, as it was, and the one that holds its rule now. */
interface Merge {
  from: Skill;
  into: Skill;
  /** The `merged` migration of the record's concept, when its concept went with it. */
  concept: Migration | null;
}

/** Merges: a `merged` migration new in `after` from a record of `before` that `after` lacks, into a record `after` has. */
function findMerges(before: DataBundle, after: DataBundle): Merge[] {
  const old = new Map<string, Skill>(before.skills.map((r) => [r.id, r]));
  const now = new Map<string | null, Skill>(after.skills.map((r) => [r.id, r]));
  const published = new Set(before.migrations.map((m) => `${m.kind} ${m.id}`));
  const fresh = after.migrations.filter((m) => m.action === 'merged' && !published.has(`${m.kind} ${m.id}`));
  const living = new Set(after.concepts.map((c) => c.id));
  return fresh
    .filter((m) => m.kind === 'record' && old.has(m.id) && !now.has(m.id) && now.has(m.to))
    .map((m) => {
      const from = old.get(m.id)!;
      const concept = living.has(from.concept ?? '') ? undefined : fresh.find((c) => c.kind === 'concept' && c.id === from.concept);
      return { from, into: now.get(m.to)!, concept: concept ?? null };
    });
}

/** The ids a rename or a merge reports once: both record ids, both concept ids, and the migrations that pair them. */
function quietIds(
  renames: readonly Rename[],
  merges: readonly Merge[],
  after: DataBundle,
): { records: Set<string>; concepts: Set<string | null>; migrations: Set<string> } {
  const records = new Set([...renames.flatMap((r) => [r.from.id as string, r.to.id as string]), ...merges.map((m) => m.from.id as string)]);
  // A record without a concept puts null in the set, which no concept's or migration's id is.
  const renamedConcepts = renames.flatMap((r) => [r.from.concept, r.to.concept]);
  const concepts = new Set([...renamedConcepts, ...merges.flatMap((m) => (m.concept ? [m.concept.id] : []))]);
  const migrations = new Set(
    after.migrations.filter((m) => (m.kind === 'record' && records.has(m.id)) || (m.kind === 'concept' && concepts.has(m.id))).map((m) => `${m.kind} ${m.id}`),
  );
  return { records, concepts, migrations };
}

/** One `record-merged` line per merge: what went, where it went, and the concept that went with it. */
function reportMerges(merges: readonly Merge[], push: Push): void {
  for (const { from, into, concept } of merges) {
    const with_ = concept ? `; concept ${concept.id} merged into ${concept.to}` : '';
    push('record-merged', into.id, `${from.edition}: ${from.displayName} merged into ${into.displayName} (${from.id} → ${into.id}${with_})`, [], from.id);
  }
}

/** Survivors whose reviewed crosswalk row is word for word what it was before another record was merged into them: its summary may describe the rule before the merge. */
function mergeReviews(before: DataBundle, after: DataBundle, merges: readonly Merge[]): string[] {
  const rowOf = (data: DataBundle, record: string) => data.crosswalk.find((r) => r.record === record);
  return merges.flatMap(({ from, into }) => {
    const [was, now] = [rowOf(before, into.id), rowOf(after, into.id)];
    if (!was || !now || now.declaredBy !== 'editor' || was.rationale !== now.rationale || was.summary !== now.summary) return [];
    return [`${into.id} took in ${from.id}, but its crosswalk row (rationale and summary) is as it was before the merge: review it`];
  });
}

const words = (text: string) => new Set(text.toLowerCase().match(/\p{L}+|\d+/gu) ?? []);
function similarity(a: string, b: string): number {
  const x = words(a);
  const y = words(b);
  let both = 0;
  for (const w of x) if (y.has(w)) both++;
  return both / Math.max(1, x.size + y.size - both);
}

/**
 * A removed and an added ruling are one ruling whose question was reworded
 * when they are printed under the same records and their questions share most
 * words, or their answers are the same.
 */
function pairReworded(removed: Ruling[], added: Ruling[]): [Ruling, Ruling][] {
  // Stryker disable next-line ArrayDeclaration: a placeholder string in the list pairs two characters, which have no ruling field: no change and no id is reported for it
  const pairs: [Ruling, Ruling][] = [];
  const taken = new Set<string>();
  for (const old of removed) {
    const printedUnder = JSON.stringify(old.occurrences.map((o) => o.record).sort());
    const candidates = added
      .filter((now) => !taken.has(now.id) && JSON.stringify(now.occurrences.map((o) => o.record).sort()) === printedUnder)
      .map((now) => ({ now, score: Math.max(similarity(old.question, now.question), old.answer === now.answer ? 0.99 : 0) }))
      .filter((c) => c.score >= 0.5)
      .sort((a, b) => b.score - a.score);
    const best = candidates[0];
    if (best) {
      taken.add(best.now.id);
      pairs.push([old, best.now]);
    }
  }
  return pairs;
}

interface ItemChange {
  /** 1-based: in the new list, or in the old one for a removed item. */
  position: number;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/**
 * Two lists' items aligned by content, as a sequence diff aligns lines: an
 * item inserted or removed anywhere is one change, and the items around it
 * are not. Within one run of removed and added items, an item pairs first
 * with one that prices the same thing (all but its text and cost: a price
 * changed next to an inserted bullet is one change, the insertion another),
 * then the rest in order, as items changed in place; the others are added or
 * removed.
 */
function priceItemChanges(before: readonly PriceItem[], after: readonly PriceItem[]): ItemChange[] {
  const key = (item: PriceItem) => JSON.stringify(withoutProvenance(item));
  const out: ItemChange[] = [];
  let [oldAt, newAt] = [0, 0];
  let run: { removed: number[]; added: number[] } = { removed: [], added: [] };
  const flush = () => {
    const item = (list: readonly PriceItem[], i: number | undefined) => (i === undefined ? null : (withoutProvenance(list[i]) as Record<string, unknown>));
    for (const [o, n] of pairRun(run, (o, n) => what(before[o]!) === what(after[n]!)))
      out.push({ position: (n ?? o!) + 1, before: item(before, o), after: item(after, n) });
    run = { removed: [], added: [] };
  };
  for (const part of diffArrays(before.map(key), after.map(key))) {
    if (!part.added && !part.removed) flush();
    for (let i = 0; i < part.count; i++) {
      if (part.removed) run.removed.push(oldAt++);
      else if (part.added) run.added.push(newAt++);
      else [oldAt, newAt] = [oldAt + 1, newAt + 1];
    }
  }
  flush();
  return out;
}

/** What a price item prices: the item without its wording and its cost. */
const what = (item: PriceItem): string => JSON.stringify({ ...(withoutProvenance(item) as Record<string, unknown>), text: null, cost: null });

/**
 * One run of removed and added items (old and new indexes) as pairs: first
 * each removed item with the first added one `alike` says prices the same,
 * then the rest in order; a pair may lack either side. (In no set order:
 * compareBundles sorts the changes by id.)
 */
function pairRun(run: { removed: number[]; added: number[] }, alike: (o: number, n: number) => boolean): [number | undefined, number | undefined][] {
  const pairs: [number | undefined, number | undefined][] = [];
  const [removed, added] = [[...run.removed], [...run.added]];
  for (const o of run.removed) {
    const n = added.find((candidate) => alike(o, candidate));
    if (n === undefined) continue;
    pairs.push([o, n]);
    removed.splice(removed.indexOf(o), 1);
    added.splice(added.indexOf(n), 1);
  }
  for (let i = 0; i < Math.max(removed.length, added.length); i++) pairs.push([removed[i], added[i]]);
  return pairs;
}

/** Every field of two price items that moved. */
function itemFields(before: Record<string, unknown>, after: Record<string, unknown>): FieldChange[] {
  return Object.keys(after)
    .filter((field) => !same(before[field], after[field]))
    .map((field) => ({
      field,
      before: before[field] ?? null,
      after: after[field] ?? null,
      words:
        // A price item's text is a string (the schema says so).
        field === 'text' ? wordDiff(before[field] as string, after[field] as string) : null,
    }));
}

function comparePrices(pairs: readonly [Inducement, Inducement][], push: Push): void {
  for (const [a, b] of pairs) {
    for (const item of priceItemChanges(a.priceList?.items ?? [], b.priceList?.items ?? [])) {
      const text = (item.after ?? item.before) as { text: string };
      const fields = item.before && item.after ? itemFields(item.before, item.after) : [{ field: 'item', before: item.before, after: item.after, words: null }];
      const what = item.after ? `item ${item.position}` : `item ${item.position} of the previous list`;
      // An item added or removed whole is named by its text; a changed one lists its fields, before → after.
      const how = !item.before
        ? 'added'
        : !item.after
          ? 'removed'
          : fields.map((f) => `${f.field} ${JSON.stringify(f.before)} → ${JSON.stringify(f.after)}`).join('; ');
      push('price-changed', `${b.id}#${item.after ? item.position : `${item.position}-removed`}`, `${b.name}, ${what} ("${text.text}"): ${how}`, fields);
    }
    if (!same(withoutProvenance(a.priceList?.minimumCost ?? null), withoutProvenance(b.priceList?.minimumCost ?? null))) {
      push('price-changed', `${b.id}#minimum`, `${b.name}: minimum cost ${a.priceList?.minimumCost ?? 'none'} → ${b.priceList?.minimumCost ?? 'none'}`, [
        { field: 'minimumCost', before: a.priceList?.minimumCost ?? null, after: b.priceList?.minimumCost ?? null, words: null },
      ]);
    }
  }
}

/** Crosswalk rows: added (a renamed record's row follows its rename), and changed field by field. */
function compareCrosswalk(before: DataBundle, after: DataBundle, push: Push, quiet: ReadonlySet<string>): void {
  const { added, common } = match(before.crosswalk, after.crosswalk, (r) => r.record);
  for (const row of added)
    if (!quiet.has(row.record)) push('crosswalk-added', row.record, `${row.record} → ${row.concept} (${row.relation}, ${row.confidence})`);
  for (const [old, row] of common) {
    const fields = fieldChanges(old, row, CROSSWALK_FIELDS);
    if (fields.length)
      push(
        'crosswalk-changed',
        row.record,
        `${row.record}: ${fields.map((f) => `${f.field} ${JSON.stringify(f.before)} → ${JSON.stringify(f.after)}`).join('; ')}`,
        fields,
      );
  }
}

function compareRulings(before: DataBundle, after: DataBundle, push: Push): void {
  const rulings = match(before.rulings, after.rulings, (r) => r.id);
  const pairs = pairReworded(rulings.removed, rulings.added);
  const paired = new Set(pairs.flatMap(([a, b]) => [a.id, b.id]));
  for (const r of rulings.added)
    if (!paired.has(r.id)) push('ruling-added', r.id, `ruling added under ${r.occurrences.map((o) => o.record).join(', ')}: "${r.question}"`);
  for (const r of rulings.removed)
    if (!paired.has(r.id)) push('ruling-removed', r.id, `ruling removed from ${r.occurrences.map((o) => o.record).join(', ')}: "${r.question}"`);
  for (const [a, b] of [...rulings.common, ...pairs]) {
    const fields = fieldChanges(a, b, RULING_FIELDS);
    if (!fields.length) continue;
    const what = fields.map((f) => (f.field === 'answer' ? 're-answered' : f.field === 'question' ? 'question reworded' : `${f.field} changed`)).join(', ');
    push('ruling-changed', b.id, `ruling ${a.id === b.id ? b.id : `${a.id} → ${b.id}`}: ${what}`, fields, a.id === b.id ? null : a.id);
  }
}

/**
 * Random-table slots whose holder changed (a record, or a declared vacancy: a
 * withdrawn skill's slot becoming `vacant` or `re-roll` is one slot-moved
 * line); a slot that passed from a record to its renamed self did not move.
 */
function compareSlots(before: DataBundle, after: DataBundle, push: Push, renamedTo: ReadonlyMap<string | null, string>): void {
  type Held = { record: string | null; vacancy: string | null };
  const slotKey = (table: string, roll: string, d6: number) => `${table} ${roll}·${d6}`;
  // An older contract's slot has no `vacancy`: it read as null.
  const slotsOf = (data: DataBundle) =>
    new Map(
      data.randomTables.flatMap((t) => t.slots.map((s) => [slotKey(t.id, s.roll, s.d6), { record: s.record, vacancy: s.vacancy ?? null } as Held] as const)),
    );
  const [oldSlots, newSlots] = [slotsOf(before), slotsOf(after)];
  const shown = (held: Held | null) => held?.record ?? held?.vacancy ?? 'empty';
  for (const key of new Set([...oldSlots.keys(), ...newSlots.keys()])) {
    const [a, b] = [oldSlots.get(key) ?? null, newSlots.get(key) ?? null];
    const [ra, rb, va, vb] = [a?.record ?? null, b?.record ?? null, a?.vacancy ?? null, b?.vacancy ?? null];
    if ((ra === rb && va === vb) || renamedTo.get(ra) === rb) continue;
    const fields = [
      ...(ra !== rb ? [{ field: 'record', before: ra, after: rb, words: null }] : []),
      ...(va !== vb ? [{ field: 'vacancy', before: va, after: vb, words: null }] : []),
    ];
    push('slot-moved', key, `slot ${key}: ${shown(a)} → ${shown(b)}`, fields, ra);
  }
}

/** Rulings whose text still names a record that was removed, renamed or merged: the FAQ may need an erratum. */
function staleNames(after: DataBundle, gone: readonly { name: string; now: string | null; merged?: boolean }[]): string[] {
  const warnings: string[] = [];
  for (const { name, now, merged } of gone) {
    const what = now === null ? 'which was removed' : merged ? `merged into "${now}"` : `renamed to "${now}"`;
    for (const ruling of after.rulings) {
      if (namesWord(ruling.question, name) || namesWord(ruling.answer, name)) warnings.push(`ruling ${ruling.id} still names "${name}", ${what}`);
    }
  }
  return warnings.sort(compare);
}

/** Whether `text` holds `name` as whole words (no letter or digit right before or after it). */
export function namesWord(text: string, name: string): boolean {
  const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + 1)) {
    if (!isWordChar(text[at - 1]) && !isWordChar(text[at + name.length])) return true;
  }
  return false;
}

export function compareBundles(before: DataBundle, after: DataBundle): Changelog {
  const changes: Change[] = [];
  const push: Push = (kind, id, summary, fields = [], previous = null) => void changes.push({ kind, id, summary, fields, previous });

  const renames = findRenames(before, after);
  const merges = findMerges(before, after);
  const quiet = quietIds(renames, merges, after);
  for (const { from, to } of renames) {
    const ids = from.id === to.id ? `id ${to.id} kept` : `${from.id} → ${to.id}`;
    push(
      'record-renamed',
      to.id,
      `${to.edition}: ${from.displayName} → ${to.displayName} (${ids})`,
      fieldChanges({ ...from, id: to.id }, to, RECORDS.fields),
      from.id,
    );
  }
  reportMerges(merges, push);
  compareEntities(EDITIONS, before, after, push);
  const records = match(before.skills, after.skills, (r) => r.id);
  compareEntities(RECORDS, before, after, push, quiet.records);
  compareCrosswalk(before, after, push, quiet.records);
  compareEntities(CONCEPTS, before, after, push, quiet.concepts);
  compareRulings(before, after, push);
  const successor = [
    ...renames.map((r) => [r.from.id as string, r.to.id as string] as const),
    ...merges.map((m) => [m.from.id as string, m.into.id as string] as const),
  ];
  compareSlots(before, after, push, new Map(successor));
  comparePrices(compareEntities(INDUCEMENTS, before, after, push), push);
  compareEntities(LEAGUES, before, after, push);
  compareMigrations(before, after, push, quiet.migrations);

  changes.sort((a, b) => CHANGE_KINDS.indexOf(a.kind) - CHANGE_KINDS.indexOf(b.kind) || compare(a.id, b.id));
  const counts: Partial<Record<ChangeKind, number>> = {};
  for (const c of changes) counts[c.kind] = (counts[c.kind] ?? 0) + 1;
  const gone = [
    ...renames.map((r) => ({ name: r.from.name, now: r.to.name })),
    ...merges.map((m) => ({ name: m.from.name, now: m.into.name, merged: true })),
    ...records.removed.filter((r) => !quiet.records.has(r.id)).map((r) => ({ name: r.name, now: null })),
  ];
  return {
    from: { datasetVersion: before.meta.datasetVersion, schemaVersion: before.meta.schemaVersion },
    to: { datasetVersion: after.meta.datasetVersion, schemaVersion: after.meta.schemaVersion },
    counts,
    changes,
    warnings: [...staleNames(after, gone), ...mergeReviews(before, after, merges)],
  };
}

/** Migrations published in `after` that `before` had not, but those a rename or a merge already reported. */
function compareMigrations(before: DataBundle, after: DataBundle, push: Push, quiet: ReadonlySet<string>): void {
  const published = new Set(before.migrations.map((m: Migration) => `${m.kind} ${m.id}`));
  for (const m of after.migrations) {
    const key = `${m.kind} ${m.id}`;
    if (!published.has(key) && !quiet.has(key)) push('migration-added', m.id, `${m.kind} ${m.id} ${m.action}${m.to ? ` → ${m.to}` : ''}: ${m.note}`);
  }
}

/** `--fail-on` categories → the changes they catch. A rename or a reviewed merge is neither a removal nor an addition. */
export const FAIL_ON: Record<string, (c: Change) => boolean> = {
  added: (c) => c.kind.endsWith('-added'),
  removed: (c) => c.kind.endsWith('-removed'),
  changed: (c) => c.kind.endsWith('-changed') || c.kind === 'slot-moved',
  renamed: (c) => c.kind === 'record-renamed',
  merged: (c) => c.kind === 'record-merged',
  text: (c) => (c.kind === 'record-changed' || c.kind === 'record-renamed') && c.fields.some((f) => f.field === 'text'),
  relation: (c) => c.kind === 'crosswalk-changed' && c.fields.some((f) => f.field === 'relation'),
  concept: (c) => c.kind.startsWith('concept-') || (c.kind === 'crosswalk-changed' && c.fields.some((f) => f.field === 'concept')),
  confidence: (c) => c.kind === 'crosswalk-changed' && c.fields.some((f) => f.field === 'confidence'),
  ruling: (c) => c.kind.startsWith('ruling-'),
  slot: (c) => c.kind === 'slot-moved',
  price: (c) => c.kind === 'price-changed',
  inducement: (c) => c.kind.startsWith('inducement-') || c.kind === 'price-changed',
  // An edition added, removed or changed: above all, another edition giving the current rules (a new rules revision).
  edition: (c) => c.kind.startsWith('edition-'),
};
