// A call whose plan is long runs (web/long_runs.mjs), finished in
// JavaScript: its sources are the plain inputs' own arrays, or kept inputs
// read in place in the module's memory, and its destination is `out` or a
// new array. Nothing is copied into the module's memory or out of it.
import { invalidArgument } from './errors.mjs';
import { copyLongRuns } from './long_runs.mjs';

const INDEX_ARRAYS = {
  int8: Int8Array, uint8: Uint8Array, int16: Int16Array, uint16: Uint16Array,
  int32: Int32Array, uint32: Uint32Array, int64: BigInt64Array, uint64: BigUint64Array,
};

/** The number of elements of `shape`. */
export function volume(shape) {
  let n = 1;
  for (let i = 0; i < shape.length; i++) n *= shape[i];
  return n;
}

/**
 * longRunsResult(op, report, ts, indices, outs, first) for the runtime `rt`:
 * the call's result, or undefined (nothing written) when an index value is
 * out of range (the call through the core then words the error).
 */
export function createLongRunsResult(rt) {
  return function longRunsResult(op, report, ts, indices, outs, first) {
    const { elem, ArrayClass, dtype } = first;
    const shape = report.shapes[0];
    const total = volume(shape);
    const o = outs?.[0];
    const data = o !== undefined ? o.target : new ArrayClass(total);
    const dst = o !== undefined ? o.bytes : new Uint8Array(data.buffer, 0, total * elem);
    if (dst.byteLength !== total * elem) throw invalidArgument('out', 'changed size during the call (a resizable buffer)');
    // Each source's bytes, and where its element 0 is in them: a plain
    // array's own, or (read in place) the module's memory, at the address.
    const sources = new Array(ts.length);
    const bases = new Array(ts.length);
    for (let k = 0; k < ts.length; k++) {
      const t = ts[k];
      if (t.address >= 0) {
        sources[k] = rt.heapU8To(t.storage !== null ? t.storage.ptr + t.storage.bytes : t.address + t.length * elem);
        bases[k] = t.address;
        continue;
      }
      if (t.bytes.byteLength !== t.length * elem) throw invalidArgument(op, `${ts.length > 1 ? `tensors[${k}]` : 'x'}.data changed size during the call`);
      sources[k] = t.bytes;
      bases[k] = 0;
    }
    let values;
    if (indices !== undefined) {
      const IndexArray = INDEX_ARRAYS[rt.constants.indexTypes[indices.code]];
      values = new IndexArray(indices.bytes.buffer, indices.bytes.byteOffset, indices.bytes.byteLength / IndexArray.BYTES_PER_ELEMENT);
    }
    const copy = ts.some((t) => t.address >= 0) ? rt.copyRange : undefined;
    if (!copyLongRuns(report.longRuns, sources, bases, dst, values, copy)) return undefined;
    return { data, shape, dtype };
  };
}
