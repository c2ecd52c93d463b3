// The demo page's views of the operations added in version 0.2, in real
// Chromium: each view's default and every example drawn as the package
// computes them in Node, the call shown being the call that ran, filled
// places, several inputs and outputs, the library's errors beside the field
// they name, links that restore a view, every view at 375 px, and a
// screenshot of every view.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { formatValue } from '../../demo/grid.mjs';
import { load } from '../../web/node.mjs';
import { PHONE, readView, screenshotPath, settle, setParams, startBrowser } from './harness.mjs';

const ops = await load();
let browser;
let page;

before(async () => {
  browser = await startBrowser({ isolation: true });
  page = await browser.open('transpose');
});
after(async () => {
  await browser?.close();
});

async function showTab(id) {
  await page.click(`#tab-${id}`);
  await page.waitForSelector(`#panel-${id}:not([hidden])[data-state]`);
  await settle(page, id);
}

const volume = (shape) => shape.reduce((a, b) => a * b, 1);
// The inputs as the page fills them: 1, 2, 3, … one after the other.
function inputs(shapes, Type = Float64Array) {
  let next = 1;
  return shapes.map((shape) => ({ data: Type.from({ length: volume(shape) }, () => next++), shape }));
}

/**
 * Checks every drawn output cell of view `id` against `call` (a function of
 * the input tensors) run by the package in Node: the values on 1, 2, 3, …
 * and, from the same call on int32 1, 2, 3, … (a fill stays 0), the source
 * each cell names.
 */
async function assertView(id, shapes, call, values) {
  const xs = inputs(shapes);
  if (values) xs[0].data = Float64Array.from(values);
  const ys = [call(xs)].flat();
  const provs = [call(inputs(shapes, Int32Array))].flat();
  for (const [k, y] of ys.entries()) {
    const view = await readView(page, id, k);
    assert.equal(view.state, 'ok', `${id}: the view is in error: ${JSON.stringify(view.errors)}`);
    assert.deepEqual(view.shape, y.shape, `${id}: shape of output ${k}`);
    if (y.data.length <= 1250) assert.equal(view.cells.length, y.data.length, `${id}: every element of output ${k} is drawn`);
    for (const cell of view.cells) {
      assert.equal(cell.text, formatValue(y.data[cell.index]), `${id}: y${k}[${cell.index}] as drawn`);
      assert.equal(cell.src, provs[k].data[cell.index] - 1, `${id}: the source of y${k}[${cell.index}]`);
    }
  }
  return ys;
}

// Each view's default parameters, written out here as the library's calls.
const DEFAULTS = {
  transpose: [[[1, 2, 3, 3]], ([x]) => ops.transpose(x, [0, 3, 1, 2])],
  reverse: [[[3, 4]], ([x]) => ops.reverse(x, [1])],
  slice: [[[4, 5]], ([x]) => ops.slice(x, [1, 0], [3, 5], { steps: [1, 2] })],
  tile: [[[2, 2]], ([x]) => ops.tile(x, [2, 3])],
  pad: [[[3, 4]], ([x]) => ops.pad(x, [1, 2], [1, 2], { mode: 'reflect' })],
  spaceToBatch: [[[1, 4, 4]], ([x]) => ops.spaceToBatch(x, [1, 2, 2], [0, 0, 0], [0, 0, 0])],
  batchToSpace: [[[4, 2, 2]], ([x]) => ops.batchToSpace(x, [1, 2, 2], [0, 0, 0], [0, 0, 0])],
  concat: [[[2, 2], [2, 3]], (xs) => ops.concat(xs, 1)],
  split: [[[2, 6]], ([x]) => ops.split(x, [2, 1, -1], { axis: 1 })],
  gather: [[[3, 4]], ([x]) => ops.gather(x, { data: new Int32Array([0, 2, 1, -1]), shape: [2, 2] })],
  gatherElements: [[[2, 2]], ([x]) => ops.gatherElements(x, { data: new Int32Array([0, 0, 1, 0]), shape: [2, 2] }, { axis: 1 })],
  gatherND: [[[2, 2]], ([x]) => ops.gatherND(x, { data: new Int32Array([0, 0, 1, 1]), shape: [2, 2] })],
};

// Runs the call the page shows (`ops.pad(x, [2], [2], { mode: 'reflect' })`)
// in Node; on int32 marks (the provenance run) a pad value becomes 0, so that
// only filled places hold 0.
function shownCall(code) {
  const f = new Function('ops', 'x', 'xs', `return ${code};`);
  const marks = new Function('ops', 'x', 'xs', `return ${code.replace(/value: [^,}]+/, 'value: 0')};`);
  return (xs) => (xs[0].data instanceof Int32Array ? marks : f)(ops, xs[0], xs);
}

describe('the views of the version 0.2 operations', () => {
  test('every operation of the library has a tab, in the library’s order of description', async () => {
    const tabs = await page.$$eval('[role="tab"]', (all) => all.map((t) => t.id.slice('tab-'.length)));
    // Every operation, typed ones too (values before and after: demo_typed.test.mjs).
    for (const { name } of ops.operations) assert.ok(tabs.includes(name), `a tab for ${name}`);
  });

  for (const [id, [shapes, call]] of Object.entries(DEFAULTS)) {
    test(`${id}: the default view is drawn as the package computes it`, async () => {
      await showTab(id);
      await assertView(id, shapes, call);
      await page.screenshot({ path: screenshotPath(`view-${id}`), fullPage: true });
    });
  }

  test('every example of every new view: the call shown is the call that ran, and its result is drawn', async () => {
    let checked = 0;
    for (const id of Object.keys(DEFAULTS)) {
      await showTab(id);
      const count = await page.$$eval(`#panel-${id} .preset`, (b) => b.length);
      assert.ok(count >= 3, `${id} has its examples (${count})`);
      for (let k = 0; k < count; k++) {
        await page.click(`#panel-${id} .preset[data-preset="${k}"]`);
        await settle(page, id);
        const code = await page.textContent(`#panel-${id} .call`);
        const shapes = await page.$$eval(`#panel-${id} [data-tensor="input"]`, (all) => all.map((g) => JSON.parse(g.dataset.shape)));
        const values = await page.$eval(`#panel-${id} [data-field="values"] input`, (i) => i.value).catch(() => '');
        assert.equal(await page.getAttribute(`#panel-${id}`, 'data-state'), 'ok', `${id} example ${k}: ${code}`);
        await assertView(id, shapes, shownCall(code), values.trim() ? values.split(',').map(Number) : undefined);
        checked++;
      }
    }
    assert.ok(checked >= 40, `examples checked: ${checked}`);
  });

  test('every view explains a pointed output cell with its formula, naming the source the library shows', async () => {
    // The operations that move elements; a typed operation's tab fills in its own rule (demo_typed.test.mjs).
    const moving = new Set(ops.operations.filter((o) => !o.typed).map((o) => o.name));
    const ids = await page.$$eval('[role="tab"]', (all) => all.map((t) => t.id.slice('tab-'.length))).then((all) => all.filter((id) => moving.has(id)));
    assert.equal(ids.length, ops.operations.filter((o) => !o.typed).length);
    let explained = 0;
    for (const id of ids) {
      await showTab(id);
      let cells = [];
      // The first example whose output has elements (reshape's first is empty).
      for (let k = 0; cells.length === 0 && k < 3; k++) {
        await page.click(`#panel-${id} .preset[data-preset="${k}"]`);
        await settle(page, id);
        cells = await page.$$eval(`#panel-${id} [data-tensor="output"] .cell`, (all) => all.map((c) => ({
          index: c.dataset.index, part: c.closest('[data-tensor]').dataset.part, from: c.getAttribute('aria-label'),
        })));
      }
      assert.ok(cells.length > 0, `${id} draws its output`);
      for (const cell of [cells[0], cells[Math.floor(cells.length / 2)], cells.at(-1)]) {
        await page.hover(`#panel-${id} [data-tensor="output"][data-part="${cell.part}"] .cell[data-index="${cell.index}"]`);
        const shown = await page.$eval(`#panel-${id} [data-role="formula"]`, (f) => ({
          hidden: f.hidden, text: f.querySelector('[data-role="formula-filled"]')?.textContent ?? '',
        }));
        assert.equal(shown.hidden, false, `${id}: a formula for ${cell.from}`);
        // The grid's label names the source ('…, from x[1, 2]'); the filled formula names the same element.
        const source = / from (\w+\[[^\]]*\])$/.exec(cell.from)?.[1];
        if (source) assert.ok(shown.text.includes(`= ${source}`), `${id}: ${shown.text} names ${source}`);
        else assert.match(cell.from, /filled/, `${id}: a filled place`);
        explained++;
      }
    }
    await page.screenshot({ path: screenshotPath('formula'), fullPage: true });
    assert.equal(explained, 3 * ids.length);
  });

  test('the library’s errors stand beside the field they name', async () => {
    const cases = [
      ['pad', { inputShape: '3', padsEnd: '0', mode: 'reflect', padsBegin: '3' }, 'padsBegin', 'SHAPE_MISMATCH'],
      ['pad', { inputShape: '3', padsBegin: '1', padsEnd: '1', mode: 'wrap', value: '2' }, 'value', 'INVALID_ARGUMENT'],
      ['concat', { axis: '1', inputShapes: '2, 2; 3, 2' }, 'inputShapes', 'SHAPE_MISMATCH'],
      ['split', { inputShape: '2, 5', axis: '1', splits: '2' }, 'splits', 'SHAPE_MISMATCH'],
      ['gather', { inputShape: '3, 4', indicesShape: '2', indices: '0, 3', axis: '0', batchDims: '0' }, 'indices', 'INVALID_ARGUMENT'],
      ['slice', { inputShape: '4', starts: '0', ends: '4', axes: '', steps: '0' }, 'steps', 'INVALID_ARGUMENT'],
      ['tile', { inputShape: '2', repeats: '-1' }, 'repeats', 'INVALID_ARGUMENT'],
    ];
    // The message goes beside the field changed last if it names it (each
    // case sets that field last), else the first parameter it names.
    for (const [id, params, field, code] of cases) {
      await showTab(id);
      await page.click(`#panel-${id} .preset[data-preset="0"]`);
      await settle(page, id);
      await setParams(page, id, params);
      const view = await readView(page, id);
      assert.equal(view.state, 'error', `${id} ${JSON.stringify(params)} is rejected`);
      assert.equal(view.errors[field]?.code, code, `${id}: ${JSON.stringify(view.errors)}`);
      assert.match(view.errors[field].text, new RegExp(`^${code} ${id}: `));
    }
  });

  test('a link restores a view exactly', async () => {
    await showTab('pad');
    await setParams(page, 'pad', { inputShape: '2, 3', values: '', padsBegin: '1, 2', padsEnd: '2, 0', mode: 'wrap', value: '' });
    const url = page.url();
    assert.match(url, /#pad\?/);
    const before = await readView(page, 'pad');
    const other = await browser.context.newPage();
    await other.goto(url);
    await other.waitForSelector('#panel-pad:not([hidden])[data-state="ok"]');
    const texts = await other.$$eval('#panel-pad [data-field] input, #panel-pad [data-field] select',
      (all) => Object.fromEntries(all.map((e) => [e.id, e.value])));
    assert.equal(texts['pad-mode'], 'wrap');
    assert.equal(texts['pad-padsEnd'], '2, 0');
    const restored = await other.$eval('#panel-pad [data-tensor="output"]', (o) => ({
      shape: JSON.parse(o.dataset.shape), values: [...o.querySelectorAll('.cell')].map((c) => c.dataset.value),
    }));
    assert.deepEqual(restored.shape, before.shape);
    assert.deepEqual(restored.values, before.cells.map((c) => c.value));
    await other.close();
  });

  test('the Pictures tab: padding modes, channel planes, tiles, flips and crops, pixel for pixel', async () => {
    await showTab('pictures');
    const readCanvas = (selector) => page.$eval(selector, (c) => {
      const rgba = c.getContext('2d', { willReadFrequently: true }).getImageData(0, 0, c.width, c.height).data;
      const rgb = [];
      for (let i = 0; i < rgba.length; i += 4) rgb.push(rgba[i], rgba[i + 1], rgba[i + 2]);
      return { rgb, shape: [1, c.height, c.width, 3] };
    });
    const pic = await readCanvas('#panel-pictures [data-role="picture"]');
    const picture = { data: Uint8Array.from(pic.rgb), shape: pic.shape };
    const same = async (selector, y, what) => {
      const drawn = await readCanvas(selector);
      assert.deepEqual(drawn.shape, y.shape, `${what}: shape`);
      assert.ok(drawn.rgb.every((v, i) => v === y.data[i]), `${what}: every pixel`);
    };
    const choose = async (op, name, value) => {
      await page.check(`#pictures-op-${op}`);
      if (name) await page.selectOption(`#pictures-${name}`, value);
      await page.waitForFunction(() => document.querySelector('#panel-pictures').dataset.state === 'ok');
    };
    let checked = 0;
    for (const p of ['8', '16', '47', '-8']) {
      await choose('pad', 'padAmount', p);
      const pads = [0, Number(p), Number(p), 0];
      for (const mode of Number(p) < 0 ? ['constant'] : ['reflect', 'symmetric', 'edge', 'wrap', 'constant']) {
        await same(`#panel-pictures canvas[data-mode="${mode}"]`, ops.pad(picture, pads, pads, { mode }), `pad ${p} ${mode}`);
        checked++;
      }
    }
    await page.screenshot({ path: screenshotPath('pictures-pad'), fullPage: true });
    await choose('transpose', 'perm', '0,3,1,2');
    const nchw = ops.transpose(picture, [0, 3, 1, 2]);
    for (let c = 0; c < 3; c++) {
      const plane = await readCanvas(`#panel-pictures canvas[data-plane="${c}"]`);
      const n = 48 * 48;
      assert.ok(plane.rgb.every((v, i) => v === (i % 3 === c ? nchw.data[c * n + Math.floor(i / 3)] : 0)), `plane ${c}`);
      checked++;
    }
    await page.screenshot({ path: screenshotPath('pictures-planes'), fullPage: true });
    await choose('transpose', 'perm', '0,2,1,3');
    await same('#panel-pictures [data-role="result"]', ops.transpose(picture, [0, 2, 1, 3]), 'swap H and W');
    for (const repeats of ['1,2,2,1', '1,1,3,1', '1,3,3,1']) {
      await choose('tile', 'repeats', repeats);
      await same('#panel-pictures [data-role="result"]', ops.tile(picture, repeats.split(',').map(Number)), `tile ${repeats}`);
      checked++;
    }
    for (const axes of ['2', '1', '1,2', '3']) {
      await choose('reverse', 'flip', axes);
      await same('#panel-pictures [data-role="result"]', ops.reverse(picture, axes.split(',').map(Number)), `reverse ${axes}`);
      checked++;
    }
    for (const crop of ['8,40,1', '0,48,2', '47,-49,-1', '8,40,3']) {
      await choose('slice', 'crop', crop);
      const [a, b, step] = crop.split(',').map(Number);
      await same('#panel-pictures [data-role="result"]', ops.slice(picture, [a, a], [b, b], { axes: [1, 2], steps: [step, step] }), `slice ${crop}`);
      checked++;
    }
    assert.equal(checked, 30);
    browser.assertNoProblems();
  });

  test('every view fits a 375 px screen without sideways scrolling', async () => {
    const phone = await browser.open('transpose', PHONE);
    const ids = await phone.$$eval('[role="tab"]', (all) => all.map((t) => t.id.slice('tab-'.length)));
    for (const id of ids) {
      await phone.click(`#tab-${id}`);
      await phone.waitForSelector(`#panel-${id}:not([hidden])[data-state]`);
      await settle(phone, id);
      const width = await phone.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= PHONE.width, `${id}: the page is ${width} px wide at ${PHONE.width} px`);
    }
    await phone.screenshot({ path: screenshotPath('phone-pictures'), fullPage: true });
    await phone.close();
    browser.assertNoProblems();
  });
});
