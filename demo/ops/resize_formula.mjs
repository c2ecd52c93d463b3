// resize's taps along one axis as docs/operations/resize.md writes them: the
// input coordinate of an output index, its floor and fraction, and the
// input indices read with their weights. The page shows this as the
// pointed element's formula; the weights it colours and outlines are the
// library's own (resize_taps.mjs), and tests/js/demo_resize_taps.test.mjs
// checks that the two agree on random calls.

/** The coordinate formula of each coordinateTransformationMode (L = d · scale). */
export const COORDINATE_RULES = {
  half_pixel: 'c = (i + 0.5) / scale − 0.5',
  half_pixel_symmetric: 'c = d / 2 · (1 − n / L) + (i + 0.5) / scale − 0.5',
  pytorch_half_pixel: 'c = L > 1 ? (i + 0.5) / scale − 0.5 : 0',
  align_corners: 'c = L == 1 ? 0 : i · (d − 1) / (L − 1)',
  asymmetric: 'c = i / scale',
};

const num = (v) => String(Number(v.toPrecision(6)));

/** Output index `i` of an axis of length `d` resized to `n`: its input coordinate and that formula filled in. */
export function coordinate(ctm, i, d, n, scale) {
  const L = d * scale; // the resized length, not rounded
  const half = (i + 0.5) / scale - 0.5;
  switch (ctm) {
    case 'half_pixel_symmetric': {
      const c = (d / 2) * (1 - n / L) + (i + 0.5) / scale - 0.5; // summed left to right, as the library does
      return { c, text: `${d} / 2 · (1 − ${n} / ${num(L)}) + (${i} + 0.5) / ${num(scale)} − 0.5` };
    }
    case 'pytorch_half_pixel':
      return L > 1 ? { c: half, text: `(${i} + 0.5) / ${num(scale)} − 0.5` } : { c: 0, text: `0 (L = ${num(L)})` };
    case 'align_corners':
      return L === 1 ? { c: 0, text: '0 (L = 1)' } : { c: (i * (d - 1)) / (L - 1), text: `${i} · ${d - 1} / ${num(L - 1)}` };
    case 'asymmetric':
      return { c: i / scale, text: `${i} / ${num(scale)}` };
    default:
      return { c: half, text: `(${i} + 0.5) / ${num(scale)} − 0.5` };
  }
}

// Keys' cubic kernel at distance t (the docs' cubic, and antialias's filter),
// in ONNX's nested form: (a + 2)|t|³ − (a + 3)|t|² + 1 up to 1, a|t|³ − 5a|t|² + 8a|t| − 4a up to 2.
function keys(t, a) {
  t = Math.abs(t);
  if (t <= 1) return ((a + 2) * t - (a + 3)) * t * t + 1;
  if (t < 2) return ((a * t - 5 * a) * t + 8 * a) * t - 4 * a;
  return 0;
}

function normalize(w) {
  const sum = w.reduce((s, v) => s + v, 0);
  return sum === 0 ? w : w.map((v) => v / sum); // every tap outside (excludeOutside): zeros
}

/**
 * The taps of output index `i`: `rule` holds the call's mode,
 * coordinateTransformationMode, nearestMode, cubicCoeffA, excludeOutside and
 * antialias; `d`, `n`, `scale` the axis's. Returns { c, text, f, r, taps:
 * [{ at, j, w }] (at: the index the formula names, j: the one read, at
 * clamped into [0, d)), weights: Map j -> summed weight, zeros left out }.
 */
export function axisTaps(rule, d, n, scale, i) {
  const { c, text } = coordinate(rule.coordinateTransformationMode, i, d, n, scale);
  let f = Math.floor(c);
  let r = c - f;
  if (r === 0) { f -= 1; r = 1; } // at an integer c ONNX takes the neighbour below, with r = 1
  let at;
  let w;
  if (rule.mode === 'nearest') {
    const up = { round_prefer_floor: r > 0.5, round_prefer_ceil: r >= 0.5, floor: r === 1, ceil: true }[rule.nearestMode];
    at = [f + (up ? 1 : 0)];
    w = [1];
  } else if (!rule.antialias) {
    at = rule.mode === 'linear' ? [f, f + 1] : [f - 1, f, f + 1, f + 2];
    w = rule.mode === 'linear' ? [1 - r, r] : [r + 1, r, 1 - r, 2 - r].map((t) => keys(t, rule.cubicCoeffA));
  } else {
    // The filter (linear: a triangle of support 1; cubic: Keys', support 2)
    // stretched by 1 / s when shrinking: taps f + k for k from
    // floor(-support / s) + 1 to its mirror, normalized to sum 1.
    const support = rule.mode === 'linear' ? 1 : 2;
    const s = Math.min(scale, 1);
    const start = Math.floor(-support / s) + 1;
    at = Array.from({ length: 2 - 2 * start }, (_, t) => f + start + t);
    w = normalize(at.map((k) => {
      const x = (k - f - r) * s;
      return rule.mode === 'linear' ? Math.max(0, 1 - Math.abs(x)) : keys(x, rule.cubicCoeffA);
    }));
  }
  const inside = (k) => k >= 0 && k < d;
  // excludeOutside (not for nearest): taps outside weigh 0, the rest renormalized.
  if (rule.excludeOutside && rule.mode !== 'nearest') w = normalize(w.map((v, t) => (inside(at[t]) ? v : 0)));
  // Otherwise an index outside [0, d) reads the edge element.
  const taps = at.map((k, t) => ({ at: k, j: Math.min(d - 1, Math.max(0, k)), w: w[t] }));
  const weights = new Map();
  for (const { j, w: v } of taps) weights.set(j, (weights.get(j) ?? 0) + v);
  for (const [j, v] of weights) if (v === 0) weights.delete(j);
  return { c, text, f, r, taps, weights };
}

/** How the call's mode chooses and weighs its taps, in one line. */
export function modeRule(rule) {
  const edge = rule.excludeOutside && rule.mode !== 'nearest'
    ? 'taps outside [0, d) weigh 0, the rest renormalized'
    : 'an index outside [0, d) reads the edge element';
  const a = rule.cubicCoeffA;
  const kind = {
    nearest: `nearest (${rule.nearestMode}): f = floor(c), r = c − f (an integer c: f = c − 1, r = 1); ` +
      { round_prefer_floor: 'f + 1 if r > 0.5, else f', round_prefer_ceil: 'f + 1 if r ≥ 0.5, else f', floor: 'f + 1 if r = 1, else f', ceil: 'f + 1' }[rule.nearestMode],
    linear: 'linear: f = floor(c), r = c − f (an integer c: f = c − 1, r = 1); x[f] · (1 − r) + x[f + 1] · r',
    cubic: `cubic (a = ${a}): f = floor(c), r = c − f; x[f − 1 … f + 2] weighted by Keys’ kernel at r + 1, r, 1 − r, 2 − r`,
  }[rule.mode];
  const aa = rule.antialias && rule.mode !== 'nearest'
    ? `; antialias: the ${rule.mode === 'linear' ? 'triangle' : 'cubic'} filter widened by 1 / min(scale, 1), weights normalized to sum 1`
    : '';
  return `${kind}${aa}; ${edge}`;
}
