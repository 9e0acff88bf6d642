import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { parsePriceBullet } from '../pipeline/link/price-list.ts';
import type { Inducement, InducementAnnotation, InducementAnnotations, League, LeagueAnnotation, PriceItem } from '../pipeline/model/schema-types.ts';
import { copyProject, corpusFacts, lineOf, rawText, realBuild, realData, repoRoot, runCli, withFileChanged } from './helpers.ts';
import { appendEntries, setField } from './yaml-edit.ts';

const fact = corpusFacts('inducements');
/** Line of the notes (as the test file holds them) that `match` matches. */
const notesLine = (match: string | RegExp) => lineOf(rawText('inducement-notes.txt'), match);

const inducements = () => realData<Inducement[]>('inducements.json');
const leagues = () => realData<League[]>('leagues.json');
/** The reviewed annotations of the notes, as the sources say today. */
const annotations = () => parseYaml(readFileSync(join(repoRoot, 'sources/annotations/inducements.yaml'), 'utf8')) as InducementAnnotations;
const byName = (name: string) => {
  const found = inducements().find((r) => r.name === name);
  if (!found) throw new Error(`no inducement ${name}`);
  return found;
};
const raw = rawText('inducement-notes.txt').split('\n');
/** Blocks of the raw text: maximal runs of non-blank lines, as [first, last] line numbers. */
const rawBlocks = (): [number, number][] => {
  const out: [number, number][] = [];
  raw.forEach((line, i) => {
    if (!line.trim()) return;
    if (i > 0 && raw[i - 1]!.trim()) out.at(-1)![1] = i + 1;
    else out.push([i + 1, i + 1]);
  });
  return out;
};
const items = (): (PriceItem & { record: string })[] => inducements().flatMap((r) => (r.priceList?.items ?? []).map((item) => ({ ...item, record: r.id })));
/** The one price item whose bullet starts with `text` (in the price list `list`, when the words recur in several), found by its words, not its line. */
const item = (text: string, list?: string): PriceItem & { record: string } => {
  const found = items().filter((i) => i.text.startsWith(text) && (!list || i.record === `en-2020-inducements/${list}`));
  if (found.length !== 1) throw new Error(`${found.length} price items start with "${text}"`);
  const [only] = found;
  expect(raw[only!.line - 1], "the item's line holds its bullet").toContain(only!.text);
  return only!;
};

describe('inducement blocks', () => {
  it('accounts for every block: each in exactly one record, but a stray heading, a warning at its line', () => {
    const blocks = rawBlocks();
    const used = inducements().flatMap((r) => r.blocks.map((b) => b.lines));
    expect(new Set(used.map(([a]) => a)).size).toBe(used.length);
    const stray = realBuild().diagnostics.filter((d) => d.ruleId === 'inducements/stray-heading');
    for (const d of stray) expect(d.fatal).toBe(false);
    const strayLines = new Set(stray.map((d) => d.place?.line));
    expect([...used].sort((a, b) => a[0] - b[0])).toEqual(blocks.filter(([first]) => !strayLines.has(first)));
    // A stray heading is a one-line block in lower case.
    for (const line of strayLines) expect(blocks).toContainEqual([line, line]);
    fact('blocks', blocks.length);
    fact(
      'stray headings',
      stray.map((d) => raw[d.place!.line - 1]),
    );
  });

  it('gives every record provenance spanning its blocks', () => {
    for (const r of inducements()) {
      expect(r.source.lines).toEqual([r.blocks[0]!.lines[0], r.blocks.at(-1)!.lines[1]]);
      expect(r.source.id).toBe('inducement-notes');
    }
  });

  it('names the clearly identifiable inducements', () => {
    const named: [string, string][] = [
      ['Temp Agency Cheerleaders', 'inducement'],
      ['Part-time Assistant Coaches', 'inducement'],
      ['Weather Mage', 'inducement'],
      ['Team Mascot', 'inducement'],
      ['Mercenary Players', 'mercenary'],
      ['Bottles of Heady Brew', 'inducement'],
      ['Bloodweiser Kegs', 'inducement'],
      ['Bribes', 'inducement'],
      ['Waaagh! Drummer', 'inducement'],
      ['Medicinal Unguent', 'inducement'],
      ['Krot Shockwhisker', 'coaching-staff'],
      ['Biased Referee', 'referee'],
      ['Mungo Spinecracker', 'coaching-staff'],
      ['Jorm the Ogre', 'referee'],
      ['The Trundlefoot Triplets', 'referee'],
      ['Papa Skullbones', 'coaching-staff'],
      ['Fink Da Fixer', 'coaching-staff'],
      ['Schielund Scharlitan', 'coaching-staff'],
      ['Special Plays', 'inducement'],
      ['Extra Team Training', 'inducement'],
      ['Wandering Apothecaries', 'inducement'],
      ['Ayleen Andar', 'coaching-staff'],
      ['Hireling Sports-Wizard', 'wizard'],
      ['Horatio X. Schottenheim', 'wizard'],
      ['Night Goblin Shaman', 'wizard'],
      ['Wicked Witch', 'wizard'],
      ['Warlock Engineer', 'wizard'],
      ['Horticulturalist of Nurgle', 'wizard'],
      ['Halfling Master Chef', 'inducement'],
      ['Enslaved Giants', 'special-rules'],
    ];
    for (const [name, kind] of named) expect(byName(name), name).toMatchObject({ kind, confidence: 'high' });
    // Where each starts in today's notes: a fact of the corpus (lines move with every update).
    fact('first lines of the named inducements', Object.fromEntries(named.map(([name]) => [name, byName(name).source.lines[0]])));
  });

  it('keys names to blocks by opening words, so ids do not depend on position', () => {
    for (const r of inducements()) {
      for (const block of r.blocks) {
        const text = raw
          .slice(block.lines[0] - 1, block.lines[1])
          .join(' ')
          .replace(/\s+/g, ' ')
          .toLowerCase();
        expect(text.startsWith(block.opening.replace(/\s+/g, ' ').toLowerCase()), block.opening).toBe(true);
      }
      expect(r.id).toMatch(/^en-2020-inducements\/[a-z0-9-]+$/);
    }
  });

  it('says why, for every record below high confidence', () => {
    const unsure = inducements().filter((r) => r.confidence !== 'high');
    expect(unsure.map((r) => r.id.split('/')[1]).sort()).toEqual([
      'big-guy-mercenary-price-list',
      'blocker-mercenary-price-list',
      'elf-mercenary-price-list',
      'favoured-mutation-packages',
      'goblin-mercenary-price-list',
      'hypnotic-gaze-packages',
      'lineman-mercenary-price-list',
      'ogre-firebelly',
    ]);
    for (const r of unsure) expect(r.note.length).toBeGreaterThan(40);
  });
});

describe('abilities, spells and numbers', () => {
  it('turns named headings into abilities of their record', () => {
    expect(byName('Biased Referee').abilities.map((a) => a.name)).toEqual(['CLOSE SCRUTINY', 'I DIDN’T SEE A THING!']);
    expect(byName('Mungo Spinecracker').abilities.map((a) => a.name)).toEqual(['I’M FINE THANKS, MUNGO!']);
    expect(byName('Jorm the Ogre').abilities.map((a) => a.name)).toEqual(['JORM DOESN’T LIKE CHEATERS!', 'SHUT IT, YOU HOOLIGANS!']);
    const close = byName('Biased Referee').abilities[0]!;
    expect(close.text.startsWith('If any player on the opposing team commits a Foul')).toBe(true);
    expect(close.text).not.toContain('I DIDN’T SEE A THING');
  });

  it('makes each spell a named sub-record with its own id', () => {
    expect(byName('Hireling Sports-Wizard').spells.map((s) => [s.id, s.name])).toEqual([
      ['en-2020-inducements/hireling-sports-wizard/fireball', 'FIREBALL'],
      ['en-2020-inducements/hireling-sports-wizard/zap', 'ZAP!'],
    ]);
    expect(byName('Ogre Firebelly').spells.map((s) => s.name)).toEqual(['COLUMN OF FIRE']);
    expect(byName('Night Goblin Shaman').spells.map((s) => s.name)).toEqual(['FOOT OF GORK (OR MORK)', 'SPORE CLOUD']);
    expect(byName('Wicked Witch').spells.map((s) => s.name)).toEqual(['ZAP!', 'PLAGUE OF WARTS']);
    expect(byName('Warlock Engineer').spells.map((s) => s.name)).toEqual(['WARP LIGHTNING', 'THUNDERBOLT']);
    expect(byName('Horticulturalist of Nurgle').spells.map((s) => s.name)).toEqual(['VIGOROUS GROWTH', 'STRANGE FLORA']);
    // Zap!'s frog profile names its skills.
    expect(byName('Hireling Sports-Wizard').spells[1]!.mentions).toEqual(['dodge', 'leap', 'no-hands', 'stunty', 'titchy', 'very-long-legs']);
  });

  it('reads maximum counts, once-per-game limits and stated costs', () => {
    expect(byName('Temp Agency Cheerleaders').limits).toEqual({ max: 4, oncePerGame: false });
    expect(byName('Part-time Assistant Coaches').limits.max).toBe(3);
    expect(byName('Bloodweiser Kegs').limits.max).toBe(2);
    expect(byName('Bribes').limits.max).toBe(3); // "up to three"
    expect(byName('Wandering Apothecaries').limits.max).toBe(2); // "up to two"
    expect(byName('Weather Mage').limits.oncePerGame).toBe(true); // "Once per match"
    expect(byName('Hireling Sports-Wizard').limits.oncePerGame).toBe(true);
    expect(byName('Fink Da Fixer').limits.oncePerGame).toBe(true);
    expect(byName('Mercenary Players').costs.map((c) => c.amount)).toEqual([30000, 50000]);
    expect(byName('Mercenary Players').costs[0]!.text).toBe('at 30,000 gold pieces more than the player would normally cost');
  });

  it('resolves skill mentions in prose to concepts', () => {
    expect(byName('Bottles of Heady Brew').mentions).toEqual(['dauntless', 'frenzy', 'really-stupid', 'stunty']);
    expect(byName('Mercenary Players').mentions).toEqual(['loner']);
    expect(byName('Schielund Scharlitan').mentions).toEqual(['loner', 'pro']);
    // The D8 table of "By the Power of the Gods!": five pairs of mutations.
    expect(byName('Papa Skullbones').mentions).toEqual([
      'big-hand',
      'claws',
      'disturbing-presence',
      'extra-arms',
      'foul-appearance',
      'horns',
      'prehensile-tail',
      'tentacles',
      'two-heads',
      'very-long-legs',
    ]);
  });

  it('keeps the Giants’ characteristics as a Markdown list', () => {
    const text = byName('Enslaved Giants').text;
    expect(text.split('\n').filter((l) => l.startsWith('- '))).toHaveLength(7);
  });
});

describe('price lists', () => {
  it('parses every bullet of every price list', () => {
    const all = items();
    const rawBullets = inducements()
      .filter((r) => r.kind === 'price-list')
      .flatMap((r) => r.blocks.flatMap((b) => raw.slice(b.lines[0] - 1, b.lines[1])))
      .filter((l) => l.startsWith('•'));
    expect(all).toHaveLength(rawBullets.length);
    expect(all.map((i) => i.text)).toEqual(rawBullets.map((l) => l.replace(/^•\s*/, '')));
    const byKind: Record<string, number> = {};
    for (const item of all) byKind[item.kind] = (byKind[item.kind] ?? 0) + 1;
    fact('price items by kind', byKind);
    fact(
      'price-list blocks',
      inducements()
        .filter((r) => r.kind === 'price-list')
        .flatMap((r) => r.blocks).length,
    );
  });

  it('reads `2 agility skills or more : +20K each`', () => {
    const found = item('2 agility skills or more : +20K each', 'goblin-mercenary-price-list');
    expect(found).toMatchObject({ kind: 'skill-category', category: 'agility', count: { min: 2, max: null }, cost: 20000, per: 'each', leagues: null });
  });

  it('reads exceptions as concept references', () => {
    expect(item('One only general skill (but Dirty Player) : +40K')).toMatchObject({
      category: 'general',
      count: { min: 1, max: 1 },
      except: ['dirty-player'],
      cost: 40000,
    });
    expect(item('One single pass skill (but leader)', 'lineman-mercenary-price-list').except).toEqual(['leader']);
    expect(item('One single strength skill (but Mighty Blow and Guard)').except).toEqual(['mighty-blow', 'guard']);
  });

  it('normalises characteristics through the alias table (MV, M → MA; F → ST; P, CP → PA)', () => {
    const change = (text: string) => item(text).changes;
    expect(change('+1MV : +30K')).toEqual([{ stat: 'MA', delta: 1, as: '+1MV' }]);
    expect(change('+1P : +30K')).toEqual([{ stat: 'PA', delta: 1, as: '+1P' }]);
    expect(change('+1CP: +30K')).toEqual([{ stat: 'PA', delta: 1, as: '+1CP' }]);
    expect(change('Chain and Ball + Secret Weapon + No Hands + 3F -2M - Dodge')).toEqual([
      { stat: 'ST', delta: 3, as: '3F' },
      { stat: 'MA', delta: -2, as: '-2M' },
    ]);
    // `No Hands + 2ST -1MA`: the `+` is the package separator.
    expect(change('Chain and Ball + Secret Weapon + No Hands + 2ST -1MA')).toEqual([
      { stat: 'ST', delta: 2, as: '2ST' },
      { stat: 'MA', delta: -1, as: '-1MA' },
    ]);
    expect(item('+2MA: +50K for Favorites of... and Lustria Super League')).toMatchObject({
      kind: 'characteristic',
      changes: [{ stat: 'MA', delta: 2, as: '+2MA' }],
      cost: 50000,
      leagues: ['favoured-of', 'lustrian-superleague'],
    });
  });

  it('reads `-1 to any characteristic` and the mercenary minimum cost', () => {
    const floors = inducements()
      .filter((r) => r.priceList?.minimumCost)
      .map((r) => [r.id.split('/')[1], r.priceList!.minimumCost]);
    expect(floors).toEqual([
      ['big-guy-mercenary-price-list', 130000],
      ['blocker-mercenary-price-list', 70000],
      ['elf-mercenary-price-list', 70000],
      ['goblin-mercenary-price-list', 30000],
      ['lineman-mercenary-price-list', 50000],
    ]);
    expect(item('-1 to any characteristic : -10K (mercenary cost 30K at least)')).toMatchObject({
      kind: 'characteristic',
      changes: [{ stat: 'any', delta: -1 }],
      cost: -10000,
      minimumCost: 30000,
    });
  });

  it('reads packages: skills with parameters, stat changes, removals, cost and leagues', () => {
    expect(item('Dirty Player (+1) + Sneaky Git + Loner (5+) : +50K for Badland Brawl')).toMatchObject({
      kind: 'package',
      skills: [
        { concept: 'dirty-player', name: 'Dirty Player (+1)', parameter: '+1' },
        { concept: 'sneaky-git', name: 'Sneaky Git', parameter: null },
        { concept: 'loner', name: 'Loner (5+)', parameter: '5+' },
      ],
      cost: 50000,
      leagues: ['badlands-brawl', 'favoured-of', 'halfling-thimble-cup', 'lustrian-superleague', 'old-world-classic', 'underworld-challenge'],
    });
    expect(item('Chain and Ball + Secret Weapon + No Hands + 3F -2M - Dodge')).toMatchObject({
      skills: [{ concept: 'ball-and-chain', name: 'Chain and Ball' }, { concept: 'secret-weapon' }, { concept: 'no-hands' }],
      removes: ['dodge'],
      cost: 60000,
    });
    expect(item('Mighty Blow(+2) + Loner(5+)').skills).toEqual([
      { concept: 'mighty-blow', name: 'Mighty Blow(+2)', parameter: '+2' },
      { concept: 'loner', name: 'Loner(5+)', parameter: '5+' },
    ]);
    expect(item('Always Hungry + Projectile Vomit + Really Stupid + Regeneration -1AG')).toMatchObject({
      skills: [{ concept: 'always-hungry' }, { concept: 'projectile-vomit' }, { concept: 'really-stupid' }, { concept: 'regeneration' }],
      changes: [{ stat: 'AG', delta: -1, as: '-1AG' }],
      cost: -10000,
      leagues: null, // "for any team"
    });
    expect(item('Frenzy + Unchanneled Fury + Horns - Throw Teammate')).toMatchObject({
      removes: ['throw-team-mate'],
      skills: [{ concept: 'frenzy' }, { concept: 'unchannelled-fury' }, { concept: 'horns' }],
    });
    expect(item('Bomber + Secret Weapon : +40K').skills.map((s) => s.concept)).toEqual(['bombardier', 'secret-weapon']); // "Bomber"
  });

  it('restricts packages to leagues, or to no league for "any team" and unrestricted bullets', () => {
    expect(item('Chainsaw + Secret Weapon + No Hands: +60K for any team.').leagues).toBeNull();
    expect(item('Dirty Player (+1) + Sneaky Git + Loner (5+): +60K.').leagues).toBeNull(); // "+60K." with no leagues
    expect(item('Two or more mutations: +40K each').leagues).toEqual(['favoured-of']); // "(only for favorites of...)"
  });

  it.each([
    ['1 agility skill : +10K', { kind: 'skill-category', category: 'agility', count: { min: 1, max: 1 }, cost: 10000, per: 'item' }],
    ['Two or more mutations: +40K each (only for favorites of...)', { category: 'mutation', count: { min: 2, max: null }, leagues: ['favorites of...'] }],
    [
      'Pogo Stick: +50K for Badland Brawl and Underworld Challenge.',
      { kind: 'package', skills: [{ name: 'Pogo Stick', parameter: null, as: 'Pogo Stick' }], leagues: ['Badland Brawl', 'Underworld Challenge'] },
    ],
    ['Two Heads: +30K for Favorites of...', { kind: 'package', leagues: ['Favorites of...'] }],
  ])('parsePriceBullet(%j)', (text, expected) => {
    const result = parsePriceBullet(text, 1);
    expect(result.ok).toBe(true);
    expect(result.ok && result.item).toMatchObject(expected);
  });

  it('rejects a bullet with no price', () => {
    expect(parsePriceBullet('Dirty Player + Sneaky Git', 1)).toMatchObject({ ok: false });
  });
});

describe('leagues', () => {
  it('normalises every spelling to one of 9 league ids, and records each alias with its lines', () => {
    expect(leagues().map((l) => l.id)).toEqual([
      'badlands-brawl',
      'elven-kingdoms-league',
      'favoured-of',
      'halfling-thimble-cup',
      'lustrian-superleague',
      'old-world-classic',
      'sylvanian-spotlight',
      'underworld-challenge',
      'worlds-edge-superleague',
    ]);
    const lustria = leagues().find((l) => l.id === 'lustrian-superleague')!;
    expect(lustria.aliases).toContainEqual({ text: 'Super-League of Lustria', lines: [notesLine(/Super-League of Lustria/)] });
    expect(leagues().find((l) => l.id === 'halfling-thimble-cup')!.aliases).toContainEqual({
      text: 'Haldfling Thimble Cup',
      lines: [notesLine(/Haldfling Thimble Cup/)],
    });
    for (const league of leagues()) for (const alias of league.aliases) expect(alias.lines.length, alias.text).toBeGreaterThan(0);
    // Every league id an item uses exists.
    const ids = new Set(leagues().map((l) => l.id));
    for (const item of items()) for (const id of item.leagues ?? []) expect(ids.has(id)).toBe(true);
  });
});

describe('bad notes fail the build with file and line', () => {
  let root: string;
  beforeAll(() => {
    root = copyProject();
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const withNotes = (mutate: (text: string) => string, check: (stderr: string) => void) =>
    withFileChanged(join(root, 'sources/raw/inducement-notes.txt'), mutate, async () => {
      const result = await runCli(['build', '--root', root, '--only', 'data']);
      expect(result.status).toBe(1);
      check(result.stderr);
    });

  it('an unknown league', async () => {
    await withNotes(
      (text) => text.replace('+80K for Badland Brawl and Halfling Thimble Cup.', '+80K for Badland Brawl and Moot Mug Cup.'),
      (stderr) =>
        expect(stderr).toContain(
          `sources/raw/inducement-notes.txt:${notesLine(/Halfling Thimble Cup\./)}:1 error Unknown league "Moot Mug Cup" [inducements/unknown-league]`,
        ),
    );
  });

  it('a skill mention that does not resolve (price list and prose)', async () => {
    await withNotes(
      (text) =>
        text
          .replace('• Bomber + Secret Weapon : +40K', '• Bomber + Secret Weapons : +40K')
          .replace('gain the Dauntless and Frenzy skills', 'gain the Dauntless and Frenzzy skills'),
      (stderr) => {
        expect(stderr).toContain(
          `sources/raw/inducement-notes.txt:${notesLine(/^• Bomber \+ Secret Weapon : \+40K/)}:1 error "Secret Weapons" in a price list matches no skill or trait [inducements/unknown-skill]`,
        );
        expect(stderr).toContain(
          `sources/raw/inducement-notes.txt:${notesLine(/gain the Dauntless and Frenzy skills/)}:1 error "Frenzzy" is named as a skill or trait but matches no concept [inducements/unknown-skill]`,
        );
      },
    );
  });

  it('a block no record claims', async () => {
    await withNotes(
      (text) => text.replace('Up to 2 kegs can be bought', 'Up to 2 barrels can be bought'),
      (stderr) => {
        const line = notesLine(/^Up to 2 kegs can be bought/);
        expect(stderr).toContain(
          `sources/raw/inducement-notes.txt:${line}:1 error No record of sources/annotations/inducements.yaml claims the block on line ${line} [inducements/unnamed-block]`,
        );
        expect(stderr).toMatch(
          /sources\/annotations\/inducements\.yaml:\d+:\d+ error No block of the notes opens with "Up to 2 kegs can be bought" \[inducements\/block-not-found\]/,
        );
      },
    );
  });

  it('a block inserted before the others shifts no name: with its own record, every other id keeps its name', async () => {
    const before = new Map(inducements().map((r) => [r.id, [r.name, r.source.lines[0]] as const]));
    await withFileChanged(
      join(root, 'sources/raw/inducement-notes.txt'),
      (text) => text.replace('Up to 4 cheerleaders', 'A note that was not there before.\n\nUp to 4 cheerleaders'),
      () =>
        withFileChanged(
          join(root, 'sources/annotations/inducements.yaml'),
          (text) =>
            appendEntries(
              text,
              ['records'],
              [
                {
                  id: 'new-note',
                  name: 'A new note',
                  kind: 'inducement',
                  confidence: 'low',
                  note: 'inserted by a test',
                  blocks: ['A note that was not there before.'],
                },
              ],
            ),
          async () => {
            // Errata follow their text: the one below the insertion needs no edit.
            const result = await runCli(['build', '--root', root, '--only', 'data']);
            expect(result.status, result.stderr).toBe(0);
            const after = JSON.parse(readFileSync(join(root, 'dist/data/inducements.json'), 'utf8')) as Inducement[];
            expect(after).toHaveLength(before.size + 1);
            for (const r of after) {
              if (r.id === 'en-2020-inducements/new-note') continue;
              expect([r.name, r.source.lines[0]], r.id).toEqual([before.get(r.id)![0], before.get(r.id)![1] + 2]);
            }
          },
        ),
    );
  });

  it('a block inserted with no record fails, and only that block is reported', async () => {
    await withNotes(
      (text) => text.replace('Up to 4 cheerleaders', 'A note that was not there before.\n\nUp to 4 cheerleaders'),
      (stderr) => {
        // The new block takes the line where the cheerleaders' block started.
        const line = notesLine(/^Up to 4 cheerleaders/);
        expect(stderr).toContain(
          `sources/raw/inducement-notes.txt:${line}:1 error No record of sources/annotations/inducements.yaml claims the block on line ${line} [inducements/unnamed-block]`,
        );
        expect(stderr.match(/\[inducements\/[a-z-]+\]/g)).toEqual(['[inducements/unnamed-block]']);
      },
    );
  });

  it('a heading in capitals that no record lists is reported as a warning', async () => {
    // The last heading of the first record that lists several, taken out of its list.
    const record = annotations().records.find((r) => (r.abilities?.length ?? 0) > 1)!;
    const heading = record.abilities!.at(-1)!;
    await withFileChanged(
      join(root, 'sources/annotations/inducements.yaml'),
      (text) => setField(text, ['records'], { id: record.id }, 'abilities', (old: unknown) => (old as string[]).slice(0, -1)),
      async () => {
        const result = await runCli(['check', '--root', root]);
        expect(result.status).toBe(0);
        expect(result.stdout).toContain(
          `sources/raw/inducement-notes.txt:${notesLine(new RegExp(heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))}:1 warning "${heading}" looks like a named heading but ${record.id} does not list it [inducements/undeclared-heading]`,
        );
      },
    );
  });

  it('two records with one id, or one league spelling under two leagues, fail the build', async () => {
    const [first, second] = annotations().records as [InducementAnnotation, InducementAnnotation];
    const [one, two] = annotations().leagues as [LeagueAnnotation, LeagueAnnotation];
    await withFileChanged(
      join(root, 'sources/annotations/inducements.yaml'),
      // The second record takes the first one's id; the first league also lists the second's first spelling.
      (text) =>
        setField(setField(text, ['records'], { id: second.id }, 'id', first.id), ['leagues'], { id: one.id }, 'aliases', (old: unknown) => [
          ...(old as string[]),
          two.aliases[0]!,
        ]),
      async () => {
        const result = await runCli(['check', '--root', root]);
        expect(result.status).toBe(1);
        expect(result.stderr).toContain(`error Record id ${first.id} is used twice [inducements/duplicate-id]`);
        expect(result.stderr).toContain(
          `error League spelling "${two.aliases[0]}" is listed under both ${[one.id, two.id].sort().join(' and ')} [inducements/duplicate-alias]`,
        );
      },
    );
  });

  it('a heading that is not in capitals is refused by the annotation schema', async () => {
    await withFileChanged(
      join(root, 'sources/annotations/inducements.yaml'),
      // A spell heading of the first record with spells, copied in title case after it.
      (text) =>
        setField(
          text,
          ['records'],
          (r) => Array.isArray(r.spells),
          'spells',
          (old: unknown) => {
            const [spell, ...rest] = old as string[];
            return [spell, `${spell!.charAt(0)}${spell!.slice(1).toLowerCase()}`, ...rest];
          },
        ),
      async () => {
        const result = await runCli(['check', '--root', root]);
        expect(result.status).toBe(1);
        expect(result.stderr).toMatch(/inducements\.yaml:\d+:\d+ error \/records\/\d+\/spells\/1 must match pattern/);
      },
    );
  });
});

describe('price lists, item by item', () => {
  // Every item, field by field, reviewed against the notes (a golden file of today's corpus).
  // Regenerate with npm run golden only after reviewing the diff.
  it('matches the reviewed structure of every bullet', () => {
    const path = join(repoRoot, 'test/golden/price-lists.json');
    const actual = Object.fromEntries(
      inducements()
        .filter((r) => r.priceList)
        .map((r) => [r.id, r.priceList]),
    );
    if (process.env.UPDATE) writeFileSync(path, `${JSON.stringify(actual, null, 2)}\n`);
    if (!existsSync(path)) throw new Error('test/golden/price-lists.json is missing: run UPDATE=1 npm test and review it');
    expect(actual).toEqual(JSON.parse(readFileSync(path, 'utf8')));
  });
});
