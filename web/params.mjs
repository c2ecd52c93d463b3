// Integer parameters (shapes, shifts, axes, block sizes) as the API accepts
// them: a number, a bigint, an array of those, or an integer typed array.
// Checking and writing are separate passes over the caller's own value, so a
// call allocates no intermediate arrays.
import { describe, invalidArgument } from './errors.mjs';

const TWO_53 = 2 ** 53;
const TWO_32 = 4294967296;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const INTEGER_ARRAYS = [
  Int32Array, BigInt64Array, Int8Array, Uint8Array, Int16Array, Uint16Array, Uint32Array,
  BigUint64Array,
];

function isIntegerArray(value) {
  return ArrayBuffer.isView(value) && INTEGER_ARRAYS.includes(value.constructor);
}

// One integer: a number that is an integer in [-2^53, 2^53] (beyond that a
// number is not exact), or a bigint within int64.
function checkInteger(op, param, item, whole) {
  if (typeof item === 'number' && Number.isInteger(item) && Math.abs(item) <= TWO_53) return item;
  if (typeof item === 'bigint' && item >= INT64_MIN && item <= INT64_MAX) return item;
  const where = whole === item ? '' : ` ${describe(whole)} has`;
  let why = 'is not an integer';
  if (typeof item === 'number' && Number.isInteger(item)) {
    why = Math.abs(item) < 2 ** 63 ? 'is beyond 2^53, where numbers are not exact; pass a bigint' : 'is outside the int64 range';
  }
  if (typeof item === 'bigint') why = 'is outside the int64 range';
  throw invalidArgument(op, `${param}${where} ${describe(item)}, which ${why}`);
}

/**
 * Checks a scalar-or-1-D integer parameter and returns its number of values.
 * A scalar (allowed unless `allowScalar` is false) counts as one value.
 */
export function checkIntegers(op, param, value, allowScalar = true) {
  if (allowScalar && (typeof value === 'number' || typeof value === 'bigint')) {
    checkInteger(op, param, value, value);
    return 1;
  }
  if (!Array.isArray(value) && !isIntegerArray(value)) {
    const kinds = allowScalar ? 'an integer, an array of integers' : 'an array of integers';
    throw invalidArgument(
      op, `${param} must be ${kinds}, an Int32Array or a BigInt64Array, got ${describe(value)}`);
  }
  for (let i = 0; i < value.length; i++) checkInteger(op, param, value[i], value);
  return value.length;
}

/** A single integer parameter such as blockSize. */
export function integerScalar(op, param, value) {
  if (typeof value !== 'number' && typeof value !== 'bigint') {
    throw invalidArgument(op, `${param} must be an integer, got ${describe(value)}`);
  }
  return checkInteger(op, param, value, value);
}

/** Writes one checked integer as int64 at int64 index `at` (lo/hi halves). */
export function writeInt64(heap32, heapU32, at, v) {
  const k = at * 2;
  if (typeof v === 'number') {
    const hi = Math.floor(v / TWO_32);
    heapU32[k] = v - hi * TWO_32;
    heap32[k + 1] = hi;
  } else {
    heapU32[k] = Number(BigInt.asUintN(32, v));
    heap32[k + 1] = Number(BigInt.asIntN(32, v >> 32n));
  }
}

/** Writes a value checked by checkIntegers at int64 index `at`; returns the next index. */
export function writeIntegers(heap32, heapU32, at, value) {
  if (typeof value === 'number' || typeof value === 'bigint') {
    writeInt64(heap32, heapU32, at, value);
    return at + 1;
  }
  for (let i = 0; i < value.length; i++) writeInt64(heap32, heapU32, at + i, value[i]);
  return at + value.length;
}

/** Reads `count` int64 values (each within 2^53) as numbers, from int32 index `at`. */
export function readInt64(heap32, heapU32, at, count) {
  const out = new Array(count);
  for (let i = 0; i < count; i++) out[i] = heap32[at + 2 * i + 1] * TWO_32 + heapU32[at + 2 * i];
  return out;
}

/** Rejects option names the operation does not know (a misspelling is a bug). */
export function checkOptions(op, options, known) {
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw invalidArgument(op, `options must be an object, got ${describe(options)}`);
  }
  for (const key in options) {
    if (!Object.prototype.hasOwnProperty.call(options, key)) continue;
    if (!known.includes(key)) {
      throw invalidArgument(
        op, `unknown option '${key}'; the options are ${known.map((k) => `'${k}'`).join(', ')}`);
    }
  }
  return options;
}
