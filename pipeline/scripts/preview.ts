/**
 * `npm run preview`: serve the built site (dist/site, or the folder given) on
 * http://127.0.0.1:4321 (PORT to change). A tiny static file server: directory
 * URLs serve their index.html, unknown paths the 404 page, and every response
 * carries the headers the site's `_headers` gives its path, as a host that
 * reads it would (the Content-Security-Policy among them). A path with no
 * file follows `_redirects` as Netlify does: a redirect answers its status
 * and Location, a not-found rule (`/v1/* /v1/404.json 404`) serves its file
 * with status 404; an existing file is always served first. A folder asked
 * without its slash is redirected to the folder's own path on this origin,
 * never to a path the request spelled (`/.//evil.com/..%2Fcards` leads to
 * `/cards/`, not `//evil.com/…`). The site tests use it too, on a random port.
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, extname, join, normalize, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { headersFor, parseHeaders, parseRedirects, type HeaderRule, type RedirectRule } from '../model/host-rules.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
};

const HOST_FILES = ['_headers', '_redirects'];

export interface StaticServer {
  origin: string;
  close: () => Promise<void>;
}

/** The file a URL path names under `dir`, or null. */
export function resolveSitePath(dir: string, pathname: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const full = normalize(join(dir, path));
  if (full !== dir && !full.startsWith(dir + sep)) return null;
  // The host's rules are read by the host, never served.
  if (HOST_FILES.some((name) => full === join(dir, name))) return null;
  if (existsSync(full) && statSync(full).isDirectory()) {
    const index = join(full, 'index.html');
    return existsSync(index) ? index : null;
  }
  return existsSync(full) ? full : null;
}

/** The site path of the folder whose index.html `file` is: `/cards/`, always on this origin. */
function folderPath(dir: string, file: string): string {
  const folder = relative(dir, dirname(file)).split(sep).filter(Boolean);
  return `/${folder.map(encodeURIComponent).join('/')}${folder.length ? '/' : ''}`;
}

export async function serveStatic(folder: string, port = 0): Promise<StaticServer> {
  const dir = resolve(folder);
  const rules: HeaderRule[] = existsSync(join(dir, '_headers')) ? parseHeaders(readFileSync(join(dir, '_headers'), 'utf8')) : [];
  const redirects: RedirectRule[] = existsSync(join(dir, '_redirects')) ? parseRedirects(readFileSync(join(dir, '_redirects'), 'utf8')) : [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const file = resolveSitePath(dir, url.pathname);
    const headers = Object.fromEntries(headersFor(rules, url.pathname));
    if (file?.endsWith(`${sep}index.html`) && !url.pathname.endsWith('/') && !url.pathname.endsWith('.html')) {
      response.writeHead(301, { ...headers, location: `${folderPath(dir, file)}${url.search}` });
      response.end();
      return;
    }
    const rule = file ? undefined : redirects.find((r) => (r.from.endsWith('*') ? url.pathname.startsWith(r.from.slice(0, -1)) : r.from === url.pathname));
    if (rule && rule.status !== 404) {
      response.writeHead(rule.status, { ...headers, location: rule.to });
      response.end();
      return;
    }
    const notFound = rule ? resolveSitePath(dir, rule.to) : null;
    const target = file ?? notFound ?? join(dir, '404.html');
    if (!file && !notFound && !existsSync(target)) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...headers });
      response.end('not found\n');
      return;
    }
    // nosniff: a dataset file holds text from the sources (markup included) and is only ever data, never a page.
    response.writeHead(file ? 200 : 404, {
      'content-type': TYPES[extname(target)] ?? 'application/octet-stream',
      'x-content-type-options': 'nosniff',
      ...headers,
      // The not-found body's own headers (its rule in _headers), as the host serves that file.
      ...(notFound && rule ? Object.fromEntries(headersFor(rules, rule.to)) : {}),
    });
    createReadStream(target).pipe(response);
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  const address = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = resolve(process.argv[2] ?? join(fileURLToPath(new URL('../..', import.meta.url)), 'dist/site'));
  if (!existsSync(join(dir, 'index.html'))) {
    console.error(`preview: no built site in ${dir}; run npm run build first`);
    process.exit(1);
  }
  const server = await serveStatic(dir, Number(process.env.PORT ?? 4321));
  console.log(`serving ${dir} on ${server.origin}/ (Ctrl+C to stop)`);
}
