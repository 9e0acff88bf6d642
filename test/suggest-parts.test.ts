/** The suggestion engine's parts (link/suggest.ts) on literal texts: tokens, mechanics, best members, scoring. */
import { describe, expect, it } from 'vitest';
import { bestMembers, mechanics, scoreCandidate, tokens } from '../pipeline/link/suggest.ts';

const candidate = { concept: 'dodge', names: ['Dodge'], texts: [] };
const match = { text: 0.5, mechanics: 0.5, shared: ['roll'], sharedMechanics: ['4+'] };

describe('tokens', () => {
  it('drops stop words, numbers and one-letter words', () => {
    expect(tokens(' the wizard 12 a dodges ')).toEqual(['wizard', 'dodge']);
  });
  it('drops French elisions', () => {
    expect(tokens(" l'esquive ")).toEqual(['esquive']);
  });
});

describe('mechanics', () => {
  it('tells thresholds, modifiers and bare numbers apart', () => {
    expect([...mechanics('roll 4+ with a +1 or 3')]).toEqual(['4+', '+1', '#3']);
  });
  it('reads dice, one die when no count is given', () => {
    expect([...mechanics('roll a d6 then 2d6')]).toEqual(['1d6', '2d6']);
  });
});

describe('best members', () => {
  const query = { vector: new Map([['roll', 1]]), norm: 1, mechanics: new Set(['4+']), edition: 'fr-legacy' };
  it('marks a candidate taken when a member is of the query’s own edition, and does not score that member', () => {
    const { best, taken } = bestMembers([{ index: 0, edition: 'fr-legacy', mechanics: new Set(['4+']) }], [new Map([['roll', 1]])], [1], query, 1);
    expect([[...taken], best[0]!.text]).toEqual([[0], 0]);
  });
  it('keeps each candidate’s best text match, with the terms shared', () => {
    const members = [0, 0].map((index) => ({ index, edition: 'en-2020', mechanics: new Set<string>() }));
    const { best } = bestMembers(members, [new Map([['other', 1]]), new Map([['roll', 1]])], [1, 1], query, 1);
    expect([best[0]!.text, best[0]!.shared]).toEqual([1, ['roll']]);
  });
});

describe('scoring a candidate', () => {
  it('weighs text and mechanics alone when the query has no name', () => {
    expect(scoreCandidate(candidate, match, false, ['dodge'], null, 'fr-legacy').score).toBe(0.5);
  });
  it('counts a name only when it is a real cognate', () => {
    expect(scoreCandidate(candidate, match, false, ['dodge'], 'zzzzzz', 'fr-legacy').name).toBe(0);
  });
  it('lowers a taken candidate and says why', () => {
    const taken = scoreCandidate(candidate, match, true, ['dodge'], null, 'fr-legacy');
    expect([taken.score < 0.5, taken.evidence[0]]).toEqual([true, 'already has a fr-legacy record']);
  });
});
