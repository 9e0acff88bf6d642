/**
 * The price-list bullet's shape readers (link/price-list.ts), each on small
 * literal inputs: one behaviour per test. Each reader says null for a text of
 * another shape, so parsePriceBullet tries them in order; the real notes are
 * inducements.test.ts's.
 */
import { describe, expect, it } from 'vitest';
import { findAmounts, readAmount } from '../pipeline/link/amounts.ts';
import { parsePriceBullet, readAnyCharacteristic, readPackage, readSkillCategory, readStatChanges } from '../pipeline/link/price-list.ts';

/** A shape's fields left empty: each test names what its shape fills. */
const EMPTY = { category: null, count: null, except: [], skills: [], changes: [], removes: [] };

describe('readAnyCharacteristic', () => {
  it('reads a change to any characteristic, signed', () => {
    expect(readAnyCharacteristic('-1 to any characteristic')).toEqual({
      ...EMPTY,
      kind: 'characteristic',
      changes: [{ abbreviation: 'any', delta: -1, as: '-1 to any characteristic' }],
    });
  });

  it('leaves a named characteristic to the stat reader', () => {
    expect(readAnyCharacteristic('+1MV')).toBeNull();
  });
});

describe('readStatChanges', () => {
  it('reads every change of a list, with or without a sign or a space', () => {
    expect(readStatChanges('+2ST -1MA 3F')?.changes).toEqual([
      { abbreviation: 'ST', delta: 2, as: '+2ST' },
      { abbreviation: 'MA', delta: -1, as: '-1MA' },
      { abbreviation: 'F', delta: 3, as: '3F' },
    ]);
  });

  it('is null when one part is not a change', () => {
    expect(readStatChanges('+1MV Dodge')).toBeNull();
  });
});

describe('readSkillCategory', () => {
  it('reads one skill of a category, with the skills it excludes', () => {
    expect(readSkillCategory('One only general skill (but Dirty Player and Sneaky Git)')).toEqual({
      ...EMPTY,
      kind: 'skill-category',
      category: 'general',
      count: { min: 1, max: 1 },
      except: ['Dirty Player', 'Sneaky Git'],
    });
  });

  it('reads "two or more", before or after the category', () => {
    expect(readSkillCategory('Two or more mutations')).toMatchObject({ category: 'mutation', count: { min: 2, max: null } });
    expect(readSkillCategory('2 pass skills or more')).toMatchObject({ category: 'passing', count: { min: 2, max: null } });
  });

  it('asks for "or more" after a count of two', () => {
    expect(readSkillCategory('2 agility skills')).toEqual({ expected: '`2 … or more` (a count of two means two or more)' });
  });

  it('says what it expected of a count of skills it cannot read', () => {
    expect(readSkillCategory('1 weird skill')).toMatchObject({ expected: expect.stringContaining('<count> <agility|general|pass|strength> skill(s)') });
  });

  it('is null for a text with no count', () => {
    expect(readSkillCategory('Dodge + Sure Feet')).toBeNull();
  });
});

describe('readPackage', () => {
  it('reads skills, parameters, stat changes and removals', () => {
    expect(readPackage('Chain and Ball + Mighty Blow (+1) + 3F -2M - Dodge')).toEqual({
      ...EMPTY,
      kind: 'package',
      skills: [
        { name: 'Chain and Ball', parameter: null, as: 'Chain and Ball' },
        { name: 'Mighty Blow', parameter: '+1', as: 'Mighty Blow (+1)' },
      ],
      changes: [
        { abbreviation: 'F', delta: 3, as: '3F' },
        { abbreviation: 'M', delta: -2, as: '-2M' },
      ],
      removes: ['Dodge'],
    });
  });

  it('is null without a skill', () => {
    expect(readPackage('- Dodge')).toBeNull();
  });
});

describe('parsePriceBullet', () => {
  it('puts the price and leagues around the shape the first reader finds', () => {
    expect(parsePriceBullet('  +1MV : +30K each for Lustria Super League.  ', 7)).toEqual({
      ok: true,
      item: {
        line: 7,
        text: '+1MV : +30K each for Lustria Super League.',
        cost: 30000,
        per: 'each',
        minimumCost: null,
        leagues: ['Lustria Super League'],
        ...EMPTY,
        kind: 'characteristic',
        changes: [{ abbreviation: 'MV', delta: 1, as: '+1MV' }],
      },
    });
  });

  it("reports a reader's expectation with the bullet", () => {
    expect(parsePriceBullet('2 agility skills : +20K', 1)).toEqual({
      ok: false,
      reason: 'Price-list bullet not understood: "2 agility skills : +20K"',
      expected: '`2 … or more` (a count of two means two or more)',
    });
  });

  it('asks for a skill when no reader finds a shape', () => {
    expect(parsePriceBullet('- Dodge : +10K', 1)).toMatchObject({ ok: false, expected: 'at least one skill in a package' });
  });
});

describe('amounts (link/amounts.ts): every form the notes write', () => {
  const bullets: [string, number][] = [
    ['+1MV : +20K', 20000],
    ['+1MV : 20K', 20000],
    ['+1MV : 20,000 gold pieces', 20000],
    ['+1MV : +20,000 gold pieces', 20000],
    ['+1MV : 20,000 gp', 20000],
    ['+1MV : 20000 gp', 20000],
    ['-1 to any characteristic : -10,000 gold pieces', -10000],
  ];
  for (const [text, cost] of bullets) {
    it(`reads the price of "${text}"`, () => {
      expect(parsePriceBullet(`${text} each`, 1)).toMatchObject({ ok: true, item: { cost, per: 'each' } });
    });
  }

  it('reads a floor written in gold pieces', () => {
    expect(parsePriceBullet('-1 to any characteristic : -10K (mercenary cost 30,000 gold pieces at least)', 1)).toMatchObject({
      ok: true,
      item: { cost: -10000, minimumCost: 30000 },
    });
  });

  it('is no price without a unit: a bare number or a stat change', () => {
    expect(parsePriceBullet('Dodge : 20', 1)).toMatchObject({ ok: false });
    expect(parsePriceBullet('Dodge : +1MV', 1)).toMatchObject({ ok: false });
    expect(readAmount('20,00 gp', 0)).toBeNull();
  });

  it('finds amounts only where a number starts, each with where it ends', () => {
    expect(findAmounts('at 30,000 gold pieces more; AV10K, then +20K, or 1,20K.')).toEqual([
      { value: 30000, start: 3, end: 21 },
      { value: 20000, start: 40, end: 44 },
    ]);
  });
});
