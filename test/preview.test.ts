/**
 * The preview server (pipeline/scripts/preview.ts) on a small literal site:
 * a folder asked without its slash is redirected to the folder's own path on
 * this origin, never to a path the request spelled (issue 32, item 7:
 * `/.//evil.com/..%2Fcards` once answered `Location: //evil.com/..%2Fcards/`);
 * every response carries the headers `_headers` gives its path, as a host's
 * would, and the rules files themselves are not served.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeHeaders } from '../pipeline/model/host-rules.ts';
import { serveStatic, type StaticServer } from '../pipeline/scripts/preview.ts';

let server: StaticServer;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'nuffle-preview-'));
  for (const folder of ['cards', 'fr/cards', 'evil.com']) {
    mkdirSync(join(dir, folder), { recursive: true });
    writeFileSync(join(dir, folder, 'index.html'), `<!DOCTYPE html><title>${folder}</title>`);
  }
  writeFileSync(join(dir, 'index.html'), '<!DOCTYPE html><title>home</title>');
  writeFileSync(join(dir, '404.html'), '<!DOCTYPE html><title>not found</title>');
  mkdirSync(join(dir, 'api/v1'), { recursive: true });
  writeFileSync(join(dir, 'api/v1/x.json'), '{}');
  writeFileSync(
    join(dir, '_headers'),
    writeHeaders([
      { path: '/*', headers: [['Content-Security-Policy', "default-src 'self'; frame-ancestors 'none'"]] },
      { path: '/api/v1/*', headers: [['Access-Control-Allow-Origin', '*']] },
    ]),
  );
  writeFileSync(join(dir, '_redirects'), '');
  server = await serveStatic(dir);
});
afterAll(async () => void (await server?.close()));

/** A raw GET of `path` exactly as written (no client normalises it): status and headers. */
function get(path: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  const { hostname, port } = new URL(server.origin);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method: 'GET' }, (response) => {
      response.resume();
      resolve({ status: response.statusCode!, headers: response.headers });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the preview server’s redirects', () => {
  it.each([
    ['/.//evil.com/..%2Fcards', '/cards/'],
    ['/.//evil.com/..%2Ffr/cards', '/fr/cards/'],
    ['/%2F%2Fevil.com', '/evil.com/'],
    ['/cards', '/cards/'],
    ['/fr/cards?x=1', '/fr/cards/?x=1'],
  ])('answers %s with the folder’s own path on this origin, %s', async (path, location) => {
    const { status, headers } = await get(path);
    expect(status).toBe(301);
    expect(headers.location).toBe(location);
    expect(new URL(headers.location as string, server.origin).origin).toBe(server.origin);
  });

  it('never answers with a Location off its origin, however the path is spelled', async () => {
    for (const path of [
      '//evil.com/..%2Fcards',
      '/.//evil.com/..%2Fcards',
      '/./%2F/evil.com/..%2Fcards',
      '/%5C%5Cevil.com/..%2Fcards',
      '/.%2F%2Fevil.com%2F..%2Fcards',
    ]) {
      const { headers } = await get(path);
      if (headers.location === undefined) continue;
      expect(headers.location, path).toMatch(/^\/(?![/\\])/);
      expect(new URL(headers.location as string, server.origin).origin, path).toBe(server.origin);
    }
  });

  it('serves a folder asked with its slash, and nothing outside the site', async () => {
    expect((await get('/cards/')).status).toBe(200);
    expect((await get('/..%2F..%2Fetc/passwd')).status).toBe(404);
  });
});

describe('the preview server’s headers', () => {
  it('adds the headers of every _headers rule that matches the path, to pages, files, redirects and the 404', async () => {
    for (const path of ['/', '/cards/', '/cards', '/missing/']) {
      expect((await get(path)).headers['content-security-policy'], path).toBe("default-src 'self'; frame-ancestors 'none'");
      expect((await get(path)).headers['access-control-allow-origin'], path).toBeUndefined();
    }
    const json = await get('/api/v1/x.json');
    expect(json.headers['access-control-allow-origin']).toBe('*');
    expect(json.headers['content-security-policy']).toBe("default-src 'self'; frame-ancestors 'none'");
    expect(json.headers['x-content-type-options']).toBe('nosniff');
  });

  it('never serves the host’s rules files', async () => {
    expect((await get('/_headers')).status).toBe(404);
    expect((await get('/_redirects')).status).toBe(404);
  });
});
