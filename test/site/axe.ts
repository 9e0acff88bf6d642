import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * axe's serious and critical violations on the page as it is, one line each
 * (`label: rule (impact) first targets`). Run as axe.run in the page (axe's
 * "legacy" mode): the default runs each frame apart, then merges the results
 * in a blank page of its own, which costs two thirds of the run on our pages.
 * The legacy mode skips cross-origin frames only, so the page must have no
 * frame at all (checked here). Passes are not listed node by node: only
 * violations are read.
 */
export async function seriousViolations(page: Page, label: string): Promise<string[]> {
  expect(page.frames(), `${label}: a page with frames needs axe's default mode`).toHaveLength(1);
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${label}: ${v.id} (${v.impact}) ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
}
