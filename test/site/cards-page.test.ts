/**
 * The card page (/cards/, /fr/cards/, issue 25) in Chromium, against
 * `nuffle cards` on the same dataset: a pasted 16-player roster and the
 * options chosen on the page give the PDF the CLI gives for the same roster
 * and options, byte for byte (English A4 with low ink and uniform sizes,
 * French cards, Letter with backs, other sizes, per player, a league's
 * whole team); the page shows the CLI's messages at the CLI's lines before
 * anything is made; a link carries the deck; nothing is asked of another
 * origin. The rest of the page (offline, what it loads, French, limits,
 * accessibility) is in cards-page-ui.test.ts: two files, so that two
 * workers share them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Inducement, Skill } from '../../pipeline/model/schema-types.ts';
import { EXAMPLE_ROSTERS } from '../../site/src/lib/card-maker/example-roster.ts';
import { repoRoot } from '../helpers.ts';
import { poppler } from '../cards/helpers.ts';
import { launchChromium, serveStatic } from './helpers.ts';
import { bothOffline, cli, download, expectDeck, fill, open, pdfInfo, ROSTER, ROSTER_FR, saved, sha256, site, useCardSite } from './card-page.ts';

useCardSite(launchChromium);

describe('the card page makes the CLI’s PDF', () => {
  it('pastes a 16-player roster, chooses low ink and uniform sizes, and downloads the bytes nuffle cards writes', async () => {
    const made = cli(ROSTER, ['--ink', 'low', '--text-size', 'uniform']);
    const { context, page } = await open('/cards/');
    await fill(page, ROSTER, { lowInk: true, uniform: true });
    const { bytes, name } = await download(page);
    expect(name).toBe('reikland-reavers-cards.pdf');
    const expected = await made;
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
    const made = cli(ROSTER_FR, ['--lang', 'fr']);
    const { context, page } = await open('/fr/cards/');
    await fill(page, ROSTER_FR, { lang: 'fr' });
    const { bytes } = await download(page);
    const expected = await made;
    expect(expected.status, expected.stderr).toBe(0);
    expect(sha256(bytes)).toBe(sha256(expected.pdf!));
    const file = saved(bytes);
    expect(pdfInfo(file).size).toEqual([595, 842]);
    expectDeck(file, ROSTER_FR, 'fr-legacy');
    expect(poppler('pdftotext', ['-raw', file, '-'])).toContain('Joueurs');
    await context.close();
  }, 180_000);

  it('makes Letter sheets with backs, the bytes of nuffle cards --paper letter --backs', async () => {
    const made = cli(ROSTER, ['--paper', 'letter', '--backs']);
    const { context, page } = await open('/cards/');
    await fill(page, ROSTER, { paper: 'letter', backs: true });
    const { bytes } = await download(page);
    const expected = await made;
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
    const args = (size: 'bridge' | 'mini' | 'tarot') => ['--per-player', '--size', size, ...(size === 'tarot' ? ['--text-size', 'uniform'] : [])];
    for (const size of ['bridge', 'mini', 'tarot'] as const) void cli(roster, args(size));
    const { context, page } = await open('/cards/');
    await fill(page, roster, { perPlayer: true, size: 'bridge' });
    let last: Uint8Array = new Uint8Array();
    for (const size of ['bridge', 'mini', 'tarot'] as const) {
      await page.locator('select[name="size"]').selectOption(size);
      if (size === 'tarot') await page.locator('input[name="uniform"]').check();
      const { bytes } = await download(page);
      const expected = await cli(roster, args(size));
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
    const made = cli(ROSTER_FR, ['--lang', 'fr', '--size', 'mini', '--backs']);
    const { context, page } = await open('/fr/cards/');
    await fill(page, ROSTER_FR, { lang: 'fr', size: 'mini', backs: true });
    const { bytes } = await download(page);
    const expected = await made;
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
      const made = cli(roster, []);
      const { context, page } = await open('/cards/');
      const expected = await made;
      expect(expected.status).toBe(1);
      const lines = expected.stderr.trimEnd().split('\n');
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
    const second = await open(link.slice(site.server.origin.length));
    expect(await second.page.locator('#roster-text').inputValue()).toBe(ROSTER);
    expect(await second.page.locator('select[name="paper"]').inputValue()).toBe('letter');
    expect(await second.page.locator('input[name="backs"]').isChecked()).toBe(true);
    expect(sha256((await download(second.page)).bytes)).toBe(sha256(bytes));
    await second.context.close();
  }, 180_000);

  it('makes PDFs again without a connection once it has made one (the worker and the faces stay loaded)', async () => {
    const made = cli(ROSTER, ['--backs']);
    const { context, page } = await open('/cards/', { serviceWorkers: 'allow' });
    await fill(page, ROSTER, {});
    await download(page);
    await context.setOffline(true);
    await page.locator('input[name="backs"]').check();
    const offline = await download(page);
    await context.setOffline(false);
    const expected = await made;
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

describe('a league’s whole team (issue 34)', () => {
  const data = <T>(file: string): T => JSON.parse(readFileSync(join(site.out, 'data', file), 'utf8')) as T;

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
    const made = cli(roster, ['--backs']);
    const { context, page } = await open('/cards/');
    await fill(page, roster, { backs: true });
    const { bytes, name } = await download(page);
    expect(name).toBe('reikland-reavers-cards.pdf');
    const expected = await made;
    expect(expected.status, expected.stderr).toBe(0);
    expect(sha256(bytes)).toBe(sha256(expected.pdf!));
    const text = poppler('pdftotext', ['-raw', saved(bytes), '-']).replace(/\s+/g, ' ');
    for (const expectedText of [`${names[0]} ×2`, names[1]!, 'Inducement']) expect(text).toContain(expectedText);
    await context.close();
  }, 180_000);

  it('makes a French deck that prints an English text, the bytes of nuffle cards --lang fr, named with its letters kept', async () => {
    const { roster } = frenchFallbackRoster();
    const made = cli(roster, ['--lang', 'fr']);
    const { context, page } = await open('/fr/cards/');
    await fill(page, roster, { lang: 'fr' });
    // The run says how many texts fell back, in French, as a warning that stops nothing.
    await expect.poll(() => page.locator('#problems li.card-maker-warning pre').allTextContents()).toEqual([expect.stringContaining('[cards/english-text]')]);
    expect(await page.locator('#problems pre').first().textContent()).toMatch(/^roster\.yaml avertissement 2 textes sont imprimés en anglais/);
    const { bytes, name } = await download(page);
    expect(name).toBe('les-ecorcheurs-de-bretonnie-cartes.pdf');
    const expected = await made;
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
      for (const args of [
        ['--per-player', '--size', 'mini', '--backs'],
        ['--size', 'bridge'],
      ])
        void cli(roster, [...lang, ...args]);
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
        const expected = await cli(roster, [...lang, ...args]);
        expect(expected.status, expected.stderr).toBe(0);
        expect(sha256(bytes), args.join(' ')).toBe(sha256(expected.pdf!));
        const text = poppler('pdftotext', ['-raw', saved(bytes), '-']).replace(/\s+/g, ' ');
        // The roster's "2 Bribes", under the name the deck's language gives it (a French deck: its reviewed French name).
        const bribes = data<Inducement[]>('inducements.json').find((i) => i.name === 'Bribes')!;
        expect(text).toContain(`${lang.length && bribes.nameFr ? bribes.nameFr : bribes.name} ×2`);
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
    await page.locator('#make:enabled').waitFor(); // Playwright's own wait (its default 30 s bound), not a one-second poll: the deck's check can take longer on a loaded machine
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
      const context = await site.browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.goto(`${site.server.origin}${path}`);
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
    const { roster } = frenchFallbackRoster();
    const made = cli(roster, ['--lang', 'fr']);
    const own = await serveStatic(join(site.out, 'site'));
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(`${own.origin}/cards/`);
    await page.locator('#card-maker[data-ready="true"]').waitFor({ state: 'attached' });
    await bothOffline(page);
    await context.setOffline(true);
    await own.close();
    for (const path of ['/fr/cards/', '/cards/']) {
      await page.goto(`${own.origin}${path}`);
      await page.locator('#card-maker[data-ready="true"]').waitFor({ state: 'attached' });
      await fill(page, roster, { lang: 'fr' });
      const { bytes } = await download(page);
      expect(sha256(bytes), path).toBe(sha256((await made).pdf!));
    }
    await context.close();
  }, 240_000);
});

describe('what the pages asked for', () => {
  // Last: every page this file opened.
  it('asks nothing of another origin', () => {
    expect(site.requests.length).toBeGreaterThan(0);
    expect(site.requests.filter((url) => !url.startsWith(`${site.server.origin}/`) && !url.startsWith('blob:') && !url.startsWith('data:'))).toEqual([]);
  });
});
