/**
 * `nuffle build --watch`: a change under sources/ rebuilds in the same
 * process and prints its timings and the warnings that changed; a broken
 * change keeps the last good dist/.
 */
import { spawn } from 'node:child_process';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { copyProject, repoRoot, treeDigest } from '../helpers.ts';

describe('build --watch', () => {
  it('rebuilds on a change, prints the timings, and keeps the last good dist/ when a rebuild fails', async () => {
    const root = copyProject();
    const child = spawn(process.execPath, [join(repoRoot, 'pipeline/cli.ts'), 'build', '--watch', '--root', root], {
      env: { ...process.env, NUFFLE_WATCH_MAX_REBUILDS: '4' },
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const until = async (pattern: RegExp, count = 1) => {
      // A bounded number of polls, not a clock: at most 1,200 waits of 50 ms.
      for (let polls = 0; (out.match(new RegExp(pattern.source, `${pattern.flags}g`)) ?? []).length < count; polls++) {
        if (polls >= 1200) throw new Error(`gave up waiting for ${pattern}:\n${out}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    onTestFinished(() => {
      if (child.exitCode === null) child.kill();
    });
    await until(/watching /);
    expect(out).toMatch(/── start: building data\n/);

    const raw = join(root, 'sources/raw/en-2020-skills-traits.txt');
    const text = readFileSync(raw, 'utf8');
    writeFileSync(
      raw,
      text.replace('may re-roll a failed Agility test when attempting to Dodge', 'may re-roll one failed Agility test when attempting to Dodge'),
    );
    await until(/^rebuilt in \d+ ms \(read \d+ ms · compile \d+ ms · write \d+ ms\)$/m, 2);
    expect(out).toContain('── changed sources/raw/en-2020-skills-traits.txt: building data');
    expect(readFileSync(join(root, 'dist/data/skills.json'), 'utf8')).toContain('may re-roll one failed Agility test');

    // An editor's "safe write": the new text goes to a temporary file, renamed over the original.
    writeFileSync(
      `${raw}.___jb_tmp___`,
      text.replace('may re-roll a failed Agility test when attempting to Dodge', 'may re-roll two failed Agility tests when attempting to Dodge'),
    );
    renameSync(`${raw}.___jb_tmp___`, raw);
    await until(/^rebuilt in \d+ ms/m, 3);
    expect(readFileSync(join(root, 'dist/data/skills.json'), 'utf8')).toContain('may re-roll two failed Agility tests');
    // The file replaced by the rename is still watched.
    writeFileSync(
      raw,
      text.replace('may re-roll a failed Agility test when attempting to Dodge', 'may re-roll three failed Agility tests when attempting to Dodge'),
    );
    await until(/^rebuilt in \d+ ms/m, 4);
    expect(readFileSync(join(root, 'dist/data/skills.json'), 'utf8')).toContain('may re-roll three failed Agility tests');
    const good = treeDigest(join(root, 'dist'));

    writeFileSync(raw, text.replace('Dodge\nAgility\n', 'Dodge\nAgilty\n'));
    await until(/^failed in \d+ ms .*; the last good dist\/ is in place$/m);
    expect(out).toContain('[en2020/unknown-category]');
    // The standing warnings are listed by the first build only; each rebuild says what changed.
    expect([(out.match(/^\d+ warnings?:$/gm) ?? []).length, (out.match(/^warnings: \d+ new, \d+ gone, \d+ as before$/gm) ?? []).length]).toEqual([1, 4]);
    expect(await exited).toBe(0);
    expect(treeDigest(join(root, 'dist'))).toEqual(good);
  }, 120_000);
});
