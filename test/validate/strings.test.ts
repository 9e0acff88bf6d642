/**
 * The string checks on literal sources and annotations: each problem (a
 * hidden character, letters of two scripts, a name or id too long, a stale
 * acceptance) is one error at the line and column that print it, with what
 * to do; a clean string passes.
 */
import { describe, expect, it } from 'vitest';
import type { AcceptedCharacter } from '../../pipeline/model/schema-types.ts';
import {
  checkAnnotationStrings,
  checkSourceStrings,
  type Held,
  idProblems,
  mixedScriptWord,
  nameProblems,
  type SourceStrings,
  staleAcceptances,
  textProblems,
} from '../../pipeline/validate/strings.ts';
import { inducement, ruling, skill } from '../diff/bundle.ts';

const ZWSP = '\u200b';
const held = (lines: string[], range: [number, number] = [1, lines.length]): Held => ({ file: 'src.txt', lines, range, sourceId: 'src' });
const limits = { name: 10, id: 14 };
const at = (lines: string[]) => ({ source: { id: 'src', lines: [1, lines.length] as [number, number], errata: [] } });

function input(fields: Partial<SourceStrings>, lines: string[]): SourceStrings {
  return {
    records: [],
    unnamed: [],
    rulings: [],
    inducements: [],
    linesOf: (id) => (id === 'src' ? lines : undefined),
    fileOf: (id) => `sources/${id}.txt`,
    accepted: [],
    acceptedFile: 'sources/annotations/errata.yaml',
    limits,
    ...fields,
  };
}

describe('mixedScriptWord', () => {
  it('finds the first word with Latin and Cyrillic letters', () =>
    expect(mixedScriptWord('Sneaky Gіt')).toEqual({ word: 'Gіt', scripts: ['Latin', 'Cyrillic'] }));
  it('finds Latin and Greek', () => expect(mixedScriptWord('Blοck')).toEqual({ word: 'Blοck', scripts: ['Latin', 'Greek'] }));
  it('passes words of one script each, accents included', () => expect(mixedScriptWord('Châtaigne Дубина')).toBeNull());
});

describe('nameProblems', () => {
  it('names the hidden character and says names never accept one', () =>
    expect(nameProblems('name', `Do${ZWSP}dge`, held(['x', `Do${ZWSP}dge`]), limits)).toEqual([
      {
        reason: 'The name "DoU+200Bdge" has the invisible or control character U+200B',
        file: 'src.txt',
        place: { line: 2, column: 3 },
        ruleId: 'text/hostile-character',
        source: 'validate',
        fatal: true,
        expected: 'a name of visible characters only',
        note: 'remove it with an erratum (sources/annotations/errata.yaml); names never accept one',
      },
    ]));
  it('reports one hidden character of a name, the first', () =>
    expect(nameProblems('name', `A${ZWSP}B\u200cC`, held(['x']), limits).map((d) => d.reason)).toEqual([
      'The name "AU+200BBU+200CC" has the invisible or control character U+200B',
    ]));
  it('names the scripts and the word of a look-alike, at the word', () =>
    expect(nameProblems('name', 'Sneaky Gіt', held(['', 'Sneaky Gіt']), { name: 20, id: 20 })).toEqual([
      {
        reason: 'The name "Sneaky Gіt" mixes Latin and Cyrillic letters in the word "Gіt": a look-alike of another name',
        file: 'src.txt',
        place: { line: 2, column: 8 },
        ruleId: 'text/mixed-script',
        source: 'validate',
        fatal: true,
        expected: 'each word of a name in one script',
        note: 'replace the look-alike letters with an erratum',
      },
    ]));
  it('counts a name’s characters, not its UTF-16 units, against the limit', () => {
    expect(nameProblems('name', '𝔸'.repeat(10), held(['x']), limits)).toEqual([]);
    expect(nameProblems('name', '𝔸'.repeat(11), held(['x']), limits).map((d) => d.ruleId)).toEqual(['text/too-long']);
  });
  it('says how long a name is and the limit, at its first words, or the range’s first line', () =>
    expect(nameProblems('title', 'A very long name', held(['intro', 'Name: A very long name'], [1, 2]), limits)).toEqual([
      {
        reason: 'The title "A very long name"… is 16 characters long; names have at most 10',
        file: 'src.txt',
        place: { line: 2, column: 7 },
        ruleId: 'text/too-long',
        source: 'validate',
        fatal: true,
        expected: 'a name of at most 10 characters (schema maxLength)',
        note: 'a line pasted onto the name line? check the raw text around it',
      },
    ]));
  it('places a name no line prints at the range’s first line', () =>
    expect(nameProblems('name', 'A very long name', held(['a', 'b', 'c'], [2, 3]), limits)[0]!.place).toEqual({ line: 2 }));
  it('quotes at most 60 characters of a name', () =>
    expect(nameProblems('name', 'x'.repeat(70), held(['y']), limits)[0]!.reason).toBe(
      `The name "${'x'.repeat(60)}"… is 70 characters long; names have at most 10`,
    ));
});

describe('idProblems', () => {
  it('says how long an id is, at the name it is made from', () =>
    expect(idProblems('en-2020/very-long', held(['x', 'Very Long']), 'Very Long', limits)).toEqual([
      {
        reason: 'The id made from "Very Long" is 17 characters long; ids have at most 14',
        file: 'src.txt',
        place: { line: 2, column: 1 },
        ruleId: 'text/too-long',
        source: 'validate',
        fatal: true,
        expected: 'an id of at most 14 characters (schema maxLength)',
      },
    ]));
  it('passes an id of exactly the limit', () => expect(idProblems('x'.repeat(14), held(['x']), 'x', limits)).toEqual([]));
});

describe('textProblems', () => {
  const files = { accepted: [] as AcceptedCharacter[], acceptedFile: 'errata.yaml' };
  it('prints the acceptance to paste: the words around the character, within its line', () => {
    const text = `Intro line\nThe quickest brown${ZWSP}fox jumps over the lazy dog`;
    const [d] = textProblems('text of "Dodge"', text, held(['x', `The quickest brown${ZWSP}fox jumps`]), files).diagnostics;
    expect(d).toEqual({
      reason: 'The text of "Dodge" has the invisible or control character U+200B',
      file: 'src.txt',
      place: { line: 2, column: 19 },
      ruleId: 'text/hostile-character',
      source: 'validate',
      fatal: true,
      expected: 'rule text of visible characters, tabs and line breaks',
      note: [
        'remove it with an erratum, or, if the source means it, accept it in errata.yaml:',
        'accepted:',
        '  - source: src',
        '    after: "brown"',
        '    before: "fox jumps"',
        '    character: U+200B',
        '    reason: <why the source means it>',
      ].join('\n'),
    });
  });
  it('keeps a cut word when it is the only one, and the words up to the text’s end', () =>
    expect(textProblems('text', `abcdefghijklmnop${ZWSP}end`, held(['x']), files).diagnostics[0]!.note).toContain(
      '    after: "efghijklmnop"\n    before: "end"\n',
    ));
  it('keeps every word before the character when the text starts within reach', () =>
    expect(textProblems('text', `ab cd${ZWSP}`, held(['x']), files).diagnostics[0]!.note).toContain('    after: "ab cd"\n'));
  it('leaves out an empty side of the acceptance', () => {
    const note = textProblems('text', ZWSP, held(['x']), files).diagnostics[0]!.note!;
    expect(note).not.toContain('after:');
    expect(note).not.toContain('before:');
  });
  it('leaves other hidden characters out of the words around it', () =>
    expect(textProblems('text', `a\u200cb${ZWSP}c`, held(['x']), files).diagnostics[0]!.note).toContain('    after: "a"\n'));
  it('is allowed by an entry of its source only, for its character only, where its words are', () => {
    const entry = (fields: Partial<AcceptedCharacter>): AcceptedCharacter => ({
      source: 'src',
      after: 'a',
      before: 'b',
      character: 'U+200B',
      reason: 'r',
      ...fields,
    });
    const check = (e: AcceptedCharacter) => textProblems('text', `a${ZWSP}b`, held(['x']), { accepted: [e], acceptedFile: 'f' });
    expect(check(entry({}))).toEqual({ diagnostics: [], accepted: [0] });
    expect(check(entry({ source: 'other' })).accepted).toEqual([]);
    expect(check(entry({ character: 'U+200C' })).accepted).toEqual([]);
    expect(check(entry({ before: 'c' })).accepted).toEqual([]);
    expect(check(entry({ after: 'z' })).accepted).toEqual([]);
    expect(check({ source: 'src', character: 'U+200B', reason: 'r' }).accepted).toEqual([0]);
  });
  it('reports the first character no entry allows, after those allowed', () => {
    const accepted = [{ source: 'src', after: 'a', character: 'U+200B', reason: 'r' }];
    const found = textProblems('text', `a${ZWSP}b${ZWSP}`, held(['x']), { accepted, acceptedFile: 'f' });
    expect(found.accepted).toEqual([0]);
    expect(found.diagnostics).toHaveLength(1);
  });
});

describe('checkSourceStrings', () => {
  const lines = ['Dodge', `Dodge text${ZWSP}.`, 'Q?', 'A.'];
  it('passes clean records, paragraphs, rulings and inducements', () =>
    expect(checkSourceStrings(input({ records: [{ ...skill('dodge'), ...at(lines) }], rulings: [ruling('en-2020/dodge/q-1', 'Q?', 'x')] }, lines))).toEqual({
      diagnostics: [],
      acceptedUsed: new Set(),
    }));
  it('checks a record’s display name, its name when the display name does not hold it, its id and its text, in its source file', () => {
    const record = { ...skill('dodge', `Bad${ZWSP}`), name: 'Gіt', displayName: `Dodge${ZWSP}`, id: 'en-2020/a-very-long-id', ...at(lines) };
    expect(checkSourceStrings(input({ records: [record] }, lines)).diagnostics.map((d) => [d.file, d.ruleId, d.reason.slice(0, 30)])).toEqual([
      ['sources/src.txt', 'text/hostile-character', 'The name "DodgeU+200B" has the'],
      ['sources/src.txt', 'text/mixed-script', 'The name "Gіt" mixes Latin and'],
      ['sources/src.txt', 'text/too-long', 'The id made from "DodgeU+200B"'],
      ['sources/src.txt', 'text/hostile-character', 'The text of "DodgeU+200B" has '],
    ]);
  });
  it('does not check a name the display name holds twice', () => {
    const record = { ...skill('dodge'), name: 'Gіt', displayName: 'Gіt (+1)', ...at(lines) };
    expect(checkSourceStrings(input({ records: [record] }, lines)).diagnostics.map((d) => d.ruleId)).toEqual(['text/mixed-script']);
  });
  it('does not check the id of a name already too long', () => {
    const record = { ...skill('dodge'), name: 'x', displayName: 'A name too long', id: 'en-2020/a-name-too-long', ...at(lines) };
    expect(checkSourceStrings(input({ records: [record] }, lines)).diagnostics.map((d) => d.reason)).toEqual([
      'The name "A name too long"… is 15 characters long; names have at most 10',
    ]);
  });
  it('checks an unnamed paragraph, a ruling’s question and answer, and an inducement’s text, abilities and spells', () => {
    const bad = `x${ZWSP}`;
    const base = inducement('wizard');
    const wizard = {
      ...base,
      text: bad,
      abilities: [{ name: 'Zap', text: bad, line: 1 }],
      spells: [{ id: 's', name: 'Fireball', text: bad, line: 2, mentions: [] }],
      source: { id: 'src', lines: [1, 4] as [number, number], errata: [] },
    };
    const faq = { ...ruling('r', bad, 'x'), answer: bad, source: { id: 'src', lines: [3, 4] as [number, number], errata: [] } };
    const found = checkSourceStrings(input({ unnamed: [{ text: bad, ...at(lines) }], rulings: [faq], inducements: [wizard] }, lines)).diagnostics;
    expect(found.map((d) => d.reason)).toEqual([
      'The text has the invisible or control character U+200B',
      'The FAQ question has the invisible or control character U+200B',
      'The FAQ answer has the invisible or control character U+200B',
      'The text of "wizard" has the invisible or control character U+200B',
      'The text of "Zap" has the invisible or control character U+200B',
      'The text of "Fireball" has the invisible or control character U+200B',
    ]);
  });
  it('returns the acceptances used, and reads a source without lines as empty', () => {
    const accepted = [
      { source: 'src', after: 'text', character: 'U+200B', reason: 'r' },
      { source: 'src', after: 'nothing', character: 'U+200B', reason: 'r' },
    ];
    const found = checkSourceStrings(input({ unnamed: [{ text: `text${ZWSP}`, ...at(lines) }], accepted }, lines));
    expect(found).toEqual({ diagnostics: [], acceptedUsed: new Set([0]) });
    const elsewhere = checkSourceStrings(input({ unnamed: [{ text: `x${ZWSP}`, source: { id: 'gone', lines: [2, 2], errata: [] } }] }, lines));
    expect(elsewhere.diagnostics[0]).toMatchObject({ file: 'sources/gone.txt', place: { line: 2 } });
  });
});

describe('where a problem is, and the words around a character', () => {
  const files = { accepted: [] as AcceptedCharacter[], acceptedFile: 'errata.yaml' };
  const note = (text: string) => textProblems('text', text, held(['x']), files).diagnostics[0]!.note!;
  it('searches a line the source does not have as empty', () =>
    expect(nameProblems('name', 'here', held([], [5, 5]), { name: 3, id: 9 })[0]!.place).toEqual({ line: 5 }));
  it('locates a name too long by its first 20 characters, where the whole name is on no line', () => {
    const name = `${'A'.repeat(30)} B`;
    expect(nameProblems('name', name, held(['x', 'A'.repeat(30), ' B']), limits)[0]!.place).toEqual({ line: 2, column: 1 });
    expect(idProblems('en-2020/a-long-id', held(['x', 'A'.repeat(30), ' B']), name, limits)[0]!.place).toEqual({ line: 2, column: 1 });
  });
  it('takes the words before the character from its own line only', () => expect(note(`ab\ncd${ZWSP}ef`)).toContain('    after: "cd"\n'));
  it('leaves another hidden character out of the words after it', () => expect(note(`ab${ZWSP}cd\u200cef`)).toContain('    before: "cdef"\n'));
  it('keeps the first word when the character is exactly 12 characters in', () => expect(note(`Move a dodge${ZWSP}`)).toContain('    after: "Move a dodge"\n'));
  it('drops a word cut by the window when its first space is the second character', () =>
    expect(note(`xxx yyyyyyyyyy${ZWSP}`)).toContain('    after: "yyyyyyyyyy"\n'));
  it('keeps the words before the character whole when the only space ends them', () =>
    expect(note(`xxxxxxxxxxxxxxxxxx ${ZWSP}`)).toContain('    after: "xxxxxxxxxxx "\n'));
  it('keeps the words after the character up to the text’s end, exactly 12 characters away', () =>
    expect(note(`x${ZWSP}abcde fghijk`)).toContain('    before: "abcde fghijk"\n'));
  it('keeps a word cut after the character when it is the only one', () => expect(note(`x${ZWSP}abcdefghijklmnop`)).toContain('    before: "abcdefghijkl"\n'));
  it('keeps the words after the character when their only space starts them', () =>
    expect(note(`x${ZWSP} bcdefghijklmnop`)).toContain('    before: " bcdefghijkl"\n'));
  it('writes no `after:` for a character that starts the text, no `before:` for one that ends it', () => {
    expect(note(`${ZWSP}ab`).split('\n')).toEqual(expect.arrayContaining(['  - source: src', '    before: "ab"', '    character: U+200B']));
    expect(note(`${ZWSP}ab`)).not.toContain('after:');
    expect(note(`ab${ZWSP}`)).not.toContain('before:');
    expect(note(`${ZWSP}ab`).split('\n')).toHaveLength(6);
    expect(note(`ab${ZWSP}`).split('\n')).toHaveLength(6);
  });
});

describe('checkSourceStrings: which names are checked', () => {
  const lines = ['Dodge'];
  it('checks a record’s name once when it is its display name', () => {
    const record = { ...skill('dodge'), name: 'Gіt', displayName: 'Gіt', ...at(lines) };
    expect(checkSourceStrings(input({ records: [record] }, lines)).diagnostics.map((d) => d.ruleId)).toEqual(['text/mixed-script']);
  });
  it('checks the id of a display name of exactly the limit', () => {
    const record = { ...skill('dodge'), name: 'x', displayName: 'x'.repeat(10), id: 'en-2020/a-name-too-long', ...at(lines) };
    expect(checkSourceStrings(input({ records: [record] }, lines)).diagnostics.map((d) => d.reason)).toEqual([
      'The id made from "xxxxxxxxxx" is 23 characters long; ids have at most 14',
    ]);
  });
  it('searches a source without lines as empty', () => {
    const record = {
      ...skill('dodge'),
      name: 'here',
      displayName: 'here',
      ...at(['x']),
      source: { id: 'gone', lines: [1, 1] as [number, number], errata: [] },
    };
    expect(checkSourceStrings({ ...input({ records: [record] }, []), limits: { name: 3, id: 99 } }).diagnostics[0]!.place).toEqual({ line: 1 });
  });
});

describe('checkAnnotationStrings: the name keys', () => {
  it.each(['name', 'alias', 'aliases', 'abilities', 'spells', 'qualifiedOnly', 'notNames', 'label'])('checks the scripts of %s', (key) =>
    expect(checkAnnotationStrings([{ file: 'a.yaml', value: { [key]: 'Gіt' }, locate: () => null }]).map((d) => d.ruleId)).toEqual(['text/mixed-script']),
  );
  it.each(["=cmd|' /C calc'!A0 Block", '@SUM(A1)', '+Block', '-Block'])('refuses a name or alias that starts as a spreadsheet formula: %j', (alias) =>
    expect(
      checkAnnotationStrings([{ file: 'a.yaml', value: { aliases: [{ alias }] }, locate: () => ({ line: 4 }) }]).map((d) => [d.ruleId, d.place, d.fatal]),
    ).toEqual([['text/formula-name', { line: 4 }, true]]),
  );
  it('lets other texts start so: a note, a summary, a rationale', () =>
    expect(checkAnnotationStrings([{ file: 'a.yaml', value: { note: '+1 MA for 20K', summary: '-1 to the roll' }, locate: () => null }])).toEqual([]));
  it('refuses a source name that starts as a formula, at its line', () =>
    expect(nameProblems('name', '@Stab', held(['x', '@Stab']), limits).map((d) => [d.ruleId, d.place, d.reason])).toEqual([
      ['text/formula-name', { line: 2, column: 1 }, 'The name "@Stab" starts with "@", as a spreadsheet formula does'],
    ]));
});

describe('staleAcceptances', () => {
  const accepted: AcceptedCharacter[] = [
    { source: 'src', after: 'a', before: 'b', character: 'U+200B', reason: 'r' },
    { source: 'src', character: 'U+00AD', reason: 'r' },
  ];
  it('reports each entry no text used, at the entry, naming its words', () =>
    expect(staleAcceptances(accepted, new Set([1]), 'errata.yaml', (i) => ({ line: 7 + i }))).toEqual([
      {
        reason: 'No rule text of src has the accepted character U+200B after "a" before "b"',
        file: 'errata.yaml',
        place: { line: 7 },
        ruleId: 'text/stale-acceptance',
        source: 'validate',
        fatal: true,
        expected: 'each accepted character where its `after` and `before` say',
        note: 'remove the entry (the source no longer has the character, or an erratum removed it), or correct `after` and `before`',
      },
    ]));
  it('leaves out the words an entry does not give', () =>
    expect(staleAcceptances(accepted, new Set([0]), 'f', () => null)[0]!.reason).toBe('No rule text of src has the accepted character U+00AD'));
  it('passes entries all used', () => expect(staleAcceptances(accepted, new Set([0, 1]), 'f', () => null)).toEqual([]));
});

describe('checkAnnotationStrings', () => {
  const paths: unknown[] = [];
  const annotation = (value: unknown) => ({
    file: 'aliases.yaml',
    value,
    locate: (path: readonly (string | number)[]) => {
      paths.push(path);
      return { line: path.length };
    },
  });
  it('reports a hidden character in any string, at its node', () =>
    expect(checkAnnotationStrings([annotation({ notes: [{ reason: `a${ZWSP}` }] })])).toEqual([
      {
        reason: '"aU+200B" has the invisible or control character U+200B',
        file: 'aliases.yaml',
        place: { line: 3 },
        ruleId: 'text/hostile-character',
        source: 'validate',
        fatal: true,
        expected: 'annotations of visible characters, without line breaks or tabs (write an accepted character as `U+XXXX`)',
        note: 'remove it',
      },
    ]));
  it.each([
    ['a line break', 'x 301\n/* https://evil.example/:splat 302!', 'U+000A'],
    ['a tab', 'a\tb', 'U+0009'],
    ['a carriage return', 'a\rb', 'U+000D'],
  ])('refuses %s in any string, at its node', (_, value, code) =>
    expect(checkAnnotationStrings([annotation({ migrations: [{ id: value }] })]).map((d) => [d.ruleId, d.place, d.reason.endsWith(code)])).toEqual([
      ['text/hostile-character', { line: 3 }, true],
    ]),
  );
  it('lets the multiline keys of a file span lines, and no other key of it', () =>
    expect(
      checkAnnotationStrings([{ ...annotation({ errata: [{ find: 'a\nb', replace: 'c\td', reason: 'two\nlines' }] }), multiline: ['find', 'replace'] }]).map(
        (d) => [d.reason, d.note],
      ),
    ).toEqual([['"two\\nlines" has the invisible or control character U+000A', 'remove it; only find and replace may span lines']]));
  it('checks the keys of objects too', () =>
    expect(checkAnnotationStrings([annotation({ characteristics: { 'M\nA': 'MA', [`S${ZWSP}T`]: 'ST' } })]).map((d) => [d.reason, d.place])).toEqual([
      ['The key "M\\nA" has the invisible or control character U+000A', { line: 2 }],
      ['The key "SU+200BT" has the invisible or control character U+200B', { line: 2 }],
    ]));
  it('locates a node by its path of keys and indexes, and only a node with a problem', () => {
    paths.length = 0;
    checkAnnotationStrings([annotation({ aliases: [{ alias: `o${ZWSP}k`, note: 'fine' }] })]);
    expect(paths).toEqual([['aliases', 0, 'alias']]);
  });
  it('reports a look-alike in a name key, and in a list of names', () =>
    expect(checkAnnotationStrings([annotation({ name: 'Gіt', aliases: ['Sneaky Gіt'] })])).toEqual([
      {
        reason: 'The name "Gіt" mixes Latin and Cyrillic letters in the word "Gіt": a look-alike of another name',
        file: 'aliases.yaml',
        place: { line: 1 },
        ruleId: 'text/mixed-script',
        source: 'validate',
        fatal: true,
        expected: 'each word of a name in one script',
        note: 'replace the look-alike letters',
      },
      expect.objectContaining({ ruleId: 'text/mixed-script', place: { line: 2 } }),
    ]));
  it('leaves two scripts alone outside a name (a reason may quote Cyrillic)', () =>
    expect(checkAnnotationStrings([annotation({ reason: 'Gіt', list: ['Gіt'] }), annotation('Gіt')])).toEqual([]));
  it('passes numbers, booleans and null', () => expect(checkAnnotationStrings([annotation({ name: null, n: 3, ok: true })])).toEqual([]));
});
