// scatterND and scatterElements without a reduction, of plain arrays (or
// of a dense kept x into an `out`), run by JavaScript: the result is x's
// elements (one copy; none when `out` is x's own array, an update in place,
// as a KV cache wants) with the updates written in index order, so the last
// of duplicate indices wins, as in the core. Copying x into WebAssembly
// memory and the result out again would be two more passes over all of x
// for a few rows written; for a kept x, the core's call costs a copy of x
// within the module's memory before the one out (or, in place, its fixed
// cost alone).
//
// Only calls valid by the core's rules run here: anything else (a kept
// view, kept indices or updates, a kept x with no `out`, a reduction, an
// index out of range, an unknown option, a malformed argument) returns
// undefined and takes the call path, which words the error. Nothing is
// written before every index is checked.
import { INDEX_DTYPES, LITTLE_ENDIAN, denseInput, plainInput, quietly, resultFromX, resultPlace, volume, words } from './plain_in_js.mjs';


// The index tensor's values wrapped into [0, d) of their component (value
// k is component k % dims.length), as int32s, or undefined when one is out
// of [-d, d) (the call path words that). A 64-bit index read as a BigInt
// costs an allocation; it is read as two 32-bit halves instead (wasm is
// little-endian, and so is every JavaScript engine it runs on: checked): a
// value in range is one whose high half only extends the low one's sign
// (int64) or is 0 with the low one below 2^31 (uint64), since every dim is
// below 2^31. The loops keep every value an int32 (a NaN in them cost V8
// its integer code: 32768 int64 values took 117-183 µs, now 65-85 µs).
// The result is a buffer kept for the next call (up to 2^20 indices): it is
// used before any code of the caller's can run again.
const KEPT_INDICES = 1 << 20;
let keptIndices = new Int32Array(1024);
function wrappedIndices(t, dims) {
  const n = t.length;
  if (dims.some((d) => d > 0x7fffffff)) return undefined;
  if (n > keptIndices.length && n <= KEPT_INDICES) keptIndices = new Int32Array(Math.min(KEPT_INDICES, Math.max(n, 2 * keptIndices.length)));
  const w = n <= KEPT_INDICES ? keptIndices : new Int32Array(n);
  if (t.elem === 8 && LITTLE_ENDIAN) {
    const halves = new Int32Array(t.bytes.buffer, t.bytes.byteOffset, 2 * n);
    return wrapHalves(halves, n, dims, t.dtype === 'int64', w) ? w : undefined;
  }
  const data = t.elem === 8 ? Array.from(t.data, Number) : t.data; // (a big-endian engine: none known)
  return wrapNumbers(data, n, dims, w) ? w : undefined;
}

function wrapHalves(halves, n, dims, signed, w) {
  if (dims.length === 1) return signed ? wrapInt64(halves, n, dims[0], w) : wrapUint64(halves, n, dims[0], w);
  const K = dims.length;
  for (let k = 0, j = 0; k < n; k++) {
    const lo = halves[2 * k];
    const hi = halves[2 * k + 1];
    if (signed ? hi !== lo >> 31 : (hi | lo >>> 31) !== 0) return false;
    const d = dims[j];
    const v = lo < 0 ? lo + d : lo;
    if (v < 0 || v >= d) return false;
    w[k] = v;
    if (++j === K) j = 0;
  }
  return true;
}

// One component (scatterElements, and scatterND of tuples of one): the loops of the common case.
function wrapInt64(halves, n, d, w) {
  for (let k = 0; k < n; k++) {
    const lo = halves[2 * k];
    if (halves[2 * k + 1] !== lo >> 31) return false;
    const v = lo < 0 ? lo + d : lo;
    if (v < 0 || v >= d) return false;
    w[k] = v;
  }
  return true;
}

function wrapUint64(halves, n, d, w) {
  for (let k = 0; k < n; k++) {
    const lo = halves[2 * k];
    if (halves[2 * k + 1] !== 0 || lo < 0 || lo >= d) return false;
    w[k] = lo;
  }
  return true;
}

function wrapNumbers(data, n, dims, w) {
  const K = dims.length;
  for (let k = 0, j = 0; k < n; k++) {
    const i = data[k];
    const d = dims[j];
    const v = i < 0 ? i + d : i;
    if (!(v >= 0 && v < d)) return false;
    w[k] = v;
    if (++j === K) j = 0;
  }
  return true;
}

// scatterND's updates of single elements, each to its place.
function writeElements(dst, src, at, rows) {
  for (let r = 0; r < rows; r++) dst[at[r]] = src[r];
}

// One row of scatterElements' updates (elements p to p + inner), along the
// last axis: each to its index in x's row at `base`; across rows: element
// j to x's element base + j in the row its index names (`step` apart).
// These loops are functions of their own, every value an argument: as a
// closure over the call's variables the same loop took 2-3x as long.
function writeAlongRow(dst, src, idx, p, inner, base) {
  for (let j = 0; j < inner; j++) dst[base + idx[p + j]] = src[p + j];
}

function writeAcrossRows(dst, src, idx, p, inner, base, step) {
  for (let j = 0; j < inner; j++) dst[base + j + idx[p + j] * step] = src[p + j];
}

/**
 * The shortcuts by operation name, each (inputs, args, options) -> result
 * or undefined; `shapes` is ops.shapes (the core's shape rules). One that
 * throws leaves the error to the call path's wording.
 */
export function scatterShortcuts(rt, shapes) {
  // The last shapes the core's rules accepted, per operation: a decode loop
  // scatters into a cache of the same shapes at every step, and asking the
  // core again cost 2 µs of a 6.5 µs call. The rules are pure; an axis is
  // remembered only as a number (an object's valueOf may answer otherwise).
  const accepted = new Map();
  const sameDims = (a, b) => a.length === b.length && a.every((d, k) => d === b[k]);
  function checkShapes(op, x, indices, updates, axis) {
    const last = accepted.get(op);
    const remembered = axis === undefined || typeof axis === 'number';
    if (remembered && last !== undefined && last.dtype === x.dtype && last.axis === axis &&
      sameDims(last.x, x.shape) && sameDims(last.indices, indices.shape) && sameDims(last.updates, updates.shape)) return;
    const rules = op === 'scatterElements' ? { axis, dtype: x.dtype } : { dtype: x.dtype };
    shapes[op](x.shape, indices.shape, updates.shape, rules); // throws where the core would
    if (remembered) accepted.set(op, { x: x.shape.slice(), indices: indices.shape.slice(), updates: updates.shape.slice(), dtype: x.dtype, axis });
  }

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
    const x = denseInput(rt, op, inputs[0], 'x', out);
    const indices = plainInput(rt, op, inputs[1], 'indices');
    const updates = plainInput(rt, op, inputs[2], 'updates');
    if (!x || !indices || !updates || !INDEX_DTYPES.has(indices.dtype) || updates.dtype !== x.dtype) return undefined;
    checkShapes(op, x, indices, updates, axis);
    const place = resultPlace(rt, op, x, out, [indices, updates]);
    return place && { x, indices, updates, place, axis };
  }

  // Elements written one by one in JavaScript against the core's copies of
  // x in and out (under 0.1 ns a byte since Node copies by memcpy) and its
  // kernel: worth it in place, or when at most an 8th of x is written.
  // Measured, float32, int64 indices, [rows, 512] updates into a [512,512]
  // x, time in JavaScript over time through the core (2 threads; 1 thread):
  // along axis 0, 8 rows 0.38 (0.39), 64 rows 0.48 (0.42), 128 rows 0.63
  // (0.45), 256 rows 1.04 (0.53); along axis 1, 64 rows 0.77 (0.78), 128
  // rows 1.16 (0.90). A kept x in place needs no copies from the core
  // either: there only the fixed cost of its call is saved.
  const elementsWorthIt = (c, count) => (c.place.inPlace && c.x.address < 0) || count * 8 <= c.x.length;

  // x's elements into the target (unless in place), then `write(dst, src)`.
  const finish = (c, write) => resultFromX(c.x, c.place, [c.indices, c.updates], (dst) => write(dst, words(c.updates, c.updates.bytes)));

  function scatterND(inputs, options) {
    const c = prepare('scatterND', inputs, options, ['reduction', 'out']);
    if (c === undefined) return undefined;
    const xs = c.x.shape;
    const k = c.indices.shape[c.indices.shape.length - 1];
    const rows = volume(c.indices.shape.slice(0, -1));
    const slice = volume(xs.slice(k));
    if (slice === 1 && !elementsWorthIt(c, rows)) return undefined;
    const idx = wrappedIndices(c.indices, xs.slice(0, k));
    if (idx === undefined) return undefined;
    const at = new Float64Array(rows);
    for (let r = 0; r < rows; r++) {
      let offset = 0;
      for (let t = 0; t < k; t++) offset = offset * xs[t] + idx[r * k + t];
      at[r] = offset * slice;
    }
    return finish(c, (dst, src) => {
      if (slice === 1) {
        writeElements(dst, src, at, rows);
        return;
      }
      // Rows bound for consecutive places (a KV cache's new tokens) go as
      // one set: one call instead of one per row.
      for (let r = 0; r < rows;) {
        let e = r + 1;
        while (e < rows && at[e] === at[e - 1] + slice) e++;
        dst.set(src.subarray(r * slice, e * slice), at[r]);
        r = e;
      }
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
    const idx = wrappedIndices(c.indices, [xs[axis]]);
    if (idx === undefined) return undefined;
    const strides = new Array(rank);
    for (let a = rank - 1, s = 1; a >= 0; a--) { strides[a] = s; s *= xs[a]; }
    const step = strides[axis];
    const last = rank - 1;
    const inner = us[last];
    return finish(c, (dst, src) => {
      // Row by row of the updates' last dim, in row-major order (the last of
      // duplicates wins); x's offset of a row, the axis' coordinate left out, kept beside a counter.
      const counter = new Array(last).fill(0);
      let base = 0;
      for (let p = 0; p < n; p += inner) {
        if (axis === last) writeAlongRow(dst, src, idx, p, inner, base);
        else writeAcrossRows(dst, src, idx, p, inner, base, step);
        for (let a = last - 1; a >= 0; a--) {
          if (++counter[a] < us[a]) { if (a !== axis) base += strides[a]; break; }
          if (a !== axis) base -= (us[a] - 1) * strides[a];
          counter[a] = 0;
        }
      }
    });
  }

  return { scatterND: quietly(scatterND), scatterElements: quietly(scatterElements) };
}
