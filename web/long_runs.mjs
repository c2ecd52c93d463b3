// The executor of plans made of long runs (the core's describe_long_runs):
// each run of a plain input is copied straight into the output array with
// one TypedArray.set of a subarray, nothing copied into wasm memory or out
// of it; the few elements beside them (pad's reflected borders), one by one;
// constant borders with TypedArray.prototype.fill.
// Words, in bytes: [entries, then per entry]
//   [1, source, srcOffset, dstOffset, runBytes, loops, (n, srcStride, dstStride) per loop]
//   [2, source, srcOffset, dstOffset, sliceBytes, axisDim, axisStride, indexOffset, loops,
//    (n, srcStride, dstStride, indexStride) per loop]          (a gather's rows)
//   [3, source, srcOffset, dstOffset, elemBytes, loops, (n, srcStride, dstStride) per loop]
//                                                              (elements, the inner loop included)
//   [4, low, high, dstOffset, elemBytes, loops, (n, 0, dstStride) per loop]
//                                       (a fill: the element's bytes are those of the 32-bit words low, high)
// A source of -1 is the output itself, as entries before it wrote it.

import { copyWithinBytes, setRange } from './copy_within.mjs';

/** The number of words of the entry at word `at`, with word(i) the i-th word. */
export function entryLength(word, at) {
  return word(at) === 2 ? 9 + 4 * word(at + 8) : 6 + 3 * word(at + 5);
}

const entryWords = (words, at) => entryLength((i) => words[i], at);

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

const WORD_ARRAYS = [undefined, Uint8Array, Uint16Array, undefined, Uint32Array];

// An entry of runs (kind 1) or of elements (kind 3), walked by an odometer
// over its loops (a call per point, through a closure that other entries'
// kinds share, cost more than a short run or a few elements): a set per
// run, or a plain loop over the inner dim's elements in the widest words
// (4, 2 or 1 bytes) that the element, the offsets, the strides and both
// arrays' places allow.
function copyStrided(words, at, sources, bases, dst, copy) {
  const runs = words[at] === 1;
  const fromOutput = words[at + 1] < 0;
  const source = fromOutput ? dst : sources[words[at + 1]];
  const start = words[at + 2] + (fromOutput ? 0 : bases[words[at + 1]]);
  const bytes = words[at + 4];
  const loops = words[at + 5];
  const outer = runs ? loops : loops - 1;
  let w = 1;
  if (!runs) {
    const places = [start, words[at + 3], bytes, source.byteOffset, dst.byteOffset];
    for (let l = 0; l < loops; l++) places.push(words[at + 7 + 3 * l], words[at + 8 + 3 * l]);
    w = wordOf(places);
  }
  const Words = WORD_ARRAYS[w];
  const from = runs ? null : new Words(source.buffer, source.byteOffset, Math.floor(source.byteLength / w));
  const to = runs ? null : new Words(dst.buffer, dst.byteOffset, Math.floor(dst.byteLength / w));
  const per = bytes / w;
  const ns = new Array(outer);
  const sss = new Array(outer);
  const dss = new Array(outer);
  const count = new Array(outer).fill(0);
  for (let l = 0; l < outer; l++) {
    ns[l] = words[at + 6 + 3 * l];
    sss[l] = words[at + 7 + 3 * l] / w;
    dss[l] = words[at + 8 + 3 * l] / w;
    if (ns[l] === 0) return;
  }
  const n = runs ? 0 : words[at + 6 + 3 * outer];
  const is = runs ? 0 : words[at + 7 + 3 * outer] / w;
  const os = runs ? 0 : words[at + 8 + 3 * outer] / w;
  const [is2, is3, is4, os2, os3, os4] = [2 * is, 3 * is, 4 * is, 2 * os, 3 * os, 4 * os];
  // A loop of two around the elements (a pad's two borders of each row)
  // runs inside the element loop: both points per step. The order of an
  // entry's points is free: an entry never reads what it writes (the core's
  // rule for copies that read the output; its engine splits them over threads).
  const paired = !runs && per === 1 && outer > 0 && ns[outer - 1] === 2;
  const walked = paired ? outer - 1 : outer;
  const s2 = paired ? sss[outer - 1] : 0;
  const d2 = paired ? dss[outer - 1] : 0;
  let p = start / w;
  let q = words[at + 3] / w;
  for (;;) {
    if (runs) {
      if (fromOutput) copyWithinBytes(dst, q, p, bytes);
      else copy(source, p, p + bytes, dst, q);
    } else if (paired) {
      let i = 0;
      let a = p;
      let b = q;
      for (; i + 2 <= n; i += 2, a += is2, b += os2) {
        to[b] = from[a];
        to[b + d2] = from[a + s2];
        to[b + os] = from[a + is];
        to[b + d2 + os] = from[a + s2 + is];
      }
      if (i < n) {
        to[b] = from[a];
        to[b + d2] = from[a + s2];
      }
    } else if (per === 1) {
      // Four elements a step: the loop's own cost was half of each element's (a pad's borders).
      let i = 0;
      let a = p;
      let b = q;
      for (; i + 4 <= n; i += 4, a += is4, b += os4) {
        to[b] = from[a];
        to[b + os] = from[a + is];
        to[b + os2] = from[a + is2];
        to[b + os3] = from[a + is3];
      }
      for (; i < n; i++, a += is, b += os) to[b] = from[a];
    } else {
      for (let i = 0, a = p, b = q; i < n; i++, a += is, b += os) for (let j = 0; j < per; j++) to[b + j] = from[a + j];
    }
    let l = walked - 1;
    for (; l >= 0; l--) {
      p += sss[l];
      q += dss[l];
      if (++count[l] < ns[l]) break;
      p -= ns[l] * sss[l];
      q -= ns[l] * dss[l];
      count[l] = 0;
    }
    if (l < 0) return;
  }
}

// The widest word (4, 2 or 1 bytes) dividing every number in `values`.
function wordOf(values) {
  let bits = 0;
  for (const v of values) bits |= v;
  return (bits & 3) === 0 ? 4 : (bits & 1) === 0 ? 2 : 1;
}

// An entry of kind 4: at each point one element of the value, in the
// widest words its offsets and strides allow; a contiguous inner loop of
// one repeated word with one fill().
function fillStrided(words, at, dst) {
  const bytes = words[at + 4];
  const loops = words[at + 5];
  const places = [words[at + 3], bytes, dst.byteOffset];
  for (let l = 0; l < loops; l++) places.push(words[at + 8 + 3 * l]);
  const w = wordOf(places);
  const Words = WORD_ARRAYS[w];
  const value = new Uint32Array([words[at + 1], words[at + 2]]);
  const per = bytes / w;
  const parts = new Words(value.buffer, 0, per);
  const to = new Words(dst.buffer, dst.byteOffset, Math.floor(dst.byteLength / w));
  const inner = at + 6 + 3 * (loops - 1);
  const n = words[inner];
  const step = words[inner + 2] / w;
  // One word repeated over a long contiguous run: fill() (a call costs what
  // about 64 words written by the loop do).
  const one = parts.every((v) => v === parts[0]) && step === per && n * per >= 64;
  const word = parts[0];
  eachPoint(words, at + 6, loops - 1, 3, 0, words[at + 3], 0, (_, d) => {
    const b = d / w;
    if (one) to.fill(word, b, b + n * per);
    else if (per === 1) for (let i = 0; i < n; i++) to[b + i * step] = word;
    else for (let i = 0; i < n; i++) for (let j = 0; j < per; j++) to[b + i * step + j] = parts[j];
  });
}

/**
 * Copies the runs `words` describe from `sources` (a Uint8Array per input,
 * its element 0 at byte bases[k]) into `dst` (a Uint8Array), each run by
 * `copy(from, start, end, to, at)` (the runtime's copyRange, when a source
 * is the module's memory). `indices`: gather's index values (a typed array of numbers or
 * bigints), or undefined. Returns false, having written nothing, when an
 * index value is out of range: the core then words the error.
 */
export function copyLongRuns(words, sources, bases, dst, indices, copy = setRange) {
  // Every index value checked before anything is written, as the core does.
  for (let at = 1, e = 0; e < words[0]; e++, at += entryWords(words, at)) {
    if (words[at] === 2) {
      const d = words[at + 5];
      for (let i = 0; i < indices.length; i++) {
        const v = Number(indices[i]);
        if (v < -d || v >= d) return false;
      }
    }
  }
  for (let at = 1, e = 0; e < words[0]; e++, at += entryWords(words, at)) {
    if (words[at] === 4) {
      fillStrided(words, at, dst);
      continue;
    }
    if (words[at] !== 2) {
      copyStrided(words, at, sources, bases, dst, copy);
      continue;
    }
    const source = sources[words[at + 1]];
    const bytes = words[at + 4];
    const axisDim = words[at + 5];
    const axisStride = words[at + 6];
    if (words[at + 8] === 1) {
      // One loop (rows of a table by a list of ids, the common case): no call per row.
      const n = words[at + 9];
      const [ss, ds, is] = [words[at + 10], words[at + 11], words[at + 12]];
      for (let i = 0, s = words[at + 2] + bases[words[at + 1]], d = words[at + 3], p = words[at + 7]; i < n; i++, s += ss, d += ds, p += is) {
        let v = Number(indices[p]);
        if (v < 0) v += axisDim;
        const from = s + v * axisStride;
        copy(source, from, from + bytes, dst, d);
      }
      continue;
    }
    eachPoint(words, at + 9, words[at + 8], 4, words[at + 2] + bases[words[at + 1]], words[at + 3], words[at + 7], (s, d, p) => {
      let v = Number(indices[p]);
      if (v < 0) v += axisDim;
      const from = s + v * axisStride;
      copy(source, from, from + bytes, dst, d);
    });
  }
  return true;
}
