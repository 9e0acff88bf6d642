/**
 * The patterns rewritten for linear time (test/redos.test.ts) answer as the
 * quadratic ones did: on every short string of the characters that matter,
 * the new code and the old expression agree.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldName } from '../pipeline/consumer/index.ts';
import { fold, parseWanted } from '../pipeline/emit/cards/select.ts';
import { slugify } from '../pipeline/model/slug.ts';

/** Short strings over the characters the old expressions backtracked on. */
const tricky = fc.string({ unit: fc.constantFrom('(', ')', '*', ' ', '\t', 'a', 'B', '-', '+', '1', 'é'), maxLength: 14 });

const oldFoldName = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/\s*\([^)]*\)\s*\*?\s*$/u, '')
    .replace(/\*$/u, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const oldFold = (value: string): string =>
  value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[’‘`]/g, "'")
    .replace(/\*+\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

const oldSlugify = (value: string): string =>
  value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

describe('rewritten patterns', () => {
  it('foldName (the runtime API) drops a final parameter and star as before', () => {
    fc.assert(fc.property(tricky, (name) => foldName(name) === oldFoldName(name)), { numRuns: 5000 });
    expect(foldName('Loner (4+)*')).toBe('loner');
  });
  it('the card selection folds a trailing star as before', () => {
    fc.assert(fc.property(tricky, (value) => fold(value) === oldFold(value)), { numRuns: 5000 });
    expect(parseWanted('Loner (4+)**', 'x', null)).toMatchObject({ name: 'Loner', parameter: '4+' });
  });
  it('slugs trim their hyphens as before', () => {
    fc.assert(fc.property(tricky, (value) => slugify(value) === oldSlugify(value)), { numRuns: 5000 });
  });
});
