/**
 * The French name a reader is shown and where it comes from (issue 35.7),
 * one rule for every surface (concepts.json `frenchName`, getConcept, the
 * static API): a French source's name (`source`), else the first reviewed
 * French alias (`reviewed`), else none.
 */
import { describe, expect, it } from 'vitest';
import { frenchNameOf } from '../../pipeline/model/names.ts';
import type { NameEntry } from '../../pipeline/model/schema-types.ts';

const entry = (alias: string, concept: string, lang: 'en' | 'fr' | null, source: NameEntry['source']) => ({ alias, concept, lang, source });

describe('frenchNameOf', () => {
  it('gives the French source’s name, from `source`', () =>
    expect(
      frenchNameOf({ id: 'mighty-blow', names: { en: 'Mighty Blow', fr: 'Châtaigne' } }, [entry('Coup puissant', 'mighty-blow', 'fr', 'curated')]),
    ).toEqual({
      name: 'Châtaigne',
      from: 'source',
    }));
  it('gives a reviewed usual name where no French source has the rule, from `reviewed`', () =>
    expect(
      frenchNameOf({ id: 'block', names: { en: 'Block' } }, [entry('Block', 'block', 'en', 'concept'), entry('Blocage', 'block', 'fr', 'curated')]),
    ).toEqual({
      name: 'Blocage',
      from: 'reviewed',
    }));
  it('takes no other concept’s alias, no English alias and no record’s name as reviewed', () =>
    expect(
      frenchNameOf({ id: 'block', names: { en: 'Block' } }, [
        entry('Blocage', 'wrestle', 'fr', 'curated'),
        entry('Blok', 'block', 'en', 'curated'),
        entry('Bloc', 'block', 'fr', 'record'),
      ]),
    ).toBeNull());
  it('is null when there is neither', () => expect(frenchNameOf({ id: 'pro', names: { en: 'Pro' } }, [])).toBeNull());
});
