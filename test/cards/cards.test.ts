import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DataBundle } from '../../pipeline/model/dataset.ts';
import { planAllDocuments, type IndexEntry } from '../../pipeline/emit/cards/emit-cards.ts';
import { isCardInducement } from '../../pipeline/emit/cards/inducement-cards.ts';
import { fitCard } from '../../pipeline/emit/cards/layout.ts';
import { cardFonts } from '../../pipeline/targets/cards.ts';
import { runCli, runCliProcess } from '../helpers.ts';
import { cards, pageCount, pageText, poppler, realBundle, squash, tempDir, writeDataDir } from './helpers.ts';

const STANDARD_14 = /Helvetica|Times|Courier|Symbol|ZapfDingbats/;
const MM = 72 / 25.4;

let bundle: DataBundle;
let dataDir: string;
let outDir: string;
let index: { files: IndexEntry[] };

beforeAll(async () => {
  bundle = realBundle();
  dataDir = writeDataDir(bundle);
  outDir = join(tempDir(), 'cards');
  const run = await cards(['--data', dataDir, '--out', outDir]);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  index = JSON.parse(readFileSync(join(outDir, 'index.json'), 'utf8'));
});

describe('the full set', () => {
  it('writes one PDF per edition with cards, the inducement cards and index.json', () => {
    const records = (edition: string) => bundle.skills.filter((r) => r.edition === edition).length;
    expect(readdirSync(outDir).sort()).toEqual(['.nuffle-output', 'en-2020.pdf', 'en-traits-alt.pdf', 'fr-legacy.pdf', 'index.json', 'inducements.pdf']);
    expect(index.files.map((f) => [f.file, f.edition, f.language, f.records])).toEqual([
      ['en-2020.pdf', 'en-2020', 'en', records('en-2020')],
      ['en-traits-alt.pdf', 'en-traits-alt', 'en', records('en-traits-alt')],
      ['fr-legacy.pdf', 'fr-legacy', 'fr', records('fr-legacy')],
      ['inducements.pdf', 'en-2020-inducements', 'en', bundle.inducements.filter(isCardInducement).length],
    ]);
    for (const entry of index.files) {
      expect(pageCount(join(outDir, entry.file)), entry.file).toBe(entry.pages);
      expect(entry.pages).toBe(Math.ceil(entry.cards / 9));
    }
  });

  it("prints every card's name on the page its place in the deck puts it", async () => {
    const fonts = await cardFonts();
    for (const plan of planAllDocuments(bundle)) {
      const file = join(outDir, plan.file);
      const pages = new Map<number, string>();
      const textOf = (page: number) => pages.get(page) ?? (pages.set(page, squash(pageText(file, page))), pages.get(page)!);
      let slot = 0;
      for (const spec of plan.specs) {
        const parts = fitCard(spec, fonts).cards.length;
        expect(textOf(Math.floor(slot / 9) + 1), `${spec.key} on page ${Math.floor(slot / 9) + 1} of ${plan.file}`).toContain(spec.title);
        expect(textOf(Math.floor(slot / 9) + 1)).toContain(spec.footerRight);
        slot += parts;
      }
      expect(Math.ceil(slot / 9)).toBe(pageCount(file));
    }
  });

  it('prints French cards with the French name and the English one in small type', () => {
    const text = squash(pageText(join(outDir, 'fr-legacy.pdf'), 1));
    expect(text).toContain('Animal sauvage');
    // Every French card with an English name shows it whole, even beside a long marker.
    const specs = planAllDocuments(bundle)
      .find((p) => p.file === 'fr-legacy.pdf')!
      .specs.filter((s) => s.subtitle && ` ${text} `.includes(` ${s.footerRight} `));
    expect(specs.length).toBeGreaterThan(3);
    for (const spec of specs) expect(text).toContain(spec.subtitle);
    expect(text).toContain('Trait · Spéciale');
  });

  it('embeds every font (DejaVu, subset) and uses no standard-14 font', () => {
    for (const entry of index.files) {
      const rows = poppler('pdffonts', [join(outDir, entry.file)])
        .trim()
        .split('\n')
        .slice(2);
      expect(rows.length, entry.file).toBeGreaterThanOrEqual(2);
      for (const row of rows) {
        expect(row, entry.file).toMatch(/^[A-Z]{6}\+DejaVuSansCondensed/);
        expect(row).not.toMatch(STANDARD_14);
        const [emb, sub] = row.trim().split(/\s+/).slice(-5, -3);
        expect([emb, sub], row).toEqual(['yes', 'yes']);
      }
    }
  });

  it('sets A4 pages with the TrimBox on the 3 × 3 grid, centred', () => {
    const info = poppler('pdfinfo', ['-box', '-f', '1', '-l', '1', join(outDir, 'en-2020.pdf')]);
    expect(info).toMatch(/size:\s+595\.2\d* x 841\.8\d* pts \(A4\)/);
    const trim = boxOf(info, 'TrimBox');
    expectBox(trim, [10.5, 16.5, 10.5 + 189, 16.5 + 264]);
    expect(boxOf(info, 'BleedBox')).toEqual(trim);
    const every = poppler('pdfinfo', ['-box', '-f', '1', '-l', '99', join(outDir, 'en-2020.pdf')]);
    expect(every.match(/TrimBox:\s+29\.76\s+46\.77\s+565\.51\s+795\.12/g)).toHaveLength(index.files[0]!.pages);
  });

  it('writes the dataset version, title and a fixed creation date into the metadata', () => {
    const info = poppler('pdfinfo', [join(outDir, 'en-2020.pdf')]);
    expect(info).toMatch(/Title:\s+Blood Bowl 2020 \(English\): skill and trait cards/);
    expect(info).toContain(`dataset ${bundle.meta.datasetVersion}`);
    expect(info).toMatch(/CreationDate:\s+Wed Jan\s+1 00:00:00 2020 UTC/);
  });

  it('lists the cards that continue on more cards, and heads each (1/2), (2/2)', async () => {
    const fonts = await cardFonts();
    const en = index.files.find((f) => f.file === 'en-2020.pdf')!;
    expect(en.continued).toContain('en-2020/animal-savagery');
    expect(en.cards).toBe(
      en.records + en.continued.reduce((n, key) => n + fitCard(planAllDocuments(bundle)[0]!.specs.find((s) => s.key === key)!, fonts).cards.length - 1, 0),
    );
    // The first record that continues, by name: headed (1/n) … (n/n), in order, where the deck puts it.
    const spec = planAllDocuments(bundle)[0]!.specs.find((s) => en.continued.includes(s.key))!;
    const parts = fitCard(spec, fonts).cards.length;
    const text = squash(Array.from({ length: en.pages }, (_, p) => pageText(join(outDir, 'en-2020.pdf'), p + 1)).join(' '));
    const heads = Array.from({ length: parts }, (_, n) => text.indexOf(`${spec.title} (${n + 1}/${parts})`));
    expect(heads.every((at) => at >= 0)).toBe(true);
    expect([...heads].sort((a, b) => a - b)).toEqual(heads);
  });
});

describe('determinism', () => {
  it('gives byte-identical files from two separate runs: a fresh process and this warm one', async () => {
    const args = (out: string) => ['cards', '--data', dataDir, '--out', out, '--backs'];
    const a = join(tempDir(), 'a');
    const b = join(tempDir(), 'b');
    // One run a process of its own: the claim is about separate processes, and nothing this worker has loaded or cached may change a byte.
    expect(runCliProcess(args(a)).status).toBe(0);
    expect((await runCli(args(b))).status).toBe(0);
    for (const file of readdirSync(a)) expect(readFileSync(join(b, file)).equals(readFileSync(join(a, file))), file).toBe(true);
  });
});

describe('sheets', () => {
  it('with --bleed, lays A4 landscape 4 × 2 with 6 mm gutters, and sets TrimBox and BleedBox 3 mm apart', async () => {
    const file = join(tempDir(), 'bleed.pdf');
    expect((await cards(['--data', dataDir, '--skills', 'Block', '--bleed', '-o', file])).code).toBe(0);
    const info = poppler('pdfinfo', ['-box', file]);
    expect(info).toMatch(/Page size:\s+841\.89 x 595\.276 pts \(A4\)/);
    // 4 × 63 + 3 × 6 = 270 mm wide, 2 × 88 + 6 = 182 mm high, centred on 297 × 210.
    expectBox(boxOf(info, 'TrimBox'), [13.5, 14, 283.5, 196], 210);
    expectBox(boxOf(info, 'BleedBox'), [10.5, 11, 286.5, 199], 210);
  });

  it('centres the 3 × 3 grid on Letter, and fits --bleed on Letter landscape, 3 × 2', async () => {
    const file = join(tempDir(), 'letter.pdf');
    expect((await cards(['--data', dataDir, '--skills', 'Block', '--paper', 'letter', '-o', file])).code).toBe(0);
    const info = poppler('pdfinfo', ['-box', file]);
    expect(info).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);
    expectBox(boxOf(info, 'TrimBox'), [(215.9 - 189) / 2, (279.4 - 264) / 2, (215.9 + 189) / 2, (279.4 + 264) / 2], 279.4);
    const bleed = join(tempDir(), 'letter-bleed.pdf');
    const run = await cards(['--data', dataDir, '--skills', 'Block', '--paper', 'letter', '--bleed', '-o', bleed]);
    expect(run.code, run.stderr).toBe(0);
    const landscape = poppler('pdfinfo', ['-box', bleed]);
    expect(landscape).toMatch(/Page size:\s+792 x 612 pts \(letter\)/);
    // 3 × 63 + 2 × 6 = 201 mm wide, 182 mm high, centred on 279.4 × 215.9.
    expectBox(boxOf(landscape, 'TrimBox'), [(279.4 - 201) / 2, (215.9 - 182) / 2, (279.4 + 201) / 2, (215.9 + 182) / 2], 215.9);
  });

  it('puts a back page after each front page, mirrored for long-edge duplex', async () => {
    const file = join(tempDir(), 'backs.pdf');
    // Row 1: Accurate (passing), Block (general), Claws (mutation)
    expect((await cards(['--data', dataDir, '--skills', 'Accurate, Block, Claws, Dodge', '--backs', '-o', file])).code).toBe(0);
    expect(pageCount(file)).toBe(2);
    const back = pageText(file, 2);
    expect(back).toMatch(/Mutation\s+General\s+Passing/);
    expect(back).toContain('NUFFLE CODEX');
    // Dodge, first column of the second row in front, is in the last column of the back, under Passing
    const lines = back.split('\n');
    const passing = lines.find((l) => l.includes('Passing'))!;
    const agility = lines.find((l) => l.includes('Agility'))!;
    expect(Math.abs(agility.indexOf('Agility') - passing.indexOf('Passing'))).toBeLessThanOrEqual(2);
  });
});

describe('selection', () => {
  it('prints names and ids of any edition or language, with the parameter asked for', async () => {
    const file = join(tempDir(), 'pick.pdf');
    const run = await cards(['--data', dataDir, '--skills', 'Block, Dodge, Mighty Blow (+2), Châtaigne, en-2020/loner (4+)', '-o', file]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const text = squash(pageText(file, 1));
    for (const name of ['Block', 'Dodge', 'Mighty Blow (+2)', 'Châtaigne', 'EN: Mighty Blow', 'Loner (4+)', 'COMPULSORY']) expect(text).toContain(name);
    expect(text).not.toContain('Mighty Blow (+1)');
  });

  it('fails on an unknown name with the closest names, exit 1, and writes nothing', async () => {
    const file = join(tempDir(), 'none.pdf');
    const run = await cards(['--data', dataDir, '--skills', 'Block, Mighty Blo', '-o', file]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('unknown skill or trait "Mighty Blo"; did you mean: Mighty Blow');
    expect(run.stderr).toContain('[cards/unknown-name]');
    expect(existsSync(file)).toBe(false);
  });

  it('prints a name two English editions share from the base edition, the other with --edition (issue 34, item 3)', async () => {
    const base = join(tempDir(), 'x.pdf');
    const run = await cards(['--data', dataDir, '--skills', 'Always Hungry', '-o', base]);
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(squash(pageText(base, 1))).toContain('en-2020/always-hungry');
    const other = join(tempDir(), 'y.pdf');
    expect((await cards(['--data', dataDir, '--skills', 'Always Hungry', '--edition', 'en-traits-alt', '-o', other])).code).toBe(0);
    expect(squash(pageText(other, 1))).toContain('en-traits-alt/always-hungry');
  });

  it('reads a name through its concept in the language asked for', async () => {
    const file = join(tempDir(), 'fr.pdf');
    expect((await cards(['--data', dataDir, '--lang', 'fr', '--skills', 'Dodge, Mighty Blow', '-o', file])).code).toBe(0);
    const text = squash(pageText(file, 1));
    expect(text).toContain('Esquive');
    expect(text).toContain('Châtaigne');
  });

  it('exits 2 on bad usage', async () => {
    expect((await cards(['--paper', 'a5'])).code).toBe(2);
    expect((await cards(['--per-player'])).code).toBe(2);
    expect((await cards(['--nope'])).code).toBe(2);
    expect((await cards(['--data', dataDir, '-o', join(tempDir(), 'x.pdf')])).code).toBe(2);
  });
});

describe('rosters', () => {
  const yamlRoster = `team: Reikland Reavers
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
  const distinct = ['en-2020/block', 'en-2020/dodge', 'en-2020/sprint', 'en-2020/sure-feet', 'en-2020/mighty-blow', 'en-2020/loner', 'en-2020/bone-head'];

  const idsOn = (file: string): string[] => {
    const ids: string[] = [];
    for (let page = 1; page <= pageCount(file); page++) ids.push(...(pageText(file, page).match(/en-2020\/[a-z-]+/g) ?? []));
    return ids;
  };

  for (const [format, text] of [
    ['YAML', yamlRoster],
    [
      'JSON',
      JSON.stringify({
        team: 'Reikland Reavers',
        edition: 'en-2020',
        players: [
          { name: 'Griff Oberwald', position: 'Blitzer', skills: ['Block', 'Dodge', 'Sprint', 'Sure Feet'] },
          { name: 'Big Bertha', skills: 'Mighty Blow (+2), Loner (4+), Bone Head, Block' },
          { name: 'Lineman', skills: ['Block', 'Dodge'] },
        ],
      }),
    ],
  ] as const) {
    it(`selects exactly the distinct skills of a ${format} roster`, async () => {
      const dir = tempDir();
      const roster = join(dir, `team.${format.toLowerCase()}`);
      writeFileSync(roster, text);
      const file = join(dir, 'team.pdf');
      const run = await cards(['--data', dataDir, '--roster', roster, '-o', file]);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/: \d+ cards \(7 records\)/);
      expect([...new Set(idsOn(file))].sort()).toEqual([...distinct].sort());
      expect(squash(pageText(file, 1))).toContain('Mighty Blow (+2)');
    });
  }

  it('prints one card per player with --per-player, continued when the skills do not fit', async () => {
    const dir = tempDir();
    const roster = join(dir, 'team.yaml');
    writeFileSync(roster, yamlRoster);
    const file = join(dir, 'players.pdf');
    const run = await cards(['--data', dataDir, '--roster', roster, '--per-player', '-o', file]);
    expect(run.code).toBe(0);
    const text = squash(pageText(file, 1));
    for (const name of ['Griff Oberwald', 'Blitzer · Reikland Reavers', 'Big Bertha', 'Lineman', 'Player · 4 skills', 'Sure Feet'])
      expect(text).toContain(name);
  });

  it('reports an unknown skill of a roster at its line', async () => {
    const dir = tempDir();
    const roster = join(dir, 'team.yaml');
    writeFileSync(roster, yamlRoster.replace('Sure Feet', 'Sure Fet'));
    const run = await cards(['--data', dataDir, '--roster', roster, '-o', join(dir, 'x.pdf')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/team\.yaml:6:1 error unknown skill or trait "Sure Fet" in edition en-2020; did you mean: Sure Feet/);
    expect(existsSync(join(dir, 'x.pdf'))).toBe(false);
  });
});

describe('fit and glyphs', () => {
  const changed = (id: string, text: (old: string) => string): string => {
    const copy = structuredClone(realBundle());
    const record = copy.skills.find((r) => r.id === id)!;
    record.text = text(record.text);
    return writeDataDir(copy);
  };

  it('continues a text that does not fit at 6 pt on cards headed (1/n), (2/n)…', async () => {
    const data = changed('en-2020/block', (text) => Array.from({ length: 9 }, () => text.trim()).join('\n\n') + '\n');
    const file = join(tempDir(), 'long.pdf');
    const run = await cards(['--data', data, '--skills', 'Block', '-o', file]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/texts? continued on more than one card, headed \(1\/2\), \(2\/2\)…: en-2020\/block/);
    const text = squash(pageText(file, 1));
    expect(text).toMatch(/Block \(2\/\d\)/);
    expect(text).toContain('continued on the next card');
    // never clipped: every sentence of the nine copies is printed
    expect(text.split('When a both down result is applied').length - 1).toBe(9);
  });

  it('fails on a character the font lacks, naming it, the record and its line; nothing written', async () => {
    const data = changed('en-2020/dodge', (text) => text.replace('Dodge', 'Dodge 漢'));
    const file = join(tempDir(), 'glyph.pdf');
    const run = await cards(['--data', data, '--skills', 'Dodge', '-o', file]);
    expect(run.code).toBe(1);
    const dodge = bundle.skills.find((r) => r.id === 'en-2020/dodge')!;
    expect(run.stderr).toContain(
      `sources/raw/en-2020-skills-traits.txt:${dodge.source.lines[0]}:1 error the character '漢' (U+6F22) in en-2020/dodge (text line 1) has no glyph`,
    );
    expect(run.stderr).toContain('[cards/missing-glyph]');
    expect(existsSync(file)).toBe(false);
  });

  it("names an inducement ability's own line for a missing glyph", async () => {
    const copy = structuredClone(realBundle());
    const fink = copy.inducements.find((i) => i.id === 'en-2020-inducements/fink-da-fixer')!;
    fink.abilities[0]!.text = fink.abilities[0]!.text.replace('Bribe', 'Bribe ½ ≥ « » — 漢');
    const run = await cards(['--data', writeDataDir(copy), '--out', join(tempDir(), 'cards')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `sources/raw/inducement-notes.txt:${fink.abilities[0]!.line}:1 error the character '漢' (U+6F22) in en-2020-inducements/fink-da-fixer`,
    );
    expect(run.stderr).not.toMatch(/'[½≥«»—]'/);
  });

  it('fails the full build on a missing glyph and leaves the previous cards in place', async () => {
    const data = changed('fr-legacy/esquive', (text) => `${text.trim()} 🏈\n`);
    const run = await cards(['--data', data, '--out', outDir]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("'🏈' (U+1F3C8) in fr-legacy/esquive");
    expect(JSON.parse(readFileSync(join(outDir, 'index.json'), 'utf8'))).toEqual(index);
  });
});

function boxOf(info: string, name: string): number[] {
  const match = new RegExp(`^(?:Page\\s+\\d+\\s+)?${name}:\\s+([\\d.]+)\\s+([\\d.]+)\\s+([\\d.]+)\\s+([\\d.]+)`, 'm').exec(info);
  if (!match) throw new Error(`no ${name} in\n${info}`);
  return match.slice(1).map(Number);
}

/** A box in points (from the bottom-left corner) against millimetres from the paper's top-left corner [x1, top, x2, bottom]. */
function expectBox(box: number[], mm: [number, number, number, number], pageHeight = 297): void {
  const [x1, top, x2, bottom] = mm;
  expect(box[0]).toBeCloseTo(x1 * MM, 1);
  expect(box[1]).toBeCloseTo((pageHeight - bottom) * MM, 1);
  expect(box[2]).toBeCloseTo(x2 * MM, 1);
  expect(box[3]).toBeCloseTo((pageHeight - top) * MM, 1);
}
