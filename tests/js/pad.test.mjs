// pad beyond the table-driven suites: the fill value's conversion to every
// dtype (float16 and bfloat16 rounded once from the double, ties to even,
// subnormals, overflow to infinity, NaN; float32 as Math.fround), checked
// against a brute-force search over every 16-bit pattern; the value end to
// end on each dtype, plain, kept and `out`; ops.shapes.pad with a dtype;
// a large padded image through the thread pool.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { elementBits, roundToFloatBits } from '../../web/element_value.mjs';
import { DTYPE_CASES, assertSameBits, bitsOf, gather, makeData, makeRng } from './helpers.mjs';
import { loadOps } from './load_ops.mjs';
import { ref } from './reference.mjs';

const ops = await loadOps();

// Every finite non-negative value of a 16-bit format (decoded from its
// fields, exactly), sorted, to find the nearest by search.
function table16(e, m) {
  const bias = 2 ** (e - 1) - 1;
  const values = [];
  for (let bits = 0; bits < (2 ** e - 1) * 2 ** m; bits++) {
    const exp = Math.floor(bits / 2 ** m);
    const man = bits % 2 ** m;
    values.push(exp === 0 ? man * 2 ** (1 - bias - m) : (2 ** m + man) * 2 ** (exp - bias - m));
  }
  return values; // increasing with the bits
}
function nearest16(values, e, m, x) {
  const sign = x < 0 || Object.is(x, -0) ? 2 ** (e + m) : 0;
  if (Number.isNaN(x)) return 'nan';
  const a = Math.abs(x);
  const top = values.length - 1;
  const inf = (2 ** e - 1) * 2 ** m;
  // Beyond the largest value, the next step (2^(emax+1), an even pattern) is infinity.
  if (a >= values[top] + (values[top] - values[top - 1]) / 2) return sign + inf;
  let lo = 0;
  let hi = top;
  while (lo < hi) { // the last value <= a
    const mid = Math.ceil((lo + hi) / 2);
    if (values[mid] <= a) lo = mid;
    else hi = mid - 1;
  }
  if (lo < top) {
    const below = a - values[lo];
    const above = values[lo + 1] - a;
    if (above < below || (above === below && (lo + 1) % 2 === 0)) lo += 1;
  }
  return sign + lo;
}

const F16 = table16(5, 10);
const BF16 = table16(8, 7);
const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

function randomDoubles(rng, n) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const mag = 2 ** rng.int(-150, 130) * (1 + rng());
    out.push(rng() < 0.5 ? -mag : mag);
  }
  return out;
}

test('float16 and bfloat16: rounded once from the double, as the nearest of every pattern', () => {
  const rng = makeRng(0x9ad);
  const xs = [...randomDoubles(rng, 20000), 0, -0, Infinity, -Infinity, 65504, 65519.99, 65520, 1e-8,
    2 ** -24, 2 ** -25, 2 ** -25 + 2 ** -60, 1.5 * 2 ** -24, 2.5 * 2 ** -24, 1 + 2 ** -11, 1 + 3 * 2 ** -11,
    1 + 2 ** -11 + 2 ** -40, 1 + 2 ** -8, 1 + 2 ** -8 + 2 ** -30, 3 * 2 ** -9, 3.3895313892515355e38, 3.4e38,
    2 ** -133, 2 ** -134, 2 ** -134 + 2 ** -160, 1e-45, 6.1e-5, 6.097555160522461e-5];
  // Some samples next to the midpoints of neighbouring values, where rounding decides.
  for (let i = 0; i < 3000; i++) {
    const k = rng.int(0, F16.length - 2);
    const mid = (F16[k] + F16[k + 1]) / 2;
    xs.push(mid, mid * (1 + 2 ** -50), mid * (1 - 2 ** -50));
    const j = rng.int(0, BF16.length - 2);
    const bmid = (BF16[j] + BF16[j + 1]) / 2;
    xs.push(bmid, bmid * (1 + 2 ** -50), bmid * (1 - 2 ** -50));
  }
  for (const x of xs) {
    assert.equal(roundToFloatBits(x, 5, 10), nearest16(F16, 5, 10, x), `float16 of ${x}`);
    assert.equal(roundToFloatBits(x, 8, 7), nearest16(BF16, 8, 7, x), `bfloat16 of ${x}`);
    f32[0] = x;
    assert.equal(roundToFloatBits(x, 8, 23), u32[0], `float32 of ${x}`);
  }
  // Double rounding (through float32 first) would give 1.0 for these.
  assert.equal(roundToFloatBits(1 + 2 ** -8 + 2 ** -30, 8, 7), 0x3f81);
  assert.equal(roundToFloatBits(1 + 2 ** -11 + 2 ** -40, 5, 10), 0x3c01);
  assert.equal(roundToFloatBits(1 + 2 ** -8, 8, 7), 0x3f80); // a tie: to even
  assert.equal(roundToFloatBits(65520, 5, 10), 0x7c00);     // overflows to infinity
  assert.equal(roundToFloatBits(-1e300, 5, 10), 0xfc00);
  assert.equal(roundToFloatBits(2 ** -25, 5, 10), 0);        // a tie with 0: to even
  assert.equal(roundToFloatBits(1.5 * 2 ** -24, 5, 10), 2);  // subnormal tie: to even
  assert.equal(roundToFloatBits(-0, 5, 10), 0x8000);
  assert.equal(roundToFloatBits(NaN, 5, 10), 0x7e00);
  assert.equal(roundToFloatBits(NaN, 8, 7), 0x7fc0);
  assert.equal(roundToFloatBits(NaN, 8, 23), 0x7fc00000);
});

test('elementBits: every dtype, exact integers and booleans, rejected values name the dtype', () => {
  const bits = (v, dtype) => elementBits('pad', 'value', v, dtype);
  assert.equal(bits(-1, 'int8'), 0xffn);
  assert.equal(bits(255, 'uint8'), 0xffn);
  assert.equal(bits(-32768, 'int16'), 0x8000n);
  assert.equal(bits(-0, 'int32'), 0n);
  assert.equal(bits(4294967295, 'uint32'), 0xffffffffn);
  assert.equal(bits(-(2n ** 63n), 'int64'), 2n ** 63n);
  assert.equal(bits(-1, 'int64'), 2n ** 64n - 1n);
  assert.equal(bits(2 ** 60, 'uint64'), 2n ** 60n);
  assert.equal(bits(2n ** 64n - 1n, 'uint64'), 2n ** 64n - 1n);
  assert.equal(bits(true, 'bool'), 1n);
  assert.equal(bits(0, 'bool'), 0n);
  assert.equal(bits(1 / 3, 'float16'), 0x3555n);
  assert.equal(bits(1 / 3, 'bfloat16'), 0x3eabn);
  assert.equal(bits(0.1, 'float32'), 0x3dcccccdn);
  assert.equal(bits(-0, 'float64'), 2n ** 63n);
  assert.equal(bits(1e300, 'float32'), 0x7f800000n);
  assert.equal(bits(7, undefined), 0n); // ops.shapes without a dtype: only the type was checked
  for (const [v, dtype] of [[128, 'int8'], [-1, 'uint16'], [0.5, 'int32'], [2n ** 63n, 'int64'], [1n, 'float64'],
    [true, 'int8'], [2, 'bool'], [NaN, 'uint8'], [2 ** 53 + 2, 'int32']]) {
    assert.throws(() => bits(v, dtype), (e) => e.code === 'INVALID_ARGUMENT' && e.message.startsWith('pad: value ') &&
      e.message.includes(dtype), `${String(v)} on ${dtype}`);
  }
});

test('the value on every dtype: plain, kept and out, against the reference', () => {
  const rng = makeRng(66);
  const VALUES = {
    int8: [-128, 1], uint8: [255, 0], bool: [true, 1], int16: [-300, 7], uint16: [65535, 2], float16: [1 / 3, -65520],
    bfloat16: [1 + 2 ** -8 + 2 ** -30, 3.4e38], int32: [-(2 ** 31), 9], uint32: [2 ** 32 - 1, 3], float32: [0.1, -0],
    int64: [-(2n ** 63n), 2 ** 53], uint64: [2n ** 64n - 1n, 5n], float64: [Math.PI, NaN],
  };
  const shape = [3, 4, 2];
  const pb = [1, -1, 2];
  const pe = [2, 1, 0];
  const expected = ref.pad(shape, pb, pe);
  for (const dt of DTYPE_CASES) {
    for (const value of VALUES[dt.dtype]) {
      const what = `${dt.label} value ${String(value)}`;
      const data = makeData(dt, 24, rng);
      const fill = elementBits('pad', 'value', value, dt.dtype);
      const want = gather(data, expected.src, fill);
      const x = { data, shape, dtype: dt.dtype };
      const r = ops.pad(x, pb, pe, { value });
      assert.deepEqual(r.shape, expected.shape, what);
      assertSameBits(r.data, want, what);
      const out = new dt.Array(want.length);
      assert.equal(ops.pad(x, pb, pe, { value, out }).data, out);
      assertSameBits(out, want, `${what} out`);
      const kept = ops.tensor(data, shape, dt.dtype);
      const k = ops.pad(kept, pb, pe, { mode: 'constant', value });
      assertSameBits(k.toArray(), want, `${what} kept`);
      k.dispose();
      kept.dispose();
      // The border holds exactly the value's bits.
      assert.equal(BigInt(bitsOf(r.data)[0]), fill, what);
    }
  }
  assert.equal(ops.memory().keptTensors, 0);
});

test('ops.shapes.pad: output shape, value checked for the dtype given', () => {
  assert.deepEqual(ops.shapes.pad([1, 3, 224, 224], [0, 0, 1, 1], [0, 0, 1, 1]), [1, 3, 226, 226]);
  assert.deepEqual(ops.shapes.pad([5], [-1], [2], { mode: 'reflect' }), [6]);
  assert.deepEqual(ops.shapes.pad([2, 3], [1, 1], [1, 1], { value: 300 }), [4, 5]); // no dtype: any number
  assert.deepEqual(ops.shapes.pad([2, 3], [1, 1], [1, 1], { value: 300, dtype: 'int16' }), [4, 5]);
  assert.deepEqual(ops.shapes.pad([2, 3], [1, 1], [1, 1], { value: 2n ** 63n - 1n, dtype: 'int64' }), [4, 5]);
  assert.throws(() => ops.shapes.pad([2, 3], [1, 1], [1, 1], { value: 300, dtype: 'int8' }), /pad: value 300 .*int8/);
  assert.throws(() => ops.shapes.pad([2, 3], [3, 0], [0, 0], { mode: 'reflect' }), (e) => e.code === 'SHAPE_MISMATCH');
  assert.deepEqual(ops.shapes.pad([], [], [], { mode: 'wrap' }), []);
});

test('a padded image large enough for the thread pool, every mode, against the reference', () => {
  const shape = [1, 3, 160, 130];
  const n = shape.reduce((a, b) => a * b);
  const data = Float32Array.from({ length: n }, (_, i) => i);
  for (const mode of ['constant', 'edge', 'reflect', 'symmetric', 'wrap']) {
    const pb = [0, 0, 3, 2];
    const pe = [0, mode === 'wrap' ? 5 : 0, 2, 3];
    const expected = ref.pad(shape, pb, pe, mode);
    const r = ops.pad({ data, shape }, pb, pe, { mode });
    assert.deepEqual(r.shape, expected.shape);
    assertSameBits(r.data, gather(data, expected.src), mode);
  }
});
