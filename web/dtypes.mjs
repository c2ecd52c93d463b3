// The dtype table of the API: element width and the typed arrays of each dtype.
import { typedArrayFacts } from './typed_arrays.mjs';

const Float16 = typeof globalThis.Float16Array === 'function' ? globalThis.Float16Array : null;

/** dtype -> { bytes, arrays: accepted typed-array classes (the first is the default) }. */
export const DTYPES = Object.freeze({
  int8: { bytes: 1, arrays: [Int8Array] },
  uint8: { bytes: 1, arrays: [Uint8Array, Uint8ClampedArray] },
  bool: { bytes: 1, arrays: [Uint8Array, Uint8ClampedArray] },
  int16: { bytes: 2, arrays: [Int16Array] },
  uint16: { bytes: 2, arrays: [Uint16Array] },
  float16: { bytes: 2, arrays: Float16 ? [Uint16Array, Float16] : [Uint16Array] },
  bfloat16: { bytes: 2, arrays: [Uint16Array] },
  int32: { bytes: 4, arrays: [Int32Array] },
  uint32: { bytes: 4, arrays: [Uint32Array] },
  float32: { bytes: 4, arrays: [Float32Array] },
  int64: { bytes: 8, arrays: [BigInt64Array] },
  uint64: { bytes: 8, arrays: [BigUint64Array] },
  float64: { bytes: 8, arrays: [Float64Array] },
});

export const DTYPE_NAMES = Object.freeze(Object.keys(DTYPES));

// The dtype a typed array stands for when none is given.
const INFERRED = new Map([
  [Int8Array, 'int8'], [Uint8Array, 'uint8'], [Uint8ClampedArray, 'uint8'],
  [Int16Array, 'int16'], [Uint16Array, 'uint16'],
  [Int32Array, 'int32'], [Uint32Array, 'uint32'], [Float32Array, 'float32'],
  [BigInt64Array, 'int64'], [BigUint64Array, 'uint64'], [Float64Array, 'float64'],
]);
if (Float16) INFERRED.set(Float16, 'float16');

/** The dtype a typed-array class stands for when none is given, or undefined. */
export function dtypeOfClass(Class) {
  return INFERRED.get(Class);
}

/** The dtype of a typed array (by its true class), or undefined for anything else. */
export function inferDtype(data) {
  const facts = typedArrayFacts(data);
  return facts && INFERRED.get(facts.Class);
}

export function isKnownDtype(name) {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(DTYPES, name);
}

/** Whether a dtype's data may be held in a typed array of `Class`. */
export function acceptsClass(dtype, Class) {
  return DTYPES[dtype].arrays.includes(Class);
}
