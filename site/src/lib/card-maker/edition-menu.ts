/**
 * The card page's edition menu: each edition that has cards, named in the
 * page's language with its standing (edition-status.ts `editionLabels`: the
 * rules in force, or an older edition), so an organiser sees which to print.
 * The words are the option's text only; its value is the edition's id, what
 * the deck, the link, the command and the PDF read.
 */
import type { Standing, StandingLabel } from '../edition-status.ts';
import { editionLang, editionName, type Locale } from '../i18n.ts';

/** One option of the menu, and its line in the list under the menu. */
export interface EditionChoice {
  /** The edition's id: the option's value. */
  value: string;
  /** The edition's name and its standing: `Blood Bowl 2025 traits (English) — Current rules (2025)`. */
  text: string;
  /** The language of the edition's name. */
  lang: string;
  /** The edition's name alone, and its standing alone, for the list under the menu. */
  name: string;
  standing: Standing;
  label: string;
  /** Why an older edition may still be the one to print (`editionLabel`'s note), or null. */
  note: string | null;
}

/** The menu's options, in the editions' order: each edition with its label from `labels` (every edition has one: a missing one is the caller's error). */
export function editionChoices(
  editions: readonly { id: string; label: string; lang: string }[],
  labels: ReadonlyMap<string, StandingLabel>,
  locale: Locale,
): EditionChoice[] {
  return editions.map((edition) => {
    const standing = labels.get(edition.id);
    if (!standing) throw new Error(`edition ${edition.id} has no standing`);
    const name = editionName(edition, locale);
    return {
      value: edition.id,
      text: `${name} — ${standing.label}`,
      lang: editionLang(edition, locale),
      name,
      standing: standing.standing,
      label: standing.label,
      note: standing.note,
    };
  });
}
