// The suite every engine runs (one browser launch per engine and file):
// the package test page, cross-origin isolated and not, and the demo's
// smoke test. `expected` says which build each page must get there.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { buildCases } from './cases.mjs';
import { launchEngine } from './engines.mjs';
import { startTestServer } from './server.mjs';

const SCREENSHOTS = fileURLToPath(new URL('../artifacts/screenshots/', import.meta.url));
const CASES_URL = '/tests/engines/cases.json';
const cases = Buffer.from(JSON.stringify(await buildCases()));
const OPERATION_COUNT = JSON.parse(cases).operations.length;
const DTYPE_COUNT = JSON.parse(cases).dtypes.length;

/** Opens the package page and waits until it has loaded the package. */
async function openPackagePage(engine, base) {
  const page = await engine.open(`${base}/tests/engines/pages/package.html`);
  const loaded = await page.evaluate(async () => {
    for (let i = 0; i < 600 && !window.packagePage; i++) await new Promise((r) => setTimeout(r, 50));
    const p = window.packagePage;
    return p && { backend: p.backend, crossOriginIsolated: p.crossOriginIsolated, sharedArrayBuffer: p.sharedArrayBuffer,
      hardwareConcurrency: p.hardwareConcurrency };
  });
  assert.ok(loaded, 'the package page did not load the package within 30 s');
  return { page, loaded };
}

/**
 * @param {string} name  chromium | firefox | webkit
 * @param {{ label?: string, env?: object, demo?: boolean,
 *   isolated: { variant, reason?: RegExp, says?: RegExp }, notIsolated: { variant } }} expected
 *   reason: what backend.reason must say on simd-st; says: the one console
 *   message of the package (an info) the page must get
 */
export function engineSuite(name, { label = name, env = {}, isolated, notIsolated, demo = true }) {
  describe(`${label}`, () => {
    let engine;
    const servers = {};
    before(async () => {
      engine = await launchEngine(name, { env });
      for (const isolation of [true, false]) {
        servers[isolation] = await startTestServer({ isolation, recorder: engine.needsRecorder, files: { [CASES_URL]: cases } });
      }
      mkdirSync(SCREENSHOTS, { recursive: true });
    });
    after(async () => {
      await engine?.close();
      for (const server of Object.values(servers)) await server.close();
    });

    for (const isolation of [true, false]) {
      const want = isolation ? isolated : notIsolated;
      test(`the package page, ${isolation ? '' : 'not '}cross-origin isolated: ${want.variant}, every operation on every dtype as in Node`, async () => {
        const server = servers[isolation];
        const { page, loaded } = await openPackagePage(engine, server.base);
        try {
          assert.equal(loaded.crossOriginIsolated, isolation);
          // Served under a Content Security Policy without 'unsafe-eval' (probing eval in the page would log a violation).
          const policy = (await fetch(`${server.base}/tests/engines/pages/package.html`)).headers.get('content-security-policy');
          assert.match(policy, /script-src 'self' 'wasm-unsafe-eval';/);
          assert.equal(loaded.backend.variant, want.variant, JSON.stringify(loaded));
          if (want.variant === 'simd-mt') {
            assert.equal(loaded.backend.threads, Math.min(loaded.hardwareConcurrency, 4), JSON.stringify(loaded));
            assert.equal(loaded.backend.reason, undefined);
          } else {
            assert.equal(loaded.backend.threads, 1);
            assert.match(loaded.backend.reason, want.reason ?? /not cross-origin isolated/);
          }
          const result = await page.evaluate((url) => window.packagePage.run(url), CASES_URL);
          assert.deepEqual(result.failures, []);
          assert.equal(result.operations.length, OPERATION_COUNT);
          assert.equal(result.dtypes.length, DTYPE_COUNT - 1, 'every dtype (uint8 twice: Uint8Array and Uint8ClampedArray)');
          assert.ok(result.checks > 10 * result.calls, `${result.checks} checks for ${result.calls} calls`);
          // The package speaks only on an honest fallback: one info, never a warning or an error.
          const said = (await page.consoleMessages()).filter((m) => m.text.startsWith('wasm-tensor-ops:'));
          if (want.says) {
            assert.equal(said.length, 1, JSON.stringify(said));
            assert.equal(said[0].type, 'info');
            assert.match(said[0].text, want.says);
          } else {
            assert.deepEqual(said, []);
          }
          assert.deepEqual(await page.problems(), []);
          assert.deepEqual(server.httpErrors, []);
        } finally {
          await page.close();
        }
      });
    }

    // The Web Worker recipe (docs/web-worker/): its page checks itself (a
    // 64 MiB frame through a chain in a module worker, the page's timers
    // ticking meanwhile, buffers transferred, the worker's memory back at its
    // baseline) and publishes the outcome; the build inside the worker is
    // the one the page itself gets.
    for (const isolation of [true, false]) {
      const want = isolation ? isolated : notIsolated;
      test(`the Web Worker recipe, ${isolation ? '' : 'not '}cross-origin isolated: ${want.variant} in a module worker`, async () => {
        const server = servers[isolation];
        const page = await engine.open(`${server.base}/tests/engines/pages/worker.html`);
        try {
          const { text, stage } = await page.evaluate(async () => {
            for (let i = 0; i < 2400 && document.body.dataset.done !== 'true'; i++) await new Promise((r) => setTimeout(r, 50));
            return { text: document.body.dataset.result ?? null, stage: document.body.dataset.stage ?? 'the page script never ran' };
          });
          assert.ok(text, `the worker page finished within 120 s (it stopped at: ${stage})`);
          const outcome = JSON.parse(text);
          assert.deepEqual(outcome.failures, []);
          assert.equal(outcome.ok, true);
          assert.equal(outcome.checks, 22, 'every check ran');
          assert.equal(outcome.crossOriginIsolated, isolation);
          assert.equal(outcome.variant, want.variant);
          assert.ok(outcome.ticks >= 3, `the page's timer ticked ${outcome.ticks} times during the 64 MiB request`);
          assert.deepEqual(await page.problems(), []);
          assert.deepEqual(server.httpErrors, []);
        } finally {
          await page.close();
        }
      });
    }

    if (demo) {
      test(`the demo, cross-origin isolated: ready, shows ${isolated.variant}, every typed operation's tab drawn, logs no errors or warnings`, async () => {
        const server = servers[true];
        const page = await engine.open(`${server.base}/demo/`);
        try {
          const status = await page.evaluate(async () => {
            const line = document.getElementById('backend');
            for (let i = 0; i < 600 && line.dataset.state !== 'ready' && line.dataset.state !== 'failed'; i++) {
              await new Promise((r) => setTimeout(r, 50));
            }
            // The first view (reshape) computed and drawn.
            const panel = document.getElementById('panel-reshape');
            for (let i = 0; i < 600 && panel.dataset.state !== 'ok'; i++) await new Promise((r) => setTimeout(r, 50));
            await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
            const cells = panel.querySelectorAll('[data-tensor="output"] .cell').length;
            // Every tab of a typed operation (values before and after): opened, computed, drawn.
            const typed = {};
            const { TYPED_OPERATIONS } = await import('/demo/typed_operations.mjs');
            for (const { id } of TYPED_OPERATIONS) {
              const view = document.getElementById(`panel-${id}`);
              document.getElementById(`tab-${id}`).click();
              for (let i = 0; i < 200 && view.dataset.state !== 'ok' && view.dataset.state !== 'error'; i++) {
                await new Promise((r) => setTimeout(r, 50));
              }
              typed[id] = `${view.dataset.state} ${view.querySelectorAll('[data-tensor="output"] .cell').length > 0 ? 'drawn' : 'empty'}`;
            }
            // resize's tab also draws its modes side by side on the page's picture (fromImage, resize, toImage).
            const modes = document.querySelector('#panel-resize [data-role="resize-modes"]');
            const pictures = `${modes?.dataset.state} ${modes?.querySelectorAll('canvas[data-mode]').length}`;
            return { ...line.dataset, text: line.textContent, view: panel.dataset.state, cells, typed, pictures };
          });
          assert.equal(status.state, 'ready', status.text);
          assert.equal(status.view, 'ok', 'the reshape view is drawn');
          assert.ok(Object.keys(status.typed).length >= 10 && 'resize' in status.typed, JSON.stringify(status.typed));
          assert.equal(status.pictures, 'ok 4', 'the resize tab’s four modes on the picture');
          for (const [id, state] of Object.entries(status.typed)) assert.equal(state, 'ok drawn', `the ${id} tab`);
          assert.equal(status.cells, 24, 'its output [4, 6] drawn cell by cell');
          assert.equal(status.variant, isolated.variant);
          assert.match(status.text, new RegExp(isolated.variant));
          assert.match(status.text, new RegExp(`${status.threads} threads?`));
          await page.screenshot(`${SCREENSHOTS}${label.replace(/\W+/g, '-')}-demo.png`);
          assert.deepEqual(await page.problems(), []);
          assert.deepEqual(server.httpErrors, []);
        } finally {
          await page.close();
        }
      });
    }
  });
}
