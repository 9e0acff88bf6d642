/**
 * `nuffle build --watch`: a change under sources/ rebuilds in the same
 * process and prints its timings and the warnings that changed; a broken
 * change keeps the last good dist/.
 */
import { spawn } from 'node:child_process';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { copyProject, repoRoot, treeDigest } from '../helpers.ts';

/** The text each erratum of the project looks for (an edit must leave them all findable). */
function errataFinds(root: string): string[] {
  const doc = parseYaml(readFileSync(join(root, 'sources/annotations/errata.yaml'), 'utf8')) as { errata?: { find?: string }[] } | null;
  return (doc?.errata ?? []).flatMap((erratum) => (erratum.find ? erratum.find.split('\n').map((part) => part.trim()) : [])).filter((part) => part.length > 0);
}

/**
 * The raw text with a word put after the third word of one line of running
 * text (eight words or more, nearest the middle) that is no FAQ question (a
 * ruling's id comes from its question) and that no erratum touches: whatever
 * today's text says, the edit reaches the published rule or ruling.
 */
function editedLine(text: string, finds: readonly string[]): (word: string) => string {
  const lines = text.split('\n');
  const middle = lines.length / 2;
  const untouched = (line: string) => !finds.some((find) => line.includes(find) || find.includes(line.trim()));
  const at = lines
    .map((line, i) => ({ line, i }))
    .filter(({ line }) => line.trim().split(/\s+/).length >= 8 && !/^\s*Q[:.]/.test(line) && untouched(line))
    .sort((a, b) => Math.abs(a.i - middle) - Math.abs(b.i - middle) || a.i - b.i)[0]?.i;
  if (at === undefined) throw new Error('no line of running text that no erratum touches');
  return (word) => lines.map((line, i) => (i === at ? line.replace(/^(\s*\S+\s+\S+\s+\S+) /, `$1 ${word} `) : line)).join('\n');
}

/** The raw text with its first category line (the line under a name: Agility, General…) misspelt, as a typo would. */
function misspeltCategory(text: string): string {
  const lines = text.split('\n');
  const at = lines.findIndex((line, i) => i > 0 && lines[i - 1]!.trim() !== '' && /^(Agility|General|Mutation|Passing|Strength|Trait)$/.test(line.trim()));
  if (at < 0) throw new Error('no category line');
  return lines.map((line, i) => (i === at ? `${line.trim().slice(0, -2)}${line.trim().slice(-1)}` : line)).join('\n');
}

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
    const withWord = editedLine(text, errataFinds(root));
    const published = () => ['skills.json', 'rulings.json'].map((file) => readFileSync(join(root, 'dist/data', file), 'utf8')).join('\n');
    writeFileSync(raw, withWord('watchedone'));
    await until(/^rebuilt in \d+ ms \(read \d+ ms · compile \d+ ms · write \d+ ms\)$/m, 2);
    expect(out).toContain('── changed sources/raw/en-2020-skills-traits.txt: building data');
    expect(published()).toContain('watchedone');

    // An editor's "safe write": the new text goes to a temporary file, renamed over the original.
    writeFileSync(`${raw}.___jb_tmp___`, withWord('watchedtwo'));
    renameSync(`${raw}.___jb_tmp___`, raw);
    await until(/^rebuilt in \d+ ms/m, 3);
    expect(published()).toContain('watchedtwo');
    // The file replaced by the rename is still watched.
    writeFileSync(raw, withWord('watchedthree'));
    await until(/^rebuilt in \d+ ms/m, 4);
    expect(published()).toContain('watchedthree');
    const good = treeDigest(join(root, 'dist'));

    writeFileSync(raw, misspeltCategory(text));
    await until(/^failed in \d+ ms .*; the last good dist\/ is in place$/m);
    expect(out).toContain('[en2020/unknown-category]');
    // The standing warnings are listed by the first build only; each rebuild says what changed.
    expect([(out.match(/^\d+ warnings?:$/gm) ?? []).length, (out.match(/^warnings: \d+ new, \d+ gone, \d+ as before$/gm) ?? []).length]).toEqual([1, 4]);
    expect(await exited).toBe(0);
    expect(treeDigest(join(root, 'dist'))).toEqual(good);
  }, 120_000);
});
