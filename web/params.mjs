// Integer parameters (shapes, shifts, axes, block sizes) as the API accepts
// them: a number, a bigint, an array of those, or an integer typed array.
// A list is read once into an array of its own, checked as it is read: what
// is checked is what the core is sent, whatever the caller's getters, Proxy
// traps or later changes do.
import { checkElementValue } from './element_value.mjs';
import { DISPOSED, TensorOpsError, describe, invalidArgument } from './errors.mjs';
import { isStaleView } from './kept_tensor.mjs';
import { isDetachedBuffer, typedArrayFacts } from './typed_arrays.mjs';

const TWO_53 = 2 ** 53;
const TWO_32 = 4294967296;
const TWO_63 = 2 ** 63;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const INTEGER_ARRAYS = new Set([
  'Int32Array', 'BigInt64Array', 'Int8Array', 'Uint8Array', 'Int16Array', 'Uint16Array', 'Uint32Array',
  'BigUint64Array',
]);

// One integer: a number that is an integer in [-2^53, 2^53] (beyond that a
// number is not exact), or a bigint within int64.
function checkInteger(op, param, item, whole) {
  if (typeof item === 'number' && Number.isInteger(item) && Math.abs(item) <= TWO_53) return item;
  if (typeof item === 'bigint' && item >= INT64_MIN && item <= INT64_MAX) return item;
  const where = whole === item ? '' : ` ${describe(whole)} has`;
  let why = 'is not an integer';
  if (typeof item === 'number' && Number.isInteger(item)) {
    // -2^63 is in range but, as a number, only by luck of rounding: ask for the exact bigint.
    why = item >= -TWO_63 && item < TWO_63 ? 'is beyond 2^53, where numbers are not exact; pass a bigint' : 'is outside the int64 range';
  }
  if (typeof item === 'bigint') why = 'is outside the int64 range';
  throw invalidArgument(op, `${param}${where} ${describe(item)}, which ${why}`);
}

/**
 * Reads a scalar-or-1-D integer parameter: a checked number or bigint (a
 * scalar, allowed unless `allowScalar` is false), or an array of its own
 * holding the checked values.
 */
export function readIntegers(op, param, value, allowScalar = true) {
  if (allowScalar && (typeof value === 'number' || typeof value === 'bigint')) {
    return checkInteger(op, param, value, value);
  }
  const facts = typedArrayFacts(value);
  if (facts !== undefined && INTEGER_ARRAYS.has(facts.name)) {
    if (isDetachedBuffer(facts.buffer)) {
      throw invalidArgument(op, `${param} is a ${facts.name} whose ArrayBuffer is detached`);
    }
    if (isStaleView(value)) {
      throw new TensorOpsError(DISPOSED, `${op}: ${param} is the data of a kept tensor that was disposed`);
    }
    const own = new facts.Class(facts.buffer, facts.byteOffset, facts.length);
    const copy = new Array(facts.length);
    for (let i = 0; i < copy.length; i++) copy[i] = checkInteger(op, param, own[i], own);
    return copy;
  }
  if (!Array.isArray(value)) {
    const kinds = allowScalar ? 'an integer, an array of integers' : 'an array of integers';
    throw invalidArgument(
      op, `${param} must be ${kinds}, an Int32Array or a BigInt64Array, got ${describe(value)}`);
  }
  const n = value.length; // read once: a Proxy may answer differently each time
  const copy = new Array(n);
  for (let i = 0; i < n; i++) copy[i] = checkInteger(op, param, value[i], value);
  return copy;
}

/**
 * Reads a real-number parameter (a scale or a bias, say): a number, or an
 * array or Float32Array/Float64Array of them, into an array of its own
 * (written to the core as the float64s' bits). NaN and the infinities are
 * numbers too; anything else is not.
 */
export function readNumbers(op, param, value) {
  if (typeof value === 'number') return [value];
  const facts = typedArrayFacts(value);
  let items = value;
  if (facts !== undefined && (facts.name === 'Float32Array' || facts.name === 'Float64Array')) {
    if (isDetachedBuffer(facts.buffer)) throw invalidArgument(op, `${param} is a ${facts.name} whose ArrayBuffer is detached`);
    items = new facts.Class(facts.buffer, facts.byteOffset, facts.length);
  } else if (!Array.isArray(value)) {
    throw invalidArgument(op, `${param} must be a number or an array of numbers, got ${describe(value)}`);
  }
  const n = items.length; // read once: a Proxy may answer differently each time
  const copy = new Array(n);
  for (let i = 0; i < n; i++) {
    const item = items[i];
    if (typeof item !== 'number') throw invalidArgument(op, `${param} ${describe(value)} has ${describe(item)}, which is not a number`);
    copy[i] = item;
  }
  return copy;
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
    if ((v | 0) === v) { // a dim, a count, an address below 2^31: most words
      heap32[k] = v;
      heap32[k + 1] = v >> 31;
      return;
    }
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

/**
 * Reads `count` int64 values (each within 2^53) as numbers, from int32 index
 * `at`. Those within int32 are read as such, so V8 keeps them (and the
 * array) as small integers: offsets computed from doubles made the long-run
 * executor's element loop 1.4x slower.
 */
export function readInt64(heap32, heapU32, at, count) {
  const out = new Array(count);
  for (let i = 0; i < count; i++) {
    const low = heap32[at + 2 * i];
    const high = heap32[at + 2 * i + 1];
    out[i] = high === low >> 31 ? low : high * TWO_32 + heapU32[at + 2 * i];
  }
  return out;
}

// What checkOptions returns for no options: callers may skip reading it.
export const NO_OPTIONS = Object.freeze({});

/** Rejects option names the operation does not know (a misspelling is a bug). */
export function checkOptions(op, options, known) {
  if (options === undefined || options === null) return NO_OPTIONS;
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

/**
 * One parameter's reader: returns what the core is sent for the caller's
 * value (integers as a checked copy, a name's index, a boolean as 0 or 1),
 * or undefined for an option left out (a boolean too: the core applies the
 * operation's default). 'indices' and 'value' parameters are read further
 * once x is known (tensor_input.mjs, element_value.mjs).
 */
export function paramReader(op, p) {
  switch (p.kind) {
    case 'ints':
      return (v) => (v === undefined && p.optional ? undefined : readIntegers(op, p.name, v));
    case 'int':
      return (v) => (v === undefined && p.optional ? undefined : integerScalar(op, p.name, v));
    case 'intOrInts': // one integer or a list, told apart in the core (call_format.mjs)
      return (v) => readIntegers(op, p.name, v);
    case 'bool':
      // Left out: not given, so the core applies the parameter's default (which may be true).
      return (v) => {
        if (v === undefined) return undefined;
        if (typeof v !== 'boolean') throw invalidArgument(op, `${p.name} must be true or false, got ${describe(v)}`);
        return v ? 1 : 0;
      };
    case 'name': {
      const index = new Map(p.names.map((name, i) => [name, i]));
      // Other spellings of the same values (ONNX's 'DCR' and 'CRD' for spaceToDepth's modes).
      for (const [i, alias] of (p.aliases ?? []).entries()) if (alias) index.set(alias, i);
      const aliases = (p.aliases ?? []).filter(Boolean).map((name) => `'${name}'`).join(', ');
      const list = p.names.map((name) => `'${name}'`).join(', ') + (aliases ? ` (or ${aliases})` : '');
      const required = !p.option && !p.optional;
      return (v) => {
        if (v === undefined && required) throw invalidArgument(op, `${p.name} is required: one of ${list}`);
        if (v === undefined) return 0;
        if (typeof v !== 'string') throw invalidArgument(op, `${p.name} must be a string, got ${describe(v)}`);
        const i = index.get(v);
        if (i === undefined) throw invalidArgument(op, `${p.name} '${v}' is not one of ${list}`);
        return i;
      };
    }
    case 'indices':
      return (v) => v;
    case 'floats':
      return (v) => (v === undefined ? undefined : readNumbers(op, p.name, v));
    case 'value':
      return (v) => (v === undefined ? undefined : checkElementValue(op, p.name, v, p.count ?? 1));
    default:
      throw new Error(`wasm-tensor-ops: unknown parameter kind '${p.kind}' of ${op}`);
  }
}
