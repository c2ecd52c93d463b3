// The demo page served without the isolation headers, as any plain static
// server would: it runs on the single-threaded build and says so.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { load } from '../../web/node.mjs';
import { assertDrawn, iota, readView, screenshotPath, setParams, startBrowser } from './harness.mjs';

const ops = await load({ threads: 1 });
let browser;

before(async () => {
  browser = await startBrowser({ isolation: false });
});
after(async () => {
  await browser?.close();
});

test('without COOP/COEP the page runs simd-st, says why, and computes as the package does', async () => {
  const page = await browser.open('roll');
  assert.equal(await page.evaluate(() => globalThis.crossOriginIsolated), false);
  const status = await page.$eval('#backend', (e) => ({ ...e.dataset, text: e.textContent }));
  assert.equal(status.variant, 'simd-st');
  assert.equal(status.threads, '1');
  assert.match(status.text, /simd-st with 1 thread — this page is not cross-origin isolated/);

  await setParams(page, 'roll', { inputShape: '3, 4', values: '', shift: '1, -1', axes: '0, 1' });
  const shape = [3, 4];
  const y = ops.roll({ data: iota(shape), shape }, [1, -1], [0, 1]);
  const prov = ops.roll({ data: Int32Array.from({ length: 12 }, (_, i) => i), shape }, [1, -1], [0, 1]);
  const view = await readView(page, 'roll');
  assertDrawn(view, y, prov);
  assert.match(view.summary, /computed by the simd-st build \(1 thread\)/);
  await page.screenshot({ path: screenshotPath('no-isolation-roll'), fullPage: false });

  // The other views work too.
  for (const id of ['reshape', 'broadcast', 'spaceToDepth', 'depthToSpace', 'pictures']) {
    await page.click(`#tab-${id}`);
    await page.waitForSelector(`#panel-${id}:not([hidden])[data-state="ok"]`);
  }
  browser.assertNoProblems();
});
