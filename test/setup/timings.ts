/**
 * A vitest reporter: each test file's cost, hooks included (the JSON report
 * counts test bodies only, not the builds a beforeAll runs), and each
 * project's totals. Written to node_modules/.cache/nuffle/test-times.json and
 * summed up in one line per project at the end of a run; docs/TESTING.md
 * reads its numbers.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

interface FileTime {
  file: string;
  project: string;
  tests: number;
  /** Seconds: importing the file, its setup, and every test and hook. */
  seconds: number;
}

const OUT = 'node_modules/.cache/nuffle/test-times.json';

export default class Timings implements Reporter {
  private readonly files: FileTime[] = [];
  private root = process.cwd();

  onInit(vitest: { config: { root: string } }): void {
    this.root = vitest.config.root;
  }

  onTestModuleEnd(module: TestModule): void {
    const d = module.diagnostic();
    this.files.push({
      file: relative(this.root, module.moduleId),
      project: module.project.name,
      tests: [...module.children.allTests()].length,
      seconds: Math.round(d.prepareDuration + d.setupDuration + d.collectDuration + d.duration) / 1000,
    });
  }

  onTestRunEnd(): void {
    if (!this.files.length) return;
    const files = [...this.files].sort((a, b) => b.seconds - a.seconds);
    const out = join(this.root, OUT);
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify(files, null, 1)}\n`);
    for (const project of [...new Set(files.map((f) => f.project))].sort()) {
      const mine = files.filter((f) => f.project === project);
      const tests = mine.reduce((n, f) => n + f.tests, 0);
      const seconds = mine.reduce((n, f) => n + f.seconds, 0);
      console.log(`${project}: ${mine.length} files, ${tests} tests, ${Math.round(seconds)} s of worker time (per file: ${OUT})`);
    }
  }
}
