/**
 * Every field the diff compares is reported when it alone moves, for each
 * kind of entity: a field dropped from the comparison would let a changed
 * rule through as "no changes". On the small literal bundle of bundle.ts.
 */
import { describe, expect, it } from 'vitest';
import { compareBundles } from '../../pipeline/diff/compare.ts';
import type { DataBundle } from '../../pipeline/model/dataset.ts';
import { at, bundle, type Edit } from './bundle.ts';

/** The one change an edit makes: its kind and the fields it lists. */
const reported = (edit: Edit) => {
  const after = bundle();
  edit(after);
  return compareBundles(bundle(), after).changes.map((c) => [c.kind, c.fields.map((f) => f.field)]);
};
const set =
  <T extends object>(pick: (d: DataBundle) => T, field: string, value: unknown): Edit =>
  (d) =>
    void ((pick(d) as Record<string, unknown>)[field] = value);

const edition = (d: DataBundle) => at(d.editions, 'en-traits-alt');
const dodge = (d: DataBundle) => at(d.skills, 'en-2020/dodge');
const concept = (d: DataBundle) => at(d.concepts, 'dodge');
const bribe = (d: DataBundle) => at(d.inducements, 'notes/bribe');
const league = (d: DataBundle) => d.leagues[0]!;
const row = (d: DataBundle) => d.crosswalk[0]!;
const ruling = (d: DataBundle) => d.rulings[0]!;

describe('every compared field is reported when it alone moves', () => {
  it.each([
    ['label', 'Blood Bowl 2025 traits'],
    ['year', 2026],
    ['circa', true],
    ['status', 'superseded'],
    ['lang', 'fr'],
    ['note', 'The 2025 traits, reworded.'],
  ] as const)('an edition’s %s', (field, value) => expect(reported(set(edition, field, value))).toEqual([['edition-changed', [field]]]));

  it.each([
    ['displayName', 'Dodge!'],
    ['parameter', '+1'],
    ['compulsory', true],
    ['kind', 'trait'],
    ['category', 'general'],
    ['text', 'dodge text, reprinted.'],
    ['games', ['blood-bowl', 'dungeon-bowl']],
  ] as const)('a record’s %s', (field, value) => expect(reported(set(dodge, field, value))).toEqual([['record-changed', [field]]]));

  it('a record’s name, as a rename that lists it', () => expect(reported(set(dodge, 'name', 'Dodging'))).toEqual([['record-renamed', ['name']]]));

  it.each([
    ['name', 'Dodging'],
    ['names', { en: 'dodge', fr: 'esquive' }],
    ['kind', 'trait'],
    ['category', 'general'],
    ['compulsory', true],
    ['compulsoryFrom', null],
  ] as const)('a concept’s %s', (field, value) => expect(reported(set(concept, field, value))).toEqual([['concept-changed', [field]]]));

  it.each([
    ['name', 'Bribes'],
    ['kind', 'star'],
    ['text', 'bribe: up to 3 per game.'],
    ['abilities', ['x']],
    ['spells', ['x']],
    ['limits', { max: 3, oncePerGame: false }],
    ['costs', ['x']],
    ['mentions', ['x']],
    ['confidence', 'low'],
    ['note', 'renamed by the test'],
  ] as const)('an inducement’s %s', (field, value) => expect(reported(set(bribe, field, value))).toEqual([['inducement-changed', [field]]]));

  it.each([
    ['name', 'Old World Cup'],
    ['aliases', [{ text: 'OWC', lines: [1] }]],
  ] as const)('a league’s %s', (field, value) => expect(reported(set(league, field, value))).toEqual([['league-changed', [field]]]));

  it.each([
    ['concept', 'leap'],
    ['relation', 'similar'],
    ['confidence', 'low'],
    ['rationale', 'named the same'],
    ['summary', 'Dodge, as in 2020.'],
    ['related', ['leap']],
    ['falseFriend', 'leap'],
    ['declaredBy', 'annotation'],
  ] as const)('a crosswalk row’s %s', (field, value) => expect(reported(set(row, field, value))).toEqual([['crosswalk-changed', [field]]]));

  it.each([
    ['question', 'Can a player Dodge out of a Tackle Zone twice in one game?'],
    ['answer', 'No.'],
    ['pages', [62]],
    ['pageNote', 'page 62 of the 2020 rulebook'],
    ['records', ['en-2020/dodge', 'en-2020/leap']],
  ] as const)('a ruling’s %s', (field, value) => expect(reported(set(ruling, field, value))).toEqual([['ruling-changed', [field]]]));
});
