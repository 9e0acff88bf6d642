/**
 * Bench: `nuffle dev`, from a save of a source to the changed page being
 * served (devEditToPageMs): the data rebuild, the site's reload of the
 * dataset, and the page rendered on request. Edits a copy of the project.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../io.ts';

export interface DevBench {
  /** From starting `nuffle dev` (a project whose caches are empty) to the first response of a concept page holding its text. */
  devFirstPageMs: number;
  /** Median, over all the saves, of the time from the save to the first response holding the new text. */
  devEditToPageMs: number;
  /** The same median over the saves of the raw text only, and of the annotation (errata.yaml) only. */
  devEditSourceMs: number;
  devEditAnnotationMs: number;
  editsMs: number[];
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

/** A copy of the project's inputs and `nuffle dev` running on it; `stop` ends it and removes the copy. */
export async function startDev(): Promise<{ root: string; port: number; startedAt: number; output: () => string; stop: () => void }> {
  const root = mkdtempSync(join(tmpdir(), 'nuffle-dev-'));
  cpSync(join(repoRoot, 'sources'), join(root, 'sources'), { recursive: true });
  cpSync(join(repoRoot, 'schema'), join(root, 'schema'), { recursive: true });
  const port = await freePort();
  // None of the import.meta.env keys a parent vite or vitest process leaves in the environment (NODE_ENV=test, DEV, MODE…): Astro reads them.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !['NODE_ENV', 'DEV', 'PROD', 'SSR', 'MODE', 'BASE_URL'].includes(name) && !name.startsWith('VITEST')),
  );
  const startedAt = performance.now();
  const child = spawn(process.execPath, [join(repoRoot, 'pipeline/cli.ts'), 'dev', '--root', root, '--port', String(port)], {
    env: { ...env, NUFFLE_CACHE_DIR: join(root, '.cache') },
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const stop = () => {
    child.kill();
    rmSync(root, { recursive: true, force: true });
  };
  // Bounded wait: the dev server prints its address once the data is built and the site is up.
  for (let i = 0; i < 1200 && !/^serving the site on /m.test(out); i++) {
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  if (!/^serving the site on /m.test(out)) {
    stop();
    throw new Error(`nuffle dev did not start:\n${out}`);
  }
  return { root, port, startedAt, output: () => out, stop };
}

/** The page's HTML once it holds `text` (polled), or an error after `tries` attempts. */
export async function pageHolding(url: string, text: string, tries = 600): Promise<string> {
  for (let i = 0; i < tries; i++) {
    const html = await fetch(url)
      .then((r) => r.text())
      .catch(() => '');
    if (html.includes(text)) return html;
    await new Promise((r) => setTimeout(r, 20));
  }
  const last = await fetch(url)
    .then(async (r) => `${r.status} ${(await r.text()).slice(0, 300)}`)
    .catch((cause: Error) => cause.message);
  throw new Error(`${url} never held "${text}"; it answers: ${last}`);
}

/** One timed save: `save` writes the file, `word` is what the page must then show. */
async function timedSave(url: string, save: () => void, word: string): Promise<number> {
  const start = performance.now();
  save();
  await pageHolding(url, word);
  return performance.now() - start;
}

/**
 * Saves that alternate between the raw text (the sentence reworded) and an
 * annotation (an erratum on the same sentence, appended to errata.yaml),
 * each timed from the save to the first response showing it.
 */
export async function benchDev(options: { edits?: number } = {}): Promise<DevBench> {
  const dev = await startDev();
  try {
    const url = `http://127.0.0.1:${dev.port}/concepts/dodge/`;
    const sentence = 'may re-roll a failed Agility test';
    await pageHolding(url, sentence); // the first render warms the page up
    const devFirstPageMs = performance.now() - dev.startedAt;
    const raw = join(dev.root, 'sources/raw/en-2020-skills-traits.txt');
    const errata = join(dev.root, 'sources/annotations/errata.yaml');
    const text = readFileSync(raw, 'utf8');
    const annotations = readFileSync(errata, 'utf8');
    const sourceMs: number[] = [];
    const annotationMs: number[] = [];
    for (let i = 1; i <= (options.edits ?? 5); i++) {
      const word = `edit${i}`;
      sourceMs.push(
        await timedSave(url, () => writeFileSync(raw, text.replace(sentence, `may re-roll a ${word} failed Agility test`)), `re-roll a ${word} failed`),
      );
      writeFileSync(raw, text);
      await pageHolding(url, sentence); // the page back as it was before the next save is timed
      const erratum = `  - id: en-2020/bench-${i}\n    source: en-2020-skills-traits\n    record: en-2020/dodge\n    find: "${sentence}"\n    replace: "may re-roll a note${i} failed Agility test"\n    reason: a bench edit\n`;
      annotationMs.push(await timedSave(url, () => writeFileSync(errata, `${annotations}${erratum}`), `re-roll a note${i} failed`));
      writeFileSync(errata, annotations);
      await pageHolding(url, sentence);
    }
    const times = [...sourceMs, ...annotationMs];
    return { devFirstPageMs, devEditToPageMs: median(times), devEditSourceMs: median(sourceMs), devEditAnnotationMs: median(annotationMs), editsMs: times };
  } finally {
    dev.stop();
  }
}

const median = (samples: readonly number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;

if (import.meta.main) console.log(JSON.stringify(await benchDev()));
