/**
 * The three projects (issue 37, item 1): a file lands in one by what it
 * imports, every test file in exactly one, and the unit project's fence
 * holds: there, every real-build helper and every child process but
 * poppler's throws at once.
 */
import { globSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './helpers.ts';
import { classify, importsOf, projectFiles, TEST_GLOB } from './projects.ts';

const project = (text: string, file = 'test/new/some.test.ts') => classify(file, text).project;

describe('a file is placed by its imports', () => {
  it('a literal-input test is a unit test', () => {
    expect(project("import { describe, it } from 'vitest';\nimport { bumpOf } from '../../pipeline/diff/bump.ts';\n")).toBe('unit');
    // A type-only import of a browser or build module runs nothing.
    expect(project("import type { Browser } from 'playwright-core';\nimport { type BuildResult } from '../../pipeline/build.ts';\n")).toBe('unit');
    // A name of test/helpers.ts that builds nothing.
    expect(project("import { lineOf, repoRoot } from '../helpers.ts';\n")).toBe('unit');
  });

  it('a test that reads the real build, copies the project, starts a process or runs the CLI is a build test', () => {
    expect(project("import { realBuild } from '../helpers.ts';\n")).toBe('build');
    expect(project("import {\n  copyProject,\n  repoRoot,\n} from '../helpers.ts';\n")).toBe('build');
    expect(project("import { sharedBuild } from '../shared-build.ts';\n")).toBe('build');
    expect(project("import { spawnSync } from 'node:child_process';\n")).toBe('build');
    expect(project("import { main } from '../../pipeline/cli.ts';\n")).toBe('build');
    expect(project("const { main } = await import('../../pipeline/commands/build.ts');\n")).toBe('build');
    // The same names from another module do not count.
    expect(project("import { realBuild } from './my-own-helpers.ts';\n")).toBe('unit');
  });

  it('a test that launches Chromium is a browser test, whatever else it imports', () => {
    expect(project("import { realBuild } from '../helpers.ts';\nimport { launchChromium } from './helpers.ts';\n", 'test/site/new.test.ts')).toBe('browser');
    expect(project("import AxeBuilder from '@axe-core/playwright';\n")).toBe('browser');
    expect(classify('test/site/new.test.ts', "import { buildInto } from './helpers.ts';\n")).toEqual({
      project: 'build',
      because: 'buildInto from test/site/helpers.ts',
    });
  });

  it('reads named, default, namespace and side-effect imports, and resolves relative paths', () => {
    const text =
      "import a, { b as c, type D } from './x.ts';\nimport * as ns from 'pkg';\nimport './side.ts';\nimport type { E } from 'types';\ntype F = typeof import('./f.ts');\n";
    expect(importsOf(text, 'test/site/y.test.ts')).toEqual([
      { module: 'test/site/x.ts', names: ['b', '*'] },
      { module: 'pkg', names: ['*'] },
      { module: 'test/site/side.ts', names: ['*'] },
    ]);
  });

  it('puts every test file of the suite in exactly one project', () => {
    const files = projectFiles();
    const placed = [...files.unit, ...files.build, ...files.browser].sort();
    expect(placed).toEqual(globSync(TEST_GLOB, { cwd: repoRoot }).sort());
    expect(new Set(placed).size).toBe(placed.length);
    expect(files.unit).toContain('test/projects.test.ts');
    expect(files.build).toContain('test/cli.test.ts');
    expect(files.browser).toContain('test/site/site.test.ts');
  });
});

/**
 * What the fence stops, loaded by a path the rule does not read (a literal
 * import of them would put this file in the build project, out of the fence
 * it tests).
 */
const load = <T>(path: string): Promise<T> => import(path) as Promise<T>;

describe.runIf(process.env.NUFFLE_TEST_PROJECT === 'unit')('the unit project', () => {
  const fenced = /is not for the unit project \(literal inputs only\)/;

  it('throws at once from every real-build helper', async () => {
    const { copyProject, realBuild, runCli, runCliProcess, withFileChanged } = await load<typeof import('./helpers.ts')>('./helpers.ts');
    const { sharedBuild } = await load<typeof import('./shared-build.ts')>('./shared-build.ts');
    const { buildInto, launchChromium } = await load<typeof import('./site/helpers.ts')>('./site/helpers.ts');
    expect(() => realBuild()).toThrow(fenced);
    expect(() => copyProject()).toThrow(fenced);
    expect(() => runCli(['--help'])).toThrow(fenced);
    expect(() => runCliProcess(['--help'])).toThrow(fenced);
    expect(() =>
      withFileChanged(
        '/nonexistent',
        (t) => t,
        () => 0,
      ),
    ).toThrow(fenced);
    expect(() => sharedBuild('data')).toThrow(fenced);
    expect(() => buildInto(repoRoot)).toThrow(fenced);
    expect(() => launchChromium()).toThrow(fenced);
  });

  it('starts no child process but poppler\u2019s PDF readers', async () => {
    const { spawnSync } = await load<typeof import('node:child_process')>('node:child_process');
    expect(() => spawnSync(process.execPath, ['-e', '0'])).toThrow(fenced);
    expect(() => spawnSync('npm', ['--version'])).toThrow(fenced);
    expect(spawnSync('pdfinfo', ['-v']).error).toBeUndefined();
  });
});
