// Random valid calls of scatterElements, for the suites that run every
// operation on random calls (tests/js/views.test.mjs: the call on strided
// views against the materialized inputs; x and updates take the dtype under
// test, the indices int32 values given here, in range). A typed operation:
// the demo's formulas do not cover it.

/** A call { op, inputs: [x, indices, updates shapes], values: [, indices], args: [options] }. */
export function randomCall({ int, pick, chance, dims }) {
  const x = dims(int(1, 3), 1);
  const axis = int(0, x.length - 1);
  const indices = x.map((d, k) => (k === axis ? int(1, 4) : int(1, d)));
  const count = indices.reduce((p, d) => p * d, 1);
  const d = x[axis];
  const values = Array.from({ length: count }, () => int(-d, d - 1));
  const options = {};
  if (axis !== 0 || chance(0.5)) options.axis = chance(0.4) ? axis - x.length : axis;
  if (chance(0.6)) options.reduction = pick(['none', 'add', 'mul', 'max', 'min']);
  return { op: 'scatterElements', inputs: [x, indices, indices], values: [undefined, values], args: [options] };
}

// The kinds of call its random calls must include.
export const variants = ['a reduction', 'a negative index', 'duplicate indices'];

export function tags(call) {
  const [options] = call.args;
  const values = call.values[1];
  const tags = [];
  if (options.reduction && options.reduction !== 'none') tags.push('a reduction');
  if (values.some((v) => v < 0)) tags.push('a negative index');
  if (new Set(values).size < values.length) tags.push('duplicate indices');
  return tags;
}
