/**
 * The French name a reader is shown and where it comes from (issue 35.7),
 * one rule for every surface (model/names.ts `sourcedNameIn`: concepts.json
 * `frenchName`, and from it getConcept, the static API, SQLite and CSV
 * `name_fr` with `name_fr_source`): a French source's name (`source`), else
 * the first reviewed French alias (`reviewed`), else none.
 */
import { describe, expect, it } from 'vitest';
import { sourcedNameIn } from '../../pipeline/model/names.ts';
import type { NameEntry } from '../../pipeline/model/schema-types.ts';

const entry = (alias: string, concept: string, lang: 'en' | 'fr' | null, source: NameEntry['source']) => ({ alias, concept, lang, source });

describe('sourcedNameIn', () => {
  it('gives the French source’s name, from `source`, before any reviewed one', () =>
    expect(
      sourcedNameIn({ id: 'mighty-blow', names: { en: 'Mighty Blow', fr: 'Châtaigne' } }, [entry('Coup puissant', 'mighty-blow', 'fr', 'curated')], 'fr'),
    ).toEqual({
      name: 'Châtaigne',
      from: 'source',
    }));
  it('gives the first reviewed usual name where no French source has the rule, from `reviewed`', () =>
    expect(
      sourcedNameIn(
        { id: 'block', names: { en: 'Block' } },
        [entry('Block', 'block', 'en', 'concept'), entry('Blocage', 'block', 'fr', 'curated'), entry('Bloc', 'block', 'fr', 'curated')],
        'fr',
      ),
    ).toEqual({
      name: 'Blocage',
      from: 'reviewed',
    }));
  it('takes no other concept’s alias, no alias of another language and no record’s or retired name as reviewed', () =>
    expect(
      sourcedNameIn(
        { id: 'block', names: { en: 'Block' } },
        [
          entry('Blocage', 'wrestle', 'fr', 'curated'),
          entry('Blok', 'block', 'en', 'curated'),
          entry('Bloc', 'block', 'fr', 'record'),
          entry('bloc', 'block', 'fr', 'retired'),
        ],
        'fr',
      ),
    ).toBeNull());
  it('is null when there is neither', () => expect(sourcedNameIn({ id: 'pro', names: { en: 'Pro' } }, [], 'fr')).toBeNull());
  it('reads the language it is asked for: an English source’s name is `source` in English', () =>
    expect(sourcedNameIn({ id: 'dodge', names: { en: 'Dodge', fr: 'Esquive' } }, [], 'en')).toEqual({ name: 'Dodge', from: 'source' }));
});
