/**
 * What changed between two builds of the dataset: a pure function of two
 * `dist/data` bundles. Changes are reported once, where they happen:
 * - records added, removed, or changed field by field (text as a word diff);
 *   their concept, slots and rulings are reported by the crosswalk, table and
 *   ruling changes, not again on the record;
 * - crosswalk rows whose concept, relation, confidence or rationale moved;
 * - rulings added, removed, re-answered or re-linked; a ruling whose question
 *   was reworded (new id) is paired with its old self and reported as changed;
 * - random-table slots that moved;
 * - concepts, inducements (price-list items one by one, aligned by content),
 *   leagues and migrations.
 * Provenance (`source`, line numbers) shifts whenever a file is edited above a
 * record, so it is left out: a changelog says what the rules say differently.
 */
import { diffArrays, diffWords } from 'diff';
import type { DataBundle } from '../model/dataset.ts';
import { compare } from '../model/order.ts';
import type { PriceItem, Ruling } from '../model/schema-types.ts';

export const CHANGE_KINDS = [
  'record-added',
  'record-removed',
  'record-changed',
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
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export interface WordPart {
  value: string;
  op: 'same' | 'added' | 'removed';
}

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
  /** For text fields: the word-level diff. */
  words: WordPart[] | null;
}

export interface Change {
  kind: ChangeKind;
  /** The id the change is about (for a reworded ruling, the new id). */
  id: string;
  /** One line a person reads. */
  summary: string;
  /** For changes: each field that moved. */
  fields: FieldChange[];
  /** For a reworded ruling, its previous id; for a moved slot, the record it held. */
  previous: string | null;
}

export interface Changelog {
  from: { datasetVersion: string; schemaVersion: string };
  to: { datasetVersion: string; schemaVersion: string };
  counts: Partial<Record<ChangeKind, number>>;
  changes: Change[];
}

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

function fieldChanges(before: Record<string, unknown>, after: Record<string, unknown>, fields: readonly string[], textFields: readonly string[] = []): FieldChange[] {
  const out: FieldChange[] = [];
  for (const field of fields) {
    const a = withoutProvenance(before[field]);
    const b = withoutProvenance(after[field]);
    if (same(a, b)) continue;
    out.push({ field, before: a ?? null, after: b ?? null, words: textFields.includes(field) && typeof a === 'string' && typeof b === 'string' ? wordDiff(a, b) : null });
  }
  return out;
}

interface Keyed {
  id: string;
}

/** Added, removed and common items of two lists keyed by id. */
function match<T extends Keyed>(before: readonly T[], after: readonly T[]): { added: T[]; removed: T[]; common: [T, T][] } {
  const old = new Map(before.map((x) => [x.id, x]));
  const now = new Map(after.map((x) => [x.id, x]));
  return {
    added: after.filter((x) => !old.has(x.id)),
    removed: before.filter((x) => !now.has(x.id)),
    common: after.filter((x) => old.has(x.id)).map((x) => [old.get(x.id)!, x]),
  };
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
 * are not. Within one run of removed and added items, they pair in order as
 * items changed in place; the rest are added or removed.
 */
function priceItemChanges(before: readonly PriceItem[], after: readonly PriceItem[]): ItemChange[] {
  const key = (item: PriceItem) => JSON.stringify(withoutProvenance(item));
  const out: ItemChange[] = [];
  let [oldAt, newAt] = [0, 0];
  let run: { removed: number[]; added: number[] } = { removed: [], added: [] };
  const flush = () => {
    const item = (list: readonly PriceItem[], i: number | undefined) => (i === undefined ? null : (withoutProvenance(list[i]) as Record<string, unknown>));
    for (let i = 0; i < Math.max(run.removed.length, run.added.length); i++) {
      const [o, n] = [run.removed[i], run.added[i]];
      out.push({ position: (n ?? o!) + 1, before: item(before, o), after: item(after, n) });
    }
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

const RECORD_FIELDS = ['name', 'displayName', 'parameter', 'compulsory', 'kind', 'category', 'text', 'games'] as const;
const CONCEPT_FIELDS = ['name', 'names', 'kind', 'category', 'compulsory', 'compulsoryFrom'] as const;
const CROSSWALK_FIELDS = ['concept', 'relation', 'confidence', 'rationale', 'related', 'falseFriend', 'declaredBy'] as const;
const RULING_FIELDS = ['question', 'answer', 'pages', 'pageNote', 'records'] as const;
const INDUCEMENT_FIELDS = ['name', 'kind', 'text', 'abilities', 'spells', 'limits', 'costs', 'mentions', 'confidence', 'note'] as const;

export function compareBundles(before: DataBundle, after: DataBundle): Changelog {
  const changes: Change[] = [];
  const push = (kind: ChangeKind, id: string, summary: string, fields: FieldChange[] = [], previous: string | null = null) => changes.push({ kind, id, summary, fields, previous });
  const asRecord = (x: unknown) => x as Record<string, unknown>;

  // Records.
  const records = match(before.skills, after.skills);
  for (const r of records.added) push('record-added', r.id, `${r.edition}: ${r.displayName} added (${r.kind}, ${r.category})`);
  for (const r of records.removed) push('record-removed', r.id, `${r.edition}: ${r.displayName} removed`);
  for (const [a, b] of records.common) {
    const fields = fieldChanges(asRecord(a), asRecord(b), RECORD_FIELDS, ['text']);
    if (fields.length) push('record-changed', b.id, `${b.edition}: ${b.displayName}: ${fields.map((f) => f.field).join(', ')} changed`, fields);
  }

  // Crosswalk rows of records present in both builds (a new record's row is part of its addition).
  const oldRows = new Map(before.crosswalk.map((r) => [r.record, r]));
  for (const row of after.crosswalk) {
    const old = oldRows.get(row.record);
    if (!old) continue;
    const fields = fieldChanges(asRecord(old), asRecord(row), CROSSWALK_FIELDS, ['rationale']);
    if (fields.length) push('crosswalk-changed', row.record, `${row.record}: ${fields.map((f) => `${f.field} ${JSON.stringify(f.before)} → ${JSON.stringify(f.after)}`).join('; ')}`, fields);
  }

  // Concepts.
  const concepts = match(before.concepts, after.concepts);
  for (const c of concepts.added) push('concept-added', c.id, `concept ${c.id} (${c.name}) added`);
  for (const c of concepts.removed) push('concept-removed', c.id, `concept ${c.id} (${c.name}) removed`);
  for (const [a, b] of concepts.common) {
    const fields = fieldChanges(asRecord(a), asRecord(b), CONCEPT_FIELDS);
    if (fields.length) push('concept-changed', b.id, `concept ${b.id}: ${fields.map((f) => f.field).join(', ')} changed`, fields);
  }

  // Rulings, with reworded questions paired.
  const rulings = match(before.rulings, after.rulings);
  const pairs = pairReworded(rulings.removed, rulings.added);
  const paired = new Set(pairs.flatMap(([a, b]) => [a.id, b.id]));
  for (const r of rulings.added) if (!paired.has(r.id)) push('ruling-added', r.id, `ruling added under ${r.occurrences.map((o) => o.record).join(', ')}: "${r.question}"`);
  for (const r of rulings.removed) if (!paired.has(r.id)) push('ruling-removed', r.id, `ruling removed from ${r.occurrences.map((o) => o.record).join(', ')}: "${r.question}"`);
  for (const [a, b] of [...rulings.common, ...pairs]) {
    const fields = fieldChanges(asRecord(a), asRecord(b), RULING_FIELDS, ['question', 'answer']);
    if (!fields.length) continue;
    const what = fields.map((f) => (f.field === 'answer' ? 're-answered' : f.field === 'question' ? 'question reworded' : `${f.field} changed`)).join(', ');
    push('ruling-changed', b.id, `ruling ${a.id === b.id ? b.id : `${a.id} → ${b.id}`}: ${what}`, fields, a.id === b.id ? null : a.id);
  }

  // Random-table slots.
  const slotKey = (table: string, roll: string, d6: number) => `${table} ${roll}·${d6}`;
  const oldSlots = new Map(before.randomTables.flatMap((t) => t.slots.map((s) => [slotKey(t.id, s.roll, s.d6), s.record] as const)));
  const newSlots = new Map(after.randomTables.flatMap((t) => t.slots.map((s) => [slotKey(t.id, s.roll, s.d6), s.record] as const)));
  for (const key of [...new Set([...oldSlots.keys(), ...newSlots.keys()])].sort(compare)) {
    const [a, b] = [oldSlots.get(key) ?? null, newSlots.get(key) ?? null];
    if (a !== b) push('slot-moved', key, `slot ${key}: ${a ?? 'empty'} → ${b ?? 'empty'}`, [{ field: 'record', before: a, after: b, words: null }], a);
  }

  // Inducements: price-list items one by one, the rest field by field.
  const inducements = match(before.inducements, after.inducements);
  for (const r of inducements.added) push('inducement-added', r.id, `inducement ${r.name} added`);
  for (const r of inducements.removed) push('inducement-removed', r.id, `inducement ${r.name} removed`);
  for (const [a, b] of inducements.common) {
    const priced = a.priceList !== null || b.priceList !== null;
    const fields = fieldChanges(asRecord(a), asRecord(b), INDUCEMENT_FIELDS.filter((f) => !(priced && f === 'text')), ['text']);
    if (fields.length) push('inducement-changed', b.id, `inducement ${b.name}: ${fields.map((f) => f.field).join(', ')} changed`, fields);
    for (const item of priceItemChanges(a.priceList?.items ?? [], b.priceList?.items ?? [])) {
      const text = (item.after ?? item.before) as { text?: string };
      const fields = item.before && item.after ? fieldChanges(item.before, item.after, Object.keys(item.after), ['text']) : [{ field: 'item', before: item.before, after: item.after, words: null }];
      const what = item.after ? `item ${item.position}` : `item ${item.position} of the previous list`;
      push('price-changed', `${b.id}#${item.after ? item.position : `${item.position}-removed`}`, `${b.name}, ${what} ("${text.text ?? ''}"): ${fields.map((f) => `${f.field} ${JSON.stringify(f.before)} → ${JSON.stringify(f.after)}`).join('; ')}`, fields);
    }
    if (!same(withoutProvenance(a.priceList?.minimumCost ?? null), withoutProvenance(b.priceList?.minimumCost ?? null))) {
      push('price-changed', `${b.id}#minimum`, `${b.name}: minimum cost ${a.priceList?.minimumCost ?? 'none'} → ${b.priceList?.minimumCost ?? 'none'}`, [{ field: 'minimumCost', before: a.priceList?.minimumCost ?? null, after: b.priceList?.minimumCost ?? null, words: null }]);
    }
  }

  // Leagues (their spellings' line numbers are provenance).
  const leagues = match(before.leagues, after.leagues);
  for (const l of leagues.added) push('league-added', l.id, `league ${l.name} added`);
  for (const l of leagues.removed) push('league-removed', l.id, `league ${l.name} removed`);
  for (const [a, b] of leagues.common) {
    const fields = fieldChanges(asRecord(a), asRecord(b), ['name', 'aliases']);
    if (fields.length) push('league-changed', b.id, `league ${b.name}: ${fields.map((f) => f.field).join(', ')} changed`, fields);
  }

  // Migrations published since.
  const oldMigrations = new Set((before.migrations ?? []).map((m) => `${m.kind} ${m.id}`));
  for (const m of after.migrations ?? []) if (!oldMigrations.has(`${m.kind} ${m.id}`)) push('migration-added', m.id, `${m.kind} ${m.id} ${m.action}${m.to ? ` → ${m.to}` : ''}: ${m.note}`);

  changes.sort((a, b) => CHANGE_KINDS.indexOf(a.kind) - CHANGE_KINDS.indexOf(b.kind) || compare(a.id, b.id));
  const counts: Partial<Record<ChangeKind, number>> = {};
  for (const c of changes) counts[c.kind] = (counts[c.kind] ?? 0) + 1;
  return {
    from: { datasetVersion: before.meta.datasetVersion, schemaVersion: before.meta.schemaVersion },
    to: { datasetVersion: after.meta.datasetVersion, schemaVersion: after.meta.schemaVersion },
    counts,
    changes,
  };
}

/** `--fail-on` categories → the changes they catch. */
export const FAIL_ON: Record<string, (c: Change) => boolean> = {
  added: (c) => c.kind.endsWith('-added'),
  removed: (c) => c.kind.endsWith('-removed'),
  changed: (c) => c.kind.endsWith('-changed') || c.kind === 'slot-moved',
  text: (c) => c.kind === 'record-changed' && c.fields.some((f) => f.field === 'text'),
  relation: (c) => c.kind === 'crosswalk-changed' && c.fields.some((f) => f.field === 'relation'),
  concept: (c) => c.kind.startsWith('concept-') || (c.kind === 'crosswalk-changed' && c.fields.some((f) => f.field === 'concept')),
  confidence: (c) => c.kind === 'crosswalk-changed' && c.fields.some((f) => f.field === 'confidence'),
  ruling: (c) => c.kind.startsWith('ruling-'),
  slot: (c) => c.kind === 'slot-moved',
  price: (c) => c.kind === 'price-changed',
  inducement: (c) => c.kind.startsWith('inducement-') || c.kind === 'price-changed',
};
