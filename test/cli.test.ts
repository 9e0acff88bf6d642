import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, repoRoot, runCli, treeDigest } from './helpers.ts';

describe('nuffle CLI', () => {
  it('prints help for the program and for every command', () => {
    const main = runCli(['--help']);
    expect(main.status).toBe(0);
    expect(main.stdout).toContain('nuffle <command>');
    for (const command of ['build', 'check']) {
      const help = runCli([command, '--help']);
      expect(help.status).toBe(0);
      expect(help.stdout).toContain(`nuffle ${command}`);
    }
    expect(runCli(['build', '--help']).stdout).toContain('--only TARGET');
  });

  it('rejects unknown commands, options and targets with exit code 2', () => {
    expect(runCli(['frobnicate']).status).toBe(2);
    expect(runCli(['build', '--colour']).status).toBe(2);
    const target = runCli(['build', '--only', 'pdf']);
    expect(target.status).toBe(2);
    expect(target.stderr).toContain('--only takes one of data, site, cards');
  });
});

describe('building a copy of the project', () => {
  let root: string;
  beforeAll(() => {
    root = copyProject();
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('check validates and writes nothing', () => {
    const result = runCli(['check', '--root', root]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('en-2020: 98 records, 100 rulings');
    expect(treeDigest(join(root, 'dist'))).toEqual({});
  });

  it('build writes dist/data; a second build gives byte-identical files', () => {
    const first = runCli(['build', '--root', root]);
    expect(first.status, first.stderr).toBe(0);
    const before = treeDigest(join(root, 'dist'));
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining(['data/editions.json', 'data/skills.json', 'data/rulings.json', 'data/random-tables.json', 'data/meta.json', 'data/types.d.ts']),
    );
    const second = runCli(['build', '--root', root, '--only', 'data']);
    expect(second.status).toBe(0);
    expect(treeDigest(join(root, 'dist'))).toEqual(before);
  });

  it('a slot collision fails the build with file and line, exit 1, and leaves dist/ byte-identical', () => {
    runCli(['build', '--root', root]);
    const before = treeDigest(join(root, 'dist'));
    const rawPath = join(root, 'sources/raw/en-2020-skills-traits.txt');
    const original = readFileSync(rawPath, 'utf8');
    // Give Defensive (line 51) Dodge's Blood Bowl slot.
    const lines = original.split('\n');
    expect(lines[50]).toBe('Bloodbowlrandom skill: 1d6 "(1-3)" + 1d6 "5"');
    lines[50] = 'Bloodbowlrandom skill: 1d6 "(1-3)" + 1d6 "4"';
    writeFileSync(rawPath, lines.join('\n'));
    try {
      const result = runCli(['build', '--root', root]);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(
        'sources/raw/en-2020-skills-traits.txt:51:1 error Defensive and Dodge both claim Blood Bowl agility 1-3·4 [random-table/slot-collision]',
      );
      expect(result.stderr).toContain('dist/ was left as it was');
      expect(treeDigest(join(root, 'dist'))).toEqual(before);
    } finally {
      writeFileSync(rawPath, original);
    }
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
  ])('bad input %s fails with exit 1, file:%i and [%s], and dist/ byte-identical', (fixture, line, code) => {
    runCli(['build', '--root', root]);
    const before = treeDigest(join(root, 'dist'));
    expect(Object.keys(before).length).toBeGreaterThan(5);
    const rawPath = join(root, 'sources/raw/en-2020-skills-traits.txt');
    const original = readFileSync(rawPath, 'utf8');
    writeFileSync(rawPath, readFileSync(join(repoRoot, 'test/fixtures/en-2020', `${fixture}.txt`), 'utf8'));
    try {
      const result = runCli(['build', '--root', root]);
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(new RegExp(`sources/raw/en-2020-skills-traits\\.txt:${line}:1 error .*\\[${code.replace('/', '\\/')}\\]`));
      expect(treeDigest(join(root, 'dist'))).toEqual(before);
    } finally {
      writeFileSync(rawPath, original);
    }
  });

  it('lists warnings in the build summary', () => {
    const result = runCli(['check', '--root', root]);
    expect(result.stdout).toMatch(/\d+ warnings:\n/);
    expect(result.stdout).toContain('sources/raw/en-2020-skills-traits.txt:584:1 warning Answer without `A:`; read as the answer to the question above [en2020/answer-mark-missing]');
  });

  it.each([
    ['an empty source', () => '', 'sources/raw/en-2020-skills-traits.txt:1:1 error Source en-2020-skills-traits: sources/raw/en-2020-skills-traits.txt yields no records [source/empty]'],
    [
      'a source whose mutations lost their table markers',
      (text: string) => text.replace(/(\nMutations\n(?:(?!\nBloodbowl)[\s\S])*?\n)Bloodbowlrandom skill: [^\n]*\nDungeonbowl\n/g, '$1Bloodbowlnone\nDungeonbowl\n'),
      'error The Blood Bowl mutation table of en-2020 has no entries at all [random-table/incomplete]',
    ],
    ['bytes that are not UTF-8', null, 'sources/raw/en-2020-skills-traits.txt error Source en-2020-skills-traits: sources/raw/en-2020-skills-traits.txt is not valid UTF-8 [source/invalid-utf8]'],
  ])('%s fails the build instead of writing less data', (_what, mutate, message) => {
    runCli(['build', '--root', root]);
    const before = treeDigest(join(root, 'dist'));
    const rawPath = join(root, 'sources/raw/en-2020-skills-traits.txt');
    const original = readFileSync(rawPath);
    writeFileSync(rawPath, mutate ? mutate(original.toString('utf8')) : Buffer.concat([original, Buffer.from([0xff, 0xfe, 0x41])]));
    try {
      const result = runCli(['build', '--root', root]);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(message);
      expect(treeDigest(join(root, 'dist'))).toEqual(before);
    } finally {
      writeFileSync(rawPath, original);
    }
  });

  it('a broken schema is reported with its file, not a stack trace', () => {
    const path = join(root, 'schema/skills.schema.json');
    const original = readFileSync(path, 'utf8');
    writeFileSync(path, original.replace('"#/$defs/randomSlot"', '"#/$defs/noSuchDefinition"'));
    try {
      const result = runCli(['check', '--root', root]);
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/^schema\/skills\.schema\.json error A schema cannot be compiled: .*noSuchDefinition.* \[schema\/broken\]/m);
      expect(result.stderr).not.toContain('    at ');
    } finally {
      writeFileSync(path, original);
    }
  });

  it('a failed write exits 1 with the reason and leaves the previous output in place', () => {
    const blocker = join(root, 'not-a-folder');
    writeFileSync(blocker, 'a file where the output folder should be');
    const result = runCli(['build', '--root', root, '--out', blocker]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`nuffle build: cannot write ${blocker}/data`);
    expect(result.stderr).not.toContain('    at ');
  });

  it('an annotation that breaks its schema fails with the YAML file and line', () => {
    const errataPath = join(root, 'sources/annotations/errata.yaml');
    const original = readFileSync(errataPath, 'utf8');
    writeFileSync(errataPath, original.replace('    line: 288\n', '    line: 288\n    colour: red\n'));
    try {
      const result = runCli(['check', '--root', root]);
      expect(result.status).toBe(1);
      const lineOfEntry = original.split('\n').findIndex((l) => l.includes('id: en-2020/very-long-legs-zero')) + 1;
      expect(result.stderr).toContain(`sources/annotations/errata.yaml:${lineOfEntry}:5 error /errata/0 unknown key "colour" [schema/invalid]`);
    } finally {
      writeFileSync(errataPath, original);
    }
  });

  it('a stale erratum fails the build, naming the erratum and the line it expected', () => {
    const errataPath = join(root, 'sources/annotations/errata.yaml');
    const original = readFileSync(errataPath, 'utf8');
    writeFileSync(errataPath, original.replace('    line: 288\n', '    line: 289\n'));
    try {
      const result = runCli(['check', '--root', root]);
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/errata\.yaml:\d+:\d+ error Erratum en-2020\/very-long-legs-zero no longer applies: "minimum 0f -1" occurs 0 times on sources\/raw\/en-2020-skills-traits\.txt:289 \[errata\/stale\]/);
    } finally {
      writeFileSync(errataPath, original);
    }
  });
});
