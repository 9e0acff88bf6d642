/**
 * SPIKE for issue 25 (cards on the site): the project's own card stage,
 * pipeline/emit/cards/, bundled for Chromium with pdfkit's browser build
 * (test/site/cards-spike/), fetching the published data and the embedded font
 * from the page's origin, against `nuffle cards` on the same dataset, for every
 * whole-edition deck. What it proves is written up in docs/design/site-cards.md:
 * - with the same pdfkit build on both sides (the CLI importing pdfkit's browser
 *   build, so fflate deflates everywhere), the PDFs are byte-identical;
 * - with the CLI as it is (pdfkit's Node build, Node's zlib), only the compressed
 *   streams differ: `qpdf --qdf --object-streams=disable` gives the same file.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE_FILES } from '../../pipeline/model/dataset.ts';
import { FACES, FONT_DIR, FONT_FILES } from '../../pipeline/emit/cards/fonts.ts';
import { repoRoot } from '../helpers.ts';
import { buildInto, launchChromium, serveStatic } from './helpers.ts';
import { buildCardBundle } from './cards-spike/build-bundle.ts';
import type { Rendered } from './cards-spike/browser-entry.ts';

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** `nuffle cards --data D --out O`, in a child Node (with `--import` hooks when given); the folder written. */
function cliCards(dataDir: string, imports: readonly string[]): string {
  const out = join(mkdtempSync(join(tmpdir(), 'nuffle-cards-cli-')), 'cards');
  const args = [...imports.flatMap((i) => ['--import', i]), join(repoRoot, 'pipeline/cli.ts'), 'cards', '--data', dataDir, '--out', out];
  const result = spawnSync(process.execPath, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`nuffle cards failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return out;
}

/** qpdf's QDF view: every stream uncompressed, no object streams, the second /ID from the content. */
function qdf(pdf: Uint8Array): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'nuffle-qdf-'));
  writeFileSync(join(dir, 'in.pdf'), pdf);
  const result = spawnSync('qpdf', ['--qdf', '--object-streams=disable', '--deterministic-id', join(dir, 'in.pdf'), join(dir, 'out.pdf')], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`qpdf: ${result.stderr || result.error?.message}`);
  return readFileSync(join(dir, 'out.pdf'));
}

/** A folder served as the site would serve the card page's inputs: the chunk, dist/data's files, the faces. */
function pageFolder(dataDir: string, chunk: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'nuffle-cards-page-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="en"><title>cards spike</title></html>\n');
  writeFileSync(join(dir, '404.html'), '<!doctype html><html lang="en"><title>not found</title></html>\n');
  writeFileSync(join(dir, 'cards.js'), chunk);
  mkdirSync(join(dir, 'data'));
  for (const file of Object.values(BUNDLE_FILES)) copyFileSync(join(dataDir, file), join(dir, 'data', file));
  mkdirSync(join(dir, 'fonts'));
  for (const face of FACES) copyFileSync(join(repoRoot, FONT_DIR, FONT_FILES[face]), join(dir, 'fonts', FONT_FILES[face]));
  return dir;
}

describe('the card stage in Chromium (spike for issue 25)', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let rendered: Rendered[];
  let nodeBuild: string;
  let browserBuild: string;
  const requests: string[] = [];
  let origin: string;

  beforeAll(async () => {
    const dataDir = join(buildInto(repoRoot, ['data']), 'data');
    nodeBuild = cliCards(dataDir, []);
    browserBuild = cliCards(dataDir, [join(repoRoot, 'test/site/cards-spike/use-pdfkit-browser.ts')]);
    const server = await serveStatic(pageFolder(dataDir, (await buildCardBundle()).code));
    origin = server.origin;
    browser = await launchChromium();
    close = async () => {
      await browser.close();
      await server.close();
    };
    const page = await browser.newPage();
    page.on('request', (request) => void requests.push(request.url()));
    await page.goto(`${origin}/`);
    // A string, not a function: vitest would rewrite a function's import() for Node.
    rendered = await page.evaluate<Rendered[]>(`import('/cards.js').then((chunk) => chunk.renderFromOrigin(location.origin, { paper: 'a4', bleed: false, backs: false }, null))`);
  }, 240_000);

  afterAll(async () => {
    await close?.();
  });

  const decks = () => readdirSync(nodeBuild).filter((f) => f.endsWith('.pdf')).sort();
  const browserPdf = (file: string): Uint8Array => {
    const deck = rendered.find((r) => r.file === file);
    if (!deck) throw new Error(`the browser made no ${file}`);
    return new Uint8Array(Buffer.from(deck.base64, 'base64'));
  };

  it('makes every whole-edition deck the CLI makes', () => {
    expect(rendered.map((r) => r.file).sort()).toEqual(decks());
    expect(decks().length).toBeGreaterThan(0);
  });

  it('gives the bytes of the CLI when both run the same pdfkit build (one deflate: fflate)', () => {
    for (const file of decks()) expect({ file, sha256: sha256(browserPdf(file)) }).toEqual({ file, sha256: sha256(readFileSync(join(browserBuild, file))) });
  });

  it('differs from the CLI as it is (Node zlib) only in compression: the qpdf QDF views are the same bytes', () => {
    for (const file of decks()) expect({ file, sha256: sha256(qdf(browserPdf(file))) }).toEqual({ file, sha256: sha256(qdf(readFileSync(join(nodeBuild, file)))) });
  });

  it('asks nothing of any origin but its own', () => {
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((url) => !url.startsWith(`${origin}/`))).toEqual([]);
  });
});
