/**
 * The static API hosted alone (issue 35, item 8): dist/api served by itself
 * on a host that reads `_headers` and `_redirects` (the preview server, as
 * Netlify reads them), walked from index.json as an app walks it: every
 * `path` and `url` resolved against the one root the index names, every
 * list, every bulk-data download (its bytes, size and digest), each answer
 * JSON with CORS; an unknown id answers a JSON 404 body; nothing is broken.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStatic, type StaticServer } from '../../pipeline/scripts/preview.ts';
import type { ApiIndex, BulkDataEndpoint } from '../../pipeline/model/schema-types.ts';
import { packPackage, type Packed } from './pack.ts';

let packed: Packed;
let server: StaticServer;

beforeAll(async () => {
  packed = packPackage('hosted-api');
  server = await serveStatic(join(packed.out, 'api'));
}, 240_000);
afterAll(() => server?.close());

/** Every string under a key `url`, `path`, `download` or inside `lists`, in a JSON value. */
function links(value: unknown, key = ''): string[] {
  if (typeof value === 'string') return ['url', 'path', 'download', 'bulkData', 'notFound', 'list'].includes(key) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((v) => links(v, key === 'items' || key === 'endpoints' || key === 'files' ? '' : key));
  // A bulk-data file: its `path` is in dist/data, its `download` the API's.
  if (value && typeof value === 'object' && 'download' in value) return [String(value.download)];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => links(v, key === 'lists' || key === 'list' ? 'list' : k === 'root' ? '' : k));
  return [];
}

describe('the static API, hosted alone', () => {
  it('resolves every link from the index against the root it names, each answering 200 with JSON and CORS', async () => {
    const indexUrl = `${server.origin}/v1/index.json`;
    const index = (await (await fetch(indexUrl)).json()) as ApiIndex & { root: string };
    const root = new URL(index.root, indexUrl);
    expect(root.href).toBe(`${server.origin}/`);
    const seen = new Set<string>(['v1/index.json']);
    const queue = links(index);
    let walked = 0;
    while (queue.length) {
      const link = queue.shift()!;
      if (seen.has(link) || link.startsWith('data/')) continue;
      seen.add(link);
      const response = await fetch(new URL(link, root));
      expect(response.status, link).toBe(200);
      expect(response.headers.get('content-type'), link).toBe('application/json; charset=utf-8');
      expect(response.headers.get('access-control-allow-origin'), link).toBe('*');
      queue.push(...links(await response.json()));
      walked++;
    }
    // Every endpoint file but the not-found body is reached from the index.
    expect(walked).toBeGreaterThan(index.endpoints.length);
  });

  it('serves every bulk-data download from the API itself, with its size and digest, cached for good', async () => {
    const index = (await (await fetch(`${server.origin}/v1/index.json`)).json()) as ApiIndex & { root: string };
    const root = new URL(index.root, `${server.origin}/v1/index.json`);
    const bulk = (await (await fetch(new URL(index.bulkData!, root))).json()) as BulkDataEndpoint;
    expect(bulk.files.length).toBeGreaterThan(5);
    for (const file of bulk.files) {
      const response = await fetch(new URL(file.download, root));
      expect(response.status, file.download).toBe(200);
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(bytes.byteLength, file.path).toBe(file.size);
      expect(createHash('sha256').update(bytes).digest('hex'), file.path).toBe(file.sha256);
      expect(response.headers.get('content-type'), file.path).toBe(file.contentType);
      expect(response.headers.get('cache-control'), file.path).toBe('public, max-age=31536000, immutable');
    }
  });

  it('answers an unknown id with a JSON 404 body that leads to the index, never cached', async () => {
    for (const path of ['/v1/concepts/no-such-skill.json', '/v1/records/en-2020/dodgee.json', '/v1/rulings/en-2020/r-00000000.json']) {
      const response = await fetch(`${server.origin}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toBe('application/json; charset=utf-8');
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
      const body = (await response.json()) as { status: number; error: string; index: string };
      expect(body).toMatchObject({ status: 404, error: 'not-found', index: 'v1/index.json' });
    }
  });
});
