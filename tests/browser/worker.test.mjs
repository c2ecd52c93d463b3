// The Web Worker recipe (docs/web-worker/) in Chromium: its self-checking
// page (pages/worker.html) served cross-origin isolated (simd-mt, its pool's
// threads started from inside the worker) and not (simd-st). The page checks
// itself; this file only reads its outcome. The README's copy of the recipe
// is checked against the files the page runs.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import puppeteer from 'puppeteer-core';

import { startServer } from '../../demo/server.mjs';

const root = new URL('../../', import.meta.url);
const SERVED = ['web/', 'dist/web/', 'docs/web-worker/', 'tests/browser/pages/'];
const PAGE = 'tests/browser/pages/worker.html';
const ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync',
];

let browser;
let profile;
const servers = {};

before(async () => {
  for (const isolation of [true, false]) servers[isolation] = await startServer({ port: 0, isolation, served: SERVED, index: PAGE });
  profile = mkdtempSync(path.join(os.tmpdir(), 'wasm-tensor-ops-worker-'));
  browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: [...ARGS, `--user-data-dir=${profile}`],
  });
});
after(async () => {
  await browser?.close();
  for (const server of Object.values(servers)) await new Promise((resolve) => server.close(resolve));
  if (profile) rmSync(profile, { recursive: true, force: true });
});

/** Opens the page, waits for its outcome, and returns it with the console's problems. */
async function runPage(isolation) {
  const page = await browser.newPage();
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warn') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`); });
  await page.goto(`http://127.0.0.1:${servers[isolation].address().port}/${PAGE}`);
  await page.waitForSelector('body[data-done="true"]', { timeout: 120_000 });
  const outcome = JSON.parse(await page.evaluate(() => document.body.dataset.result));
  await page.close();
  return { outcome, problems };
}

for (const [isolation, variant] of [[true, 'simd-mt'], [false, 'simd-st']]) {
  test(`the recipe in a module worker, ${isolation ? 'isolated' : 'not isolated'}: ${variant}, checked by the page`, async () => {
    const { outcome, problems } = await runPage(isolation);
    console.log(`  ${variant}: ${outcome.checks} checks; ${outcome.sentBytes} bytes in, ${outcome.receivedBytes} out in ` +
      `${outcome.durationMs} ms; ${outcome.ticks} timer ticks, ${outcome.frames} frames, longest gap ${outcome.maxGapMs} ms`);
    assert.deepEqual(outcome.failures, []);
    assert.equal(outcome.ok, true);
    assert.equal(outcome.checks, 22, 'every check ran');
    assert.equal(outcome.crossOriginIsolated, isolation);
    assert.equal(outcome.variant, variant);
    assert.equal(outcome.threads, isolation ? Math.min(outcome.hardwareConcurrency, 64) : 1);
    assert.deepEqual(problems, [], 'no console errors or warnings, page errors or failed requests');
  });
}

// The README shows tensor_client.mjs as it is, and tensor_worker.mjs with the
// package's name where the repository's copy imports it by path.
test("the README's recipe is the files the page runs", () => {
  const readme = readFileSync(new URL('README.md', root), 'utf8');
  const blocks = [...readme.matchAll(/```js\n(\/\/ (tensor_\w+\.mjs)[^\n]*\n[\s\S]*?)```/g)];
  const shown = Object.fromEntries(blocks.map((m) => [m[2], m[1]]));
  assert.deepEqual(Object.keys(shown).sort(), ['tensor_client.mjs', 'tensor_worker.mjs']);
  const file = (name) => readFileSync(new URL(`docs/web-worker/${name}`, root), 'utf8');
  assert.equal(shown['tensor_client.mjs'], file('tensor_client.mjs'));
  const worker = file('tensor_worker.mjs');
  assert.match(worker, /^import \{ load \} from '\.\.\/\.\.\/web\/browser\.mjs';$/m);
  assert.equal(shown['tensor_worker.mjs'], worker.replace("from '../../web/browser.mjs'", "from 'wasm-tensor-ops'"));
});
