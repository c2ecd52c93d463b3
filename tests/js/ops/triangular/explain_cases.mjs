// Random valid calls of triangular, for the suites that run every operation
// on random calls (tests/js/views.test.mjs: the call on strided views
// against the materialized input). triangular is a typed operation (its
// kernel is the engine's band fill), so the demo's "where did this element
// move from" formulas do not cover it.

/** A call { op, inputs: [shape], args: [options] } (helpers: random_kit.mjs). */
export function randomCall({ int, pick, chance, dims }) {
  const x = dims(int(2, 4));
  const rows = x[x.length - 2];
  const cols = x[x.length - 1];
  const options = {};
  if (chance(0.6)) options.upper = chance(0.5);
  if (chance(0.8)) {
    options.diagonal = pick([0, 1, -1, 2, -2, cols, -rows, cols + 2, -rows - 2, 2n ** 63n - 1n, -(2n ** 63n), 2 ** 53]);
  }
  return { op: 'triangular', inputs: [x], args: [options] };
}

// The kinds of call its random calls must include.
export const variants = ['lower', 'a bigint diagonal', 'a batch of matrices'];

export function tags(call) {
  const [options] = call.args;
  const tags = [];
  if (options.upper === false) tags.push('lower');
  if (typeof options.diagonal === 'bigint') tags.push('a bigint diagonal');
  if (call.inputs[0].length > 2) tags.push('a batch of matrices');
  return tags;
}
