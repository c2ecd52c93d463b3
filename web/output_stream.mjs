// A plain result copied out of the module's memory band by band while the
// pool makes the rest (the core's engine/output_stream.hpp calls
// Module.tensorOpsTakeOutput, bindings/take_output.js, as each band is
// final): for a large output of a threaded call, the copy out overlaps the
// kernel instead of following it. A kernel that does not stream (the copy
// engine's, the single-threaded build) leaves the whole copy to the caller.
import { invalidArgument } from './errors.mjs';

// Below this, the copy out is short and a band's call into JavaScript not worth it.
const STREAM_MIN_BYTES = 1 << 20;

/**
 * A plain result's array and its bytes: `o`'s (the caller's out, checked
 * to be `bytes` long still), or a new array of `length` elements.
 */
export function plainTarget(o, ArrayClass, length, bytes) {
  const data = o !== undefined ? o.target : new ArrayClass(length);
  const target = o !== undefined ? o.bytes : new Uint8Array(data.buffer, 0, bytes);
  if (target.byteLength !== bytes) throw invalidArgument('out', 'changed size during the call (a resizable buffer)');
  return { data, target };
}

export function createOutputStream(module, rt) {
  let current = null; // the stream of the call running now
  module.tensorOpsTakeOutput = (offset, bytes) => {
    const s = current;
    try {
      const from = s.at + offset;
      rt.copyRange(rt.heapU8To(from + bytes), from, from + bytes, s.target, offset);
    } catch (error) {
      // Thrown after the call: an exception must not unwind through the pool's job.
      s.error ??= error;
    }
  };
  return {
    /**
     * A plain result of `bytes` that may be streamed: { data (the array
     * handed back: `o`'s, or a new one), target (its bytes) }; null when it
     * is small or `o` lies in the module's memory.
     */
    target(o, ArrayClass, length, bytes) {
      if (bytes < STREAM_MIN_BYTES || (o !== undefined && o.address >= 0)) return null;
      return { ...plainTarget(o, ArrayClass, length, bytes), at: 0, error: undefined, taken: false };
    },
    /**
     * Runs the prepared plan from src to dst (or, `src` undefined, from the
     * sources written into the scratch area, `count` of them), streaming
     * into `s`; s.taken: whether all of it went so. Returns the module's
     * answer (below 0: an index out of range, nothing written).
     */
    execute(src, dst, s, count = 0) {
      s.at = dst;
      current = s;
      let result;
      try {
        result = src !== undefined ? module.execute(src, dst, s.target.byteLength) : module.executeSources(count, dst, s.target.byteLength);
      } finally {
        current = null;
      }
      if (s.error !== undefined) throw s.error;
      s.taken = result === 1;
      return result;
    },
  };
}
