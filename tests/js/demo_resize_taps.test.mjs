// The demo's resize tab against the library: on random calls
// (tests/js/ops/resize/explain_cases.mjs), (1) the taps the tab outlines
// (demo/ops/resize_taps.mjs: the call on a one-hot matrix along each axis,
// the weights multiplied over the axes) are those of the same call run in
// one piece on every one-hot input at once, and (2) the coordinate formula
// the tab fills in (demo/ops/resize_formula.mjs, from the docs) gives the
// library's weights along every axis, for every output index.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { axisTaps } from '../../demo/ops/resize_formula.mjs';
import { traceResize } from '../../demo/ops/resize_taps.mjs';
import { makeRng } from './helpers.mjs';
import { loadOps } from './load_ops.mjs';
import { randomCall } from './ops/resize/explain_cases.mjs';
import { makeRandomKit } from './ops/_shared/random_kit.mjs';

const ops = await loadOps();
const random = makeRandomKit(makeRng(0x7e512e));
const CALLS = 300;
const volume = (shape) => shape.reduce((p, d) => p * d, 1);
const close = (a, b) => Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(b));

// Random calls the library takes, small enough for the one-hot check.
function calls() {
  const list = [];
  while (list.length < CALLS) {
    const call = randomCall(random);
    const [x] = call.inputs;
    const [options] = call.args;
    let y;
    try {
      y = ops.shapes.resize(x, options);
    } catch (e) {
      if (e.code) continue;
      throw e;
    }
    if (volume(x) > 0 && volume(x) <= 36 && volume(y) <= 400) list.push({ x, y, options });
  }
  return list;
}

test('resize: the taps the tab outlines are the weights of the whole call on one-hot inputs', () => {
  const seen = new Set();
  let cells = 0;
  for (const { x, y, options } of calls()) {
    const n = volume(x);
    const m = volume(y);
    // Every input element's one-hot tensor along a leading axis of n that is not resized.
    const eye = new Float64Array(n * n).map((_, i) => (i % (n + 1) === 0 ? 1 : 0));
    const axes = options.axes ? options.axes.map((a) => (a + x.length) % x.length + 1) : x.map((_, a) => a + 1);
    const weights = ops.resize({ data: eye, shape: [n, ...x] }, { ...options, axes }).data;
    const trace = traceResize(ops, x, y, options);
    for (let i = 0; i < m; i++) {
      const want = [];
      for (let j = 0; j < n; j++) if (weights[j * m + i] !== 0) want.push([j, weights[j * m + i]]);
      const got = trace.taps(i).filter((t) => t.w !== 0).sort((a, b) => a.src - b.src);
      const what = `${JSON.stringify({ x, options })} at y[${i}]: ${JSON.stringify(got)} vs ${JSON.stringify(want)}`;
      assert.equal(got.length, want.length, what);
      got.forEach((t, k) => {
        assert.equal(t.src, want[k][0], what);
        assert.ok(close(t.w, want[k][1]), what);
      });
      // The colour: the heaviest tap (of the largest weight along each axis).
      if (want.length) assert.ok(got.some((t) => t.src === trace.sources[i]), `${what}: source ${trace.sources[i]}`);
      cells++;
    }
    seen.add(trace.rule.mode + (trace.rule.antialias ? '+antialias' : ''));
  }
  assert.ok(cells >= 5000, `${cells} output elements checked`);
  for (const kind of ['nearest', 'linear', 'cubic', 'linear+antialias', 'cubic+antialias']) assert.ok(seen.has(kind), `calls of ${kind}`);
});

test('resize: the coordinate formula the tab fills in gives the library’s weights on every axis', () => {
  const seen = new Set();
  let columns = 0;
  for (const { x, y, options } of calls()) {
    const trace = traceResize(ops, x, y, options);
    for (const a of trace.axes) {
      for (let i = 0; i < a.n; i++) {
        const { weights } = axisTaps(trace.rule, a.d, a.n, a.scale, i);
        const library = a.columns[i];
        const what = `${JSON.stringify({ x, options })} axis ${a.axis} index ${i}: ${JSON.stringify([...weights])} vs ${JSON.stringify(library)}`;
        assert.equal(weights.size, library.length, what);
        for (const { j, w } of library) assert.ok(close(weights.get(j), w), what);
        columns++;
      }
    }
    seen.add(trace.rule.coordinateTransformationMode);
    if (trace.rule.excludeOutside) seen.add('excludeOutside');
    if (options.keepAspectRatioPolicy) seen.add('keepAspectRatioPolicy');
  }
  assert.ok(columns >= 1500, `${columns} output indices checked`);
  for (const kind of ['half_pixel', 'half_pixel_symmetric', 'pytorch_half_pixel', 'align_corners', 'asymmetric', 'excludeOutside', 'keepAspectRatioPolicy']) {
    assert.ok(seen.has(kind), `calls with ${kind}`);
  }
});
