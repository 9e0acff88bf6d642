/**
 * The site target: the Astro + Starlight project in `site/`, built from the
 * published dataset in `dataDir` only, into a staging folder that replaces
 * `outDir` only when the whole build succeeded. The dataset files are served
 * under `/data/`, the static API (when the api target built it) under `/api/`,
 * the card PDFs (when the cards target built them) under `/cards/`. It
 * renders nothing from a dataset that is not the one the data target wrote
 * (pipeline/validate/published.ts): a changed byte, an added file or a record
 * that breaks its schema is refused with the file named, and the previous
 * site stays.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { outputPath, readSchemaFiles, repoRoot, stagingFor, swapIn } from '../io.ts';
import { formatDiagnostic, sortDiagnostics } from '../model/diagnostic.ts';
import { checkPublishedData } from '../validate/published.ts';
import { parseHeaders, parseRedirects, underPrefix, writeHeaders, writeRedirects, type HeaderRule, type RedirectRule } from '../model/host-rules.ts';
import { createValidator } from '../validate/schemas.ts';
import type { TargetContext } from './context.ts';

export interface SiteBuildOptions {
  /** Astro's log level; `warn` keeps `nuffle build` terse. */
  logLevel?: 'debug' | 'info' | 'warn' | 'error' | 'silent';
}

export async function buildSiteTarget(context: TargetContext, options: SiteBuildOptions = {}): Promise<number> {
  const { root, dataDir, outDir } = context;
  // The project's own site/ when it has one, else the compiler's (a --root
  // project may hold only sources/ and schema/).
  const siteRoot = [join(root, 'site'), join(repoRoot, 'site')].find((dir) => existsSync(join(dir, 'astro.config.mjs')));
  if (!siteRoot) {
    console.error(`nuffle build: no site project (site/astro.config.mjs) in ${root} or ${repoRoot}`);
    return 1;
  }
  const checked = checkDataset(root, dataDir);
  if (checked === null) return 1;
  const cardsDir = join(dirname(outDir), 'cards');
  const { staging } = stagingFor(outDir);
  // A cache of its own per build: the content layer keeps its data store
  // there, so two builds (or two datasets) never share one.
  const cacheDir = mkdtempSync(join(tmpdir(), 'nuffle-site-cache-'));
  // The build's environment: the dataset, the cards, a production build even
  // when called from code (as the astro CLI does), and none of the
  // import.meta.env keys a parent vite/vitest process leaves in process.env
  // (DEV=1 there makes Starlight render its dev-only search stub).
  const env: Record<string, string | undefined> = {
    NUFFLE_DATA_DIR: dataDir,
    NUFFLE_CARDS_DIR: existsSync(join(cardsDir, 'index.json')) ? cardsDir : '',
    // The static API is served under /api/ when the api target built it: the pages link to it only then.
    NUFFLE_API: existsSync(join(dirname(outDir), 'api')) ? '1' : '',
    // The dataset checkDataset validated (its meta.json's SHA-256): the content loader does not validate its records again (site/src/lib/loader.ts).
    NUFFLE_DATA_CHECKED: checked,
    NODE_ENV: 'production',
    DEV: undefined,
    PROD: undefined,
    SSR: undefined,
    MODE: undefined,
    BASE_URL: undefined,
  };
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  for (const [name, value] of Object.entries(env)) restore(name, value);
  // Astro puts its prerender chunks in `<cwd>/.astro/` when outDir is outside
  // the working directory, and they import packages from node_modules: so it
  // builds into a folder of its own inside the repository (two builds never
  // share one), run from the repository, and the result moves to staging.
  const cwd = process.cwd();
  mkdirSync(join(repoRoot, 'node_modules/.cache/nuffle'), { recursive: true });
  const work = mkdtempSync(join(repoRoot, 'node_modules/.cache/nuffle/site-build-'));
  process.chdir(repoRoot);
  try {
    const { build } = await import('astro');
    await build({
      root: siteRoot,
      mode: 'production',
      outDir: join(work, 'site'),
      cacheDir,
      logLevel: options.logLevel ?? 'warn',
      telemetry: { enabled: false },
    } as Parameters<typeof build>[0]);
    rmSync(join(work, 'site/.prerender'), { recursive: true, force: true });
    moveTree(join(work, 'site'), staging);
    cpSync(dataDir, join(staging, 'data'), { recursive: true });
    serveSchemasAtIds(dataDir, staging);
    // The static JSON API, when the api target built it, is served under /api/.
    const apiDir = join(dirname(outDir), 'api');
    if (existsSync(apiDir)) serveApi(apiDir, staging);
    else writeHostFiles(staging, null);
    if (process.env.NUFFLE_CARDS_DIR) {
      for (const name of readdirSync(cardsDir)) {
        if (name.endsWith('.pdf') || name === 'index.json') cpSync(join(cardsDir, name), outputPath(join(staging, 'cards'), name));
      }
    }
    swapIn(staging, outDir);
    return 0;
  } catch (cause) {
    console.error(`nuffle build: the site failed to build from ${dataDir}\n${describe(cause)}`);
    return 1;
  } finally {
    process.chdir(cwd);
    rmSync(work, { recursive: true, force: true });
    rmSync(staging, { recursive: true, force: true });
    rmSync(cacheDir, { recursive: true, force: true });
    for (const [name, value] of Object.entries(saved)) restore(name, value);
  }
}

/** When `dataDir` is the dataset the data target wrote, the SHA-256 of the meta.json that was checked (the bytes read for the check); null, and why not printed, when not. */
function checkDataset(root: string, dataDir: string): string | null {
  const shown = relative(process.cwd(), dataDir);
  const dir = shown && !shown.startsWith('..') && !isAbsolute(shown) ? shown.split('\\').join('/') : dataDir;
  let diagnostics;
  let meta: Uint8Array | null | undefined;
  try {
    const tree = readTree(dataDir);
    meta = tree.get('meta.json');
    diagnostics = checkPublishedData(tree, createValidator(readSchemaFiles(root)), dir);
  } catch (cause) {
    console.error(`${dir} error the dataset cannot be read: ${(cause as Error).message} [data/unreadable]`);
    return null;
  }
  if (!diagnostics.length) return meta ? createHash('sha256').update(meta).digest('hex') : '';
  for (const d of sortDiagnostics(diagnostics).slice(0, 20)) console.error(formatDiagnostic(d));
  if (diagnostics.length > 20) console.error(`… and ${diagnostics.length - 20} more`);
  console.error(`nuffle build: the site was not built: ${dir} is not the dataset the data target wrote; the previous site was left as it was`);
  return null;
}

/** Every entry under `dir` by relative path: a regular file's bytes, null for anything else (a link, a device). */
function readTree(dir: string): Map<string, Uint8Array | null> {
  const files = new Map<string, Uint8Array | null>();
  const walk = (current: string, prefix: string): void => {
    for (const name of readdirSync(current).sort()) {
      const full = join(current, name);
      const stat = lstatSync(full);
      if (stat.isDirectory()) walk(full, `${prefix}${name}/`);
      else files.set(prefix + name, stat.isFile() ? readFileSync(full) : null);
    }
  };
  walk(dir, '');
  return files;
}

/** Each schema is served at its `$id` too: /schema/<schemaVersion>/<path>. */
function serveSchemasAtIds(dataDir: string, staging: string): void {
  const { schemaVersion } = JSON.parse(readFileSync(join(dataDir, 'meta.json'), 'utf8')) as { schemaVersion: string };
  cpSync(join(dataDir, 'schema'), join(staging, 'schema', schemaVersion), { recursive: true, filter: (from) => !from.endsWith('.sha256') });
}

/**
 * dist/api under /api/. The hosts read `_headers` and `_redirects` from the
 * site's root only: the API's rules, read back by the one host-rules reader
 * (which refuses anything but the site's own paths), move under /api/ and
 * join the pages' rules (site/src/lib/security-integration.ts), written by the
 * one writer.
 */
function serveApi(apiDir: string, staging: string): void {
  cpSync(apiDir, join(staging, 'api'), { recursive: true, filter: (from) => !HOST_FILES.some((name) => from === join(apiDir, name)) });
  writeHostFiles(staging, {
    headers: underPrefix(parseHeaders(readIfAny(join(apiDir, '_headers'))), '/api'),
    redirects: underPrefix(parseRedirects(readIfAny(join(apiDir, '_redirects'))), '/api'),
  });
}

const HOST_FILES = ['_headers', '_redirects'];
const readIfAny = (path: string): string => (existsSync(path) ? readFileSync(path, 'utf8') : '');

/** The site's `_headers` and `_redirects`: the pages' rules Astro's build wrote, then the API's (with no API, no `_redirects` unless the pages have one). */
function writeHostFiles(staging: string, api: { headers: HeaderRule[]; redirects: RedirectRule[] } | null): void {
  const headers = [...parseHeaders(readIfAny(join(staging, '_headers'))), ...(api?.headers ?? [])];
  const redirects = [...parseRedirects(readIfAny(join(staging, '_redirects'))), ...(api?.redirects ?? [])];
  if (headers.length) writeFileSync(join(staging, '_headers'), writeHeaders(headers));
  if (api || redirects.length) writeFileSync(join(staging, '_redirects'), writeRedirects(redirects));
}

/** Rename, or copy when the two folders are on different file systems. */
function moveTree(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch {
    cpSync(from, to, { recursive: true });
  }
}

function restore(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

/** An Astro error with its hint and the page it was rendering, when it says. */
function describe(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const extra = cause as Error & { hint?: string; loc?: { file?: string }; cause?: unknown };
  const lines = [cause.message];
  if (extra.loc?.file) lines.push(`  in ${extra.loc.file}`);
  if (extra.hint) lines.push(`  hint: ${extra.hint}`);
  if (extra.cause instanceof Error && !cause.message.includes(extra.cause.message)) lines.push(`  cause: ${extra.cause.message}`);
  return lines.join('\n');
}
