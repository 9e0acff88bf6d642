/**
 * The runtime API's answers on small literal data files
 * (test/fixtures/consumer/data/*.json). The modules are copied as the package
 * lays them out, `lib/` beside `data/` (here `consumer/` and `model/` beside
 * `data/`, so data.ts's `../data/skills.json` finds the fixture), and imported
 * from there by Node: each function is checked against data written out by hand, one
 * behaviour each.
 */
import { createRequire } from 'node:module';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Api from '../../pipeline/consumer/index.ts';
import { repoRoot } from '../helpers.ts';

const fixture = join(repoRoot, 'test/fixtures/consumer/data');
const data = (file: string): { id: string }[] => JSON.parse(readFileSync(join(fixture, file), 'utf8'));

/**
 * Loaded by Node itself, as an app's runtime loads the package, not through
 * vitest's module runner (`require` of an ES module): Node strips the types,
 * and refuses a JSON import without its `with { type: 'json' }` attribute.
 */
const nodeRequire = createRequire(import.meta.url);

let dir: string;
let api: typeof Api;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'nuffle-consumer-'));
  cpSync(join(repoRoot, 'pipeline/consumer'), join(dir, 'consumer'), { recursive: true });
  cpSync(join(repoRoot, 'pipeline/model'), join(dir, 'model'), { recursive: true });
  cpSync(fixture, join(dir, 'data'), { recursive: true });
  api = nodeRequire(join(dir, 'consumer/index.ts')) as typeof Api;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ids = (records: readonly { id: string }[]): string[] => records.map((r) => r.id);
const concept = (id: string) => data('concepts.json').find((c) => c.id === id);
const record = (id: string) => data('skills.json').find((r) => r.id === id);

describe('foldName', () => {
  it('drops accents and case', () => expect(api.foldName('Châtaigne')).toBe('chataigne'));
  it('drops a final parameter and its star', () => expect(api.foldName('Loner (4+)*')).toBe('loner'));
  it('keeps the words apart', () => expect(api.foldName('Mighty Blow (+1)')).toBe('mighty blow'));
  it('reads & as and', () => expect(api.foldName('Pass & Catch')).toBe('pass and catch'));
});

describe('resolveId', () => {
  it('a current record id resolves to itself', async () => expect(await api.resolveId('en-2020/dodge')).toEqual({ id: 'en-2020/dodge', movedFrom: null }));
  it('a current id of each kind resolves to itself', async () => {
    expect(await api.resolveId('dodge')).toEqual({ id: 'dodge', movedFrom: null });
    expect(await api.resolveId('en-2020/faq-2', 'ruling')).toEqual({ id: 'en-2020/faq-2', movedFrom: null });
    expect(await api.resolveId('en-2020-inducements/bribes', 'inducement')).toEqual({ id: 'en-2020-inducements/bribes', movedFrom: null });
    expect(await api.resolveId('en-2020-inducements/sports-wizard/fireball', 'spell')).toEqual({
      id: 'en-2020-inducements/sports-wizard/fireball',
      movedFrom: null,
    });
    expect(await api.resolveId('lustrian-superleague', 'league')).toEqual({ id: 'lustrian-superleague', movedFrom: null });
  });
  it('an id the data never had is a RangeError naming the closest id', async () =>
    await expect(api.resolveId('en-2020/dodgee')).rejects.toThrow(new RangeError('unknown record id "en-2020/dodgee"; did you mean "en-2020/dodge"?')));
  it('an unknown record id of another edition names the closest record, its own edition first', async () =>
    await expect(api.resolveId('en-2021/sure-feet')).rejects.toThrow(
      new RangeError('unknown record id "en-2021/sure-feet"; did you mean "en-2020/sure-feet"?'),
    ));
  it('an unknown id of each other kind is refused with the closest of that kind', async () => {
    await expect(api.resolveId('dodgee')).rejects.toThrow(new RangeError('unknown concept id "dodgee"; did you mean "dodge"?'));
    await expect(api.resolveId('en-2020/faq-9', 'ruling')).rejects.toThrow(/^unknown ruling id "en-2020\/faq-9"; did you mean "en-2020\/faq-1"/);
    await expect(api.resolveId('en-2020-inducements/bribe', 'inducement')).rejects.toThrow(
      new RangeError('unknown inducement id "en-2020-inducements/bribe"; did you mean "en-2020-inducements/bribes"?'),
    );
    await expect(api.resolveId('en-2020-inducements/sports-wizard/firebal', 'spell')).rejects.toThrow(
      /did you mean "en-2020-inducements\/sports-wizard\/fireball"\?$/,
    );
    await expect(api.resolveId('lustrian-super-league', 'league')).rejects.toThrow(/did you mean "lustrian-superleague"\?$/);
  });
  it('an id far from every id is refused without a guess', async () =>
    await expect(api.resolveId('en-2020/xyzzyplugh')).rejects.toThrow(new RangeError('unknown record id "en-2020/xyzzyplugh"')));
  it('a chain of renames leads to the last id', async () =>
    expect(await api.resolveId('en-2020/sidestep')).toEqual({ id: 'en-2020/side-step', movedFrom: 'en-2020/sidestep' }));
  it('a deleted id resolves to null', async () => expect(await api.resolveId('en-2020/leap')).toEqual({ id: null, movedFrom: 'en-2020/leap' }));
  it('a loop of renames stops where it would repeat', async () =>
    expect(await api.resolveId('en-2020/loop-a')).toEqual({ id: 'en-2020/loop-a', movedFrom: 'en-2020/loop-a' }));
  it('an id without a slash is read as a concept id', async () => expect(await api.resolveId('sidestep')).toEqual({ id: 'side-step', movedFrom: 'sidestep' }));
  it('a migration of another kind does not apply', async () => expect(await api.resolveId('dodge', 'concept')).toEqual({ id: 'dodge', movedFrom: null }));
  it('the kind given wins over the slash', async () => expect(await api.resolveId('dodge', 'record')).toEqual({ id: 'en-2020/dodge', movedFrom: 'dodge' }));
  it('resolves a ruling id when asked for rulings', async () =>
    expect(await api.resolveId('en-2020/faq-7', 'ruling')).toEqual({ id: 'en-2020/faq-1', movedFrom: 'en-2020/faq-7' }));
  it('refuses an id that is not a string, by name', async () =>
    await expect(api.resolveId(42 as unknown as string)).rejects.toThrow(new TypeError('id must be a string; got number')));
  it('refuses a kind that is not an id kind, by name', async () =>
    await expect(api.resolveId('dodge', 'skill' as 'record')).rejects.toThrow(
      new RangeError('kind must be one of "concept", "record", "ruling", "inducement", "spell", "league"; got "skill"'),
    ));
});

describe('getConcept', () => {
  it('finds a concept by id', async () => expect(await api.getConcept('dodge')).toEqual(concept('dodge')));
  it('a current concept carries no movedFrom', async () => expect(await api.getConcept('loner')).not.toHaveProperty('movedFrom'));
  it('follows a renamed concept id and says so', async () =>
    expect(await api.getConcept('sidestep')).toEqual({ ...concept('side-step'), movedFrom: 'sidestep' }));
  it('a deleted concept id is a RangeError with its note', async () =>
    await expect(api.getConcept('hypnotic-gaze')).rejects.toThrow(new RangeError('concept "hypnotic-gaze" was deleted: Hypnotic Gaze left the skill lists.')));
  it('a deleted concept id gives the note of its own migration, not of another id or kind', async () =>
    await expect(api.getConcept('stab')).rejects.toThrow(new RangeError('concept "stab" was deleted: Stab became a trait.')));
  it('a record migration does not lead a concept id anywhere', async () =>
    await expect(api.getConcept('en-2020/sidestep')).rejects.toThrow(new RangeError('unknown concept id "en-2020/sidestep"; did you mean "side-step"?')));
});

describe('an unknown id is a RangeError naming the id it most likely meant', () => {
  const refusal = (id: string) =>
    api.getConcept(id).then(
      () => '',
      (error: Error) => `${error.name}: ${error.message}`,
    );
  it('a concept name', async () => expect(await refusal('Mighty Blow')).toBe('RangeError: unknown concept id "Mighty Blow"; did you mean "mighty-blow"?'));
  it('an id spelled with underscores', async () =>
    expect(await refusal('mighty_blow')).toBe('RangeError: unknown concept id "mighty_blow"; did you mean "mighty-blow"?'));
  it('a French name', async () => expect(await refusal('Châtaigne')).toBe('RangeError: unknown concept id "Châtaigne"; did you mean "mighty-blow"?'));
  it('the start of a name', async () => expect(await refusal('migh')).toBe('RangeError: unknown concept id "migh"; did you mean "mighty-blow"?'));
  it('a record id, by the words after its slash', async () =>
    expect(await refusal('en-2020/loner')).toBe('RangeError: unknown concept id "en-2020/loner"; did you mean "loner"?'));
  it('each id once, though its id and names all match', async () =>
    expect(await refusal('DODGE')).toBe('RangeError: unknown concept id "DODGE"; did you mean "dodge"?'));
  it('at most three, in the order of the data', async () =>
    expect(await refusal('s')).toBe('RangeError: unknown concept id "s"; did you mean "side-step" or "sprint" or "sure-feet"?'));
  it('a name matched exactly, without the names that start like it', async () =>
    expect(await refusal('Réception')).toBe('RangeError: unknown concept id "Réception"; did you mean "catch"?'));
  it('an exact match before names that start alike', async () =>
    expect(await refusal('Sprint')).toBe('RangeError: unknown concept id "Sprint"; did you mean "sprint"?'));
  it('none when nothing is near', async () => expect(await refusal('zzz')).toBe('RangeError: unknown concept id "zzz"'));
  it('none for an id that folds to nothing', async () => expect(await refusal('?!')).toBe('RangeError: unknown concept id "?!"'));
  it('a record id by its id when its name changed since', async () =>
    await expect(api.rulingsFor('fr-legacy/side-step')).rejects.toThrow(
      new RangeError('unknown record id "fr-legacy/side-step"; did you mean "en-2020/side-step"?'),
    ));
  it('a record id by its name', async () =>
    await expect(api.rulingsFor('fr-legacy/sure-hands')).rejects.toThrow(
      new RangeError('unknown record id "fr-legacy/sure-hands"; did you mean "en-2020/sure-hands"?'),
    ));
});

describe('findByName', () => {
  it('finds the records that print a name, in any case', async () => expect(ids(await api.findByName('DODGE'))).toEqual(['alt-2025/dodge', 'en-2020/dodge']));
  it('finds every record of a concept by its id', async () =>
    expect(ids(await api.findByName('dodge'))).toEqual(['alt-2025/dodge', 'en-2020/dodge', 'fr-legacy/esquive']));
  it('keeps one language', async () => expect(ids(await api.findByName('Mighty Blow', { lang: 'fr' }))).toEqual([]));
  it('finds a French record without its accent, in French', async () =>
    expect(ids(await api.findByName('chataigne', { lang: 'fr' }))).toEqual(['fr-legacy/chataigne']));
  it('finds a record printed with a parameter, by its name alone', async () => expect(ids(await api.findByName('Loner (4+)'))).toEqual(['en-2020/loner']));
  it('finds every record of a concept by a reviewed alias', async () =>
    expect(ids(await api.findByName('mb'))).toEqual(['en-2020/mighty-blow', 'fr-legacy/chataigne']));
  it('finds the records of a retired id', async () => expect(ids(await api.findByName('side step old'))).toEqual(['en-2020/side-step']));
  it('finds the one record a record id names', async () => expect(ids(await api.findByName('en-2020/dodge'))).toEqual(['en-2020/dodge']));
  it('a misspelt name finds nothing (no typo correction)', async () => expect(await api.findByName('Sprnt')).toEqual([]));
  it('an unknown name finds nothing', async () => expect(await api.findByName('Leap')).toEqual([]));
});

describe('resolveName', () => {
  it('reads the parameter and picks the record of the edition', async () =>
    expect(await api.resolveName('Chataigne +1', { edition: 'en-2020' })).toEqual([
      { concept: 'mighty-blow', record: 'en-2020/mighty-blow', parameter: '+1', exact: true, score: 1, alias: 'Châtaigne' },
    ]));
  it('picks the record of the language', async () => expect((await api.resolveName('Dodge', { lang: 'fr' }))[0]?.record).toBe('fr-legacy/esquive'));
  it('suggests a name within a few edits', async () =>
    expect(await api.resolveName('Sprnt')).toEqual([{ concept: 'sprint', record: null, parameter: null, exact: false, score: 0.833, alias: 'Sprint' }]));
  it('refuses a language it does not know, by name', async () =>
    await expect(api.resolveName('Dodge', { lang: 'de' as 'en' })).rejects.toThrow(new RangeError('options.lang must be one of "en", "fr"; got "de"')));
  it('refuses an edition that is not a string, by name', async () =>
    await expect(api.resolveName('Dodge', { edition: 2020 as unknown as string })).rejects.toThrow(
      new TypeError('options.edition must be a string; got number'),
    ));
  it('refuses options that are not an object, by name', async () =>
    await expect(api.resolveName('Dodge', 'fr' as unknown as object)).rejects.toThrow(new TypeError('options must be an object; got "fr"')));
  it('refuses a text that is not a string, by name', async () =>
    await expect(api.resolveName(null as unknown as string)).rejects.toThrow(new TypeError('text must be a string; got null')));
});

describe('recordsOf', () => {
  it('gives the records of a concept, by id', async () =>
    expect(ids(await api.recordsOf('mighty-blow'))).toEqual(['en-2020/mighty-blow', 'fr-legacy/chataigne']));
  it('follows a renamed concept', async () => expect(ids(await api.recordsOf('sidestep'))).toEqual(['en-2020/side-step']));
  it('refuses an unknown concept with the id it likely meant', async () =>
    await expect(api.recordsOf('Loner')).rejects.toThrow(new RangeError('unknown concept id "Loner"; did you mean "loner"?')));
});

describe('rulingsFor', () => {
  it('gives the rulings naming a record', async () => expect(ids(await api.rulingsFor('en-2020/dodge'))).toEqual(['en-2020/faq-1']));
  it('gives the rulings of every record of a concept', async () => expect(ids(await api.rulingsFor('dodge'))).toEqual(['en-2020/faq-1', 'en-2020/faq-4']));
  it('follows a renamed record', async () => expect(ids(await api.rulingsFor('en-2020/sidestep'))).toEqual(['en-2020/faq-2']));
  it('follows a renamed concept', async () => expect(ids(await api.rulingsFor('sidestep'))).toEqual(['en-2020/faq-2']));
  it('a deleted record has none', async () => expect(await api.rulingsFor('en-2020/leap')).toEqual([]));
  it('a record caught in a loop of renames has none', async () => expect(await api.rulingsFor('en-2020/loop-a')).toEqual([]));
  it('a known record without rulings has none', async () => expect(await api.rulingsFor('en-2020/sure-feet')).toEqual([]));
  it('refuses an unknown concept', async () => await expect(api.rulingsFor('nope')).rejects.toThrow(new RangeError('unknown concept id "nope"')));
});

describe('editions', () => {
  it('gives the reference edition first, then the others in the order of the data', async () =>
    expect(ids(await api.editions())).toEqual(['en-2020', 'alt-2025', 'fr-legacy']));
});

describe('what a function hands out is frozen or fresh (issue 32)', () => {
  it('a caller that changes an edition, or the list, changes nothing for the next call', async () => {
    const first = await api.editions();
    expect(() => {
      (first[0] as { id: string }).id = 'HACKED';
    }).toThrow(TypeError);
    first.length = 0;
    expect(ids(await api.editions())).toEqual(['en-2020', 'alt-2025', 'fr-legacy']);
  });
  it('records, concepts and their lists are frozen to the last array', async () => {
    const [found] = await api.findByName('Dodge');
    expect(() => (found!.games as string[]).push('chess')).toThrow(TypeError);
    const concept = await api.getConcept('dodge');
    expect(() => {
      (concept.names as { en: string }).en = 'HACKED';
    }).toThrow(TypeError);
    const rows = (await api.crosswalkOf('dodge')).rows;
    rows[0]!.edition = 'HACKED';
    expect((await api.crosswalkOf('dodge')).rows[0]!.edition).not.toBe('HACKED');
    expect(await api.getConcept('dodge')).toEqual(concept);
    expect((await api.findByName('Dodge'))[0]!.games).toEqual((record(found!.id) as unknown as { games: string[] }).games);
  });
});

describe('an error message never repeats a huge argument whole', () => {
  const huge = `${'x'.repeat(1_000_000)}\u202e`;
  it.each([
    ['getConcept', () => api.getConcept(huge)],
    ['rulingsFor, a record id', () => api.rulingsFor(`en-2020/${huge}`)],
    ['randomSkill, an edition', () => api.randomSkill('blood-bowl', 'agility', '1-3', 1, { edition: huge })],
  ])('%s: a RangeError of a few hundred characters, the argument cut and printable', async (_, call) => {
    const message = await call().then(
      () => '',
      (error: Error) => error.message,
    );
    expect(message).toMatch(/^unknown \w+ id "(en-2020\/)?x+…"$/);
    expect(message.length).toBeLessThan(200);
  });
});

describe('randomSlot', () => {
  it('gives the record of a slot', async () =>
    expect(await api.randomSlot('blood-bowl', 'agility', '1-3', 6)).toEqual({ record: record('en-2020/side-step'), vacancy: null }));
  it('reads the second column', async () =>
    expect(await api.randomSlot('blood-bowl', 'agility', '4-6', 6)).toEqual({ record: record('en-2020/sure-feet'), vacancy: null }));
  it('gives a re-roll slot as such', async () => expect(await api.randomSlot('blood-bowl', 'agility', '1-3', 4)).toEqual({ record: null, vacancy: 're-roll' }));
  it('gives a vacant slot as such', async () => expect(await api.randomSlot('blood-bowl', 'agility', '1-3', 5)).toEqual({ record: null, vacancy: 'vacant' }));
  it('reads the table of the category', async () => expect((await api.randomSlot('blood-bowl', 'general', '1-3', 1))?.record?.id).toBe('en-2020/sure-hands'));
  it('reads the table of the game', async () => expect((await api.randomSlot('dungeon-bowl', 'agility', '1-3', 1))?.record?.id).toBe('en-2020/loner'));
  it('reads the table of the edition asked for', async () =>
    expect((await api.randomSlot('blood-bowl', 'agility', '1-3', 1, { edition: 'alt-2025' }))?.record?.id).toBe('alt-2025/dodge'));
  it('is undefined for a table the edition does not have', async () =>
    expect(await api.randomSlot('blood-bowl', 'agility', '1-3', 1, { edition: 'fr-legacy' })).toBeUndefined());
  it('is undefined for a slot the table does not list', async () => expect(await api.randomSlot('blood-bowl', 'agility', '1-3', 2)).toBeUndefined());
  it('refuses an edition the data does not have, with the one it likely meant', async () =>
    await expect(api.randomSlot('blood-bowl', 'agility', '1-3', 1, { edition: 'English 2020' })).rejects.toThrow(
      new RangeError('unknown edition id "English 2020"; did you mean "en-2020"?'),
    ));
  it.each([
    ['a roll that is not a column', '1-6', 1, 'roll must be "1-3" or "4-6"; got "1-6"'],
    ['a d6 of 0', '1-3', 0, 'd6 must be a whole number from 1 to 6; got 0'],
    ['a d6 of 7', '4-6', 7, 'd6 must be a whole number from 1 to 6; got 7'],
    ['a d6 that is not whole', '1-3', 2.5, 'd6 must be a whole number from 1 to 6; got 2.5'],
  ] as const)(
    'refuses %s',
    async (_, roll, d6, message) => await expect(api.randomSlot('blood-bowl', 'agility', roll as '1-3', d6)).rejects.toThrow(new RangeError(message)),
  );
  it('refuses options that are not an object, by name', async () =>
    await expect(api.randomSlot('blood-bowl', 'agility', '1-3', 1, null as unknown as object)).rejects.toThrow(
      new TypeError('options must be an object; got null'),
    ));
  it('accepts the first and last rows', async () => {
    expect(await api.randomSlot('blood-bowl', 'agility', '4-6', 1)).toEqual({ record: record('en-2020/sprint'), vacancy: null });
    expect(await api.randomSlot('blood-bowl', 'agility', '4-6', 6)).toEqual({ record: record('en-2020/sure-feet'), vacancy: null });
  });
});

describe('randomSkill', () => {
  it('gives the record of a slot', async () => expect(await api.randomSkill('blood-bowl', 'agility', '1-3', 1)).toEqual(record('en-2020/dodge')));
  it('is undefined for a vacant slot', async () => expect(await api.randomSkill('blood-bowl', 'agility', '1-3', 5)).toBeUndefined());
  it('is undefined for a table the edition does not have', async () => expect(await api.randomSkill('blood-bowl', 'mutation', '1-3', 1)).toBeUndefined());
});

describe('roll', () => {
  /** A random source that returns these numbers in turn. */
  const dice =
    (...values: number[]) =>
    () =>
      values.shift()!;
  it('rolls the column and then the row', async () =>
    expect(await api.roll('blood-bowl', 'agility', dice(0.9, 0))).toEqual({
      roll: '4-6',
      d6: 1,
      slot: 'skill',
      record: record('en-2020/sprint'),
      vacancy: null,
    }));
  it('a first die of 3 is the 1-3 column', async () =>
    expect(await api.roll('blood-bowl', 'agility', dice(0.49, 0.99))).toEqual({
      roll: '1-3',
      d6: 6,
      slot: 'skill',
      record: record('en-2020/side-step'),
      vacancy: null,
    }));
  it('a first die of 4 is the 4-6 column', async () => expect((await api.roll('blood-bowl', 'agility', dice(0.5, 0.99))).roll).toBe('4-6'));
  it('reads the edition asked for', async () =>
    expect((await api.roll('blood-bowl', 'agility', dice(0, 0), { edition: 'alt-2025' })).record).toEqual(record('alt-2025/dodge')));
  it('says a vacant slot is vacant', async () =>
    expect(await api.roll('blood-bowl', 'agility', dice(0, 0.7))).toEqual({ roll: '1-3', d6: 5, slot: 'vacant', record: null, vacancy: 'vacant' }));
  it('says a re-roll slot is re-rolled', async () =>
    expect(await api.roll('blood-bowl', 'agility', dice(0, 0.5))).toEqual({ roll: '1-3', d6: 4, slot: 're-roll', record: null, vacancy: 're-roll' }));
  it('says when the edition has no such table', async () =>
    expect(await api.roll('blood-bowl', 'agility', dice(0, 0), { edition: 'fr-legacy' })).toEqual({
      roll: '1-3',
      d6: 1,
      slot: 'no-table',
      record: null,
      vacancy: null,
    }));
  it('refuses a random source that returns a negative number', async () =>
    await expect(api.roll('blood-bowl', 'agility', () => -0.1)).rejects.toThrow(
      new RangeError('rng must return a number from 0 (included) to 1 (excluded), like Math.random; got -0.1'),
    ));
  it('refuses a random source that returns NaN', async () => await expect(api.roll('blood-bowl', 'agility', () => Number.NaN)).rejects.toThrow(/; got NaN$/));
  it('refuses a category it does not know, by name', async () =>
    await expect(api.roll('blood-bowl', 'magic' as 'agility')).rejects.toThrow(
      /^category must be one of "agility", "general", "mutation", "passing", "strength"; got "magic"$/,
    ));
});

describe('crosswalkOf', () => {
  it('gives the concept', async () => expect((await api.crosswalkOf('dodge')).concept).toEqual(concept('dodge')));
  it('gives a row per record of the concept, with its edition and name', async () =>
    expect((await api.crosswalkOf('dodge')).rows).toEqual([
      { record: 'alt-2025/dodge', concept: 'dodge', relation: 'same', confidence: 'high', summary: null, edition: 'alt-2025', name: 'Dodge' },
      { record: 'en-2020/dodge', concept: 'dodge', relation: 'same', confidence: 'high', summary: null, edition: 'en-2020', name: 'Dodge' },
      {
        record: 'fr-legacy/esquive',
        concept: 'dodge',
        relation: 'reworked',
        confidence: 'medium',
        summary: 'Once per turn only.',
        edition: 'fr-legacy',
        name: 'Esquive',
      },
    ]));
  it('names each linked concept, or gives its id when the data lacks it', async () =>
    expect((await api.crosswalkOf('side-step')).relations).toEqual([
      { type: 'split-from', concept: 'dodge', record: 'en-2020/dodge', name: 'Dodge' },
      { type: 'replaces', concept: 'shadow-step', record: 'en-2020/side-step', name: 'shadow-step' },
    ]));
  it('follows a renamed concept', async () => expect((await api.crosswalkOf('sidestep')).concept.id).toBe('side-step'));
  it('refuses an unknown concept with the id it likely meant', async () =>
    await expect(api.crosswalkOf('Sure Hands')).rejects.toThrow(new RangeError('unknown concept id "Sure Hands"; did you mean "sure-hands"?')));
});
