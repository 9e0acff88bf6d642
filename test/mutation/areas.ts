/**
 * The parts `npm run mutate -- <area>` mutates, each with the test files run
 * against its mutants. In-process tests only: a CLI test runs the pipeline in
 * a child process, where no mutant is ever active. Unit tests on literal inputs
 * come first; a real-build test is listed only where no unit test reaches.
 */
export interface MutationArea {
  /** What the area covers, for `npm run mutate -- --list`. */
  readonly about: string;
  /** Globs of the files Stryker mutates. */
  readonly mutate: readonly string[];
  /** The vitest files run against the mutants. */
  readonly tests: readonly string[];
  /**
   * Leave out static mutants (code run once, when a module loads: a table of
   * interface strings), each of which would rerun every test of the area.
   */
  readonly ignoreStatic?: boolean;
}

export const AREAS: Readonly<Record<string, MutationArea>> = {
  edges: {
    about: 'the YAML reader, the source reader, the errata patcher, diagnostics, the atomic write',
    mutate: [
      'pipeline/parse/yaml.ts',
      'pipeline/model/yaml-document.ts',
      'pipeline/parse/sources.ts',
      'pipeline/parse/errata.ts',
      'pipeline/model/diagnostic.ts',
      'pipeline/io.ts',
    ],
    tests: [
      'test/diagnostics.test.ts',
      'test/io.test.ts',
      'test/bad-input.test.ts',
      'test/atomic-write.test.ts',
      'test/fixtures.test.ts',
      'test/readers.test.ts',
    ],
  },
  caches: {
    about: 'the build cache and the stage memo',
    mutate: ['pipeline/cache/build-cache.ts', 'pipeline/model/memo.ts'],
    // Literal inputs only: test/build-cache.test.ts runs the CLI (no mutant there) and the real build for the same promises.
    tests: ['test/caches/units.test.ts', 'test/caches/store.test.ts'],
  },
  diff: {
    about: '`nuffle diff`: the comparison, the version bump, the report',
    mutate: ['pipeline/diff/*.ts'],
    tests: ['test/diff/*.test.ts'],
  },
  consumer: {
    about: 'the runtime library apps import',
    mutate: ['pipeline/consumer/*.ts'],
    // The package's own tests (package, readme) compile and run it in child processes, where no mutant is active.
    tests: ['test/consumer/lookups.test.ts', 'test/consumer/arguments.test.ts'],
  },
  'memo-keys': {
    about: 'the stage memo where the stages use it: the source parse and the Markdown stages (their keys, recalls and remembers)',
    // markdown.ts by line ranges (the functions that key, recall and remember): the rest of it is the parsers'.
    mutate: ['pipeline/parse/parse-memo.ts', 'pipeline/model/markdown.ts:95-113', 'pipeline/model/markdown.ts:169-181', 'pipeline/model/markdown.ts:200-208'],
    tests: ['test/caches/keys.test.ts'],
  },
  'emit-data': {
    about: 'SQLite, the static API, the CSV tables, the release package, the JSON files',
    mutate: [
      'pipeline/emit/api.ts',
      'pipeline/emit/sqlite.ts',
      'pipeline/emit/csv.ts',
      'pipeline/emit/tables.ts',
      'pipeline/emit/table-shape.ts',
      'pipeline/emit/release.ts',
      'pipeline/emit/json.ts',
      'pipeline/emit/changes.ts',
    ],
    // The table definitions and the data package's names and descriptions load once: most of the mutants, each rerunning every test (test/emit/tables-units.test.ts checks each is there and non-empty).
    ignoreStatic: true,
    // Literal inputs only: the *-values tests check the same emitters on the real build (realBuild(), 15–25 s per mutant).
    tests: ['test/emit/*-units.test.ts', 'test/emit/sqlite-csv.test.ts', 'test/release-changes.test.ts'],
  },
  cards: {
    about: 'the card stage before drawing: selection, card specs, rich text, continuation, geometry, fonts, options',
    mutate: ['pipeline/emit/cards/*.ts', '!pipeline/emit/cards/layout.ts', '!pipeline/emit/cards/emit-cards.ts'],
    // The tables of labels, colours and sizes load once: each of their mutants would rerun every test of the area.
    ignoreStatic: true,
    // Literal inputs only: crop-marks, cards, print and select render or build the real dataset (15–25 s a mutant) for the promises these files name.
    tests: [
      'test/cards/units.test.ts',
      'test/cards/geometry.test.ts',
      'test/cards/rich-text.test.ts',
      'test/cards/continuation.test.ts',
      'test/cards/card-specs.test.ts',
      'test/cards/fonts.test.ts',
      'test/cards/selection.test.ts',
      'test/cards/team-deck.test.ts',
      'test/cards/name-budget.test.ts',
      'test/cards/colours.test.ts',
      'test/cards/player-profile.test.ts',
    ],
  },
  'cards-pdf': {
    about: 'the card PDFs: drawing (layout.ts) and the orchestrator (emit-cards.ts)',
    mutate: ['pipeline/emit/cards/layout.ts', 'pipeline/emit/cards/emit-cards.ts'],
    ignoreStatic: true,
    // Its own area: the drawing tests reach every module above, and each of those mutants would redraw PDFs.
    tests: ['test/cards/drawing.test.ts', 'test/cards/small-text.test.ts'],
  },
  validate: {
    about: 'the checks (not the generated validators)',
    mutate: ['pipeline/validate/*.ts', '!pipeline/validate/generate-validators.ts'],
    // Literal inputs only: test/integrity.test.ts, compulsory.test.ts, strings.test.ts and updates/renames.test.ts build the real dataset for the same checks.
    tests: ['test/validate/*.test.ts', 'test/schema-compat.test.ts', 'test/strings-parts.test.ts', 'test/random-tables.test.ts'],
  },
  'site-lib': {
    about: "the site's TypeScript (site/src/lib)",
    mutate: ['site/src/lib/*.ts'],
    // The interface-string tables of i18n.ts load once: a third of the mutants, each rerunning every test. The browser tests read those strings on the built pages.
    ignoreStatic: true,
    tests: [
      'test/site/lib.test.ts',
      'test/site/lib-units.test.ts',
      'test/site/lib-text.test.ts',
      'test/site/search-rank.test.ts',
      'test/site/moved.test.ts',
      'test/site/loader.test.ts',
      'test/site/markdown.test.ts',
      'test/site/dataset.test.ts',
      'test/site/dataset-adapter.test.ts',
      'test/site/edition-status.test.ts',
    ],
  },
  'card-maker': {
    about: "the card page's pure parts (site/src/lib/card-maker): the deck link and state, the check, messages, words, offline build",
    // Left out, DOM or worker glue that runs only in a browser (test/site/cards-page.test.ts, cards-page-ui.test.ts): page.ts and form.ts (the form, the link, the messages),
    // skill-list.ts (the searchable list of skills to tick), cards.worker.ts (drawing the PDF: the bytes of `nuffle cards`).
    mutate: [
      'site/src/lib/card-maker/*.ts',
      '!site/src/lib/card-maker/page.ts',
      '!site/src/lib/card-maker/form.ts',
      '!site/src/lib/card-maker/skill-list.ts',
      '!site/src/lib/card-maker/cards.worker.ts',
      '!site/src/lib/card-maker/offline-integration.ts',
    ],
    // The two word tables of strings.ts load once: each of their mutants would rerun every test (the browser tests read them on the built pages).
    ignoreStatic: true,
    // Literal inputs only (card-offline.test.ts: the service worker on a site in memory); cards-page-ui.test.ts drives a browser, where no mutant is active.
    tests: ['test/site/card-maker-*.test.ts', 'test/site/card-offline.test.ts'],
  },
};

/**
 * The code issue 18 puts under mutation testing. Every TypeScript file these
 * globs match is mutated by an area above or left out below with its reason
 * (test/mutation-scope.test.ts checks both, so a new file joins an area).
 */
export const SCOPE: readonly string[] = [
  'pipeline/emit/**/*.ts',
  'pipeline/diff/**/*.ts',
  'pipeline/consumer/**/*.ts',
  'pipeline/validate/**/*.ts',
  'pipeline/cache/**/*.ts',
  'pipeline/model/memo.ts',
  'pipeline/parse/parse-memo.ts',
  'site/src/lib/**/*.ts',
];

/** Files in the scope that no area mutates, each with the reason and what tests it instead. */
export const LEFT_OUT: Readonly<Record<string, string>> = {
  'pipeline/validate/generated/*.d.ts': 'type declarations of the generated validators: no code to mutate',
  'site/src/lib/card-maker/page.ts':
    "the card page's DOM glue (the form, the deck link in the address, the messages at their lines), run only in a browser: test/site/cards-page.test.ts opens a link in a fresh browser with the same roster and options and says why a damaged, foreign or oversized link cannot be read",
  'site/src/lib/card-maker/form.ts': "the form's fields read from the DOM, run only in a browser: test/site/cards-page.test.ts fills and reads them",
  'site/src/lib/card-maker/skill-list.ts':
    'the searchable list of skills to tick, DOM only: test/site/cards-page-ui.test.ts ticks a box from a concept page link and finds no English string on /fr/cards/',
  'site/src/lib/card-maker/offline-integration.ts':
    "the Astro build hook that writes each card page's sw.js (file I/O, run by `astro build`; offline-build.ts makes the script and is in the area): test/site/cards-page-ui.test.ts ('offline once loaded') reloads the built page offline and makes the CLI's PDF",
  'site/src/lib/card-maker/cards.worker.ts':
    'the web worker that draws the PDF, run only in a browser: test/site/cards-page.test.ts and card-offline.test.ts download the bytes of `nuffle cards`, byte for byte',
  'pipeline/validate/generate-validators.ts':
    "the code generator of `npm run gen`. Its two tests fail Stryker's dry run (in the sandbox the fresh module differs from the committed one), so no mutant can be judged; they guard it instead: any change to what it writes fails test/perf-validators.test.ts and test/cards/roster-validator.test.ts (the committed modules must be what it generates now), and both compare the generated validators with ajv's on good and bad inputs",
};
