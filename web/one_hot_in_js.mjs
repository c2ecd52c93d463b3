// oneHot into a plain array, run by JavaScript: the result filled with the
// off value (nothing to fill in a new array when it is 0), then the on
// value written at each index's place. Through the core, the whole result,
// depth times the indices, would be written into WebAssembly memory and
// copied out again; here it is written once. 1M uint8 labels, depth 21, into
// float32 `out` (88 MB): the core 29-34 ms, this the JS loop's 22-23 ms, on
// a loaded machine, in one run.
//
// The indices may be plain or a dense kept tensor of this module (read in
// place). Only calls valid by the core's rules run here (ops.shapes.oneHot
// checks them first); anything else takes the call path, which words the
// error. A result of fewer than 64 bytes per index stays with the core,
// whose two threads then win: 1M labels into float32 `out`, depth 8: the
// core 9 ms, this 12 ms; depth 16: the core 22 ms, this 16 ms.
import { DTYPES, acceptsClass } from './dtypes.mjs';
import { elementBits } from './element_value.mjs';
import { KeptTensor } from './kept_tensor.mjs';
import { INDEX_DTYPES, LITTLE_ENDIAN, overlap, plainInput, quietly, volume, words } from './plain_in_js.mjs';
import { readOut } from './tensor_input.mjs';

const OPTIONS = ['axis', 'values', 'dtype', 'out'];
const MIN_BYTES_PER_INDEX = 64;

// The on value at each index's place in [outer, depth, inner]: index p =
// r * inner + i names element (r * depth + v) * inner + i. Two loops per
// index width, the common new last axis (inner 1) on its own: 1.2x faster
// (1M labels, depth 21: 28 -> 23 ms).
function writeNarrow(dst, on, idx, depth, inner) {
  const src = idx.values;
  const n = idx.length;
  if (inner === 1) {
    for (let p = 0; p < n; p++) {
      const v = src[p];
      const d = v < 0 ? v + depth : v;
      if (d >= 0 && d < depth) dst[p * depth + d] = on;
    }
    return;
  }
  for (let p = 0, base = 0, i = 0; p < n; p++) {
    const v = src[p];
    const d = v < 0 ? v + depth : v;
    if (d >= 0 && d < depth) dst[base + d * inner + i] = on;
    if (++i === inner) {
      i = 0;
      base += depth * inner;
    }
  }
}

// The same for 64-bit indices, read as 32-bit halves (a BigInt each would
// be an allocation): in [-depth, depth) only with a high half of 0, or of
// all ones (and a negative low half) for an int64.
function writeWide(dst, on, idx, depth, inner) {
  const src = idx.values;
  const n = idx.length;
  const signed = idx.signed;
  for (let p = 0, base = 0, i = 0; p < n; p++) {
    const lo = src[2 * p];
    const hi = src[2 * p + 1];
    const v = hi === 0 ? lo : signed && hi === 0xffffffff && (lo | 0) < 0 ? lo | 0 : depth;
    const d = v < 0 ? v + depth : v;
    if (d >= 0 && d < depth) dst[base + d * inner + i] = on;
    if (++i === inner) {
      i = 0;
      base += depth * inner;
    }
  }
}

/** The shortcut by operation name, (indices, args, options) -> result or undefined; `shapes` is ops.shapes. */
export function oneHotShortcut(rt, shapes) {
  // The indices as { values (a typed array: numbers; 64-bit ones as 32-bit
  // halves), wide, signed, bytes, elem, shape, length, kept }, or undefined
  // for the call path.
  function readIndices(input) {
    let t;
    let bytes;
    if (KeptTensor.isKept(input)) {
      if (input.disposed) return undefined;
      t = input.callFields('oneHot', rt);
      if (t.address < 0 || t.strides !== null) return undefined;
      bytes = new Uint8Array(rt.buffer(), t.address, t.length * t.elem);
    } else {
      t = plainInput(rt, 'oneHot', input, 'indices');
      if (t === undefined) return undefined;
      bytes = t.bytes;
    }
    if (!INDEX_DTYPES.has(t.dtype) || bytes.byteLength !== t.length * t.elem) return undefined;
    const wide = t.elem === 8;
    if (wide && !LITTLE_ENDIAN) return undefined;
    const Class = wide ? Uint32Array : t.ArrayClass === Uint8ClampedArray ? Uint8Array : t.ArrayClass;
    const values = new Class(bytes.buffer, bytes.byteOffset, wide ? 2 * t.length : t.length);
    return { values, wide, signed: t.dtype === 'int64', bytes, elem: t.elem, shape: t.shape, length: t.length, kept: t.kept !== null };
  }

  function oneHot(input, options, args) {
    if (options !== undefined && (options === null || typeof options !== 'object' || Array.isArray(options))) return undefined;
    // Read as the call path reads options: inherited values too.
    for (const key in options) if (!OPTIONS.includes(key)) return undefined;
    const depth = args[0];
    const axis = options?.axis ?? -1;
    const values = options?.values ?? [0, 1];
    const dtype = options?.dtype ?? 'float32';
    const out = options?.out;
    if (!Number.isSafeInteger(depth) || !Number.isSafeInteger(axis) || !Array.isArray(values) || values.length !== 2) return undefined;
    if (typeof dtype !== 'string' || !(dtype in DTYPES)) return undefined;
    const facts = DTYPES[dtype];
    if (depth * facts.bytes < MIN_BYTES_PER_INDEX) return undefined;
    const idx = readIndices(input);
    // A kept result is written in place by the core.
    if (idx === undefined || (idx.kept && out === undefined)) return undefined;
    const off = values[0];
    const on = values[1];
    // The call path, should it take over, reads the same two values (this
    // object is the call's own copy of the options: optionsReadOnce).
    if (options !== undefined) options.values = [off, on];
    const shape = shapes.oneHot(idx.shape, depth, { axis, values: [off, on], dtype }); // throws where the core would
    const length = volume(shape);
    if (length === 0) return undefined;
    let target;
    let targetBytes;
    if (out === undefined) {
      target = new facts.arrays[0](length);
      targetBytes = new Uint8Array(target.buffer, 0, length * facts.bytes);
    } else {
      // Bytes from the engine's getters: an own `buffer` or `byteOffset` of out is not believed.
      const place = readOut(rt, 'oneHot', 'out', out, null, 'indices');
      if (place.address >= 0 || !acceptsClass(dtype, place.facts.Class) || place.length !== length) return undefined;
      if (overlap(place.bytes, idx.bytes)) return undefined;
      target = out;
      targetBytes = place.bytes;
    }
    // The values' bits, as the call path converts them.
    const wordOf = (v, k) => {
      const bits = elementBits('oneHot', `values[${k}]`, v, dtype, 'dtype');
      return facts.bytes === 8 ? bits : Number(bits);
    };
    const offWord = wordOf(off, 0);
    const onWord = wordOf(on, 1);
    // A getter read after the indices may have shrunk a resizable buffer: the call path words that.
    if (idx.bytes.byteLength !== idx.length * idx.elem || targetBytes.byteLength !== length * facts.bytes) return undefined;
    const dst = words({ elem: facts.bytes }, targetBytes);
    if (out !== undefined || offWord !== (facts.bytes === 8 ? 0n : 0)) dst.fill(offWord);
    const rank = idx.shape.length;
    const at = axis < 0 ? axis + rank + 1 : axis;
    const inner = volume(idx.shape.slice(at));
    (idx.wide ? writeWide : writeNarrow)(dst, onWord, idx, depth, inner);
    return { data: target, shape, dtype };
  }
  return { oneHot: quietly(oneHot) };
}
