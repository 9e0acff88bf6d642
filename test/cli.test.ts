import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import type { Erratum, SourceManifest } from '../pipeline/model/schema-types.ts';
import { type CliRun, copyProject, repoRoot, rulings, runCli, runCliProcess, skills, treeDigest, withFileChanged } from './helpers.ts';
import { addField, entryPlace, setField } from './yaml-edit.ts';

describe('nuffle CLI', () => {
  it('prints help for the program and for every command', async () => {
    const main = await runCli(['--help']);
    expect(main.status).toBe(0);
    expect(main.stdout).toContain('nuffle <command>');
    for (const command of ['build', 'check']) {
      const help = await runCli([command, '--help']);
      expect(help.status).toBe(0);
      expect(help.stdout).toContain(`nuffle ${command}`);
    }
    expect((await runCli(['build', '--help'])).stdout).toContain('--only TARGET');
  });

  it('rejects unknown commands, options and targets with exit code 2', async () => {
    expect((await runCli(['frobnicate'])).status).toBe(2);
    expect((await runCli(['build', '--colour'])).status).toBe(2);
    const target = await runCli(['build', '--only', 'pdf']);
    expect(target.status).toBe(2);
    expect(target.stderr).toContain('--only takes one of data, api, cards, site');
  });
});

describe('building a copy of the project', () => {
  let root: string;
  beforeAll(() => {
    root = copyProject();
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('check validates and writes nothing', async () => {
    const result = await runCli(['check', '--root', root]);
    expect(result.status).toBe(0);
    const records = skills().filter((r) => r.edition === 'en-2020').length;
    expect(result.stdout).toContain(`en-2020: ${records} records, ${rulings().length} rulings`);
    expect(treeDigest(join(root, 'dist'))).toEqual({});
  });

  it('build writes dist/data; a second build gives byte-identical files', async () => {
    const first = await runCli(['build', '--root', root, '--only', 'data']);
    expect(first.status, first.stderr).toBe(0);
    const before = treeDigest(join(root, 'dist'));
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining(['data/editions.json', 'data/skills.json', 'data/rulings.json', 'data/random-tables.json', 'data/meta.json', 'data/types.d.ts']),
    );
    const second = await runCli(['build', '--root', root, '--only', 'data']);
    expect(second.status).toBe(0);
    expect(treeDigest(join(root, 'dist'))).toEqual(before);
  });

  /**
   * Built (once: every case leaves dist/ as it was), change one file, build again: exit 1, the message, and dist/
   * byte-identical. In this worker (runCli), or as a process of its own (`cli`: runCliProcess).
   */
  const failsAndKeepsDist = async (
    file: string,
    change: (text: string) => string | Buffer,
    message: string | RegExp,
    cli: (args: readonly string[]) => CliRun | Promise<CliRun> = runCli,
  ) => {
    if (!existsSync(join(root, 'dist/data/meta.json'))) await runCli(['build', '--root', root, '--only', 'data']);
    const before = treeDigest(join(root, 'dist'));
    expect(Object.keys(before).length).toBeGreaterThan(5);
    await withFileChanged(join(root, file), change, async () => {
      const result = await cli(['build', '--root', root]);
      expect(result.status).toBe(1);
      if (typeof message === 'string') expect(result.stderr).toContain(message);
      else expect(result.stderr).toMatch(message);
      expect(result.stderr).not.toContain('    at ');
      expect(treeDigest(join(root, 'dist'))).toEqual(before);
    });
  };
  const RAW = 'sources/raw/en-2020-skills-traits.txt';

  it('a slot collision fails the build with file and line, exit 1, and leaves dist/ byte-identical', async () => {
    // Give Defensive Dodge's Blood Bowl slot: its marker is the line after its text.
    const lines = readFileSync(join(root, RAW), 'utf8').split('\n');
    const marker = lines.findIndex((line, i) => i > lines.indexOf('Defensive') && line.startsWith('Bloodbowlrandom skill:'));
    const dodge = lines.find((line, i) => i > lines.indexOf('Dodge') && line.startsWith('Bloodbowlrandom skill:'))!;
    await failsAndKeepsDist(
      RAW,
      (text) =>
        text
          .split('\n')
          .map((line, i) => (i === marker ? dodge : line))
          .join('\n'),
      new RegExp(
        `sources/raw/en-2020-skills-traits\\.txt:${marker + 1}:1 error Defensive and Dodge both claim Blood Bowl agility \\S+ \\[random-table/slot-collision\\]`,
      ),
      // A process of its own: the exit code and the output the entry (pipeline/cli.ts) gives the shell, not only runNuffle's.
      runCliProcess,
    );
  });

  // Each error fixture of test/fixtures/en-2020/ stands in for the real source.
  it.each([
    ['unknown-category', 4, 'en2020/unknown-category'],
    ['entry-without-text', 3, 'en2020/entry-without-text'],
    ['duplicate-entry', 8, 'en2020/duplicate-entry'],
    ['slot-collision', 11, 'random-table/slot-collision'],
    ['malformed-marker', 6, 'en2020/malformed-marker'],
    ['question-without-answer', 7, 'en2020/question-without-answer'],
    ['missing-marker', 5, 'en2020/missing-marker'],
  ])('bad input %s fails with exit 1, file:%i and [%s], and dist/ byte-identical', async (fixture, line, code) => {
    const bad = readFileSync(join(repoRoot, 'test/fixtures/en-2020', `${fixture}.txt`), 'utf8');
    await failsAndKeepsDist(RAW, () => bad, new RegExp(`sources/raw/en-2020-skills-traits\\.txt:${line}:1 error .*\\[${code.replace('/', '\\/')}\\]`));
  });

  it('lists warnings in the build summary', async () => {
    const result = await runCli(['check', '--root', root]);
    expect(result.stdout).toMatch(/\d+ warnings:\n/);
    expect(result.stdout).toMatch(
      /sources\/raw\/en-2020-skills-traits\.txt:\d+:1 warning Answer without `A:`; read as the answer to the question above \[en2020\/answer-mark-missing\]/,
    );
  });

  it.each([
    [
      'an empty source',
      () => '',
      'sources/raw/en-2020-skills-traits.txt:1:1 error Source en-2020-skills-traits: sources/raw/en-2020-skills-traits.txt yields no records [source/empty]',
    ],
    [
      'a source whose mutations lost their table markers',
      (text: string) =>
        text.replace(/(\nMutations\n(?:(?!\nBloodbowl)[\s\S])*?\n)Bloodbowlrandom skill: [^\n]*\nDungeonbowl\n/g, '$1Bloodbowlnone\nDungeonbowl\n'),
      'error The Blood Bowl mutation table of en-2020 has no entries at all [random-table/incomplete]',
    ],
    [
      'bytes that are not UTF-8',
      (text: string) => Buffer.concat([Buffer.from(text), Buffer.from([0xff, 0xfe, 0x41])]),
      // Located at the first bad byte: right after the last character of the text's last line.
      (() => {
        const lines = readFileSync(join(repoRoot, 'sources/raw/en-2020-skills-traits.txt'), 'utf8').split('\n');
        return `sources/raw/en-2020-skills-traits.txt:${lines.length}:${lines.at(-1)!.length + 1} error Source en-2020-skills-traits: sources/raw/en-2020-skills-traits.txt is not valid UTF-8 [source/invalid-utf8]`;
      })(),
    ],
  ])('%s fails the build instead of writing less data', async (_what, change, message) => {
    await failsAndKeepsDist(RAW, change, message);
  });

  it('a broken schema is reported with its file, not a stack trace', async () => {
    await failsAndKeepsDist(
      'schema/skills.schema.json',
      (text) => text.replace('"#/$defs/randomSlot"', '"#/$defs/noSuchDefinition"'),
      /^schema\/skills\.schema\.json error A schema cannot be compiled: .*noSuchDefinition.* \[schema\/broken\]/m,
    );
  });

  it('a file where the output folder should be is refused with the reason and left as it was', async () => {
    const blocker = join(root, 'not-a-folder');
    writeFileSync(blocker, 'a file where the output folder should be');
    const result = await runCli(['build', '--root', root, '--out', blocker]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`nuffle build: --out ${blocker}: ${blocker} is a file, not a folder`);
    expect(result.stderr).not.toContain('    at ');
    expect(readFileSync(blocker, 'utf8')).toBe('a file where the output folder should be');
  });

  const ERRATA = 'sources/annotations/errata.yaml';
  /** The first erratum of the project, whatever it patches. */
  const firstErratum = () => (parseYaml(readFileSync(join(root, ERRATA), 'utf8')) as { errata: Erratum[] }).errata[0]!;

  it('an annotation that breaks its schema fails with the YAML file and line', async () => {
    const { line, column } = entryPlace(readFileSync(join(root, ERRATA), 'utf8'), ['errata'], (_, i) => i === 0);
    await failsAndKeepsDist(
      ERRATA,
      (text) => addField(text, ['errata'], (_, i) => i === 0, 'colour', 'red'),
      `${ERRATA}:${line}:${column} error /errata/0 unknown key "colour" [schema/invalid]`,
    );
  });

  it('an erratum whose text is gone fails the build, naming the erratum and quoting the closest text', async () => {
    const { id, find, source } = firstErratum();
    // Its last character changed: the text it looks for occurs nowhere, the closest text is the original.
    const gone = `${find.slice(0, -1)}${find.endsWith('~') ? '^' : '~'}`;
    const file = (parseYaml(readFileSync(join(root, 'sources/manifest.yaml'), 'utf8')) as SourceManifest).sources.find((s) => s.id === source)!.file;
    const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await failsAndKeepsDist(
      ERRATA,
      (text) => setField(text, ['errata'], { id }, 'find', gone),
      new RegExp(
        `${literal(`Erratum ${id} no longer applies: ${JSON.stringify(gone)} occurs nowhere in ${file} [errata/not-found]`)}\\n {2}expected: ${literal(JSON.stringify(gone))} once\\n {2}actual: +closest text, ${literal(file)}:\\d+: ${literal(JSON.stringify(find))}`,
      ),
    );
  });
});
