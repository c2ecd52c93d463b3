// Random valid calls of oneHot, for the suites that run every operation on
// random calls (tests/js/views.test.mjs: the call on strided views against
// the materialized input). oneHot is a typed operation (its kernel is the
// engine's oneHot fill), so the demo's "where did this element move from"
// formulas do not cover it. Its indices' dtypes are its samples' (the
// suites read them with inputDtypesOf, tests/js/table.mjs).

const OUTPUTS = ['float32', 'int8', 'uint8', 'bool', 'int16', 'uint16', 'float16', 'bfloat16', 'int32', 'uint32', 'int64',
  'uint64', 'float64'];

/** A call { op, inputs: [shape], args: [depth, options] } (helpers: random_kit.mjs). */
export function randomCall({ int, pick, chance, dims, negAxis }) {
  const x = dims(int(0, 3));
  // 256: every byte of int8 and uint8 indices is in range (random data rarely is otherwise).
  const depth = pick([1, 2, 3, 5, 8, 256]);
  const options = {};
  if (chance(0.7)) options.axis = negAxis(int(0, x.length), x.length + 1);
  if (chance(0.6)) options.dtype = pick(OUTPUTS);
  if (chance(0.4)) {
    const t = options.dtype ?? 'float32';
    options.values = t === 'bool' ? [false, true] : t.endsWith('int64') ? [3n, 2n ** 62n] : [3, 1];
  }
  return { op: 'oneHot', inputs: [x], args: [chance(0.2) ? BigInt(depth) : depth, options] };
}

// The kinds of call the random calls must include.
export const variants = ['axis', 'values', 'another dtype'];

export function tags(call) {
  const [, options] = call.args;
  const tags = [];
  if (options.axis !== undefined) tags.push('axis');
  if (options.values) tags.push('values');
  if (options.dtype) tags.push('another dtype');
  return tags;
}
