/**
 * The crosswalk's phases (link/crosswalk.ts), each on small literal inputs:
 * base concepts, naming the unnamed, checking rows, coverage, filling. One
 * behaviour per test; the real crosswalk is crosswalk.test.ts's.
 */
import { describe, expect, it } from 'vitest';
import {
  checkRows,
  defineBaseConcepts,
  fillConcepts,
  findUnlinked,
  nameUnnamed,
  reportUnlinked,
  rowProblems,
  type At,
  type RowContext,
} from '../pipeline/link/crosswalk.ts';
import type { CrosswalkLink, ExtraConcept, Skill } from '../pipeline/model/schema-types.ts';
import type { UnnamedRecord } from '../pipeline/model/source.ts';

const at: At = { file: 'crosswalk.yaml', locate: (path) => ({ line: path.length }) };

const skill = (id: string, overrides: Partial<Skill> = {}): Skill => {
  const [edition, slug] = id.split('/') as [string, string];
  return {
    id,
    edition,
    lang: 'en',
    name: slug.replace(/^./, (c) => c.toUpperCase()),
    displayName: slug,
    parameter: null,
    compulsory: false,
    kind: 'skill',
    category: 'agility',
    text: 'Some rule text.\n',
    games: ['blood-bowl'],
    randomSlots: [],
    rulings: [],
    concept: null,
    source: { id: `${edition}-source`, lines: [1, 3], errata: [] },
    ...overrides,
  };
};

const paragraph = (opening: string, line = 1): UnnamedRecord => ({
  opening,
  edition: 'en-traits-alt',
  lang: 'en',
  kind: 'trait',
  category: 'trait',
  text: `${opening}\n`,
  games: ['blood-bowl'],
  source: { id: 'alt', lines: [line, line + 1], errata: [] },
});

const link = (overrides: Partial<CrosswalkLink>): CrosswalkLink & { concept: string } => ({
  concept: 'dodge',
  source: 'fr-source',
  relation: 'same',
  confidence: 'high',
  rationale: 'Same rule.',
  ...overrides,
});
const extra = (id: string): ExtraConcept => ({ id, name: id, kind: 'skill', category: 'agility', note: 'new later' });

const dodge = skill('en-2020/dodge', { name: 'Dodge' });
const esquive = skill('fr-legacy/esquive', { name: 'Esquive', lang: 'fr', source: { id: 'fr-source', lines: [5, 6], errata: [] } });
const base = () => defineBaseConcepts([dodge], [], at);
const context = (records: Skill[] = [dodge, esquive]): RowContext => ({ records, isBase: (id) => id === 'en-2020-source', base: base(), strict: false });

describe('base concepts', () => {
  it('defines one concept per base record, with the record id less its edition', () => {
    expect([...base().concepts.keys()]).toEqual(['dodge']);
  });
  it('gives each base record a row of its own concept, declared by the source', () => {
    expect(base().rows.get('en-2020/dodge')).toMatchObject({ concept: 'dodge', relation: 'same', declaredBy: 'source' });
  });
  it('adds the annotated extra concepts, with no compulsory value', () => {
    expect(defineBaseConcepts([dodge], [extra('portal')], at).concepts.get('portal')).toMatchObject({ compulsory: null, compulsoryFrom: null });
  });
  it('counts only the base records’ concepts as base', () => {
    expect([...defineBaseConcepts([dodge], [extra('portal')], at).base]).toEqual(['dodge']);
  });
  it('reports an extra concept that takes a base concept’s id', () => {
    expect(defineBaseConcepts([dodge], [extra('dodge')], at).diagnostics.map((d) => d.ruleId)).toEqual(['crosswalk/duplicate-concept']);
  });
});

describe('naming the unnamed', () => {
  const match = (m: string, name = 'Stab') => link({ source: 'alt', match: m, name, concept: 'stab' });
  it('names the paragraph that opens with the match, case and spacing folded', () => {
    expect(nameUnnamed([paragraph('This player may stab')], [match('this  PLAYER may')], at).named.map((r) => r.id)).toEqual(['en-traits-alt/stab']);
  });
  it('keeps the parameter of the name apart', () => {
    expect(nameUnnamed([paragraph('Hate them')], [match('Hate', 'Hatred (X)')], at).named[0]).toMatchObject({
      name: 'Hatred',
      parameter: 'X',
      displayName: 'Hatred (X)',
    });
  });
  it('marks nothing compulsory: the wording prints no names', () => {
    expect(nameUnnamed([paragraph('Stab')], [match('Stab')], at).named[0]!.compulsory).toBeNull();
  });
  it('remembers which row named which record', () => {
    expect([...nameUnnamed([paragraph('Stab')], [link({}), match('Stab')], at).namedByRow]).toEqual([[1, 'en-traits-alt/stab']]);
  });
  it('reports a match no paragraph opens with', () => {
    expect(nameUnnamed([paragraph('Stab')], [match('Claw')], at).diagnostics.map((d) => d.ruleId)).toEqual(['crosswalk/match-not-found']);
  });
  it('reports a match several paragraphs open with, with their lines', () => {
    const [problem] = nameUnnamed([paragraph('Stab once', 1), paragraph('Stab twice', 4)], [match('Stab')], at).diagnostics;
    expect([problem!.ruleId, problem!.actual]).toEqual(['crosswalk/ambiguous-match', 'lines 1, 4']);
  });
  it('reports a paragraph two rows match', () => {
    expect(nameUnnamed([paragraph('Stab')], [match('Stab'), match('Sta', 'Other')], at).diagnostics.map((d) => d.ruleId)).toEqual(['crosswalk/duplicate-link']);
  });
  it('looks only in the row’s own source', () => {
    expect(nameUnnamed([paragraph('Stab')], [link({ source: 'other', match: 'Stab', name: 'Stab' })], at).named).toEqual([]);
  });
});

describe('checking rows', () => {
  const ruleIds = (links: CrosswalkLink[], c = context()) => checkRows(links, new Map(), c, at).diagnostics.map((d) => d.ruleId);
  it('adds a row for a record of its source', () => {
    expect(checkRows([link({ record: 'fr-legacy/esquive' })], new Map(), context(), at).rows.get('fr-legacy/esquive')).toMatchObject({
      concept: 'dodge',
      declaredBy: 'editor',
      summary: null,
    });
  });
  it('keeps the base rows', () => {
    expect([...checkRows([], new Map(), context(), at).rows.keys()]).toEqual(['en-2020/dodge']);
  });
  it('takes the record a `match` row named', () => {
    expect(checkRows([link({ match: 'x' })], new Map([[0, 'fr-legacy/esquive']]), context(), at).rows.has('fr-legacy/esquive')).toBe(true);
  });
  it('reports a row for a record its source does not have', () => {
    expect(ruleIds([link({ record: 'fr-legacy/nothing' })])).toEqual(['crosswalk/unknown-record']);
  });
  it('reports a row for a base record', () => {
    expect(ruleIds([link({ source: 'en-2020-source', record: 'en-2020/dodge' })])).toEqual(['crosswalk/base-record-row']);
  });
  it('reports a second row for one record, and keeps the first', () => {
    const result = checkRows([link({ record: 'fr-legacy/esquive' }), link({ record: 'fr-legacy/esquive', concept: 'other' })], new Map(), context(), at);
    expect([result.rows.get('fr-legacy/esquive')!.concept, result.diagnostics.map((d) => d.ruleId)]).toEqual(['dodge', ['crosswalk/duplicate-link']]);
  });
  it('reports an unknown concept', () => {
    expect(rowProblems(link({ concept: 'nothing', relation: 'new' }), 'fr-legacy/esquive', context(), 'f', null).map((d) => d.ruleId)).toEqual([
      'crosswalk/unknown-concept',
    ]);
  });
  it('reports a relation that needs its own concept on a base one', () => {
    expect(rowProblems(link({ relation: 'removed' }), 'fr-legacy/esquive', context(), 'f', null).map((d) => d.ruleId)).toEqual(['crosswalk/relation-mismatch']);
  });
  it('reports `related` on a relation that takes none', () => {
    expect(rowProblems(link({ related: ['dodge'] }), 'fr-legacy/esquive', context(), 'f', null).map((d) => d.ruleId)).toEqual(['crosswalk/relation-mismatch']);
  });
  it('warns of a suggestion nobody reviewed', () => {
    expect(rowProblems(link({ declaredBy: 'suggestion', score: 0.5 }), 'fr-legacy/esquive', context(), 'f', null).map((d) => [d.ruleId, d.fatal])).toEqual([
      ['crosswalk/unreviewed-suggestion', false],
    ]);
  });
  it('makes an unreviewed suggestion an error under --strict', () => {
    expect(rowProblems(link({ declaredBy: 'suggestion' }), 'fr-legacy/esquive', { ...context(), strict: true }, 'f', null).map((d) => d.fatal)).toEqual([true]);
  });
});

describe('coverage', () => {
  it('lists a record with no row', () => {
    expect(findUnlinked([dodge, esquive], [], base().rows, new Map()).map((u) => u.record)).toEqual(['fr-legacy/esquive']);
  });
  it('lists an unnamed paragraph no row named, by its opening', () => {
    expect(findUnlinked([], [paragraph('Stab')], new Map(), new Map())).toMatchObject([{ record: null, opening: 'Stab', query: { name: null } }]);
  });
  it('leaves out a paragraph a row named', () => {
    const stab = paragraph('Stab');
    expect(findUnlinked([], [stab], new Map(), new Map([[stab, 0]]))).toEqual([]);
  });
  it('reports each unlinked record at its line in its source, with the top three suggestions', () => {
    const suggest = () => ['a', 'b', 'c', 'd'].map((concept) => ({ concept, score: 0.5, evidence: ['name'] }));
    const sources = new Map([['fr-source', { file: 'fr.txt' } as never]]);
    const [problem] = reportUnlinked(findUnlinked([esquive], [], new Map(), new Map()), suggest as never, sources, 'crosswalk.yaml');
    expect([problem!.file, problem!.place, problem!.note]).toEqual([
      'fr.txt',
      { line: 5 },
      'top suggestions: 1. a 0.50 [name]  2. b 0.50 [name]  3. c 0.50 [name]',
    ]);
  });
});

describe('filling', () => {
  const rows = () => checkRows([link({ record: 'fr-legacy/esquive' })], new Map(), context(), at).rows;
  it('gives each record its concept', () => {
    expect(fillConcepts([dodge, esquive], rows(), base().concepts, [], at).records.map((r) => r.concept)).toEqual(['dodge', 'dodge']);
  });
  it('gives each concept its records, in id order', () => {
    expect(fillConcepts([esquive, dodge], rows(), base().concepts, [], at).concepts[0]!.records).toEqual(['en-2020/dodge', 'fr-legacy/esquive']);
  });
  it('gives a concept the name of its French record', () => {
    expect(fillConcepts([dodge, esquive], rows(), base().concepts, [], at).concepts[0]!.names).toEqual({ en: 'Dodge', fr: 'Esquive' });
  });
  it('warns of a second French record and keeps the first name', () => {
    const other = skill('fr-legacy/zesquive', { name: 'Zesquive', lang: 'fr', source: { id: 'fr-source', lines: [9, 9], errata: [] } });
    const linkedRows = checkRows(
      [link({ record: 'fr-legacy/esquive' }), link({ record: 'fr-legacy/zesquive' })],
      new Map(),
      context([dodge, esquive, other]),
      at,
    ).rows;
    const filled = fillConcepts([dodge, esquive, other], linkedRows, base().concepts, [], at);
    expect([filled.concepts[0]!.names.fr, filled.diagnostics.map((d) => d.ruleId)]).toEqual(['Esquive', ['crosswalk/several-names']]);
  });
  it('gives both concepts of a replaced row their relation', () => {
    const defined = defineBaseConcepts([dodge], [extra('old')], at).concepts;
    const replaced = new Map([
      ['fr-legacy/esquive', { ...rows().get('fr-legacy/esquive')!, concept: 'old', relation: 'replaced' as const, related: ['dodge'] }],
    ]);
    const filled = fillConcepts([dodge, esquive], new Map([...base().rows, ...replaced]), defined, [extra('old')], at);
    expect(filled.concepts.map((c) => [c.id, c.relations.map((r) => r.type)])).toEqual([
      ['dodge', ['replaces']],
      ['old', ['replaced-by']],
    ]);
  });
  it('reports a concept with no record, and leaves it out', () => {
    const filled = fillConcepts([dodge], base().rows, defineBaseConcepts([dodge], [extra('portal')], at).concepts, [extra('portal')], at);
    expect([filled.concepts.map((c) => c.id), filled.diagnostics.map((d) => [d.ruleId, d.place])]).toEqual([
      ['dodge'],
      [['crosswalk/empty-concept', { line: 2 }]],
    ]);
  });
  it('leaves the concepts it was given as they were', () => {
    const defined = base().concepts;
    fillConcepts([dodge], base().rows, defined, [], at);
    expect(defined.get('dodge')!.records).toEqual([]);
  });
});
