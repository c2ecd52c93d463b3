// The demo page's tabs of the typed operations, in real Chromium: each tab's
// default drawn as the package computes it in Node, value for value and in
// its dtype, and where each output cell says it came from checked against
// the operation's rule written out as plain loops (each operation's
// tests/js/ops/<op>/demo_default.mjs, found by directory; resize: the
// element of largest weight, its taps and weights on hover against the
// same call in Node on one-hot inputs).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { formatValue } from '../../demo/grid.mjs';
import { load } from '../../web/node.mjs';
import { loadEach } from '../js/op_files.mjs';
import { t } from '../js/ops/_shared/demo_kit.mjs';
import { readView, screenshotPath, settle, startBrowser } from './harness.mjs';

const ops = await load();
let browser;
let page;

before(async () => {
  browser = await startBrowser({ isolation: true });
  page = await browser.open('cast');
});
after(async () => {
  await browser?.close();
});

// Each typed tab's default: { op: { call(ops), sources() } }.
const DEFAULTS = await loadEach('demo_default.mjs');

describe('the tabs of the typed operations', () => {
  test('every operation of the library has a tab', async () => {
    const tabs = await page.$$eval('[role="tab"]', (all) => all.map((tab) => tab.id.slice('tab-'.length)));
    for (const { name } of ops.operations) assert.ok(tabs.includes(name), `a tab for ${name}`);
  });

  test('every typed tab has its default in tests/js/ops/<op>/demo_default.mjs', async () => {
    assert.ok(Object.keys(DEFAULTS).length > 0, 'no demo_default.mjs found');
    const tabs = await page.$$eval('[role="tab"]', (all) => all.map((tab) => tab.id.slice('tab-'.length)));
    const typedTabs = ops.operations.filter((o) => o.typed).map((o) => o.name).filter((name) => tabs.includes(name));
    assert.ok(typedTabs.length > 0, 'the page has typed tabs');
    for (const name of typedTabs) assert.equal(typeof DEFAULTS[name]?.call, 'function', `tests/js/ops/${name}/demo_default.mjs`);
    assert.deepEqual(Object.keys(DEFAULTS).sort(), typedTabs.sort(), 'a demo_default.mjs for a typed tab only');
  });

  for (const [id, { call, sources: expectedSources }] of Object.entries(DEFAULTS)) {
    test(`${id}: the default is drawn as the package computes it, each cell naming its source`, async () => {
      await page.click(`#tab-${id}`);
      await page.waitForSelector(`#panel-${id}:not([hidden])[data-state]`);
      await settle(page, id);
      const ys = call(ops);
      const sources = expectedSources();
      for (const [k, y] of ys.entries()) {
        const view = await readView(page, id, k);
        assert.equal(view.state, 'ok', `${id}: ${JSON.stringify(view.errors)}`);
        assert.deepEqual(view.shape, y.shape, `${id}: output ${k}'s shape`);
        assert.equal(view.cells.length, y.data.length, `${id}: every element of output ${k} is drawn`);
        for (const cell of view.cells) {
          assert.equal(cell.text, formatValue(y.data[cell.index]), `${id}: y${k}[${cell.index}]`);
          assert.equal(cell.src, sources[k][cell.index], `${id}: the source of y${k}[${cell.index}]`);
        }
        const caption = await page.$eval(`#panel-${id} [data-tensor="output"][data-part="${k}"]`, (g) => g.closest('figure').textContent);
        assert.ok(caption.includes(y.dtype), `${id}: output ${k} is labelled ${y.dtype}`);
      }
    });
  }

  test('pointing at an output cell outlines its source and fills in the rule', async () => {
    await page.click('#tab-where');
    await settle(page, 'where');
    await page.hover('#panel-where [data-tensor="output"] .cell[data-index="1"]');
    const detail = await page.textContent('#panel-where [data-role="detail"]');
    assert.equal(detail, 'y[0, 1] = 8 (float32) from b[0, 1] = 8 (float32), chosen by condition[0, 1] = 0.');
    assert.ok(await page.$('#panel-where [data-tensor="input"][data-name="b"] .cell[data-index="1"].linked'));
    assert.ok(await page.$('#panel-where [data-tensor="input"][data-name="condition"] .cell[data-index="1"].sibling'));
    assert.equal(await page.textContent('#panel-where [data-role="formula-filled"]'), 'y[0, 1] = condition[0, 1] = 0, so y = b[0, 1] = 8');
    await page.screenshot({ path: screenshotPath('view-where'), fullPage: true });

    await page.click('#tab-cast');
    await settle(page, 'cast');
    await page.hover('#panel-cast [data-tensor="output"] .cell[data-index="3"]');
    assert.equal(await page.textContent('#panel-cast [data-role="detail"]'), 'y[1, 0] = 191 (uint8) from x[1, 0] = 0.75 (float32).');
    assert.equal(await page.textContent('#panel-cast [data-role="formula-filled"]'), 'y[1, 0] = uint8(0.75 · 255) = 191');
  });

  test('resize: pointing at an output cell outlines every element it reads, with the weights the library uses', async () => {
    await page.click('#tab-resize');
    await settle(page, 'resize');
    assert.equal(await page.textContent('#panel-resize .call'), "ops.resize(x, { scales: [2, 2], mode: 'linear' })");
    // The weights in Node: the same call on the 9 one-hot inputs at once (a leading axis of 9 not resized).
    const eye = new Float64Array(81).map((_, i) => (i % 10 === 0 ? 1 : 0));
    const weights = ops.resize(t(eye, [9, 3, 3]), { scales: [2, 2], axes: [1, 2], mode: 'linear' }).data;
    const at = 1 * 6 + 2; // y[1, 2]
    const expected = [];
    for (let j = 0; j < 9; j++) if (weights[j * 36 + at] !== 0) expected.push([j, formatValue(weights[j * 36 + at])]);
    await page.hover(`#panel-resize [data-tensor="output"] .cell[data-index="${at}"]`);
    const shown = await page.$$eval('#panel-resize [data-tensor="input"] .cell[data-weight]',
      (cells) => cells.map((c) => [Number(c.dataset.index), c.dataset.weight, c.classList.contains('linked') ? 'linked' : 'sibling']));
    assert.deepEqual(shown.map(([j, w]) => [j, w]), expected);
    assert.deepEqual(expected.map(([, w]) => w), ['0.1875', '0.5625', '0.0625', '0.1875']);
    assert.deepEqual(shown.filter(([, , how]) => how === 'linked').map(([j]) => j), [1], 'the heaviest, x[0, 1], is the source');
    assert.equal(await page.textContent('#panel-resize [data-role="detail"]'),
      'y[1, 2] = 2.5 (float32) reads 4 elements of x (float32): x[0, 0] = 1 · 0.1875, x[0, 1] = 2 · 0.5625, x[1, 0] = 4 · 0.0625, x[1, 1] = 5 · 0.1875.');
    const steps = await page.$$eval('#panel-resize [data-role="formula-step"]', (ps) => ps.map((p) => p.textContent));
    assert.equal(steps.length, 3, 'the mode, then each resized axis');
    assert.equal(steps[1], 'axis 0 (3 → 6, scale 2): i = 1, c = (1 + 0.5) / 2 − 0.5 = 0.25, f = 0, r = 0.25 → index · weight 0 · 0.75, 1 · 0.25');
    assert.match(await page.textContent('#panel-resize .formula-rule'), /^c = \(i \+ 0\.5\) \/ scale − 0\.5 {3}\(half_pixel;/);
    assert.equal(await page.textContent('#panel-resize [data-role="formula-filled"]'),
      'y[1, 2] = 0.1875 · x[0, 0] + 0.5625 · x[0, 1] + 0.0625 · x[1, 0] + 0.1875 · x[1, 1] = 0.1875 · 1 + 0.5625 · 2 + 0.0625 · 4 + 0.1875 · 5 = 2.5');
    await page.screenshot({ path: screenshotPath('view-resize'), fullPage: true });
    // An input cell: every output that reads it, with its weight there.
    await page.hover('#panel-resize [data-tensor="input"] .cell[data-index="4"]');
    const readers = await page.$$eval('#panel-resize [data-tensor="output"] .cell[data-weight]', (cells) => cells.map((c) => [Number(c.dataset.index), c.dataset.weight]));
    assert.deepEqual(readers, [...Array(36).keys()].filter((i) => weights[4 * 36 + i] !== 0).map((i) => [i, formatValue(weights[4 * 36 + i])]));
    assert.equal(readers.length, 16, 'x[1, 1] is read by the 4 × 4 outputs around it');
    // Another mode and coordinate mode: the formula follows the choice.
    await page.selectOption('#resize-coordinateTransformationMode', 'align_corners');
    await page.selectOption('#resize-mode', 'cubic');
    await settle(page, 'resize');
    await page.hover(`#panel-resize [data-tensor="output"] .cell[data-index="${at}"]`);
    assert.match(await page.textContent('#panel-resize .formula-rule'), /^c = L == 1 \? 0 : i · \(d − 1\) \/ \(L − 1\)/);
    const cubic = ops.resize(t(eye, [9, 3, 3]), { scales: [2, 2], axes: [1, 2], mode: 'cubic', coordinateTransformationMode: 'align_corners' }).data;
    const drawn = await page.$$eval('#panel-resize [data-tensor="input"] .cell[data-weight]', (cells) => cells.map((c) => [Number(c.dataset.index), c.dataset.weight]));
    assert.deepEqual(drawn, [...Array(9).keys()].filter((j) => cubic[j * 36 + at] !== 0).map((j) => [j, formatValue(cubic[j * 36 + at])]));
    await page.click('#panel-resize .preset[data-preset="0"]');
    await settle(page, 'resize');
  });

  test('a link restores a typed tab; its grids work with the keyboard', async () => {
    await page.click('#tab-cast');
    await settle(page, 'cast');
    await page.selectOption('#cast-dtype', 'int8');
    await page.fill('#cast-bias', '-100');
    await settle(page, 'cast');
    const link = page.url();
    assert.match(link, /#cast\?.*dtype=int8/);
    // Tab into the output grid, then the arrow keys: the detail follows the focused cell.
    await page.focus('#panel-cast [data-tensor="output"] .cell[tabindex="0"]');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.index), '1');
    assert.match(await page.textContent('#panel-cast [data-role="detail"]'), /^y\[0, 1\] = -36 \(int8\) from x\[0, 1\] = 0.25/);
    // The same on a tab of an operation that moves elements: typing, then a cell, keeps the focus there.
    await page.click('#tab-tile');
    await settle(page, 'tile');
    await page.fill('#tile-repeats', '2, 2');
    await settle(page, 'tile');
    await page.focus('#panel-tile [data-tensor="output"] .cell[tabindex="0"]');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.index), '1');
    const other = await browser.context.newPage();
    await other.goto(link);
    await other.waitForSelector('#panel-cast:not([hidden])[data-state="ok"]');
    const values = await other.$$eval('#panel-cast [data-tensor="output"] .cell', (all) => all.map((c) => c.dataset.value));
    const y = ops.cast(t(Float32Array.from([0, 0.25, 0.5, 0.75, 1, 1.5]), [2, 3]), 'int8', { scale: 255, bias: -100 });
    assert.deepEqual(values, [...y.data].map(formatValue));
    await other.close();
  });

  test('every example of every typed tab runs, and the library’s error stands beside its field', async () => {
    let checked = 0;
    for (const id of Object.keys(DEFAULTS)) {
      await page.click(`#tab-${id}`);
      const count = await page.$$eval(`#panel-${id} .preset`, (b) => b.length);
      assert.ok(count >= 3, `${id} has its examples`);
      for (let k = 0; k < count; k++) {
        await page.click(`#panel-${id} .preset[data-preset="${k}"]`);
        await settle(page, id);
        assert.equal(await page.getAttribute(`#panel-${id}`, 'data-state'), 'ok', `${id} example ${k}`);
        checked++;
      }
    }
    assert.ok(checked >= 30, `examples: ${checked}`);
    await page.click('#tab-argMax');
    await page.fill('#argMax-axis', '2');
    await settle(page, 'argMax');
    const view = await readView(page, 'argMax');
    assert.equal(view.state, 'error');
    assert.equal(view.errors.axis?.code, 'INVALID_ARGUMENT', JSON.stringify(view.errors));
    // A named input's shape: the message ('a.shape [3]') lands beside the field changed last that it names.
    await page.click('#tab-where');
    await page.click('#panel-where .preset[data-preset="0"]');
    await page.fill('#where-a', '1, 2, 3');
    await page.fill('#where-aShape', '3');
    await settle(page, 'where');
    const where = await readView(page, 'where');
    assert.equal(where.errors.aShape?.code, 'SHAPE_MISMATCH', JSON.stringify(where.errors));
    assert.match(where.errors.aShape.text, /a\.shape \[3\]/);
    browser.assertNoProblems();
  });
});
