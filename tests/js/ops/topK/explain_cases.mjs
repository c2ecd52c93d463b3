// Random valid calls of topK for the view tests (tests/js/views.test.mjs:
// the call on strided views against the materialized input). topK is a
// typed operation (its kernel is the engine's partial selection), so the
// demo's "where did this element move from" formulas do not cover it.

/** A call { op, inputs: [shape], args: [k, options] } (helpers: ../_shared/random_kit.mjs). */
export const randomCall = ({ int, pick, chance, dims, negAxis }) => {
  const x = dims(int(1, 4));
  const axis = int(0, x.length - 1);
  const pickK = int(0, 3);
  const k = pickK === 0 ? 0 : pickK === 1 ? x[axis] : int(0, x[axis]);
  const options = {};
  if (axis !== x.length - 1 || chance(0.5)) options.axis = negAxis(axis, x.length);
  if (chance(0.5)) options.largest = chance(0.5);
  if (chance(0.5)) options.sorted = chance(0.5);
  if (chance(0.4)) options.dtype = pick(['int32', 'int64']);
  return { op: 'topK', inputs: [x], args: [chance(0.2) ? BigInt(k) : k, options] };
};

// The kinds of call the random calls must include.
export const variants = ['the smallest', 'unsorted', 'int64 indices', 'k = 0'];

export function tags(call) {
  const [k, options] = call.args;
  const tags = [];
  if (options.largest === false) tags.push('the smallest');
  if (options.sorted === false) tags.push('unsorted');
  if (options.dtype === 'int64') tags.push('int64 indices');
  if (Number(k) === 0) tags.push('k = 0');
  return tags;
}
