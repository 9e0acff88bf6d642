/** Small derived views over dataset records that several pages share. */
import type { Concept, Inducement, Skill } from './dataset.ts';
import type { CrosswalkRow } from '../../../pipeline/model/schema-types.ts';
import type { Locale } from './i18n.ts';

/**
 * A crosswalk row's reader summary in the page's language: the French one on a
 * French page when the row has it (older data may not), else the English one;
 * with its language, for the `lang` attribute. Null when the row has none.
 */
export function readerSummary(row: Pick<CrosswalkRow, 'summary'> & { summaryFr?: string | null }, locale: Locale): { text: string; lang: 'en' | 'fr' } | null {
  if (locale === 'fr' && row.summaryFr) return { text: row.summaryFr, lang: 'fr' };
  return row.summary ? { text: row.summary, lang: 'en' } : null;
}

/** An inducement's name in the page's language: its reviewed French name on a French page when it has one, else the notes' English name; with its language. */
export function inducementName(inducement: Pick<Inducement, 'name'> & { nameFr?: string | null }, locale: Locale): { name: string; lang: 'en' | 'fr' } {
  return locale === 'fr' && inducement.nameFr ? { name: inducement.nameFr, lang: 'fr' } : { name: inducement.name, lang: 'en' };
}

/** A French page puts the wordings in French first (the reader's own), then the others in the order given. */
export function readerFirst<T extends { lang: string }>(records: readonly T[], locale: Locale): T[] {
  return locale === 'fr' ? [...records.filter((r) => r.lang === 'fr'), ...records.filter((r) => r.lang !== 'fr')] : [...records];
}

/**
 * What a concept page says under "Compulsory": the value and the edition of
 * the record that gives it (the concept's `compulsoryFrom`, the English 2020
 * record; else a record whose source marks compulsory names), or, when no
 * record of the rule marks it, the editions that have the rule, none of which
 * marks compulsory names. Never an edition the rule is not in.
 */
type CompulsoryFact = { value: boolean; edition: string } | { value: null; editions: string[] };

export function compulsoryFact(concept: Concept, records: readonly Skill[]): CompulsoryFact {
  const { compulsory, compulsoryFrom } = concept as { compulsory?: boolean | null; compulsoryFrom?: string | null };
  const defining = records.find((r) => r.id === compulsoryFrom) ?? records.find((r) => typeof r.compulsory === 'boolean');
  const value = compulsory ?? defining?.compulsory ?? null;
  if (defining && typeof value === 'boolean') return { value, edition: defining.edition };
  return { value: null, editions: [...new Set(records.map((r) => r.edition))] };
}

/** The URL segment of an inducement: its id without the edition (`bloodweiser-kegs`). */
export function inducementSlug(inducement: Inducement): string {
  return inducement.id.slice(inducement.id.indexOf('/') + 1);
}

/** Every concept an inducement names: in its text, its spells and its price list. */
export function inducementConcepts(i: Inducement): Set<string> {
  const ids = new Set(i.mentions);
  for (const spell of i.spells) for (const c of spell.mentions) ids.add(c);
  for (const item of i.priceList?.items ?? []) {
    for (const c of item.except) ids.add(c);
    for (const c of item.removes) ids.add(c);
    for (const s of item.skills) ids.add(s.concept);
  }
  return ids;
}

export function mentionsConcept(i: Inducement, conceptId: string): boolean {
  return inducementConcepts(i).has(conceptId);
}
