/**
 * Which wording is current (issue 36, item 8), on literal editions: each
 * edition's standing among those a page shows (site/src/lib/edition-status.ts),
 * and its label in both languages (site/src/lib/i18n.ts `standing`).
 */
import { describe, expect, it } from 'vitest';
import {
  type EditionFacts,
  editionLabel,
  editionLabels,
  editionStanding,
  editionsShown,
  rulesInForce,
  standingLabels,
  standingsOf,
} from '../../site/src/lib/edition-status.ts';
import { strings } from '../../site/src/lib/i18n.ts';

const edition = (id: string, year: number, status: EditionFacts['status'], circa = false): EditionFacts => ({ id, year, circa, status });
const TRAITS_2025 = edition('en-traits-alt', 2025, 'current');
const RULES_2020 = edition('en-2020', 2020, 'superseded');
const OLD_FRENCH = edition('fr-legacy', 2006, 'superseded', true);
const NOTES_2020 = edition('en-2020-inducements', 2020, 'superseded');
const ALL = [RULES_2020, NOTES_2020, TRAITS_2025, OLD_FRENCH];

const labels = (shown: EditionFacts[], kind: 'skill' | 'trait', locale: 'en' | 'fr' = 'en', all = ALL) =>
  Object.fromEntries([...standingLabels(shown, all, kind, strings(locale).standing)].map(([id, l]) => [id, [l.standing, l.label, l.note]]));

describe('standingsOf', () => {
  it('a trait with its 2025, 2020 and French wordings: 2025 is current, the others older', () =>
    expect(Object.fromEntries(standingsOf([RULES_2020, TRAITS_2025, OLD_FRENCH]))).toEqual({
      'en-2020': 'older',
      'en-traits-alt': 'current',
      'fr-legacy': 'older',
    }));

  it('a skill with its 2020 and French wordings only: 2020 is the newest, never current', () =>
    expect(Object.fromEntries(standingsOf([OLD_FRENCH, RULES_2020]))).toEqual({ 'en-2020': 'newest', 'fr-legacy': 'older' }));

  it('one edition alone: current when marked so, else the newest', () => {
    expect(Object.fromEntries(standingsOf([TRAITS_2025]))).toEqual({ 'en-traits-alt': 'current' });
    expect(Object.fromEntries(standingsOf([OLD_FRENCH]))).toEqual({ 'fr-legacy': 'newest' });
  });

  it('two current editions (a text and its translation) are both current; two of the newest year both newest', () => {
    expect(Object.fromEntries(standingsOf([TRAITS_2025, edition('fr-2025', 2025, 'current'), RULES_2020]))).toEqual({
      'en-traits-alt': 'current',
      'fr-2025': 'current',
      'en-2020': 'older',
    });
    expect(Object.fromEntries(standingsOf([RULES_2020, edition('fr-2020', 2020, 'superseded'), OLD_FRENCH]))).toEqual({
      'en-2020': 'newest',
      'fr-2020': 'newest',
      'fr-legacy': 'older',
    });
  });

  it('reads the reviewed status, not the year: a newer superseded edition beside an older current one is older', () =>
    expect(Object.fromEntries(standingsOf([edition('preview', 2026, 'superseded'), TRAITS_2025]))).toEqual({ preview: 'older', 'en-traits-alt': 'current' }));

  it('lists an edition shown twice (a rule split in two records) once', () =>
    expect([...standingsOf([RULES_2020, RULES_2020, OLD_FRENCH]).keys()]).toEqual(['en-2020', 'fr-legacy']));
});

describe('rulesInForce', () => {
  it('is the year of the current editions', () => expect(rulesInForce(ALL)).toBe(2025));
  it('is null when no edition is marked current', () => expect(rulesInForce([RULES_2020, OLD_FRENCH])).toBeNull());
});

describe('standingLabels', () => {
  it('a trait in 2025, 2020 and French: current rules, and two older editions, one of them dated approximately', () =>
    expect(labels([RULES_2020, TRAITS_2025, OLD_FRENCH], 'trait')).toEqual({
      'en-2020': ['older', 'Older edition (2020)', null],
      'en-traits-alt': ['current', 'Current rules (2025)', null],
      'fr-legacy': ['older', 'Older edition (c. 2006)', null],
    }));

  it('a skill in 2020 and French while the 2025 rules are current: 2020 is the newest wording, and the page says the current rules are not in the sources', () =>
    expect(labels([RULES_2020, OLD_FRENCH], 'skill')).toEqual({
      'en-2020': ['newest', '2020 — newest wording in the sources', 'The current 2025 rules are not in the sources for this skill.'],
      'fr-legacy': ['older', 'Older edition (c. 2006)', null],
    }));

  it('the same in French', () =>
    expect(labels([OLD_FRENCH, RULES_2020], 'skill', 'fr')).toEqual({
      'fr-legacy': ['older', 'Édition antérieure (vers 2006)', null],
      'en-2020': [
        'newest',
        '2020 — formulation la plus récente des sources',
        'Les règles en vigueur (2025) ne sont pas dans les sources pour cette compétence.',
      ],
    }));

  it('one edition: a rule only the current text has is current; a rule only an old list has is that list’s, with the note', () => {
    expect(labels([TRAITS_2025], 'trait', 'fr')).toEqual({ 'en-traits-alt': ['current', 'Règles en vigueur (2025)', null] });
    expect(labels([OLD_FRENCH], 'trait')).toEqual({
      'fr-legacy': ['newest', 'c. 2006 — newest wording in the sources', 'The current 2025 rules are not in the sources for this trait.'],
    });
  });

  it('no edition of the dataset marked current: the newest wording is not called current, and the note names no year', () => {
    const all = [RULES_2020, OLD_FRENCH];
    expect(labels([RULES_2020, OLD_FRENCH], 'trait', 'en', all)).toEqual({
      'en-2020': ['newest', '2020 — newest wording in the sources', 'The rules in force are not in the sources for this trait.'],
      'fr-legacy': ['older', 'Older edition (c. 2006)', null],
    });
    expect(labels([RULES_2020], 'trait', 'fr', all)['en-2020']?.[2]).toBe('Les règles en vigueur ne sont pas dans les sources pour ce trait.');
  });
});

describe('editionStanding (the editions page)', () => {
  const concepts = [
    { editions: [RULES_2020, TRAITS_2025, OLD_FRENCH] },
    { editions: [RULES_2020, OLD_FRENCH] },
    { editions: [RULES_2020] },
    { editions: [OLD_FRENCH] },
    { editions: [TRAITS_2025] },
  ];
  it('counts the rules each edition still gives the newest wording of', () => {
    expect(editionStanding(RULES_2020, concepts)).toEqual({ standing: 'older', newestOf: 2, of: 3 });
    expect(editionStanding(OLD_FRENCH, concepts)).toEqual({ standing: 'older', newestOf: 1, of: 3 });
    expect(editionStanding(TRAITS_2025, concepts)).toEqual({ standing: 'current', newestOf: 0, of: 2 });
  });
  it('says it in both languages: current, or older with how many rules it still gives the newest wording of', () => {
    const label = (e: EditionFacts, locale: 'en' | 'fr', all = ALL) => editionLabel(e, concepts, all, strings(locale).standing);
    expect(label(TRAITS_2025, 'en')).toEqual({ standing: 'current', label: 'Current rules (2025)', note: null });
    expect(label(RULES_2020, 'en')).toEqual({
      standing: 'older',
      label: 'Older edition (2020)',
      note: 'The newest wording in the sources for 2 of its 3 rules: the current 2025 rules are not in the sources for them.',
    });
    expect(label(OLD_FRENCH, 'fr', [RULES_2020, OLD_FRENCH])).toEqual({
      standing: 'older',
      label: 'Édition antérieure (vers 2006)',
      note: 'La formulation la plus récente des sources pour 1 de ses 3 règles.',
    });
    expect(label(NOTES_2020, 'en')).toEqual({ standing: 'older', label: 'Older edition (2020)', note: null });
  });
});

describe('editionsShown', () => {
  it('gives the editions of a rule’s records, each once, in the records’ order', () => {
    const of: Record<string, EditionFacts> = { 'en-2020/a': RULES_2020, 'fr-legacy/b': OLD_FRENCH, 'fr-legacy/c': OLD_FRENCH, 'en-traits-alt/a': TRAITS_2025 };
    expect(editionsShown(['en-2020/a', 'fr-legacy/b', 'fr-legacy/c', 'en-traits-alt/a'], (r) => of[r]!).map((e) => e.id)).toEqual([
      'en-2020',
      'fr-legacy',
      'en-traits-alt',
    ]);
  });
});

describe('editionLabels', () => {
  it('labels every edition of a dataset from the editions its concepts’ records are in', () => {
    const editions = [RULES_2020, TRAITS_2025, OLD_FRENCH];
    const records: Record<string, string> = {
      'en-2020/a': 'en-2020',
      'en-traits-alt/a': 'en-traits-alt',
      'en-2020/b': 'en-2020',
      'fr-legacy/b': 'fr-legacy',
      'fr-legacy/c': 'fr-legacy',
    };
    const d = {
      editions,
      concepts: [{ records: ['en-2020/a', 'en-traits-alt/a'] }, { records: ['en-2020/b', 'fr-legacy/b'] }, { records: ['fr-legacy/c'] }],
      skill: (id: string) => ({ edition: records[id]! }),
      edition: (id: string) => editions.find((e) => e.id === id)!,
    };
    expect(Object.fromEntries([...editionLabels(d, strings('en').standing)].map(([id, l]) => [id, l.note ?? l.label]))).toEqual({
      'en-2020': 'The newest wording in the sources for 1 of its 2 rules: the current 2025 rules are not in the sources for them.',
      'en-traits-alt': 'Current rules (2025)',
      'fr-legacy': 'The newest wording in the sources for 1 of its 2 rules: the current 2025 rules are not in the sources for them.',
    });
  });
});
