/**
 * The runtime API's answers on small literal data files. The module is copied
 * next to a `data/` folder of its own, as the package lays it out
 * (`lib/index.js` beside `data/`), and imported from there: each function is
 * checked against data written out in the test, one behaviour each.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Api from '../../pipeline/consumer/index.ts';
import { repoRoot } from '../helpers.ts';

const record = (id: string, name: string, lang: 'en' | 'fr', concept: string) => ({ id, name, lang, concept });

const DATA = {
  'skills.json': [
    record('en-2020/dodge', 'Dodge', 'en', 'dodge'),
    record('en-2020/loner', 'Loner (4+)*', 'en', 'loner'),
    record('en-2020/mighty-blow', 'Mighty Blow (+1)', 'en', 'mighty-blow'),
    record('en-2020/side-step', 'Side Step', 'en', 'side-step'),
    record('fr-legacy/chataigne', 'Châtaigne', 'fr', 'mighty-blow'),
    record('fr-legacy/esquive', 'Esquive', 'fr', 'dodge'),
    record('fr-legacy/dodge', 'Dodge', 'fr', 'dodge'),
  ],
  'concepts.json': [
    { id: 'dodge', records: ['en-2020/dodge', 'fr-legacy/esquive', 'fr-legacy/dodge'] },
    { id: 'loner', records: ['en-2020/loner'] },
    { id: 'mighty-blow', records: ['en-2020/mighty-blow', 'fr-legacy/chataigne'] },
    { id: 'side-step', records: ['en-2020/side-step'] },
  ],
  'rulings.json': [
    { id: 'en-2020/faq-1', records: ['en-2020/dodge'] },
    { id: 'en-2020/faq-2', records: ['en-2020/side-step', 'en-2020/loner'] },
    { id: 'en-2020/faq-3', records: ['fr-legacy/chataigne'] },
  ],
  'migrations.json': [
    { id: 'en-2020/sidestep', kind: 'record', action: 'renamed', to: 'en-2020/side-step-old', since: '0.2.0', note: '' },
    { id: 'en-2020/side-step-old', kind: 'record', action: 'renamed', to: 'en-2020/side-step', since: '0.3.0', note: '' },
    { id: 'en-2020/leap-old', kind: 'record', action: 'deleted', to: null, since: '0.2.0', note: '' },
    { id: 'en-2020/loop-a', kind: 'record', action: 'renamed', to: 'en-2020/loop-b', since: '0.2.0', note: '' },
    { id: 'en-2020/loop-b', kind: 'record', action: 'renamed', to: 'en-2020/loop-a', since: '0.2.0', note: '' },
    { id: 'sidestep', kind: 'concept', action: 'renamed', to: 'side-step', since: '0.2.0', note: '' },
    { id: 'hypnotic-gaze-old', kind: 'concept', action: 'deleted', to: null, since: '0.2.0', note: '' },
    { id: 'dodge', kind: 'record', action: 'renamed', to: 'en-2020/dodge', since: '0.2.0', note: 'a record migration whose id looks like a concept id' },
  ],
  'random-tables.json': [
    {
      id: 'en-2020/blood-bowl/agility',
      slots: [
        { roll: '1-3', d6: 1, record: 'en-2020/dodge' },
        { roll: '1-3', d6: 6, record: 'en-2020/side-step' },
        { roll: '4-6', d6: 1, record: 'en-2020/loner' },
      ],
    },
    { id: 'other-2030/blood-bowl/agility', slots: [{ roll: '1-3', d6: 1, record: 'en-2020/mighty-blow' }] },
  ],
};

let dir: string;
let api: typeof Api;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'nuffle-consumer-'));
  mkdirSync(join(dir, 'lib'));
  mkdirSync(join(dir, 'data'));
  copyFileSync(join(repoRoot, 'pipeline/consumer/index.ts'), join(dir, 'lib/index.ts'));
  for (const [file, value] of Object.entries(DATA)) writeFileSync(join(dir, 'data', file), JSON.stringify(value));
  api = (await import(join(dir, 'lib/index.ts'))) as typeof Api;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ids = (records: readonly { id: string }[]) => records.map((r) => r.id);

describe('foldName', () => {
  it('drops accents', () => expect(api.foldName('Châtaigne')).toBe('chataigne'));
  it('lowercases', () => expect(api.foldName('DODGE')).toBe('dodge'));
  it('drops a final parameter', () => expect(api.foldName('Mighty Blow (+1)')).toBe('mighty blow'));
  it('drops a final parameter and its star', () => expect(api.foldName('Loner (4+)*')).toBe('loner'));
  it('drops a star after a space', () => expect(api.foldName('Loner (4+) *')).toBe('loner'));
  it('drops a bare trailing star', () => expect(api.foldName('Animal Savagery*')).toBe('animal savagery'));
  it('drops trailing spaces after the parameter', () => expect(api.foldName('Loner (4+)   ')).toBe('loner'));
  it('drops only the last of two parentheses', () => expect(api.foldName('Foul Appearance (x) (2+)')).toBe('foul appearance x'));
  it('keeps a parenthesis in the middle of a name', () => expect(api.foldName('Pass (Long) Bomb')).toBe('pass long bomb'));
  it('drops empty parentheses at the end', () => expect(api.foldName('Stab()')).toBe('stab'));
  it('folds a name that is only a parameter to nothing', () => expect(api.foldName('(4+)')).toBe(''));
  it('keeps a name with an unopened closing parenthesis', () => expect(api.foldName('Stab)')).toBe('stab'));
  it('reads & as and', () => expect(api.foldName('Pass&Catch')).toBe('pass and catch'));
  it('turns punctuation into one space', () => expect(api.foldName('Sure-Hands!? Now')).toBe('sure hands now'));
  it('trims the ends', () => expect(api.foldName('  Block ')).toBe('block'));
  it('keeps digits', () => expect(api.foldName('Leg 2')).toBe('leg 2'));
  it('keeps a parenthesis that is never closed', () => expect(api.foldName('Pass (Long')).toBe('pass long'));
  it('drops the parameter after the last closed parenthesis only', () => expect(api.foldName('Stab ()x (2+)')).toBe('stab x'));
  it('reads a star inside a name as a space', () => expect(api.foldName('Pass*Block')).toBe('pass block'));
});

describe('resolveId', () => {
  it('refuses an id that is not a string, by name', async () => {
    await expect(api.resolveId(42 as unknown as string)).rejects.toThrow(new TypeError('id must be a string; got number'));
  });
  it('refuses a kind that is not an id kind, by name', async () => {
    await expect(api.resolveId('dodge', 'skill' as 'record')).rejects.toThrow(
      new RangeError('kind must be one of "concept", "record", "ruling", "inducement", "spell", "league"; got "skill"'),
    );
  });
  it('a current record id resolves to itself', async () => expect(await api.resolveId('en-2020/dodge')).toEqual({ id: 'en-2020/dodge', movedFrom: null }));
  it('an id the data never had resolves to itself', async () => expect(await api.resolveId('en-2020/nope')).toEqual({ id: 'en-2020/nope', movedFrom: null }));
  it('a chain of renames leads to the last id', async () =>
    expect(await api.resolveId('en-2020/sidestep')).toEqual({ id: 'en-2020/side-step', movedFrom: 'en-2020/sidestep' }));
  it('a deleted id resolves to null', async () => expect(await api.resolveId('en-2020/leap-old')).toEqual({ id: null, movedFrom: 'en-2020/leap-old' }));
  it('a loop of renames ends where it would repeat', async () =>
    expect(await api.resolveId('en-2020/loop-a')).toEqual({ id: 'en-2020/loop-a', movedFrom: 'en-2020/loop-a' }));
  it('an id without a slash is read as a concept id', async () => expect(await api.resolveId('sidestep')).toEqual({ id: 'side-step', movedFrom: 'sidestep' }));
  it('a migration of another kind does not apply', async () => expect(await api.resolveId('dodge')).toEqual({ id: 'dodge', movedFrom: null }));
  it('the kind given wins over the slash', async () => expect(await api.resolveId('dodge', 'record')).toEqual({ id: 'en-2020/dodge', movedFrom: 'dodge' }));
});

describe('getConcept', () => {
  it('finds a concept by id', async () => expect(await api.getConcept('dodge')).toEqual(DATA['concepts.json'][0]));
  it('follows a renamed concept id and says so', async () =>
    expect(await api.getConcept('sidestep')).toEqual({ id: 'side-step', records: ['en-2020/side-step'], movedFrom: 'sidestep' }));
  it('a deleted concept id finds nothing', async () => expect(await api.getConcept('hypnotic-gaze-old')).toBeUndefined());
  it('an unknown concept id finds nothing', async () => expect(await api.getConcept('nope')).toBeUndefined());
  it('a current concept carries no movedFrom', async () => expect(await api.getConcept('loner')).not.toHaveProperty('movedFrom'));
});

describe('findByName', () => {
  it('finds every language by a folded name', async () => expect(ids(await api.findByName('dodge'))).toEqual(['en-2020/dodge', 'fr-legacy/dodge']));
  it('keeps one language', async () => expect(ids(await api.findByName('DODGE', { lang: 'fr' }))).toEqual(['fr-legacy/dodge']));
  it('keeps English', async () => expect(ids(await api.findByName('dodge', { lang: 'en' }))).toEqual(['en-2020/dodge']));
  it('matches the French name without its accent', async () => expect(ids(await api.findByName('chataigne'))).toEqual(['fr-legacy/chataigne']));
  it('matches a record printed with a parameter', async () => expect(ids(await api.findByName('Loner'))).toEqual(['en-2020/loner']));
  it('a name that folds to nothing finds nothing', async () => expect(await api.findByName('?!')).toEqual([]));
  it('an unknown name finds nothing', async () => expect(await api.findByName('Leap')).toEqual([]));
});

describe('recordsOf', () => {
  it('gives the records of a concept', async () => expect(ids(await api.recordsOf('mighty-blow'))).toEqual(['en-2020/mighty-blow', 'fr-legacy/chataigne']));
  it('follows a renamed concept', async () => expect(ids(await api.recordsOf('sidestep'))).toEqual(['en-2020/side-step']));
  it('an unknown concept has none', async () => expect(await api.recordsOf('nope')).toEqual([]));
});

describe('rulingsFor', () => {
  it('gives the rulings naming a record', async () => expect(ids(await api.rulingsFor('en-2020/dodge'))).toEqual(['en-2020/faq-1']));
  it('follows a renamed record', async () => expect(ids(await api.rulingsFor('en-2020/sidestep'))).toEqual(['en-2020/faq-2']));
  it('a deleted record has none', async () => expect(await api.rulingsFor('en-2020/leap-old')).toEqual([]));
  it('gives the rulings of any record of a concept', async () => expect(ids(await api.rulingsFor('mighty-blow'))).toEqual(['en-2020/faq-3']));
  it('an unknown concept has none', async () => expect(await api.rulingsFor('nope')).toEqual([]));
});

describe('randomSkill', () => {
  it('reads the slot of the roll and the d6', async () => expect((await api.randomSkill('blood-bowl', 'agility', '1-3', 1))?.id).toBe('en-2020/dodge'));
  it('reads row 6', async () => expect((await api.randomSkill('blood-bowl', 'agility', '1-3', 6))?.id).toBe('en-2020/side-step'));
  it('reads the 4-6 column', async () => expect((await api.randomSkill('blood-bowl', 'agility', '4-6', 1))?.id).toBe('en-2020/loner'));
  it('an empty slot gives undefined', async () => expect(await api.randomSkill('blood-bowl', 'agility', '4-6', 2)).toBeUndefined());
  it('a table that does not exist gives undefined', async () => expect(await api.randomSkill('dungeon-bowl', 'agility', '1-3', 1)).toBeUndefined());
  it('reads the edition asked for', async () =>
    expect((await api.randomSkill('blood-bowl', 'agility', '1-3', 1, { edition: 'other-2030' }))?.id).toBe('en-2020/mighty-blow'));
  it.each([0, 7, 1.5, Number.NaN])('refuses d6 = %s', async (d6) => {
    await expect(api.randomSkill('blood-bowl', 'agility', '1-3', d6)).rejects.toThrow(new RangeError(`d6 must be a whole number from 1 to 6; got ${d6}`));
  });
  it.each(['general', 'mutation', 'passing', 'strength'] as const)('takes the %s category (no such table here)', async (category) =>
    expect(await api.randomSkill('blood-bowl', category, '1-3', 1)).toBeUndefined(),
  );
  it('refuses options that are a string', async () => {
    await expect(api.findByName('Dodge', 'fr' as unknown as object)).rejects.toThrow(new TypeError('options must be an object; got "fr"'));
  });
  it('refuses a roll that is not a column', async () => {
    await expect(api.randomSkill('blood-bowl', 'agility', '2-5' as '1-3', 1)).rejects.toThrow(new RangeError('roll must be "1-3" or "4-6"; got "2-5"'));
  });
  it('refuses options that are not an object', async () => {
    await expect(api.randomSkill('blood-bowl', 'agility', '1-3', 1, [] as object)).rejects.toThrow(new TypeError('options must be an object; got an array'));
  });
});

describe('the data files', () => {
  it('are read once: an edit after the first read is not seen', async () => {
    await api.findByName('Dodge');
    writeFileSync(join(dir, 'data/skills.json'), '[]');
    try {
      expect(ids(await api.findByName('Dodge'))).toEqual(['en-2020/dodge', 'fr-legacy/dodge']);
    } finally {
      writeFileSync(join(dir, 'data/skills.json'), JSON.stringify(DATA['skills.json']));
    }
  });
});
