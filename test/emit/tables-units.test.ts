/**
 * The table definitions (pipeline/emit/tables.ts) and what is derived from
 * them, on literal inputs: each definition is whole (its parent before it,
 * its keys and foreign keys on columns that exist, in the formats it is in),
 * a join table repeats its parent's key with the key's type, the rows and
 * cells a definition reads from a dataset, and the CREATE TABLE statement
 * SQLite gets (and keeps, as written, in the file).
 */
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { createStatement, emitSqlite, QUOTED_NAMES, SQLITE_TABLES } from '../../pipeline/emit/sqlite.ts';
import { columnsIn, fileTable, joinParents, listTable, only, ref, type Table, tableIn, tableReader, valueAt } from '../../pipeline/emit/table-shape.ts';
import { TABLES } from '../../pipeline/emit/tables.ts';
import { literalBundle } from './literal-bundle.ts';

interface Shelf {
  id: string;
  label: string | null;
  size: { rows: number; cols: number | null } | null;
  books: { title: string; tags: string[] }[] | null;
}

const shelves = (): Table[] =>
  joinParents([
    fileTable<Shelf>({
      name: 'shelves',
      from: 'shelves.json',
      description: 'Shelves.',
      rows: () => [
        { id: 'a', label: 'Left', size: { rows: 2, cols: null }, books: [{ title: 'Dune', tags: ['sf', 'classic'] }] },
        { id: 'b', label: null, size: null, books: null },
      ],
      columns: (c) => [
        c.str('id', 'Id.', 'id'),
        c.optStr('label', 'Label.', 'label'),
        c.optInt('rows', 'Rows.', 'size.rows', { nullObject: 'size' }),
        c.optInt('cols', 'Columns.', 'size.cols'),
        c.isNull('no_books', 'No books.', 'books'),
        only('sqlite', c.json('json', 'The shelf.')),
      ],
      primaryKey: ['id'],
      references: [],
    }),
    listTable<Shelf, { title: string; tags: string[] }>({
      name: 'books',
      from: 'shelves.json',
      parent: 'shelves',
      list: 'books',
      description: 'Books.',
      columns: (c) => [c.parent('shelf', 'Shelf.', 'id'), only('csv', c.place()), c.str('title', 'Title.', 'title')],
      primaryKey: ['shelf', 'title'],
      references: [ref('shelf', 'shelves', 'id')],
    }),
    listTable<{ title: string; tags: string[] }, string>({
      name: 'book_tags',
      from: 'shelves.json',
      parent: 'books',
      list: 'tags',
      only: 'csv',
      description: 'Tags.',
      columns: (c) => [c.parent('shelf', 'Shelf.', 'shelf'), c.parent('title', 'Title.', 'title'), c.parent('book', 'Place.', 'n'), c.str('tag', 'Tag.', '')],
      primaryKey: ['shelf', 'title', 'tag'],
      references: [ref(['shelf', 'title'], 'books', ['shelf', 'title'])],
    }),
  ]);

describe('reading a dataset through the definitions', () => {
  const data = literalBundle();

  it('reads a value at a path, null when an object on the way is null or a key is absent', () => {
    expect(valueAt({ a: { b: [3, 4] } }, ['a', 'b', '1'])).toBe(4);
    expect(valueAt({ a: null }, ['a', 'b'])).toBeNull();
    expect(valueAt({ a: {} }, ['a', 'b'])).toBeNull();
    expect(valueAt({ a: {} }, ['a', 'b', 'c'])).toBeNull();
    expect(valueAt('x', [])).toBe('x');
  });

  it('gives a file table one row per record, with its cells in the columns’ order', () => {
    const [table] = shelves();
    expect(tableReader(shelves(), data).cells(table!, table!.columns)).toEqual([
      [
        'a',
        'Left',
        2,
        null,
        false,
        JSON.stringify({ id: 'a', label: 'Left', size: { rows: 2, cols: null }, books: [{ title: 'Dune', tags: ['sf', 'classic'] }] }),
      ],
      ['b', null, null, null, true, JSON.stringify({ id: 'b', label: null, size: null, books: null })],
    ]);
  });

  it('gives a join table one row per item of each parent’s list, with the parent’s key and the place; a null list gives none', () => {
    const tables = shelves();
    const reader = tableReader(tables, data);
    expect(reader.cells(tables[1]!, tables[1]!.columns)).toEqual([['a', 1, 'Dune']]);
    // The parent's parent: a tag repeats its book's shelf, title and place.
    expect(reader.cells(tables[2]!, tables[2]!.columns)).toEqual([
      ['a', 'Dune', 1, 'sf'],
      ['a', 'Dune', 1, 'classic'],
    ]);
  });

  it('types a parent column as the column it repeats (a place is an integer)', () =>
    expect(shelves()[2]!.columns.map((c) => `${c.name} ${c.type}`)).toEqual(['shelf string', 'title string', 'book integer', 'tag string']));

  it('refuses a join table before its parent, or whose parent lacks the column it repeats', () => {
    const [shelf, books] = shelves();
    expect(() => joinParents([books!, shelf!])).toThrow(/books: its parent shelves is not a table before it/);
    expect(() => joinParents([shelf!, { ...books!, columns: [{ ...books!.columns[0]!, carries: { kind: 'parent', column: 'nope' } }] }])).toThrow(
      /books\.shelf: shelves has no column nope/,
    );
  });

  it('keeps a column or a table to one format when it says so', () => {
    const [shelf, , tags] = shelves();
    expect(columnsIn(shelf!, 'csv').map((c) => c.name)).toEqual(['id', 'label', 'rows', 'cols', 'no_books']);
    expect(columnsIn(shelf!, 'sqlite').map((c) => c.name)).toEqual(['id', 'label', 'rows', 'cols', 'no_books', 'json']);
    expect([tableIn(tags!, 'csv'), tableIn(tags!, 'sqlite')]).toEqual([true, false]);
  });
});

describe('the CREATE TABLE statement', () => {
  it('writes a table on one line: the key on its column, NOT NULL where a value is never null, a reference after its column', () =>
    expect(createStatement(shelves()[1]!)).toBe(
      'CREATE TABLE books (shelf TEXT NOT NULL REFERENCES shelves(id), title TEXT NOT NULL, PRIMARY KEY (shelf, title)) STRICT;',
    ));

  it('lays a table out over lines as its definition says, then its check and its index', () => {
    const [shelf] = shelves();
    const table: Table = { ...shelf!, sqlite: { lines: [2, 3, 2], check: 'rows > 0', index: 'label' } };
    expect(createStatement(table)).toBe(
      [
        'CREATE TABLE shelves (',
        '  id TEXT PRIMARY KEY, label TEXT,',
        '  rows INTEGER, cols INTEGER, no_books INTEGER NOT NULL,',
        '  json TEXT NOT NULL, CHECK (rows > 0)',
        ') STRICT;',
        'CREATE INDEX shelves_label ON shelves(label);',
      ].join('\n'),
    );
    expect(() => createStatement({ ...shelf!, sqlite: { lines: [2, 2] } })).toThrow(/a layout of 2\+2 items for 6/);
  });

  it('quotes the names SQLite reserves, and writes a composite foreign key as a constraint', () => {
    const [, books] = shelves();
    const table: Table = {
      ...books!,
      name: 'moves',
      columns: [{ ...books!.columns[0]!, name: 'to' }, books!.columns[2]!],
      primaryKey: ['to', 'title'],
      references: [ref(['to', 'title'], 'books', ['shelf', 'title'])],
      only: 'sqlite',
    };
    expect(createStatement(table)).toBe(
      'CREATE TABLE moves ("to" TEXT NOT NULL, title TEXT NOT NULL, PRIMARY KEY ("to", title), FOREIGN KEY ("to", title) REFERENCES books(shelf, title)) STRICT;',
    );
  });

  it('gives no key to a table whose key SQLite does not have (a place kept to the CSV)', () => {
    const [, books] = shelves();
    const placed: Table = { ...books!, primaryKey: ['shelf', 'n'] };
    expect(createStatement(placed)).toBe('CREATE TABLE books (shelf TEXT NOT NULL REFERENCES shelves(id), title TEXT NOT NULL) STRICT;');
  });

  it('keys a table by a column SQLite alone has', () => {
    const [shelf] = shelves();
    expect(createStatement({ ...shelf!, primaryKey: ['id', 'json'] })).toBe(
      'CREATE TABLE shelves (id TEXT NOT NULL, label TEXT, rows INTEGER, cols INTEGER, no_books INTEGER NOT NULL, json TEXT NOT NULL, PRIMARY KEY (id, json)) STRICT;',
    );
  });

  it('is kept in the database as written, line breaks and all (the published bytes depend on it)', () => {
    const db = new DatabaseSync(':memory:');
    db.deserialize(emitSqlite(literalBundle()));
    const stored = new Map(
      (db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table'").all() as { name: string; sql: string }[]).map((r) => [r.name, r.sql]),
    );
    for (const t of SQLITE_TABLES) expect(`${stored.get(t.name)};`, t.name).toBe(createStatement(t).split('\nCREATE INDEX')[0]);
  });

  it('quotes exactly the column names SQLite cannot read bare', () => {
    const db = new DatabaseSync(':memory:');
    const names = [...new Set(TABLES.flatMap((t) => t.columns.map((c) => c.name)))];
    const refused = names.filter((name) => {
      try {
        db.exec(`CREATE TEMP TABLE probe (${name} TEXT); DROP TABLE probe;`);
        return false;
      } catch {
        return true;
      }
    });
    expect(refused.sort()).toEqual([...QUOTED_NAMES].sort());
  });
});

describe('the column builders', () => {
  it('give each column its type, its NULL rule and what it carries', () => {
    // Built in the test, so that each test reaches the builders (mutation testing's per-test coverage).
    const [shelf, books, tags] = shelves();
    expect(shelf!.columns.map(({ name, type, nullable, mayBeEmpty, carries }) => ({ name, type, nullable, mayBeEmpty, carries }))).toEqual([
      { name: 'id', type: 'string', nullable: false, mayBeEmpty: false, carries: { kind: 'field', path: ['id'] } },
      { name: 'label', type: 'string', nullable: true, mayBeEmpty: false, carries: { kind: 'field', path: ['label'] } },
      { name: 'rows', type: 'integer', nullable: true, mayBeEmpty: false, carries: { kind: 'field', path: ['size', 'rows'], nullObject: ['size'] } },
      { name: 'cols', type: 'integer', nullable: true, mayBeEmpty: false, carries: { kind: 'field', path: ['size', 'cols'] } },
      { name: 'no_books', type: 'boolean', nullable: false, mayBeEmpty: false, carries: { kind: 'null-check', path: ['books'], isNull: true } },
      { name: 'json', type: 'string', nullable: false, mayBeEmpty: false, carries: { kind: 'json' } },
    ]);
    expect(
      books!.columns.map(({ name, type, description, nullable, mayBeEmpty, carries }) => ({ name, type, description, nullable, mayBeEmpty, carries })),
    ).toEqual([
      { name: 'shelf', type: 'string', description: 'Shelf.', nullable: false, mayBeEmpty: false, carries: { kind: 'parent', column: 'id' } },
      { name: 'n', type: 'integer', description: 'Place in the list (1-based).', nullable: false, mayBeEmpty: false, carries: { kind: 'place' } },
      { name: 'title', type: 'string', description: 'Title.', nullable: false, mayBeEmpty: false, carries: { kind: 'field', path: ['title'] } },
    ]);
    expect(tags!.columns.at(-1)!.carries).toEqual({ kind: 'field', path: [] });
  });

  it('give a text that may be empty, a presence flag and a text that is also another field their rules', () => {
    const table = fileTable<{ a: string; b: object | null; e: string | null; f: string | null }>({
      name: 't',
      from: null,
      description: 'T.',
      rows: () => [],
      columns: (c) => [
        c.blankStr('a', 'A.', 'a'),
        c.isThere('has_b', 'B is there.', 'b'),
        c.optStr('d', 'D.', 'e', { also: { path: 'f', where: { column: 'a', is: 'x' } } }),
      ],
      primaryKey: [],
      references: [],
    });
    expect(table.columns.map(({ name, type, nullable, mayBeEmpty, carries }) => ({ name, type, nullable, mayBeEmpty, kind: carries.kind }))).toEqual([
      { name: 'a', type: 'string', nullable: false, mayBeEmpty: true, kind: 'field' },
      { name: 'has_b', type: 'boolean', nullable: false, mayBeEmpty: false, kind: 'null-check' },
      { name: 'd', type: 'string', nullable: true, mayBeEmpty: false, kind: 'field' },
    ]);
    expect(table.columns[1]!.carries).toEqual({ kind: 'null-check', path: ['b'], isNull: false });
    expect(table.columns[2]!.carries).toEqual({ kind: 'field', path: ['e'], also: { path: ['f'], where: { column: 'a', is: 'x' } } });
  });

  it('name a foreign key’s columns one by one or as a list', () => {
    expect(ref('concept', 'concepts', 'id')).toEqual({ fields: ['concept'], table: 'concepts', columns: ['id'] });
    expect(ref(['league', 'text'], 'league_aliases', ['league', 'text'])).toEqual({
      fields: ['league', 'text'],
      table: 'league_aliases',
      columns: ['league', 'text'],
    });
  });
});

describe('the table reader, on a definition it cannot read', () => {
  const data = literalBundle();

  it('refuses a parent column in a file table, or a parent table it does not have', () => {
    const [shelf, books] = shelves();
    const stray = { ...shelf!, columns: [...shelf!.columns, books!.columns[0]!] };
    expect(() => joinParents([stray])).toThrow(/shelves\.shelf: a file table has no column id/);
    expect(() => tableReader([books!], data).rows(books!)).toThrow(/no table shelves/);
  });

  it('refuses a parent column its parent does not have, when a definition skipped joinParents', () => {
    const [shelf, books] = shelves();
    const wrong = { ...books!, columns: [{ ...books!.columns[0]!, carries: { kind: 'parent' as const, column: 'nope' } }] };
    expect(() => tableReader([shelf!, wrong], data).cells(wrong, wrong.columns)).toThrow(/books\.shelf: no column nope in its parent/);
  });

  it('reads each table’s rows once, however many join tables read them', () => {
    let reads = 0;
    const [shelf, books, tags] = shelves();
    const counted: Table = {
      ...shelf!,
      rows: {
        kind: 'file',
        read: (d) => {
          reads++;
          return (shelf!.rows as { read: (x: typeof d) => readonly unknown[] }).read(d);
        },
      },
    };
    const reader = tableReader([counted, books!, tags!], data);
    expect(reader.rows(books!)).toBe(reader.rows(books!));
    reader.rows(tags!);
    reader.rows(counted);
    expect(reads).toBe(1);
  });
});

describe('the table definitions', () => {
  const byName = new Map(TABLES.map((t) => [t.name, t]));
  const formats = (t: Table) => (['csv', 'sqlite'] as const).filter((f) => tableIn(t, f));

  it('name each table once, and each column once in its table', () => {
    expect(new Set(TABLES.map((t) => t.name)).size).toBe(TABLES.length);
    for (const t of TABLES) expect(new Set(t.columns.map((c) => c.name)).size, t.name).toBe(t.columns.length);
  });

  it('describe every table and every column', () => {
    for (const t of TABLES) {
      expect(t.description, t.name).not.toBe('');
      for (const c of t.columns) expect(c.description, `${t.name}.${c.name}`).not.toBe('');
    }
  });

  it('key each table by columns it has, in every format the key is used (SQLite leaves out a key it lacks a column of)', () => {
    for (const t of TABLES) {
      const names = columnsIn(t, formats(t)[0]!).map((c) => c.name);
      expect(
        t.primaryKey.filter((k) => !names.includes(k)),
        t.name,
      ).toEqual([]);
    }
  });

  it('point every foreign key at columns of a table in every format the referring table is in, the key’s columns present on both sides', () => {
    for (const t of TABLES) {
      for (const format of formats(t)) {
        const own = columnsIn(t, format).map((c) => c.name);
        for (const r of t.references) {
          const target = byName.get(r.table);
          expect(target && tableIn(target, format), `${t.name} → ${r.table} in ${format}`).toBe(true);
          const theirs = columnsIn(target!, format).map((c) => c.name);
          expect([...r.fields.filter((f) => !own.includes(f)), ...r.columns.filter((c) => !theirs.includes(c))], `${t.name} → ${r.table}`).toEqual([]);
        }
      }
    }
  });

  it('read a join table from the same data file as its parent, and only from a parent in every format it is in', () => {
    for (const t of TABLES) {
      if (t.rows.kind !== 'list') continue;
      const parent = byName.get(t.rows.parent)!;
      expect(t.from, t.name).toBe(parent.from);
      for (const format of formats(t)) expect(tableIn(parent, format), `${t.name} in ${format}`).toBe(true);
    }
  });
});
