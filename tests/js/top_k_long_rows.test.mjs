// topK on long rows (the axis at least 16 times k: the kernel's bar path,
// its float32 blocks skipped by value), against a JS sort of the indices
// by the documented order: NaN above +Infinity (first with largest, last
// without), -0 equal to +0, ties to the smaller index. Rows of few values
// (many ties), NaNs and infinities, random and sorted orders, every k from
// 1 to 60, float32 and other dtypes, sorted and unsorted outputs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { makeRng } from './helpers.mjs';
import { loadOps } from './load_ops.mjs';

const ops = await loadOps();

function expected(row, k, largest, sorted) {
  // NaN above every number (first when largest, last when not); -0 and +0 equal; ties to the smaller index.
  const order = [...row.keys()].sort((i, j) => {
    const a = row[i];
    const b = row[j];
    const nans = Number(Number.isNaN(b)) - Number(Number.isNaN(a));
    if (nans !== 0) return largest ? nans : -nans;
    if (Number.isNaN(a) || a === b) return i - j;
    return largest ? b - a : a - b;
  });
  const best = order.slice(0, k);
  return sorted ? best : best.sort((i, j) => i - j);
}

test('topK on long rows: the k best by the documented order, ties to the smaller index (400 random rows)', () => {
  const rng = makeRng(0x70bc);
  for (let n = 0; n < 400; n++) {
    const k = rng.int(1, 60);
    const len = k * 16 + rng.int(0, 4000);
    const dtype = rng.pick(['float32', 'float32', 'float32', 'float64', 'int32', 'float16']);
    const few = [-1, -0, 0, 1, 2.5, Infinity, -Infinity, NaN];
    const style = rng.pick(['random', 'ties', 'ascending', 'descending', 'nan']);
    const row = Array.from({ length: len }, (_, i) => {
      if (style === 'ties') return rng.pick(few.slice(0, 5));
      if (style === 'nan') return rng() < 0.05 ? NaN : rng() < 0.05 ? rng.pick([Infinity, -Infinity]) : Math.round(rng() * 2000) / 8 - 100;
      if (style === 'ascending') return i / 4;
      if (style === 'descending') return -i / 4;
      return Math.round((rng() * 2 - 1) * 1e6) / 64;
    }).map((v) => (dtype === 'int32' ? (Number.isFinite(v) ? Math.trunc(v) : 0) : v));
    const data = dtype === 'float32' ? Float32Array.from(row) : dtype === 'float64' ? Float64Array.from(row) : dtype === 'int32' ? Int32Array.from(row) : null;
    const x = data ? { data, shape: [len] } : { data: Float32Array.from(row), shape: [len] };
    const t = dtype === 'float16' ? ops.cast(x, 'float16') : x;
    const read = dtype === 'float16' ? Array.from(ops.cast(t, 'float32').data) : Array.from(data);
    const largest = rng() < 0.6;
    const sorted = rng() < 0.7;
    const [values, indices] = ops.topK(t, k, { largest, sorted });
    const want = expected(read, k, largest, sorted);
    const what = `${style} ${dtype} [${len}] k ${k} largest ${largest} sorted ${sorted}`;
    assert.deepEqual(Array.from(indices.data), want, what);
    const got = dtype === 'float16' ? Array.from(ops.cast(values, 'float32').data) : Array.from(values.data);
    assert.deepEqual(got.map((v) => (Number.isNaN(v) ? 'NaN' : Object.is(v, -0) ? '-0' : v)),
      want.map((i) => (Number.isNaN(read[i]) ? 'NaN' : Object.is(read[i], -0) ? '-0' : read[i])), `${what}: values keep their bits`);
  }
});
