/**
 * No string of any curated file holds a control character (issue 32, item 2):
 * a line break, a tab or a carriage return in any field of any annotation
 * file (and of the manifest) is a located error of the strings check, which
 * stops the build before anything is emitted; only errata's `find` and
 * `replace`, which patch raw lines, may span lines. Each file is tried on the
 * literal project (test/literal-project.ts).
 */
import { describe, expect, it } from 'vitest';
import { buildDataset } from '../pipeline/build.ts';
import { ANNOTATION_FILES } from '../pipeline/build/annotations.ts';
import { lineOf } from './helpers.ts';
import { EN_SOURCE, FR_SOURCE, type LiteralFiles, literalFiles, literalProject } from './literal-project.ts';

/** A control character in a field of each curated file that is not an id (ids are refused by their grammar first: test/curated-ids.test.ts). */
const HOSTILE = 'Evil line\n/api/* https://attacker.example/:splat 302!';

const PLANT: Record<keyof LiteralFiles, (files: LiteralFiles) => Partial<LiteralFiles>> = {
  manifest: (f) => {
    const manifest = f.manifest as { sources: object[] };
    return { manifest: { ...manifest, sources: [manifest.sources[0], { ...manifest.sources[1], note: HOSTILE }] } };
  },
  errata: () => ({ errata: { errata: [{ id: 'en-2020/stab', source: EN_SOURCE, find: 'may stab', replace: 'may stab', reason: HOSTILE }] } }),
  mentions: () => ({ mentions: { qualifiedOnly: [], aliases: [], notNames: [HOSTILE] } }),
  crosswalk: () => ({
    crosswalk: {
      concepts: [],
      links: [{ source: FR_SOURCE, record: 'fr-legacy/poignard', concept: 'stab', relation: 'same', confidence: 'high', rationale: HOSTILE }],
    },
  }),
  // A short one: the glossary's terms have a maxLength of 40.
  glossary: () => ({ glossary: { terms: [{ fr: 'Poignard', en: 'Evil line\n302!' }] } }),
  inducements: () => ({ inducements: { characteristics: { [HOSTILE]: 'MA' }, leagues: [], records: [] } }),
  compulsory: () => ({ compulsory: { reviewed: [{ record: 'en-2020/stab', sentence: 'may stab', reason: HOSTILE }] } }),
  migrations: () => ({ migrations: { migrations: [], keep: [{ id: 'en-2020/stab', name: 'Stab', since: '1.0.0', note: HOSTILE }] } }),
  aliases: () => ({ aliases: { aliases: [{ alias: 'Dagger', concept: 'stab', lang: 'en', note: HOSTILE }] } }),
  randomTables: () => ({ randomTables: { slots: [{ table: 'en-2020/blood-bowl/agility', roll: '1-3', d6: 1, vacancy: 'vacant', reason: HOSTILE }] } }),
};

describe('a line break in any string of any curated file', () => {
  it('every curated file has a scenario', () => expect(Object.keys(PLANT).sort()).toEqual(Object.keys(ANNOTATION_FILES).sort()));

  for (const key of Object.keys(PLANT) as (keyof LiteralFiles)[]) {
    it(`${key}: is refused at its line (text/hostile-character, U+000A), and nothing is built`, () => {
      const input = literalProject(PLANT[key](literalFiles()));
      const file = key === 'manifest' ? input.manifest : input.annotations[key]!;
      const result = buildDataset(input);
      expect(result.files.size).toBe(0);
      const found = result.diagnostics.find((d) => d.ruleId === 'text/hostile-character' && d.file === file.path);
      expect(found?.place?.line).toBe(lineOf(file.text, /Evil line/));
      expect(found?.reason).toMatch(/U\+000A$/);
    });
  }

  it('errata may span lines in find and replace, as many lines as they patch', () => {
    const raw = {
      'sources/raw/en.txt':
        'skills-traits\n\nStab\nTraits\nThis player may\nstab.\nBloodbowlnone\nDungeonbowl\nLoner\nTraits\nAlone.\nBloodbowlnone\nDungeonbowl\n',
    };
    const errata = { errata: [{ id: 'en-2020/stab-wrap', source: EN_SOURCE, find: 'may\nstab.', replace: 'may\nstab!', reason: 'a typo across a line end' }] };
    const result = buildDataset(literalProject({ errata }, { raw }));
    expect(result.diagnostics.filter((d) => d.fatal)).toEqual([]);
  });
});
