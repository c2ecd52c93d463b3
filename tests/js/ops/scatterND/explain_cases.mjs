// Random valid calls of scatterND, for the suites that run every operation
// on random calls (tests/js/views.test.mjs: the call on strided views
// against the materialized inputs; x and updates take the dtype under
// test, the indices int32 tuples given here, in range). A typed operation:
// the demo's formulas do not cover it.

/** A call { op, inputs: [x, indices, updates shapes], values: [, indices], args: [options] }. */
export function randomCall({ int, pick, chance, dims }) {
  const x = dims(int(1, 3), 1);
  const k = int(1, x.length);
  const batch = dims(int(0, 2), 1, 3);
  const count = batch.reduce((p, d) => p * d, 1);
  const values = [];
  for (let n = 0; n < count; n++) for (let j = 0; j < k; j++) values.push(int(-x[j], x[j] - 1));
  const options = {};
  if (chance(0.6)) options.reduction = pick(['none', 'add', 'mul', 'max', 'min']);
  return { op: 'scatterND', inputs: [x, [...batch, k], [...batch, ...x.slice(k)]], values: [undefined, values], args: [options] };
}

// The kinds of call its random calls must include.
export const variants = ['a reduction', 'slices (tuples shorter than x\'s rank)', 'a batch of tuples'];

export function tags(call) {
  const [options] = call.args;
  const [x, indices] = call.inputs;
  const tags = [];
  if (options.reduction && options.reduction !== 'none') tags.push('a reduction');
  if (indices[indices.length - 1] < x.length) tags.push('slices (tuples shorter than x\'s rank)');
  if (indices.length > 2) tags.push('a batch of tuples');
  return tags;
}
