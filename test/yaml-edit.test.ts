/**
 * The scenario edits of annotation files (test/yaml-edit.ts), on literal
 * YAML: each finds its list and entries by key and value, changes only those
 * bytes, and refuses an edit that finds nothing.
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { addField, appendEntries, entryPlace, pasteEntries, removeEntries, setField, setValue } from './yaml-edit.ts';

const MIGRATIONS = '# What became of each id.\n# Schema: migrations.schema.json.\nmigrations: []\n';
const LINKS = [
  'concepts:',
  '  - id: a',
  'links:',
  '  # first row',
  '  - record: x/one',
  '    concept: sidestep',
  '  # second row',
  '  - record: x/two',
  '    concept: dodge',
  '  - record: x/three',
  '    concept: sidestep   # kept',
  '',
].join('\n');

describe('appendEntries', () => {
  it('turns an empty flow list into a block list, comments kept', () => {
    const out = appendEntries(MIGRATIONS, ['migrations'], [{ id: 'en-2020/x', to: null, since: '1.0.0' }]);
    expect(out).toBe('# What became of each id.\n# Schema: migrations.schema.json.\nmigrations:\n  - id: en-2020/x\n    to: null\n    since: 1.0.0\n');
  });

  it('appends after the last entry of a block list, whatever the list held before', () => {
    const once = appendEntries(MIGRATIONS, ['migrations'], [{ id: 'a' }]);
    const twice = appendEntries(once, ['migrations'], [{ id: 'b', note: 'Two words: quoted' }]);
    expect(parse(twice)).toEqual({ migrations: [{ id: 'a' }, { id: 'b', note: 'Two words: quoted' }] });
    expect(twice.startsWith(once.trimEnd())).toBe(true);
  });

  it('appends to a list followed by other keys, at its own indentation', () => {
    const out = appendEntries(LINKS, ['concepts'], [{ id: 'b' }]);
    expect(out.split('\n').slice(0, 4)).toEqual(['concepts:', '  - id: a', '  - id: b', 'links:']);
    expect(parse(out).links).toEqual(parse(LINKS).links);
  });

  it('adds a missing top-level list at the end', () => {
    expect(parse(appendEntries(MIGRATIONS, ['keep'], [{ id: 'k' }]))).toEqual({ migrations: [], keep: [{ id: 'k' }] });
  });
});

describe('pasteEntries', () => {
  it('appends what a message offers, a list or the key and its list, at any indentation', () => {
    const offered = ['    - id: a\n      to: null\n', 'migrations:\n  - id: b\n'];
    expect(parse(pasteEntries(MIGRATIONS, 'migrations', offered))).toEqual({ migrations: [{ id: 'a', to: null }, { id: 'b' }] });
    expect(() => pasteEntries(MIGRATIONS, 'migrations', ['keep:\n  - id: c\n'])).toThrow(/neither a list nor "migrations:"/);
  });
});

describe('setField', () => {
  it('sets a field in every matching entry, and only the value changes', () => {
    const out = setField(LINKS, ['links'], { concept: 'sidestep' }, 'concept', 'side-step');
    expect(out).toBe(LINKS.replace('concept: sidestep\n', 'concept: side-step\n').replace('concept: sidestep   # kept', 'concept: side-step   # kept'));
  });

  it('sets a list from its current value, in flow style', () => {
    const text = 'records:\n  - id: jorm\n    headings: ["A!", "B!"]   # two\n';
    expect(setField(text, ['records'], { id: 'jorm' }, 'headings', (old: unknown) => (old as string[]).slice(0, 1))).toBe(
      'records:\n  - id: jorm\n    headings: ["A!"]   # two\n',
    );
  });

  it('refuses a match that takes no entry', () => {
    expect(() => setField(LINKS, ['links'], { concept: 'stab' }, 'concept', 'x')).toThrow(/no entry of links matches/);
  });
});

describe('addField', () => {
  it("adds a field as the last line of each matching entry, at its keys' column", () => {
    const out = addField(LINKS, ['links'], (_, index) => index === 0, 'colour', 'red');
    expect(out).toBe(LINKS.replace('    concept: sidestep\n  # second row', '    concept: sidestep\n    colour: red\n  # second row'));
    expect(() => addField(LINKS, ['links'], { record: 'x/one' }, 'concept', 'x')).toThrow(/has concept already/);
  });
});

describe('setValue', () => {
  it('sets a scalar by its path, comments and the rest kept', () => {
    expect(setValue('dataset:\n  version: 1.2.0   # the release\n  name: x\n', ['dataset', 'version'], '2.0.0')).toBe(
      'dataset:\n  version: 2.0.0   # the release\n  name: x\n',
    );
    expect(() => setValue('dataset: {}\n', ['dataset', 'version'], '2.0.0')).toThrow(/no scalar at dataset.version/);
  });
});

describe('removeEntries', () => {
  it('removes the matching entries with the comment lines above them', () => {
    const out = removeEntries(LINKS, ['links'], { record: 'x/two' });
    expect(out).toBe(LINKS.replace('  # second row\n  - record: x/two\n    concept: dodge\n', ''));
    expect(removeEntries(LINKS, ['links'], (e) => e.concept === 'sidestep')).toBe(
      'concepts:\n  - id: a\nlinks:\n  # second row\n  - record: x/two\n    concept: dodge\n',
    );
  });
});

describe('entryPlace', () => {
  it('gives the line and column of the first matching entry', () => {
    expect(entryPlace(LINKS, ['links'], { record: 'x/two' })).toEqual({ line: 8, column: 5 });
  });
});
