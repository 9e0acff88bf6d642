/**
 * The patterns rewritten for linear time (test/redos.test.ts) answer as the
 * quadratic ones did: on every short string of the characters that matter,
 * the new code and the old expression agree. Names are folded by one module
 * now (model/fold.ts, issue 21): its properties are checked here too.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldName } from '../pipeline/consumer/index.ts';
import { parseWanted } from '../pipeline/emit/cards/select.ts';
import { withoutStars } from '../pipeline/model/fold.ts';
import { slugify } from '../pipeline/model/slug.ts';

/** Short strings over the characters the old expressions backtracked on. */
const tricky = fc.string({ unit: fc.constantFrom('(', ')', '*', ' ', '\t', 'a', 'B', '-', '+', '1', 'é'), maxLength: 14 });

const oldWithoutStars = (value: string): string => value.replace(/\*+\s*$/, '').trim();

const oldSlugify = (value: string): string =>
  value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

describe('rewritten patterns', () => {
  it('foldName (the runtime API) is stable: a folded name folds to itself, whatever its case', () => {
    fc.assert(
      fc.property(tricky, (name) => foldName(foldName(name)) === foldName(name) && foldName(name.toUpperCase()) === foldName(name)),
      { numRuns: 5000 },
    );
    expect(foldName('Loner (4+)*')).toBe('loner');
  });
  it('the name module drops a trailing star as the card selection did', () => {
    fc.assert(
      fc.property(tricky, (value) => withoutStars(value).trim() === oldWithoutStars(value)),
      { numRuns: 5000 },
    );
    expect(parseWanted('Loner (4+)**', 'x', null)).toMatchObject({ name: 'Loner', parameter: '4+' });
  });
  it('slugs trim their hyphens as before', () => {
    fc.assert(
      fc.property(tricky, (value) => slugify(value) === oldSlugify(value)),
      { numRuns: 5000 },
    );
  });
});
