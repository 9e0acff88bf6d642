/**
 * The package as it is published: build the data and the runtime API into a
 * temporary folder, lay out what a release checkout holds after
 * `npm run build`, `npm pack` it, and install the tarball into fresh
 * projects. Every consumer test works on this tarball, never on the
 * repository.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../helpers.ts';
import { sharedBuild, sharedStep } from '../shared-build.ts';

export interface Packed {
  /** The temporary folder everything is made in. */
  work: string;
  /** The build output (`<out>/data`, `<out>/lib`, `<out>/api`): the run's shared build, read-only. */
  out: string;
  /** The tarball `npm pack` wrote. */
  tarball: string;
  /** What `npm pack --json` reported: file list, size, unpacked size. */
  report: { filename: string; size: number; unpackedSize: number; files: { path: string }[] };
}

const env = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false', npm_config_loglevel: 'error' };

export const npm = (args: string[], cwd: string, extra: Record<string, string> = {}): string =>
  execFileSync('npm', args, { cwd, encoding: 'utf8', env: { ...env, ...extra } });

/**
 * The package, laid out from the run's shared build (data, api and lib) and
 * packed once per run (test/shared-build.ts); `work` is this file's own
 * temporary folder, for the apps it installs.
 */
export function packPackage(prefix: string): Packed {
  const work = mkdtempSync(join(tmpdir(), `nuffle-${prefix}-`));
  const out = sharedBuild('api');
  // `<work>/dist` is the build, as in a release checkout after `npm run build` (read-only: a link to the shared one).
  symlinkSync(out, join(work, 'dist'));
  const packed = sharedStep('package', (dir) => {
    const pkg = join(dir, 'package');
    mkdirSync(join(pkg, 'dist'), { recursive: true });
    for (const file of ['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE', 'docs/DATA.md']) cpSync(join(repoRoot, file), join(pkg, file));
    cpSync(join(out, 'data'), join(pkg, 'dist/data'), { recursive: true });
    cpSync(join(out, 'lib'), join(pkg, 'dist/lib'), { recursive: true });
    // Sources that must not ship, were `files` wrong.
    cpSync(join(repoRoot, 'pipeline'), join(pkg, 'pipeline'), { recursive: true });
    writeFileSync(join(dir, 'report.json'), npm(['pack', '--json', '--pack-destination', dir], pkg));
  });
  const report = (JSON.parse(readFileSync(join(packed, 'report.json'), 'utf8')) as Packed['report'][])[0]!;
  return { work, out, tarball: join(packed, report.filename), report };
}

/**
 * A fresh ES-module project in `<work>/<name>` with the package installed:
 * the tarball (offline: the package has no dependency), or `from` (a name
 * from the registry `extra` configures).
 */
export function installApp(packed: Packed, name: string, from = packed.tarball, extra: Record<string, string> = {}): string {
  const app = join(packed.work, name);
  mkdirSync(app, { recursive: true });
  writeFileSync(join(app, 'package.json'), `${JSON.stringify({ name, private: true, type: 'module' }, null, 2)}\n`);
  npm(['install', ...(from === packed.tarball ? ['--offline'] : []), '--no-save', from], app, extra);
  return app;
}

/** The machine's own Node (20 here, the low end of the engines range), as an app on an older LTS runs the package. */
export const systemNode = ['/usr/bin/node', '/bin/node'].find((path) => spawnSync(path, ['--version']).status === 0)!;

/** A data file of the build, parsed. */
export const builtData = <T>(packed: Packed, file: string): T => JSON.parse(readFileSync(join(packed.out, 'data', file), 'utf8')) as T;
