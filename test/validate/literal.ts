/**
 * Literal records for the validate stage's tests: an English 2020 agility
 * skill of Blood Bowl with the random-table slots given. Its `displayName`
 * (`dodge*`) differs from its `name` (`dodge`), so a test sees which of the
 * two a message uses.
 */
import type { RandomSlot, Roll, Skill } from '../../pipeline/model/schema-types.ts';

export const skill = (slug: string, randomSlots: RandomSlot[], overrides: Partial<Skill> = {}): Skill => ({
  id: `en-2020/${slug}`,
  edition: 'en-2020',
  lang: 'en',
  name: slug,
  displayName: `${slug}*`,
  parameter: null,
  compulsory: false,
  kind: 'skill',
  category: 'agility',
  text: 'Text.\n',
  games: ['blood-bowl'],
  randomSlots,
  rulings: [],
  concept: null,
  source: { id: 'en', lines: [1, 4], errata: [] },
  ...overrides,
});

/** A random-table slot, of Blood Bowl unless `game` says. */
export const slot = (roll: Roll, d6: number, game: RandomSlot['game'] = 'blood-bowl'): RandomSlot => ({ game, roll, d6 });
