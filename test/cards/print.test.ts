/**
 * What a league and a print shop get on paper, read from the PDFs: text in
 * pure black ink (CMYK 0/0/0/100) and nothing under 7 pt; `--ink low` fills
 * no area at all; a team deck names its team on every card and back and the
 * players on each skill; a long text continues at a sentence, under a
 * repeated heading, balanced, and a runaway text is refused; each file has
 * its own font subset tags; roster and usage errors say one clear thing.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DataBundle } from '../../pipeline/model/dataset.ts';
import { fitCard } from '../../pipeline/emit/cards/layout.ts';
import { pt, sheetFor } from '../../pipeline/emit/cards/geometry.ts';
import { cardsOptions } from '../../pipeline/emit/cards/options.ts';
import { planSelection } from '../../pipeline/emit/cards/plan-selection.ts';
import { readSchemaFiles } from '../../pipeline/io.ts';
import { cardFonts } from '../../pipeline/targets/cards.ts';
import { createValidator } from '../../pipeline/validate/schemas.ts';
import { repoRoot } from '../helpers.ts';
import { cards, pageCount, poppler, realBundle, squash, tempDir, writeDataDir } from './helpers.ts';
import { readPdfPages } from './pdf-geometry.ts';

const MM = 72 / 25.4;
const ROSTER = `team: Reikland Reavers
edition: en-2020
players:
  - name: Griff Oberwald
    position: Blitzer
    skills: [Block, Dodge, Sprint, Sure Feet]
  - name: Big Bertha
    skills: "Mighty Blow (+2), Loner (4+), Bone Head, Block"
  - name: Lineman
    skills: [Block, Dodge]
`;

let bundle: DataBundle;
let dataDir: string;
let rosterFile: string;

beforeAll(() => {
  bundle = realBundle();
  dataDir = writeDataDir(bundle);
  rosterFile = join(tempDir(), 'reavers.yaml');
  writeFileSync(rosterFile, ROSTER);
});

/** `nuffle cards … -o FILE` with the real data; the file, and what it printed. */
async function make(args: string[], name = 'cards.pdf', data = dataDir) {
  const file = join(tempDir(), name);
  const run = await cards(['--data', data, ...args, '-o', file]);
  expect(run.code, run.stderr).toBe(0);
  return { file, ...run };
}

/** The text of each card of a page, cropped on the card (pdftotext -x -y -W -H, in points at 72 dpi). */
function cardTexts(file: string, page: number): string[] {
  const [pdf] = readPdfPages(file).slice(page - 1);
  const [, , , height] = pdf!.mediaBox;
  const [x1, y1, x2, y2] = pdf!.trimBox;
  const out: string[] = [];
  for (let top = height - y2; top < height - y1 - 1; top += 88 * MM) {
    for (let left = x1; left < x2 - 1; left += 63 * MM) {
      const crop = ['-x', String(Math.round(left)), '-y', String(Math.round(top)), '-W', String(Math.round(63 * MM)), '-H', String(Math.round(88 * MM))];
      out.push(poppler('pdftotext', ['-layout', '-f', String(page), '-l', String(page), ...crop, file, '-']));
    }
  }
  return out.filter((t) => t.trim());
}

describe('ink', () => {
  it('draws every text in black ink only (CMYK 0/0/0/k, or white), the body in 100 % black, none under 7 pt, at every size', async () => {
    for (const args of [
      ['--roster', rosterFile, '--backs'],
      ['--edition', 'fr-legacy'],
      ['--edition', 'fr-legacy', '--size', 'mini'],
      ['--roster', rosterFile, '--per-player', '--ink', 'low', '--size', 'bridge'],
      ['--roster', rosterFile, '--per-player', '--size', 'tarot', '--backs'],
    ]) {
      const { file } = await make(args);
      const texts = readPdfPages(file).flatMap((p) => p.texts);
      expect(texts.length, args.join(' ')).toBeGreaterThan(50);
      for (const t of texts) {
        expect(t.colour.space, `${args.join(' ')}: text at ${t.x}, ${t.y}`).toBe('cmyk');
        expect(t.colour.values.slice(0, 3), `${args.join(' ')}: text at ${t.x}, ${t.y}`).toEqual([0, 0, 0]);
        expect(t.size, `${args.join(' ')}: text at ${t.x}, ${t.y}`).toBeGreaterThanOrEqual(7);
      }
      const byColour = new Map<string, number>();
      for (const t of texts) byColour.set(t.colour.values.join(), (byColour.get(t.colour.values.join()) ?? 0) + 1);
      expect([...byColour].sort((a, b) => b[1] - a[1])[0]![0], args.join(' ')).toBe('0,0,0,1');
    }
  });

  it('--ink low fills no area, front or back (white bands with a coloured rule and outline, plain backs)', async () => {
    const low = readPdfPages((await make(['--roster', rosterFile, '--backs', '--ink', 'low'])).file);
    expect(low.length).toBe(2);
    for (const page of low) expect(page.fills).toEqual([]);
    // …and the category colour is still drawn, as lines.
    expect(low[0]!.strokes.some((s) => s.space === 'cmyk' && s.colour.slice(0, 3).some((c) => c > 0))).toBe(true);
    const full = readPdfPages((await make(['--roster', rosterFile, '--backs'])).file);
    expect(full.every((page) => page.fills.length > 0)).toBe(true);
  });

  it('marks each category with its letter by the printed label, so it reads in greyscale', async () => {
    const { file } = await make(['--edition', 'en-2020', '--skills', 'Block, Dodge, Mighty Blow, Accurate, Claws, Loner']);
    const texts = cardTexts(file, 1).map(squash);
    for (const [letter, label] of [
      ['G', 'General'],
      ['A', 'Agility'],
      ['S', 'Strength'],
      ['P', 'Passing'],
      ['M', 'Mutation'],
      ['T', 'Trait'],
    ]) {
      expect(
        texts.some((t) => t.includes(`${letter} ${label === 'Trait' ? 'Trait' : `Skill · ${label}`}`)),
        `${letter} ${label}`,
      ).toBe(true);
    }
  });
});

describe('a team deck', () => {
  it('prints the team on every card and every back, and on each skill the players who have it', async () => {
    const { file } = await make(['--roster', rosterFile, '--backs']);
    expect(pageCount(file)).toBe(2);
    const fronts = cardTexts(file, 1).map(squash);
    // Seven skills, one of them (Bone Head) perhaps on two cards: every card names the team.
    expect(fronts.length).toBeGreaterThanOrEqual(7);
    for (const text of fronts) expect(text).toContain('Reikland Reavers');
    const block = fronts.find((t) => t.includes('en-2020/block'))!;
    expect(block).toContain('Players: Griff Oberwald, Big Bertha, Lineman');
    expect(fronts.find((t) => t.includes('en-2020/dodge'))).toContain('Players: Griff Oberwald, Lineman');
    expect(fronts.find((t) => t.includes('en-2020/mighty-blow'))).toContain('Players: Big Bertha');
    const backs = cardTexts(file, 2).map(squash);
    expect(backs.filter((t) => t.includes('Reikland Reavers'))).toHaveLength(fronts.length);
  });

  it("shows a player's characteristics, cost and SPP in one line under the kind, above the skills (poker cards)", async () => {
    const roster = join(tempDir(), 'profile.yaml');
    const griff =
      '  - name: Griff Oberwald\n    position: Blitzer\n    ma: 7\n    st: 3\n    ag: 3+\n    pa: 4+\n    av: 9+\n    cost: 85k\n    spp: 12\n    skills: [Block]\n';
    writeFileSync(roster, `team: Reikland Reavers\nedition: en-2020\nplayers:\n${griff}  - name: Lineman\n    skills: [Dodge]\n`);
    const { file } = await make(['--roster', roster, '--per-player']);
    const [griffCard, lineman] = cardTexts(file, 1);
    const lines = griffCard!
      .split('\n')
      .map(squash)
      .map((l) => l.trim());
    const at = lines.indexOf('MA 7 ST 3 AG 3+ PA 4+ AV 9+ · 85k · 12 SPP');
    expect(at, lines.join('\n')).toBeGreaterThan(0);
    expect(lines.slice(at + 1).find((l) => l)).toBe('Block');
    expect(squash(lineman!)).not.toMatch(/\bMA\b/);
  });

  it('prints the team, not the roster file, on per-player cards', async () => {
    const { file } = await make(['--roster', rosterFile, '--per-player']);
    const text = squash(poppler('pdftotext', [file, '-']));
    expect(text).toContain('Reikland Reavers');
    expect(text).not.toContain('reavers.yaml');
  });

  it('reports a roster edition that is no edition id as a roster error at its line, listing the ids', async () => {
    const dir = tempDir();
    const roster = join(dir, 'orcs.yaml');
    writeFileSync(roster, ROSTER.replace('edition: en-2020', 'edition: 2020'));
    const run = await cards(['--data', dataDir, '--roster', roster, '-o', join(dir, 'x.pdf')]);
    expect(run.code).toBe(1);
    const ids = [...new Set(bundle.skills.map((s) => s.edition))].sort();
    expect(run.stderr).toContain(`orcs.yaml:2:1 error unknown edition "2020"; the editions with cards are ${ids.join(', ')}`);
    expect(run.stderr).toContain('[cards/bad-roster]');
    expect(existsSync(join(dir, 'x.pdf'))).toBe(false);
  });
});

describe('continuations', () => {
  const withText = (id: string, text: (old: string) => string): string => {
    const copy = structuredClone(bundle);
    const record = copy.skills.find((r) => r.id === id)!;
    record.text = text(record.text);
    return writeDataDir(copy);
  };

  it('end each card on a sentence, head every card (n/m), balance the cards, and name the -o file in the summary', async () => {
    // Twenty copies in one paragraph: three cards at 6 pt, where filling each card in turn would leave the last a stub.
    const data = withText('en-2020/block', (text) => Array.from({ length: 20 }, () => text.trim()).join(' ') + '\n');
    const { file, stdout } = await make(['--skills', 'Block'], 'long-block.pdf', data);
    expect(stdout).toContain(`en-2020/block (${file})`);
    expect(stdout).not.toContain('cards.pdf');
    const texts = cardTexts(file, 1);
    expect(texts.length).toBeGreaterThanOrEqual(2);
    const bodies = texts.map((t, n) => {
      expect(squash(t), `card ${n + 1}`).toContain(`Block (${n + 1}/${texts.length})`);
      return t
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l && !/Block \(|Skill · General|BB 1-3|Blood Bowl 2020|^en-2020\/block$|^G$|continued on the next/.test(l));
    });
    for (const body of bodies.slice(0, -1)) expect(body.at(-1), body.join('\n')).toMatch(/[.!?]$/);
    for (const body of bodies.slice(1)) expect(body[0], body.join('\n')).toMatch(/^[A-Z]/);
    const lines = bodies.map((b) => b.length);
    expect(Math.min(...lines) / Math.max(...lines), `lines per card: ${lines}`).toBeGreaterThan(0.75);
    // Nothing lost: every copy of the sentence is printed.
    expect(squash(texts.join(' ')).split('When a both down result is applied').length - 1).toBe(20);
  });

  it("never ends a card on a player's skill heading: the heading goes with its text", async () => {
    const roster = `team: Orcland Raiders\nedition: en-2020\nplayers:\n  - name: Karl\n    skills: [Block, Dodge, Animal Savagery]\n  - name: Bertha\n    skills: [Mighty Blow, Loner, Bone Head, Block, Projectile Vomit]\n`;
    const planned = planSelection(
      bundle,
      { skills: null, edition: null, lang: null, roster: { text: roster, file: 'orcs.yaml' }, perPlayer: true },
      createValidator(readSchemaFiles(repoRoot)),
    );
    if ('usage' in planned) throw new Error(planned.usage);
    const fonts = await cardFonts();
    let continued = 0;
    for (const spec of planned.plan.specs) {
      const parts = fitCard(spec, fonts).cards;
      for (const part of parts.slice(0, -1)) {
        continued++;
        expect(part.blocks.at(-1)?.keepWithNext, `${spec.title} (${part.part + 1}/${part.parts}) ends on ${JSON.stringify(part.blocks.at(-1)?.runs)}`).not.toBe(
          true,
        );
      }
    }
    expect(continued).toBeGreaterThanOrEqual(2);
  });

  it('prints a Big Un with seven traits on as many cards as he needs, and the rest of the team', async () => {
    const traits = 'Loner (4+), Bone Head, Mighty Blow (+1), Thick Skull, Throw Team-mate, Really Stupid, Regeneration';
    const roster = join(tempDir(), 'ogres.yaml');
    writeFileSync(
      roster,
      `team: Ogre Kingdoms\nedition: en-2020\nplayers:\n  - name: Gnoblar\n    skills: [Dodge]\n  - name: Big Un\n    skills: "${traits}"\n`,
    );
    const { file, stdout } = await make(['--roster', roster, '--per-player']);
    expect(stdout).toMatch(/player:Big Un/);
    const text = squash(poppler('pdftotext', ['-raw', file, '-']));
    const parts = Number(/Big Un \(1\/(\d+)\)/.exec(text)![1]);
    expect(parts).toBeGreaterThan(1);
    for (let n = 1; n <= parts; n++) expect(text).toContain(`Big Un (${n}/${parts})`);
    expect(text).toContain('Gnoblar');
  });

  it("an error about a player stands at that player's line, not the roster's first", async () => {
    const roster = join(tempDir(), 'glyph.yaml');
    writeFileSync(roster, 'team: Orcs\nedition: en-2020\nplayers:\n  - name: Gork\n    skills: [Block]\n  - name: Mork 漢\n    skills: [Dodge]\n');
    const run = await cards(['--data', dataDir, '--roster', roster, '--per-player', '-o', join(tempDir(), 'x.pdf')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/glyph\.yaml:6:\d+ error the character '漢' \(U\+6F22\) in player Mork 漢/);
  });

  it('refuses a text that would need more than 4 cards, at its record and line; nothing written', async () => {
    const data = withText('en-2020/dodge', (text) => Array.from({ length: 120 }, () => text.trim()).join('\n\n') + '\n');
    const file = join(tempDir(), 'runaway.pdf');
    const run = await cards(['--data', data, '--skills', 'Dodge', '-o', file]);
    expect(run.code).toBe(1);
    const dodge = bundle.skills.find((r) => r.id === 'en-2020/dodge')!;
    expect(run.stderr).toMatch(
      new RegExp(
        `en-2020-skills-traits\\.txt:${dodge.source.lines[0]}:1 error en-2020/dodge: the text needs \\d+ poker cards at 7 pt; a card continues on at most 4`,
      ),
    );
    expect(run.stderr).toContain('[cards/text-too-long]');
    expect(existsSync(file)).toBe(false);
  });

  it('--text-size uniform sets every body of a page at one size, the largest that fits them all', async () => {
    // The size of each text in a card's body (under its kind line, over its footer), page by page.
    const sheet = sheetFor(cardsOptions());
    const inBody = (y: number) => sheet.slots.some((slot) => y > pt(slot.y + 19.9) && y < pt(slot.y + 88 - 9.4 - 1.4));
    const sizes = (file: string) => readPdfPages(file).map((page) => new Set(page.texts.filter((t) => inBody(page.mediaBox[3] - t.y)).map((t) => t.size)));
    const skills = ['--edition', 'en-2020', '--skills', 'Block, Dodge, Bone Head, Loner, Sprint, Claws'];
    const fit = sizes((await make(skills)).file);
    const uniform = sizes((await make([...skills, '--text-size', 'uniform'])).file);
    expect(fit[0]!.size).toBeGreaterThan(1);
    expect(uniform[0]!.size).toBe(1);
    expect(Math.min(...uniform[0]!)).toBe(Math.min(...fit[0]!));
  });
});

describe('card sizes (--size)', () => {
  const mm = (points: number) => Math.round((points / MM) * 100) / 100;
  const boxSize = ([x1, y1, x2, y2]: number[]) => [mm(x2! - x1!), mm(y2! - y1!)];

  it.each([
    ['poker', 63, 88],
    ['bridge', 57, 89],
    ['mini', 44, 63],
    ['tarot', 70, 120],
  ] as const)('--size %s: %d × %d mm cards, one a page with its bleed, or touching in a grid between the crop marks', async (size, width, height) => {
    const single = readPdfPages((await make(['--roster', rosterFile, '--size', size, '--layout', 'single'])).file);
    for (const page of single) {
      expect(boxSize(page.trimBox)).toEqual([width, height]);
      expect(boxSize(page.mediaBox)).toEqual([width + 6, height + 6]);
    }
    const [sheet] = readPdfPages((await make(['--roster', rosterFile, '--size', size])).file);
    const [w, h] = boxSize(sheet!.trimBox);
    expect(Number.isInteger(Math.round((w! / width) * 1000) / 1000) && w! >= width, `${w} wide`).toBe(true);
    expect(Number.isInteger(Math.round((h! / height) * 1000) / 1000) && h! >= height, `${h} high`).toBe(true);
  });

  it('the PDF says its card size in its subject', async () => {
    const { file } = await make(['--roster', rosterFile, '--size', 'bridge']);
    expect(poppler('pdfinfo', [file])).toMatch(/Subject:\s+Printable bridge-size cards \(57 × 89 mm; A4, 3 × 3\)/);
  });

  it('`--size uniform` and `--size fit`, written before the card sizes, still work as --text-size, and say so', async () => {
    const old = await make(['--roster', rosterFile, '--size', 'uniform'], 'old.pdf');
    const now = await make(['--roster', rosterFile, '--text-size', 'uniform'], 'now.pdf');
    expect(readFileSync(old.file).equals(readFileSync(now.file))).toBe(true);
    expect(old.stderr).toBe('nuffle cards: --size uniform is now --text-size uniform; --size chooses the card size (poker, bridge, mini, tarot)');
    expect(now.stderr).toBe('');
    const both = await cards(['--data', dataDir, '--roster', rosterFile, '--size', 'uniform', '--text-size', 'fit', '-o', join(tempDir(), 'x.pdf')]);
    expect([both.code, both.stderr.split('\n')[0]]).toEqual([2, 'nuffle cards: --size uniform is --text-size uniform now, and --text-size is given: keep one']);
    const wrong = await cards(['--size', 'huge']);
    expect([wrong.code, wrong.stderr.split('\n')[0]]).toEqual([2, 'nuffle cards: --size takes poker or bridge or mini or tarot; got "huge"']);
  });
});

describe('files', () => {
  const tags = (file: string) =>
    poppler('pdffonts', [file])
      .trim()
      .split('\n')
      .slice(2)
      .map((row) => row.slice(0, 6));

  it('gives each file its own font subset tags, the same on every run', async () => {
    const a = tags((await make(['--skills', 'Block'], 'a.pdf')).file);
    const b = tags((await make(['--skills', 'Dodge'], 'b.pdf')).file);
    const again = tags((await make(['--skills', 'Block'], 'c.pdf')).file);
    expect(a.length).toBeGreaterThanOrEqual(2);
    for (const tag of [...a, ...b]) expect(tag).toMatch(/^[A-Z]{6}$/);
    expect(new Set(a).size).toBe(a.length);
    expect(a.filter((tag) => b.includes(tag))).toEqual([]);
    expect(again).toEqual(a);
  });
});

describe('usage', () => {
  it('prints one line for a usage error and points at --help', async () => {
    for (const args of [['--paper', 'a5'], ['--ink', 'none'], ['--per-player'], ['--nope']]) {
      const run = await cards(args);
      expect(run.code, args.join(' ')).toBe(2);
      const lines = run.stderr.trim().split('\n');
      expect(lines, args.join(' ')).toHaveLength(2);
      expect(lines[0]).toMatch(/^nuffle cards: /);
      expect(lines[1]).toBe('Run "nuffle cards --help" for the options.');
    }
  });
});
