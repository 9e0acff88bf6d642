/**
 * site/src/components/SiteSearch.astro is a copy of Starlight's search dialog
 * with Pagefind's UI loaded on demand. When Starlight changes its own dialog
 * (an upgrade), the copy must be brought up to date by hand: this test names
 * the file the copy was made from, so the upgrade fails here instead of
 * shipping an old dialog unnoticed.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { repoRoot } from '../helpers.ts';

/** Starlight's dist/components/Search.astro, as SiteSearch.astro was last compared with it (Starlight 0.42.4). */
const COPIED_FROM = '30d6549c54409a9e92ec9734901946d409a408635e8876b18940285f21c62062';

it("SiteSearch.astro is a copy of this Starlight's Search.astro (after an upgrade: compare the two, carry the changes over, then record the new digest here)", () => {
  const upstream = readFileSync(join(repoRoot, 'node_modules/@astrojs/starlight/dist/components/Search.astro'));
  expect(createHash('sha256').update(upstream).digest('hex')).toBe(COPIED_FROM);
});
