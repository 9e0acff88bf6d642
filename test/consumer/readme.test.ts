/**
 * The README's "Use the data" section, run verbatim against the packed
 * package (issue 22): every TypeScript example in a fresh project that
 * installed the tarball, the typed-import example through tsc too, and the
 * checksum commands in a folder holding the built dist/data. Every function
 * the package exports has an example here, and no version is typed by hand.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers.ts';
import { installApp, packPackage, type Packed } from './pack.ts';

const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('## Use the data'), readme.indexOf('## CLI reference'));
const blocks = (lang: string, text = section): string[] => [...text.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``, 'g'))].map((m) => m[1]!);
const runtime = section.slice(section.indexOf('### Runtime API'), section.indexOf('**SQLite**'));

let packed: Packed;
let app: string;

beforeAll(() => {
  packed = packPackage('readme');
  app = installApp(packed, 'readme-app');
}, 240_000);

describe('the README', () => {
  it('has an example for every function the package exports, and each runs', async () => {
    const exported = Object.entries(await import(join(app, 'node_modules/nuffle-codex/dist/lib/index.js')))
      .filter(([, value]) => typeof value === 'function')
      .map(([name]) => name)
      .sort();
    const examples = blocks('ts', runtime);
    const shown = new Set(examples.flatMap((code) => [...code.matchAll(/^import \{ (\w+) \} from 'nuffle-codex';$/gm)].map((m) => m[1]!)));
    expect([...shown].sort()).toEqual(exported);
    examples.forEach((code, index) => {
      writeFileSync(join(app, `example-${index}.ts`), code);
      const run = spawnSync(process.execPath, [`example-${index}.ts`], { cwd: app, encoding: 'utf8' });
      expect(run.stderr, code).toBe('');
      expect(run.status, code).toBe(0);
    });
  });

  it('types a JSON import as published, as its example says', () => {
    const [example] = blocks('ts').filter((code) => code.includes("from 'nuffle-codex/data/skills.json'"));
    writeFileSync(join(app, 'typed.ts'), `${example}export { all };\n`);
    // As Node resolves it, and as a bundler (Vite, esbuild) does.
    for (const [module, moduleResolution] of [
      ['nodenext', 'nodenext'],
      ['esnext', 'bundler'],
    ]) {
      const compilerOptions = {
        target: 'es2024',
        lib: ['es2024'],
        module,
        moduleResolution,
        strict: true,
        allowArbitraryExtensions: true,
        noEmit: true,
        types: [],
      };
      writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['typed.ts'] }));
      const result = spawnSync(process.execPath, [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: app, encoding: 'utf8' });
      expect(result.stdout, moduleResolution).toBe('');
      expect(result.status, moduleResolution).toBe(0);
    }
  });

  it('gives checksum commands that pass on the built dist/data, schemas included', () => {
    const commands = blocks('sh').filter((code) => code.includes('sha256sum'));
    expect(commands.length).toBeGreaterThan(0);
    const lines = commands.flatMap((code) => code.trim().split('\n'));
    for (const line of lines) {
      const output = execFileSync('sh', ['-c', line], { cwd: packed.work, encoding: 'utf8' });
      expect(output).not.toMatch(/FAILED/);
    }
    // SHA256SUMS covers every file but the sidecars, in every folder.
    const checked = execFileSync('sh', ['-c', lines.find((l) => l.includes('SHA256SUMS'))!], { cwd: packed.work, encoding: 'utf8' });
    expect(checked).toMatch(/^schema\/api\/[\w.-]+: OK$/m);
    expect(checked).toMatch(/^nuffle-codex\.sqlite: OK$/m);
  });

  it('types no version by hand', () => {
    expect(section).not.toMatch(/\d+\.\d+\.\d+/);
  });
});
