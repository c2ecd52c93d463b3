// The engines' test server: the demo's server (demo/server.mjs, with or
// without the isolation headers) behind a thin front that adds what the
// tests need: the package test page, the cases computed in Node at
// /tests/engines/cases.json, the console recorder put first in every HTML
// page when the engine's driver cannot listen to the console, and a record
// of every HTTP error status it served. The package page gets a strict
// Content Security Policy.
import { createServer } from 'node:http';

import { startServer } from '../../demo/server.mjs';

const SERVED = ['demo/', 'web/', 'dist/web/', 'docs/web-worker/', 'tests/engines/pages/'];
const RECORDER = '<script src="/tests/engines/pages/recorder.js"></script>';
// The package page is served under a strict Content Security Policy: no
// eval of any kind ('unsafe-eval'), only WebAssembly's; the package must load.
const PACKAGE_PAGE = '/tests/engines/pages/package.html';
const STRICT_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self' blob:; img-src 'self' data:";

/**
 * @param {{ isolation: boolean, recorder: boolean, files?: Record<string, Buffer> }} options
 *   files: extra paths served from memory (e.g. the cases as JSON)
 */
export async function startTestServer({ isolation, recorder, files = {} }) {
  const inner = await startServer({ port: 0, isolation, served: SERVED });
  const innerBase = `http://127.0.0.1:${inner.address().port}`;
  const httpErrors = [];
  const front = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    if (files[url.pathname]) {
      const headers = { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' };
      if (isolation) Object.assign(headers, { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' });
      res.writeHead(200, headers);
      res.end(files[url.pathname]);
      return;
    }
    const response = await fetch(innerBase + req.url, { method: req.method, redirect: 'manual' });
    if (response.status >= 400) httpErrors.push(`HTTP ${response.status}: ${url.pathname}`);
    const headers = Object.fromEntries(response.headers);
    let body = Buffer.from(await response.arrayBuffer());
    if (recorder && (headers['content-type'] ?? '').startsWith('text/html')) {
      const html = body.toString('utf8');
      const at = html.search(/<head[^>]*>/i);
      const end = at < 0 ? 0 : at + html.slice(at).indexOf('>') + 1;
      body = Buffer.from(html.slice(0, end) + RECORDER + html.slice(end));
    }
    if (url.pathname === PACKAGE_PAGE) headers['content-security-policy'] = STRICT_CSP;
    delete headers['content-encoding'];
    delete headers['transfer-encoding'];
    headers['content-length'] = String(body.length);
    res.writeHead(response.status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise((resolve) => front.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${front.address().port}`,
    /** Every HTTP status >= 400 served so far (a missing file of a page). */
    httpErrors,
    async close() {
      for (const server of [front, inner]) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    },
  };
}
