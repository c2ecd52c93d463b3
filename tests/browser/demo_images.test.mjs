// Your picture in the demo, in real Chromium: a PNG made here goes in through
// the file input, and what fromImage gives on the page (shape, dtype and a
// checksum of every byte) must be what the package gives in Node on the same
// pixels, crops, letterboxes and covers included; the library's own error
// for a bad padValue; and the
// camera, with Chromium's fake device, its frames through fromImage and
// through a pipeline, each checked against Node on the frame the page drew;
// and the resize tab's modes side by side, picture for picture as in Node.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';

import { describeResult } from '../../demo/pipeline_code.mjs';
import { load } from '../../web/node.mjs';
import { screenshotPath, settle, startBrowser } from './harness.mjs';
import { png } from './png.mjs';

const ops = await load();
const folder = mkdtempSync(path.join(os.tmpdir(), 'wasm-tensor-ops-images-'));
let browser;

before(async () => {
  browser = await startBrowser({ isolation: true, args: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] });
});
after(async () => {
  await browser?.close();
  rmSync(folder, { recursive: true, force: true });
});

// A 40 x 30 picture of gradients and a square, every alpha 255.
const W = 40;
const H = 30;
const pixels = new Uint8Array(W * H * 4);
for (let y = 0, i = 0; y < H; y++) {
  for (let x = 0; x < W; x++, i += 4) {
    const inside = x >= 10 && x < 22 && y >= 8 && y < 20;
    pixels.set([(x * 6) & 255, (y * 8) & 255, inside ? 250 : (x * y) & 255, 255], i);
  }
}
const picture = { data: pixels, width: W, height: H };

async function setImageOptions(page, values) {
  for (const [name, value] of Object.entries(values)) {
    const selector = `#images-${name}`;
    if (await page.$eval(selector, (e) => e.tagName === 'SELECT')) await page.selectOption(selector, value);
    else await page.fill(selector, value);
  }
  await settle(page, 'images');
}

describe('your picture in the demo', () => {
  test('a file through the file input: fromImage on the page gives what it gives in Node', async () => {
    const file = path.join(folder, 'picture.png');
    writeFileSync(file, png(W, H, pixels));
    const page = await browser.open('images');
    await page.setInputFiles('#images-file', file);
    await page.waitForFunction(() => /picture\.png, 40 × 30/.test(document.querySelector('#panel-images [data-role="picture-status"]').textContent));
    await settle(page, 'images');
    // The picture as the page holds it: the PNG's own bytes.
    const drawn = await page.$eval('#panel-images canvas[data-role="picture"]', (c) => [...c.getContext('2d').getImageData(0, 0, c.width, c.height).data]);
    assert.deepEqual(Uint8Array.from(drawn), pixels, 'the picture decoded byte for byte');
    const cases = [
      [{}, {}],
      [{ mean: '0.485, 0.456, 0.406', std: '0.229, 0.224, 0.225' }, { mean: [0.485, 0.456, 0.406], std: [0.229, 0.224, 0.225] }],
      [{ mean: '', std: '', channels: 'bgr', dtype: 'uint8', layout: 'HWC' }, { channels: 'bgr', dtype: 'uint8', layout: 'HWC' }],
      [{ channels: 'gray', crop: '4, 6, 16, 20', dtype: 'float32', layout: 'NHWC' }, { channels: 'gray', crop: [4, 6, 16, 20], layout: 'NHWC' }],
      [{ channels: 'rgb', crop: '', layout: 'NCHW', size: '24, 24', fit: 'contain', padValue: '114' }, { size: [24, 24], fit: 'contain', padValue: 114 }],
      [{ size: '16, 16', fit: 'cover', resize: 'nearest', padValue: '' }, { size: [16, 16], fit: 'cover', resize: 'nearest' }],
      [{ size: '60, 80', fit: 'fill', resize: 'bicubic', antialias: 'false' }, { size: [60, 80], resize: 'bicubic', antialias: false }],
    ];
    for (const [form, options] of cases) {
      await setImageOptions(page, form);
      const x = ops.fromImage(picture, options);
      const shown = await page.textContent('#panel-images [data-role="result"]');
      assert.equal(shown, `${describeResult(x.shape, x.data)}; transform ${JSON.stringify(x.transform)}`, JSON.stringify(form));
      // The call shown is the call that ran: run as it is in Node, it gives the same tensor.
      const call = await page.textContent('#panel-images [data-role="call"]');
      const ran = new Function('ops', 'picture', `${call}\nreturn x;`)(ops, picture);
      assert.equal(describeResult(ran.shape, ran.data), describeResult(x.shape, x.data), call);
      // toImage brings it back: the same call in Node, pixel for pixel.
      const back = ops.toImage(x, { layout: options.layout, channels: options.channels, mean: options.mean, std: options.std });
      if (options.size) assert.deepEqual([back.height, back.width], options.size, 'the picture at its new size');
      const result = await page.$eval('#panel-images canvas[data-role="result"]', (c) => [...c.getContext('2d').getImageData(0, 0, c.width, c.height).data]);
      assert.deepEqual(Uint8ClampedArray.from(result), back.data, `toImage ${JSON.stringify(form)}`);
    }
    await page.screenshot({ path: screenshotPath('images-file'), fullPage: true });
    // What the model reads, for the default call (RGB planes, NCHW, / 255): each plane back as grey is
    // the picture's channel, and the argMax map colours each pixel by its largest channel (the first on ties).
    await setImageOptions(page, { size: '', fit: 'fill', resize: 'bilinear', antialias: 'true', padValue: '', channels: 'rgb', crop: '', dtype: 'float32', layout: 'NCHW', mean: '', std: '' });
    const readCanvas = (role) => page.$eval(`#panel-images canvas[data-role="${role}"]`, (c) => [...c.getContext('2d').getImageData(0, 0, c.width, c.height).data]);
    const palette = [[220, 50, 47, 255], [60, 170, 60, 255], [38, 110, 210, 255]];
    const expectPlane = [];
    const expectMap = [];
    for (let i = 0; i < W * H; i++) {
      const [r, g, b] = pixels.subarray(4 * i, 4 * i + 3);
      expectPlane.push(g, g, g, 255);
      expectMap.push(...palette[r >= g && r >= b ? 0 : g >= b ? 1 : 2]);
    }
    assert.deepEqual(await readCanvas('plane-1'), expectPlane, 'plane 1 (green) as grey');
    assert.deepEqual(await readCanvas('argmax-map'), expectMap, 'the argMax map in the palette');
    // A pad value out of range: the library's own refusal, beside the field.
    await setImageOptions(page, { size: '24, 24', fit: 'contain', resize: 'bilinear', antialias: 'true', padValue: '300' });
    const view = await page.$eval('#panel-images', (p) => ({ state: p.dataset.state, error: p.querySelector('[data-error-for="padValue"]')?.dataset.code }));
    assert.deepEqual(view, { state: 'error', error: 'INVALID_ARGUMENT' });
    let message;
    try {
      ops.fromImage(picture, { size: [24, 24], fit: 'contain', padValue: 300 });
    } catch (e) {
      message = e.message;
    }
    assert.ok((await page.textContent('#panel-images [data-error-for="padValue"]')).includes(message), 'the library’s message, as Node gives it');
    await setImageOptions(page, { size: '', fit: 'fill', padValue: '' });
    // The same picture in the Pipeline tab's source list.
    await page.click('#tab-pipeline');
    await page.selectOption('#pipeline-source', 'user');
    await settle(page, 'pipeline');
    assert.equal(await page.getAttribute('#panel-pipeline', 'data-state'), 'ok');
    assert.deepEqual(JSON.parse(await page.getAttribute('#panel-pipeline [data-role="source"] canvas', 'width')), W);
    // And in the Pictures tab (its centre drawn at 48 x 48): the mirror, pixel for pixel as Node gives it on those pixels.
    await page.click('#tab-pictures');
    await page.selectOption('#pictures-picture', 'user');
    await page.check('#pictures-op-reverse');
    await page.selectOption('#pictures-flip', '2');
    await page.waitForFunction(() => document.querySelector('#panel-pictures').dataset.state === 'ok');
    const rgb = (selector) => page.$eval(selector, (c) => {
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      return { data: d.filter((_, i) => i % 4 !== 3), shape: [1, c.height, c.width, 3] };
    });
    const shown = await rgb('#panel-pictures [data-role="picture"]');
    assert.deepEqual(shown.shape, [1, 48, 48, 3]);
    const mirrored = ops.reverse({ data: Uint8Array.from(Object.values(shown.data)), shape: shown.shape }, [2]);
    assert.deepEqual(Object.values((await rgb('#panel-pictures [data-role="result"]')).data), [...mirrored.data]);
    await page.close();
    browser.assertNoProblems();
  });

  test('the resize tab: the modes side by side, on the page’s landscape and on your picture, each as the same calls give it in Node', async () => {
    const page = await browser.open('resize');
    const modes = '#panel-resize [data-role="resize-modes"]';
    await page.waitForSelector(`${modes}[data-state="ok"]`);
    const read = (selector) => page.$eval(selector, (c) => ({ width: c.width, height: c.height, data: [...c.getContext('2d').getImageData(0, 0, c.width, c.height).data] }));
    const MODES = [['nearest', { mode: 'nearest' }], ['linear', { mode: 'linear' }], ['cubic', { mode: 'cubic' }], ['linear-antialias', { mode: 'linear', antialias: true }]];
    // Each picture shown against Node's fromImage (HWC uint8 RGBA), resize and toImage on the picture the page shows.
    const check = async (side, size) => {
      await page.waitForFunction(([s, w]) => {
        const c = document.querySelector(`#panel-resize canvas[data-role="modes-result"][data-mode="nearest"]`);
        return document.querySelector('#resize-modes-side').value === s && c?.width === w;
      }, [String(side), size[0]]);
      const source = await read(`${modes} canvas[data-role="modes-source"]`);
      const x = ops.fromImage({ data: Uint8Array.from(source.data), width: source.width, height: source.height }, { layout: 'HWC', dtype: 'uint8', scale: 1, channels: 'rgba' });
      const pictures = [];
      for (const [mode, options] of MODES) {
        const want = ops.toImage(ops.resize(x, { sizes: [side, side], axes: [0, 1], keepAspectRatioPolicy: 'not_larger', ...options }), { layout: 'HWC' });
        const got = await read(`${modes} canvas[data-mode="${mode}"]`);
        assert.deepEqual([got.width, got.height], [want.width, want.height], `${mode} at ${side}`);
        assert.deepEqual([want.width, want.height], size, `${mode} at ${side}`);
        assert.deepEqual(Uint8ClampedArray.from(got.data), want.data, `${mode} at ${side}: every pixel`);
        pictures.push(want.data.join());
      }
      return { source, distinct: new Set(pictures).size };
    };
    const enlarged = await check(192, [192, 192]);
    assert.deepEqual([enlarged.source.width, enlarged.source.height], [48, 48], 'the page’s 48 × 48 landscape');
    assert.equal(enlarged.distinct, 3, 'enlarged: nearest, linear and cubic differ; antialias is linear');
    await page.selectOption('#resize-modes-side', '32');
    assert.equal((await check(32, [32, 32])).distinct, 4, 'shrunk: all four differ');
    // Your picture (a file here; shared with the other tabs): 40 × 30 fits 16 × 12.
    const file = path.join(folder, 'resize.png');
    writeFileSync(file, png(W, H, pixels));
    await page.setInputFiles('#resize-modes-file', file);
    await page.selectOption('#resize-modes-side', '16');
    const mine = await check(16, [16, 12]);
    assert.deepEqual(Uint8Array.from(mine.source.data), pixels, 'your picture, byte for byte');
    assert.match(await page.textContent(`${modes} [data-role="modes-call"]`), /ops\.resize\(x, \{ sizes: \[16, 16\], axes: \[0, 1\], keepAspectRatioPolicy: 'not_larger', \.\.\.mode \}\)/);
    await page.$eval(modes, (e) => e.scrollIntoView());
    await page.screenshot({ path: screenshotPath('resize-modes'), fullPage: true });
    await page.close();
    browser.assertNoProblems();
  });

  test('a picture dropped on the drop zone, and one pasted: each through fromImage as in Node', async () => {
    const page = await browser.open('images');
    const small = (w, h, seed) => Uint8Array.from({ length: w * h * 4 }, (_, i) => (i % 4 === 3 ? 255 : (i * seed) & 255));
    for (const [how, w, h, seed] of [['drop', 20, 10, 7], ['paste', 9, 13, 11]]) {
      const rgba = small(w, h, seed);
      await page.evaluate(({ how, bytes, name }) => {
        const data = new DataTransfer();
        data.items.add(new File([Uint8Array.from(bytes)], name, { type: 'image/png' }));
        const event = how === 'drop'
          ? new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true })
          : new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
        (how === 'drop' ? document.querySelector('#panel-images .drop-zone') : document.body).dispatchEvent(event);
      }, { how, bytes: [...png(w, h, rgba)], name: `${how}.png` });
      await page.waitForFunction((size) => document.querySelector('#panel-images [data-role="picture-status"]').textContent.includes(size), `${w} × ${h}`);
      await settle(page, 'images');
      const x = ops.fromImage({ data: rgba, width: w, height: h });
      assert.equal(await page.textContent('#panel-images [data-role="result"]'), `${describeResult(x.shape, x.data)}; transform ${JSON.stringify(x.transform)}`, how);
    }
    await page.close();
    browser.assertNoProblems();
  });

  test('the camera (Chromium’s fake device): live frames through fromImage, each checked against Node', async () => {
    const page = await browser.open('images');
    await page.click('#images-camera');
    await page.waitForSelector('#panel-images [data-role="per-frame"]');
    await page.waitForFunction(() => /camera frame ([3-9]|\d\d)/.test(document.querySelector('#panel-images [data-role="picture-status"]').textContent));
    await setImageOptions(page, { dtype: 'uint8', layout: 'NHWC' });
    // One frame, read in one task (no new frame can come in between).
    const frame = await page.evaluate(() => {
      const c = document.querySelector('#panel-images canvas[data-role="picture"]');
      return { width: c.width, height: c.height, data: [...c.getContext('2d').getImageData(0, 0, c.width, c.height).data],
        result: document.querySelector('#panel-images [data-role="result"]').textContent };
    });
    const x = ops.fromImage({ data: Uint8Array.from(frame.data), width: frame.width, height: frame.height }, { dtype: 'uint8', layout: 'NHWC' });
    assert.equal(frame.result, `${describeResult(x.shape, x.data)}; transform ${JSON.stringify(x.transform)}`);
    assert.deepEqual(x.shape, [1, frame.height, frame.width, 3]);
    await page.screenshot({ path: screenshotPath('images-camera'), fullPage: true });
    // The pipeline takes the frames as they come, with its time per frame.
    await page.click('#tab-pipeline');
    await page.selectOption('#pipeline-source', 'user');
    await page.waitForFunction(() => /per frame/.test(document.querySelector('#panel-pipeline [data-role="summary"]')?.textContent ?? ''));
    const seen = await page.evaluate(() => document.querySelector('#panel-pipeline').dataset.version);
    await page.waitForFunction((v) => Number(document.querySelector('#panel-pipeline').dataset.version) > Number(v) + 3, seen);
    await page.click('#pipeline-camera');
    assert.equal(await page.getAttribute('#pipeline-camera', 'aria-pressed'), 'false');
    await page.close();
    browser.assertNoProblems();
  });
});
