/**
 * `closest`, the suggestions of an unknown name, stops counting edits once a
 * spelling cannot place among the best: the answer is the one a full count
 * gives (a reference written out here), for any text, long or short.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editDistance, nameKey, splitParameter } from '../../pipeline/model/fold.ts';
import { createNameResolver } from '../../pipeline/model/resolve-names.ts';
import { realBundle } from '../cards/helpers.ts';
import { fuzzRuns } from '../fuzz/mutations.ts';

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const bundle = realBundle();
const resolver = createNameResolver({ names: bundle.names!, skills: bundle.skills, migrations: bundle.migrations });

/** Every spelling's full edit distance (a prefix counts half an edit less), the best per concept, nearest first. */
function reference(text: string, count: number): string[] {
  const key = nameKey(splitParameter(text).name);
  const best = new Map<string, { alias: string; distance: number }>();
  for (const alias of bundle.names!) {
    if (alias.source === 'retired' || alias.source === 'abbreviation') continue;
    const distance = editDistance(key, alias.folded) - (alias.folded.startsWith(key) || key.startsWith(alias.folded) ? 0.5 : 0);
    const previous = best.get(alias.concept);
    if (!previous || distance < previous.distance) best.set(alias.concept, { alias: alias.alias, distance });
  }
  return [...best.values()]
    .sort((a, b) => a.distance - b.distance || compareText(a.alias, b.alias))
    .slice(0, count)
    .map((b) => b.alias);
}

describe('closest names', () => {
  it.each(['Dodgx', 'Mighty Blw (+2)', 'Chataigne', 'x', '', 'Block'.repeat(400)])('"%s" gets the suggestions of a full count', (text) => {
    expect(resolver.closest(text, 3)).toEqual(reference(text, 3));
  });

  it('any text, any count: the suggestions of a full count', () => {
    const spelling = fc.constantFrom(...bundle.names!.map((n) => n.alias));
    const text = fc.oneof(
      fc.string({ maxLength: 40 }),
      spelling,
      fc.tuple(spelling, fc.string({ maxLength: 4 })).map(([a, b]) => a.slice(1) + b),
    );
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 6 }), (t, count) => {
        expect(resolver.closest(t, count)).toEqual(reference(t, count));
      }),
      { numRuns: fuzzRuns(200) },
    );
  });
});
