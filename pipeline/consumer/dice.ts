/**
 * The dice of a random-skill roll, from an injectable random source: a
 * function returning a number in [0, 1), as `Math.random` does (the default).
 * A seeded generator gives the same rolls every run.
 */
import type { Roll } from '../model/schema-types.ts';
import { shown } from './checks.ts';

/** A random source: a number in [0, 1) per call, like `Math.random`. */
export type Rng = () => number;

/** One D6 from `rng`: 1 to 6. A source that returns anything but a number in [0, 1) is refused by name. */
function rollD6(rng: Rng): number {
  const value = rng();
  if (typeof value !== 'number' || !(value >= 0 && value < 1))
    throw new RangeError(
      `rng must return a number from 0 (included) to 1 (excluded), like Math.random; got ${typeof value === 'number' ? value : shown(value)}`,
    );
  return 1 + Math.floor(value * 6);
}

/** The two dice of a random-skill roll: the first picks the column (1-3 or 4-6), the second the row. */
export function rollSlot(rng: Rng): { roll: Roll; d6: number } {
  const column = rollD6(rng);
  return { roll: column <= 3 ? '1-3' : '4-6', d6: rollD6(rng) };
}
