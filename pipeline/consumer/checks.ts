/**
 * Argument checks: every function of the runtime API names the argument it
 * refuses, with a TypeError for a wrong type and a RangeError for a value out
 * of its set, so a caller's mistake never surfaces as an error from inside.
 */
import type { Game, Lang, RandomCategory } from '../model/schema-types.ts';

export const shown = (value: unknown): string =>
  typeof value === 'string' ? JSON.stringify(value) : value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;

export function checkString(value: unknown, name: string): asserts value is string {
  if (typeof value !== 'string') throw new TypeError(`${name} must be a string; got ${shown(value)}`);
}

export function checkOneOf(value: unknown, name: string, allowed: readonly string[]): void {
  checkString(value, name);
  if (!allowed.includes(value))
    throw new RangeError(`${name} must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}; got ${JSON.stringify(value)}`);
}

export function checkOptions(value: unknown, name: string): asserts value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new TypeError(`${name} must be an object; got ${shown(value)}`);
}

export const LANGS: readonly Lang[] = ['en', 'fr'];
export const GAMES: readonly Game[] = ['blood-bowl', 'dungeon-bowl'];
export const CATEGORIES: readonly RandomCategory[] = ['agility', 'general', 'mutation', 'passing', 'strength'];
