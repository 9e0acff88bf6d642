/**
 * The card page (/cards/, /fr/cards/, issue 25) in Chromium, against
 * `nuffle cards` on the same dataset: a pasted 16-player roster and the
 * options chosen on the page give the PDF the CLI gives for the same roster
 * and options, byte for byte (English A4 with low ink and uniform sizes,
 * French cards, Letter with backs); the page shows the CLI's messages at the
 * CLI's lines before anything is made; a link carries the deck; nothing is
 * asked of another origin; concept pages load neither pdfkit nor the font;
 * axe finds no serious or critical violation in either locale or theme.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Inducement, Skill } from '../../pipeline/model/schema-types.ts';
import { strings } from '../../site/src/lib/i18n.ts';
import { MAX_ROSTER } from '../../site/src/lib/card-maker/deck-state.ts';
import { EXAMPLE_ROSTERS } from '../../site/src/lib/card-maker/example-roster.ts';
import { cardStrings } from '../../site/src/lib/card-maker/strings.ts';
import { repoRoot } from '../helpers.ts';
import { poppler } from '../cards/helpers.ts';
import { launchChromium, serveStatic } from './helpers.ts';
import { sharedBuild } from '../shared-build.ts';

const ROSTER = readFileSync(join(repoRoot, 'test/fixtures/cards/roster-16.yaml'), 'utf8');
const ROSTER_FR = readFileSync(join(repoRoot, 'test/fixtures/cards/roster-16-fr.yaml'), 'utf8');
const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
/** The page's globals the offline tests read (the test's own types have no DOM). */
interface ServiceWorkerHost {
  navigator: { serviceWorker: { ready: Promise<{ scope: string }>; controller: unknown } };
}

let out = '';
let browser: Browser;
let server: { origin: string; close: () => Promise<void> };
/** Every URL any page of these tests asked for. */
const requests: string[] = [];

beforeAll(async () => {
  out = sharedBuild('site');
  server = await serveStatic(join(out, 'site'));
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** `nuffle cards` run where the roster is saved as `roster.yaml` (so messages name it as the page does): its PDF, stderr and status. */
function cli(roster: string, args: readonly string[]): { pdf: Uint8Array | null; stderr: string; status: number | null } {
  const dir = mkdtempSync(join(tmpdir(), 'nuffle-cards-page-'));
  writeFileSync(join(dir, 'roster.yaml'), roster);
  const result = spawnSync(
    process.execPath,
    [join(repoRoot, 'pipeline/cli.ts'), 'cards', '--data', join(out, 'data'), '--roster', 'roster.yaml', ...args, '-o', 'cards.pdf'],
    {
      cwd: dir,
      encoding: 'utf8',
    },
  );
  return { pdf: result.status === 0 ? new Uint8Array(readFileSync(join(dir, 'cards.pdf'))) : null, stderr: result.stderr, status: result.status };
}

/** A fresh browser context on `path` of the site, once the page has read the rules; `asked` lists what it requested. */
async function open(path: string, theme: 'light' | 'dark' = 'light'): Promise<{ context: BrowserContext; page: Page; asked: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: theme, acceptDownloads: true });
  await context.addInitScript(
    (t) => (globalThis as unknown as { localStorage: { setItem: (k: string, v: string) => void } }).localStorage.setItem('starlight-theme', t),
    theme,
  );
  const asked: string[] = [];
  context.on('request', (request) => {
    requests.push(request.url());
    // The page's and its workers' requests; the service worker's own (caching for offline) are told apart.
    const worker = request.serviceWorker();
    asked.push(worker ? `service-worker ${new URL(worker.url()).pathname} ${request.url()}` : request.url());
  });
  const page = await context.newPage();
  await page.goto(`${server.origin}${path}`);
  await page.locator('#card-maker[data-ready="true"]').waitFor({ state: 'attached' });
  return { context, page, asked };
}

/** Both locales' service workers active, whichever page registered them: each has cached its page's files while installing. */
async function bothOffline(page: Page): Promise<void> {
  const active = `(async () => (await navigator.serviceWorker.getRegistrations()).filter((r) => r.active).map((r) => new URL(r.scope).pathname).sort().join(' '))()`;
  await expect.poll(() => page.evaluate(active), { timeout: 60_000 }).toBe('/cards/ /fr/cards/');
}

interface Choices {
  lang?: 'en' | 'fr';
  paper?: 'a4' | 'letter';
  size?: 'poker' | 'bridge' | 'mini' | 'tarot';
  backs?: boolean;
  lowInk?: boolean;
  uniform?: boolean;
  perPlayer?: boolean;
}

/** The roster pasted and the options chosen as an organiser would, the page's check awaited. */
async function fill(page: Page, roster: string, choices: Choices): Promise<void> {
  await page.locator('#roster-text').fill(roster);
  if (choices.lang) await page.locator('select[name="lang"]').selectOption(choices.lang);
  if (choices.paper) await page.locator('select[name="paper"]').selectOption(choices.paper);
  if (choices.size) await page.locator('select[name="size"]').selectOption(choices.size);
  if (choices.perPlayer) await page.locator('input[name="perPlayer"]').check();
  if (choices.backs) await page.locator('input[name="backs"]').check();
  if (choices.lowInk) await page.locator('input[name="lowInk"]').check();
  if (choices.uniform) await page.locator('input[name="uniform"]').check();
  await page.waitForFunction(() => (globalThis as unknown as { location: { hash: string } }).location.hash.startsWith('#deck='));
}

/** "Make the PDF", and the downloaded file's bytes and name. */
async function download(page: Page): Promise<{ bytes: Uint8Array; name: string }> {
  await expect.poll(() => page.locator('#make').isEnabled()).toBe(true);
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), page.locator('#make').click()]);
  const path = join(mkdtempSync(join(tmpdir(), 'nuffle-cards-download-')), file.suggestedFilename());
  await file.saveAs(path);
  return { bytes: new Uint8Array(readFileSync(path)), name: file.suggestedFilename() };
}

function saved(bytes: Uint8Array): string {
  const file = join(mkdtempSync(join(tmpdir(), 'nuffle-cards-pdf-')), 'cards.pdf');
  writeFileSync(file, bytes);
  return file;
}

/** pdfinfo's page count and page size in points. */
function pdfInfo(file: string): { pages: number; size: [number, number] } {
  const info = poppler('pdfinfo', [file]);
  const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info)!;
  return { pages: Number(/Pages:\s+(\d+)/.exec(info)![1]), size: [Math.round(Number(size[1])), Math.round(Number(size[2]))] };
}

/** The players, the team and the skill names of a roster fixture, read plainly (not through the code under test). */
function rosterFacts(roster: string): { team: string; players: string[]; skills: string[] } {
  const team = /^team: (.+)$/m.exec(roster)![1]!;
  const players = [...roster.matchAll(/^ {2}- name: (.+)$/gm)].map((m) => m[1]!);
  const skills = [...roster.matchAll(/^ {4}skills: (.+)$/gm)].flatMap((m) =>
    m[1]!
      .replace(/^[["]|[\]"]$/g, '')
      .split(',')
      .map((s) => s.trim().replace(/ \(.*\)$/, '')),
  );
  return { team, players, skills: [...new Set(skills)] };
}

/** What the cards must hold: the team, every player, every skill the edition spells as the roster does. */
function expectDeck(file: string, roster: string, edition: string): void {
  const text = poppler('pdftotext', ['-raw', file, '-']).replace(/\s+/g, ' ');
  const facts = rosterFacts(roster);
  const names = new Set((JSON.parse(readFileSync(join(out, 'data/skills.json'), 'utf8')) as Skill[]).filter((s) => s.edition === edition).map((s) => s.name));
  const spelled = facts.skills.filter((s) => names.has(s));
  expect(spelled.length).toBeGreaterThan(facts.skills.length / 2);
  for (const expected of [facts.team, ...facts.players, ...spelled]) expect(text, expected).toContain(expected);
}

describe('the card page makes the CLI’s PDF', () => {
  it('pastes a 16-player roster, chooses low ink and uniform sizes, and downloads the bytes nuffle cards writes', async () => {
    const { context, page } = await open('/cards/');
    await fill(page, ROSTER, { lowInk: true, uniform: true });
    const { bytes, name } = await download(page);
    expect(name).toBe('reikland-reavers-cards.pdf');
    const expected = cli(ROSTER, ['--ink', 'low', '--text-size', 'uniform']);
    expect(expected.status, expected.stderr).toBe(0);
    expect(sha256(bytes)).toBe(sha256(expected.pdf!));
    const file = saved(bytes);
    const info = pdfInfo(file);
    expect(info.size).toEqual([595, 842]);
    expect(await page.locator('#result').textContent()).toContain(`on ${info.pages} page`);
    expectDeck(file, ROSTER, 'en-2020');
    await context.close();
  }, 180_000);

  it('makes French cards on the French page, the bytes of nuffle cards --lang fr', async () => {
    const { context, page } = await open('/fr/cards/');
    await fill(page, ROSTER_FR, { lang: 'fr' });
    const { bytes } = await download(page);
    const expected = cli(ROSTER_FR, ['--lang', 'fr']);
    expect(expected.status, expected.stderr).toBe(0);
    expect(sha256(bytes)).toBe(sha256(expected.pdf!));
    const file = saved(bytes);
    expect(pdfInfo(file).size).toEqual([595, 842]);
    expectDeck(file, ROSTER_FR, 'fr-legacy');
    expect(poppler('pdftotext', ['-raw', file, '-'])).toContain('Joueurs');
    await context.close();
  }, 180_000);

  it('makes Letter sheets with backs, the bytes of nuffle cards --paper letter --backs', async () => {
    const { context, page } = await open('/cards/');
    await fill(page, ROSTER, { paper: 'letter', backs: true });
    const { bytes } = await download(page);
    const expected = cli(ROSTER, ['--paper', 'letter', '--backs']);
    expect(expected.status, expected.stderr).toBe(0);
    expect(sha256(bytes)).toBe(sha256(expected.pdf!));
    const file = saved(bytes);
    const info = pdfInfo(file);
    expect(info.size).toEqual([612, 792]);
    expect(info.pages % 2).toBe(0);
    expectDeck(file, ROSTER, 'en-2020');
    await context.close();
  }, 180_000);
});

describe('card sizes and player profiles (issue 34)', () => {
  /** The 16-player roster with each player's characteristics, cost and SPP (the Blitzers and the Ogre). */
  const withProfiles = (roster: string) =>
    roster
      .replace(/(\n {4}position: Blitzer\n)/g, '$1    ma: 7\n    st: 3\n    ag: 3+\n    pa: 4+\n    av: 9+\n    cost: 85k\n    spp: 6\n')
      .replace(/(\n {4}position: Ogre\n)/, '$1    ma: 5\n    st: 5\n    ag: 4+\n    pa: "-"\n    av: 10+\n    cost: 140000\n');

  it('makes bridge, mini and tarot cards, per player with their profiles, the bytes nuffle cards writes for each', async () => {
    const roster = withProfiles(ROSTER);
    expect(roster).toContain('pa: "-"');
    const { context, page } = await open('/cards/');
    await fill(page, roster, { perPlayer: true, size: 'bridge' });
    let last: Uint8Array = new Uint8Array();
    for (const size of ['bridge', 'mini', 'tarot'] as const) {
      await page.locator('select[name="size"]').selectOption(size);
      const extra = size === 'tarot' ? ['--text-size', 'uniform'] : [];
      if (size === 'tarot') await page.locator('input[name="uniform"]').check();
      const { bytes } = await download(page);
      const expected = cli(roster, ['--per-player', '--size', size, ...extra]);
      expect(expected.status, expected.stderr).toBe(0);
      expect(sha256(bytes), size).toBe(sha256(expected.pdf!));
      expect(await page.locator('#cli-command').textContent()).toContain(`--size ${size}`);
      last = bytes;
    }
    const text = poppler('pdftotext', ['-raw', saved(last), '-']);
    expect(text).toMatch(/MA\s7\sST\s3\sAG\s3\+\sPA\s4\+\sAV\s9\+/);
    await context.close();
  }, 300_000);

  it('makes French mini cards with backs on the French page, the bytes of nuffle cards --lang fr --size mini --backs', async () => {
    const { context, page } = await open('/fr/cards/');
    await fill(page, ROSTER_FR, { lang: 'fr', size: 'mini', backs: true });
    const { bytes } = await download(page);
    const expected = cli(ROSTER_FR, ['--lang', 'fr', '--size', 'mini', '--backs']);
    expect(expected.status, expected.stderr).toBe(0);
    expect(sha256(bytes)).toBe(sha256(expected.pdf!));
    const file = saved(bytes);
    expect(pdfInfo(file).pages % 2).toBe(0);
    expectDeck(file, ROSTER_FR, 'fr-legacy');
    await context.close();
  }, 180_000);
});

describe('the CLI’s messages on the page', () => {
  const cases = {
    'an unknown skill': ROSTER.replace('skills: [Catch, Diving Catch]', 'skills: [Catch, Diving Ctach]'),
    'a YAML error': ROSTER.replace('skills: [Guard]', 'skills: [Guard'),
  };
  for (const [what, roster] of Object.entries(cases)) {
    it(`shows what nuffle cards prints for ${what}, at the same lines, and makes nothing`, async () => {
      const expected = cli(roster, []);
      expect(expected.status).toBe(1);
      const lines = expected.stderr.trimEnd().split('\n');
      const { context, page } = await open('/cards/');
      await page.locator('#roster-text').fill(roster);
      await expect.poll(() => page.locator('#summary').textContent(), { timeout: 15_000 }).toBe(lines.at(-1));
      const shown = await page.locator('#problems pre').allTextContents();
      expect(shown.join('\n')).toBe(lines.slice(0, -1).join('\n'));
      expect(await page.locator('#make').isDisabled()).toBe(true);
      // The first message's button selects its line of the roster.
      const line = Number(/^roster\.yaml:(\d+):/.exec(lines[0]!)![1]);
      await page.locator('#problems button').first().click();
      const selected = await page.locator('#roster-text').evaluate((t) => {
        const area = t as unknown as { value: string; selectionStart: number };
        return area.value.slice(0, area.selectionStart).split('\n').length;
      });
      expect(selected).toBe(line);
      await context.close();
    }, 120_000);
  }
});

describe('a deck in a link', () => {
  it('opens in a fresh browser with the same roster and options, and makes the same bytes', async () => {
    const first = await open('/cards/');
    await fill(first.page, ROSTER, { paper: 'letter', backs: true });
    const { bytes } = await download(first.page);
    // Read after the PDF is made: the link is written once the state is compressed.
    const link = first.page.url();
    await first.context.close();
    expect(link).toMatch(/#deck=1\.[A-Za-z0-9_-]+$/);
    expect(link.length).toBeLessThan(8192);
    const second = await open(link.slice(server.origin.length));
    expect(await second.page.locator('#roster-text').inputValue()).toBe(ROSTER);
    expect(await second.page.locator('select[name="paper"]').inputValue()).toBe('letter');
    expect(await second.page.locator('input[name="backs"]').isChecked()).toBe(true);
    expect(sha256((await download(second.page)).bytes)).toBe(sha256(bytes));
    await second.context.close();
  }, 180_000);

  it('makes PDFs again without a connection once it has made one (the worker and the faces stay loaded)', async () => {
    const { context, page } = await open('/cards/');
    await fill(page, ROSTER, {});
    await download(page);
    await context.setOffline(true);
    await page.locator('input[name="backs"]').check();
    const offline = await download(page);
    await context.setOffline(false);
    const expected = cli(ROSTER, ['--backs']);
    expect(sha256(offline.bytes)).toBe(sha256(expected.pdf!));
    await context.close();
  }, 180_000);

  it('says why a damaged, foreign or oversized link cannot be read, and fills nothing from it', async () => {
    for (const hash of ['#deck=1.AAAA', '#deck=9.abc', `#deck=1.${'A'.repeat(9000)}`, '#colour=red']) {
      const { context, page } = await open(`/cards/${hash}`);
      await expect.poll(() => page.locator('#link-problem').isVisible()).toBe(true);
      expect(await page.locator('#roster-text').inputValue()).toBe('');
      await context.close();
    }
  }, 120_000);
});

describe('offline once loaded (the page’s service worker)', () => {
  it('opens again with no network after one visit, and makes the bytes nuffle cards writes', async () => {
    // A server of its own, closed before the reload: nothing can come from the network, whatever setOffline holds back.
    const own = await serveStatic(join(out, 'site'));
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
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
    const expected = cli(ROSTER, ['--backs']);
    expect(sha256(bytes)).toBe(sha256(expected.pdf!));
    // The page, its worker and the service worker asked nothing of another origin.
    expect(asked.filter((url) => !url.startsWith(`${own.origin}/`) && !url.startsWith('blob:'))).toEqual([]);
    await context.close();
  }, 180_000);

  it('runs no script another script of the origin put in its cache: the build’s bytes are fetched again (issue 32, item 6)', async () => {
    const { context, page } = await open('/cards/');
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
    const { context, page } = await open('/fr/cards/');
    const scope = await page.evaluate(async () => (await (globalThis as unknown as ServiceWorkerHost).navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${server.origin}/fr/cards/`);
    await page.goto(`${server.origin}/fr/concepts/block/`);
    expect(await page.evaluate(() => (globalThis as unknown as ServiceWorkerHost).navigator.serviceWorker.controller === null)).toBe(true);
    await context.close();
  }, 120_000);
});

describe('what the page loads, and from where', () => {
  it('asks nothing of another origin', () => {
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((url) => !url.startsWith(`${server.origin}/`) && !url.startsWith('blob:') && !url.startsWith('data:'))).toEqual([]);
  });

  it('links a concept page’s wordings to the page, and the concept page loads neither pdfkit nor the font', async () => {
    const { context, page } = await open('/cards/');
    const loaded: string[] = [];
    page.on('request', (request) => void loaded.push(request.url()));
    await page.goto(`${server.origin}/concepts/block/`, { waitUntil: 'networkidle' });
    expect(loaded.filter((url) => /\.ttf$|cards\.worker|CardMaker/.test(url))).toEqual([]);
    const print = page.locator('.print-card a').first();
    expect(await print.getAttribute('href')).toMatch(/^\/cards\/#skills=/);
    await print.click();
    await page.locator('#card-maker[data-ready="true"]').waitFor({ state: 'attached' });
    await expect.poll(() => page.locator('#skill-list input:checked').count()).toBe(1);
    expect(await page.locator('#make').isEnabled()).toBe(true);
    await page.goto(`${server.origin}/`);
    expect(await page.locator('main a[href="/cards/"]').count()).toBeGreaterThan(0);
    await context.close();
  }, 120_000);

  it('loads pdfkit and the font only when asked for a PDF (its service worker caches them for offline, in the background)', async () => {
    const { context, page, asked } = await open('/cards/');
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
    const second = await open(link.slice(server.origin.length));
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
    const editions = (JSON.parse(readFileSync(join(out, 'data/editions.json'), 'utf8')) as { label: string; lang: string }[]).filter((e) => e.lang === 'en');
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
    const { context, page } = await open('/fr/cards/#deck=1.AAAA');
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
    const { context, page } = await open('/cards/');
    await fill(page, ROSTER, {});
    await expect.poll(() => page.locator('#make').isEnabled()).toBe(true);
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
    expect(sha256(bytes)).toBe(sha256(cli(ROSTER, ['--backs']).pdf!));
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
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.origin });
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
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.origin });
    const roster = rosterOf(MAX_ROSTER);
    expect(Buffer.byteLength(roster)).toBe(MAX_ROSTER);
    await paste(page, roster);
    await expect.poll(() => page.locator('#roster-text').inputValue()).toBe(roster);
    await expect.poll(() => page.locator('#make').isEnabled()).toBe(true);
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
    await expect.poll(() => page.locator('#make').isEnabled()).toBe(true);
    await expect.poll(() => page.locator('#share-link').inputValue()).toBe(link);
    await context.close();
  }, 120_000);
});

describe('accessibility', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`has no serious or critical axe violation on /cards/ and /fr/cards/, with messages showing (${theme} theme)`, async () => {
      const found: string[] = [];
      for (const path of ['/cards/', '/fr/cards/']) {
        const { context, page } = await open(path, theme);
        await page.locator('#roster-text').fill(ROSTER.replace('skills: [Guard]', 'skills: [Gaurd]'));
        await page.locator('#problems li').first().waitFor();
        const results = await new AxeBuilder({ page }).analyze();
        for (const v of results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'))
          found.push(
            `${path}: ${v.id} (${v.impact}) ${v.nodes
              .slice(0, 3)
              .map((n) => n.target.join(' '))
              .join(', ')}`,
          );
        await page.locator('input[name="source"][value="skills"]').check();
        const skills = await new AxeBuilder({ page }).analyze();
        for (const v of skills.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'))
          found.push(
            `${path} (skills): ${v.id} (${v.impact}) ${v.nodes
              .slice(0, 3)
              .map((n) => n.target.join(' '))
              .join(', ')}`,
          );
        await context.close();
      }
      expect(found).toEqual([]);
    }, 300_000);
  }
});

describe('a league’s whole team (issue 34)', () => {
  const data = <T>(file: string): T => JSON.parse(readFileSync(join(out, 'data', file), 'utf8')) as T;

  /** A team with two inducements a team can buy (one of them twice), named as the built dataset names them. */
  function inducementRoster(): { roster: string; names: string[] } {
    const listable = data<Inducement[]>('inducements.json').filter((i) => i.kind === 'inducement' || i.kind === 'wizard');
    const names = [listable.find((i) => (i.limits.max ?? 0) >= 2)!.name, listable.find((i) => i.kind === 'wizard')!.name];
    const roster = `${ROSTER.replace(/^edition: .*\n/m, '')}inducements: [2 ${names[0]}, ${names[1]}]\n`;
    return { roster, names };
  }

  /** A French team: two names of the French list, and an English name of a skill it lacks, with an inducement. */
  function frenchFallbackRoster(): { roster: string; english: string } {
    const skills = data<Skill[]>('skills.json');
    const french = new Set(skills.filter((s) => s.lang === 'fr').map((s) => s.concept));
    const frNames = skills
      .filter((s) => s.edition === 'fr-legacy' && !s.parameter)
      .map((s) => s.name)
      .slice(0, 2);
    const english = skills.find((s) => s.edition === 'en-2020' && !french.has(s.concept) && !s.parameter)!.name;
    const inducement = data<Inducement[]>('inducements.json').find((i) => i.kind === 'inducement')!.name;
    const roster = `team: Les Écorcheurs de Bretonnie\nplayers:\n  - name: Gaspard\n    skills: [${frNames.join(', ')}]\n  - name: Zoé\n    skills: [${english}]\ninducements: [${inducement}]\n`;
    return { roster, english };
  }

  it('makes a roster with inducements, the bytes of nuffle cards, the inducements’ cards in the team’s deck', async () => {
    const { roster, names } = inducementRoster();
    const { context, page } = await open('/cards/');
    await fill(page, roster, { backs: true });
    const { bytes, name } = await download(page);
    expect(name).toBe('reikland-reavers-cards.pdf');
    const expected = cli(roster, ['--backs']);
    expect(expected.status, expected.stderr).toBe(0);
    expect(sha256(bytes)).toBe(sha256(expected.pdf!));
    const text = poppler('pdftotext', ['-raw', saved(bytes), '-']).replace(/\s+/g, ' ');
    for (const expectedText of [`${names[0]} ×2`, names[1]!, 'Inducement']) expect(text).toContain(expectedText);
    await context.close();
  }, 180_000);

  it('makes a French deck that prints an English text, the bytes of nuffle cards --lang fr, named with its letters kept', async () => {
    const { roster } = frenchFallbackRoster();
    const { context, page } = await open('/fr/cards/');
    await fill(page, roster, { lang: 'fr' });
    // The run says how many texts fell back, in French, as a warning that stops nothing.
    await expect.poll(() => page.locator('#problems li.card-maker-warning pre').allTextContents()).toEqual([expect.stringContaining('[cards/english-text]')]);
    expect(await page.locator('#problems pre').first().textContent()).toMatch(/^roster\.yaml avertissement 2 textes sont imprimés en anglais/);
    const { bytes, name } = await download(page);
    expect(name).toBe('les-ecorcheurs-de-bretonnie-cartes.pdf');
    const expected = cli(roster, ['--lang', 'fr']);
    expect(expected.status, expected.stderr).toBe(0);
    expect(expected.stderr).toMatch(/warning 2 texts are printed in English .*\[cards\/english-text\]/);
    expect(sha256(bytes)).toBe(sha256(expected.pdf!));
    const text = poppler('pdftotext', ['-raw', saved(bytes), '-']).replace(/\s+/g, ' ');
    expect(text).toContain('Texte anglais, Blood Bowl 2020 : aucune version française dans les sources');
    await context.close();
  }, 180_000);

  it.each([
    ['/cards/', 'reavers.yaml', [] as string[]],
    ['/fr/cards/', 'ecorcheurs.yaml', ['--lang', 'fr']],
  ])(
    '%s makes docs/leagues/%s (profiles, inducements, English texts on French cards) per player at mini size and as a bridge skill deck, the bytes of nuffle cards',
    async (path, file, lang) => {
      const roster = readFileSync(join(repoRoot, 'docs/leagues', file), 'utf8');
      const { context, page } = await open(path);
      await fill(page, roster, { ...(lang.length ? { lang: 'fr' } : {}), perPlayer: true, size: 'mini', backs: true });
      const cases: [string[], () => Promise<void>][] = [
        [['--per-player', '--size', 'mini', '--backs'], async () => {}],
        [
          ['--size', 'bridge'],
          async () => {
            await page.locator('input[name="perPlayer"]').uncheck();
            await page.locator('input[name="backs"]').uncheck();
            await page.locator('select[name="size"]').selectOption('bridge');
          },
        ],
      ];
      for (const [args, choose] of cases) {
        await choose();
        const { bytes } = await download(page);
        const expected = cli(roster, [...lang, ...args]);
        expect(expected.status, expected.stderr).toBe(0);
        expect(sha256(bytes), args.join(' ')).toBe(sha256(expected.pdf!));
        const text = poppler('pdftotext', ['-raw', saved(bytes), '-']).replace(/\s+/g, ' ');
        expect(text).toContain('Bribes ×2');
        if (lang.length) expect(text).toContain('Texte anglais');
      }
      await context.close();
    },
    300_000,
  );

  it('speaks French on the French page: its example roster, and a roster’s problem in the organiser’s words with no flag', async () => {
    const { context, page } = await open('/fr/cards/');
    await page.locator('#roster-example').click();
    expect(await page.locator('#roster-text').inputValue()).toBe(EXAMPLE_ROSTERS.fr);
    await expect.poll(() => page.locator('#make').isEnabled()).toBe(true);
    await page.locator('#roster-text').fill('team: Orcs\nplayers:\n  - name: Gork\n    skils: [Block]\n  - name Mork\n');
    await expect
      .poll(() => page.locator('#problems pre').allTextContents())
      .toEqual([
        expect.stringMatching(/^roster\.yaml:4:5 erreur joueur 1 \(Gork\) : `skils:` n’est pas une clé de joueur ; vouliez-vous dire `skills:` \?/),
        expect.stringMatching(/^roster\.yaml:5:5 erreur il manque les deux-points après `name` : écrivez `name: Mork`/),
      ]);
    const shown = (await page.locator('#problems').textContent())!;
    expect(shown).not.toMatch(/--[a-z]|Implicit|must be|\(root\)/);
    expect(await page.locator('#problems pre').first().getAttribute('lang')).toBe('fr');
    await context.close();
  }, 120_000);

  it('on a phone, wraps the roster with its line numbers, keeps each word of the command whole and explains the codes', async () => {
    for (const path of ['/cards/', '/fr/cards/']) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.goto(`${server.origin}${path}`);
      await page.locator('#card-maker[data-ready="true"]').waitFor({ state: 'attached' });
      await page.locator('#roster-example').click();
      await page.locator('input[name="backs"]').check();
      const box = await page.locator('#roster-text').evaluate((t) => {
        const area = t as unknown as { scrollWidth: number; clientWidth: number };
        const style = (globalThis as unknown as { getComputedStyle(e: unknown): { whiteSpace: string } }).getComputedStyle(t);
        return { wrap: style.whiteSpace, wide: area.scrollWidth - area.clientWidth };
      });
      expect(box).toEqual({ wrap: 'pre-wrap', wide: 0 });
      // A wrapped line keeps one number: the gutter has a row for each row of the box, numbered as the roster's lines.
      const gutter = (await page.locator('#roster-gutter').textContent())!.split('\n');
      expect(gutter.filter((n) => n !== '')).toEqual(EXAMPLE_ROSTERS[path === '/cards/' ? 'en' : 'fr'].split('\n').map((_, n) => String(n + 1)));
      expect(gutter.length).toBeGreaterThan(gutter.filter((n) => n !== '').length);
      await page.locator('details.card-maker-share summary').click();
      await page.locator('#cli-command .card-maker-word').first().waitFor();
      const broken = await page
        .locator('#cli-command .card-maker-word')
        .evaluateAll((words) =>
          (words as unknown as { getClientRects(): { length: number }; textContent: string }[])
            .filter((w) => w.getClientRects().length > 1)
            .map((w) => w.textContent),
        );
      expect(await page.locator('#cli-command').textContent()).toContain('--backs');
      expect(broken).toEqual([]);
      expect(await page.locator('#codes-help').textContent()).toContain('BB 1-3·1 · DB 1-3·1');
      await context.close();
    }
  }, 120_000);

  it('works offline in both locales after one visit to either, each making the bytes nuffle cards writes', async () => {
    const own = await serveStatic(join(out, 'site'));
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(`${own.origin}/cards/`);
    await page.locator('#card-maker[data-ready="true"]').waitFor({ state: 'attached' });
    await bothOffline(page);
    await context.setOffline(true);
    await own.close();
    const { roster } = frenchFallbackRoster();
    for (const path of ['/fr/cards/', '/cards/']) {
      await page.goto(`${own.origin}${path}`);
      await page.locator('#card-maker[data-ready="true"]').waitFor({ state: 'attached' });
      await fill(page, roster, { lang: 'fr' });
      const { bytes } = await download(page);
      expect(sha256(bytes), path).toBe(sha256(cli(roster, ['--lang', 'fr']).pdf!));
    }
    await context.close();
  }, 240_000);
});
