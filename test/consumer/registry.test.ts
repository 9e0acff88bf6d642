/**
 * The registry round trip (issue 22, item 7): the packed tarball is published
 * to a local registry (verdaccio on 127.0.0.1, a free port, storage in a
 * temporary folder, no uplink), installed by name into a fresh project, and
 * run. A `"private": true` package would fail the publish here.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers.ts';
import { npm, packPackage, type Packed } from './pack.ts';

let packed: Packed;
let registry: ChildProcess | undefined;
let url = '';

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Wait for verdaccio to say it listens (its own log line), or fail with what it printed. */
function startRegistry(config: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(repoRoot, 'node_modules/verdaccio/bin/verdaccio'), '--config', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  return new Promise((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('http address')) resolve(child);
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    child.once('exit', (code) => reject(new Error(`verdaccio exited with ${code}:\n${log}`)));
  });
}

beforeAll(async () => {
  packed = packPackage('registry');
  const port = await freePort();
  url = `http://127.0.0.1:${port}/`;
  const config = join(packed.work, 'verdaccio.yaml');
  writeFileSync(
    config,
    [
      `storage: ${join(packed.work, 'storage')}`,
      `listen: 127.0.0.1:${port}`,
      'auth:',
      '  htpasswd:',
      `    file: ${join(packed.work, 'htpasswd')}`,
      'uplinks: {}',
      'packages:',
      "  '**':",
      '    access: $all',
      '    publish: $authenticated',
      'log: { type: stdout, format: pretty, level: info }',
      '',
    ].join('\n'),
  );
  registry = await startRegistry(config);
  // A user for the publish: verdaccio's htpasswd plugin creates it and returns a token.
  const response = await fetch(`${url}-/user/org.couchdb.user:league`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'league', password: 'nuffle-test' }),
  });
  const { token } = (await response.json()) as { token: string };
  writeFileSync(join(packed.work, '.npmrc'), `registry=${url}\n//127.0.0.1:${port}/:_authToken=${token}\n`);
}, 240_000);

afterAll(() => {
  registry?.kill();
});

describe('a local registry', () => {
  it('takes the tarball with npm publish, and a fresh project installs it by name and runs it', () => {
    const userconfig = { npm_config_userconfig: join(packed.work, '.npmrc') };
    npm(['publish', packed.tarball], packed.work, userconfig);
    const version = JSON.parse(npm(['view', 'nuffle-codex', 'version', '--json'], packed.work, userconfig)) as string;
    expect(version).toBe(packed.report.filename.replace(/^nuffle-codex-|\.tgz$/g, ''));

    // The README's install line, verbatim, in a fresh project (issue 35.2): the package by its name, from the registry.
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    const install = [...readme.matchAll(/```sh\n(npm install nuffle-codex\n)```/g)].map((m) => m[1]!);
    expect(install).toHaveLength(1);
    const app = join(packed.work, 'from-registry');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), `${JSON.stringify({ name: 'from-registry', private: true, type: 'module' }, null, 2)}\n`);
    execFileSync('sh', ['-e', '-c', install[0]!], { cwd: app, env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', ...userconfig } });
    expect(JSON.parse(readFileSync(join(app, 'node_modules/nuffle-codex/package.json'), 'utf8')).version).toBe(version);
    writeFileSync(join(app, 'main.js'), "import { getConcept } from 'nuffle-codex';\nconsole.log((await getConcept('mighty-blow')).names.fr);\n");
    expect(execFileSync(process.execPath, ['main.js'], { cwd: app, encoding: 'utf8' }).trim()).toBe('Châtaigne');
  });
});
