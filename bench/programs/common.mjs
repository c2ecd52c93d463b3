// Inputs of the user programs (deterministic, so every run times the same
// data) and small helpers they share.

/** A deterministic stream of 32-bit values (an LCG), as floats in [0, 1). */
export function random(seed = 1) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Pixels of a frame: random bytes (n of them). */
export function bytes(n, seed = 1) {
  const next = random(seed);
  const x = new Uint8Array(n);
  for (let i = 0; i < n; i++) x[i] = (next() * 256) | 0;
  return x;
}

/** Model outputs: floats spread over [lo, hi). */
export function floats(n, lo = -1, hi = 1, seed = 2) {
  const next = random(seed);
  const x = new Float32Array(n);
  for (let i = 0; i < n; i++) x[i] = lo + (hi - lo) * next();
  return x;
}

/**
 * A segmentation mask [h, w] as a model gives it: regions, not noise.
 * Each pixel takes the class of the nearest of `seeds` random points
 * (class 0, the background, outside a radius), so runs are long.
 */
export function regions(h, w, classes, seeds = 24, seed = 3) {
  const next = random(seed);
  const pts = Array.from({ length: seeds }, () => [next() * h, next() * w, 1 + ((next() * (classes - 1)) | 0)]);
  const radius = 0.12 * Math.min(h, w);
  const mask = new Uint8Array(h * w);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let best = Infinity;
      let cls = 0;
      for (const [py, px, c] of pts) {
        const d = (py - y) ** 2 + (px - x) ** 2;
        if (d < best) { best = d; cls = c; }
      }
      mask[y * w + x] = best < radius * radius ? cls : 0;
    }
  }
  return mask;
}

/** A palette [classes, 4] uint8 of random colours, alpha 160; class 0 transparent. */
export function palette(classes) {
  const next = random(17);
  const p = new Uint8Array(classes * 4);
  for (let c = 1; c < classes; c++) {
    for (let k = 0; k < 3; k++) p[c * 4 + k] = (next() * 256) | 0;
    p[c * 4 + 3] = 160;
  }
  return p;
}

/** The bytes of a typed array (a view, no copy). */
export const bytesOf = (a) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

/** Bilinear taps of `n` input pixels for `out` outputs (half-pixel centres, edges clamped). */
export function bilinearTaps(n, out) {
  const i0 = new Int32Array(out);
  const i1 = new Int32Array(out);
  const f = new Float64Array(out);
  for (let j = 0; j < out; j++) {
    const x = Math.min(Math.max((j + 0.5) * (n / out) - 0.5, 0), n - 1);
    i0[j] = Math.floor(x);
    i1[j] = Math.min(i0[j] + 1, n - 1);
    f[j] = x - i0[j];
  }
  return { i0, i1, f };
}
