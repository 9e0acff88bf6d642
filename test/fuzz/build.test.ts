/**
 * Fuzzing the whole build: one file of a project copy (a raw source or an
 * annotation) mutated, then `nuffle build --only data`. Either it writes a
 * dist/data whose every data file passes its schema, or it fails and leaves
 * the previous dist/data byte-identical. And the same input builds the same
 * bytes, with or without the stage memo of earlier builds. Runs: FUZZ_BUILD_RUNS, else a few from a
 * fixed seed in npm test and FUZZ_RUNS under `npm run fuzz` (fuzz/mutations.ts).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildDataset } from '../../pipeline/build.ts';
import { main, readProject } from '../../pipeline/cli.ts';
import { DATA_FILES } from '../../pipeline/emit/json.ts';
import { createMemo } from '../../pipeline/model/memo.ts';
import { forgetPlainTexts } from '../../pipeline/model/markdown.ts';
import { readSchemaFiles, writeTreeAtomically } from '../../pipeline/io.ts';
import { createValidator } from '../../pipeline/validate/schemas.ts';
import { copyProject, repoRoot, treeDigest } from '../helpers.ts';
import { check, checkAsync, FUZZ_TIMEOUT, fuzzRuns, mutate, mutationArb } from './mutations.ts';

/** Whole builds per property: FUZZ_BUILD_RUNS when set, else `ci` in npm test and FUZZ_RUNS in the campaign. */
const buildRuns = (ci: number): number => Number(process.env.FUZZ_BUILD_RUNS ?? fuzzRuns(ci));
const TIMEOUT = FUZZ_TIMEOUT;
const FILES = [
  'sources/raw/en-2020-skills-traits.txt',
  'sources/raw/traits-alt-wording.txt',
  'sources/raw/fr-legacy-skills.txt',
  'sources/raw/inducement-notes.txt',
  'sources/annotations/crosswalk.yaml',
  'sources/annotations/errata.yaml',
  'sources/annotations/inducements.yaml',
  'sources/annotations/mentions.yaml',
];
const FRAGMENTS = ['Q: ', 'A: ', 'Bloodbowlnone', 'Dungeonbowl', 'Agility', '• ', ': +20K', '(p.75)', '*', '[', ':', '- ', '"', '\u00e9', '\u2019'];

async function quietly(run: () => Promise<number>): Promise<number> {
  const spies = [vi.spyOn(console, 'error').mockImplementation(() => {}), vi.spyOn(console, 'log').mockImplementation(() => {})];
  try {
    return await run();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

describe('the whole build on a mutated project', () => {
  let root: string;
  let out: string;
  let clean: Map<string, Buffer>;
  let previous: Record<string, string>;
  const validator = createValidator(readSchemaFiles(repoRoot));
  const originals = new Map(FILES.map((f) => [f, readFileSync(join(repoRoot, f), 'utf8')]));

  beforeAll(async () => {
    root = copyProject();
    out = join(root, 'dist');
    expect(await quietly(() => main(['build', '--only', 'data', '--root', root, '--out', out]))).toBe(0);
    previous = treeDigest(join(out, 'data'));
    clean = new Map(Object.keys(previous).map((path) => [path, readFileSync(join(out, 'data', path))]));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const mutated = fc.tuple(fc.constantFrom(...FILES), mutationArb(FRAGMENTS));

  it(
    'writes a dist/data whose every data file passes its schema, or fails and leaves the previous one byte-identical',
    async () => {
      await checkAsync(
        'whole build',
        mutated,
        async ([file, mutations]) => {
          writeFileSync(join(root, file), mutate(originals.get(file)!, mutations));
          let exit: number | null = null;
          try {
            exit = await quietly(() => main(['build', '--only', 'data', '--root', root, '--out', out]));
            expect([0, 1]).toContain(exit);
            if (exit === 0) {
              for (const [path, schema] of Object.entries(DATA_FILES)) {
                const problems = validator.validate(schema, JSON.parse(readFileSync(join(out, 'data', path), 'utf8')), `dist/data/${path}`);
                expect(problems, path).toEqual([]);
              }
            } else expect(treeDigest(join(out, 'data'))).toEqual(previous);
          } finally {
            writeFileSync(join(root, file), originals.get(file)!);
            // Put the previous tree back after a build that wrote, so every run starts from it.
            if (exit !== 1) writeTreeAtomically(join(out, 'data'), clean);
          }
        },
        { runs: buildRuns(12), input: ([file, mutations]) => `${file}\n${mutate(originals.get(file)!, mutations)}` },
      );
    },
    TIMEOUT,
  );

  it(
    'builds the same bytes from the same mutated input',
    () => {
      check(
        'build determinism',
        mutated,
        ([file, mutations]) => {
          const input = readProject(root);
          const text = mutate(originals.get(file)!, mutations);
          const change = (i: ReturnType<typeof readProject>) => {
            if (file.startsWith('sources/raw/')) (i.raw as Map<string, Uint8Array>).set(file, Buffer.from(text, 'utf8'));
            else for (const a of Object.values(i.annotations)) if (a.path === file) a.text = text;
            return i;
          };
          const a = buildDataset(change(input));
          const b = buildDataset(change(readProject(root)));
          expect(JSON.stringify(a.diagnostics)).toBe(JSON.stringify(b.diagnostics));
          expect([...a.files]).toEqual([...b.files]);
          expect([...a.assets].map(([p, bytes]) => [p, Buffer.from(bytes).toString('base64')])).toEqual(
            [...b.assets].map(([p, bytes]) => [p, Buffer.from(bytes).toString('base64')]),
          );
        },
        { runs: buildRuns(5), input: ([file, mutations]) => `${file}\n${mutate(originals.get(file)!, mutations)}` },
      );
    },
    TIMEOUT,
  );

  it(
    'builds the same result with the stage memo of earlier builds as without it',
    () => {
      // Edits one after the other, each build handed the memo the one before used (as the
      // command line does between runs): whatever it recalls, the result is what the stages compute.
      const variant = (input: ReturnType<typeof readProject>, file: string, text: string) => {
        if (file.startsWith('sources/raw/')) (input.raw as Map<string, Uint8Array>).set(file, Buffer.from(text, 'utf8'));
        else for (const a of Object.values(input.annotations)) if (a.path === file) a.text = text;
        return input;
      };
      const seed = createMemo();
      buildDataset({ ...readProject(root), memo: seed });
      check(
        'memoised build',
        fc.array(mutated, { minLength: 1, maxLength: 3 }),
        (steps) => {
          let used = seed.used();
          for (const [file, mutations] of steps) {
            const text = mutate(originals.get(file)!, mutations);
            const memo = createMemo(used);
            const b = buildDataset(variant(readProject(root), file, text));
            // What this process computed is forgotten, so the memoised build reads the memo's plain texts.
            forgetPlainTexts();
            const a = buildDataset({ ...variant(readProject(root), file, text), memo });
            expect(JSON.stringify(a.diagnostics)).toBe(JSON.stringify(b.diagnostics));
            expect([...a.files]).toEqual([...b.files]);
            expect([...a.assets].map(([p, bytes]) => [p, Buffer.from(bytes).toString('base64')])).toEqual(
              [...b.assets].map(([p, bytes]) => [p, Buffer.from(bytes).toString('base64')]),
            );
            used = memo.used();
          }
        },
        {
          runs: buildRuns(8),
          input: (steps) => steps.map(([file, mutations]) => `${file}\n${mutate(originals.get(file)!, mutations)}`).join('\n---\n'),
        },
      );
    },
    TIMEOUT,
  );
});
