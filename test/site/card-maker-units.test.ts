/**
 * The card page's pure parts, in Node: the deck link (deflate-raw, base64url,
 * its bounds and its strict reading), the state's CLI equivalent, the page's
 * check against planSelection, the team option both share, and the edition
 * menu's words.
 */
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { planSelection } from '../../pipeline/emit/cards/plan-selection.ts';
import { readSchemaFiles } from '../../pipeline/io.ts';
import { createValidator } from '../../pipeline/validate/schemas.ts';
import { checkDeck } from '../../site/src/lib/card-maker/check.ts';
import { decodeDeck, encodeDeck, MAX_LINK } from '../../site/src/lib/card-maker/deck-link.ts';
import { editionChoices } from '../../site/src/lib/card-maker/edition-menu.ts';
import { EXAMPLE_ROSTERS } from '../../site/src/lib/card-maker/example-roster.ts';
import { fileName } from '../../site/src/lib/card-maker/file-name.ts';
import { cliArgs, DEFAULT_STATE, selectionInput, type DeckState } from '../../site/src/lib/card-maker/deck-state.ts';
import { cardStrings } from '../../site/src/lib/card-maker/strings.ts';
import { editionLabels } from '../../site/src/lib/edition-status.ts';
import { type Locale, strings } from '../../site/src/lib/i18n.ts';
import { realBundle } from '../cards/helpers.ts';
import { repoRoot } from '../helpers.ts';

const deck = (fields: Partial<DeckState>): DeckState => ({ ...DEFAULT_STATE, ...fields });
const ROSTER = 'team: Reavers\nplayers:\n  - name: Gork\n    skills: [Block, Dodge]\n';
const link = (json: string) => `#deck=1.${deflateRawSync(json).toString('base64url')}`;

describe('a deck in a link', () => {
  it('carries the roster as text and every option, and reads back the same state', async () => {
    const state = deck({
      roster: `${ROSTER}# <script>alert(1)</script>\n`,
      paper: 'letter',
      backs: true,
      duplex: 'short',
      ink: 'low',
      size: 'mini',
      textSize: 'uniform',
      team: 'Orcs & <Co>',
      lang: 'fr',
    });
    const fragment = await encodeDeck(state);
    expect(fragment).toMatch(/^deck=1\.[A-Za-z0-9_-]+$/);
    expect(await decodeDeck(`#${fragment}`)).toEqual({ state });
    expect(await encodeDeck(DEFAULT_STATE)).toBe('');
    expect(await decodeDeck('')).toBeNull();
  });

  it('reads a link deflated by Node as well as by a browser (one format, not one encoder)', async () => {
    expect(await decodeDeck(link(JSON.stringify({ roster: ROSTER, paper: 'letter' })))).toEqual({ state: deck({ roster: ROSTER, paper: 'letter' }) });
  });

  it('reads a link made before the card sizes, whose `size` was the text size; a card size in `size` is the card size', async () => {
    expect(await decodeDeck(link('{"size":"uniform"}'))).toEqual({ state: deck({ textSize: 'uniform' }) });
    expect(await decodeDeck(link('{"size":"fit","paper":"letter"}'))).toEqual({ state: deck({ paper: 'letter' }) });
    expect(await decodeDeck(link('{"size":"tarot","textSize":"uniform"}'))).toEqual({ state: deck({ size: 'tarot', textSize: 'uniform' }) });
    const decoded = await decodeDeck(link('{"size":"huge"}'));
    expect(decoded && 'problem' in decoded ? decoded.problem : null).toEqual({ kind: 'bad-value', key: 'size' });
  });

  it('reads the plain links of the concept pages', async () => {
    expect(await decodeDeck('#skills=en-2020%2Fblock&edition=en-2020')).toEqual({
      state: deck({ source: 'skills', skills: 'en-2020/block', edition: 'en-2020' }),
    });
  });

  it.each([
    ['an unknown field', link('{"roster":"x","script":"alert(1)"}'), /unknown field "script"/],
    ['a value of the wrong type', link('{"backs":"yes"}'), /"backs"/],
    ['a choice the CLI does not have', link('{"paper":"a3"}'), /"paper"/],
    ['not JSON', link('{roster'), /damaged/],
    ['not deflate data', '#deck=1.AAAA', /damaged/],
    ['not base64url', '#deck=1.ab+c', /damaged/],
    ['another version', '#deck=2.abc', /another version/],
    ['a link past the length a chat keeps', `#deck=1.${'A'.repeat(MAX_LINK)}`, /at most 8192/],
    ['a deflate bomb', link(JSON.stringify({ roster: ' '.repeat(2_000_000) })), /damaged/],
    ['a roster over 64 KiB', link(JSON.stringify({ roster: 'x'.repeat(70_000) })), /"roster"/],
    ['a plain link with another field', '#skills=Block&colour=red', /"colour"/],
    ['a field named __proto__', link('{"__proto__":1}'), /unknown field "__proto__"/],
    ['a field named constructor', link('{"constructor":"x"}'), /unknown field "constructor"/],
    ['a field named hasOwnProperty', link('{"hasOwnProperty":1}'), /unknown field "hasOwnProperty"/],
    ['a field named toString', link('{"toString":1}'), /unknown field "toString"/],
  ])('refuses %s, saying why', async (_what, fragment, problem) => {
    const decoded = await decodeDeck(fragment);
    expect(decoded && 'problem' in decoded ? cardStrings('en').linkProblems(decoded.problem) : null).toMatch(problem);
  });
});

describe('the state as the CLI has it', () => {
  it('names the same selection and options as the command line', () => {
    const state = deck({
      roster: ROSTER,
      perPlayer: true,
      edition: 'en-2020',
      team: ' Reavers ',
      paper: 'letter',
      layout: 'single',
      bleed: true,
      backs: true,
      duplex: 'short',
      ink: 'low',
      size: 'bridge',
      textSize: 'uniform',
    });
    expect(cliArgs(state)).toEqual([
      'cards',
      '--roster',
      'roster.yaml',
      '--per-player',
      '--edition',
      'en-2020',
      '--team',
      'Reavers',
      '--paper',
      'letter',
      '--layout',
      'single',
      '--bleed',
      '--backs',
      '--duplex',
      'short',
      '--ink',
      'low',
      '--size',
      'bridge',
      '--text-size',
      'uniform',
    ]);
    expect(cliArgs(deck({ source: 'skills', skills: 'Block, Dodge', perPlayer: true }))).toEqual(['cards', '--skills', 'Block, Dodge']);
    expect(selectionInput(deck({ source: 'skills', skills: 'Block', roster: ROSTER }))).toMatchObject({ roster: null, skills: 'Block', perPlayer: false });
  });

  it('the example rosters of "Paste an example" make a deck in the page’s language, inducements included, with no error', () => {
    const bundle = realBundle();
    for (const locale of ['en', 'fr'] as const) {
      const checked = checkDeck(bundle, deck({ roster: EXAMPLE_ROSTERS[locale] }), { lang: locale, menus: { edition: 'E', language: 'L' } });
      expect(checked.messages.filter((m) => m.fatal)).toEqual([]);
      expect(checked.plan?.specs.length).toBeGreaterThan(0);
      expect(new Set(checked.plan?.specs.map((s) => s.lang))).toEqual(new Set([locale]));
      expect(checked.plan?.specs.some((s) => s.key.includes('inducements/'))).toBe(true);
    }
  });

  it('names the download after the team, accents folded and letters kept, in the page’s word for cards (issue 34, item 11)', () => {
    const plan = (team: string | null) => ({ specs: [{ team }] }) as Parameters<typeof fileName>[0];
    expect(fileName(plan('Les Écorcheurs de Bretonnie'), cardStrings('fr'))).toBe('les-ecorcheurs-de-bretonnie-cartes.pdf');
    expect(fileName(plan('Reikland Reavers'), cardStrings('en'))).toBe('reikland-reavers-cards.pdf');
    expect(fileName(plan('Ünïon — “Tëam” & Çø'), cardStrings('en'))).toBe('union-team-and-c-cards.pdf');
    expect(fileName(plan(null), cardStrings('fr'))).toBe('cartes.pdf');
    expect(fileName(plan('!!!'), cardStrings('en'))).toBe('cards.pdf');
    expect(fileName(plan(`${'a'.repeat(59)} b`), cardStrings('en'))).toBe(`${'a'.repeat(59)}-cards.pdf`);
  });

  it('checks a roster in the French page’s words: French frame and summary, the page’s menus and no flag (issue 34, item 4)', () => {
    const fr = { lang: 'fr' as const, menus: { edition: cardStrings('fr').edition, language: cardStrings('fr').language } };
    const bad = checkDeck(realBundle(), deck({ roster: 'team: Orcs\nplayers:\n  - name: Gork\n    skils: [Block]\n' }), fr);
    expect(bad.messages.map((m) => m.text)).toEqual([
      'roster.yaml:4:5 erreur joueur 1 (Gork) : `skils:` n’est pas une clé de joueur ; vouliez-vous dire `skills:` ? [cards/bad-roster]\n' +
        `  attendu : ${bad.messages[0]!.text.split('attendu : ')[1]!.split('\n')[0]}\n` +
        '  note :    chaque joueur commence par `- name:`, avec `skills:` dessous ; « Coller un exemple » montre une feuille entière',
    ]);
    expect(bad.summary).toBe('nuffle cards : 1 erreur ; rien n’a été écrit');
  });

  it("checks a deck as planSelection does: the CLI's plan, or its messages and summary line", () => {
    const bundle = realBundle();
    const validator = createValidator(readSchemaFiles(repoRoot));
    const good = checkDeck(bundle, deck({ roster: ROSTER }));
    const planned = planSelection(bundle, selectionInput(deck({ roster: ROSTER })), validator);
    if (!('plan' in planned)) throw new Error(`planSelection gave no plan: ${planned.usage}`);
    expect(good.plan).not.toBeNull();
    expect(good.plan).toEqual(planned.plan);
    const bad = checkDeck(bundle, deck({ roster: ROSTER.replace('Dodge', 'Dodgy Dodge') }));
    expect(bad.plan).toBeNull();
    expect(bad.messages[0]).toMatchObject({ fatal: true, line: 4, file: 'roster.yaml' });
    expect(bad.messages[0]!.text).toMatch(/^roster\.yaml:4:\d+ error .*\[cards\/unknown-name\]/);
    expect(bad.summary).toBe('nuffle cards: 1 error; nothing was written');
    expect(checkDeck(bundle, deck({})).empty).toBe(true);
    expect(checkDeck(bundle, deck({ source: 'skills', skills: 'Block', edition: 'en-1987' })).messages[0]!.text).toMatch(
      /^nuffle cards: unknown edition "en-1987"/,
    );
  });

  it('prints --team on the footers of skill cards and over a roster’s team:', () => {
    const bundle = realBundle();
    const validator = createValidator(readSchemaFiles(repoRoot));
    const base = { skills: null, edition: null, lang: null, roster: null, perPlayer: false };
    const skills = planSelection(bundle, { ...base, skills: 'Block', team: 'Orcland' }, validator);
    expect('plan' in skills && skills.plan.specs.map((s) => s.team)).toEqual(['Orcland']);
    const roster = planSelection(bundle, { ...base, roster: { text: ROSTER, file: 'r.yaml' }, team: 'Orcland' }, validator);
    expect('plan' in roster && [...new Set(roster.plan.specs.map((s) => s.team))]).toEqual(['Orcland']);
    const own = planSelection(bundle, { ...base, roster: { text: ROSTER, file: 'r.yaml' } }, validator);
    expect('plan' in own && [...new Set(own.plan.specs.map((s) => s.team))]).toEqual(['Reavers']);
  });
});

describe('the edition menu', () => {
  type Facts = { id: string; label: string; lang: string; year: number; circa: boolean; status: 'current' | 'superseded' };
  const RULES_2030: Facts = { id: 'en-2030', label: 'Blood Bowl 2030 (English)', lang: 'en', year: 2030, circa: false, status: 'current' };
  const RULES_2024: Facts = { id: 'en-2024', label: 'Blood Bowl 2024 (English)', lang: 'en', year: 2024, circa: false, status: 'superseded' };
  const OLD_FRENCH: Facts = { id: 'fr-old', label: 'Vieilles règles (français)', lang: 'fr', year: 2004, circa: true, status: 'superseded' };
  /** A dataset of these editions: `block` in all three, `dodge` in 2024 and French only (2030 holds no wording of it). */
  const menu = (editions: Facts[], locale: Locale) => {
    const records: Record<string, string> = { 'a/block': 'en-2030', 'b/block': 'en-2024', 'c/block': 'fr-old', 'b/dodge': 'en-2024', 'c/dodge': 'fr-old' };
    const d = {
      editions,
      concepts: [{ records: ['a/block', 'b/block', 'c/block'] }, { records: ['b/dodge', 'c/dodge'] }].map((c) => ({
        records: c.records.filter((r) => editions.some((e) => e.id === records[r])),
      })),
      skill: (id: string) => ({ edition: records[id]! }),
      edition: (id: string) => editions.find((e) => e.id === id)!,
    };
    return editionChoices(editions, editionLabels(d, strings(locale).standing), locale);
  };

  it('names each edition with the rules it gives, current or older with its year, and keeps the id alone as the value', () => {
    expect(menu([RULES_2024, RULES_2030, OLD_FRENCH], 'en').map((c) => [c.value, c.text, c.lang, c.standing])).toEqual([
      ['en-2024', 'Blood Bowl 2024 (English) — Older edition (2024)', 'en', 'older'],
      ['en-2030', 'Blood Bowl 2030 (English) — Current rules (2030)', 'en', 'current'],
      ['fr-old', 'Vieilles règles (français) — Older edition (c. 2004)', 'fr', 'older'],
    ]);
  });

  it('says it in French on /fr/, the names in French too', () => {
    expect(menu([RULES_2024, RULES_2030, OLD_FRENCH], 'fr').map((c) => [c.value, c.text, c.lang])).toEqual([
      ['en-2024', 'Blood Bowl 2024 (anglais) — Édition antérieure (2024)', 'fr'],
      ['en-2030', 'Blood Bowl 2030 (anglais) — Règles en vigueur (2030)', 'fr'],
      ['fr-old', 'Vieilles règles (français) — Édition antérieure (vers 2004)', 'fr'],
    ]);
  });

  it('refuses an edition the labels do not cover, naming it (the caller passes every edition it lists)', () => {
    expect(() => editionChoices([RULES_2024], new Map(), 'en')).toThrow(`edition ${RULES_2024.id} has no standing`);
  });

  it('notes of an older edition the rules it still gives the newest wording of, and of no other', () => {
    const notes = menu([RULES_2024, RULES_2030, OLD_FRENCH], 'en').map((c) => [c.value, c.note]);
    expect(notes).toEqual([
      ['en-2024', 'The newest wording in the sources for 1 of its 2 rules: the current 2030 rules are not in the sources for them.'],
      ['en-2030', null],
      ['fr-old', null],
    ]);
  });

  it('calls no edition current when none is marked so, not even the newest', () => {
    const choices = menu([RULES_2024, OLD_FRENCH], 'en');
    expect(choices.map((c) => [c.value, c.standing])).toEqual([
      ['en-2024', 'older'],
      ['fr-old', 'older'],
    ]);
    expect(choices[0]!.note).toBe('The newest wording in the sources for 2 of its 2 rules.');
  });
});
