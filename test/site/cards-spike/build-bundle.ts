/**
 * SPIKE: bundle ./browser-entry.ts (the card stage, pdfkit's browser build,
 * remark) for Chromium with esbuild, Node's modules replaced by
 * ./node-shims.ts. Prints the chunk's size, raw and gzip:
 *   node test/site/cards-spike/build-bundle.ts [out.js]
 */
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const shims = join(here, 'node-shims.ts');

/**
 * node:module, node:crypto and node:util → the shims (the card path's only Node imports).
 * fontkit's WOFF2 decoder (brotli, a third of the chunk) → a stub: the card fonts are TTF,
 * so it is never called and cannot change a byte.
 */
const nodeShims: Plugin = {
  name: 'node-shims',
  setup(b) {
    b.onResolve({ filter: /^node:(module|crypto|util)$/ }, () => ({ path: shims }));
    b.onResolve({ filter: /^brotli\/decompress\.js$/ }, () => ({ path: join(here, 'no-woff2.ts') }));
    b.onResolve({ filter: /^(node:)?(fs|path|zlib|stream|os|child_process)$/ }, (args) => ({ errors: [{ text: `${args.path} reached the browser card chunk from ${args.importer}` }] }));
  },
};

export interface CardBundle {
  code: string;
  raw: number;
  gzip: number;
  /** Bytes of each input in the output (esbuild's metafile), largest first. */
  inputs: [string, number][];
}

export async function buildCardBundle(minify = true): Promise<CardBundle> {
  const result = await build({
    entryPoints: [join(here, 'browser-entry.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify,
    write: false,
    metafile: true,
    legalComments: 'none',
    inject: [shims],
    plugins: [nodeShims],
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.text;
  const output = Object.values(result.metafile.outputs)[0]!;
  const inputs = Object.entries(output.inputs)
    .map(([file, info]) => [file, info.bytesInOutput] as [string, number])
    .sort((a, b) => b[1] - a[1]);
  return { code, raw: Buffer.byteLength(code), gzip: gzipSync(code, { level: 9 }).length, inputs };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const bundle = await buildCardBundle();
  if (process.argv[2]) writeFileSync(process.argv[2], bundle.code);
  console.log(`card chunk: ${bundle.raw} bytes raw, ${bundle.gzip} bytes gzip -9`);
  const byPackage = new Map<string, number>();
  for (const [file, bytes] of bundle.inputs) {
    const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? 'pipeline';
    byPackage.set(name, (byPackage.get(name) ?? 0) + bytes);
  }
  for (const [name, bytes] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${String(bytes).padStart(8)}  ${name}`);
}
