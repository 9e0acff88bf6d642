/**
 * The card page's tests (cards-page.test.ts, cards-page-ui.test.ts, two files so that two workers share them): the
 * rosters, the site served from the shared build with Chromium, `nuffle cards` run once per roster and options, and the
 * page driven as an organiser would.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Skill } from '../../pipeline/model/schema-types.ts';
import { poppler } from '../cards/helpers.ts';
import { repoRoot, runCli } from '../helpers.ts';
import { sharedBuild } from '../shared-build.ts';
import { serveStatic } from './helpers.ts';

export const ROSTER = readFileSync(join(repoRoot, 'test/fixtures/cards/roster-16.yaml'), 'utf8');
export const ROSTER_FR = readFileSync(join(repoRoot, 'test/fixtures/cards/roster-16-fr.yaml'), 'utf8');
export const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
/** The page's globals the offline tests read (the test's own types have no DOM). */
export interface ServiceWorkerHost {
  navigator: { serviceWorker: { ready: Promise<{ scope: string }>; controller: unknown } };
}

/** The built site, its server and the browser of a test file (useCardSite). */
export const site = {
  out: '',
  browser: undefined as unknown as Browser,
  server: undefined as unknown as { origin: string; close: () => Promise<void> },
  /** Every URL any page the file opened with `open` asked for. */
  requests: [] as string[],
};

/** The shared build's site served, and Chromium (`launch`: launchChromium), for the file's tests. */
export function useCardSite(launch: () => Promise<Browser>): void {
  beforeAll(async () => {
    site.out = sharedBuild('site');
    site.server = await serveStatic(join(site.out, 'site'));
    site.browser = await launch();
  }, 300_000);
  afterAll(async () => {
    await site.browser?.close();
    await site.server?.close();
  });
}

interface CardsRun {
  pdf: Uint8Array | null;
  stderr: string;
  status: number | null;
}
const cliRuns = new Map<string, Promise<CardsRun>>();
/** The last run started: the runs share this worker's working directory and console, so each waits for the one before. */
let lastRun: Promise<unknown> = Promise.resolve();
/**
 * `nuffle cards` run where the roster is saved as `roster.yaml` (so messages name it as the page does): its PDF, stderr and
 * status. Run once per roster and arguments in this file (the same command writes the same bytes), in the background: a
 * test starts it before it drives the page, and awaits it to compare.
 */
export function cli(roster: string, args: readonly string[]): Promise<CardsRun> {
  const key = JSON.stringify([roster, args]);
  let run = cliRuns.get(key);
  if (!run) {
    run = lastRun.then(() => runCards(roster, args));
    lastRun = run.catch(() => undefined);
    cliRuns.set(key, run);
  }
  return run;
}

/** One `nuffle cards` run, in this worker (helpers' `runCli`), from a folder of its own. */
async function runCards(roster: string, args: readonly string[]): Promise<CardsRun> {
  const dir = mkdtempSync(join(tmpdir(), 'nuffle-cards-page-'));
  writeFileSync(join(dir, 'roster.yaml'), roster);
  const { status, stderr } = await runCli(['cards', '--data', join(site.out, 'data'), '--roster', 'roster.yaml', ...args, '-o', 'cards.pdf'], { cwd: dir });
  return { pdf: status === 0 ? new Uint8Array(readFileSync(join(dir, 'cards.pdf'))) : null, stderr, status };
}

/**
 * A fresh browser context on `path` of the site, once the page has read the rules; `asked` lists what it requested. The
 * page's service workers are registered only where a test needs them (`serviceWorkers: 'allow'`): installed, each fetches
 * and caches its page's files, three requests out of four of a visit, which a test of something else only waits for.
 */
export async function open(
  path: string,
  { theme = 'light', serviceWorkers = 'block' }: { theme?: 'light' | 'dark'; serviceWorkers?: 'allow' | 'block' } = {},
): Promise<{ context: BrowserContext; page: Page; asked: string[] }> {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: theme, acceptDownloads: true, serviceWorkers });
  await context.addInitScript(
    (t) => (globalThis as unknown as { localStorage: { setItem: (k: string, v: string) => void } }).localStorage.setItem('starlight-theme', t),
    theme,
  );
  const asked: string[] = [];
  context.on('request', (request) => {
    site.requests.push(request.url());
    // The page's and its workers' requests; the service worker's own (caching for offline) are told apart.
    const worker = request.serviceWorker();
    asked.push(worker ? `service-worker ${new URL(worker.url()).pathname} ${request.url()}` : request.url());
  });
  const page = await context.newPage();
  await page.goto(`${site.server.origin}${path}`);
  await page.locator('#card-maker[data-ready="true"]').waitFor({ state: 'attached' });
  return { context, page, asked };
}

/** Both locales' service workers active, whichever page registered them: each has cached its page's files while installing. */
export async function bothOffline(page: Page): Promise<void> {
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
export async function fill(page: Page, roster: string, choices: Choices): Promise<void> {
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
export async function download(page: Page): Promise<{ bytes: Uint8Array; name: string }> {
  await page.locator('#make:enabled').waitFor(); // Playwright's own wait (its default 30 s bound), not a one-second poll: the deck's check can take longer on a loaded machine
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), page.locator('#make').click()]);
  const path = join(mkdtempSync(join(tmpdir(), 'nuffle-cards-download-')), file.suggestedFilename());
  await file.saveAs(path);
  return { bytes: new Uint8Array(readFileSync(path)), name: file.suggestedFilename() };
}

export function saved(bytes: Uint8Array): string {
  const file = join(mkdtempSync(join(tmpdir(), 'nuffle-cards-pdf-')), 'cards.pdf');
  writeFileSync(file, bytes);
  return file;
}

/** pdfinfo's page count and page size in points. */
export function pdfInfo(file: string): { pages: number; size: [number, number] } {
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
export function expectDeck(file: string, roster: string, edition: string): void {
  const text = poppler('pdftotext', ['-raw', file, '-']).replace(/\s+/g, ' ');
  const facts = rosterFacts(roster);
  const names = new Set(
    (JSON.parse(readFileSync(join(site.out, 'data/skills.json'), 'utf8')) as Skill[]).filter((s) => s.edition === edition).map((s) => s.name),
  );
  const spelled = facts.skills.filter((s) => names.has(s));
  expect(spelled.length).toBeGreaterThan(facts.skills.length / 2);
  for (const expected of [facts.team, ...facts.players, ...spelled]) expect(text, expected).toContain(expected);
}
