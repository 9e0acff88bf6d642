/**
 * Bench of the card stage: the time to render every card of every edition
 * (and the inducement cards) with pdfkit, from the parsed dataset to PDF
 * bytes in memory; and, for comparison, the time Chromium takes to print the
 * same cards from simple HTML (page.pdf(), browser already running). Figures
 * only; nothing asserts a time.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { readDataBundle, repoRoot } from '../io.ts';
import type { DataBundle } from '../model/dataset.ts';
import { planAllDocuments, renderDocuments } from '../emit/cards/emit-cards.ts';
import { cardsOptions } from '../emit/cards/options.ts';
import { cardFonts } from '../targets/cards.ts';

export interface CardsBench {
  /** Median of warm runs: plan + fit + draw of all documents. */
  cardsMs: number;
  /** The first run in this process (JIT cold). */
  cardsColdMs: number;
  /** Chromium printing the same cards from HTML (median of warm runs), or null when no browser. */
  chromiumMs: number | null;
  /** Chromium start-up, once. */
  chromiumLaunchMs: number | null;
  cards: number;
  pages: number;
}

const median = (samples: number[]): number => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;

export async function benchCards(options: { runs?: number; bundle?: DataBundle; chromium?: string } = {}): Promise<CardsBench> {
  const runs = options.runs ?? 5;
  const bundle = options.bundle ?? readDataBundle(join(repoRoot, 'dist/data'));
  const fonts = await cardFonts();
  const renderAll = async () => renderDocuments(planAllDocuments(bundle), bundle, cardsOptions(), fonts);
  let start = performance.now();
  const first = await renderAll();
  const cardsColdMs = performance.now() - start;
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    start = performance.now();
    await renderAll();
    samples.push(performance.now() - start);
  }
  const cards = first.documents.reduce((n, d) => n + d.cards, 0);
  const pages = first.documents.reduce((n, d) => n + d.pages, 0);

  const executablePath = options.chromium ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) return { cardsMs: median(samples), cardsColdMs, chromiumMs: null, chromiumLaunchMs: null, cards, pages };
  const { chromium } = await import('playwright-core');
  start = performance.now();
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  const chromiumLaunchMs = performance.now() - start;
  try {
    const htmls = htmlDocuments(bundle);
    const page = await browser.newPage();
    const printAll = async () => {
      for (const html of htmls) {
        await page.setContent(html, { waitUntil: 'load' });
        await page.pdf({ format: 'A4', printBackground: true, margin: { top: '0', right: '0', bottom: '0', left: '0' } });
      }
    };
    await printAll(); // warm-up
    const chromeSamples: number[] = [];
    for (let i = 0; i < Math.min(runs, 3); i++) {
      start = performance.now();
      await printAll();
      chromeSamples.push(performance.now() - start);
    }
    return { cardsMs: median(samples), cardsColdMs, chromiumMs: median(chromeSamples), chromiumLaunchMs, cards, pages };
  } finally {
    await browser.close();
  }
}

/** A CMYK colour as the CSS rgb() a browser draws for it (the naive conversion: enough for a benchmark's boxes). */
const cssColour = ([c, m, y, k]: readonly number[]): string => `rgb(${[c, m, y].map((v) => Math.round(255 * (1 - v! / 100) * (1 - k! / 100))).join(' ')})`;

/** The same cards as simple HTML, one document per PDF: 63 × 88 mm boxes, 3 × 3 per A4 page. */
function htmlDocuments(bundle: DataBundle): string[] {
  const toHtml = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeStringify);
  const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return planAllDocuments(bundle).map((plan) => {
    const cards = plan.specs.map((spec) => {
      const record = bundle.skills.find((r) => r.id === spec.key) ?? null;
      const inducement = record ? null : bundle.inducements.find((i) => i.id === spec.key);
      const markdown =
        record?.text ??
        [
          inducement?.text ?? '',
          ...(inducement?.abilities ?? []).map((a) => `**${a.name}** ${a.text}`),
          ...(inducement?.spells ?? []).map((s) => `**${s.name}** ${s.text}`),
        ].join('\n\n');
      return `<article style="border-top:13mm solid ${cssColour(spec.colour.ink)}"><h2>${escapeHtml(spec.title)}</h2><p class="kind">${escapeHtml(spec.kindLabel)}</p><div class="body">${String(toHtml.processSync(markdown))}</div><footer>${escapeHtml(spec.footerLeft)}<br>${escapeHtml(spec.footerRight)}</footer></article>`;
    });
    return `<!doctype html><html lang="${plan.language}"><meta charset="utf-8"><style>
@page { size: A4; margin: 0 }
body { margin: 0; font: 7pt "DejaVu Sans Condensed", sans-serif }
.sheet { display: grid; grid-template-columns: repeat(3, 63mm); grid-auto-rows: 88mm; justify-content: center; padding-top: 16.5mm; page-break-after: always }
article { box-sizing: border-box; padding: 0 3.6mm; overflow: hidden; position: relative }
h2 { margin: -11mm 0 6mm; color: #fff; font-size: 10.5pt }
.kind { font-weight: bold; margin: 0 0 1mm } .body p, .body ul, .body ol { margin: 0 0 1mm }
footer { position: absolute; bottom: 1mm; font-size: 5pt; color: #555 }
</style><body>${chunk(cards, 9)
      .map((sheet) => `<section class="sheet">${sheet.join('')}</section>`)
      .join('')}</body></html>`;
  });
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

if (import.meta.main) {
  const result = await benchCards();
  console.log(result);
}
