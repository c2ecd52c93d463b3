// The demo page in real Chromium, cross-origin isolated as `npm start`
// serves it: the threaded build runs, every operation's rendered output
// matches what the package computes in Node, errors are the library's own.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { load } from '../../web/node.mjs';
import {
  PHONE, assertDrawn, iota, readView, screenshotPath, setParams, settle, startBrowser,
} from './harness.mjs';

const ops = await load();
let browser;
let page;

before(async () => {
  browser = await startBrowser({ isolation: true });
  page = await browser.open('reshape');
});
after(async () => {
  await browser?.close();
});

async function showTab(id) {
  await page.click(`#tab-${id}`);
  await page.waitForSelector(`#panel-${id}:not([hidden])[data-state]`);
}

// Runs `call` in Node on the input the page builds (1, 2, 3, … unless given)
// and on the indices 0, 1, 2, … (the provenance the page draws from).
function expect(shape, call, values) {
  const data = values ? Float64Array.from(values) : iota(shape);
  return {
    y: call({ data, shape }),
    prov: call({ data: Int32Array.from({ length: data.length }, (_, i) => i), shape }),
  };
}

describe('the demo page, cross-origin isolated', () => {
  test('loads the simd-mt build, says so, and logs nothing', async () => {
    assert.equal(await page.evaluate(() => globalThis.crossOriginIsolated), true);
    const status = await page.$eval('#backend', (e) => ({ ...e.dataset, text: e.textContent }));
    assert.equal(status.variant, 'simd-mt');
    assert.ok(Number(status.threads) >= 2, `threads: ${status.threads}`);
    assert.match(status.text, /simd-mt/);
    assert.match(status.text, new RegExp(`${status.threads} threads`));
    assert.match(await page.textContent('#panel-reshape [data-role="summary"]'), /simd-mt build \(\d+ threads\) in [\d.]+ (ms|µs)/);
    assert.match(await page.textContent('#timings'), /reshape [\d.]+ (ms|µs)/);
    browser.assertNoProblems();
  });

  test('the server’s root leads to the page, favicon and all', async () => {
    const home = await browser.context.newPage();
    const missing = [];
    home.on('response', (r) => { if (r.status() >= 400) missing.push(r.url()); });
    await home.goto(`${browser.base}/`);
    await home.waitForSelector('#backend[data-state="ready"]');
    assert.equal(new URL(home.url()).pathname, '/demo/');
    assert.equal(await home.getAttribute('#tab-reshape', 'aria-selected'), 'true');
    assert.deepEqual(missing, []);
    await home.close();
  });

  test('reshape: specialZero and -1, drawn as the package computes them', async () => {
    await setParams(page, 'reshape', { inputShape: '2, 3, 4', values: '', shape: '0, -1, 2', specialZero: true });
    const { y, prov } = expect([2, 3, 4], (x) => ops.reshape(x, [0, -1, 2], { specialZero: true }));
    assert.deepEqual(y.shape, [2, 6, 2]);
    assertDrawn(await readView(page, 'reshape'), y, prov);
    assert.equal(await page.textContent('#panel-reshape .call'), 'ops.reshape(x, [0, -1, 2], { specialZero: true })');
    await page.screenshot({ path: screenshotPath('reshape'), fullPage: true });
  });

  test('broadcast: numpy and explicit modes', async () => {
    await showTab('broadcast');
    await setParams(page, 'broadcast', { inputShape: '3, 1', targetShape: '2, 3, 4', mode: 'numpy', axesMapping: '' });
    let e = expect([3, 1], (x) => ops.broadcast(x, [2, 3, 4]));
    assertDrawn(await readView(page, 'broadcast'), e.y, e.prov);
    // Pointing at x[1, 0] outlines its 8 copies (shown in the screenshot).
    await page.hover('#panel-broadcast [data-tensor="input"] .cell[data-index="1"]');
    await page.screenshot({ path: screenshotPath('broadcast'), fullPage: true });
    await page.mouse.move(0, 0);

    await setParams(page, 'broadcast', { inputShape: '3', targetShape: '2, 3, 4', mode: 'explicit', axesMapping: '1' });
    e = expect([3], (x) => ops.broadcast(x, [2, 3, 4], { mode: 'explicit', axesMapping: [1] }));
    assertDrawn(await readView(page, 'broadcast'), e.y, e.prov);

    await setParams(page, 'broadcast', { inputShape: '3, 1', targetShape: '1, 5', mode: 'bidirectional', axesMapping: '' });
    e = expect([3, 1], (x) => ops.broadcast(x, [1, 5], { mode: 'bidirectional' }));
    assert.deepEqual(e.y.shape, [3, 5]);
    assertDrawn(await readView(page, 'broadcast'), e.y, e.prov);
  });

  test('spaceToDepth: NHWC depth_first and NCHW with custom values', async () => {
    await showTab('spaceToDepth');
    await setParams(page, 'spaceToDepth', {
      inputShape: '1, 4, 6, 2', values: '', blockSize: '2', dataFormat: 'NHWC', mode: 'depth_first',
    });
    let e = expect([1, 4, 6, 2], (x) => ops.spaceToDepth(x, 2, { mode: 'depth_first' }));
    assertDrawn(await readView(page, 'spaceToDepth'), e.y, e.prov);

    const values = Array.from({ length: 32 }, (_, i) => (i * 7) % 32 - 10);
    await setParams(page, 'spaceToDepth', {
      inputShape: '1, 2, 4, 4', values: values.join(', '), blockSize: '2', dataFormat: 'NCHW', mode: 'blocks_first',
    });
    e = expect([1, 2, 4, 4], (x) => ops.spaceToDepth(x, 2, { dataFormat: 'NCHW' }), values);
    assertDrawn(await readView(page, 'spaceToDepth'), e.y, e.prov);

    // The seed document's third example, from its preset.
    await page.click('#panel-spaceToDepth .preset[data-preset="2"]');
    await settle(page, 'spaceToDepth');
    const seed = [1, 2, 5, 6, 3, 4, 7, 8, 9, 10, 13, 14, 11, 12, 15, 16];
    e = expect([1, 4, 4, 1], (x) => ops.spaceToDepth(x, 2), seed);
    assert.deepEqual(Array.from(e.y.data), Array.from({ length: 16 }, (_, i) => i + 1));
    assertDrawn(await readView(page, 'spaceToDepth'), e.y, e.prov);
    await page.screenshot({ path: screenshotPath('spaceToDepth'), fullPage: true });
  });

  test('depthToSpace: NHWC blocks_first and NCHW depth_first', async () => {
    await showTab('depthToSpace');
    await setParams(page, 'depthToSpace', {
      inputShape: '1, 2, 3, 8', values: '', blockSize: '2', dataFormat: 'NHWC', mode: 'blocks_first',
    });
    let e = expect([1, 2, 3, 8], (x) => ops.depthToSpace(x, 2));
    assertDrawn(await readView(page, 'depthToSpace'), e.y, e.prov);

    await setParams(page, 'depthToSpace', {
      inputShape: '1, 8, 2, 3', blockSize: '2', dataFormat: 'NCHW', mode: 'depth_first', planes: false,
    });
    e = expect([1, 8, 2, 3], (x) => ops.depthToSpace(x, 2, { dataFormat: 'NCHW', mode: 'depth_first' }));
    assertDrawn(await readView(page, 'depthToSpace'), e.y, e.prov);
    await setParams(page, 'depthToSpace', { planes: true });
    await page.screenshot({ path: screenshotPath('depthToSpace'), fullPage: true });
  });

  test('roll: the seed examples and a negative axis', async () => {
    await showTab('roll');
    await setParams(page, 'roll', { inputShape: '4, 3', values: '', shift: '-1, 2', axes: '0, 1' });
    let e = expect([4, 3], (x) => ops.roll(x, [-1, 2], [0, 1]));
    assert.deepEqual(Array.from(e.y.data), [5, 6, 4, 8, 9, 7, 11, 12, 10, 2, 3, 1]);
    assertDrawn(await readView(page, 'roll'), e.y, e.prov);
    await page.screenshot({ path: screenshotPath('roll'), fullPage: true });

    await setParams(page, 'roll', { inputShape: '2, 3, 4', shift: '-1', axes: '-1' });
    e = expect([2, 3, 4], (x) => ops.roll(x, -1, -1));
    assertDrawn(await readView(page, 'roll'), e.y, e.prov);
  });

  test('every example of the seed documents renders as the package computes it', async () => {
    const cases = {
      reshape: [
        [[2, 5, 5, 0], (x) => ops.reshape(x, [0, 4]), [0, 4]],
        [[2, 5, 5, 24], (x) => ops.reshape(x, [0, -1, 4], { specialZero: true }), [2, 150, 4]],
        [[2, 2, 3], (x) => ops.reshape(x, [0, 0, 1, -1], { specialZero: true }), [2, 2, 1, 3]],
        [[3, 1, 1], (x) => ops.reshape(x, [-1, 0], { specialZero: true }), [3, 1]],
        [[3, 1, 1], (x) => ops.reshape(x, [0, -1], { specialZero: true }), [3, 1]],
      ],
      broadcast: [
        [[16, 1, 1], (x) => ops.broadcast(x, [1, 16, 50, 50]), [1, 16, 50, 50]],
        [[16], (x) => ops.broadcast(x, [1, 16, 50, 50], { mode: 'explicit', axesMapping: [1] }), [1, 16, 50, 50]],
        [[50, 50], (x) => ops.broadcast(x, [1, 50, 50, 16], { mode: 'explicit', axesMapping: [1, 2] }), [1, 50, 50, 16]],
        [[16, 1, 1], (x) => ops.broadcast(x, [1, 1, 50, 50], { mode: 'bidirectional' }), [1, 16, 50, 50]],
      ],
      spaceToDepth: [
        [[1, 2, 2, 1], (x) => ops.spaceToDepth(x, 2), [1, 1, 1, 4]],
        [[1, 2, 2, 3], (x) => ops.spaceToDepth(x, 2), [1, 1, 1, 12]],
        [[1, 4, 4, 1], (x) => ops.spaceToDepth(x, 2), [1, 2, 2, 4], [1, 2, 5, 6, 3, 4, 7, 8, 9, 10, 13, 14, 11, 12, 15, 16]],
      ],
      depthToSpace: [
        [[1, 1, 1, 4], (x) => ops.depthToSpace(x, 2), [1, 2, 2, 1]],
        [[1, 1, 1, 12], (x) => ops.depthToSpace(x, 2), [1, 2, 2, 3]],
        [[1, 2, 2, 4], (x) => ops.depthToSpace(x, 2), [1, 4, 4, 1]],
      ],
      roll: [
        [[4, 3], (x) => ops.roll(x, 1, 0), [4, 3]],
        [[4, 3], (x) => ops.roll(x, [-1, 2], [0, 1]), [4, 3]],
        [[4, 3], (x) => ops.roll(x, [1, 2, 1], [0, 1, 0]), [4, 3]],
        [[3, 10, 100, 200], (x) => ops.roll(x, [4, 10], [2, 3]), [3, 10, 100, 200]],
        [[3, 10, 100, 200], (x) => ops.roll(x, [7], [2, 3]), [3, 10, 100, 200]],
      ],
    };
    for (const [id, list] of Object.entries(cases)) {
      await showTab(id);
      for (const [k, [shape, call, outShape, values]] of list.entries()) {
        await page.click(`#panel-${id} .preset[data-preset="${k}"]`);
        await settle(page, id);
        const view = await readView(page, id);
        assert.deepEqual(view.inputShape, shape, `${id} example ${k + 1}: input`);
        const e = expect(shape, call, values);
        assert.deepEqual(e.y.shape, outShape, `${id} example ${k + 1}: the document's output shape`);
        assertDrawn(view, e.y, e.prov);
      }
    }
    browser.assertNoProblems();
  });

  test('a bad parameter shows the library’s message beside it as the user types; the page keeps working', async () => {
    await showTab('roll');
    await setParams(page, 'roll', { inputShape: '4, 3', values: '', shift: '1', axes: '0' });
    const before = await readView(page, 'roll');
    assert.equal(before.state, 'ok');

    // Typing "5" into axes: out of range for rank 2.
    await page.focus('#roll-axes');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('5');
    await settle(page, 'roll');
    let message;
    try {
      ops.roll({ data: iota([4, 3]), shape: [4, 3] }, 1, 5);
    } catch (e) {
      message = `${e.code} ${e.message}`;
    }
    assert.equal(message, 'INVALID_ARGUMENT roll: axes value 5 is out of range [-2, 2) for rank 2');
    let view = await readView(page, 'roll');
    assert.equal(view.state, 'error');
    assert.deepEqual(Object.keys(view.errors), ['axes']);
    assert.equal(view.errors.axes.text, message);
    assert.equal(await page.getAttribute('#roll-axes', 'aria-invalid'), 'true');
    assert.match(view.summary, /INVALID_ARGUMENT at “axes”/);
    // The last valid result stays, marked stale; nothing broke.
    assert.deepEqual(view.cells.map((c) => c.value), before.cells.map((c) => c.value));
    assert.ok(await page.$('#panel-roll .tensors.stale'));
    await page.screenshot({ path: screenshotPath('roll-error'), fullPage: false });

    // Text that is not numbers gets the page's own message.
    await setParams(page, 'roll', { axes: '0', shift: 'one' });
    view = await readView(page, 'roll');
    assert.deepEqual(Object.keys(view.errors), ['shift']);
    assert.equal(view.errors.shift.code, 'PAGE');
    assert.match(view.errors.shift.text, /'one' is not a number/);

    // Reshape: two -1s; broadcast: explicit without axesMapping; wrong number of values.
    await showTab('reshape');
    await setParams(page, 'reshape', { inputShape: '4, 3', values: '', shape: '-1, 4, -1', specialZero: false });
    view = await readView(page, 'reshape');
    assert.equal(view.errors.shape.text, 'INVALID_ARGUMENT reshape: shape [-1, 4, -1] has more than one -1');
    await setParams(page, 'reshape', { shape: '2, -1', values: '1, 2, 3' });
    view = await readView(page, 'reshape');
    assert.equal(view.errors.values.text, 'INVALID_ARGUMENT reshape: x.data has 3 elements, but x.shape [4, 3] needs 12');
    await setParams(page, 'reshape', { values: '', inputShape: '4, -3' });
    view = await readView(page, 'reshape');
    assert.equal(view.errors.inputShape.code, 'INVALID_ARGUMENT');
    assert.match(view.errors.inputShape.text, /x\.shape \[4, -3\] has dim -3/);
    await setParams(page, 'reshape', { inputShape: '4, 3' });
    view = await readView(page, 'reshape');
    assert.equal(view.state, 'ok');
    assert.deepEqual(view.errors, {});

    await showTab('spaceToDepth');
    await setParams(page, 'spaceToDepth', { inputShape: '1, 3, 3, 1', values: '', blockSize: '2', dataFormat: 'NHWC' });
    view = await readView(page, 'spaceToDepth');
    assert.equal(view.errors.blockSize.text,
      'SHAPE_MISMATCH spaceToDepth: x.shape [1, 3, 3, 1] has spatial dim 3 at axis 1, not divisible by blockSize 2');
    await setParams(page, 'spaceToDepth', { inputShape: '1, 4, 4, 1' });
    assert.equal((await readView(page, 'spaceToDepth')).state, 'ok');
    browser.assertNoProblems();
  });

  test('hovering or focusing a cell outlines where it came from and where it went', async () => {
    await showTab('roll');
    await setParams(page, 'roll', { inputShape: '4, 3', values: '', shift: '1', axes: '0' });
    // Output y[0, 0] = 10 came from x[3, 0] (index 9).
    await page.hover('#panel-roll [data-tensor="output"] .cell[data-index="0"]');
    assert.deepEqual(await page.$$eval('#panel-roll [data-tensor="input"] .cell.linked', (c) => c.map((e) => e.dataset.index)), ['9']);
    assert.equal(await page.textContent('#panel-roll [data-role="detail"]'), 'y[0, 0] = 10 came from x[3, 0].');
    // And the other way round.
    await page.hover('#panel-roll [data-tensor="input"] .cell[data-index="0"]');
    assert.deepEqual(await page.$$eval('#panel-roll [data-tensor="output"] .cell.linked', (c) => c.map((e) => e.dataset.index)), ['3']);

    // With the keyboard: Tab from the Animate button into the input grid, then the arrows.
    await page.focus('#panel-roll .animate');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.index), '0');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    const focused = await page.evaluate(() => ({ index: document.activeElement.dataset.index, label: document.activeElement.getAttribute('aria-label') }));
    assert.deepEqual(focused, { index: '4', label: 'x[1, 1] = 5' });
    assert.deepEqual(await page.$$eval('#panel-roll [data-tensor="output"] .cell.linked', (c) => c.map((e) => e.dataset.index)), ['7']);
    assert.equal(await page.textContent('#panel-roll [data-role="detail"]'), 'x[1, 1] = 5 went to y[2, 1].');
    // Tab moves on to the output grid, one stop per grid.
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.closest('[data-tensor]').dataset.tensor), 'output');
    assert.match(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), /^y\[0, 0\] = 10, from x\[3, 0\]$/);

    // Broadcast: an input element outlines all of its copies.
    await showTab('broadcast');
    await setParams(page, 'broadcast', { inputShape: '3, 1', values: '', targetShape: '2, 3, 4', mode: 'numpy', axesMapping: '' });
    await page.hover('#panel-broadcast [data-tensor="input"] .cell[data-index="1"]');
    assert.equal(await page.$$eval('#panel-broadcast [data-tensor="output"] .cell.linked', (c) => c.length), 8);
  });

  test('the tabs, the examples and the controls work with the keyboard alone', async () => {
    await page.focus('#tab-roll');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await page.getAttribute('#tab-depthToSpace', 'aria-selected'), 'true');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'tab-depthToSpace');
    assert.ok(await page.isVisible('#panel-depthToSpace'));
    assert.ok(await page.isHidden('#panel-roll'));
    await page.keyboard.press('End');
    assert.equal(await page.getAttribute('#tab-pictures', 'aria-selected'), 'true');
    await page.keyboard.press('Home');
    assert.equal(await page.getAttribute('#tab-reshape', 'aria-selected'), 'true');
    assert.match(await page.evaluate(() => location.hash), /^#reshape(\?|$)/);
    // Tab into the form: the first field is the input shape.
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'reshape-inputShape');
    // An example chosen with Enter.
    await page.focus('#panel-reshape .preset[data-preset="2"]');
    await page.keyboard.press('Enter');
    await settle(page, 'reshape');
    assert.deepEqual((await readView(page, 'reshape')).shape, [2, 2, 1, 3]);
    assert.equal(await page.inputValue('#reshape-shape'), '0, 0, 1, -1');
    // Every control has a label.
    const unlabelled = await page.$$eval('input, select, button', (all) => all
      .filter((e) => !e.closest('[hidden]') && !(e.labels?.length || e.getAttribute('aria-label') || e.textContent.trim()))
      .map((e) => e.outerHTML));
    assert.deepEqual(unlabelled, []);
  });

  test('the transition moves each output element from its input place', async () => {
    await showTab('roll');
    await setParams(page, 'roll', { inputShape: '4, 3', values: '', shift: '1', axes: '0' });
    // With reduced motion (the tests' default) nothing flies.
    await page.click('#panel-roll .animate');
    assert.equal(await page.$('.flight'), null);
    assert.match(await page.textContent('#panel-roll .motion-note'), /reduced motion/);

    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.click('#panel-roll .animate');
    await page.waitForSelector('.flight .ghost');
    const flight = await page.evaluate(() => {
      const ghosts = [...document.querySelectorAll('.flight .ghost')];
      return { ghosts: ghosts.length, first: ghosts[0].textContent, animating: document.getElementById('panel-roll').dataset.animating };
    });
    assert.deepEqual(flight, { ghosts: 12, first: '10', animating: 'true' });
    await page.waitForTimeout(700); // mid-flight, for the screenshot
    await page.screenshot({ path: screenshotPath('roll-transition'), fullPage: false });
    await page.waitForSelector('.flight', { state: 'detached', timeout: 5000 });
    const view = await readView(page, 'roll');
    assert.ok(view.cells.every((c) => c.visible), 'every output cell has landed');
    assert.equal(await page.$eval('#panel-roll', (p) => p.dataset.animating ?? null), null);
    await page.emulateMedia({ reducedMotion: 'reduce' });
  });

  test('picture mode: roll, spaceToDepth and depthToSpace on real pixels', async () => {
    await showTab('pictures');
    const readCanvas = (selector) => page.$eval(selector, (c) => {
      const rgba = c.getContext('2d', { willReadFrequently: true }).getImageData(0, 0, c.width, c.height).data;
      const rgb = [];
      for (let i = 0; i < rgba.length; i += 4) rgb.push(rgba[i], rgba[i + 1], rgba[i + 2]);
      return { rgb, width: c.width, height: c.height };
    });
    // spaceToDepth, blocks_first: each group of three channels is an RGB picture.
    await page.selectOption('#pictures-blockSize', '2');
    await page.selectOption('#pictures-mode', 'blocks_first');
    await page.selectOption('#pictures-grouping', 'rgb');
    const pic = await readCanvas('#panel-pictures [data-role="picture"]');
    assert.equal(pic.width, 48);
    const picture = { data: Uint8Array.from(pic.rgb), shape: [1, 48, 48, 3] };
    let y = ops.spaceToDepth(picture, 2);
    assert.deepEqual(y.shape, [1, 24, 24, 12]);
    const tiles = await page.$$eval('#panel-pictures [data-role="pic-output"] canvas', (cs) => cs.map((c) => c.dataset.channels));
    assert.deepEqual(tiles, ['0,1,2', '3,4,5', '6,7,8', '9,10,11']);
    for (const channels of tiles) {
      const tile = await readCanvas(`#panel-pictures canvas[data-channels="${channels}"]`);
      const [c0] = channels.split(',').map(Number);
      const want = [];
      for (let p = 0; p < 24 * 24; p++) want.push(y.data[p * 12 + c0], y.data[p * 12 + c0 + 1], y.data[p * 12 + c0 + 2]);
      assert.deepEqual(tile.rgb, want, `channels ${channels}`);
    }
    assert.match(await page.textContent('#panel-pictures [data-role="summary"]'), /\[1, 48, 48, 3\] → \[1, 24, 24, 12\], computed by the simd-mt build/);
    await page.screenshot({ path: screenshotPath('pictures-spaceToDepth'), fullPage: true });

    // Single channels: 12 planes.
    await page.selectOption('#pictures-grouping', 'single');
    assert.equal(await page.$$eval('#panel-pictures [data-role="pic-output"] canvas', (cs) => cs.length), 12);

    // depthToSpace(spaceToDepth(picture)) gives the picture back.
    await page.check('#pictures-op-depthToSpace');
    await page.selectOption('#pictures-mode', 'depth_first');
    assert.equal(await page.textContent('#panel-pictures [data-role="same"]'), '✓ identical to the picture, byte for byte');
    assert.deepEqual((await readCanvas('#panel-pictures [data-role="result"]')).rgb, pic.rgb);

    // roll with the keyboard: 5 rows down, 3 columns left.
    await page.check('#pictures-op-roll');
    await page.focus('#pictures-shiftY');
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    await page.focus('#pictures-shiftX');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
    assert.equal(await page.textContent('#panel-pictures .call'), 'ops.roll(picture, [5, -3], [1, 2])');
    y = ops.roll(picture, [5, -3], [1, 2]);
    assert.deepEqual((await readCanvas('#panel-pictures [data-role="result"]')).rgb, Array.from(y.data));
    assert.match(await page.textContent('#panel-pictures .pic-note'), /now at row 5, column 45/);
    await page.screenshot({ path: screenshotPath('pictures-roll'), fullPage: true });
    browser.assertNoProblems();
  });

  test('at 375 px wide nothing overflows the page', async () => {
    const phone = await browser.open('roll', PHONE);
    for (const id of ['reshape', 'broadcast', 'spaceToDepth', 'depthToSpace', 'roll', 'pictures']) {
      await phone.click(`#tab-${id}`);
      await phone.waitForSelector(`#panel-${id}:not([hidden])[data-state="ok"]`);
      const width = await phone.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 375, `${id}: the page is ${width} px wide`);
    }
    await phone.click('#tab-roll');
    await phone.screenshot({ path: screenshotPath('roll-375px'), fullPage: true });
    await phone.click('#tab-pictures');
    await phone.screenshot({ path: screenshotPath('pictures-375px'), fullPage: true });
    await phone.close();
    browser.assertNoProblems();
  });
});
