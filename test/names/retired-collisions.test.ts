/**
 * Retired ids' spellings in the alias index (issue 33, item 5), on literal
 * concepts and migrations: a merged record's own words never take a spelling
 * from a living concept that still bears it; two retired spellings that do
 * clash are one error at the migration that brought the second, offering the
 * `winners:` entry to paste; once pasted, the spelling resolves to its winner.
 */
import { describe, expect, it } from 'vitest';
import { linkNames, type AliasInput } from '../../pipeline/link/aliases.ts';
import type { Migration, Skill } from '../../pipeline/model/schema-types.ts';
import { concept, skill } from '../literal-fixtures.ts';

const MIGRATIONS = 'sources/annotations/migrations.yaml';
const ALIASES = 'sources/annotations/aliases.yaml';

/** A later-wording record of a concept. */
const later = (slug: string, conceptId: string): Skill => ({ ...skill(slug), id: `en-traits-alt/${slug}`, edition: 'en-traits-alt', concept: conceptId });
const merged = (id: string, to: string): Migration => ({ id, kind: 'record', action: 'merged', to, since: '1.3.0', note: 'Folded in.' });

/** Titchy and Stunty, each with its 2020 record; Stunty also has its later wording, into which `migrations` may fold others. */
const input = (migrations: Migration[], winners: AliasInput['annotations']['winners'] = []): AliasInput => ({
  concepts: [concept('titchy'), concept('stunty'), concept('dodge')],
  skills: [skill('titchy'), skill('stunty'), skill('dodge'), later('stunty', 'stunty')],
  migrations,
  annotations: { aliases: [], winners },
  file: ALIASES,
  // Each entry at its own line: aliases.yaml's winners at line 5, the nth migration at line 10 + n.
  locate: (path) => (path[0] === 'winners' ? { line: 5, column: 1 } : null),
  migrationsAt: { file: MIGRATIONS, locate: (path) => ({ line: 10 + Number(path[1]), column: 5 }) },
});

const conceptsOf = (names: ReturnType<typeof linkNames>['names'], folded: string) => [
  ...new Set(names.filter((n) => n.folded === folded).map((n) => n.concept)),
];

describe('a retired record merged into another concept', () => {
  it('leaves a living concept its own name: no collision, and "titchy" still means Titchy', () => {
    const { names, diagnostics } = linkNames(input([merged('en-traits-alt/titchy', 'en-traits-alt/stunty')]));
    expect(diagnostics).toEqual([]);
    expect(conceptsOf(names, 'titchy')).toEqual(['titchy']);
  });

  it('keeps the retired id itself, which only the merge target has', () => {
    const { names } = linkNames(input([merged('en-traits-alt/titchy', 'en-traits-alt/stunty')]));
    expect(names.filter((n) => n.source === 'retired').map((n) => [n.alias, n.concept])).toEqual([['en-traits-alt/titchy', 'stunty']]);
  });

  it('keeps the retired words when no living concept bears them', () => {
    const { names, diagnostics } = linkNames(input([merged('en-traits-alt/insignificant', 'en-traits-alt/stunty')]));
    expect(diagnostics).toEqual([]);
    expect(conceptsOf(names, 'insignificant')).toEqual(['stunty']);
  });

  it('gives the spelling to the retired side when a winner says so', () => {
    const { names, diagnostics } = linkNames(
      input([merged('en-traits-alt/titchy', 'en-traits-alt/stunty')], [{ alias: 'Titchy', concept: 'stunty', note: 'x' }]),
    );
    expect(diagnostics).toEqual([]);
    expect(conceptsOf(names, 'titchy')).toEqual(['stunty']);
  });
});

describe('two retired spellings that clash', () => {
  // Two editions' Sprint records, merged into two different concepts: "sprint" names neither living concept.
  const clash = [merged('en-2020/sprint', 'en-2020/dodge'), merged('en-traits-alt/sprint', 'en-traits-alt/stunty')];

  it('are one error at the migration that brought the second, not at the aliases file', () => {
    const { diagnostics } = linkNames(input(clash));
    expect(diagnostics).toMatchObject([
      {
        ruleId: 'names/alias-collision',
        file: MIGRATIONS,
        place: { line: 11, column: 5 },
        reason: 'one spelling names two concepts: "sprint" (dodge, retired), "sprint" (stunty, retired)',
      },
    ]);
  });

  it('offer the winners entry to paste, which the build then accepts', () => {
    const [problem] = linkNames(input(clash)).diagnostics;
    expect(problem!.expected).toBe(
      [
        `the concept that keeps the spelling, under winners: in ${ALIASES} (or a different spelling):`,
        '    - alias: "sprint"',
        '      concept: dodge   # or stunty',
        '      note: <why, in one line>',
      ].join('\n'),
    );
    const { names, diagnostics } = linkNames(input(clash, [{ alias: 'sprint', concept: 'dodge', note: 'The 2020 Sprint is the one rosters mean.' }]));
    expect(diagnostics).toEqual([]);
    expect(conceptsOf(names, 'sprint')).toEqual(['dodge']);
  });
});

describe('a clash of living names', () => {
  it('sits at the winners list, where its fix goes', () => {
    const clashing = input([]);
    clashing.skills = [...clashing.skills, { ...later('dodge', 'stunty'), name: 'Titchy', displayName: 'Titchy' }];
    expect(linkNames(clashing).diagnostics).toMatchObject([{ ruleId: 'names/alias-collision', file: ALIASES, place: { line: 5, column: 1 } }]);
  });
});

describe('a reviewed alias of a concept that was renamed or withdrawn', () => {
  const renamed: Migration = { id: 'old-dodge', kind: 'concept', action: 'renamed', to: 'dodge', since: '1.3.0', note: 'Renamed.' };
  const deleted: Migration = { id: 'gone', kind: 'concept', action: 'deleted', to: null, since: '1.3.0', note: 'Withdrawn.' };
  const withAliases = (migrations: Migration[], aliases: AliasInput['annotations']['aliases']): AliasInput => ({
    ...input(migrations),
    annotations: { aliases, winners: [] },
  });

  it('follows the migration: an abbreviation of the old id names the new concept', () => {
    const { names, diagnostics } = linkNames(withAliases([renamed], [{ alias: 'DG', concept: 'old-dodge', lang: 'en', note: 'x', kind: 'abbreviation' }]));
    expect(diagnostics).toEqual([]);
    expect(names.filter((n) => n.folded === 'dg').map((n) => [n.concept, n.source])).toEqual([['dodge', 'abbreviation']]);
  });

  it('is names/unknown-concept when the concept was withdrawn', () => {
    const { diagnostics } = linkNames(withAliases([deleted], [{ alias: 'GN', concept: 'gone', lang: 'en', note: 'x' }]));
    expect(diagnostics.map((d) => d.ruleId)).toEqual(['names/unknown-concept']);
  });
});
