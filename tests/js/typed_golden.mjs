// The golden cases of typed operations: their inputs and expected
// outputs carry their own dtypes, as bits (hex digits, 2 per byte, one
// element after another), since their values are computed, not moved.
// (No import of the package: the runtimes' checks use this file with the
// package they installed.)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const ARRAYS = {
  int8: Int8Array, uint8: Uint8Array, bool: Uint8Array, int16: Int16Array, uint16: Uint16Array, float16: Uint16Array,
  bfloat16: Uint16Array, int32: Int32Array, uint32: Uint32Array, float32: Float32Array, int64: BigInt64Array,
  uint64: BigUint64Array, float64: Float64Array,
};

const FLOAT_BITS = { float16: [10, 5], bfloat16: [7, 8], float32: [23, 8], float64: [52, 11] };

/** A typed array of `dtype` (its default class) holding the bits of `hex` (or `length` zeros). */
export function fromBits(dtype, hex, length = 0) {
  const Array_ = ARRAYS[dtype];
  const bytes = Array_.BYTES_PER_ELEMENT;
  const n = hex === undefined ? length : hex.length / (2 * bytes);
  const data = new Array_(n);
  const raw = new Uint8Array(data.buffer);
  // Big-endian hex per element; typed arrays hold their elements little-endian here.
  for (let i = 0; hex !== undefined && i < n; i++) {
    for (let b = 0; b < bytes; b++) raw[i * bytes + b] = parseInt(hex.substr((i * bytes + bytes - 1 - b) * 2, 2), 16);
  }
  return data;
}

function bitsAt(data, bytes, i) {
  const raw = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  let v = 0n;
  for (let b = bytes - 1; b >= 0; b--) v = (v << 8n) | BigInt(raw[i * bytes + b]);
  return v;
}

function isNaNBits(dtype, v) {
  const f = FLOAT_BITS[dtype];
  if (!f) return false;
  const [mantissa, exponent] = f.map(BigInt);
  const e = (v >> mantissa) & ((1n << exponent) - 1n);
  return e === (1n << exponent) - 1n && (v & ((1n << mantissa) - 1n)) !== 0n;
}

/** `actual` has the bits of `expected` (a typed output's { dtype, bits }); any NaN matches a NaN. */
export function assertBitsOf(actual, expected, what) {
  const bytes = ARRAYS[expected.dtype].BYTES_PER_ELEMENT;
  const want = fromBits(expected.dtype, expected.bits);
  assert.equal(actual.length, want.length, `${what}: length`);
  for (let i = 0; i < want.length; i++) {
    const a = bitsAt(actual, bytes, i);
    const e = bitsAt(want, bytes, i);
    if (a === e || (isNaNBits(expected.dtype, e) && isNaNBits(expected.dtype, a))) continue;
    assert.fail(`${what}: element ${i} has bits 0x${a.toString(16)}, expected 0x${e.toString(16)}`);
  }
}

// JSON has no bigint: the fixtures write one as "123n" (64-bit element values).
const bigint = (v) => (typeof v === 'string' && /^-?\d+n$/.test(v) ? BigInt(v.slice(0, -1)) : v);

// A plain number of a case's inputs: JSON has no bigint, -0 or infinity, so
// the fixtures write them as "123n", "-0", "Infinity".
function numberOf(v) {
  if (typeof v !== 'string') return v;
  if (v.endsWith('n')) return BigInt(v.slice(0, -1));
  return Number(v);
}

/**
 * A case's inputs (an operation of named inputs: where's `inputs`, each
 * { dtype, shape, bits } or { number }) as plain tensors and numbers; for
 * an error case, tensors of zeros of the shapes it gives.
 */
export function namedInputs(c) {
  return c.inputs.map((i, k) => (i.number !== undefined ? numberOf(i.number)
    : { data: fromBits(i.dtype, i.bits, c.shapes[k].reduce((p, d) => p * d, 1)), shape: c.shapes[k], dtype: i.dtype }));
}

/**
 * The golden cases of typed operation `op` (tests/fixtures/golden/<op>.json)
 * that succeed, as { label, x (a plain tensor, or for named inputs an array
 * of them), args, out } (at most `limit`).
 */
export function typedCases(op, limit = Infinity) {
  const file = new URL(`../fixtures/golden/${op}.json`, import.meta.url);
  const cases = JSON.parse(readFileSync(file, 'utf8')).cases.filter((c) => (c.x || c.inputs) && !c.error).slice(0, limit);
  return cases.map((c) => (c.inputs ? {
    label: `${c.label ?? c.out.dtype} ${JSON.stringify(c.shapes)} ${JSON.stringify(c.args)}`,
    x: namedInputs(c),
    args: c.args,
    out: c.out,
  } : {
    label: `${c.x.dtype} [${c.shape}] ${JSON.stringify(c.args)}`,
    x: { data: fromBits(c.x.dtype, c.x.bits), shape: c.shape, dtype: c.x.dtype },
    args: Array.isArray(c.args.values) ? { ...c.args, values: c.args.values.map(bigint) } : c.args,
    out: c.out,
  }));
}
