/**
 * `nuffle dev`: the site served from the data, and a save of a source shows
 * on the page, with only the warnings that changed printed; a save that
 * breaks the build keeps the last good page.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { pageHolding, startDev } from '../../pipeline/scripts/bench-dev.ts';

describe('nuffle dev', () => {
  it('serves the pages from the data, shows a saved edit, and keeps the last good page when a save breaks the build', async () => {
    const dev = await startDev();
    onTestFinished(dev.stop);
    const url = `http://127.0.0.1:${dev.port}/concepts/dodge/`;
    await pageHolding(url, 'may re-roll a failed Agility test when attempting to Dodge');
    const raw = join(dev.root, 'sources/raw/en-2020-skills-traits.txt');
    const text = readFileSync(raw, 'utf8');

    writeFileSync(
      raw,
      text.replace('may re-roll a failed Agility test when attempting to Dodge', 'may re-roll one failed Agility test when attempting to Dodge'),
    );
    await pageHolding(url, 'may re-roll one failed Agility test when attempting to Dodge');
    expect(dev.output()).toContain('the site serves the new data');
    // The standing warnings are listed by the first build only; a rebuild prints what changed.
    for (let i = 0; i < 600 && !/^warnings: \d+ new, \d+ gone, \d+ as before$/m.test(dev.output()); i++) await new Promise((r) => setTimeout(r, 50));
    expect((dev.output().match(/^\d+ warnings?:$/gm) ?? []).length).toBe(1);

    writeFileSync(raw, text.replace('Dodge\nAgility\n', 'Dodge\nAgilty\n'));
    await pageHolding(`http://127.0.0.1:${dev.port}/`, 'Nuffle Codex');
    for (let i = 0; i < 600 && !/^failed in \d+ ms/m.test(dev.output()); i++) await new Promise((r) => setTimeout(r, 50));
    expect(dev.output()).toContain('[en2020/unknown-category]');
    expect(await fetch(url).then((r) => r.text())).toContain('may re-roll one failed Agility test when attempting to Dodge');
  }, 240_000);
});
