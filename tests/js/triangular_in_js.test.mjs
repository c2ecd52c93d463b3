// triangular of a plain array with rows of 256 bytes or more is run by
// JavaScript (web/triangular_in_js.mjs), in place when `out` is x's own
// array, and so is a dense kept x into a plain out. Here its results are checked element by element against the rule
// itself (kept where j - i >= diagonal, upper, or <= diagonal, lower; all
// bits 0 elsewhere; kept elements bit for bit) and against the core (the
// same call on a kept tensor), on every dtype, random shapes on both sides
// of 256-byte rows, diagonals inside and far past the matrix (bigints too);
// and the calls that must leave the shortcut give the core's errors.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DTYPE_CASES, assertSameBits, bitsOf, expectError, keptResultBits, makeData, makeRng, snapshot, volume } from './helpers.mjs';
import { loadOps } from './load_ops.mjs';

const ops = await loadOps();

// The rule, index by index, on the bits of x.
function expected(x, upper, diagonal) {
  const shape = x.shape;
  const rows = shape[shape.length - 2];
  const cols = shape[shape.length - 1];
  const bits = bitsOf(x.data);
  const result = bits.slice();
  const zero = typeof bits[0] === 'bigint' ? 0n : 0;
  const k = BigInt(diagonal);
  for (let e = 0; e < result.length; e++) {
    const i = BigInt(Math.floor(e / cols) % rows);
    const j = BigInt(e % cols);
    const keep = upper ? j - i >= k : j - i <= k;
    if (!keep) result[e] = zero;
  }
  return result;
}

const byCore = (x, options) => keptResultBits(ops, x, (kept) => ops.triangular(kept, options));

test('plain triangular follows the rule and the core on every dtype, random shapes and diagonals', () => {
  const rng = makeRng(0x7e1a);
  let long = 0;
  for (let n = 0; n < 160; n++) {
    const c = DTYPE_CASES[n % DTYPE_CASES.length];
    const elem = c.Array.BYTES_PER_ELEMENT;
    const rank = rng.int(2, 4);
    // Rows of 256 bytes and more (the shortcut's) three times in four.
    const cols = rng.int(0, 3) === 0 ? rng.int(1, Math.max(1, 256 / elem - 1)) : rng.int(256 / elem, 256 / elem + 70);
    const shape = [...Array.from({ length: rank - 2 }, () => rng.int(1, 3)), rng.int(1, 40), cols];
    if (cols * elem >= 256) long++;
    const rows = shape[rank - 2];
    const diagonal = rng.pick([0, 1, -1, rng.int(-rows - 2, cols + 2), cols + 5, -rows - 5,
      2n ** 62n, -(2n ** 63n), BigInt(rng.int(-3, 3))]);
    const upper = rng.int(0, 1) === 1;
    const x = { data: makeData(c, volume(shape), rng), shape, dtype: c.dtype };
    const kept = ops.tensor(x.data, shape, c.dtype);
    const before = snapshot(x.data);
    const want = expected(x, upper, diagonal);
    const what = `${c.label} ${JSON.stringify(shape)} upper ${upper} diagonal ${diagonal}`;
    const options = { upper, diagonal };
    assertSameBits(byCore(x, options), want, `core: ${what}`);
    // A new array, an out of the dtype's class, and x's own array (in place).
    const fresh = ops.triangular(x, options);
    assert.deepEqual(fresh.shape, shape);
    assert.equal(fresh.dtype, c.dtype);
    assertSameBits(bitsOf(fresh.data), want, `new array: ${what}`);
    assertSameBits(snapshot(x.data), before, `x untouched: ${what}`);
    const out = new c.Array(volume(shape));
    bitsOf(out).fill(typeof want[0] === 'bigint' ? 7n : 7);
    assert.equal(ops.triangular(x, { ...options, out }).data, out);
    assertSameBits(bitsOf(out), want, `out: ${what}`);
    assert.equal(ops.triangular(x, { ...options, out: x.data }).data, x.data);
    assertSameBits(bitsOf(x.data), want, `in place: ${what}`);
    // A dense kept x: into a plain out (long rows: JavaScript reads it where
    // it lies), then in place (the core: fills of shared memory are slow).
    const keptOut = new c.Array(volume(shape));
    assert.equal(ops.triangular(kept, { ...options, out: keptOut }).data, keptOut);
    assertSameBits(bitsOf(keptOut), want, `kept x into out: ${what}`);
    assertSameBits(bitsOf(kept.toArray()), before, `kept x untouched: ${what}`);
    ops.triangular(kept, { ...options, out: kept.data });
    assertSameBits(bitsOf(kept.toArray()), want, `kept x in place: ${what}`);
    kept.dispose();
  }
  assert.ok(long > 100, `${long} calls with long rows`);
  assert.equal(ops.memory().keptTensors, 0);
});

test('plain triangular of long rows: a subarray input, an onnxruntime-like tensor, an out that overlaps x', () => {
  const rng = makeRng(0x7e1b);
  const c = DTYPE_CASES.find((d) => d.dtype === 'float32');
  const shape = [2, 5, 80];
  const x = { data: makeData(c, volume(shape), rng, 3), shape };
  const want = expected(x, false, 2);
  assertSameBits(bitsOf(ops.triangular(x, { upper: false, diagonal: 2 }).data), want, 'subarray');
  const ortLike = { data: x.data, dims: shape, type: 'float32', location: 'cpu' };
  assertSameBits(bitsOf(ops.triangular(ortLike, { upper: false, diagonal: 2 }).data), want, 'onnxruntime-like');
  // An out sharing bytes with x but not x itself goes to the core, which reads x before writing.
  const whole = new Float32Array(volume(shape) + 4);
  whole.set(x.data, 0);
  const from = { data: whole.subarray(0, volume(shape)), shape };
  const wantShifted = expected(from, true, 0);
  const out = whole.subarray(4, 4 + volume(shape));
  const r = (() => {
    try {
      return ops.triangular(from, { out });
    } catch (error) {
      return error;
    }
  })();
  if (r instanceof Error) assert.equal(r.name, 'TensorOpsError');
  else assertSameBits(bitsOf(r.data), wantShifted, 'overlapping out');
});

test('plain triangular of long rows: bad calls give the core\'s errors and write nothing', () => {
  const x = { data: new Float32Array(4 * 128).fill(1), shape: [4, 128] };
  const out = new Float32Array(4 * 128).fill(5);
  const before = snapshot(out);
  expectError(() => ops.triangular(x, { upper: 'yes', out }), 'INVALID_ARGUMENT', 'triangular', ['upper']);
  expectError(() => ops.triangular(x, { diagonal: 1.5, out }), 'INVALID_ARGUMENT', 'triangular', ['diagonal', '1.5']);
  expectError(() => ops.triangular(x, { diagonal: 2n ** 63n, out }), 'INVALID_ARGUMENT', 'triangular', ['diagonal']);
  expectError(() => ops.triangular(x, { out: new Float64Array(4 * 128) }), 'INVALID_ARGUMENT', 'triangular', ['out']);
  expectError(() => ops.triangular(x, { out: new Float32Array(4 * 128 - 1) }), 'INVALID_ARGUMENT', 'triangular', ['out']);
  expectError(() => ops.triangular(x, { lower: true, out }), 'INVALID_ARGUMENT', 'triangular', ['lower']);
  expectError(() => ops.triangular({ data: new Float32Array(128), shape: [128] }, { out }), 'INVALID_ARGUMENT', 'triangular', ['rank']);
  assertSameBits(snapshot(out), before, 'out untouched');
  assert.equal(ops.memory().keptTensors, 0);
});
