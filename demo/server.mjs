// The demo's server: static files of this package over HTTP, with the
// headers that make the page cross-origin isolated (so the threaded build
// runs). `--no-isolation` leaves them out, as any plain static server would.
//   node demo/server.mjs [--port=8080] [--no-isolation]     (PORT works too)
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const packageRoot = fileURLToPath(new URL('..', import.meta.url));
// Only what the page needs is served: no source, tests or node_modules.
const DEMO_FILES = ['demo/', 'web/', 'dist/web/'];
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

/**
 * Serves `served` (folders relative to `root`; default: the demo's files)
 * with or without the isolation headers; `index` is what / shows.
 */
export function startServer({
  port = 8080, isolation = true, host = '127.0.0.1', root = packageRoot, served = DEMO_FILES,
  index = 'demo/index.html',
} = {}) {
  // An index in a folder (demo/index.html) is served at that folder's URL
  // (/demo/), so that the page's relative links resolve; / and /demo lead there.
  const indexDir = path.posix.dirname(index) === '.' ? '' : `${path.posix.dirname(index)}/`;
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://localhost');
    let rel;
    try {
      rel = decodeURIComponent(url.pathname).replace(/^\/+/, '');
    } catch {
      res.writeHead(400, { 'Content-Type': 'text/plain' });
      res.end('bad request\n');
      return;
    }
    if (indexDir && (rel === '' || rel === indexDir.slice(0, -1))) {
      res.writeHead(302, { Location: `/${indexDir}${url.search}`, 'Cache-Control': 'no-cache' });
      res.end();
      return;
    }
    if (rel === '' || rel === indexDir) rel = index;
    const file = path.normalize(path.join(root, rel));
    const allowed = served.some((dir) => file.startsWith(path.join(root, dir)));
    let size = -1;
    try {
      if (allowed) size = statSync(file).isFile() ? statSync(file).size : -1;
    } catch {
      size = -1;
    }
    const headers = { 'Cache-Control': 'no-cache', 'Cross-Origin-Resource-Policy': 'same-origin' };
    if (isolation) {
      headers['Cross-Origin-Opener-Policy'] = 'same-origin';
      headers['Cross-Origin-Embedder-Policy'] = 'require-corp';
    }
    if (size < 0) {
      res.writeHead(404, { ...headers, 'Content-Type': 'text/plain' });
      res.end('not found\n');
      return;
    }
    res.writeHead(200, { ...headers, 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'Content-Length': size });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const portArg = args.find((a) => a.startsWith('--port='));
  const port = Number(portArg ? portArg.slice(7) : process.env.PORT ?? 8080);
  const isolation = !args.includes('--no-isolation');
  const server = await startServer({ port, isolation, host: process.env.HOST ?? '127.0.0.1' });
  const { address, port: bound } = server.address();
  console.log(`wasm-tensor-ops demo: http://${address === '127.0.0.1' ? 'localhost' : address}:${bound}/demo/ ` +
    `(${isolation ? 'cross-origin isolated: the threaded build runs' : 'no isolation headers: the single-threaded build runs'})`);
}
