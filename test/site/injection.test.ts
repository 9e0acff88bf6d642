/**
 * A copy of the project whose raw source text carries markup and script:
 * built into data and site, it must show them as literal text, run nothing
 * and produce no `javascript:` link anywhere.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject } from '../helpers.ts';
import { buildInto, launchChromium, listFiles, readPage, serveStatic, textOf } from './helpers.ts';

const PAYLOAD = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '[x](javascript:alert(1))',
  '<a href="javascript:alert(1)">raw link</a>',
  '<b onclick="alert(1)">raw bold</b>',
].join(' ');
const ANSWER = 'No. <script>alert(2)</script> <iframe src="javascript:alert(2)"></iframe>';

let site = '';

beforeAll(() => {
  const root = copyProject();
  const raw = join(root, 'sources/raw/en-2020-skills-traits.txt');
  const text = readFileSync(raw, 'utf8');
  const rule = 'This Skill cannot be used with the Stab or Chainsaw traits.';
  const answer = 'A: No, as the player with the Mighty Blow (+1) skill has not performed the Block action.';
  if (!text.includes(rule) || !text.includes(answer)) throw new Error('the Mighty Blow entry moved: update the injection fixture');
  writeFileSync(raw, text.replace(rule, `${rule} ${PAYLOAD}`).replace(answer, `A: ${ANSWER}`));
  site = join(buildInto(root, ['data', 'site']), 'site');
}, 300_000);

describe('a source that carries markup and script', () => {
  it('shows it as literal text in the rule and the ruling', () => {
    const html = readPage(site, 'concepts/mighty-blow');
    const text = textOf(html);
    for (const literal of ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '[x](javascript:alert(1))', '<a href="javascript:alert(1)">raw link</a>', '<script>alert(2)</script>']) {
      expect(text).toContain(literal);
    }
    expect(html).not.toMatch(/<script>alert/);
    expect(html).not.toMatch(/<img[^>]*onerror/i);
    expect(html).not.toMatch(/<iframe/i);
    expect(html).not.toMatch(/<b onclick/i);
  });

  it('produces no javascript: link on any page', () => {
    for (const page of listFiles(site).filter((f) => f.endsWith('.html'))) {
      // attributes of real tags only: the literal text above holds `href="javascript:` as escaped text
      expect(readFileSync(join(site, page), 'utf8'), page).not.toMatch(/<[a-z][^<>]*\s(href|src|action|formaction)\s*=\s*["']?\s*javascript:/i);
    }
  });

  describe('in a browser', () => {
    let browser: Browser;
    let server: Awaited<ReturnType<typeof serveStatic>>;
    beforeAll(async () => {
      server = await serveStatic(site);
      browser = await launchChromium();
    });
    afterAll(async () => {
      await browser?.close();
      await server?.close();
    });

    for (const path of ['/concepts/mighty-blow/', '/fr/concepts/mighty-blow/', '/rulings/', '/what-changed/']) {
      it(`runs nothing on ${path}`, async () => {
        const page = await browser.newPage();
        const dialogs: string[] = [];
        page.on('dialog', async (dialog) => {
          dialogs.push(dialog.message());
          await dialog.dismiss();
        });
        await page.goto(server.origin + path, { waitUntil: 'networkidle' });
        const text = await page.locator('main').innerText();
        if (path.includes('concepts')) {
          expect(text).toContain('<script>alert(1)</script>');
          expect(text).toContain('<img src=x onerror=alert(1)>');
          expect(text).toContain('[x](javascript:alert(1))');
        }
        if (path === '/rulings/') expect(text).toContain('<script>alert(2)</script>');
        const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
        expect(hrefs.filter((h) => /^\s*javascript:/i.test(h))).toEqual([]);
        expect(await page.locator('main img, main iframe, main [onclick], main [onerror]').count()).toBe(0);
        await page.close();
        expect(dialogs).toEqual([]);
      });
    }
  });
});
