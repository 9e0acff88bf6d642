/**
 * Shared by the site tests: build a project's data and site into a temp
 * folder (once per test file), read its pages, and drive Debian's chromium.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import type { MetaFile } from '../../pipeline/model/schema-types.ts';
import { needsBuild } from '../guard.ts';
import { runCliProcess } from '../helpers.ts';

export { serveStatic } from '../../pipeline/scripts/preview.ts';

/**
 * The browser the site tests drive: CHROMIUM_PATH, else Debian's Chromium as its headless shell
 * (`chromium-headless-shell`, built from the same source package and version as `chromium`, and what Playwright itself
 * runs headless tests on), else the full `chromium` in its new headless mode. Same engine; the shell has no browser UI
 * to drive, and the site's browser tests cost about 45 % less CPU in it (docs/TESTING.md, 2026-12-02).
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ?? '/usr/bin/chromium';

/**
 * `nuffle build` (all targets, or the ones given) of `root` into a fresh temp folder, in one run (`--only data,site`: the
 * project is read and its data built once); throws with the output when it fails. A process of its own: every caller
 * builds the site, and the site target runs Astro in the process that builds (a build without the site is `runCli`'s).
 */
export function buildInto(root: string, targets: readonly string[] | 'all' = 'all'): string {
  needsBuild('buildInto()');
  const out = mkdtempSync(join(tmpdir(), 'nuffle-site-'));
  const only = targets === 'all' ? [] : ['--only', targets.join(',')];
  const result = runCliProcess(['build', '--root', root, '--out', out, ...only]);
  if (result.status !== 0) throw new Error(`nuffle build ${only.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return out;
}

/** Every file under `dir`, relative paths with forward slashes, sorted. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (current: string): void => {
    for (const name of readdirSync(current).sort()) {
      const full = join(current, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(relative(dir, full).split('\\').join('/'));
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}

export const readPage = (siteDir: string, path: string): string => readFileSync(join(siteDir, path, 'index.html'), 'utf8');

export function launchChromium(): Promise<Browser> {
  needsBuild('launchChromium()');
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** The text of an HTML fragment, tags dropped and the common entities decoded. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#([0-9]+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&amp;/g, '&');
}

/**
 * Rewrite a file of a dataset folder as a careful forger would: its `.sha256`,
 * its SHA256SUMS line, its meta.json entry and meta.json's own digests all recomputed, so only the
 * schema check can tell.
 */
export function forge(dataDir: string, file: string, text: string): void {
  const sha256 = (body: string) => createHash('sha256').update(body).digest('hex');
  writeFileSync(join(dataDir, file), text);
  writeFileSync(join(dataDir, `${file}.sha256`), `${sha256(text)}  ${file}\n`);
  const meta = JSON.parse(readFileSync(join(dataDir, 'meta.json'), 'utf8')) as MetaFile;
  for (const entry of meta.files) if (entry.path === file) entry.sha256 = sha256(text);
  const sums = new Map([[file, sha256(text)]]);
  for (const [name, body] of [
    ['meta.json', `${JSON.stringify(meta, null, 2)}\n`],
    ['meta.min.json', JSON.stringify(meta)],
  ] as const) {
    writeFileSync(join(dataDir, name), body);
    writeFileSync(join(dataDir, `${name}.sha256`), `${sha256(body)}  ${name}\n`);
    sums.set(name, sha256(body));
  }
  // SHA256SUMS too, line by line.
  const list = join(dataDir, 'SHA256SUMS');
  const lines = readFileSync(list, 'utf8').split('\n');
  writeFileSync(list, lines.map((line) => (sums.has(line.slice(66)) ? `${sums.get(line.slice(66))}  ${line.slice(66)}` : line)).join('\n'));
}
