// What the browser tests share: the demo's server, Debian's Chromium driven
// by playwright-core, a watch on the console, and reading what the page drew.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

import { startServer } from '../../demo/server.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';

export const SCREENSHOTS = fileURLToPath(new URL('../artifacts/screenshots/', import.meta.url));

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 375, height: 812 };

/**
 * Starts the demo's server (with or without the isolation headers) and a
 * headless Chromium with a fresh profile. `problems` collects every console
 * error or warning, page error, failed request and HTTP error status.
 * `args`: more Chromium switches (the fake camera's).
 */
export async function startBrowser({ isolation = true, args = [] } = {}) {
  const server = await startServer({ port: 0, isolation });
  const base = `http://127.0.0.1:${server.address().port}`;
  const profile = mkdtempSync(path.join(os.tmpdir(), 'wasm-tensor-ops-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS, ...args], viewport: DESKTOP, reducedMotion: 'reduce',
  });
  const problems = [];
  const watch = (page) => {
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
    page.on('response', (r) => { if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`); });
  };
  mkdirSync(SCREENSHOTS, { recursive: true });
  return {
    base,
    context,
    problems,
    /** A new tab on the demo at `#hash`, ready (module loaded, view drawn). */
    async open(hash = 'reshape', viewport = DESKTOP) {
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      watch(page);
      await page.setViewportSize(viewport);
      await page.goto(`${base}/demo/#${hash}`);
      await page.waitForSelector('#backend[data-state="ready"]');
      await page.waitForSelector(`#panel-${hash.split('?')[0]}[data-version]`);
      return page;
    },
    assertNoProblems() {
      assert.deepEqual(problems, [], 'no console errors or warnings, page errors or failed requests');
    },
    async close() {
      await context.close();
      await new Promise((resolve) => server.close(resolve));
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Waits until every update the page scheduled has run. */
export async function settle(page, id) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.waitForSelector(`#panel-${id}[data-state]`);
}

/**
 * Sets an operation's controls by label-less ids (`${id}-${name}`): text
 * fields are typed into, checkboxes set, selects chosen. Waits for the update.
 */
export async function setParams(page, id, params) {
  for (const [name, value] of Object.entries(params)) {
    const selector = `#${id}-${name}`;
    const kind = await page.$eval(selector, (e) => (e.tagName === 'SELECT' ? 'select' : e.type));
    if (kind === 'select') await page.selectOption(selector, value);
    else if (kind === 'checkbox') await page.setChecked(selector, value);
    else await page.fill(selector, value);
  }
  await settle(page, id);
}

/**
 * What the view of `id` shows: its state, the output shape and every drawn
 * output cell (of output `part`, for an operation with several outputs).
 */
export async function readView(page, id, part = 0) {
  return page.$eval(`#panel-${id}`, (panel, k) => {
    const output = panel.querySelector(`[data-tensor="output"][data-part="${k}"]`);
    const cells = [...output.querySelectorAll('.cell')].map((c) => ({
      index: Number(c.dataset.index), src: Number(c.dataset.src), value: c.dataset.value, text: c.textContent,
      visible: getComputedStyle(c).visibility === 'visible' && c.getBoundingClientRect().width > 0,
    }));
    return {
      state: panel.dataset.state,
      summary: panel.querySelector('[data-role="summary"]').textContent,
      shape: JSON.parse(output.dataset.shape ?? 'null'),
      inputShape: JSON.parse(panel.querySelector('[data-tensor="input"]').dataset.shape ?? 'null'),
      outShapeText: panel.querySelector('[data-role="out-shape"]')?.textContent ?? null,
      cells,
      errors: Object.fromEntries([...panel.querySelectorAll('[data-error-for]')]
        .filter((e) => e.textContent).map((e) => [e.dataset.errorFor, { code: e.dataset.code, text: e.textContent }])),
    };
  }, part);
}

/** 1, 2, 3, … as the page fills an input whose values are left empty. */
export function iota(shape, from = 1) {
  const n = shape.reduce((a, b) => a * b, 1);
  return Float64Array.from({ length: n }, (_, i) => i + from);
}

/**
 * Asserts that the page drew `expected` (computed by the package in Node)
 * and, for each drawn cell, the source `prov` (the same call on indices).
 */
export function assertDrawn(view, expected, prov) {
  assert.equal(view.state, 'ok', `the view is in error: ${JSON.stringify(view.errors)}`);
  assert.deepEqual(view.shape, expected.shape);
  assert.equal(view.outShapeText, `[${expected.shape.join(', ')}]`);
  const n = expected.data.length;
  if (n <= 2500) assert.equal(view.cells.length, n, 'every element is drawn');
  else assert.ok(view.cells.length > 0 && view.cells.length <= 2500, 'a part of the output is drawn');
  for (const cell of view.cells) {
    const want = String(expected.data[cell.index]);
    assert.equal(cell.text, want, `y[${cell.index}] as drawn`);
    assert.equal(cell.value, want, `y[${cell.index}] data-value`);
    if (prov) assert.equal(cell.src, prov.data[cell.index], `source of y[${cell.index}]`);
  }
}

export function screenshotPath(name) {
  return path.join(SCREENSHOTS, `${name}.png`);
}
