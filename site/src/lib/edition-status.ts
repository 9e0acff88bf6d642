/**
 * Which wording is the rules in force, for readers comparing editions: how
 * each edition a page shows stands among the others, from the reviewed
 * `status` and `year` of editions.json (sources/manifest.yaml), never guessed
 * from the year alone. The newest wording the sources hold of a rule is not
 * always the rules in force: a skill's newest wording is 2020's while the 2025
 * rules (whose text the sources hold for traits only) are current. Pure
 * functions of their arguments, tested on literal editions
 * (test/site/edition-status.test.ts); the words come from i18n.ts.
 */
import type { Edition } from '../../../pipeline/model/schema-types.ts';

/** What a page needs of an edition to say how it stands. */
export type EditionFacts = Pick<Edition, 'id' | 'year' | 'circa' | 'status'>;

/**
 * How an edition stands among those a page shows: `current`, it gives the
 * rules in force (editions.json `status`); `newest`, no edition shown is
 * current and it gives the newest rules shown (the newest wording the sources
 * hold, which a later revision replaced); `older`, any other.
 */
export type Standing = 'current' | 'newest' | 'older';

/** Each edition shown (by id, each once) with its standing among them: the current ones, or else those of the newest year; every other older. */
export function standingsOf(shown: readonly EditionFacts[]): Map<string, Standing> {
  const anyCurrent = shown.some((e) => e.status === 'current');
  const newest = Math.max(...shown.map((e) => e.year));
  const standing = (e: EditionFacts): Standing => {
    if (e.status === 'current') return 'current';
    return !anyCurrent && e.year === newest ? 'newest' : 'older';
  };
  return new Map(shown.map((e) => [e.id, standing(e)]));
}

/** The year of the rules in force: that of the editions marked current (the build refuses two current years); null when the sources hold no current edition. */
export function rulesInForce(editions: readonly EditionFacts[]): number | null {
  const current = editions.filter((e) => e.status === 'current').map((e) => e.year);
  return current.length ? Math.max(...current) : null;
}

/** The words of the standings, in one language (i18n.ts `standing`). */
export interface StandingWords {
  /** A year as readers see it: `2006`, or `c. 2006` when approximate. */
  year: (year: number, circa: boolean) => string;
  current: (year: string) => string;
  newest: (year: string) => string;
  older: (year: string) => string;
  /** Why the newest wording is not the rules in force: the year of those (null when the sources hold no current edition), and the kind of rule. */
  notInSources: (inForce: string | null, kind: 'skill' | 'trait') => string;
  /** Of an older edition alone: of how many of its rules (`total`) it still gives the newest wording the sources hold (`n`). */
  newestOf: (n: number, total: number, inForce: string | null) => string;
}

/** An edition's standing in words: a short label, and for the newest wording, the note that says it is not the rules in force. */
export interface StandingLabel {
  standing: Standing;
  label: string;
  note: string | null;
}

/**
 * The label of each edition shown on a page about one rule (by id): its
 * standing among `shown`, in words; `all` is every edition of the dataset,
 * which says the year of the rules in force.
 */
export function standingLabels(
  shown: readonly EditionFacts[],
  all: readonly EditionFacts[],
  kind: 'skill' | 'trait',
  words: StandingWords,
): Map<string, StandingLabel> {
  const inForce = rulesInForce(all);
  const labelOf = (e: EditionFacts, standing: Standing): StandingLabel => {
    const year = words.year(e.year, e.circa);
    if (standing === 'current') return { standing, label: words.current(year), note: null };
    if (standing === 'older') return { standing, label: words.older(year), note: null };
    return { standing, label: words.newest(year), note: words.notInSources(inForce === null ? null : words.year(inForce, false), kind) };
  };
  return new Map([...standingsOf(shown)].map(([id, standing]) => [id, labelOf(shown.find((e) => e.id === id)!, standing)]));
}

/** Each rule with the editions of its records: what its page shows side by side. */
export interface ShownEditions {
  editions: readonly EditionFacts[];
}

/** The editions a rule's page shows: those of its records, each once, in the records' order. */
export function editionsShown<E extends EditionFacts>(records: readonly string[], editionOf: (record: string) => E): E[] {
  const editions = new Map<string, E>();
  for (const record of records) {
    const edition = editionOf(record);
    if (!editions.has(edition.id)) editions.set(edition.id, edition);
  }
  return [...editions.values()];
}

/**
 * How an edition stands on its own (the editions page, the editions a
 * comparison lists): current, or older; an older one with how many of its
 * rules (`of`) it still gives the newest wording the sources hold, as their
 * pages say (`newestOf`).
 */
export function editionStanding(edition: EditionFacts, rules: readonly ShownEditions[]): { standing: 'current' | 'older'; newestOf: number; of: number } {
  const own = rules.filter((c) => c.editions.some((e) => e.id === edition.id));
  const newestOf = own.filter((c) => standingsOf(c.editions).get(edition.id) === 'newest').length;
  return { standing: edition.status === 'current' ? 'current' : 'older', newestOf, of: own.length };
}

/** editionStanding in words: the label, and for an older edition that still has the newest wording of some rules, how many. */
export function editionLabel(edition: EditionFacts, rules: readonly ShownEditions[], all: readonly EditionFacts[], words: StandingWords): StandingLabel {
  const { standing, newestOf, of } = editionStanding(edition, rules);
  const year = words.year(edition.year, edition.circa);
  if (standing === 'current') return { standing, label: words.current(year), note: null };
  const inForce = rulesInForce(all);
  return { standing, label: words.older(year), note: newestOf ? words.newestOf(newestOf, of, inForce === null ? null : words.year(inForce, false)) : null };
}

/** What editionLabels reads of the dataset (site/src/lib/dataset-index.ts gives it). */
export interface DatasetEditions<E extends EditionFacts> {
  editions: readonly E[];
  concepts: readonly { records: readonly string[] }[];
  skill: (id: string) => { edition: string };
  edition: (id: string) => E;
}

/** Every edition of the dataset (by id) with its label on its own: the editions page, what changed, the source texts, the home page. */
export function editionLabels<E extends EditionFacts>(d: DatasetEditions<E>, words: StandingWords): Map<string, StandingLabel> {
  const rules = d.concepts.map((c) => ({ editions: editionsShown(c.records, (r) => d.edition(d.skill(r).edition)) }));
  return new Map(d.editions.map((e) => [e.id, editionLabel(e, rules, d.editions, words)]));
}
