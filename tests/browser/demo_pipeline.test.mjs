// The demo's pipeline view in Chromium: every stage's output against the
// package run in Node stage by stage, the copied program run by Node with the
// same printed result, the link, errors beside their fields, the keyboard,
// 375 px, and a quiet console.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { load } from '../../web/node.mjs';
import { PHONE, screenshotPath, startBrowser } from './harness.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ops = await load();
let browser;
let page;

before(async () => {
  browser = await startBrowser({ isolation: true });
  page = await browser.open('pipeline');
});
after(async () => {
  await browser?.close();
});

/** Waits until the updates the page scheduled have run. */
async function settle(p = page) {
  await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** What each stage shows: operation, state, summary, output shape, errors and drawn cells. */
function readStages(p = page) {
  return p.$$eval('#panel-pipeline .pipe-stage', (stages) => stages.map((s) => ({
    op: s.dataset.op,
    state: s.dataset.state,
    summary: s.querySelector('[data-role="stage-summary"]').textContent,
    call: s.querySelector('[data-role="stage-call"]').textContent,
    outShape: s.querySelector('[data-role="out-shape"]')?.textContent ?? null,
    texts: Object.fromEntries([...s.querySelectorAll('.controls [id]')].filter((e) => 'value' in e && e.tagName !== 'P')
      .map((e) => [e.id, e.type === 'checkbox' ? e.checked : e.value])),
    errors: Object.fromEntries([...s.querySelectorAll('[data-error-for]')].filter((e) => e.textContent)
      .map((e) => [e.dataset.errorFor, { code: e.dataset.code, text: e.textContent }])),
    cells: [...s.querySelectorAll('[data-tensor="output"] .cell')]
      .map((c) => ({ index: Number(c.dataset.index), src: Number(c.dataset.src), text: c.textContent })),
  })));
}

/** The RGBA bytes of a canvas. */
function readCanvas(selector, p = page) {
  return p.$eval(selector, (c) => Array.from(c.getContext('2d').getImageData(0, 0, c.width, c.height).data));
}

/** An image tensor ([1, H, W, 3|4] or [1, 3|4, H, W], uint8) as the RGBA bytes of its picture. */
function rgbaOf(t, layout) {
  const [h, w, c] = layout === 'NHWC' ? t.shape.slice(1) : [t.shape[2], t.shape[3], t.shape[1]];
  const out = [];
  for (let p = 0; p < h * w; p++) {
    for (let k = 0; k < 4; k++) {
      const at = layout === 'NHWC' ? p * c + k : k * h * w + p;
      out.push(k < c ? t.data[at] : 255);
    }
  }
  return out;
}

function fnv1a(data) {
  let hash = 0x811c9dc5;
  for (const b of new Uint8Array(data.buffer, data.byteOffset, data.byteLength)) hash = Math.imul(hash ^ b, 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0');
}

/** Runs `stages` (functions of a tensor) in Node on `x` and on its indices 1, 2, 3, … (int32; fills 0). */
function chain(x, stages, provStages = stages) {
  const ys = [];
  const provs = [];
  let y = x;
  let prov = { data: Int32Array.from({ length: x.data.length }, (_, i) => i + 1), shape: x.shape };
  stages.forEach((f, k) => {
    y = f(y);
    prov = provStages[k](prov);
    ys.push(y);
    provs.push(prov.data.map((v) => v - 1));
  });
  return { ys, provs };
}

/** Every drawn cell of a stage holds the Node result's value and source. */
function assertCells(stage, y, prov, label) {
  assert.equal(stage.state, 'ok', `${label}: ${stage.summary} ${JSON.stringify(stage.errors)}`);
  assert.equal(stage.outShape, `[${y.shape.join(', ')}]`, `${label}: shape`);
  if (y.data.length <= 2500) assert.equal(stage.cells.length, y.data.length, `${label}: every element drawn`);
  else assert.ok(stage.cells.length > 0 && stage.cells.length <= 2500, `${label}: a part drawn`);
  for (const c of stage.cells) {
    assert.equal(c.text, String(y.data[c.index]), `${label}: y[${c.index}]`);
    assert.equal(c.src, prov[c.index], `${label}: source of y[${c.index}]`);
  }
}

/** Writes the page's program to a folder where 'wasm-tensor-ops' is this repository, runs it, returns its output. */
async function runProgram(code, extra = '') {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wasm-tensor-ops-pipeline-'));
  try {
    mkdirSync(path.join(dir, 'node_modules'));
    symlinkSync(ROOT, path.join(dir, 'node_modules', 'wasm-tensor-ops'), 'dir');
    writeFileSync(path.join(dir, 'program.mjs'), code + extra);
    const { stdout } = await promisify(execFile)(process.execPath, ['program.mjs'], { cwd: dir, timeout: 60_000 });
    return stdout.trim().split('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const resultLine = (p = page) => p.textContent('#panel-pipeline [data-role="result"]');
const code = (p = page) => p.textContent('#panel-pipeline [data-role="code"]');
const KEPT = '\nconsole.log(`kept ${ops.memory().keptTensors}`);\n';

describe('the pipeline view', () => {
  test('the first example is the issue’s RGBA chain, each stage as Node computes it; its program prints the same', async () => {
    const x = { data: Uint8Array.from(await readCanvas('#panel-pipeline [data-role="source"] canvas')), shape: [1, 48, 48, 4] };
    const stages = [
      (t) => ops.slice(t, [0], [3], { axes: [3] }),
      (t) => ops.transpose(t, [0, 3, 1, 2]),
      (t) => ops.pad(t, [0, 0, 2, 2], [0, 0, 2, 2], { mode: 'reflect' }),
      (t) => ops.spaceToDepth(t, 2, { dataFormat: 'NCHW' }),
    ];
    const { ys, provs } = chain(x, stages);
    const shown = await readStages();
    assert.deepEqual(shown.map((s) => s.op), ['slice', 'transpose', 'pad', 'spaceToDepth']);
    assert.deepEqual(shown.map((s) => s.outShape), ['[1, 48, 48, 3]', '[1, 3, 48, 48]', '[1, 3, 52, 52]', '[1, 12, 26, 26]']);
    // Images are drawn as pictures, pixel for pixel; the last stage (12 channels) as a grid.
    for (const [k, layout] of ['NHWC', 'NCHW', 'NCHW'].entries()) {
      const canvas = `#panel-pipeline .pipe-stage[data-stage="${k + 1}"] canvas[data-layout="${layout}"]`;
      assert.deepEqual(await readCanvas(canvas), rgbaOf(ys[k], layout), `stage ${k + 1} picture`);
      assert.match(shown[k].summary, /^→ \[[\d, ]+\] in [\d.]+ (ms|µs) \(simd-mt\)$/);
    }
    assertCells(shown[3], ys[3], provs[3], 'stage 4');
    const y = ys[3];
    const line = await resultLine();
    assert.equal(line, `shape [1, 12, 26, 26], Uint8Array of 8112, FNV-1a ${fnv1a(y.data)}, first: ${Array.from(y.data.subarray(0, 8)).join(', ')}, …`);
    assert.match(await page.textContent('#panel-pipeline [data-role="total"]'), /^[\d.]+ (ms|µs)$/);
    assert.match(await page.textContent('#timings'), /pipeline [\d.]+ (ms|µs)/);
    // The program: kept tensors, all disposed, and the page's line.
    const program = await code();
    assert.match(program, /^import \{ load \} from 'wasm-tensor-ops';$/m);
    assert.match(program, /const t0 = ops\.tensor\(pixels, \[1, 48, 48, 4\]\);/);
    assert.match(program, /const t3 = ops\.pad\(t2, \[0, 0, 2, 2\], \[0, 0, 2, 2\], \{ mode: 'reflect' \}\);/);
    assert.deepEqual(await runProgram(program, KEPT), [line, 'kept 0']);
    await page.screenshot({ path: screenshotPath('pipeline'), fullPage: true });
  });

  test('a pipeline built with clicks: every stage and its sources as Node computes them, the program prints the page’s result', async () => {
    while (await page.$('#pipeline-s1-remove')) await page.click('#pipeline-s1-remove');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'pipeline-add', 'focus goes to Add when no stage is left');
    await page.selectOption('#pipeline-source', 'shape');
    await page.fill('#pipeline-source-inputShape', '2, 3, 4');
    await page.fill('#pipeline-source-values', '');
    const add = async (k, op, params) => {
      await page.click('#pipeline-add');
      assert.equal(await page.evaluate(() => document.activeElement.id), `pipeline-s${k}-op`);
      await page.selectOption(`#pipeline-s${k}-op`, op);
      for (const [name, value] of Object.entries(params)) {
        const selector = `#pipeline-s${k}-${name}`;
        if (await page.$eval(selector, (e) => e.tagName === 'SELECT')) await page.selectOption(selector, value);
        else await page.fill(selector, value);
      }
    };
    await add(1, 'transpose', { perm: '2, 0, 1' });
    await add(2, 'pad', { padsBegin: '0, 1, 1', padsEnd: '0, 1, 0', mode: 'constant', value: '7' });
    await add(3, 'roll', { shift: '1', axes: '1' });
    await add(4, 'gather', { indicesShape: '2', indices: '3, 0', axis: '0', batchDims: '0' });
    // Roll moves up before pad; the focus stays on its button.
    await page.click('#pipeline-s3-up');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'pipeline-s2-up');
    await settle();
    const x = { data: Float32Array.from({ length: 24 }, (_, i) => i + 1), shape: [2, 3, 4] };
    const pad = (value) => (t) => ops.pad(t, [0, 1, 1], [0, 1, 0], { mode: 'constant', value });
    const stages = [(t) => ops.transpose(t, [2, 0, 1]), (t) => ops.roll(t, 1, 1), pad(7),
      (t) => ops.gather(t, { data: Int32Array.from([3, 0]), shape: [2] }, { axis: 0 })];
    const { ys, provs } = chain(x, stages, [stages[0], stages[1], pad(0), stages[3]]);
    const shown = await readStages();
    assert.deepEqual(shown.map((s) => s.op), ['transpose', 'roll', 'pad', 'gather']);
    shown.forEach((s, k) => assertCells(s, ys[k], provs[k], `stage ${k + 1}`));
    assert.ok(provs[2].includes(-1) && shown[2].cells.some((c) => c.src === -1 && c.text === '7'), 'filled places are marked');
    assert.equal(shown[1].call, 'const t2 = ops.roll(t1, 1, 1);');
    // The input grid holds 1, 2, 3, …; pointing at an output cell outlines its source there.
    const { index, src } = shown[3].cells.find((c) => c.src >= 0);
    await page.hover(`#panel-pipeline .pipe-stage[data-stage="4"] .cell[data-index="${index}"]`);
    assert.deepEqual(await page.$$eval('#panel-pipeline [data-tensor="input"] .cell.linked', (c) => c.map((e) => Number(e.dataset.index))), [src]);
    const line = await resultLine();
    assert.match(line, new RegExp(`^shape \\[2, 4, 4\\], Float32Array of 32, FNV-1a ${fnv1a(ys[3].data)}, `));
    assert.deepEqual(await runProgram(await code(), KEPT), [line, 'kept 0']);
  });

  test('a link restores the pipeline exactly, in a fresh tab', async () => {
    const hash = new URL(page.url()).hash.slice(1);
    assert.match(hash, /^pipeline\?source=shape&shape=2,\+3,\+4&s1=transpose&s1\.perm=2,\+0,\+1&s2=roll/);
    const fresh = await browser.open(hash);
    await settle(fresh);
    const untimed = async (p) => (await readStages(p)).map((s) => ({ ...s, summary: s.summary.replace(/in [\d.]+ (ms|µs)/, 'in …') }));
    assert.deepEqual(await untimed(fresh), await untimed(page));
    assert.equal(await fresh.inputValue('#pipeline-source'), 'shape');
    assert.equal(await fresh.inputValue('#pipeline-source-inputShape'), '2, 3, 4');
    assert.equal(await resultLine(fresh), await resultLine());
    assert.equal(await code(fresh), await code());
    assert.equal(new URL(fresh.url()).hash.slice(1), hash, 'the restored page writes the same link');
    await fresh.close();
  });

  test('the keyboard alone: Tab to Add, choose an operation, type its parameters, move it', async () => {
    await page.focus('#tab-pipeline');
    let presses = 0;
    while (await page.evaluate(() => document.activeElement.id) !== 'pipeline-add' && presses++ < 300) await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'pipeline-add', 'Tab reaches Add');
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'pipeline-s5-op');
    await page.keyboard.type('Tile'); // a closed select picks the option typed
    await settle();
    assert.equal(await page.inputValue('#pipeline-s5-op'), 'tile');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'pipeline-s5-op');
    // Tab past the up and remove buttons (down is disabled on the last stage) into the form.
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'pipeline-s5-repeats');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('1, 2, 1');
    await settle();
    // Up with Enter: tile now comes before gather.
    await page.focus('#pipeline-s5-up');
    await page.keyboard.press('Enter');
    await settle();
    assert.equal(await page.evaluate(() => document.activeElement.id), 'pipeline-s4-up');
    const shown = await readStages();
    assert.deepEqual(shown.map((s) => s.op), ['transpose', 'roll', 'pad', 'tile', 'gather']);
    assert.equal(shown[3].outShape, '[4, 8, 4]');
    assert.equal(shown[4].outShape, '[2, 8, 4]');
    const x = { data: Float32Array.from({ length: 24 }, (_, i) => i + 1), shape: [2, 3, 4] };
    const y = ops.gather(ops.tile(ops.pad(ops.roll(ops.transpose(x, [2, 0, 1]), 1, 1), [0, 1, 1], [0, 1, 0], { value: 7 }), [1, 2, 1]),
      { data: Int32Array.from([3, 0]), shape: [2] }, { axis: 0 });
    assert.equal(shown[4].cells.map((c) => c.text).join(), Array.from(y.data, String).join());
    // Remove with the keyboard: the focus goes to the next stage's operation.
    await page.focus('#pipeline-s4-remove');
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'pipeline-s4-op');
    assert.deepEqual((await readStages()).map((s) => s.op), ['transpose', 'roll', 'pad', 'gather']);
  });

  test('an error in a stage: the library’s message and code beside its field; later stages wait', async () => {
    await page.click('#panel-pipeline .preset[data-preset="0"]');
    await settle();
    await page.fill('#pipeline-s3-padsBegin', '0, 0, 60, 2');
    await settle();
    let want;
    try {
      ops.shapes.pad([1, 3, 48, 48], [0, 0, 60, 2], [0, 0, 2, 2], { mode: 'reflect' });
    } catch (e) {
      want = { code: e.code, text: `${e.code} ${e.message}` };
    }
    assert.equal(want.code, 'SHAPE_MISMATCH');
    let shown = await readStages();
    assert.deepEqual(shown.map((s) => s.state), ['ok', 'ok', 'error', 'waiting']);
    assert.deepEqual(shown[2].errors, { padsBegin: want });
    assert.equal(await page.getAttribute('#pipeline-s3-padsBegin', 'aria-invalid'), 'true');
    assert.match(shown[2].summary, /SHAPE_MISMATCH at “padsBegin”/);
    assert.equal(shown[3].summary, 'Waits for stage 3.');
    assert.equal(shown[3].cells.length, 0);
    assert.equal(await page.getAttribute('#panel-pipeline', 'data-state'), 'error');
    assert.match(await page.textContent('#panel-pipeline [data-role="summary"]'), /^Stage 3 failed/);
    await page.$eval('#pipeline-s3-title', (e) => e.scrollIntoView());
    await page.screenshot({ path: screenshotPath('pipeline-error'), fullPage: false });

    // Text that is not numbers: the page's own message.
    await page.fill('#pipeline-s3-padsBegin', '0, 0, two');
    await settle();
    shown = await readStages();
    assert.equal(shown[2].errors.padsBegin.code, 'PAGE');
    assert.match(shown[2].errors.padsBegin.text, /'two' is not a number/);

    // A source whose values do not fill its shape: the library's message beside the values; every stage waits.
    await page.fill('#pipeline-s3-padsBegin', '0, 0, 2, 2');
    await page.selectOption('#pipeline-source', 'shape');
    await page.fill('#pipeline-source-inputShape', '1, 4, 4, 4');
    await page.fill('#pipeline-source-values', '1, 2, 3');
    await settle();
    assert.equal(await page.textContent('#pipeline-source-values-error'),
      'INVALID_ARGUMENT tensor: data has 3 elements, but shape [1, 4, 4, 4] needs 64');
    assert.deepEqual((await readStages()).map((s) => s.summary), Array(4).fill('Waits for a valid source.'));
    await page.fill('#pipeline-source-values', '');
    await settle();
    assert.deepEqual((await readStages()).map((s) => s.state), ['ok', 'ok', 'ok', 'ok']);
  });

  test('each stage marked a view or a pass on kept tensors; the same stages as plain JavaScript loops give the same bytes', async () => {
    // Views on kept tensors, as the README's table says: slice, transpose, reverse; pad, roll and spaceToDepth write their output.
    const expected = [
      ['view', 'view', 'pass', 'pass'], // drop alpha, NHWC -> NCHW, pad, spaceToDepth
      ['view', 'view', 'view'], // drop alpha, reverse, NHWC -> NCHW
      ['view', 'view'], // slice, reverse
      ['pass', 'pass', 'view'], // pad, roll, slice
    ];
    for (const [k, kinds] of expected.entries()) {
      await page.click(`#panel-pipeline .preset[data-preset="${k}"]`);
      await settle();
      const shown = await page.$$eval('#panel-pipeline [data-role="stage-kind"]', (all) => all.map((b) => b.dataset.kind));
      assert.deepEqual(shown, kinds, `example ${k}`);
      const loops = await page.textContent('#panel-pipeline [data-role="loops"]');
      assert.match(loops, /the same result byte for byte/, `example ${k}: ${loops}`);
      assert.match(await page.textContent('#panel-pipeline [data-role="loops-time"]'), /^[\d.]+ (ms|µs)$/);
      assert.match(await page.textContent('#panel-pipeline [data-role="compare"]'), new RegExp(`${kinds.filter((x) => x === 'view').length} of ${kinds.length} stages are views`));
    }
  });

  test('Copy puts the program on the clipboard', async () => {
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: browser.base });
    await page.click('#pipeline-copy');
    await page.waitForSelector('#panel-pipeline [data-role="copy-status"]:not(:empty)');
    assert.equal(await page.textContent('#panel-pipeline [data-role="copy-status"]'), 'Copied to the clipboard.');
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await code());
  });

  test('at 375 px wide nothing overflows the page; the console stayed quiet', async () => {
    const phone = await browser.open('pipeline', PHONE);
    for (const k of [0, 3]) {
      await phone.click(`#panel-pipeline .preset[data-preset="${k}"]`);
      await settle(phone);
      assert.equal(await phone.getAttribute('#panel-pipeline', 'data-state'), 'ok');
      const { scroll, inner } = await phone.evaluate(() => ({ scroll: document.scrollingElement.scrollWidth, inner: innerWidth }));
      assert.ok(scroll <= inner, `example ${k}: the page is ${scroll} px wide in ${inner}`);
    }
    await phone.screenshot({ path: screenshotPath('pipeline-375px'), fullPage: true });
    await phone.close();
    browser.assertNoProblems();
  });
});
