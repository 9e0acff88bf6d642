/**
 * A small literal dataset for the emitters' unit tests (SQLite, CSV, static
 * API): two editions, three records (one French, one with a parameter and an
 * erratum), two concepts with a relation, rulings with pages and occurrences,
 * a table with a vacant slot, a wizard with a spell and abilities, a price
 * list whose items use every list field, a league with two spellings, a
 * migration and the alias index. Every value differs from its neighbours (a
 * record's first and last line, a count's min and max), so a column read from
 * the wrong field shows.
 */
import type { DataBundle } from '../../pipeline/model/dataset.ts';
import type { Inducement, Skill } from '../../pipeline/model/schema-types.ts';
import { priceItem as item, row } from '../literal-fixtures.ts';

const dodge: Skill = {
  id: 'en-2020/dodge',
  edition: 'en-2020',
  lang: 'en',
  name: 'Dodge',
  displayName: 'Dodge',
  parameter: null,
  compulsory: false,
  kind: 'skill',
  category: 'agility',
  text: 'Once per team turn, re-roll a failed Dodge, "as printed", with a comma.',
  games: ['blood-bowl', 'dungeon-bowl'],
  randomSlots: [{ game: 'blood-bowl', roll: '1-3', d6: 2 }],
  rulings: ['en-2020/dodge/q-1'],
  concept: 'dodge',
  source: { id: 'en-2020-skills', lines: [10, 14], errata: [] },
};

const mightyBlow: Skill = {
  id: 'en-2020/mighty-blow',
  edition: 'en-2020',
  lang: 'en',
  name: 'Mighty Blow',
  displayName: 'Mighty Blow (+1)*',
  parameter: '+1',
  compulsory: true,
  kind: 'skill',
  category: 'strength',
  text: 'Add 1 to the Armour roll\r\nor the Injury roll.',
  games: ['blood-bowl'],
  randomSlots: [],
  rulings: ['en-2020/dodge/q-1', 'en-2020/mighty-blow/q-2'],
  concept: 'mighty-blow',
  source: { id: 'en-2020-skills', lines: [20, 27], errata: ['erratum-a', 'erratum-b'] },
};

const esquive: Skill = {
  id: 'fr-legacy/esquive',
  edition: 'fr-legacy',
  lang: 'fr',
  name: 'Esquive',
  displayName: 'Esquive',
  parameter: null,
  compulsory: null,
  kind: 'trait',
  category: 'general',
  text: 'Relancer une esquive ratée.',
  games: ['blood-bowl'],
  randomSlots: [],
  rulings: [],
  concept: 'dodge',
  source: { id: 'fr-legacy-list', lines: [3, 5], errata: [] },
};

const wizard: Inducement = {
  id: 'notes/wizard',
  edition: 'notes',
  name: 'Wizard',
  nameFr: 'Sorcier',
  kind: 'wizard',
  text: 'A wizard casts one spell per game.',
  abilities: [
    { name: 'Fireball', text: 'Burns a square.', line: 31 },
    { name: 'Zap', text: 'Turns a player into a frog.', line: 33 },
  ],
  spells: [{ id: 'notes/wizard/fireball', name: 'Fireball', text: 'Roll for each player.', line: 32, mentions: ['dodge', 'mighty-blow'] }],
  limits: { max: 1, oncePerGame: true },
  costs: [
    { amount: 150_000, text: '150,000 gp' },
    { amount: 80_000, text: '80K for bribed teams' },
  ],
  priceList: null,
  priceStated: true,
  mentions: ['mighty-blow'],
  confidence: 'medium',
  note: 'named from its opening words',
  blocks: [
    { opening: 'Wizard', lines: [30, 34] },
    { opening: 'Spells', lines: [35, 36] },
  ],
  source: { id: 'notes', lines: [30, 36], errata: ['erratum-c'] },
};

const prices: Inducement = {
  id: 'notes/prices',
  edition: 'notes',
  name: 'Mercenary prices',
  nameFr: null,
  kind: 'price-list',
  text: '',
  abilities: [],
  spells: [],
  limits: { max: null, oncePerGame: false },
  costs: [],
  priceList: {
    minimumCost: 50_000,
    items: [
      item({ except: ['dodge', 'mighty-blow'], leagues: ['old-world', 'lustria'] }),
      item({
        kind: 'package',
        line: 42,
        text: 'Mighty Blow instead of Dodge',
        category: null,
        count: null,
        skills: [{ concept: 'mighty-blow', name: 'Mighty Blow', parameter: '+1' }],
        removes: ['dodge'],
        cost: 30_000,
        per: 'each',
        minimumCost: 60_000,
      }),
      item({
        kind: 'characteristic',
        line: 43,
        text: '+1 MA',
        category: null,
        count: { min: 3, max: null },
        changes: [{ stat: 'MA', delta: 1, as: '+1 MA' }],
        cost: 25_000,
      }),
    ],
  },
  priceStated: true,
  mentions: [],
  confidence: 'high',
  note: '',
  blocks: [],
  source: { id: 'notes', lines: [40, 44], errata: [] },
};

/** The literal dataset, fresh on every call (tests may edit it). */
export function literalBundle(): DataBundle {
  return structuredClone({
    meta: { datasetVersion: '1.2.3', schemaVersion: '4.5.6', releaseDate: '2026-01-31', sources: [], files: [] },
    editions: [
      {
        id: 'en-2020',
        label: 'Blood Bowl 2020',
        year: 2020,
        circa: false,
        status: 'current',
        lang: 'en',
        source: 'en-2020-skills',
        file: 'sources/raw/en.txt',
        sha256: 'a'.repeat(64),
        parser: 'en-2020',
        note: 'The English rules.',
        records: 2,
        rulings: 2,
      },
      {
        id: 'fr-legacy',
        label: 'Liste française',
        year: 2006,
        circa: true,
        status: 'superseded',
        lang: 'fr',
        source: 'fr-legacy-list',
        file: 'sources/raw/fr.txt',
        sha256: 'b'.repeat(64),
        parser: 'fr-legacy',
        note: 'La liste, "ancienne".',
        records: 1,
        rulings: 0,
      },
      {
        id: 'notes',
        label: 'Inducement notes',
        year: 2020,
        circa: false,
        status: 'current',
        lang: 'en',
        source: 'notes',
        file: 'sources/raw/notes.txt',
        sha256: 'c'.repeat(64),
        parser: 'inducements',
        note: 'Notes, unnamed.',
        records: 0,
        rulings: 0,
      },
    ],
    skills: [dodge, mightyBlow, esquive],
    rulings: [
      {
        id: 'en-2020/dodge/q-1',
        edition: 'en-2020',
        question: 'Can a player Dodge twice?',
        answer: 'Yes, once per turn.',
        pages: [61, 64],
        pageNote: 'page 61 of the 2020 book',
        records: ['en-2020/dodge', 'en-2020/mighty-blow'],
        occurrences: [
          { record: 'en-2020/dodge', lines: [15, 16] },
          { record: 'en-2020/mighty-blow', lines: [28, 29] },
        ],
        source: { id: 'en-2020-skills', lines: [15, 16], errata: [] },
      },
      {
        id: 'en-2020/mighty-blow/q-2',
        edition: 'en-2020',
        question: 'Does Mighty Blow stack?',
        answer: 'No.',
        pages: [],
        pageNote: null,
        records: ['en-2020/mighty-blow'],
        occurrences: [{ record: 'en-2020/mighty-blow', lines: [30, 31] }],
        source: { id: 'en-2020-skills', lines: [30, 31], errata: [] },
      },
    ],
    randomTables: [
      {
        id: 'en-2020/blood-bowl/agility',
        edition: 'en-2020',
        game: 'blood-bowl',
        category: 'agility',
        slots: [
          { roll: '1-3', d6: 2, record: 'en-2020/dodge', vacancy: null },
          { roll: '4-6', d6: 5, record: null, vacancy: 're-roll' },
        ],
      },
    ],
    concepts: [
      {
        id: 'dodge',
        name: 'Dodge',
        names: { en: 'Dodge', fr: 'Esquive' },
        frenchName: { name: 'Esquive', from: 'source' },
        kind: 'skill',
        category: 'agility',
        compulsory: false,
        compulsoryFrom: 'en-2020/dodge',
        records: ['en-2020/dodge', 'fr-legacy/esquive'],
        relations: [{ type: 'replaced-by', concept: 'mighty-blow', record: 'fr-legacy/esquive' }],
      },
      {
        id: 'mighty-blow',
        name: 'Mighty Blow',
        names: { en: 'Mighty Blow' },
        frenchName: null,
        kind: 'skill',
        category: 'strength',
        compulsory: null,
        compulsoryFrom: null,
        records: ['en-2020/mighty-blow'],
        relations: [],
      },
    ],
    crosswalk: [
      row('dodge'),
      row('mighty-blow'),
      {
        record: 'fr-legacy/esquive',
        concept: 'dodge',
        relation: 'reworked',
        confidence: 'medium',
        rationale: 'same trigger, new limit',
        summary: 'Now once per turn.',
        summaryFr: 'Désormais une fois par tour.',
        declaredBy: 'editor',
        related: ['mighty-blow', 'dodge'],
        falseFriend: 'Esquive en force',
      },
    ],
    inducements: [prices, wizard],
    leagues: [
      { id: 'lustria', name: 'Lustrian Superleague', aliases: [{ text: 'Lustria', lines: [41] }] },
      {
        id: 'old-world',
        name: 'Old World Classic',
        aliases: [
          { text: 'Old World Classic', lines: [40, 45] },
          { text: 'OWC', lines: [46] },
        ],
      },
    ],
    migrations: [{ id: 'en-2020/leap', kind: 'record', action: 'renamed', to: 'en-2020/dodge', since: '1.1.0', note: 'Leap became Dodge, "for the test"' }],
    names: [
      { alias: 'Dodge', folded: 'dodge', concept: 'dodge', lang: 'en', source: 'concept', record: null },
      { alias: 'Esquive', folded: 'esquive', concept: 'dodge', lang: 'fr', source: 'record', record: 'fr-legacy/esquive' },
      { alias: 'Mighty Blow (+1)*', folded: 'mightyblow1', concept: 'mighty-blow', lang: 'en', source: 'record', record: 'en-2020/mighty-blow' },
      { alias: 'en-2020/leap', folded: 'en2020leap', concept: 'dodge', lang: null, source: 'retired', record: null },
    ],
  } satisfies DataBundle);
}
