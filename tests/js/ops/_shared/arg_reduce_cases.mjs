// Random valid calls of argMax or argMin, for the suites that run every
// operation on random calls (tests/js/views.test.mjs: the call on strided
// views against the materialized input). They are typed operations (their
// kernel is the engine's arg reduction), so the demo's "where did this
// element move from" formulas do not cover them.

/** randomCall for `op`: a call { op, inputs: [shape], args: [axis, options] } (helpers: random_kit.mjs). */
export const argReduceCall = (op) => ({ int, pick, chance, dims, negAxis }) => {
  const x = dims(int(1, 4));
  const axis = int(0, x.length - 1);
  if (x[axis] === 0) x[axis] = int(1, 4); // an empty axis is refused
  const options = {};
  if (chance(0.4)) options.keepDims = chance(0.5);
  if (chance(0.4)) options.selectLastIndex = chance(0.5);
  if (chance(0.4)) options.dtype = pick(['int32', 'int64']);
  const a = negAxis(axis, x.length);
  return { op, inputs: [x], args: [chance(0.2) ? BigInt(a) : a, options] };
};

// The kinds of call the random calls must include.
export const variants = ['keepDims', 'the last index', 'int64 indices'];

export function tags(call) {
  const [, options] = call.args;
  const tags = [];
  if (options.keepDims) tags.push('keepDims');
  if (options.selectLastIndex) tags.push('the last index');
  if (options.dtype === 'int64') tags.push('int64 indices');
  return tags;
}
