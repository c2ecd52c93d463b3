// Random valid calls of resize, for the suites that run every operation on
// random calls (tests/js/views.test.mjs: the call on strided views against
// the materialized input). resize computes its values, so the demo's "where
// did this element move from" formulas do not cover it; its tab's taps and
// coordinate formula are checked on these calls by demo_resize_taps.test.mjs.
const MODES = ['nearest', 'linear', 'cubic'];
const COORDS = ['half_pixel', 'half_pixel_symmetric', 'pytorch_half_pixel', 'align_corners', 'asymmetric'];
const NEAREST = ['round_prefer_floor', 'round_prefer_ceil', 'floor', 'ceil'];

/** A call { op, inputs: [shape], args: [options] } (helpers: random_kit.mjs). */
export function randomCall({ int, pick, chance, dims, negAxis }) {
  const x = dims(int(1, 4));
  const options = {};
  let axes = x.map((_, k) => k);
  if (chance(0.4)) {
    axes = axes.filter(() => chance(0.6));
    if (!axes.length) axes = [x.length - 1];
    options.axes = axes.map((a) => negAxis(a, x.length));
  }
  if (chance(0.5)) options.sizes = axes.map((a) => (x[a] === 0 ? 0 : int(1, 6)));
  else options.scales = axes.map((a) => (x[a] === 0 ? 1 : pick([0.5, 1, 1.5, 2, 3])));
  if (chance(0.8)) options.mode = pick(MODES);
  if (chance(0.5)) options.coordinateTransformationMode = pick(COORDS);
  if (options.mode === undefined || options.mode === 'nearest') {
    if (chance(0.5)) options.nearestMode = pick(NEAREST);
  } else {
    if (chance(0.3)) options.antialias = true;
    if (chance(0.2)) options.excludeOutside = true;
  }
  if (options.mode === 'cubic' && chance(0.3)) options.cubicCoeffA = pick([-0.5, -0.75]);
  if (options.sizes && axes.length > 1 && !x.some((d) => d === 0) && chance(0.2)) {
    options.keepAspectRatioPolicy = pick(['not_larger', 'not_smaller']);
  }
  return { op: 'resize', inputs: [x], args: [options] };
}

// The kinds of call its random calls must include.
export const variants = ['linear', 'cubic', 'antialias', 'axes'];

export function tags(call) {
  const [options] = call.args;
  const tags = [];
  if (options.mode === 'linear' || options.mode === 'cubic') tags.push(options.mode);
  if (options.antialias) tags.push('antialias');
  if (options.axes) tags.push('axes');
  return tags;
}
