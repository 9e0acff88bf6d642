/**
 * The pages at retired ids' old addresses (site/src/lib/moved.ts) on a
 * literal migrations.json in a data folder of its own (NUFFLE_DATA_DIR), one
 * behaviour each.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Migration } from '../../pipeline/model/schema-types.ts';
import { mergedInto, mergesInto, movedPages } from '../../site/src/lib/moved.ts';

const migration = (id: string, kind: Migration['kind'], to: string | null): Migration => ({
  id,
  kind,
  action: to === null ? 'deleted' : 'renamed',
  to,
  since: '1.1.0',
  note: '',
});

const MIGRATIONS = [
  migration('sidestep', 'concept', 'side-step-old'),
  migration('side-step-old', 'concept', 'side-step'),
  migration('hypnotic-gaze', 'concept', null),
  migration('leap', 'concept', 'pogo'),
  migration('dodge', 'concept', 'dodge-2'),
  migration('en-2020/jump', 'record', 'en-2020/leap'),
  migration('notes/bribes', 'inducement', 'notes/bribe'),
  migration('notes/old-card', 'inducement', null),
];
const LIVE = new Set(['side-step', 'dodge', 'bribe']);
const slug = (id: string) => id.replace(/^.*\//, '');

let dir: string;
const before = process.env.NUFFLE_DATA_DIR;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'nuffle-moved-'));
  process.env.NUFFLE_DATA_DIR = dir;
});
afterEach(() => rmSync(join(dir, 'migrations.json'), { force: true }));
afterAll(() => {
  if (before === undefined) delete process.env.NUFFLE_DATA_DIR;
  else process.env.NUFFLE_DATA_DIR = before;
  rmSync(dir, { recursive: true, force: true });
});
const pages = (kind: 'concept' | 'inducement', param: (id: string) => string = (id) => id, migrations: unknown = MIGRATIONS) => {
  writeFileSync(join(dir, 'migrations.json'), typeof migrations === 'string' ? migrations : JSON.stringify(migrations));
  return movedPages(kind, param, LIVE).map((page) => [page.param, page.to]);
};

describe('movedPages', () => {
  it('leads a renamed concept through its chain to the live page, from every id of the chain', () =>
    expect(pages('concept').filter(([param]) => String(param).startsWith('side'))).toEqual([
      ['sidestep', 'side-step'],
      ['side-step-old', 'side-step'],
    ]));
  it('says a deleted concept was withdrawn', () => expect(pages('concept')).toContainEqual(['hypnotic-gaze', null]));
  it('says withdrawn when the id it leads to has no live page', () => expect(pages('concept')).toContainEqual(['leap', null]));
  it('writes no page where a live page holds the old address', () => expect(pages('concept').map(([param]) => param)).not.toContain('dodge'));
  it('keeps the migrations of its own kind', () =>
    expect(pages('concept').map(([param]) => param)).toEqual(['sidestep', 'side-step-old', 'hypnotic-gaze', 'leap']));
  it('turns ids into path segments with the function given, a withdrawn one too', () =>
    expect(pages('inducement', slug)).toEqual([
      ['bribes', 'notes/bribe'],
      ['old-card', null],
    ]));
  it('carries the migration itself', () => {
    writeFileSync(join(dir, 'migrations.json'), JSON.stringify(MIGRATIONS));
    expect(movedPages('inducement', slug, LIVE)[0]?.migration).toEqual(MIGRATIONS[6]);
  });
  it('has no pages for a dataset without migrations.json', () => expect(movedPages('concept', (id) => id, LIVE)).toEqual([]));
  it('refuses a migrations.json that is not JSON', () => expect(() => pages('concept', undefined, '[{')).toThrow(SyntaxError));
});

describe('merges (issue 33, item 3)', () => {
  const merged = (id: string, kind: Migration['kind'], to: string): Migration => ({ ...migration(id, kind, to), action: 'merged', since: '2.0.0' });
  const stunty = { id: 'stunty', records: ['en-2020/stunty', 'en-traits-alt/stunty'] };

  it('says a merged concept was merged into the live page it leads to, and a renamed one was not', () => {
    writeFileSync(join(dir, 'migrations.json'), JSON.stringify([merged('insignificant', 'concept', 'side-step'), ...MIGRATIONS]));
    const bySlug = new Map(movedPages('concept', (id) => id, LIVE).map((p) => [p.param, p]));
    expect(bySlug.get('insignificant')).toMatchObject({ to: 'side-step', merged: true });
    expect(bySlug.get('sidestep')).toMatchObject({ to: 'side-step', merged: false });
  });

  it('lists the records merged into any record of a concept, with their edition and words, through a chain', () =>
    expect(
      mergesInto(
        [merged('en-traits-alt/insignificant', 'record', 'en-traits-alt/stunty-old'), migration('en-traits-alt/stunty-old', 'record', 'en-traits-alt/stunty')],
        stunty,
      ),
    ).toEqual([{ id: 'en-traits-alt/insignificant', edition: 'en-traits-alt', words: 'insignificant', since: '2.0.0' }]));

  it('lists a concept merged into it once: not again when a record of the same words says it', () => {
    const record = merged('en-traits-alt/insignificant', 'record', 'en-traits-alt/stunty');
    expect(mergesInto([record, merged('insignificant', 'concept', 'stunty')], stunty).map((m) => m.id)).toEqual(['en-traits-alt/insignificant']);
    expect(mergesInto([merged('pogo-stick', 'concept', 'stunty')], stunty)).toEqual([{ id: 'pogo-stick', edition: null, words: 'pogo stick', since: '2.0.0' }]);
  });

  it("reads the dataset's merges into a concept once for every page that shows them, and again when migrations.json changes", () => {
    writeFileSync(join(dir, 'migrations.json'), JSON.stringify([merged('en-traits-alt/insignificant', 'record', 'en-traits-alt/stunty')]));
    const first = mergedInto(stunty);
    expect(first.map((m) => m.id)).toEqual(['en-traits-alt/insignificant']);
    expect(mergedInto({ ...stunty, records: [...stunty.records] })).toBe(first);
    expect(mergedInto({ ...stunty, records: ['en-2020/stunty'] })).toEqual([]);
    writeFileSync(join(dir, 'migrations.json'), JSON.stringify([merged('pogo-stick', 'concept', 'stunty')]));
    expect(mergedInto(stunty).map((m) => m.id)).toEqual(['pogo-stick']);
  });

  it('leaves out renames, deletions and merges into other concepts', () =>
    expect(
      mergesInto(
        [migration('en-2020/titchy', 'record', 'en-2020/stunty'), migration('en-2020/gone', 'record', null), merged('en-2020/dodge', 'record', 'en-2020/leap')],
        stunty,
      ),
    ).toEqual([]));
});
