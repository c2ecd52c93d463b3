// What a call is given, read once and checked before anything touches
// memory: input tensors (plain, kept or onnxruntime), index tensors and
// `out` arrays. Sizes come from the typed arrays' own getters (never from
// the caller's object), and a view of the module's memory is used by
// address only inside a live kept tensor's bytes.
import { DTYPES, DTYPE_NAMES, acceptsClass, dtypeOfClass, isKnownDtype } from './dtypes.mjs';
import { DISPOSED, TensorOpsError, describe, invalidArgument, withArticle } from './errors.mjs';
import { KeptTensor, isStaleView } from './kept_tensor.mjs';
import { isOrtLike, ortFields } from './ort.mjs';
import { readIntegers } from './params.mjs';
import { runtimeOfMemory } from './runtime.mjs';
import { bytesView, isDetachedBuffer, typedArrayFacts } from './typed_arrays.mjs';

/**
 * Where a typed array's elements are, for a call on runtime `rt`:
 * { address } when they lie in rt's memory inside a live kept tensor (read
 * or written in place), else { bytes } (a Uint8Array over them, copied).
 * DISPOSED: the `.data` of a disposed kept tensor (its memory may hold
 * another tensor by now), or, to be written (`write`), any view of a
 * module's memory outside its live kept tensors (freed memory, or the
 * module's own data); read, such a view is copied like a plain array.
 */
function placeOf(rt, op, param, value, facts, write = false) {
  if (isDetachedBuffer(facts.buffer)) {
    throw invalidArgument(op, `${param} is a ${facts.name} whose ArrayBuffer is detached`);
  }
  if (isStaleView(value)) {
    throw new TensorOpsError(DISPOSED, `${op}: ${param} is the data of a kept tensor that was disposed ` +
      '(its memory may now hold another tensor)');
  }
  const owner = runtimeOfMemory(facts.buffer);
  if (owner !== undefined) {
    let storage = owner.ownerOf(facts.byteOffset, facts.byteLength);
    if (storage !== undefined && write) {
      // Kept tensors never change: writing memory that several share would change the others.
      if (storage.refs > 1) {
        throw invalidArgument(op, `${param} is the data of a kept tensor whose memory ${storage.refs - 1} other kept ` +
          'tensor(s) share (views): writing it would change them; pass a plain array');
      }
      // Only the elements of the one tensor that holds it may be written.
      const at = facts.byteOffset - storage.ptr;
      if (!storage.writableBy(at, at + facts.byteLength)) storage = undefined;
    }
    if (storage === undefined) {
      if (!write) return { address: -1, bytes: bytesView(facts) }; // read as a plain array: a copy
      throw new TensorOpsError(DISPOSED, `${op}: ${param} is a view of WebAssembly memory that no live kept tensor holds ` +
        `(bytes ${facts.byteOffset} to ${facts.byteOffset + facts.byteLength}): the data of a disposed tensor?`);
    }
    if (owner === rt) return { address: facts.byteOffset, bytes: null };
  }
  return { address: -1, bytes: bytesView(facts) };
}

/**
 * Reads an input tensor: a kept tensor, { data, shape, dtype? } with a
 * typed array of the dtype's table, or an onnxruntime tensor { type, data,
 * dims }. Its shape is checked for form here, for values by the core.
 * Returns { kept, storage, address, bytes, shape, dtype, ArrayClass, elem, length }:
 * `address` >= 0 where the data is read in place, else `bytes` to copy in.
 */
export function readTensor(rt, op, x, param = 'x') {
  if (KeptTensor.isKept(x)) return x.callFields(op, rt);
  if (x instanceof KeptTensor) {
    throw invalidArgument(op, `${param} is not a kept tensor made by this package ` +
      '(an object made from KeptTensor.prototype, or a Proxy of one)');
  }
  let fields = x;
  if (isOrtLike(x)) fields = ortFields(x, op, param);
  else if (x === null || typeof x !== 'object' || !('data' in x) || !('shape' in x)) {
    // An ImageData (or one alike): its pixels are a tensor [height, width, 4].
    const image = x !== null && typeof x === 'object' && 'data' in x && 'width' in x && 'height' in x;
    const hint = image ? `; an image's pixels are the tensor { data: image.data, shape: [image.height, image.width, 4] }` : '';
    throw invalidArgument(op, `${param} must be a tensor { data, shape, dtype? } or a kept tensor, got ${describe(x)}${hint}`);
  }
  // Each field read once: a getter cannot pass the checks with one value and be used as another.
  const data = fields.data;
  const shapeGiven = fields.shape;
  const dtypeGiven = fields.dtype;
  const facts = typedArrayFacts(data);
  const inferred = facts && dtypeOfClass(facts.Class);
  if (inferred === undefined) {
    throw invalidArgument(op, `${param}.data must be a typed array (Float32Array, Int32Array, ...), got ${describe(data)}`);
  }
  let dtype = inferred;
  if (dtypeGiven !== undefined) {
    if (!isKnownDtype(dtypeGiven)) {
      throw invalidArgument(op, `${param}.dtype ${describe(dtypeGiven)} is not one of ${DTYPE_NAMES.join(', ')}`);
    }
    if (!acceptsClass(dtypeGiven, facts.Class)) {
      throw invalidArgument(op, `${param}.dtype '${dtypeGiven}' does not match ${param}.data, a ${facts.name}`);
    }
    dtype = dtypeGiven;
  }
  const place = placeOf(rt, op, `${param}.data`, data, facts);
  const shape = readIntegers(op, `${param}.shape`, shapeGiven, false);
  return {
    kept: null, storage: null, address: place.address, bytes: place.bytes,
    data, shape, dtype, ArrayClass: facts.Class, elem: DTYPES[dtype].bytes, length: facts.length,
    offset: 0, strides: null,
  };
}

/**
 * A plain tensor's fields, each read once, as readTensor reads them, into a
 * plain object: a JavaScript shortcut that reads x and then declines hands
 * the call path what it read (a getter may answer otherwise the next time).
 * Anything else (a kept or onnxruntime tensor, a malformed one) is returned
 * as it is, for readTensor to take or word.
 */
export function tensorReadOnce(x) {
  if (x === null || typeof x !== 'object' || x instanceof KeptTensor || KeptTensor.isKept(x) || isOrtLike(x)) return x;
  if (!('data' in x) || !('shape' in x)) return x;
  const data = x.data;
  let shape = x.shape;
  if (Array.isArray(shape)) {
    // Its length and elements too (a Proxy's length, an element's getter),
    // as readIntegers reads them: up to the first element it refuses, and
    // the first ten, which its error shows.
    const n = shape.length;
    const copy = new Array(n);
    let refused = false;
    for (let k = 0; k < n && !(refused && k >= 10); k++) {
      const e = shape[k];
      copy[k] = e;
      refused ||= typeof e === 'bigint' ? e < -(2n ** 63n) || e >= 2n ** 63n : !(Number.isInteger(e) && Math.abs(e) <= 2 ** 53);
    }
    shape = copy;
  }
  return { data, shape, dtype: x.dtype };
}

/**
 * Reads `out` for an output of typed-array class `ArrayClass`: returns
 * { target, address, bytes, length } (address >= 0: written in place).
 */
export function readOut(rt, op, param, out, ArrayClass, what) {
  const facts = typedArrayFacts(out);
  if (facts === undefined && ArrayClass === null) {
    throw invalidArgument(op, `${param} must be a typed array, got ${describe(out)}`);
  }
  if (facts === undefined || (ArrayClass !== null && facts.Class !== ArrayClass)) {
    throw invalidArgument(op, `${param} must be ${withArticle(ArrayClass.name)} (the class of ${what}), got ${describe(out)}`);
  }
  const place = placeOf(rt, op, param, out, facts, true);
  return { target: out, address: place.address, bytes: place.bytes, length: facts.length, facts };
}

// ---- Index tensors (gather*)

// The index dtypes' arrays; their codes in a call's words are the core's
// (rt.constants.indexCodes).
// Every integer dtype, int8 to uint64 (a class mask of bytes is common); a
// tensor's own dtype decides between uint8 and bool, uint16 and float16.
const INDEX_CLASSES = new Map([[Int8Array, 'int8'], [Uint8Array, 'uint8'], [Uint8ClampedArray, 'uint8'], [Int16Array, 'int16'],
  [Uint16Array, 'uint16'], [Int32Array, 'int32'], [Uint32Array, 'uint32'], [BigInt64Array, 'int64'], [BigUint64Array, 'uint64']]);
const INDEX_DTYPES = 'int8, uint8, int16, uint16, int32, uint32, int64 or uint64';
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;

// An index tensor read for a call: its dtype's code, its shape, where its
// data is (address >= 0: in this module's memory; else bytes to copy in),
// and its length (-1: not checked, for shape inference).
export class IndexArg {
  constructor(code, shape, address, bytes, length, byteLength = 0) {
    this.code = code;
    this.shape = shape;
    this.address = address;
    this.bytes = bytes;
    this.length = length;
    this.byteLength = byteLength;
  }

  get wordCount() {
    return 2 + this.shape.length;
  }
}

function notIndices(op, v) {
  return invalidArgument(op, `indices must be an integer tensor (${INDEX_DTYPES}), a number or an array of integers, got ${describe(v)}`);
}

// A JS array of numbers or bigints as a typed array, in one pass while every
// value fits an Int32Array (the common case), else BigInt64Array, else (all
// non-negative) BigUint64Array.
function indexArrayOf(op, values) {
  const n = values.length;
  const small = new Int32Array(n);
  let i = 0;
  for (; i < n; i++) {
    const v = values[i];
    if (typeof v === 'number' && (v | 0) === v) small[i] = v;
    else break;
  }
  if (i === n) return small;
  // The rest as bigints, checked one by one.
  const big = new Array(n);
  let negative = false;
  for (let k = 0; k < n; k++) {
    const v = k < i ? small[k] : values[k];
    if (typeof v === 'number') {
      if (!Number.isInteger(v)) throw invalidArgument(op, `indices[${k}] is ${describe(v)}; indices must be integers`);
      big[k] = BigInt(v);
    } else if (typeof v === 'bigint') {
      big[k] = v;
    } else {
      throw invalidArgument(op, `indices[${k}] is ${describe(v)}; indices must be numbers or bigints (integers)`);
    }
    if (big[k] < 0n) negative = true;
  }
  let beyondInt64 = false;
  for (let k = 0; k < n; k++) {
    const v = big[k];
    if (v < INT64_MIN || v > UINT64_MAX || (negative && v > INT64_MAX)) {
      throw invalidArgument(op, `indices[${k}] value ${v} is out of range of every dim (not an int64${negative ? '' : ' or uint64'} value)`);
    }
    if (v > INT64_MAX) beyondInt64 = true;
  }
  return beyondInt64 ? BigUint64Array.from(big) : BigInt64Array.from(big);
}

function indexArg(rt, op, param, data, shape) {
  const facts = typedArrayFacts(data);
  const place = placeOf(rt, op, param, data, facts);
  return new IndexArg(rt.constants.indexCodes[INDEX_CLASSES.get(facts.Class)], shape, place.address, place.bytes,
    facts.length, facts.byteLength);
}

/**
 * `indices` of a call: a tensor of an integer dtype (plain, kept or
 * onnxruntime), a bare integer typed array, Int8Array to BigUint64Array
 * (1-D), a number (a scalar) or an array of numbers or bigints (1-D).
 */
export function readIndices(rt, op, v) {
  if (typeof v === 'number' || typeof v === 'bigint') {
    if (typeof v === 'number' && !Number.isInteger(v)) {
      throw invalidArgument(op, `indices ${describe(v)} is not an integer`);
    }
    return indexArg(rt, op, 'indices', indexArrayOf(op, [v]), []);
  }
  if (Array.isArray(v)) {
    const data = indexArrayOf(op, v);
    return indexArg(rt, op, 'indices', data, [data.length]);
  }
  const facts = typedArrayFacts(v);
  if (facts !== undefined) {
    if (!INDEX_CLASSES.has(facts.Class)) {
      throw invalidArgument(op, `indices is a ${facts.name}; indices must have an integer dtype (${INDEX_DTYPES})`);
    }
    return indexArg(rt, op, 'indices', v, [facts.length]);
  }
  if (KeptTensor.isKept(v) || isOrtLike(v) || (v !== null && typeof v === 'object' && 'data' in v && 'shape' in v)) {
    // Index values are read densely: a strided view is made contiguous first
    // (once: its elements read as its .data would be).
    if (KeptTensor.isKept(v) && !v.disposed && !v.contiguous) void v.data;
    const t = readTensor(rt, op, v, 'indices');
    const code = INDEX_CLASSES.has(t.ArrayClass) ? rt.constants.indexCodes[t.dtype] : undefined;
    if (code === undefined) {
      throw invalidArgument(op, `indices.dtype '${t.dtype}' is not an integer index dtype (${INDEX_DTYPES})`);
    }
    // Another module's kept tensor is copied in like plain data.
    const bytes = t.address < 0 && t.kept ? new Uint8Array(t.kept.toArray().buffer) : t.bytes;
    return new IndexArg(code, t.shape, t.address, bytes, t.length, t.length * t.elem);
  }
  throw notIndices(op, v);
}

/** Shape inference: the indices' shape, sent with no data (its dtype does not matter to shapes). */
export function indexShapeArg(op, shape) {
  return new IndexArg(0, readIntegers(op, 'indices.shape', shape, false), -1, null, -1);
}
