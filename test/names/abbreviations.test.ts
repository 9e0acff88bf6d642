/**
 * Reviewed abbreviations (issue 36): an alias of `kind: abbreviation` in
 * aliases.yaml is `source: abbreviation` in the alias index, names its concept
 * when written exactly (case and dots aside), is never the nearest name to a
 * typo, never a suggestion, and never a concept's reviewed name. Literal
 * sources, one behaviour each.
 */
import { describe, expect, it } from 'vitest';
import { reviewedNameIn, sourcedNameIn } from '../../pipeline/model/names.ts';
import { buildNameIndex, createNameResolver, type NameSources } from '../../pipeline/model/resolve-names.ts';

const sources: NameSources = {
  concepts: [
    { id: 'mighty-blow', name: 'Mighty Blow', names: { en: 'Mighty Blow' } },
    { id: 'dodge', name: 'Dodge', names: { en: 'Dodge', fr: 'Esquive' } },
    { id: 'mad-cap', name: 'Mad Cap', names: { en: 'Mad Cap' } },
  ],
  skills: [],
  migrations: [],
  curated: [
    { alias: 'MB', concept: 'mighty-blow', lang: 'en', kind: 'abbreviation' },
    { alias: 'Mighty-Blow', concept: 'mighty-blow', lang: 'en' },
  ],
};
const { names } = buildNameIndex(sources);
const resolver = createNameResolver({ names, skills: [], migrations: [] });
const first = (text: string) => resolver.resolve(text)[0] ?? null;

describe('abbreviations in the alias index', () => {
  it('an alias of kind abbreviation is source abbreviation; one without a kind stays curated', () => {
    expect(names.filter((n) => n.concept === 'mighty-blow').map((n) => [n.alias, n.source])).toEqual([
      ['MB', 'abbreviation'],
      ['Mighty Blow', 'concept'],
      ['Mighty-Blow', 'curated'],
    ]);
  });

  it.each(['MB', 'mb', 'M.B.', ' m b '])('%j names Mighty Blow exactly', (text) => {
    expect(first(text)).toMatchObject({ concept: 'mighty-blow', exact: true, alias: 'MB' });
  });

  it('a near spelling of an abbreviation is no match: "MC" suggests nothing', () => {
    expect(resolver.resolve('MC')).toEqual([]);
  });

  it('a typo of a name still finds the name, not the abbreviation', () => {
    expect(first('Mighty Blw')).toMatchObject({ concept: 'mighty-blow', exact: false, alias: 'Mighty Blow' });
  });

  it('the closest names for an unknown text never offer an abbreviation', () => {
    expect(resolver.closest('MA', 3)).not.toContain('MB');
    expect(resolver.closest('MA', 3)).toContain('Mad Cap');
  });

  it("is never a concept's reviewed name in a language, nor its French name", () => {
    const concept = { id: 'mighty-blow', name: 'Mighty Blow', names: { en: 'Mighty Blow' } };
    const french = [{ alias: 'MB', concept: 'mighty-blow', lang: 'fr' as const, source: 'abbreviation' as const }];
    expect(reviewedNameIn(concept, french, 'fr')).toBe('Mighty Blow');
    expect(sourcedNameIn(concept, french, 'fr')).toBeNull();
  });
});
