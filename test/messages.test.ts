/**
 * Messages at the right place, saying the right thing (issue 33, item 9), on
 * the tiny literal project (test/tiny-project.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTiny, editTiny, lockAll, stampAll, tinyProject } from './tiny-project.ts';

const CROSSWALK = 'sources/annotations/crosswalk.yaml';

/** The second trait wording: two unnamed paragraphs, each named by a row. */
const ALT = 'Whenever this player is activated, roll a D6 after declaring the action.\n\nThis player is small and ignores every -1 to Dodge.\n';
const ALT_SOURCE = `  - id: traits-alt-wording
    file: sources/raw/traits-alt-wording.txt
    lang: en
    edition: { id: en-traits-alt, label: Later traits, year: 2025, status: current }
    parser: traits-alt
    games: [blood-bowl]
    note: A tiny second wording.
`;
const ALT_ROWS = `  - source: traits-alt-wording
    match: "Whenever this player is activated, roll a D6"
    name: Really Stupid
    concept: really-stupid
    relation: same
    confidence: high
    rationale: The same D6 after declaring an action.
    summary: "Wording only: the same D6 after declaring an action."
    summaryFr: "Formulation seule : le même D6 après la déclaration d'une action."
  - source: traits-alt-wording
    match: "This player is small and ignores"
    name: Stunty
    concept: stunty
    relation: same
    confidence: high
    rationale: Small, ignores dodge modifiers.
    summary: "Wording only: small, and ignores the Dodge modifiers."
    summaryFr: "Formulation seule : petit, il ignore les modificateurs d'Esquive."
`;

function withAltWording(): string {
  const root = tinyProject({ 'sources/raw/traits-alt-wording.txt': ALT });
  editTiny(root, 'sources/manifest.yaml', '  - id: fr-legacy-skills', `${ALT_SOURCE}  - id: fr-legacy-skills`);
  editTiny(root, CROSSWALK, 'links:\n', `links:\n${ALT_ROWS}`);
  stampAll(root);
  expect(buildTiny(root).diagnostics.filter((d) => d.fatal)).toEqual([]);
  return root;
}

describe('integrity errors in a build', () => {
  it('are located at the crosswalk row that names the missing concept, not at dist/data', () => {
    const root = tinyProject();
    editTiny(root, CROSSWALK, 'concept: stunty', 'concept: stuntyy');
    const dangling = buildTiny(root).diagnostics.filter((d) => d.ruleId === 'integrity/dangling-reference');
    const rowLine = buildTiny(root).diagnostics.find((d) => d.ruleId === 'crosswalk/unknown-concept')!.place!.line;
    expect(dangling.map((d) => [d.file, d.place?.line, d.reason])).toEqual([
      [CROSSWALK, rowLine, 'Record fr-legacy/minus has no concept (stuntyy does not exist)'],
    ]);
  });
});

describe('a row whose paragraph was merged away', () => {
  it('says the paragraph is gone and points at the migration, instead of asking for other opening words', () => {
    const root = withAltWording();
    editTiny(root, 'sources/raw/traits-alt-wording.txt', '\nThis player is small and ignores every -1 to Dodge.\n', '');
    editTiny(
      root,
      'sources/annotations/migrations.yaml',
      'migrations: []\n',
      'migrations:\n  - id: en-traits-alt/stunty\n    kind: record\n    action: merged\n    to: en-traits-alt/really-stupid\n    since: 1.0.0\n    note: Folded into one trait.\n',
    );
    const [gone] = buildTiny(root).diagnostics.filter((d) => d.ruleId === 'crosswalk/match-not-found');
    expect(gone).toMatchObject({
      file: CROSSWALK,
      reason:
        'The paragraph this row names (Stunty) is gone from traits-alt-wording: sources/annotations/migrations.yaml:2 says it was merged into en-traits-alt/really-stupid',
      expected: 'remove this row: the migration at sources/annotations/migrations.yaml:2 says where the rule went',
    });
  });

  it('at the first check, before any migration, says the paragraph is gone and points at the lock line of its id', () => {
    const root = withAltWording();
    lockAll(root);
    const lockLine = readFileSync(join(root, 'sources/ids.lock'), 'utf8').split('\n').indexOf('record en-traits-alt/stunty 1.0.0') + 1;
    editTiny(root, 'sources/raw/traits-alt-wording.txt', '\nThis player is small and ignores every -1 to Dodge.\n', '');
    const [gone] = buildTiny(root).diagnostics.filter((d) => d.ruleId === 'crosswalk/match-not-found');
    expect(lockLine).toBeGreaterThan(0);
    expect(gone).toMatchObject({
      file: CROSSWALK,
      reason:
        'No paragraph of traits-alt-wording opens with "This player is small and ignores": the paragraph of en-traits-alt/stunty (Stunty) is gone, and every paragraph left in traits-alt-wording has its row',
      expected: `remove this row, then migrate en-traits-alt/stunty with the entry the ids/missing error at sources/ids.lock:${lockLine} prints (merged into the record that holds its rule now, or deleted)`,
    });
  });

  it('asks for the opening words of a published paragraph when its source has a paragraph no row names (it was reworded)', () => {
    const root = withAltWording();
    lockAll(root);
    editTiny(root, 'sources/raw/traits-alt-wording.txt', 'This player is small and ignores', 'This player is tiny and ignores');
    const [notFound] = buildTiny(root).diagnostics.filter((d) => d.ruleId === 'crosswalk/match-not-found');
    expect([notFound!.reason, notFound!.expected]).toEqual([
      'No paragraph of traits-alt-wording opens with "This player is small and ignores"',
      'opening words that start exactly one paragraph (case and spacing folded)',
    ]);
  });

  it('still asks for the opening words when no migration retires the paragraph (it was reworded)', () => {
    const root = withAltWording();
    editTiny(root, 'sources/raw/traits-alt-wording.txt', 'This player is small and ignores', 'This player is tiny and ignores');
    const [notFound] = buildTiny(root).diagnostics.filter((d) => d.ruleId === 'crosswalk/match-not-found');
    expect(notFound!.reason).toBe('No paragraph of traits-alt-wording opens with "This player is small and ignores"');
  });
});
