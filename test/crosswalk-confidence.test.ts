/**
 * Crosswalk confidence is data, not decoration: the published rows below high
 * confidence are pinned with their relation and the reason they give, and
 * match the table in docs/CROSSWALK.md. Marking every reviewed row `high`
 * (or quietly dropping a doubt) fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CrosswalkRow } from '../pipeline/model/schema-types.ts';
import { realData, repoRoot } from './helpers.ts';

/** record → [concept, relation, confidence, a phrase the rationale must keep]. */
const BELOW_HIGH: Record<string, [string, string, string, RegExp]> = {
  'en-traits-alt/always-hungry': ['always-hungry', 'same', 'medium', /turnover/i],
  'en-traits-alt/animal-savagery': ['animal-savagery', 'same', 'medium', /must be used/i],
  'en-traits-alt/projectile-vomit': ['projectile-vomit', 'reworked', 'medium', /Blitz/],
  'en-traits-alt/really-stupid': ['really-stupid', 'reworked', 'medium', /\+1.*\+2/],
  'en-traits-alt/stab': ['stab', 'same', 'medium', /Injury roll/i],
  'en-traits-alt/unchannelled-fury': ['unchannelled-fury', 'same', 'medium', /Special actions/i],
  'fr-legacy/ecrasement': ['piling-on', 'removed', 'medium', /no 2020 record/i],
  'fr-legacy/lancer-precis': ['safe-throw', 'replaced', 'medium', /Cloud Burster/],
};

describe('crosswalk rows below high confidence', () => {
  const rows = realData<CrosswalkRow[]>('crosswalk.json');
  const unsure = rows.filter((row) => row.confidence !== 'high');

  it('are exactly the eight reviewed doubts, with their concept, relation and confidence', () => {
    expect(Object.fromEntries(unsure.map((row) => [row.record, [row.concept, row.relation, row.confidence]]))).toEqual(
      Object.fromEntries(Object.entries(BELOW_HIGH).map(([record, [concept, relation, confidence]]) => [record, [concept, relation, confidence]])),
    );
  });

  it('each says why it is not high', () => {
    for (const row of unsure) {
      expect(row.rationale.length, row.record).toBeGreaterThan(60);
      expect(row.rationale, row.record).toMatch(BELOW_HIGH[row.record]![3]);
    }
  });

  it('are the rows docs/CROSSWALK.md explains, with the same concept and relation', () => {
    const doc = readFileSync(join(repoRoot, 'docs/CROSSWALK.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## Links below high confidence'), doc.indexOf('\n## ', doc.indexOf('## Links below high confidence') + 5));
    const documented = [...section.matchAll(/^\| ([a-z-]+\/[a-z-]+)(?: \([^)]*\))? \| ([a-z-]+), ([a-z]+)/gm)].map((m) => [m[1], m[2], m[3]]);
    expect(documented.length).toBeGreaterThan(0);
    expect(documented.sort()).toEqual(unsure.map((row) => [row.record, row.concept, row.relation]).sort());
  });

  it('most rows are high: a doubt is the exception', () => {
    expect(rows.filter((row) => row.confidence === 'high').length).toBeGreaterThan(unsure.length * 5);
  });
});
