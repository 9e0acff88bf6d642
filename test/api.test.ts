import { expect, it } from 'vitest';
import * as api from '../pipeline/index.ts';

it('pins the public API of the pipeline (pipeline/index.ts)', () => {
  expect(Object.keys(api).sort()).toEqual([
    'EN2020_CATEGORIES',
    'PARSERS',
    'buildDataset',
    'buildRandomTables',
    'compileSource',
    'createMentionFinder',
    'createValidator',
    'formatDiagnostic',
    'generateTypes',
    'linesToMdast',
    'linkRulings',
    'markdownToMdast',
    'mdastToMarkdown',
    'parseEn2020',
    'parsePages',
    'plainText',
    'rulingHash',
    'slugify',
  ]);
});
