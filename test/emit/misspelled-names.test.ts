/**
 * SQL forgives a misspelling (issue 35.9): the trigrams of every matching
 * key (`name_trigrams`, emit/tables.ts `trigramsOf`), and the query
 * docs/DATA.md shows, run verbatim on the database of a small literal
 * dataset: `dodgee` finds Dodge, `blok` finds Block, an exact name scores 1.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { emitSqlite } from '../../pipeline/emit/sqlite.ts';
import type { DataBundle } from '../../pipeline/model/dataset.ts';
import { trigramsOf } from '../../pipeline/emit/tables.ts';
import { repoRoot } from '../helpers.ts';
import { literalBundle } from './literal-bundle.ts';

/** The query under docs/DATA.md's "A misspelled name", as written there. */
const QUERY = /\*\*A misspelled name\.\*\*[\s\S]*?```sql\n([\s\S]*?)```/.exec(readFileSync(join(repoRoot, 'docs/DATA.md'), 'utf8'))![1]!;

/** The literal dataset with Block (and its reviewed French name) and Bloodlust, which shares Block's first letters. */
function withBlock(): DataBundle {
  const data = literalBundle();
  const concept = (id: string, name: string) => ({
    id,
    name,
    names: { en: name },
    kind: 'skill' as const,
    category: 'general' as const,
    compulsory: null,
    compulsoryFrom: null,
    frenchName: null,
    records: [],
    relations: [],
  });
  data.concepts.push(concept('block', 'Block'), concept('bloodlust', 'Bloodlust'));
  data.names.push(
    { alias: 'Block', folded: 'block', concept: 'block', lang: 'en', source: 'concept', record: null },
    { alias: 'Blocage', folded: 'blocage', concept: 'block', lang: 'fr', source: 'curated', record: null },
    { alias: 'Bloodlust', folded: 'bloodlust', concept: 'bloodlust', lang: 'en', source: 'concept', record: null },
  );
  return data;
}

function open(data: DataBundle): DatabaseSync {
  const db = new DatabaseSync(':memory:');
  db.deserialize(emitSqlite(data));
  return db;
}

const best = (db: DatabaseSync, name: string) => ({ ...(db.prepare(QUERY).get({ name }) as object) });

describe('trigramsOf', () => {
  it('reads the key padded with two spaces before and one after, three characters at a time', () =>
    expect(trigramsOf('blok')).toEqual(['  b', ' bl', 'blo', 'lok', 'ok ']));
  it('gives a one-letter key its two trigrams, and each trigram once', () => {
    expect(trigramsOf('a')).toEqual(['  a', ' a ']);
    expect(trigramsOf('aaaa')).toEqual(['  a', ' aa', 'aaa', 'aa ']);
  });
  it('counts characters, not UTF-16 units', () => expect(trigramsOf('𝔞b')).toEqual(['  𝔞', ' 𝔞b', '𝔞b ']));
});

describe('the misspelled-name query of docs/DATA.md, verbatim', () => {
  const db = open(withBlock());

  it('finds Dodge for dodgee and Block for blok', () => {
    expect(best(db, 'dodgee')).toEqual({ concept: 'dodge', alias: 'Dodge', score: 0.625 });
    expect(best(db, 'blok')).toEqual({ concept: 'block', alias: 'Block', score: 0.375 });
  });

  it('scores the same key 1, whatever its case, spaces and punctuation', () => {
    expect(best(db, 'Dodge')).toMatchObject({ concept: 'dodge', score: 1 });
    expect(best(db, ' mighty-blow 1 ')).toMatchObject({ concept: 'mighty-blow', score: 1 });
  });

  it('finds a concept by a reviewed spelling, and a retired id’s key the concept it went to', () => {
    expect(best(db, 'blocag')).toMatchObject({ concept: 'block', alias: 'Blocage' });
    expect(best(db, 'en-2020/leap')).toMatchObject({ concept: 'dodge', score: 1 });
  });

  it('finds nothing for a name that shares no trigram with any key', () => expect(db.prepare(QUERY).all({ name: 'zzz' })).toEqual([]));
});

describe('name_trigrams', () => {
  it('holds every trigram of every matching key of the alias index, once per key', () => {
    const data = withBlock();
    const rows = open(data).prepare('SELECT folded, gram FROM name_trigrams ORDER BY folded, gram').all() as { folded: string; gram: string }[];
    // Derived here: every distinct key, padded, three characters at a time.
    const expected = [...new Set(data.names.map((n) => n.folded))].flatMap((folded) => {
      const padded = `  ${folded} `;
      return [...new Set(Array.from({ length: padded.length - 2 }, (_, i) => padded.slice(i, i + 3)))].map((gram) => ({ folded, gram }));
    });
    const order = (a: { folded: string; gram: string }, b: { folded: string; gram: string }) =>
      a.folded < b.folded ? -1 : a.folded > b.folded ? 1 : a.gram < b.gram ? -1 : a.gram > b.gram ? 1 : 0;
    expect(rows.map((r) => ({ ...r }))).toEqual(expected.sort(order));
  });
});
