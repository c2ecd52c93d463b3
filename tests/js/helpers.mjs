// Shared test helpers: a seeded PRNG, the dtype table (docs/operations.md#dtypes), data with
// extreme bit patterns, byte-exact comparison and error assertions.
import assert from 'node:assert/strict';
import { TensorOpsError } from '../../web/node.mjs';

/** mulberry32: a small deterministic PRNG; rng() in [0, 1), rng.int(lo, hi) inclusive. */
export function makeRng(seed) {
  let a = seed >>> 0;
  const rng = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  rng.int = (lo, hi) => lo + Math.floor(rng() * (hi - lo + 1));
  rng.pick = (list) => list[Math.floor(rng() * list.length)];
  return rng;
}

// Every dtype of the table in docs/operations.md#dtypes with its typed array, plus Uint8ClampedArray.
export const DTYPE_CASES = [
  { dtype: 'int8', Array: Int8Array },
  { dtype: 'uint8', Array: Uint8Array },
  { dtype: 'bool', Array: Uint8Array },
  { dtype: 'int16', Array: Int16Array },
  { dtype: 'uint16', Array: Uint16Array },
  { dtype: 'float16', Array: Uint16Array },
  { dtype: 'bfloat16', Array: Uint16Array },
  { dtype: 'int32', Array: Int32Array },
  { dtype: 'uint32', Array: Uint32Array },
  { dtype: 'float32', Array: Float32Array },
  { dtype: 'int64', Array: BigInt64Array },
  { dtype: 'uint64', Array: BigUint64Array },
  { dtype: 'float64', Array: Float64Array },
  { dtype: 'uint8', Array: Uint8ClampedArray, label: 'uint8 (Uint8ClampedArray)' },
];
for (const c of DTYPE_CASES) c.label ??= c.dtype;

const UNSIGNED = { 1: Uint8Array, 2: Uint16Array, 4: Uint32Array, 8: BigUint64Array };

/** The same bytes as an unsigned integer array: compares and copies bits, never values. */
export function bitsOf(data) {
  const U = UNSIGNED[data.BYTES_PER_ELEMENT];
  return new U(data.buffer, data.byteOffset, data.length);
}

// Bit patterns that a conversion through JS numbers or another type would
// change: NaN payloads (signalling too), -0, infinities, integer extremes.
const SPECIALS = {
  1: [0x00, 0xff, 0x80, 0x7f, 0x01],
  2: [0x7c01, 0xfe01, 0x8000, 0x7f81, 0xffff, 0x7fff, 0xfc00],
  4: [0x7f800001, 0xffc12345, 0x80000000, 0x7fffffff, 0xffffffff, 0x7f800000, 0x00000001],
  8: [0x7ff0000000000001n, 0xfff8deadbeef0001n, 0x8000000000000000n, 0x7fffffffffffffffn,
    0xffffffffffffffffn, 0x7ff0000000000000n, 0x0000000000000001n],
};

/**
 * n random elements of a dtype case, with the special patterns spread over
 * the first positions. `offset` > 0 returns a subarray at that element offset.
 */
export function makeData(c, n, rng, offset = 0) {
  const whole = new c.Array(n + offset);
  const bytes = new Uint8Array(whole.buffer);
  for (let i = 0; i < bytes.length; i++) bytes[i] = rng.int(0, 255);
  const data = offset ? whole.subarray(offset) : whole;
  const bits = bitsOf(data);
  if (c.dtype === 'bool') {
    for (let i = 0; i < n; i++) bits[i] &= 1;
  } else {
    const specials = SPECIALS[data.BYTES_PER_ELEMENT];
    for (let k = 0; k < specials.length && k < n; k++) bits[Math.floor((k * n) / specials.length)] = specials[k];
  }
  return data;
}

/**
 * out[i] = data[src[i]], bit for bit, in a new array of data's class; src[i]
 * = -1 (pad's constant border) gives `fill`, the element's bits (0 unless given).
 */
export function gather(data, src, fill = 0) {
  const out = new data.constructor(src.length);
  const from = bitsOf(data);
  const to = bitsOf(out);
  const constant = to instanceof BigUint64Array ? BigInt(fill) : Number(fill);
  for (let i = 0; i < src.length; i++) to[i] = src[i] < 0 ? constant : from[src[i]];
  return out;
}

/** Same class, same length, same bits; names the first differing element. */
export function assertSameBits(actual, expected, what = 'data') {
  assert.equal(actual.constructor, expected.constructor, `${what}: typed-array class`);
  assert.equal(actual.length, expected.length, `${what}: length`);
  const a = bitsOf(actual);
  const e = bitsOf(expected);
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== e[i]) assert.fail(`${what}: element ${i} has bits 0x${a[i].toString(16)}, expected 0x${e[i].toString(16)}`);
  }
}

/**
 * The bits of `run(kept)`'s result for a kept copy of the plain tensor x:
 * what the core computes, since a kept input with a kept result takes none
 * of the JavaScript shortcuts.
 */
export function keptResultBits(ops, x, run) {
  const kept = ops.tensor(x.data.slice(), x.shape, x.dtype);
  try {
    const r = run(kept);
    try {
      return bitsOf(r.toArray());
    } finally {
      r.dispose();
    }
  } finally {
    kept.dispose();
  }
}

/** A copy of a typed array's bits, to prove later that the input was left untouched. */
export function snapshot(data) {
  return bitsOf(data).slice();
}

/**
 * fn() must throw a TensorOpsError with `code` whose message starts with
 * `op + ': '` and contains every string of `parts`. Returns the error.
 */
export function expectError(fn, code, op, parts = []) {
  let error;
  try {
    fn();
  } catch (e) {
    error = e;
  }
  assert.ok(error !== undefined, `expected ${code} from ${op}, but nothing was thrown`);
  assert.ok(error instanceof TensorOpsError, `expected a TensorOpsError, got ${error}`);
  assert.ok(error instanceof Error);
  assert.equal(error.code, code, error.message);
  assert.ok(error.message.startsWith(`${op}: `), `message should start with '${op}: ': ${error.message}`);
  for (const part of parts) {
    assert.ok(error.message.includes(part), `message should contain '${part}': ${error.message}`);
  }
  return error;
}

export function volume(shape) {
  return shape.reduce((p, d) => p * Number(d), 1);
}
