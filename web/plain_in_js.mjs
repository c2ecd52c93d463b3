// What the operations JavaScript runs itself on plain arrays share (the
// scatters, triangular): those inputs read as the call path reads them, the
// array the result goes into, and the rule that anything unusual takes the
// call path instead (which words the error, if there is one).
import { DTYPES, acceptsClass } from './dtypes.mjs';
import { KeptTensor } from './kept_tensor.mjs';
import { readOut, readTensor } from './tensor_input.mjs';

/** The dtypes an index tensor may have. */
export const INDEX_DTYPES = new Set(['int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'int64', 'uint64']);
/** Whether this engine stores numbers little-endian (as wasm does): 64-bit indices are then read as 32-bit halves. */
export const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

// Elements moved as words of their width: bits unchanged (NaN payloads, float16 as Uint16Array or Float16Array).
const WORDS = { 1: Uint8Array, 2: Uint16Array, 4: Uint32Array, 8: BigUint64Array };

export const volume = (shape) => shape.reduce((a, b) => a * b, 1);
/** `bytes` (a Uint8Array) as words of tensor t's element width. */
export const words = (t, bytes) => new WORDS[t.elem](bytes.buffer, bytes.byteOffset, bytes.byteLength / t.elem);
const sameBytes = (a, b) => a.buffer === b.buffer && a.byteOffset === b.byteOffset && a.byteLength === b.byteLength;
/** Whether two Uint8Arrays share a byte. */
export const overlap = (a, b) => a.buffer === b.buffer && a.byteOffset < b.byteOffset + b.byteLength &&
  b.byteOffset < a.byteOffset + a.byteLength;

/** A plain input read as the call path reads it, or undefined (kept, in the module's memory, or not whole). */
export function plainInput(rt, op, v, name) {
  if (KeptTensor.isKept(v) || v instanceof KeptTensor) return undefined;
  const t = readTensor(rt, op, v, name);
  return t.address < 0 && t.length === volume(t.shape) ? t : undefined;
}

/**
 * x as plainInput reads it, or, when the result goes to an `out`, a dense
 * kept tensor of this module, whose elements are read (or updated in place)
 * where they are: resultPlace views its `bytes` after anything that may
 * grow the module's memory. (A kept result is the core's.)
 */
export function denseInput(rt, op, v, name, out) {
  if (!KeptTensor.isKept(v) && !(v instanceof KeptTensor)) return plainInput(rt, op, v, name);
  if (out === undefined) return undefined;
  const t = readTensor(rt, op, v, name);
  return t.address >= 0 && t.strides === null ? t : undefined;
}

/**
 * Where a result of x's dtype and length goes: `out` (a plain array of x's
 * class and length that shares no byte with `others`, nor with x unless it
 * is x's own array: then `inPlace`; for a kept x, a plain array or x's own
 * elements) or, for a plain x, a new array. Returns { target, targetBytes,
 * inPlace }, or undefined for the call path.
 */
export function resultPlace(rt, op, x, out, others) {
  const kept = x.address >= 0;
  if (out === undefined) {
    if (kept) return undefined; // a kept result: the core's
    const target = new DTYPES[x.dtype].arrays[0](x.length); // the dtype's class, as the call path gives it
    return { target, targetBytes: new Uint8Array(target.buffer, 0, x.length * x.elem), inPlace: false };
  }
  // Bytes from the engine's getters: an own `buffer` or `byteOffset` of out is not believed.
  const place = readOut(rt, op, 'out', out, null, 'x');
  if (!acceptsClass(x.dtype, place.facts.Class) || place.length !== x.length) return undefined;
  if (kept) {
    // Viewed now: nothing after this grows the module's memory (which would detach the view).
    x.bytes = new Uint8Array(rt.buffer(), x.address, x.length * x.elem);
    // In the module's memory, x's own elements alone: an update in place.
    if (place.address >= 0) return place.address === x.address ? { target: out, targetBytes: x.bytes, inPlace: true } : undefined;
  } else if (place.address >= 0) {
    return undefined;
  }
  if (others.some((t) => overlap(place.bytes, t.bytes))) return undefined;
  const inPlace = sameBytes(place.bytes, x.bytes);
  if (!inPlace && overlap(place.bytes, x.bytes)) return undefined;
  return { target: out, targetBytes: place.bytes, inPlace };
}

/**
 * x's elements in the result (unless in place), then `write(dst)` on the
 * result as words; returns the call's result, or undefined when a getter
 * of a later input shrank a resizable buffer (the call path words that).
 */
export function resultFromX(x, place, others, write) {
  for (const t of [x, ...others]) if (t.bytes.byteLength !== t.length * t.elem) return undefined;
  if (place.targetBytes.byteLength !== x.length * x.elem) return undefined;
  const dst = words(x, place.targetBytes);
  if (!place.inPlace) dst.set(words(x, x.bytes));
  write(dst);
  return { data: place.target, shape: [...x.shape], dtype: x.dtype };
}

/** A shortcut (inputs, options, args) -> result as (x, args, options) -> result, undefined where it throws. */
export const quietly = (f) => (inputs, args, options) => {
  try {
    return f(inputs, options, args);
  } catch {
    return undefined;
  }
};
