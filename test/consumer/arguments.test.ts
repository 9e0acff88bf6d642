/**
 * Every function of the runtime API checks its arguments and refuses a wrong
 * one with a TypeError or RangeError that names it (issue 17, item 12), before
 * any data is loaded: `findByName(null)` is not an error from inside.
 */
import { describe, expect, it } from 'vitest';
import * as api from '../../pipeline/consumer/index.ts';

/** Call with arguments the types forbid, as a JavaScript caller may. */
const loose = api as unknown as Record<string, (...args: unknown[]) => unknown>;

describe('the runtime API refuses a wrong argument by name', () => {
  it.each([
    ['findByName', [null], TypeError, /^name must be a string; got null$/],
    ['findByName', [42], TypeError, /^name must be a string; got number$/],
    ['findByName', ['Block', null], TypeError, /^options must be an object; got null$/],
    ['findByName', ['Block', { lang: 'de' }], RangeError, /^options\.lang must be one of "en", "fr"; got "de"$/],
    ['findByName', ['Block', { lang: 7 }], TypeError, /^options\.lang must be a string/],
    ['getConcept', [undefined], TypeError, /^id must be a string; got undefined$/],
    ['recordsOf', [{}], TypeError, /^conceptId must be a string; got object$/],
    ['rulingsFor', [['dodge']], TypeError, /^id must be a string; got an array$/],
    ['randomSkill', ['chess', 'agility', '1-3', 4], RangeError, /^game must be one of "blood-bowl", "dungeon-bowl"; got "chess"$/],
    ['randomSkill', ['blood-bowl', 'magic', '1-3', 4], RangeError, /^category must be one of/],
    ['randomSkill', ['blood-bowl', 'agility', 1, 4], TypeError, /^roll must be a string; got number$/],
    ['randomSkill', ['blood-bowl', 'agility', '1-3', '4'], TypeError, /^d6 must be a number; got "4"$/],
    ['randomSkill', ['blood-bowl', 'agility', '1-3', 7], RangeError, /^d6 must be a whole number from 1 to 6; got 7$/],
    ['randomSkill', ['blood-bowl', 'agility', '1-3', 4, { edition: 2020 }], TypeError, /^options\.edition must be a string; got number$/],
    ['roll', ['chess', 'agility'], RangeError, /^game must be one of "blood-bowl", "dungeon-bowl"; got "chess"$/],
    ['roll', ['blood-bowl', 'agility', 0.5], TypeError, /^rng must be a function; got number$/],
    [
      'roll',
      ['blood-bowl', 'agility', (): number => 1],
      RangeError,
      /^rng must return a number from 0 \(included\) to 1 \(excluded\), like Math\.random; got 1$/,
    ],
    ['roll', ['blood-bowl', 'agility', (): unknown => '0.5'], RangeError, /^rng must return a number .*; got "0\.5"$/],
    ['roll', ['blood-bowl', 'agility', Math.random, null], TypeError, /^options must be an object; got null$/],
    ['crosswalkOf', [7], TypeError, /^conceptId must be a string; got number$/],
  ] as const)('%s(%j)', async (name, args, type, message) => {
    const call = Promise.resolve().then(() => loose[name]!(...args));
    await expect(call).rejects.toThrow(type);
    await expect(call).rejects.toThrow(message);
  });

  it('names a huge argument by a short excerpt, its hidden characters as U+XXXX, never whole', async () => {
    const huge = `\u202e${'x'.repeat(1_000_000)}`;
    for (const call of [
      () => loose.findByName!('Block', { lang: huge }),
      () => loose.randomSkill!(huge, 'agility', '1-3', 1),
      () => loose.randomSkill!('blood-bowl', 'agility', huge, 1),
    ]) {
      const message = await Promise.resolve()
        .then(call)
        .then(
          () => '',
          (error: Error) => error.message,
        );
      expect(message).toMatch(/; got "U\+202Ex+…"$/);
      expect(message.length).toBeLessThan(250);
    }
  });

  it('foldName(undefined) throws a TypeError naming the argument', () => {
    expect(() => loose.foldName!(undefined)).toThrow(new TypeError('name must be a string; got undefined'));
  });
});
