// The executor of plans made of long runs (the core's describe_long_runs):
// each run of a plain input is copied straight into the output array with
// one TypedArray.set of a subarray, nothing copied into wasm memory or out
// of it. Words, in bytes: [entries, then per entry]
//   [1, source, srcOffset, dstOffset, runBytes, loops, (n, srcStride, dstStride) per loop]
//   [2, source, srcOffset, dstOffset, sliceBytes, axisDim, axisStride, indexOffset, loops,
//    (n, srcStride, dstStride, indexStride) per loop]          (a gather's rows)

// Calls visit(src, dst, index) at every point of `loops` loops described
// from words[at] on (`width` words per loop: n, strides...), outer first.
function eachPoint(words, at, loops, width, src, dst, index, visit) {
  if (loops === 0) {
    visit(src, dst, index);
    return;
  }
  const n = words[at];
  const ss = words[at + 1];
  const ds = words[at + 2];
  const is = width === 4 ? words[at + 3] : 0;
  for (let i = 0; i < n; i++) eachPoint(words, at + width, loops - 1, width, src + i * ss, dst + i * ds, index + i * is, visit);
}

/**
 * Copies the runs `words` describe from `sources` (a Uint8Array per input)
 * into `dst` (a Uint8Array). `indices`: gather's index values (a typed array
 * of numbers or bigints), or undefined. Returns false, having written
 * nothing, when an index value is out of range: the core then words the error.
 */
export function copyLongRuns(words, sources, dst, indices) {
  // Every index value checked before anything is written, as the core does.
  for (let at = 1, e = 0; e < words[0]; e++) {
    if (words[at] === 2) {
      const d = words[at + 5];
      for (let i = 0; i < indices.length; i++) {
        const v = Number(indices[i]);
        if (v < -d || v >= d) return false;
      }
    }
    at += words[at] === 1 ? 6 + 3 * words[at + 5] : 9 + 4 * words[at + 8];
  }
  for (let at = 1, e = 0; e < words[0]; e++) {
    const source = sources[words[at + 1]];
    const bytes = words[at + 4];
    if (words[at] === 1) {
      eachPoint(words, at + 6, words[at + 5], 3, words[at + 2], words[at + 3], 0, (s, d) => {
        dst.set(source.subarray(s, s + bytes), d);
      });
      at += 6 + 3 * words[at + 5];
    } else {
      const axisDim = words[at + 5];
      const axisStride = words[at + 6];
      eachPoint(words, at + 9, words[at + 8], 4, words[at + 2], words[at + 3], words[at + 7], (s, d, p) => {
        let v = Number(indices[p]);
        if (v < 0) v += axisDim;
        const from = s + v * axisStride;
        dst.set(source.subarray(from, from + bytes), d);
      });
      at += 9 + 4 * words[at + 8];
    }
  }
  return true;
}
