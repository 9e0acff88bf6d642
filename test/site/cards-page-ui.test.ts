/**
 * The card page (/cards/, /fr/cards/, issues 25, 32, 34) in Chromium, beyond
 * the PDFs of cards-page.test.ts: it works offline once loaded and runs no
 * script put in its cache; nothing is asked of another origin, and concept
 * pages load neither pdfkit nor the font; a roster is text, never markup;
 * the French page speaks French; a PDF made while the form changes is not
 * offered; the roster's size limit; axe finds no serious or critical
 * violation in either locale or theme.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { strings } from '../../site/src/lib/i18n.ts';
import { MAX_ROSTER } from '../../site/src/lib/card-maker/deck-state.ts';
import { cardStrings } from '../../site/src/lib/card-maker/strings.ts';
import type { Page } from 'playwright-core';
import { seriousViolations } from './axe.ts';
import { launchChromium, serveStatic } from './helpers.ts';
import { bothOffline, cli, download, fill, open, ROSTER, type ServiceWorkerHost, sha256, site, useCardSite } from './card-page.ts';

useCardSite(launchChromium);

describe('offline once loaded (the page’s service worker)', () => {
  it('opens again with no network after one visit, and makes the bytes nuffle cards writes', async () => {
    // A server of its own, closed before the reload: nothing can come from the network, whatever setOffline holds back.
    const made = cli(ROSTER, ['--backs']);
    const own = await serveStatic(join(site.out, 'site'));
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const asked: string[] = [];
    context.on('request', (request) => void asked.push(request.url()));
    const page = await context.newPage();
    await page.goto(`${own.origin}/cards/`);
    await page.locator('#card-maker[data-ready="true"]').waitFor({ state: 'attached' });
    // Active once installed, so once everything it caches is cached.
    const scope = await page.evaluate(async () => (await (globalThis as unknown as ServiceWorkerHost).navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${own.origin}/cards/`);
    await context.setOffline(true);
    await own.close();
    await page.reload();
    await page.locator('#card-maker[data-ready="true"]').waitFor({ state: 'attached' });
    await fill(page, ROSTER, { backs: true });
    const { bytes } = await download(page);
    const expected = await made;
    expect(sha256(bytes)).toBe(sha256(expected.pdf!));
    // The page, its worker and the service worker asked nothing of another origin.
    expect(asked.filter((url) => !url.startsWith(`${own.origin}/`) && !url.startsWith('blob:'))).toEqual([]);
    await context.close();
  }, 180_000);

  it('runs no script another script of the origin put in its cache: the build’s bytes are fetched again (issue 32, item 6)', async () => {
    const { context, page } = await open('/cards/', { serviceWorkers: 'allow' });
    await page.evaluate(async () => (await (globalThis as unknown as ServiceWorkerHost).navigator.serviceWorker.ready).scope);
    // Any script of the origin may write the worker's cache: every cached script of the page is replaced.
    const replaced = await page.evaluate(`(async () => {
      const names = await caches.keys();
      const cache = await caches.open(names.find((n) => n.startsWith('nuffle-cards:/cards/:')));
      const scripts = (await cache.keys()).map((r) => r.url).filter((u) => u.endsWith('.js'));
      for (const url of scripts) await cache.put(url, new Response('globalThis.pwned = 1;', { headers: { 'content-type': 'text/javascript' } }));
      return scripts.length;
    })()`);
    expect(replaced).toBeGreaterThan(0);
    await page.reload();
    await page.locator('#card-maker[data-ready="true"]').waitFor({ state: 'attached' });
    expect(await page.evaluate(() => (globalThis as unknown as { pwned?: number }).pwned ?? null)).toBeNull();
    await context.close();
  }, 120_000);

  it('is scoped to the card page of its locale: the rest of the site is not under it', async () => {
    const { context, page } = await open('/fr/cards/', { serviceWorkers: 'allow' });
    const scope = await page.evaluate(async () => (await (globalThis as unknown as ServiceWorkerHost).navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${site.server.origin}/fr/cards/`);
    await page.goto(`${site.server.origin}/fr/concepts/block/`);
    expect(await page.evaluate(() => (globalThis as unknown as ServiceWorkerHost).navigator.serviceWorker.controller === null)).toBe(true);
    await context.close();
  }, 120_000);
});

describe('what the page loads, and from where', () => {
  it('links a concept page’s wordings to the page, and the concept page loads neither pdfkit nor the font', async () => {
    const { context, page } = await open('/cards/', { serviceWorkers: 'allow' });
    const loaded: string[] = [];
    page.on('request', (request) => void loaded.push(request.url()));
    await page.goto(`${site.server.origin}/concepts/block/`, { waitUntil: 'networkidle' });
    expect(loaded.filter((url) => /\.ttf$|cards\.worker|CardMaker/.test(url))).toEqual([]);
    const print = page.locator('.print-card a').first();
    expect(await print.getAttribute('href')).toMatch(/^\/cards\/#skills=/);
    await print.click();
    await page.locator('#card-maker[data-ready="true"]').waitFor({ state: 'attached' });
    await expect.poll(() => page.locator('#skill-list input:checked').count()).toBe(1);
    expect(await page.locator('#make').isEnabled()).toBe(true);
    await page.goto(`${site.server.origin}/`);
    expect(await page.locator('main a[href="/cards/"]').count()).toBeGreaterThan(0);
    await context.close();
  }, 120_000);

  it('loads pdfkit and the font only when asked for a PDF (its service worker caches them for offline, in the background)', async () => {
    const { context, page, asked } = await open('/cards/', { serviceWorkers: 'allow' });
    await bothOffline(page);
    await page.waitForLoadState('networkidle');
    await fill(page, ROSTER, {});
    const byPage = (list: string[]) => list.filter((url) => !url.startsWith('service-worker '));
    expect(byPage(asked).filter((url) => /\.ttf$|cards\.worker/.test(url))).toEqual([]);
    // Each locale's service worker caches its page's files, the faces and the card worker among them (issue 34, item 11).
    for (const worker of ['/cards/sw.js', '/fr/cards/sw.js']) {
      const cached = asked.filter((url) => url.startsWith(`service-worker ${worker} `));
      expect(cached.filter((url) => /\.ttf$/.test(url)).length, worker).toBe(4);
      expect(cached.filter((url) => /cards\.worker/.test(url)).length, worker).toBe(1);
    }
    await download(page);
    expect(byPage(asked).filter((url) => /\.ttf$/.test(url)).length).toBe(4);
    expect(byPage(asked).filter((url) => /cards\.worker/.test(url)).length).toBe(1);
    await context.close();
  }, 180_000);
});

describe('a roster is text, never markup', () => {
  it('shows hostile names in the messages and the link as text: no element, no script, no dialog', async () => {
    const payload = '<img src=x onerror="globalThis.pwned=1">';
    const roster = `team: "${payload.replaceAll('"', '\\"')}"\nplayers:\n  - name: "<script>globalThis.pwned=2</script>"\n    skills: ["${payload.replaceAll('"', '\\"')}", "Block"]\n`;
    const first = await open('/cards/');
    const dialogs: string[] = [];
    first.page.on('dialog', (dialog) => void dialogs.push(dialog.message()));
    await first.page.locator('#roster-text').fill(roster);
    await first.page.locator('#problems li').first().waitFor();
    expect(await first.page.locator('#problems').textContent()).toContain(payload);
    // The link is written once the state is compressed, after the messages show.
    await expect.poll(() => first.page.locator('#share-link').inputValue()).toContain('#');
    const link = first.page.url();
    await first.context.close();
    const second = await open(link.slice(site.server.origin.length));
    await second.page.locator('#problems li').first().waitFor();
    for (const { page } of [second]) {
      expect(await page.locator('#card-maker img, #card-maker script').count()).toBe(0);
      expect(await page.evaluate(() => (globalThis as unknown as { pwned?: number }).pwned ?? null)).toBeNull();
      expect(await page.locator('#roster-text').inputValue()).toBe(roster);
    }
    expect(dialogs).toEqual([]);
    await second.context.close();
  }, 120_000);
});

describe('the French page speaks French', () => {
  /** Every English interface string of the card page and the site, and the English editions' names, that French spells otherwise. */
  function englishLabels(): string[] {
    const flat = (value: unknown): string[] =>
      typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(flat) : [];
    const en = cardStrings('en');
    const fr = cardStrings('fr');
    // The worded ones, with sample values.
    const worded = (t: typeof en) => [t.ready(25, 3), t.planned(21), t.goToLine(7), t.opened('roster.yaml'), t.linkProblems({ kind: 'damaged' })];
    const editions = (JSON.parse(readFileSync(join(site.out, 'data/editions.json'), 'utf8')) as { label: string; lang: string }[]).filter(
      (e) => e.lang === 'en',
    );
    const french = new Set([...flat(fr), ...worded(fr), ...flat(strings('fr'))]);
    return [...new Set([...flat(en), ...worded(en), ...flat(strings('en')), ...editions.map((e) => e.label), 'Choose file', 'No file chosen'])].filter(
      (label) => label.length >= 4 && !french.has(label),
    );
  }

  /** `label` in `text` as words of its own (Cost is not in Costaud). */
  const hasWord = (text: string, label: string): boolean => {
    const letter = (c: string | undefined) => c !== undefined && c.toLowerCase() !== c.toUpperCase();
    for (let at = text.indexOf(label); at >= 0; at = text.indexOf(label, at + 1)) if (!letter(text[at - 1]) && !letter(text[at + label.length])) return true;
    return false;
  };

  /** The page's text a reader sees, without what is English on purpose (rule names and the CLI's own messages, marked lang="en"). */
  const frenchText = (page: Page) =>
    page.evaluate(`(() => {
      const body = document.body.cloneNode(true);
      // The language menu names each language in itself (English, Français).
      for (const e of body.querySelectorAll('[lang="en"], script, style, [hidden], starlight-lang-select')) e.remove();
      return body.textContent.replace(/\\s+/g, ' ');
    })()`) as Promise<string>;

  it('shows no English interface string on /fr/cards/: the skill list’s editions, the messages’ frame, a link’s problem, the file button', async () => {
    const labels = englishLabels();
    expect(labels).toContain('Blood Bowl 2020 (English)');
    const found: string[] = [];
    const look = async (page: Page, when: string) => {
      const text = await frenchText(page);
      for (const label of labels) if (hasWord(text, label)) found.push(`${when}: ${label}`);
    };
    const { context, page } = await open('/fr/cards/#deck=1.AAAA', { serviceWorkers: 'allow' });
    await expect.poll(() => page.locator('#link-problem').isVisible()).toBe(true);
    await look(page, 'a damaged link');
    await page.locator('#roster-text').fill(ROSTER.replace('skills: [Guard]', 'skills: [Gaurd]'));
    await page.locator('#problems li').first().waitFor();
    await look(page, 'messages');
    await page.locator('input[name="source"][value="skills"]').check();
    await page.locator('#skill-list li').first().waitFor();
    expect(await page.locator('#skill-list small').allTextContents()).toContain('Blood Bowl 2020 (anglais)');
    await look(page, 'the skill list');
    await context.close();
    expect(found).toEqual([]);
  }, 180_000);

  it('opens the roster file from a focusable button in the page’s language (the native control stays hidden)', async () => {
    const { context, page } = await open('/fr/cards/');
    expect(await page.locator('#roster-file').isHidden()).toBe(true);
    const button = page.getByRole('button', { name: cardStrings('fr').upload });
    expect(await button.count()).toBe(1);
    // Reached by the keyboard: a native button in the tab order (the hidden input is not).
    await button.focus();
    expect(await page.evaluate('document.activeElement?.id')).toBe('roster-open');
    expect(await page.locator('#roster-file').getAttribute('tabindex')).toBe('-1');
    const [chooser] = await Promise.all([page.waitForEvent('filechooser', { timeout: 60_000 }), button.click()]);
    await chooser.setFiles({ name: 'reavers.yaml', mimeType: 'text/yaml', buffer: Buffer.from(ROSTER) });
    await expect.poll(() => page.locator('#roster-text').inputValue()).toBe(ROSTER);
    expect(await page.locator('#roster-file-name').textContent()).toBe(cardStrings('fr').opened('reavers.yaml'));
    await context.close();
  }, 120_000);
});

describe('while a PDF is being made', () => {
  it('keeps the button off, and offers no PDF of a deck the form no longer shows', async () => {
    const made = cli(ROSTER, ['--backs']);
    const { context, page } = await open('/cards/');
    await fill(page, ROSTER, {});
    await page.locator('#make:enabled').waitFor(); // Playwright's own wait (its default 30 s bound), not a one-second poll: the deck's check can take longer on a loaded machine
    let downloads = 0;
    page.on('download', () => downloads++);
    // "Make the PDF", then an option changed in the same moment, before the worker can answer.
    const off = await page.evaluate(`(() => {
      document.querySelector('#make').click();
      document.querySelector('input[name="backs"]').click();
      return document.querySelector('#make').disabled;
    })()`);
    expect(off).toBe(true);
    await expect.poll(() => page.locator('#result').textContent(), { timeout: 120_000 }).toBe(cardStrings('en').changedWhileMaking);
    expect(await page.locator('#download').isHidden()).toBe(true);
    expect(downloads).toBe(0);
    // Made again, it is the deck the form shows: with backs.
    const { bytes } = await download(page);
    expect(sha256(bytes)).toBe(sha256((await made).pdf!));
    await context.close();
  }, 240_000);

  it('keeps the roster typed when a file too large to be a roster is opened, and says why', async () => {
    const { context, page } = await open('/cards/');
    await fill(page, ROSTER, {});
    const [chooser] = await Promise.all([page.waitForEvent('filechooser', { timeout: 60_000 }), page.locator('#roster-open').click()]);
    await chooser.setFiles({ name: 'huge.yaml', mimeType: 'text/yaml', buffer: Buffer.alloc(MAX_ROSTER + 1, 'x') });
    await expect.poll(() => page.locator('#roster-file-name').textContent()).toBe(cardStrings('en').fileTooLarge('huge.yaml', MAX_ROSTER / 1024));
    expect(await page.locator('#roster-text').inputValue()).toBe(ROSTER);
    await context.close();
  }, 120_000);
});

describe('a pasted roster (issue 32, item 7)', () => {
  /** A roster `bytes` long in UTF-8: the fixture, then a comment to fill it. */
  const rosterOf = (bytes: number): string => `${ROSTER}# ${'x'.repeat(bytes - Buffer.byteLength(ROSTER) - 3)}\n`;

  /** `text` pasted at the end of the roster with the keyboard, from the system clipboard. */
  async function paste(page: Page, text: string): Promise<void> {
    await page.evaluate(
      (t) => (globalThis as unknown as { navigator: { clipboard: { writeText(t: string): Promise<void> } } }).navigator.clipboard.writeText(t),
      text,
    );
    await page.locator('#roster-text').focus();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Control+V');
  }

  it('is refused whole past the upload’s 64 KiB, with the upload’s message, and no link is written for it', async () => {
    const { context, page } = await open('/cards/');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.server.origin });
    await fill(page, ROSTER, {});
    const link = await page.locator('#share-link').inputValue();
    await paste(page, `# ${'x'.repeat(MAX_ROSTER)}`);
    await expect
      .poll(() => page.locator('#roster-file-name').textContent())
      .toBe(cardStrings('en').fileTooLarge(cardStrings('en').pastedText, MAX_ROSTER / 1024));
    expect(await page.locator('#roster-text').inputValue()).toBe(ROSTER);
    expect(await page.locator('#share-link').inputValue()).toBe(link);
    expect(page.url()).toBe(link);
    await context.close();
  }, 120_000);

  it('is taken up to the limit, byte for byte as a file’s size counts them', async () => {
    const { context, page } = await open('/fr/cards/');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.server.origin });
    const roster = rosterOf(MAX_ROSTER);
    expect(Buffer.byteLength(roster)).toBe(MAX_ROSTER);
    await paste(page, roster);
    await expect.poll(() => page.locator('#roster-text').inputValue()).toBe(roster);
    await page.locator('#make:enabled').waitFor(); // Playwright's own wait (its default 30 s bound), not a one-second poll: the deck's check can take longer on a loaded machine
    expect(await page.locator('#roster-file-name').textContent()).toBe('');
    await context.close();
  }, 120_000);

  it('over the limit by any other way is neither checked, made nor linked until it is shortened', async () => {
    const { context, page } = await open('/cards/');
    await fill(page, ROSTER, {});
    const link = page.url();
    await page.locator('#roster-text').fill(rosterOf(MAX_ROSTER + 1));
    await expect.poll(() => page.locator('#status').textContent()).toBe(cardStrings('en').rosterTooLarge(MAX_ROSTER / 1024));
    expect(await page.locator('#make').isDisabled()).toBe(true);
    expect(await page.locator('#share-link').inputValue()).toBe('');
    expect(await page.locator('#problems li').count()).toBe(0);
    expect(page.url()).toBe(link);
    await page.locator('#roster-text').fill(ROSTER);
    await page.locator('#make:enabled').waitFor(); // Playwright's own wait (its default 30 s bound), not a one-second poll: the deck's check can take longer on a loaded machine
    await expect.poll(() => page.locator('#share-link').inputValue()).toBe(link);
    await context.close();
  }, 120_000);
});

describe('accessibility', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`has no serious or critical axe violation on /cards/ and /fr/cards/, with messages showing (${theme} theme)`, async () => {
      const found: string[] = [];
      for (const path of ['/cards/', '/fr/cards/']) {
        const { context, page } = await open(path, { theme, serviceWorkers: 'allow' });
        await page.locator('#roster-text').fill(ROSTER.replace('skills: [Guard]', 'skills: [Gaurd]'));
        await page.locator('#problems li').first().waitFor();
        found.push(...(await seriousViolations(page, path)));
        await page.locator('input[name="source"][value="skills"]').check();
        found.push(...(await seriousViolations(page, `${path} (skills)`)));
        await context.close();
      }
      expect(found).toEqual([]);
    }, 300_000);
  }
});

describe('what the pages asked for', () => {
  // Last: every page this file opened.
  it('asks nothing of another origin', () => {
    expect(site.requests.length).toBeGreaterThan(0);
    expect(site.requests.filter((url) => !url.startsWith(`${site.server.origin}/`) && !url.startsWith('blob:') && !url.startsWith('data:'))).toEqual([]);
  });
});
