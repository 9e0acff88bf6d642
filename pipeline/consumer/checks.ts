/**
 * Argument checks: every function of the runtime API names the argument it
 * refuses, with a TypeError for a wrong type and a RangeError for a value out
 * of its set, so a caller's mistake never surfaces as an error from inside.
 */
import { printable } from '../model/characters.ts';
import { excerpt } from '../model/diagnostic.ts';
import type { Game, Lang, RandomCategory } from '../model/schema-types.ts';

/**
 * An argument as a message names it: a string quoted, cut to a short excerpt
 * (model/diagnostic.ts `excerpt`, as diagnostics quote a line: a 1 MB id never
 * makes a 1 MB message) with its hidden characters as `U+XXXX`; anything else
 * by its type.
 */
export const shown = (value: unknown): string =>
  typeof value === 'string' ? JSON.stringify(printable(excerpt(value))) : value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;

export function checkString(value: unknown, name: string): asserts value is string {
  if (typeof value !== 'string') throw new TypeError(`${name} must be a string; got ${shown(value)}`);
}

export function checkOneOf(value: unknown, name: string, allowed: readonly string[]): void {
  checkString(value, name);
  if (!allowed.includes(value)) throw new RangeError(`${name} must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}; got ${shown(value)}`);
}

export function checkOptions(value: unknown, name: string): asserts value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new TypeError(`${name} must be an object; got ${shown(value)}`);
}

export const LANGS: readonly Lang[] = ['en', 'fr'];
export const GAMES: readonly Game[] = ['blood-bowl', 'dungeon-bowl'];
export const CATEGORIES: readonly RandomCategory[] = ['agility', 'general', 'mutation', 'passing', 'strength'];
