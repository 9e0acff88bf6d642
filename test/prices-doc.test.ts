/**
 * Prices (issue 35, item 12): the data says, per inducement, whether the
 * notes state a price (`priceStated`: false is unknown, not free), and
 * docs/DATA.md ("Prices") says which prices the corpus has. Checked on
 * whatever today's sources give: every stated price is one of the kinds the
 * doc lists, and every inducement the doc says has no price has none.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Inducement } from '../pipeline/model/schema-types.ts';
import { realData, repoRoot } from './helpers.ts';

const data = readFileSync(join(repoRoot, 'docs/DATA.md'), 'utf8');
const prices = data.slice(data.indexOf('\n## Prices\n'), data.indexOf('\n## ', data.indexOf('\n## Prices\n') + 5));

describe('the prices the corpus has', () => {
  it('are said per inducement: stated exactly when the notes give an amount, as costs or a price list’s items', () => {
    const inducements = realData<Inducement[]>('inducements.json');
    for (const i of inducements) expect(i.priceStated, i.id).toBe(i.costs.length > 0 || (i.priceList?.items.length ?? 0) > 0);
    expect(inducements.some((i) => !i.priceStated)).toBe(true);
  });

  it('are the kinds docs/DATA.md lists: price lists, and amounts written into a text (costs)', () => {
    expect(prices).toMatch(/`priceStated`/);
    expect(prices).toMatch(/\*\*unknown, not free\*\*/);
    expect(prices).toMatch(/\*\*mercenary price lists\*\* \(`kind: price-list`\)/);
    expect(prices).toMatch(/\*\*amounts written into a text\*\*, in `costs`/);
    for (const i of realData<Inducement[]>('inducements.json').filter((x) => x.priceStated))
      expect(i.kind === 'price-list' || i.costs.length > 0, i.id).toBe(true);
  });

  it('are none for the kinds the doc says have no price in the notes', () => {
    const unpriced = realData<Inducement[]>('inducements.json').filter((i) => ['referee', 'wizard'].includes(i.kind));
    expect(unpriced.length).toBeGreaterThan(0);
    for (const i of unpriced) expect(i.priceStated, i.id).toBe(false);
  });
});
