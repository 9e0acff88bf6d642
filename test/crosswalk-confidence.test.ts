/**
 * Crosswalk confidence is data, not decoration: the published rows below high
 * confidence are pinned with their relation and the reason they give (a fact
 * of today's corpus, test/golden/corpus/crosswalk.json: `npm run golden`
 * records a reviewed release's), and match the table in docs/CROSSWALK.md.
 * Marking every reviewed row `high` (or quietly dropping a doubt) fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CrosswalkRow } from '../pipeline/model/schema-types.ts';
import { corpusFacts, realData, repoRoot } from './helpers.ts';

const fact = corpusFacts('crosswalk');

describe('crosswalk rows below high confidence', () => {
  const rows = realData<CrosswalkRow[]>('crosswalk.json');
  const unsure = rows.filter((row) => row.confidence !== 'high');

  it("are the reviewed doubts of today's corpus, each with its concept, relation, confidence and reason (a golden fact)", () => {
    fact('rows below high confidence', Object.fromEntries(unsure.map((row) => [row.record, [row.concept, row.relation, row.confidence, row.rationale]])));
  });

  it('each says why it is not high', () => {
    for (const row of unsure) expect(row.rationale.length, row.record).toBeGreaterThan(60);
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
