/**
 * The site renders only the dataset the data target wrote. A `dist/data` with
 * a changed byte, an added file, or a record that breaks its schema (digests
 * recomputed to match) is refused before anything renders: exit 1, one
 * located error naming the file (and the record), the previous site kept.
 * Codes: data/digest-mismatch, data/unlisted-file, data/missing-file,
 * data/missing-digest, data/unreadable, schema/invalid.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { OUTPUT_MARKER, readSchemaFiles } from '../../pipeline/io.ts';
import type { Skill } from '../../pipeline/model/schema-types.ts';
import { checkPublishedData } from '../../pipeline/validate/published.ts';
import { datasetLoader } from '../../site/src/lib/loader.ts';
import { createValidator } from '../../pipeline/validate/schemas.ts';
import { repoRoot, runCliProcess, treeDigest } from '../helpers.ts';
import { forge, listFiles } from './helpers.ts';
import { sharedBuild } from '../shared-build.ts';

let published = '';
beforeAll(() => {
  published = join(sharedBuild('data'), 'data');
}, 120_000);

/** A build folder holding a copy of the published dataset and a previous site (one marker page). */
function outFolder(): string {
  const out = mkdtempSync(join(tmpdir(), 'nuffle-trust-'));
  cpSync(published, join(out, 'data'), { recursive: true });
  mkdirSync(join(out, 'site'));
  writeFileSync(join(out, 'site/index.html'), '<!doctype html><title>the previous site</title>');
  return out;
}

// A process of its own: the site target, were its dataset check to let a run through, would run Astro (not in the test worker).
function buildSite(out: string) {
  return runCliProcess(['build', '--root', repoRoot, '--out', out, '--only', 'site']);
}

function expectRefused(out: string, result: ReturnType<typeof buildSite>, before: Record<string, string>): string[] {
  expect(result.status, result.stdout + result.stderr).toBe(1);
  expect(treeDigest(join(out, 'site'))).toEqual(before);
  // No staging leftovers: only the marker that says the folder is nuffle's output.
  expect(listFiles(out).filter((f) => f.startsWith('.') && f !== OUTPUT_MARKER)).toEqual([]);
  const errors = result.stderr.split('\n').filter((line) => / error /.test(line));
  expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
  return errors;
}

describe('the site target refuses a dataset that is not the published one', () => {
  it('accepts the dataset as the data target wrote it', () => {
    const files = new Map(listFiles(published).map((path) => [path, readFileSync(join(published, path))]));
    expect(checkPublishedData(files, createValidator(readSchemaFiles(repoRoot)), 'dist/data')).toEqual([]);
  });

  it('refuses a changed byte, naming the file and the digest it should have', () => {
    const out = outFolder();
    const path = join(out, 'data/skills.json');
    const bytes = readFileSync(path);
    const at = bytes.indexOf('"text": "') + 9;
    bytes[at] = bytes[at] === 0x58 ? 0x59 : 0x58; // one letter of the first rule text
    writeFileSync(path, bytes);
    const before = treeDigest(join(out, 'site'));
    const errors = expectRefused(out, buildSite(out), before);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/data\/skills\.json error skills\.json changed after it was published.*\[data\/digest-mismatch\]$/);
    rmSync(out, { recursive: true, force: true });
  });

  it('refuses a record that breaks its schema even when every digest was recomputed, naming the file, the line and the record', () => {
    const out = outFolder();
    const skills = JSON.parse(readFileSync(join(out, 'data/skills.json'), 'utf8')) as (Skill & { onclick?: string })[];
    const victim = skills[3]!;
    victim.onclick = 'alert(1)';
    forge(join(out, 'data'), 'skills.json', `${JSON.stringify(skills, null, 2)}\n`);
    const before = treeDigest(join(out, 'site'));
    const result = buildSite(out);
    const errors = expectRefused(out, result, before);
    expect(errors).toHaveLength(1);
    const text = readFileSync(join(out, 'data/skills.json'), 'utf8').split('\n');
    const line =
      text.findIndex(
        (l, i) =>
          l === '  {' &&
          text
            .slice(i, i + 3)
            .join('\n')
            .includes(`"id": ${JSON.stringify(victim.id)}`),
      ) + 1;
    expect(line).toBeGreaterThan(1);
    expect(errors[0]).toContain(`data/skills.json:${line}:3 error ${victim.id}: `);
    expect(errors[0]).toContain('unknown key "onclick"');
    expect(errors[0]).toMatch(/\[schema\/invalid\]$/);
    rmSync(out, { recursive: true, force: true });
  });

  it('refuses a file added to the dataset, which the site would serve under /data/', () => {
    const out = outFolder();
    writeFileSync(join(out, 'data/notes.html'), '<script>alert(1)</script>');
    const before = treeDigest(join(out, 'site'));
    const errors = expectRefused(out, buildSite(out), before);
    expect(errors).toEqual([expect.stringMatching(/data\/notes\.html error notes\.html is not a file of the dataset.*\[data\/unlisted-file\]$/)]);
    rmSync(out, { recursive: true, force: true });
  });

  it('refuses a missing file, a missing digest and a file that is not JSON', () => {
    const out = outFolder();
    rmSync(join(out, 'data/leagues.json'));
    rmSync(join(out, 'data/rulings.json.sha256'));
    forge(join(out, 'data'), 'concepts.json', '[{"id": "dodge",');
    const before = treeDigest(join(out, 'site'));
    const errors = expectRefused(out, buildSite(out), before);
    const codes = errors.map((e) => /\[([a-z-]+\/[a-z-]+)\]$/.exec(e)?.[1]);
    expect(errors.find((e) => e.includes('leagues.json is missing'))).toMatch(/\[data\/missing-file\]$/);
    expect(errors.find((e) => e.includes('rulings.json has no rulings.json.sha256'))).toMatch(/\[data\/missing-digest\]$/);
    expect(errors.find((e) => e.includes('concepts.json is not JSON'))).toMatch(/\[data\/unreadable\]$/);
    expect(codes).not.toContain(undefined);
    expect(existsSync(join(out, 'site/index.html'))).toBe(true);
    rmSync(out, { recursive: true, force: true });
  });
});

describe('the site’s own loader (astro build run by hand, or bytes changed after the target’s check)', () => {
  async function load(dataDir: string, file: string): Promise<number> {
    let entries = 0;
    const saved = process.env.NUFFLE_DATA_DIR;
    process.env.NUFFLE_DATA_DIR = dataDir;
    try {
      const context = { store: { clear: () => undefined, set: () => void entries++ }, logger: { debug: () => undefined } };
      await datasetLoader(file).load(context as never);
    } finally {
      if (saved === undefined) delete process.env.NUFFLE_DATA_DIR;
      else process.env.NUFFLE_DATA_DIR = saved;
    }
    return entries;
  }

  it('loads every record of a file that matches its digests, and refuses one changed byte', async () => {
    const out = outFolder();
    expect(await load(join(out, 'data'), 'skills.json')).toBeGreaterThan(0);
    const path = join(out, 'data/rulings.json');
    const bytes = readFileSync(path);
    const at = bytes.indexOf('"answer": "') + 11;
    bytes[at] = bytes[at] === 0x58 ? 0x59 : 0x58;
    writeFileSync(path, bytes);
    await expect(load(join(out, 'data'), 'rulings.json')).rejects.toThrow(/rulings\.json changed after it was published.*\[data\/digest-mismatch\]/);
    rmSync(out, { recursive: true, force: true });
  });
});
