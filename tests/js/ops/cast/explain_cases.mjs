// Random valid calls of cast, for the suites that run every operation on
// random calls (tests/js/views.test.mjs: the call on strided views against
// the materialized input). cast computes its values, so the demo's "where did
// this element move from" formulas do not cover it (demo_explain.test.mjs
// runs the operations that move elements).
const NAMES = ['int8', 'uint8', 'bool', 'int16', 'uint16', 'float16', 'bfloat16', 'int32', 'uint32', 'float32', 'int64',
  'uint64', 'float64'];

/** A call { op, inputs: [shape], args: [dtype, options] } (helpers: random_kit.mjs). */
export function randomCall({ int, pick, chance, dims, negAxis }) {
  const x = dims(int(0, 4));
  const options = {};
  if (x.length && chance(0.5)) {
    const axis = int(0, x.length - 1);
    const n = x[axis];
    options.axis = negAxis(axis, x.length);
    options.scale = Array.from({ length: n }, () => pick([0.5, 2, -1.25, 1 / 255]));
    if (chance(0.7)) options.bias = Array.from({ length: n }, () => pick([0, -0.5, 3]));
  } else if (chance(0.4)) {
    options.scale = pick([0.5, -2, 1 / 255]);
    options.bias = pick([0, 1.5]);
  }
  if (chance(0.3)) options.rounding = pick(['auto', 'truncate', 'nearest']);
  return { op: 'cast', inputs: [x], args: [pick(NAMES), options] };
}

// The kinds of call its random calls must include.
export const variants = ['per-channel scale', 'to an integer'];

export function tags(call) {
  const [dtype, options] = call.args;
  const tags = [];
  if (Array.isArray(options.scale)) tags.push('per-channel scale');
  if (/int/.test(dtype)) tags.push('to an integer');
  return tags;
}
