// The site's type check (pipeline/scripts/check-site.ts, part of `npm run lint`): where an error in a component's TSX is in the `.astro` file.
import { convertToTsx } from '@astrojs/astro2tsx';
import { describe, expect, it } from 'vitest';
import { formatError, lineColumn, messageText, sourceOffset } from '../../pipeline/scripts/check-site.ts';

describe('locating a type error in the .astro file', () => {
  it('an offset inside a mapped span keeps its distance from the span start', () => {
    expect(sourceOffset([[100, 10, 20, 10, 0]], 104)).toBe(24);
  });

  it('an offset in generated code between spans is placed at the end of the span before it', () => {
    const mappings: [number, number, number, number, 0][] = [
      [0, 5, 0, 5, 0],
      [50, 5, 30, 5, 0],
    ];
    expect(sourceOffset(mappings, 20)).toBe(5);
    expect(sourceOffset(mappings, 70)).toBe(35);
  });

  it('an offset before every span is the start of the file', () => {
    expect(sourceOffset([[10, 5, 3, 5, 0]], 2)).toBe(0);
  });

  it('a misspelt property in a template expression points at its spelling, after non-ASCII text on the line', () => {
    const source = "---\nconst locale: 'en' | 'fr' = 'fr';\n---\n<p>Règles — {locale.lenght}</p>\n";
    const tsx = convertToTsx(source, { filename: 'Page.astro', ambientTypes: true });
    const offset = sourceOffset(tsx.mappings, tsx.code.indexOf('lenght'));
    expect(source.slice(offset, offset + 6)).toBe('lenght');
    expect(lineColumn(source, offset)).toEqual({ line: 4, column: 21 });
  });

  it('counts lines and columns from 1, in UTF-16 code units as editors do', () => {
    expect(lineColumn('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
    expect(lineColumn('é—\nx', 3)).toEqual({ line: 2, column: 1 });
  });
});

describe('printing a type error', () => {
  it('prints the chain of a message one level deeper per line', () => {
    const diagnostic = { text: 'Type A is not assignable to B.', messageChain: [{ text: 'Property x is missing.' }] };
    expect(messageText(diagnostic)).toBe('Type A is not assignable to B.\n  Property x is missing.');
  });

  it('prints file:line:column, the message and its code, relative to the folder it runs from', () => {
    const error = { file: '/repo/site/src/pages/index.astro', line: 3, column: 7, message: 'Bad.\n  Because.', code: 'TS2322' };
    expect(formatError(error, '/repo')).toBe('site/src/pages/index.astro:3:7 error Bad. [TS2322]\n    Because.');
  });
});
