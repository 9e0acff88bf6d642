import { expect, it } from 'vitest';
import * as api from '../pipeline/index.ts';

it('pins the public API of the pipeline (pipeline/index.ts)', () => {
  expect(Object.keys(api).sort()).toEqual([
    'EN2020_CATEGORIES',
    'FR_BLOCKS',
    'PARSERS',
    'buildDataset',
    'buildRandomTables',
    'compileSource',
    'createMentionFinder',
    'createNameResolver',
    'createSuggester',
    'createValidator',
    'evaluateSuggestions',
    'formatDiagnostic',
    'generateTypes',
    'linesToMdast',
    'linkConcepts',
    'linkInducements',
    'linkRulings',
    'markdownToMdast',
    'mdastToMarkdown',
    'nameSimilarity',
    'parseEn2020',
    'parseFrLegacy',
    'parseInducementNotes',
    'parsePages',
    'parsePriceBullet',
    'parseTraitsAlt',
    'plainText',
    'rulingHash',
    'slugify',
  ]);
});
