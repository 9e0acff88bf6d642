/**
 * Nothing outside the project is read: every file the build reads (raw
 * texts, annotations, ids.lock, manifest, schemas) is resolved to its real
 * path and refused when that leaves the project root, a folder linked out
 * included. The error names the link, once, and quotes nothing of its target.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync, cpSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../pipeline/cli.ts';
import { copyProject, treeDigest } from './helpers.ts';

/** A secret outside the project, where a link may point. */
const SECRET = 'root:x:0:0:SECRET-LINE-never-printed:/root:/bin/bash';

async function run(args: string[]): Promise<{ exit: number; output: string }> {
  const printed: string[] = [];
  const collect = (...a: unknown[]) => void printed.push(a.map(String).join(' '));
  const spies = [
    vi.spyOn(console, 'error').mockImplementation(collect),
    vi.spyOn(console, 'log').mockImplementation(collect),
    vi.spyOn(console, 'warn').mockImplementation(collect),
  ];
  try {
    return { exit: await main(args), output: printed.join('\n') };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

describe('files whose real path leaves the project', () => {
  let root: string;
  let outside: string;
  let secret: string;
  let previous: Record<string, string>;
  beforeAll(async () => {
    root = copyProject();
    outside = mkdtempSync(join(tmpdir(), 'nuffle-outside-'));
    secret = join(outside, 'passwd');
    writeFileSync(secret, `${SECRET}\n${SECRET}\n`);
    expect((await run(['build', '--only', 'data', '--root', root])).exit).toBe(0);
    previous = treeDigest(join(root, 'dist'));
  });
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  /** Replace `path` by a link to `target` for the call, then put the file back. */
  async function linked(path: string, target: string, fn: () => Promise<void>): Promise<void> {
    const full = join(root, path);
    const kept = `${full}.kept`;
    renameSync(full, kept);
    symlinkSync(target, full);
    try {
      await fn();
    } finally {
      unlinkSync(full);
      renameSync(kept, full);
    }
  }

  const cases: [string, string][] = [
    ['an annotation file', 'sources/annotations/mentions.yaml'],
    ['the errata', 'sources/annotations/errata.yaml'],
    ['the id lock', 'sources/ids.lock'],
    ['the manifest', 'sources/manifest.yaml'],
    ['a schema', 'schema/skills.schema.json'],
  ];
  for (const [what, path] of cases) {
    for (const command of ['build', 'check']) {
      it(`${what} linked to a file outside: \`nuffle ${command}\` fails with one located error and prints nothing of the target`, async () => {
        await linked(path, secret, async () => {
          const result = await run(command === 'build' ? ['build', '--only', 'data', '--root', root] : ['check', '--root', root]);
          expect(result.exit, result.output).toBe(1);
          const errors = result.output.split('\n').filter((line) => line.endsWith('[io/outside-project]'));
          expect(errors, result.output).toHaveLength(1);
          expect(errors[0]!.startsWith(`${path} error `)).toBe(true);
          expect(result.output).not.toContain('SECRET-LINE');
          expect(result.output).not.toContain('root:x');
          expect(treeDigest(join(root, 'dist'))).toEqual(previous);
        });
      });
    }
  }

  it('a folder of the project linked outside (sources/annotations, a copy of it) is refused file by file, and so is sources/raw', async () => {
    const copy = join(outside, 'annotations');
    cpSync(join(root, 'sources/annotations'), copy, { recursive: true });
    await linked('sources/annotations', copy, async () => {
      const result = await run(['check', '--root', root]);
      expect(result.exit).toBe(1);
      // One refusal per annotation file the build reads (every YAML file of sources/annotations).
      expect(result.output.split('\n').filter((l) => l.endsWith('[io/outside-project]')).length).toBe(
        readdirSync(copy).filter((f) => f.endsWith('.yaml')).length,
      );
    });
    const raw = join(outside, 'raw');
    cpSync(join(root, 'sources/raw'), raw, { recursive: true });
    await linked('sources/raw', raw, async () => {
      const result = await run(['check', '--root', root]);
      expect(result.exit).toBe(1);
      expect(result.output.split('\n').filter((l) => l.startsWith('sources/raw error ') && l.endsWith('[io/outside-project]'))).toHaveLength(1);
    });
  });

  it('a link that stays inside the project is followed', async () => {
    const copy = join(root, 'notes-mentions.yaml');
    writeFileSync(copy, readFileSync(join(root, 'sources/annotations/mentions.yaml')));
    await linked('sources/annotations/mentions.yaml', copy, async () => {
      const result = await run(['check', '--root', root]);
      expect(result.exit, result.output).toBe(0);
    });
  });
});
