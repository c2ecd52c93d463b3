// scatterND and scatterElements of plain arrays without a reduction, run by
// JavaScript: the result is x's elements (one copy; none when `out` is x's
// own array, an update in place, as a KV cache wants) with the updates
// written in index order, so the last of duplicate indices wins, as in the
// core. Copying x into WebAssembly memory and the result out again would be
// two more passes over all of x for a few rows written.
//
// Only calls valid by the core's rules run here: anything else (a kept or
// wasm-memory input, a reduction, an index out of range, an unknown option,
// a malformed argument) returns undefined and takes the call path, which
// words the error. Nothing is written before every index is checked.
import { DTYPES, acceptsClass } from './dtypes.mjs';
import { KeptTensor } from './kept_tensor.mjs';
import { readOut, readTensor } from './tensor_input.mjs';

const INDEX_DTYPES = new Set(['int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'int64', 'uint64']);
// Elements moved as words of their width: bits unchanged (NaN payloads, float16 as Uint16Array or Float16Array).
const WORDS = { 1: Uint8Array, 2: Uint16Array, 4: Uint32Array, 8: BigUint64Array };

const volume = (shape) => shape.reduce((a, b) => a * b, 1);
const words = (t, bytes) => new WORDS[t.elem](bytes.buffer, bytes.byteOffset, bytes.byteLength / t.elem);
const sameBytes = (a, b) => a.buffer === b.buffer && a.byteOffset === b.byteOffset && a.byteLength === b.byteLength;
const overlap = (a, b) => a.buffer === b.buffer && a.byteOffset < b.byteOffset + b.byteLength &&
  b.byteOffset < a.byteOffset + a.byteLength;

// A plain input read as the call path reads it, or undefined.
function plain(rt, op, v, name) {
  if (KeptTensor.isKept(v) || v instanceof KeptTensor) return undefined;
  const t = readTensor(rt, op, v, name);
  return t.address < 0 && t.length === volume(t.shape) ? t : undefined;
}

// Index k of `data` wrapped into [0, d), or -1 when out of [-d, d).
function wrapped(data, k, d) {
  const i = Number(data[k]);
  const w = i < 0 ? i + d : i;
  return w >= 0 && w < d ? w : -1;
}

/**
 * The shortcuts by operation name, each (inputs, args, options) -> result
 * or undefined; `shapes` is ops.shapes (the core's shape rules). One that
 * throws leaves the error to the call path's wording.
 */
export function scatterShortcuts(rt, shapes) {
  // The inputs, out and where the result goes, or undefined.
  function prepare(op, inputs, options, allowed) {
    if (!Array.isArray(inputs) || inputs.length !== 3) return undefined;
    if (options !== undefined && (options === null || typeof options !== 'object' || Array.isArray(options))) return undefined;
    // Read as the call path reads options: inherited values too.
    for (const key in options) if (!allowed.includes(key)) return undefined;
    const reduction = options?.reduction;
    const axis = options?.axis;
    const out = options?.out;
    if (reduction !== undefined && reduction !== 'none') return undefined;
    const x = plain(rt, op, inputs[0], 'x');
    const indices = plain(rt, op, inputs[1], 'indices');
    const updates = plain(rt, op, inputs[2], 'updates');
    if (!x || !indices || !updates || !INDEX_DTYPES.has(indices.dtype) || updates.dtype !== x.dtype) return undefined;
    const rules = allowed.includes('axis') ? { axis, dtype: x.dtype } : { dtype: x.dtype };
    shapes[op](x.shape, indices.shape, updates.shape, rules); // throws where the core would
    let target;
    let targetBytes; // from the engine's getters: an own `buffer` or `byteOffset` of out is not believed
    let inPlace = false;
    if (out === undefined) {
      target = new DTYPES[x.dtype].arrays[0](x.length); // the dtype's class, as the call path gives it
      targetBytes = new Uint8Array(target.buffer, 0, x.length * x.elem);
    } else {
      const place = readOut(rt, op, 'out', out, null, 'x');
      if (place.address >= 0 || !acceptsClass(x.dtype, place.facts.Class) || place.length !== x.length) return undefined;
      if (overlap(place.bytes, indices.bytes) || overlap(place.bytes, updates.bytes)) return undefined;
      inPlace = sameBytes(place.bytes, x.bytes);
      if (!inPlace && overlap(place.bytes, x.bytes)) return undefined;
      target = out;
      targetBytes = place.bytes;
    }
    return { x, indices, updates, target, targetBytes, inPlace, axis };
  }

  // Elements written one by one in JavaScript (5-20 ns each, a bigint index
  // more) against the core's copies of x in and out (well under 1 ns an
  // element): worth it in place, or when few elements of x are written.
  // Measured: [64,512] into [512,512] float32 with int64 indices 780 µs in
  // JavaScript, 354 µs through the core.
  const elementsWorthIt = (c, count) => c.inPlace || count * 16 <= c.x.length;

  // x's elements into the target (unless in place), then `write(dst, src)`.
  function finish(c, write) {
    // A getter of a later input may have shrunk a resizable buffer: the call path words that.
    for (const t of [c.x, c.indices, c.updates]) if (t.bytes.byteLength !== t.length * t.elem) return undefined;
    if (c.targetBytes.byteLength !== c.x.length * c.x.elem) return undefined;
    const dst = words(c.x, c.targetBytes);
    if (!c.inPlace) dst.set(words(c.x, c.x.bytes));
    write(dst, words(c.updates, c.updates.bytes));
    return { data: c.target, shape: [...c.x.shape], dtype: c.x.dtype };
  }

  function scatterND(inputs, options) {
    const c = prepare('scatterND', inputs, options, ['reduction', 'out']);
    if (c === undefined) return undefined;
    const xs = c.x.shape;
    const k = c.indices.shape[c.indices.shape.length - 1];
    const rows = volume(c.indices.shape.slice(0, -1));
    const slice = volume(xs.slice(k));
    if (slice === 1 && !elementsWorthIt(c, rows)) return undefined;
    const at = new Float64Array(rows);
    const idx = c.indices.data;
    for (let r = 0; r < rows; r++) {
      let offset = 0;
      for (let t = 0; t < k; t++) {
        const w = wrapped(idx, r * k + t, xs[t]);
        if (w < 0) return undefined;
        offset = offset * xs[t] + w;
      }
      at[r] = offset * slice;
    }
    return finish(c, (dst, src) => {
      if (slice === 1) for (let r = 0; r < rows; r++) dst[at[r]] = src[r];
      else for (let r = 0; r < rows; r++) dst.set(src.subarray(r * slice, (r + 1) * slice), at[r]);
    });
  }

  function scatterElements(inputs, options) {
    const c = prepare('scatterElements', inputs, options, ['axis', 'reduction', 'out']);
    if (c === undefined) return undefined;
    const xs = c.x.shape;
    const us = c.updates.shape;
    const rank = xs.length;
    const given = Number(c.axis ?? 0); // an integer: the shape rules took it
    const axis = given < 0 ? given + rank : given;
    const n = c.updates.length;
    if (!elementsWorthIt(c, n)) return undefined;
    const at = new Float64Array(n);
    const idx = c.indices.data;
    // The updates' positions in row-major order: a counter per axis, x's offset kept beside it.
    const strides = new Array(rank);
    for (let a = rank - 1, s = 1; a >= 0; a--) { strides[a] = s; s *= xs[a]; }
    const counter = new Array(rank).fill(0);
    let base = 0; // x's offset of the position, the axis' coordinate left out
    for (let p = 0; p < n; p++) {
      const w = wrapped(idx, p, xs[axis]);
      if (w < 0) return undefined;
      at[p] = base + w * strides[axis];
      for (let a = rank - 1; a >= 0; a--) {
        if (++counter[a] < us[a]) { if (a !== axis) base += strides[a]; break; }
        if (a !== axis) base -= (us[a] - 1) * strides[a];
        counter[a] = 0;
      }
    }
    return finish(c, (dst, src) => { for (let p = 0; p < n; p++) dst[at[p]] = src[p]; });
  }

  const quietly = (f) => (inputs, args, options) => {
    try {
      return f(inputs, options);
    } catch {
      return undefined;
    }
  };
  return { scatterND: quietly(scatterND), scatterElements: quietly(scatterElements) };
}
