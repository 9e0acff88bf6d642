/**
 * The changelog for people (`nuffle diff` prints the summary line and writes
 * CHANGES.md) on literal changelogs: counts and plurals, word changes as
 * ~~removed~~ **added**, field changes, sections in report order.
 */
import { describe, expect, it } from 'vitest';
import type { Change, ChangeKind, Changelog, WordPart } from '../../pipeline/diff/compare.ts';
import { changesMarkdown, summaryLine, wordsMarkdown } from '../../pipeline/diff/render.ts';

const change = (kind: ChangeKind, id: string, summary: string, fields: Change['fields'] = []): Change => ({ kind, id, summary, fields, previous: null });

const log = (changes: Change[], options: { schema?: [string, string]; warnings?: string[] } = {}): Changelog => {
  const counts: Record<string, number> = {};
  for (const c of changes) counts[c.kind] = (counts[c.kind] ?? 0) + 1;
  const [fromSchema, toSchema] = options.schema ?? ['2.0.0', '2.0.0'];
  return {
    from: { datasetVersion: '0.1.0', schemaVersion: fromSchema },
    to: { datasetVersion: '0.2.0', schemaVersion: toSchema },
    counts,
    changes,
    warnings: options.warnings ?? [],
  };
};

const words = (...parts: [WordPart['op'], string][]): WordPart[] => parts.map(([op, value]) => ({ op, value }));

describe('summaryLine', () => {
  it('says there is no change, with the versions', () => expect(summaryLine(log([]))).toBe('no record changed (0.1.0 → 0.2.0)'));
  it('counts one change in the singular', () =>
    expect(summaryLine(log([change('record-added', 'en-2020/leap', 'Leap')]))).toBe('1 change (0.1.0 → 0.2.0): 1 record added'));
  it('puts the first word of a label in the plural', () =>
    expect(summaryLine(log([change('record-added', 'a', 'A'), change('record-added', 'b', 'B')]))).toBe('2 changes (0.1.0 → 0.2.0): 2 records added'));
  it('makes a plural of the first word only', () =>
    expect(summaryLine(log([change('crosswalk-added', 'a', 'A'), change('crosswalk-added', 'b', 'B')]))).toBe(
      '2 changes (0.1.0 → 0.2.0): 2 rows added to the crosswalk',
    ));
  it('lists the kinds in report order, whatever the order of the changes', () =>
    expect(summaryLine(log([change('migration-added', 'm', 'M'), change('record-removed', 'r', 'R')]))).toBe(
      '2 changes (0.1.0 → 0.2.0): 1 record removed, 1 id migrated',
    ));
});

describe('wordsMarkdown', () => {
  it('marks removed words with ~~ and added words with **', () =>
    expect(wordsMarkdown(words(['same', 'The '], ['removed', 'old'], ['added', 'new'], ['same', ' rule']))).toBe('The ~~old~~ **new** rule'));
  it('keeps the spaces around a mark outside it', () => expect(wordsMarkdown(words(['same', 'a'], ['added', ' more '], ['same', 'b']))).toBe('a **more** b'));
  it('keeps a space between a removal and the addition after it', () => expect(wordsMarkdown(words(['removed', 'x'], ['added', 'y']))).toBe('~~x~~ **y**'));
  it('adds no second space after a removal that ends with one', () => expect(wordsMarkdown(words(['removed', 'x '], ['added', 'y']))).toBe('~~x~~ **y**'));
  it('adds no space before an addition that starts with one', () => expect(wordsMarkdown(words(['removed', 'x'], ['added', ' y']))).toBe('~~x~~ **y**'));
  it('adds no space before an addition after kept words', () => expect(wordsMarkdown(words(['same', 'x'], ['added', 'y']))).toBe('x**y**'));
  it('leaves a change of spaces only unmarked', () => expect(wordsMarkdown(words(['same', 'a'], ['added', '  '], ['same', 'b']))).toBe('a  b'));
  it('escapes Markdown in the words', () =>
    expect(wordsMarkdown(words(['same', '*a* [b] <c> `d` |e| ~f~ _g_ \\']))).toBe('\\*a\\* \\[b\\] \\<c\\> \\`d\\` \\|e\\| \\~f\\~ \\_g\\_ \\\\'));
  it('marks an addition that opens the text', () => expect(wordsMarkdown(words(['added', 'New'], ['same', ' rule']))).toBe('**New** rule'));
  it('keeps a space after a removal with a space inside it', () => expect(wordsMarkdown(words(['removed', 'x y'], ['added', 'z']))).toBe('~~x y~~ **z**'));
  it('keeps the changelog on one line', () => expect(wordsMarkdown(words(['same', 'a\n\nb'], ['added', 'c\nd']))).toBe('a b**c d**'));
});

describe('changesMarkdown', () => {
  const reworded = change('record-changed', 'en-2020/dodge', 'Dodge reworded', [
    { field: 'text', before: 'old', after: 'new', words: words(['removed', 'old'], ['added', 'new']) },
    { field: 'category', before: 'general', after: 'agility', words: null },
  ]);

  it('heads the file with the versions and the summary line', () =>
    expect(changesMarkdown(log([])).split('\n').slice(0, 3)).toEqual(['# Changes 0.1.0 → 0.2.0', '', 'no record changed (0.1.0 → 0.2.0)']));
  it('writes the whole file', () =>
    expect(changesMarkdown(log([reworded], { schema: ['2.0.0', '2.1.0'], warnings: ['a ruling still names Dodge'] }))).toBe(
      [
        '# Changes 0.1.0 → 0.2.0',
        '',
        '1 change (0.1.0 → 0.2.0): 1 record changed; schema 2.0.0 → 2.1.0',
        '',
        'Schema 2.0.0 → 2.1.0: a new contract (docs/DATA.md, "Versions", says what changed).',
        '',
        'Word changes read ~~removed~~ **added**.',
        '',
        '## To check',
        '',
        '- a ruling still names Dodge',
        '',
        '## Records changed',
        '',
        '- Dodge reworded',
        '  - `text`: ~~old~~ **new**',
        '  - `category`: `"general"` → `"agility"`',
        '',
      ].join('\n'),
    ));
  it('says a price item added or removed whole by its summary, without the item as JSON', () => {
    const added = change('price-changed', 'notes/prices#5', 'Prices, item 5 ("One strength skill : +50K"): added', [
      { field: 'item', before: null, after: { text: 'One strength skill : +50K', cost: 50_000 }, words: null },
    ]);
    expect(changesMarkdown(log([added]))).toContain('\n- Prices, item 5 ("One strength skill : +50K"): added\n');
    expect(changesMarkdown(log([added]))).not.toContain('50000');
  });
  it('ends with one newline', () => expect(changesMarkdown(log([reworded]))).toMatch(/[^\n]\n$/));
  it('says how to read word changes when a word changed', () =>
    expect(changesMarkdown(log([reworded]))).toContain('\nWord changes read ~~removed~~ **added**.\n'));
  it('leaves out the word legend when no word changed', () => expect(changesMarkdown(log([]))).not.toContain('Word changes read'));
  it('names a new schema version', () =>
    expect(changesMarkdown(log([], { schema: ['2.0.0', '2.1.0'] }))).toContain(
      '\nSchema 2.0.0 → 2.1.0: a new contract (docs/DATA.md, "Versions", says what changed).\n',
    ));
  it('says nothing of an unchanged schema', () => expect(changesMarkdown(log([]))).not.toContain('Schema'));
  it('lists the warnings to check, escaped', () =>
    expect(changesMarkdown(log([], { warnings: ['look at *this*'] }))).toContain('## To check\n\n- look at \\*this\\*\n'));
  it('has no section to check without warnings', () => expect(changesMarkdown(log([]))).not.toContain('## To check'));
  it('writes a section per kind with its changes', () =>
    expect(changesMarkdown(log([reworded]))).toContain(
      '## Records changed\n\n- Dodge reworded\n  - `text`: ~~old~~ **new**\n  - `category`: `"general"` → `"agility"`\n',
    ));
  it('orders the sections by kind', () => {
    const text = changesMarkdown(log([change('migration-added', 'm', 'M'), change('record-added', 'r', 'R')]));
    expect(text.indexOf('## Records added')).toBeLessThan(text.indexOf('## Ids migrated'));
  });
  it('writes a new rules revision first: the editions, then the records, each edition with its standing before and after', () => {
    const status = (before: string, after: string) => [{ field: 'status', before, after, words: null }];
    const text = changesMarkdown(
      log([
        change('record-added', 'en-2028/dodge', 'en-2028: Dodge added (skill, agility)'),
        change('edition-added', 'en-2028', 'en-2028: Blood Bowl 2028 (English) added (2028, the current rules)'),
        change(
          'edition-changed',
          'en-traits-alt',
          'en-traits-alt: Blood Bowl 2025 traits (English) is now superseded: an older edition (was the current rules)',
          status('current', 'superseded'),
        ),
      ]),
    );
    expect(text).toBe(
      [
        '# Changes 0.1.0 → 0.2.0',
        '',
        '3 changes (0.1.0 → 0.2.0): 1 edition added, 1 edition changed, 1 record added',
        '',
        '## Editions added',
        '',
        '- en-2028: Blood Bowl 2028 (English) added (2028, the current rules)',
        '',
        '## Editions changed',
        '',
        '- en-traits-alt: Blood Bowl 2025 traits (English) is now superseded: an older edition (was the current rules)',
        '  - `status`: `"current"` → `"superseded"`',
        '',
        '## Records added',
        '',
        '- en-2028: Dodge added (skill, agility)',
        '',
      ].join('\n'),
    );
  });
  it('writes no section for a kind without changes', () => expect(changesMarkdown(log([reworded]))).not.toContain('## Records added'));
  it('escapes the summary of a change', () => expect(changesMarkdown(log([change('record-added', 'x', 'Pass_Block')]))).toContain('- Pass\\_Block\n'));
  it('lists no field values for a moved slot', () =>
    expect(changesMarkdown(log([change('slot-moved', 's', 'Slot moved', [{ field: 'record', before: 'a', after: 'b', words: null }])]))).toContain(
      '## Random-table slots moved\n\n- Slot moved\n',
    ));
  it('lists no field values for a moved slot at all', () =>
    expect(changesMarkdown(log([change('slot-moved', 's', 'Slot moved', [{ field: 'record', before: 'a', after: 'b', words: null }])]))).not.toContain(
      '`record`',
    ));
});

describe('the words of each change kind', () => {
  it.each<[ChangeKind, string, string]>([
    ['edition-added', 'edition added', 'Editions added'],
    ['edition-removed', 'edition removed', 'Editions removed'],
    ['edition-changed', 'edition changed', 'Editions changed'],
    ['record-added', 'record added', 'Records added'],
    ['record-removed', 'record removed', 'Records removed'],
    ['record-changed', 'record changed', 'Records changed'],
    ['record-renamed', 'record renamed', 'Records renamed'],
    ['crosswalk-added', 'row added to the crosswalk', 'Crosswalk rows added'],
    ['crosswalk-changed', 'row of the crosswalk changed', 'Crosswalk changes'],
    ['concept-added', 'concept added', 'Concepts added'],
    ['concept-removed', 'concept removed', 'Concepts removed'],
    ['concept-changed', 'concept changed', 'Concepts changed'],
    ['ruling-added', 'ruling added', 'Rulings added'],
    ['ruling-removed', 'ruling removed', 'Rulings removed'],
    ['ruling-changed', 'ruling changed', 'Rulings changed'],
    ['slot-moved', 'slot moved', 'Random-table slots moved'],
    ['inducement-added', 'inducement added', 'Inducements added'],
    ['inducement-removed', 'inducement removed', 'Inducements removed'],
    ['inducement-changed', 'inducement changed', 'Inducements changed'],
    ['price-changed', 'price changed', 'Price lists changed'],
    ['league-added', 'league added', 'Leagues added'],
    ['league-removed', 'league removed', 'Leagues removed'],
    ['league-changed', 'league changed', 'Leagues changed'],
    ['migration-added', 'id migrated', 'Ids migrated'],
  ])('%s reads "1 %s" in the summary and heads its section "%s"', (kind, one, heading) => {
    const report = log([change(kind, 'x', 'X')]);
    expect(summaryLine(report)).toBe(`1 change (0.1.0 → 0.2.0): 1 ${one}`);
    expect(changesMarkdown(report)).toContain(`\n## ${heading}\n`);
  });
});
